"""Ruling on a move: legal, illegal (with the rule broken), or undecidable.

The checks run in layers: the state of the round and turn, then the source
(does the card exist, may this player take it), then the target (does the
pile accept it). Every refusal carries a rule id from ``RULES`` and a reason
in plain words that names the cards and piles involved.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from enum import StrEnum
from typing import NamedTuple, Optional

from ..i18n import _, ngettext
from ..i18n.grammar import capitalized, genitive
from ..i18n.tables import TextTable
from .cards import DECK_COUNTS, SKIP_BO, Card, MaybeCard, a_card, card_label, goes_on, many_of, n_cards, the_card
from .moves import Draw, EndTurn, Move, PileKind, Transfer
from .notation import format_move
from .state import BUILD_SLOTS, DISCARD_PILES, HAND_SIZE, GameState, Phase

RULES: dict[str, str] = {
    "source.stock-top": "only the face-up top card of a stock can be played",
    "source.discard-top": "only the top card of a discard pile can be played",
    "source.hand": "the card named is not in the hand",
    "source.empty": "the pile named is empty",
    "source.not-yours": "you may not play from another player's piles (a partner's are allowed in the team game)",
    "source.build-pile": "a card on a build pile never leaves it",
    "build.sequence": "a card must be exactly one higher than the build pile's top (SB is any number)",
    "build.start": "a new build pile starts with a 1 or an SB",
    "build.four-piles": "at most four build piles",
    "discard.from-hand": "only a hand card can be discarded; nothing moves between discard piles",
    "discard.own-piles": "you discard only onto your own discard piles",
    "discard.four-piles": "at most four discard piles each",
    "turn.draw-first": "at the start of a turn, draw up to five before playing",
    "turn.draw-when-empty": "during the turn you draw only when your hand is empty, five cards at most",
    "turn.discard-to-end": "a turn holding hand cards ends only with a discard",
    "turn.over": "the discard ended the turn",
    "round.over": "the round is over: a stock was emptied, or a stalemate ended it",
}


class Verdict(StrEnum):
    LEGAL = "legal"
    ILLEGAL = "illegal"
    UNDECIDABLE = "undecidable"  # it turns on a card the position does not show


class Ruling(NamedTuple):
    """The verdict on one move, the rule it broke (if any) and why, in words."""

    verdict: Verdict
    reason: str
    rule: Optional[str] = None

    @property
    def legal(self) -> bool:
        return self.verdict is Verdict.LEGAL


def _legal(reason: str) -> Ruling:
    return Ruling(Verdict.LEGAL, reason)


def _illegal(rule: str, reason: str) -> Ruling:
    return Ruling(Verdict.ILLEGAL, reason, rule)


def _undecidable(reason: str) -> Ruling:
    return Ruling(Verdict.UNDECIDABLE, reason)


class Source(NamedTuple):
    """Where a played card comes from, resolved against a state."""

    seat: int
    kind: PileKind
    pile: Optional[int]  # 0-based discard pile
    card: MaybeCard  # the card taken; None while unknown

    def describe(self, state: GameState, card: MaybeCard = None) -> str:
        """``the 7 on your stock``, ``the SB from your hand``, ``the 4 on Anna's discard pile 2``."""
        shown = the_card(self.card if card is None else card)
        whose = state.whose(self.seat)
        if self.kind is PileKind.HAND:
            return _("{card} from {whose} hand").format(card=shown, whose=whose)
        if self.kind is PileKind.STOCK:
            return _("{card} on {whose} stock").format(card=shown, whose=whose)
        return _("{card} on {whose} discard pile {pile}").format(card=shown, whose=whose, pile=self.pile + 1)


class UnknownPlayer(LookupError):
    """A move names a player who is not at the table."""


def check_move(state: GameState, move: Move) -> Ruling:
    """Rule on ``move`` for the player whose turn it is."""
    if state.phase is Phase.OVER:
        return _illegal("round.over", _round_over_reason(state))
    if state.phase is Phase.ENDED:
        return _illegal("turn.over", _("Your turn already ended; no more moves until the next turn."))
    if isinstance(move, Draw):
        return _check_draw(state, move)
    if isinstance(move, EndTurn):
        return _check_end(state)
    return _check_transfer(state, move)


def needs_draw(state: GameState) -> bool:
    """True while a draw must come before anything else: the turn's first draw, or the refill of an empty hand."""
    return can_draw(state) and (
        (state.phase is Phase.START and len(state.mover.hand) < HAND_SIZE) or awaits_refill(state))


