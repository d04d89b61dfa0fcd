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

from .cards import DECK_COUNTS, SKIP_BO, Card, MaybeCard, a_card, card_label, n_cards
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
    "round.over": "the round ended when a stock was emptied",
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
        named = self.card if card is None else card
        shown = "the unseen card" if named is None else f"the {card_label(named)}"
        whose = state.whose(self.seat)
        if self.kind is PileKind.HAND:
            return f"{shown} from {whose} hand"
        if self.kind is PileKind.STOCK:
            return f"{shown} on {whose} stock"
        return f"{shown} on {whose} discard pile {self.pile + 1}"


class UnknownPlayer(LookupError):
    """A move names a player who is not at the table."""


def check_move(state: GameState, move: Move) -> Ruling:
    """Rule on ``move`` for the player whose turn it is."""
    if state.phase is Phase.OVER:
        return _illegal("round.over", _round_over_reason(state))
    if state.phase is Phase.ENDED:
        return _illegal("turn.over", f"{state.whose(state.turn, opening=True)} turn already ended; no more moves "
                                     "until the next turn.")
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
    names = " and ".join(state.players[s].name for s in state.winners or ())
    if state.winners and all(not state.players[s].stock for s in state.winners):
        stocks = "the stock" if len(state.winners) == 1 else "their stocks"
        return f"The round is over: {names} emptied {stocks}, so nobody plays on."
    if state.winners:
        return f"The round is over: it ended in a stalemate, won by {names} with the fewest stock cards."
    return "The round is over: it ended in a stalemate, so nobody plays on."


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
        holds = f"holds {len(hand)}" if hand else "is empty"
        upto = "to hold five" if drawn == wanted else "(all that is left)"
        if move.says is not None and move.says != drawn:
            return _illegal("turn.draw-when-empty",
                            f"Your hand {holds}, so you draw {drawn} {upto}, not {move.says}.")
        if not wanted:
            reason = "Your hand already holds five, so you draw nothing."
        elif not drawn:
            reason = f"Your hand {holds} and nothing is left to draw."
        else:
            reason = f"You draw {n_cards(drawn)} {upto}."
        return _named_cards_fit(state, move.cards, drawn, upcoming=True) or _legal(reason)
    if state.drawn and move.count == state.drawn:
        return _legal(f"The draw took {n_cards(state.drawn)}, as you say.")
    if state.drawn and len(move.cards) == state.drawn:
        return _named_cards_fit(state, move.cards, state.drawn, upcoming=False) or _legal(
            f"These are the {n_cards(state.drawn)} just drawn.")
    if state.drawn and move.says is None:
        return _illegal("turn.draw-when-empty",
                        f"You have just drawn {n_cards(state.drawn)}: another draw now is not allowed. "
                        f"To say which cards came, name them, as in 'draw 3 7 SB 9 1'.")
    if state.drawn:
        return _illegal("turn.draw-when-empty",
                        f"The draw took {n_cards(state.drawn)}, not {move.says}: name exactly those.")
    if not hand:
        return _illegal("turn.draw-when-empty", "Your hand is empty and nothing is left to draw, so there is no "
                                                "draw now: end the turn with 'end'.")
    return _illegal("turn.draw-when-empty",
                    f"You still hold {n_cards(len(hand))}: during the turn you draw "
                    "only when a play empties your hand, and then five come at once.")


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
        return _undecidable(f"The position fixes the cards drawn, and they include {shown}, which the draw does not name.")
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
            return _undecidable(
                f"That would make {seen[card] + n} cards of {card_label(card)} on the table; the deck has "
                f"{DECK_COUNTS[card]}.")
    return None


def _check_end(state: GameState) -> Ruling:
    if awaits_refill(state):
        return _illegal("turn.draw-when-empty", _REFILL_FIRST)
    if needs_draw(state):
        return _illegal("turn.draw-first", "Your turn starts with drawing up to five cards.")
    hand = state.mover.hand
    if hand:
        return _illegal("turn.discard-to-end",
                        f"You still hold {n_cards(len(hand))}: end the turn by putting "
                        "one of them on one of your discard piles.")
    return _legal("Your hand is empty, so the turn ends without a discard.")


_REFILL_FIRST = ("Your hand is empty and cards are left to draw, so five new cards come at once: "
                 "draw them, then play on.")


# -- transfers ------------------------------------------------------------------


def _check_transfer(state: GameState, move: Transfer) -> Ruling:
    if move.source.kind is PileKind.BUILD:
        return _illegal("source.build-pile",
                        f"Cards on build pile {move.source.number} stay there until the pile is completed.")
    if awaits_refill(state):
        return _illegal("turn.draw-when-empty", _REFILL_FIRST)
    if needs_draw(state):
        return _illegal("turn.draw-first", "Your turn starts with drawing up to five cards; play after the draw.")
    if move.is_discard:
        return _check_discard(state, move)
    return _check_build_play(state, move)


def _check_discard(state: GameState, move: Transfer) -> Ruling:
    if move.source.kind is not PileKind.HAND:
        what = "stock cards" if move.source.kind is PileKind.STOCK else "discard-pile cards"
        found = resolve_source(state, move)
        named = (f"{_capital(found.describe(state))} cannot be discarded. "
                 if isinstance(found, Source) and found.card is not None else "")
        return _illegal("discard.from-hand",
                        f"{named}Only a hand card can be discarded: {what} move only onto build piles.")
    if move.target.owner is not None:
        seat = _seat_named(state, move.target.owner)
        if seat != state.turn:
            return _illegal("discard.own-piles",
                            f"You discard only onto your own piles, not onto {state.players[seat].name}'s.")
    pile = move.target.number
    if not 1 <= pile <= DISCARD_PILES:
        return _no_discard_pile(pile)
    found = _hand_source(state, move.card)
    if isinstance(found, Ruling):
        return found
    below = state.mover.discard_top(pile - 1)
    onto = f"onto your discard pile {pile}" + (f", over the {card_label(below)}" if below is not None else "")
    return _legal(f"You discard the {card_label(move.card)} {onto}; your turn ends.")


