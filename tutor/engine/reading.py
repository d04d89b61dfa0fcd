"""Reading a phrase against a position: the move it means there, or the readings it leaves open.

``discard 3`` is discard pile 3, or the 3 on top of one of your discard piles;
``discard 8`` is the 8 on one of them; ``the 3 onto build 3`` is the 3 from
your hand, on your stock or on one of your discard piles. The position settles
most of these: a reading of an empty pile, or of a card the hand does not hold
or no pile shows (an unseen card shows none), is dropped while another reading
remains; when none remains the first stands, and its ruling says what is
wrong (when the readings go onto different piles, none stands: they are all
reported). What the position does not settle is never guessed: ``read_move``
raises ``AmbiguousMove`` with every reading and its ruling.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Callable, Optional

from ..i18n.tables import TextTable
from .cards import SKIP_BO, a_card, the_card
from .moves import PARTNER, Draw, Move, PileKind, Place, Transfer
from .notation import NotationError, Phrase, example_move, format_move, parse_phrase
from .rules import Ruling, UnknownPlayer, check_move, draw_reading
from .state import BUILD_SLOTS, DISCARD_PILES, GameState
from .words import ENGLISH

#: The sentences of an ambiguity report (``card``: the card with its article, in the language in use).
TEXTS = TextTable("reading", {
    "pile": "discard pile {pile} ({card}: {verdict})",
    "pile-unseen": "discard pile {pile} ({verdict})",
    "card": "{card} on discard pile {pile} ({verdict})",
    "hand": "{card} from your hand ({verdict})",
    "stock": "{card} on {whose} stock ({verdict})",
    "message": "{text} can mean {readings}: write {forms}",
    "or": " or ",
    "onto-build": "onto build pile {pile}: {verdict}",
    "onto-discard": "onto discard pile {pile}: {verdict}",
    "no-empty-build": "no build pile is empty: say which build pile, 1 to 4",
    "no-empty-discard": "none of your discard piles is empty: say which discard pile, 1 to 4",
    "legal": "legal",  # a reading's verdict, in brackets beside it
    "illegal": "illegal",
    "undecidable": "cannot be decided",
    "no-partner": "'partner' names nobody: partners play only in the team game",
    "no-pile-shows": "no build pile shows {card}: say which pile, 1 to 4",
})


NONE, UNSEEN, SHOWN = 0, 1, 2  # how well a position bears out a reading


class AmbiguousMove(ValueError):
    """A phrase with more than one reading in the position; carries the input and each reading's ruling."""

    def __init__(self, state: GameState, text: str, readings: list[tuple[Move, Ruling]], descriptions: list[str],
                 named: list[Move]):
        self.state = state  # the position the phrase was read in
        self.text = text
        self.readings = readings
        self.descriptions = descriptions
        self.named = named  # each reading as a move that names its card, to be typed instead
        self.forms = [format_move(move) for move in named]
        super().__init__(self.message)

    @property
    def message(self) -> str:
        return self.message_said(format_move)

    def message_said(self, say: Callable[[Move], str]) -> str:
        """The message, with the moves to type instead said by ``say`` (in the words of a language)."""
        return TEXTS.text("message", text=repr(self.text), readings=TEXTS.text("or").join(self.descriptions),
                          forms=TEXTS.text("or").join(repr(say(move)) for move in self.named))


def read_move(state: GameState, phrase: Phrase | str, language: str = ENGLISH) -> Move:
    """The one move ``phrase`` means in ``state``; raises ``AmbiguousMove`` when it means several.

    A phrase naming a build pile by its top card that no pile shows raises ``NotationError``; one naming the
    partner outside the team game raises ``UnknownPlayer``.
    """
    if isinstance(phrase, str):
        phrase = parse_phrase(phrase, language)
    moves, unplaced = [], []
    for reading in phrase.readings:  # a reading whose target the position lacks drops out while another stays
        try:
            moves += _targets(state, phrase.text, _partnered(state, _genitives(state, reading)), language)
        except NotationError as error:
            unplaced.append(error)
    if not moves:
        raise unplaced[0]
    candidates = [reading for move in moves for reading in _expanded(state, move)]
    strongest = max(support for _, support in candidates)
    live = _distinct([move for move, support in candidates if support == strongest > NONE])
    if not live:  # nothing bears a reading out: the first stands, unless the readings differ in their target
        live = _first_per_target([move for move, _ in candidates])
    if len(live) > 1:
        raise _ambiguity(state, phrase.text, live)
    return _spelled_as_seated(state, live[0])