def cards_left(state: GameState) -> int:
    """The cards left to draw: the draw pile, and the completed piles to shuffle into a new one."""
    return len(state.draw_pile) + len(state.completed)


def can_draw(state: GameState) -> bool:
    """True while cards are left to draw."""
    return cards_left(state) > 0


def awaits_refill(state: GameState) -> bool:
    """True when the hand is empty during play and five new cards are still to come."""
    return state.phase is Phase.PLAY and not state.mover.hand and can_draw(state)


def _round_over_reason(state: GameState) -> str:
    names = [state.players[s].name for s in state.winners or ()]
    if names and all(not state.players[s].stock for s in state.winners):
        if len(names) == 1:
            return _("The round is over: {name} emptied the stock, so nobody plays on.").format(name=names[0])
        return _("The round is over: {names} emptied their stocks, so nobody plays on.").format(names=and_list(names))
    if names:
        return _("The round is over: it ended in a stalemate, won by {names} with the fewest stock cards.").format(
            names=and_list(names))
    return _("The round is over: it ended in a stalemate, so nobody plays on.")


def and_list(words: list[str]) -> str:
    """``Anna``, ``Anna and Bo``, ``Anna, Bo and Cleo``."""
    if len(words) < 2:
        return "".join(words)
    return _("{some} and {last}").format(some=", ".join(words[:-1]), last=words[-1])


# -- draw and end ---------------------------------------------------------------


def cards_wanted(state: GameState) -> Optional[int]:
    """How many cards a draw asks for while it is still to come (the turn's first, or for an emptied hand)."""
    hand = state.mover.hand
    if state.phase is Phase.START or (not hand and can_draw(state)):
        return max(0, HAND_SIZE - len(hand))
    return None


def _check_draw(state: GameState, move: Draw) -> Ruling:
    hand = state.mover.hand
    wanted = cards_wanted(state)
    move = draw_reading(state, move)
    if wanted is not None:
        drawn = min(wanted, cards_left(state))
        if move.says is not None and move.says != drawn:  # at the turn's start the opening draw, else the refill
            rule = "turn.draw-first" if state.phase is Phase.START else "turn.draw-when-empty"
            return _illegal(rule, _draw_count_reason(len(hand), drawn, drawn == wanted, move.says))
        if not wanted:
            reason = _("Your hand already holds five, so you draw nothing.")
        elif not drawn:
            reason = (_("Your hand holds {held} and nothing is left to draw.").format(held=len(hand)) if hand
                      else _("Your hand is empty and nothing is left to draw."))
        elif drawn == wanted:
            reason = _("You draw {cards} to hold five.").format(cards=n_cards(drawn))
        else:
            reason = _("You draw {cards} (all that is left).").format(cards=n_cards(drawn))
        return _named_cards_fit(state, move.cards, drawn, upcoming=True) or _legal(reason)
    just = n_cards(state.drawn)
    if state.drawn and move.count == state.drawn:
        return _legal(_("The draw took {cards}, as you say.").format(cards=just))
    if state.drawn and len(move.cards) == state.drawn:
        return _named_cards_fit(state, move.cards, state.drawn, upcoming=False) or _legal(
            ngettext("This is the card just drawn.", "These are the {cards} just drawn.", state.drawn).format(
                cards=just))
    if state.drawn and move.says is None and state.played_this_turn:  # "I played my last card, then I draw"
        return _legal(_("The play that emptied your hand drew {cards} at once: this draw is that refill, said "
                        "aloud, and nothing more is drawn.").format(cards=just))
    if state.drawn and move.says is None:
        return _illegal("turn.draw-when-empty",
                        _("You have just drawn {cards}: another draw now is not allowed. "
                          "To say which cards came, name them, as in 'draw 3 7 SB 9 1'.").format(cards=just))
    if state.drawn:
        return _illegal("turn.draw-when-empty",
                        _("The draw took {cards}, not {said}: name exactly those.").format(cards=just, said=move.says))
    if not hand:
        return _illegal("turn.draw-when-empty", _("Your hand is empty and nothing is left to draw, so there is no "
                                                  "draw now: end the turn with 'end'."))
    return _illegal("turn.draw-when-empty",
                    _("You still hold {cards}: during the turn you draw only when a play empties your hand, "
                      "and then five come at once.").format(cards=n_cards(len(hand))))