def _check_build_play(state: GameState, move: Transfer) -> Ruling:
    slot = move.target.number
    if not 1 <= slot <= BUILD_SLOTS:
        return _illegal("build.four-piles", f"There is no build pile {slot}: at most four, 1 to 4.")
    found = resolve_source(state, move)
    if isinstance(found, Ruling):
        return found
    card = found.card if found.card is not None else move.card
    value = state.build_value(slot - 1)
    if card is None:
        example = format_move(replace(move, card=value + 1))
        return _undecidable(f"The position does not show {found.describe(state)}; name it, as in '{example}'.")
    what = found.describe(state, card)
    if move.value is not None and move.value != (card if card != SKIP_BO else value + 1):
        return _illegal("build.sequence", _wrong_value(what, card, move.value, slot, value))
    if value == 0:
        if card not in (1, SKIP_BO):
            return _illegal("build.start",
                            f"Build pile {slot} is empty, and a new pile starts with a 1 or an SB, not {what}.")
        played_as = "" if card == 1 else " as a 1"
        return _legal(f"{_capital(what)} starts build pile {slot}{played_as}.")
    if card != SKIP_BO and card != value + 1:
        return _illegal("build.sequence",
                        f"{_capital(what)} cannot go on build pile {slot}, which shows {a_card(value)}: build piles "
                        f"rise by one, so it takes {a_card(value + 1)} or an SB.")
    played_as = f" as {a_card(value + 1)}" if card == SKIP_BO else ""
    return _legal(f"{_capital(what)} goes on build pile {slot}{played_as}, which showed {a_card(value)}.")


def _wrong_value(what: str, card: Card, said: Card, slot: int, value: int) -> str:
    """Why a card cannot be played as the value said for it."""
    if card != SKIP_BO:
        return f"{_capital(what)} is not a wild: it is played as itself, never as {a_card(said)}."
    shows = f"shows {a_card(value)}" if value else "is empty"
    return (f"{_capital(what)} would stand for {a_card(said)}, but build pile {slot} {shows}, so a wild played "
            f"there stands for {a_card(value + 1)}.")


def resolve_source(state: GameState, move: Transfer) -> Source | Ruling:
    """Find the card a build play takes, or the ruling that refuses it."""
    place = move.source
    seat = state.turn if place.owner is None else _seat_named(state, place.owner)
    if seat not in state.team_of(state.turn):
        partner_rule = " (only a partner's piles are shared in the team game)" if state.teams else ""
        return _illegal("source.not-yours",
                        f"You may not play from {state.players[seat].name}'s piles{partner_rule}.")
    player = state.players[seat]
    whose = state.whose(seat)
    if place.kind is PileKind.HAND:
        return _hand_source(state, move.card)
    if place.kind is PileKind.STOCK:
        if not player.stock:
            return _illegal("source.empty", f"{_capital(whose)} stock is empty.")
        top = player.stock_top
        if top is None:
            return _unknown_top(state, seat, move.card)
        if move.card is not None and move.card != top:
            return _illegal("source.stock-top",
                            f"{_capital(whose)} stock shows {a_card(top)}, not {a_card(move.card)}: only "
                            "the face-up top card of a stock can be played.")
        return Source(seat, PileKind.STOCK, None, top)
    pile = place.number
    if pile is None:  # "discard 8": the 8 on one of the piles
        showing = [n for n in range(1, DISCARD_PILES + 1) if player.discard_top(n - 1) == move.card]
        if not showing:
            return _not_on_top(player.discards, whose, move.card)
        pile = showing[0]
    if not 1 <= pile <= DISCARD_PILES:
        return _no_discard_pile(pile)
    cards = player.discards[pile - 1]
    if not cards:
        return _illegal("source.empty", f"{_capital(whose)} discard pile {pile} is empty.")
    top = cards[-1]
    if move.card is not None and move.card != top:
        buried = " lies under other cards" if move.card in cards else " is not in it"
        return _illegal("source.discard-top",
                        f"{_capital(whose)} discard pile {pile} shows {a_card(top)}; the "
                        f"{card_label(move.card)}{buried}. Only the top card of a discard pile can be played.")
    return Source(seat, PileKind.DISCARD, pile - 1, top)


def _not_on_top(piles: tuple[tuple[MaybeCard, ...], ...], whose: str, card: Card) -> Ruling:
    buried = [n for n, cards in enumerate(piles, start=1) if card in cards]
    where = f": the {card_label(card)} lies under other cards on discard pile {buried[0]}" if buried else ""
    return _illegal("source.discard-top", f"None of {whose} discard piles shows {a_card(card)} on top{where}. "
                                          "Only the top card of a discard pile can be played.")


def _no_discard_pile(pile: int) -> Ruling:
    return _illegal("discard.four-piles", f"There is no discard pile {pile}: each player has four, 1 to 4.")


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
    held = ", ".join(card_label(c) for c in hand) or "nothing"
    return _illegal("source.hand", f"Your hand holds {held}: there is no {card_label(card)} in it.")


def _seat_named(state: GameState, name: str) -> int:
    seat = state.seat_of(name)
    if seat is None:
        names = ", ".join(p.name for p in state.players)
        raise UnknownPlayer(f"nobody called {name!r} is at the table (players: {names})")
    return seat


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]
