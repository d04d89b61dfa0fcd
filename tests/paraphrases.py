"""Paraphrases of moves as players say them, written apart from the reader's word tables.

For a position and a move in it, ``phrasings`` gives many ways a player might
say that move in English, Swedish or Danish: verbs, word orders, ordinals,
possessives, dispute questions, tenses, fillers, card names and numbers as
words. The words here are this module's own (none is imported from the reader),
so the reader is tried on what players say, not on its own tables read back.

A phrasing says only what its words pin down: a card said with no pile is
generated only where the move's own pile shows that card (so the position
cannot prefer another pile), and a build pile named by its card only where it
shows that card. Each phrasing carries its class, the column of the phrasing
table in docs/check.md.
"""

from __future__ import annotations

import random
from typing import Callable, NamedTuple, Optional

from position_helpers import seat, table
from tutor.engine.moves import PileKind, Place, Transfer
from tutor.engine.state import GameState

SB = 0
OPPONENT = "Anna"


class Said(NamedTuple):
    kind: str  # the class of phrasing
    text: str


class Words(NamedTuple):
    """One language's words for saying a move, as a player at the table uses them."""

    cards: Callable[[int, random.Random], str]  # a card: "the 7", "sjuan", "the wild"
    numbers: dict[int, str]  # pile numbers as words
    ordinals: dict[int, str]
    hand: tuple[str, ...]  # "from my hand"
    stock: tuple[str, ...]  # "my stock" (as a source)
    discard: tuple[str, ...]  # "discard pile {n}"
    discard_ordinal: tuple[str, ...]  # "my {ord} discard pile"
    build: tuple[str, ...]  # "build pile {n}"
    build_ordinal: tuple[str, ...]  # "the {ord} build pile"
    joins: tuple[str, ...]
    froms: tuple[str, ...]
    lies_on: tuple[str, ...]  # "on" in "the 7 on my stock"
    verbs: tuple[str, ...]
    disputes: tuple[str, ...]
    third_person: tuple[str, ...]  # "he played {card} from his hand" ({card}, {from})
    discard_verbs: tuple[str, ...]  # "discard {card} on pile {n}"
    fillers: tuple[str, ...]
    owned_stock: str  # "{owner}'s stock"
    owned_discard: str  # "{owner}'s discard pile {n}"
    on_the: str  # "on the {card}": a build pile named by the card it shows
    mine_theirs: tuple[str, str]  # "my " and "his ": the mover's pile said in the third person


def _english_card(card: int, rng: random.Random) -> str:
    if card == SB:
        return rng.choice(("SB", "the skip-bo", "the wild", "my joker", "the Skip-Bo", "skip bo"))
    return rng.choice((f"the {card}", f"my {card}", str(card), "the " + _EN_NUMBERS[card], _EN_NUMBERS[card]))


def _swedish_card(card: int, rng: random.Random) -> str:
    if card == SB:
        return rng.choice(("SB", "skip-bo", "jokern", "skip-bo-kortet", "skippon"))
    return rng.choice((_SV_CARDS[card], f"{card}:an" if card not in (1, 2) else f"{card}:an", f"en {_SV_NOUNS[card]}",
                       f"min {_SV_NOUNS[card]}"))


def _danish_card(card: int, rng: random.Random) -> str:
    if card == SB:
        return rng.choice(("SB", "skip-bo", "jokeren", "skip-bo-kortet"))
    return rng.choice((_DA_CARDS[card], f"{card}'eren", f"en {_DA_NOUNS[card]}", f"min {_DA_NOUNS[card]}"))


_EN_NUMBERS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight", 9: "nine",
               10: "ten", 11: "eleven", 12: "twelve"}
_SV_NOUNS = {1: "etta", 2: "tvåa", 3: "trea", 4: "fyra", 5: "femma", 6: "sexa", 7: "sjua", 8: "åtta", 9: "nia",
             10: "tia", 11: "elva", 12: "tolva"}
_SV_CARDS = {value: noun + "n" for value, noun in _SV_NOUNS.items()}
_DA_NOUNS = {1: "ener", 2: "toer", 3: "treer", 4: "firer", 5: "femmer", 6: "sekser", 7: "syver", 8: "otter",
             9: "nier", 10: "tier", 11: "elver", 12: "tolver"}
_DA_CARDS = {value: noun + "en" for value, noun in _DA_NOUNS.items()}