def _draw_count_reason(held: int, drawn: int, to_five: bool, said: int) -> str:
    """Why a draw of ``said`` cards is wrong when ``drawn`` come (``to_five``: enough to hold five)."""
    if held and to_five:
        text = _("Your hand holds {held}, so you draw {drawn} to hold five, not {said}.")
    elif held:
        text = _("Your hand holds {held}, so you draw {drawn} (all that is left), not {said}.")
    elif to_five:
        text = _("Your hand is empty, so you draw {drawn} to hold five, not {said}.")
    else:
        text = _("Your hand is empty, so you draw {drawn} (all that is left), not {said}.")
    return text.format(held=held, drawn=drawn, said=said)


def draw_reading(state: GameState, move: Draw) -> Draw:
    """``draw 5`` read as it is meant: a count whenever it can be one; a number that cannot be the count (the
    draw takes one card) names that card."""
    if move.count is not None or len(move.cards) != 1 or not 1 <= move.cards[0] <= HAND_SIZE:
        return move
    wanted = cards_wanted(state)
    takes = state.drawn if wanted is None else min(wanted, cards_left(state))
    return move if takes == 1 and move.cards[0] != 1 else Draw(count=move.cards[0])


def _named_cards_fit(state: GameState, named: tuple[Card, ...], drawn: int, *, upcoming: bool) -> Optional[Ruling]:
    """None when the named cards can be the cards drawn (``upcoming``: about to be); else why they cannot."""
    if not named:
        return None
    if upcoming:
        # the draw has not happened yet: its cards come off the top of the draw pile
        coming = _next_draws(state, drawn)
    else:
        coming = state.mover.hand[-drawn:]
    fixed = Counter(card for card in coming if card is not None)
    missing = fixed - Counter(named)
    if missing:
        shown = ", ".join(card_label(c) for c in sorted(missing.elements()))
        return _undecidable(_("The position fixes the cards drawn, and they include {cards}, which the draw does "
                              "not name.").format(cards=shown))
    extra = Counter(named) - fixed
    return _beyond_deck(state, extra)


def _next_draws(state: GameState, count: int) -> tuple[MaybeCard, ...]:
    taken = tuple(reversed(state.draw_pile[-count:])) if count else ()
    return taken + (None,) * (count - len(taken))


def _beyond_deck(state: GameState, extra: Counter) -> Optional[Ruling]:
    """A ruling when revealing ``extra`` cards would show more copies than the deck has."""
    if not extra:
        return None
    seen = Counter(card for card in state.all_cards() if card is not None)
    for card, n in sorted(extra.items()):
        if seen[card] + n > DECK_COUNTS[card]:
            return _undecidable(_("That would make {cards} on the table; the deck has {most}.").format(
                cards=many_of(card, seen[card] + n), most=DECK_COUNTS[card]))
    return None


def _check_end(state: GameState) -> Ruling:
    if awaits_refill(state):
        return _illegal("turn.draw-when-empty", _refill_first())
    if needs_draw(state):
        return _illegal("turn.draw-first", _("Your turn starts with drawing up to five cards."))
    hand = state.mover.hand
    if hand:
        return _illegal("turn.discard-to-end",
                        ngettext("You still hold {cards}: end the turn by putting it on one of your discard piles.",
                                 "You still hold {cards}: end the turn by putting one of them on one of your "
                                 "discard piles.", len(hand)).format(cards=n_cards(len(hand))))
    return _legal(_("Your hand is empty, so the turn ends without a discard."))


def _refill_first() -> str:
    return _("Your hand is empty and cards are left to draw, so five new cards come at once: draw them, then play on.")


# -- transfers ------------------------------------------------------------------


def _check_transfer(state: GameState, move: Transfer) -> Ruling:
    if move.source.kind is PileKind.BUILD:
        return _illegal("source.build-pile",
                        _("Cards on build pile {pile} stay there until the pile is completed.").format(
                            pile=move.source.number))
    if awaits_refill(state):
        return _illegal("turn.draw-when-empty", _refill_first())
    if needs_draw(state):
        return _illegal("turn.draw-first", _("Your turn starts with drawing up to five cards; play after the draw."))
    if move.is_discard:
        return _check_discard(state, move)
    return _check_build_play(state, move)