def _genitives(state: GameState, move: Move) -> Move:
    """The move with a bare genitive read as its player: Swedish ``Annas stockhög`` is Anna's, unless a player is
    called Annas."""
    if not isinstance(move, Transfer):
        return move

    def owned(place: Place) -> Place:
        name = place.owner
        if name is None or name == PARTNER or state.seat_of(name) is not None or name[-1:] not in "s'":
            return place
        return place if state.seat_of(name[:-1]) is None else replace(place, owner=name[:-1])

    return replace(move, source=owned(move.source), target=owned(move.target))


def _partnered(state: GameState, move: Move) -> Move:
    """The move with "my partner" named: the mover's partner in the team game."""
    if not isinstance(move, Transfer) or PARTNER not in (move.source.owner, move.target.owner):
        return move
    partners = [seat for seat in state.team_of(state.turn) if seat != state.turn]
    if not partners:
        raise UnknownPlayer(TEXTS.text("no-partner"))
    name = state.players[partners[0]].name

    def named(place: Place) -> Place:
        return replace(place, owner=name) if place.owner == PARTNER else place

    return replace(move, source=named(move.source), target=named(move.target))


def _targets(state: GameState, text: str, move: Move, language: str) -> list[Move]:
    """The move for each build pile showing the card its target names (``my 4 on the 3``, ``the 8 on the
    skip-bo``), or for each pile of its kind the position shows empty (``the 12 on my empty pile``; ``language``:
    the one it was said in, for the example of an error)."""
    if not isinstance(move, Transfer) or move.target.number is not None:
        return [move]
    target = move.target
    if target.top is None:
        slots = _empty_piles(state, target)
        if not slots:
            raise NotationError(text, TEXTS.text(f"no-empty-{target.kind.value}"), "",
                                example_move(f"to-{target.kind.value}", language))
        return [replace(move, target=replace(target, number=slot)) for slot in slots]
    slots = [slot for slot in range(1, BUILD_SLOTS + 1) if _shows(state, slot, target.top)]
    if not slots:
        raise NotationError(text, TEXTS.text("no-pile-shows", card=a_card(target.top)), "",
                            example_move("to-build", language))
    return [replace(move, target=Place(PileKind.BUILD, slot)) for slot in slots]


def _shows(state: GameState, slot: int, card: int) -> bool:
    """True when build pile ``slot`` shows ``card``: its value, or a wild lying on top."""
    pile = state.build[slot - 1]
    return bool(pile) and (pile[-1] == SKIP_BO if card == SKIP_BO else state.build_value(slot - 1) == card)


def _empty_piles(state: GameState, target: Place) -> list[int]:
    """The numbers of the piles of ``target``'s kind (its owner's discard piles) that hold no card."""
    if target.kind is PileKind.BUILD:
        return [slot for slot in range(1, BUILD_SLOTS + 1) if not state.build[slot - 1]]
    player = _owner(state, target.owner)
    return [] if player is None else [n for n in range(1, DISCARD_PILES + 1) if not player.discards[n - 1]]


def _expanded(state: GameState, move: Move) -> list[tuple[Move, int]]:
    """The moves a reading stands for in ``state``, each with how well the position bears it out.

    ``SHOWN``: the cards in sight bear it out; ``UNSEEN``: only a card out of
    sight could (its ruling then says it cannot be decided); ``NONE``: nothing
    does. The readings the cards in sight bear out come first, so ``the 7``
    is the 7 in the hand even where the stock top is not given.
    """
    if isinstance(move, Draw):  # "draw 1" is the count whenever it can be one
        return [(draw_reading(state, move), SHOWN)]
    if not isinstance(move, Transfer):
        return [(move, SHOWN)]
    player = _owner(state, move.source.owner)
    if player is None:  # an unknown name bears out nothing: the ruling on the first reading reports it
        return [(move, NONE)]
    kind, card = move.source.kind, move.card
    if kind is PileKind.HAND:
        if move.source.owner is not None:  # "Ada's 5": a hand only when Ada is the player to move
            if _seat(state, move.source.owner) != state.turn:
                return [(move, NONE)]
            move = replace(move, source=Place(PileKind.HAND))
        return [(move, _support(card is not None and card in player.hand, None in player.hand))]
    if kind is PileKind.STOCK:
        unseen = bool(player.stock) and player.stock_top is None  # an empty stock shows nothing, unseen or not
        return [(move, _support(card is None or player.stock_top == card, unseen))]
    if kind is not PileKind.DISCARD:
        return [(move, SHOWN)]
    if move.source.number is not None:
        number = move.source.number
        return [(move, _support(1 <= number <= DISCARD_PILES and bool(player.discards[number - 1]), False))]
    if card is None:  # "from my discard pile": each pile with cards
        piles = [n for n in range(1, DISCARD_PILES + 1) if player.discards[n - 1]]
    else:
        piles = [n for n in range(1, DISCARD_PILES + 1) if player.discard_top(n - 1) == card]
    if not piles:
        return [(move if card is not None else replace(move, source=replace(move.source, number=1)), NONE)]
    return [(replace(move, source=replace(move.source, number=n)), SHOWN) for n in piles]