WORDS = {
    "en": Words(
        cards=_english_card,
        numbers={1: "one", 2: "two", 3: "three", 4: "four"},
        ordinals={1: "first", 2: "second", 3: "third", 4: "fourth"},
        hand=("from my hand", "from the hand", "out of my hand"),
        stock=("my stock", "the stock", "my stock pile"),
        discard=("discard pile {n}", "my discard pile {n}", "discard {n}"),
        discard_ordinal=("my {ord} discard pile", "the {ord} discard pile"),
        build=("build pile {n}", "build {n}", "the build pile {n}", "build pile number {n}", "building pile {n}"),
        build_ordinal=("the {ord} build pile",),
        joins=("on", "onto", "to"),
        froms=("from",),
        lies_on=("on",),
        verbs=("", "play", "put", "I play", "I'll put", "I'm putting", "now I play", "let me put", "I'm gonna play",
               "I'll stick", "chuck", "I drop", "slap"),
        disputes=("is it legal to put", "am I allowed to play", "can I play", "is it ok if I put", "may I put",
                  "is it okay to play"),
        third_person=("he played {card} {from}", "she put {card} {from}", "he plays {card} {from}",
                      "she took {card} {from}"),
        discard_verbs=("discard {card} on pile {n}", "I discard {card} on my {ord} pile",
                       "discard {card} onto discard pile {n}", "I'm discarding {card} on pile {n}"),
        fillers=("please", "now", "just"),
        owned_stock="{owner}'s stock",
        owned_discard="{owner}'s discard pile {n}",
        on_the="the {card}",
        mine_theirs=("my ", "his "),
    ),
    "sv": Words(
        cards=_swedish_card,
        numbers={1: "ett", 2: "två", 3: "tre", 4: "fyra"},
        ordinals={1: "första", 2: "andra", 3: "tredje", 4: "fjärde"},
        hand=("från handen", "från min hand", "ur handen"),
        stock=("stockhögen", "min stockhög", "stocken"),
        discard=("avläggshög {n}", "min avläggshög {n}", "slänghög {n}"),
        discard_ordinal=("min {ord} avläggshög", "den {ord} avläggshögen"),
        build=("byggstapel {n}", "bygghög {n}", "stapel {n}", "byggstapel nummer {n}", "uppbyggnadshög {n}"),
        build_ordinal=("den {ord} byggstapeln",),
        joins=("på", "till"),
        froms=("från",),
        lies_on=("på",),
        verbs=("", "lägg", "jag lägger", "spela", "nu lägger jag", "jag spelar", "flytta", "lägg ner", "jag släpper"),
        disputes=("får jag lägga", "är det tillåtet att lägga", "kan jag lägga", "är det ok att spela"),
        third_person=("han lade {card} {from}", "hon spelade {card} {from}", "han lägger {card} {from}"),
        discard_verbs=("släng {card} på hög {n}", "jag kastar {card} på min {ord} hög",
                       "släng {card} på avläggshög {n}"),
        fillers=("nu", "sen"),
        owned_stock="{owner}s stockhög",
        owned_discard="{owner}s avläggshög {n}",
        on_the="{card}",
        mine_theirs=("min ", "sin "),
    ),
    "da": Words(
        cards=_danish_card,
        numbers={1: "én", 2: "to", 3: "tre", 4: "fire"},
        ordinals={1: "første", 2: "anden", 3: "tredje", 4: "fjerde"},
        hand=("fra hånden", "fra min hånd"),
        stock=("stakbunken", "min stakbunke"),
        discard=("afkastbunke {n}", "min afkastbunke {n}"),
        discard_ordinal=("min {ord} afkastbunke", "den {ord} afkastbunke"),
        build=("byggebunke {n}", "byggebunken {n}", "byggebunke nummer {n}", "opbygningsbunke {n}"),
        build_ordinal=("den {ord} byggebunke",),
        joins=("på", "til"),
        froms=("fra",),
        lies_on=("på",),
        verbs=("", "læg", "jeg lægger", "spil", "nu lægger jeg", "jeg spiller", "læg ned", "jeg flytter"),
        disputes=("må jeg lægge", "er det lovligt at lægge", "kan jeg lægge", "er det tilladt at spille"),
        third_person=("han lagde {card} {from}", "hun spillede {card} {from}", "han lægger {card} {from}"),
        discard_verbs=("smid {card} på bunke {n}", "jeg smider {card} på min {ord} bunke",
                       "smid {card} på afkastbunke {n}"),
        fillers=("nu", "så"),
        owned_stock="{owner}s stakbunke",
        owned_discard="{owner}s afkastbunke {n}",
        on_the="{card}",
        mine_theirs=("min ", "sin "),
    ),
}
LANGUAGES = tuple(WORDS)


# -- positions and their moves ------------------------------------------------


def random_position(rng: random.Random) -> GameState:
    """You against Anna, mid-turn: random build piles, stock tops, hands and discard piles."""

    def card() -> object:
        return rng.choice((*range(1, 13), "SB"))

    def discards() -> list[tuple]:
        return [tuple(rng.randint(1, 12) for _ in range(rng.choice((0, 0, 1, 2)))) for _ in range(4)]

    build = [rng.choice((None, None, *range(1, 12), "SB=4", "SB=7")) for _ in range(4)]
    you = seat(stock=card(), hand=tuple(card() for _ in range(rng.randint(1, 5))), discards=discards())
    anna = seat(OPPONENT, stock=card(), hand=5, discards=discards())
    return table(you, anna, build=build)