def _check_discard(state: GameState, move: Transfer) -> Ruling:
    if move.source.kind is not PileKind.HAND:
        found = resolve_source(state, move)
        named = (capitalized(_("{what} cannot be discarded.").format(what=found.describe(state))) + " "
                 if isinstance(found, Source) and found.card is not None else "")
        return _illegal("discard.from-hand", named + (
                        _("Only a hand card can be discarded: stock cards move only onto build piles.")
                        if move.source.kind is PileKind.STOCK else
                        _("Only a hand card can be discarded: discard-pile cards move only onto build piles.")))
    if move.target.owner is not None:
        seat = _seat_named(state, move.target.owner)
        if seat != state.turn:
            return _illegal("discard.own-piles",
                            _("You discard only onto your own piles, not onto {owner}.").format(
                                owner=genitive(state.players[seat].name)))
    pile = move.target.number
    if not 1 <= pile <= DISCARD_PILES:
        return _no_discard_pile(pile)
    found = _hand_source(state, move.card)
    if isinstance(found, Ruling):
        return found
    below = state.mover.discard_top(pile - 1)
    if below is None:
        return _legal(_("You discard {card} onto your discard pile {pile}; your turn ends.").format(
            card=the_card(move.card), pile=pile))
    return _legal(_("You discard {card} onto your discard pile {pile}, over {below}; your turn ends.").format(
        card=the_card(move.card), pile=pile, below=the_card(below)))


#: A play onto a build pile that names its card, as a reader of the language in use types it (label: ``5``, a
#: number card; pile: the discard pile it comes from; slot: the build pile). Swedish "5:an", Danish "5'eren".
NAMING_CARD = TextTable("naming-card", {
    "stock": "stock {label} to build {slot}",
    "hand": "hand {label} to build {slot}",
    "discard": "discard {pile} {label} to build {slot}",
})


def _naming_card(move: Transfer) -> str:
    """``move``, which names its card, as the example of a message asking for the card: in the words of the
    language in use for the mover's own piles, in the canonical form (read in every language) for another's."""
    if move.source.owner is not None or move.source.kind.value not in NAMING_CARD:
        return format_move(move)
    return NAMING_CARD.text(move.source.kind.value, label=card_label(move.card), pile=move.source.number,
                            slot=move.target.number)


def _check_build_play(state: GameState, move: Transfer) -> Ruling:
    slot = move.target.number
    if not 1 <= slot <= BUILD_SLOTS:
        return _illegal("build.four-piles", _("There is no build pile {pile}: at most four, 1 to 4.").format(pile=slot))
    found = resolve_source(state, move)
    if isinstance(found, Ruling):
        return found
    card = found.card if found.card is not None else move.card
    value = state.build_value(slot - 1)
    if card is None:
        example = _naming_card(replace(move, card=value + 1))
        return _undecidable(_("The position does not show {what}; name it, as in '{example}'.").format(
            what=found.describe(state), example=example))
    what = found.describe(state, card)
    if move.value is not None and move.value != (card if card != SKIP_BO else value + 1):
        return _illegal("build.sequence", _wrong_value(what, card, move.value, slot, value))
    if value == 0:
        if not goes_on(card, value):
            return _illegal("build.start", _("Build pile {pile} is empty, and a new pile starts with a 1 or an SB, "
                                             "not {what}.").format(pile=slot, what=what))
        if card == 1:
            return _legal(capitalized(_("{what} starts build pile {pile}.").format(what=what, pile=slot)))
        return _legal(capitalized(_("{what} starts build pile {pile} as a 1.").format(what=what, pile=slot)))
    if not goes_on(card, value):
        return _illegal("build.sequence",
                        capitalized(_("{what} cannot go on build pile {pile}, which shows {top}: build piles rise "
                                      "by one, so it takes {next} or an SB.").format(
                            what=what, pile=slot, top=a_card(value), next=a_card(value + 1))))
    if card == SKIP_BO:
        return _legal(capitalized(_("{what} goes on build pile {pile} as {value}, which showed {top}.").format(
            what=what, pile=slot, value=a_card(value + 1), top=a_card(value))))
    return _legal(capitalized(_("{what} goes on build pile {pile}, which showed {top}.").format(
        what=what, pile=slot, top=a_card(value))))


def _wrong_value(what: str, card: Card, said: Card, slot: int, value: int) -> str:
    """Why a card cannot be played as the value said for it."""
    if card != SKIP_BO:
        return capitalized(_("{what} is not a wild: it is played as itself, never as {said}.").format(
            what=what, said=a_card(said)))
    if value:
        text = _("{what} would stand for {said}, but build pile {pile} shows {top}, so a wild played there stands "
                 "for {meant}.")
    else:
        text = _("{what} would stand for {said}, but build pile {pile} is empty, so a wild played there stands "
                 "for {meant}.")
    return capitalized(text.format(what=what, said=a_card(said), pile=slot, top=a_card(value),
                                   meant=a_card(value + 1)))