def _first_per_target(moves: list[Move]) -> list[Move]:
    """The first of ``moves`` onto each target, in their order."""
    firsts: dict[object, Move] = {}
    for move in moves:
        firsts.setdefault(move.target if isinstance(move, Transfer) else move, move)
    return list(firsts.values())


def _support(shown: bool, unseen: bool) -> int:
    return SHOWN if shown else UNSEEN if unseen else NONE


def _seat(state: GameState, name: Optional[str]) -> Optional[int]:
    return state.turn if name is None else state.seat_of(name)


def _owner(state: GameState, name: Optional[str]):
    seat = _seat(state, name)
    return None if seat is None else state.players[seat]


def _distinct(moves: list[Move]) -> list[Move]:
    """The moves without repeats; a pile with and without its top card named is one move."""
    seen: dict[object, Move] = {}
    for move in moves:
        key = (move.source, move.target) if isinstance(move, Transfer) else move
        seen.setdefault(key, move)
    return list(seen.values())


def _spelled_as_seated(state: GameState, move: Move) -> Move:
    """The move with its owners spelled as the table spells them (``anna`` -> ``Anna``)."""
    if not isinstance(move, Transfer):
        return move
    return replace(move, source=_place_spelled(state, move.source), target=_place_spelled(state, move.target))


def _place_spelled(state: GameState, place: Place) -> Place:
    seat = None if place.owner is None else state.seat_of(place.owner)
    return place if seat is None else replace(place, owner=state.players[seat].name)


def _ambiguity(state: GameState, text: str, moves: list[Move]) -> AmbiguousMove:
    readings, descriptions, forms = [], [], []
    targets = len({move.target for move in moves}) > 1
    for move in moves:
        ruling = check_move(state, move)
        readings.append((move, ruling))
        verdict = TEXTS.text(ruling.verdict.value) + (f", {ruling.rule}" if ruling.rule else "")
        if targets:
            verdict = TEXTS.text(f"onto-{move.target.kind.value}", pile=move.target.number, verdict=verdict)
        description, named = _described(state, move, verdict)
        descriptions.append(description)
        forms.append(named)
    return AmbiguousMove(state, text, readings, descriptions, forms)


def _described(state: GameState, move: Transfer, verdict: str) -> tuple[str, Transfer]:
    """One reading in the words of an ambiguity report, and the move naming the card it takes where it can."""
    kind = move.source.kind
    if kind is PileKind.HAND:
        return TEXTS.text("hand", card=the_card(move.card), verdict=verdict), move
    if kind is PileKind.STOCK:  # a stock reading in doubt always names its card ("the 5 onto build 1")
        whose = state.whose(_seat(state, move.source.owner))
        return TEXTS.text("stock", card=the_card(move.card), whose=whose, verdict=verdict), move
    pile = move.source.number
    top = _owner(state, move.source.owner).discard_top(pile - 1)
    if move.card is not None:
        return TEXTS.text("card", card=the_card(move.card), pile=pile, verdict=verdict), move
    if top is None:
        return TEXTS.text("pile-unseen", pile=pile, verdict=verdict), move
    return TEXTS.text("pile", pile=pile, card=the_card(top), verdict=verdict), replace(move, card=top)


def written(state: GameState, move: Move) -> str:
    """``move`` in the canonical form, as it reads back in ``state``: where the short form would be ambiguous or
    read as another pile, naming the top card, or saying ``pile`` for an empty one."""
    text = format_move(move)
    if not (isinstance(move, Transfer) and move.source.kind is PileKind.DISCARD and move.card is None):
        return text
    try:
        if read_move(state, text) == move:
            return text
    except AmbiguousMove:
        pass
    top = _owner(state, move.source.owner).discard_top(move.source.number - 1)
    return format_move(move, pile_said=True) if top is None else format_move(replace(move, card=top))