def top_of(state: GameState, place: Place) -> Optional[int]:
    """The card a pile shows (None: none)."""
    player = state.players[0 if place.owner is None else state.seat_of(place.owner)]
    if place.kind is PileKind.STOCK:
        return player.stock_top
    if place.kind is PileKind.DISCARD:
        return player.discard_top(place.number - 1)
    return None


def moves_in(state: GameState) -> list[Transfer]:
    """Moves to say in ``state``, legal and not: every play onto a build pile, every discard, and plays from the
    opponent's piles, from a card the hand does not hold, and from empty piles."""
    me = state.players[0]
    moves = []
    for slot in range(1, 5):
        build = Place(PileKind.BUILD, slot)
        if me.stock_top is not None:
            moves.append(Transfer(Place(PileKind.STOCK), build, me.stock_top))
        moves += [Transfer(Place(PileKind.HAND), build, card) for card in sorted(set(me.hand))]
        moves += [Transfer(Place(PileKind.DISCARD, pile), build, me.discard_top(pile - 1))
                  for pile in range(1, 5) if me.discards[pile - 1]]
        opponent = state.players[1]
        moves.append(Transfer(Place(PileKind.STOCK, None, OPPONENT), build, opponent.stock_top))
        missing = next(card for card in range(12, 0, -1) if card not in me.hand)
        moves.append(Transfer(Place(PileKind.HAND), build, missing))
    for pile in range(1, 5):
        moves += [Transfer(Place(PileKind.HAND), Place(PileKind.DISCARD, pile), card) for card in sorted(set(me.hand))]
    return moves


# -- phrasings ----------------------------------------------------------------


def shows(state: GameState, move: Transfer) -> bool:
    """True when the move's own pile shows its card: the hand holds it, the stock or discard pile shows it."""
    if move.source.kind is PileKind.HAND:
        return move.card in state.players[0].hand
    return top_of(state, move.source) == move.card


def phrasings(state: GameState, move: Transfer, language: str, rng: random.Random, count: int) -> list[Said]:
    """``count`` phrasings of ``move`` in ``language``, of the classes that can say it in ``state``."""
    makers = [maker for maker in _MAKERS if maker.can(state, move)]
    said = []
    for _ in range(count):
        maker = rng.choice(makers)
        said.append(Said(maker.kind, " ".join(maker.say(state, move, WORDS[language], rng).split())))
    return said


class _Maker(NamedTuple):
    kind: str
    can: Callable[[GameState, Transfer], bool]
    say: Callable[[GameState, Transfer, Words, random.Random], str]


def _mine(move: Transfer) -> bool:
    return move.source.owner is None


def _source(move: Transfer, words: Words, rng: random.Random, *, card: bool = True) -> str:
    """Where the card comes from, with the card said first where it is named: ``the 7 from my hand``."""
    said = words.cards(move.card, rng) if card and move.card is not None else ""
    if move.source.kind is PileKind.HAND:
        return f"{said} {rng.choice(words.hand)}"
    if move.source.kind is PileKind.STOCK:
        return f"{said} {rng.choice(words.froms)} {rng.choice(words.stock)}" if said else rng.choice(words.stock)
    pile = _discard_words(move.source.number, words, rng)
    return f"{said} {rng.choice(words.froms)} {pile}" if said else pile


def _discard_words(number: int, words: Words, rng: random.Random) -> str:
    if rng.random() < 0.3:
        return rng.choice(words.discard_ordinal).format(ord=words.ordinals[number])
    return rng.choice(words.discard).format(n=number if rng.random() < 0.7 else words.numbers[number])


def _target(move: Transfer, words: Words, rng: random.Random) -> str:
    number = move.target.number
    if move.target.kind is PileKind.DISCARD:
        return _discard_words(number, words, rng)
    if rng.random() < 0.25:
        return rng.choice(words.build_ordinal).format(ord=words.ordinals[number])
    return rng.choice(words.build).format(n=number if rng.random() < 0.7 else words.numbers[number])


def _canonical(state, move, words, rng):
    kind = move.source.kind
    source = {PileKind.HAND: f"hand {_label(move.card)}", PileKind.STOCK: "stock"}.get(
        kind, f"discard {move.source.number} {_label(move.card)}" if kind is PileKind.DISCARD else "")
    target = f"{move.target.kind.value} {move.target.number}"
    if rng.random() < 0.5 and kind is not PileKind.DISCARD:
        letters = {PileKind.HAND: f"h{_label(move.card)}", PileKind.STOCK: "s"}[kind]
        return f"{letters}>{move.target.kind.value[0]}{move.target.number}"
    return f"{source} to {target}"