def resolve_source(state: GameState, move: Transfer) -> Source | Ruling:
    """Find the card a build play takes, or the ruling that refuses it."""
    place = move.source
    seat = state.turn if place.owner is None else _seat_named(state, place.owner)
    if seat not in state.team_of(state.turn):
        owner = genitive(state.players[seat].name)
        return _illegal("source.not-yours",
                        _("You may not play from {owner} piles (only a partner's piles are shared in the team "
                          "game).").format(owner=owner) if state.teams else
                        _("You may not play from {owner} piles.").format(owner=owner))
    player = state.players[seat]
    whose = state.whose(seat)
    if place.kind is PileKind.HAND:
        return _hand_source(state, move.card)
    if place.kind is PileKind.STOCK:
        if not player.stock:
            return _illegal("source.empty", capitalized(_("{whose} stock is empty.").format(whose=whose)))
        top = player.stock_top
        if top is None:
            return _unknown_top(state, seat, move.card)
        if move.card is not None and move.card != top:
            return _illegal("source.stock-top", capitalized(
                _("{whose} stock shows {top}, not {card}: only the face-up top card of a stock can be played.").format(
                    whose=whose, top=a_card(top), card=a_card(move.card))))
        return Source(seat, PileKind.STOCK, None, top)
    pile = place.number
    if pile is None:  # "discard 8": the 8 on one of the piles
        showing = [n for n in range(1, DISCARD_PILES + 1) if player.discard_top(n - 1) == move.card]
        if not showing:
            return _not_on_top(player.discards, state.whose(seat, many=True), move.card)
        pile = showing[0]
    if not 1 <= pile <= DISCARD_PILES:
        return _no_discard_pile(pile)
    cards = player.discards[pile - 1]
    if not cards:
        return _illegal("source.empty",
                        capitalized(_("{whose} discard pile {pile} is empty.").format(whose=whose, pile=pile)))
    top = cards[-1]
    if move.card is not None and move.card != top:
        if move.card in cards:
            text = _("{whose} discard pile {pile} shows {top}; {card} lies under other cards. Only the top card of a "
                     "discard pile can be played.")
        else:
            text = _("{whose} discard pile {pile} shows {top}; {card} is not in it. Only the top card of a discard "
                     "pile can be played.")
        return _illegal("source.discard-top", capitalized(text.format(
            whose=whose, pile=pile, top=a_card(top), card=the_card(move.card))))
    return Source(seat, PileKind.DISCARD, pile - 1, top)


def _not_on_top(piles: tuple[tuple[MaybeCard, ...], ...], whose: str, card: Card) -> Ruling:
    buried = [n for n, cards in enumerate(piles, start=1) if card in cards]
    if buried:
        text = _("None of {whose} discard piles shows {card} on top: {the_card} lies under other cards on discard "
                 "pile {pile}. Only the top card of a discard pile can be played.")
    else:
        text = _("None of {whose} discard piles shows {card} on top. Only the top card of a discard pile can be "
                 "played.")
    return _illegal("source.discard-top", text.format(
        whose=whose, card=a_card(card), the_card=the_card(card), pile=buried[0] if buried else None))


def _no_discard_pile(pile: int) -> Ruling:
    return _illegal("discard.four-piles", _("There is no discard pile {pile}: each player has four, 1 to 4.").format(
        pile=pile))


def _unknown_top(state: GameState, seat: int, card: Optional[Card]) -> Source | Ruling:
    if card is None:
        return Source(seat, PileKind.STOCK, None, None)
    return _beyond_deck(state, Counter([card])) or Source(seat, PileKind.STOCK, None, None)


def _hand_source(state: GameState, card: Card) -> Source | Ruling:
    hand = state.mover.hand
    if card in hand:
        return Source(state.turn, PileKind.HAND, None, card)
    if None in hand:  # a card the position does not contradict is taken as said, as a stock card is
        return _beyond_deck(state, Counter([card])) or Source(state.turn, PileKind.HAND, None, card)
    if not hand:
        return _illegal("source.hand", _("Your hand holds nothing: there is no {card} in it.").format(
            card=card_label(card)))
    return _illegal("source.hand", _("Your hand holds {held}: there is no {card} in it.").format(
        held=", ".join(card_label(c) for c in hand), card=card_label(card)))


def _seat_named(state: GameState, name: str) -> int:
    seat = state.seat_of(name)
    if seat is None:
        names = ", ".join(p.name for p in state.players)
        raise UnknownPlayer(_("nobody called {name!r} is at the table (players: {names})").format(
            name=name, names=names))
    return seat