def _label(card: int) -> str:
    return "SB" if card == SB else str(card)


def _card_and_pile(state, move, words, rng):
    return f"{rng.choice(words.verbs)} {_source(move, words, rng)} {rng.choice(words.joins)} {_target(move, words, rng)}"


def _card_where_it_lies(state, move, words, rng):
    pile = (rng.choice(words.stock) if move.source.kind is PileKind.STOCK
            else _discard_words(move.source.number, words, rng))
    return (f"{rng.choice(words.verbs)} {words.cards(move.card, rng)} {rng.choice(words.lies_on)} {pile} "
            f"{rng.choice(words.joins)} {_target(move, words, rng)}")


def _card_alone(state, move, words, rng):
    return f"{rng.choice(words.verbs)} {words.cards(move.card, rng)} {rng.choice(words.joins)} {_target(move, words, rng)}"


def _by_its_card(state, move, words, rng):
    shown = state.build_value(move.target.number - 1)
    return (f"{rng.choice(words.verbs)} {_source(move, words, rng)} {rng.choice(words.joins)} "
            f"{words.on_the.format(card=words.cards(shown, rng))}")


def _target_first(state, move, words, rng):
    return f"{rng.choice(words.joins)} {_target(move, words, rng)}, {_source(move, words, rng)}"


def _source_after_target(state, move, words, rng):
    return (f"{rng.choice(words.verbs)} {words.cards(move.card, rng)} {rng.choice(words.joins)} "
            f"{_target(move, words, rng)} {_source(move, words, rng, card=False).strip()}"
            if move.source.kind is PileKind.HAND else
            f"{rng.choice(words.verbs)} {words.cards(move.card, rng)} {rng.choice(words.joins)} "
            f"{_target(move, words, rng)} {rng.choice(words.froms)} {_source(move, words, rng, card=False)}")


def _dispute(state, move, words, rng):
    return (f"{rng.choice(words.disputes)} {_source(move, words, rng)} {rng.choice(words.joins)} "
            f"{_target(move, words, rng)}?")


def _third_person(state, move, words, rng):
    source = _source(move, words, rng, card=False).replace(*words.mine_theirs)
    said = rng.choice(words.third_person).format(card=words.cards(move.card, rng), **{"from": source})
    return f"{said} {rng.choice(words.joins)} {_target(move, words, rng)}"


def _discard_verb(state, move, words, rng):
    number = move.target.number
    return rng.choice(words.discard_verbs).format(card=words.cards(move.card, rng), n=number,
                                                  ord=words.ordinals[number])


def _fillers(state, move, words, rng):
    return (f"{rng.choice(words.fillers)} {rng.choice(words.verbs)} {_source(move, words, rng)} "
            f"{rng.choice(words.joins)} {_target(move, words, rng)} {rng.choice(words.fillers)}")


def _owner(state, move, words, rng):
    if move.source.kind is PileKind.STOCK:
        source = words.owned_stock.format(owner=move.source.owner)
    else:
        source = words.owned_discard.format(owner=move.source.owner, n=move.source.number)
    return f"{source} {rng.choice(words.joins)} {_target(move, words, rng)}"


def _to_build(move: Transfer) -> bool:
    return move.target.kind is PileKind.BUILD


_MAKERS = (
    _Maker("canonical", lambda state, move: _mine(move), _canonical),
    _Maker("card and pile", lambda state, move: _mine(move), _card_and_pile),
    _Maker("card where it lies", lambda state, move: _mine(move) and move.source.kind in (
        PileKind.STOCK, PileKind.DISCARD) and _to_build(move), _card_where_it_lies),
    _Maker("card alone", lambda state, move: _mine(move) and shows(state, move), _card_alone),
    _Maker("build pile by its card", lambda state, move: _mine(move) and _to_build(move) and (
        state.build[move.target.number - 1] and state.build[move.target.number - 1][-1] != SB), _by_its_card),
    _Maker("target first", lambda state, move: _mine(move), _target_first),
    _Maker("source after target", lambda state, move: _mine(move) and _to_build(move), _source_after_target),
    _Maker("dispute question", lambda state, move: _mine(move), _dispute),
    _Maker("third person, past", lambda state, move: _mine(move) and move.source.kind is PileKind.HAND,
           _third_person),
    _Maker("discard verb", lambda state, move: _mine(move) and not _to_build(move), _discard_verb),
    _Maker("fillers", lambda state, move: _mine(move), _fillers),
    _Maker("owner", lambda state, move: not _mine(move), _owner),
)
KINDS = tuple(maker.kind for maker in _MAKERS)
