"""Applying moves: everything the rules then do by themselves.

A play turns up the next stock card, clears a build pile that reaches 12,
refills an emptied hand with five, recycles completed piles when a draw needs
them, and ends the round the moment a stock (a team's stocks) runs out.
``next_turn`` passes play on and detects a stalemate.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import TYPE_CHECKING, NamedTuple, Optional

from ..i18n import _
from ..i18n.grammar import capitalized
from .cards import Card, MaybeCard, a_card, card_label
from .moves import Draw, EndTurn, Move, PileKind, Transfer
from .rules import Ruling, Source, and_list, cards_left, cards_wanted, check_move, draw_reading, resolve_source
from .state import COMPLETE_AT, HAND_SIZE, GameState, Phase, Stalemate

if TYPE_CHECKING:
    import random


class IllegalMove(ValueError):
    """Raised by ``play`` for a move the rules refuse (or cannot decide)."""

    def __init__(self, move: Move, ruling: Ruling):
        self.move = move
        self.ruling = ruling
        super().__init__(ruling.reason)


class Outcome(NamedTuple):
    """The state after a move, and what happened, as short sentences."""

    state: GameState
    events: tuple[str, ...] = ()


def play(state: GameState, move: Move, rng: Optional[random.Random] = None) -> Outcome:
    """Check ``move`` and apply it; raise ``IllegalMove`` if it is not legal."""
    ruling = check_move(state, move)
    if not ruling.legal:
        raise IllegalMove(move, ruling)
    return apply_move(state, move, rng)


def apply_move(state: GameState, move: Move, rng: Optional[random.Random] = None) -> Outcome:
    """Apply a move already ruled legal.

    ``rng`` shuffles completed piles back into the draw pile; without one the
    recycled pile's order is unknown and its cards are drawn unseen.
    """
    events: list[str] = []
    if isinstance(move, EndTurn):
        return Outcome(replace(state, phase=Phase.ENDED, drawn=0), (_("The turn ends."),))
    if isinstance(move, Draw):
        state = _apply_draw(state, move, rng, events)
    elif move.is_discard:
        state = _apply_discard(state, move)
    else:
        state = _apply_build_play(state, move, rng, events)
    return Outcome(state, tuple(events))


def _apply_draw(state: GameState, move: Draw, rng: Optional[random.Random], events: list[str]) -> GameState:
    move = draw_reading(state, move)
    wanted = cards_wanted(state)
    if wanted is not None:
        state = replace(state, phase=Phase.PLAY)
        state = draw_cards(state, wanted, rng, events)
    if move.cards and state.drawn:
        state = _name_drawn(state, move.cards)
        events.append(_("You drew {cards}.").format(cards=", ".join(card_label(c) for c in move.cards)))
    return state


def _name_drawn(state: GameState, named: tuple[Card, ...]) -> GameState:
    """Give the just-drawn unseen cards the identities the player named."""
    hand = list(state.mover.hand)
    drawn = hand[len(hand) - state.drawn:]
    unnamed = list((Counter(named) - Counter(c for c in drawn if c is not None)).elements())
    hand[len(hand) - state.drawn:] = [card if card is not None else unnamed.pop(0) for card in drawn]
    return state.with_player(state.turn, replace(state.mover, hand=tuple(hand)))


def draw_cards(state: GameState, count: int, rng: Optional[random.Random], events: list[str]) -> GameState:
    """Move up to ``count`` cards from the draw pile to the mover's hand, recycling if needed."""
    state, drawn = _take_from_draw_pile(state, count, rng, events)
    if drawn:
        seen = [card_label(c) for c in drawn if c is not None]
        if len(seen) == len(drawn):
            events.append(_("You draw {count}: {cards}.").format(count=len(drawn), cards=", ".join(seen)))
        else:
            events.append(_("You draw {count}.").format(count=len(drawn)))
    if len(drawn) < count:  # said after what was drawn, never before it
        events.append(_("Nothing more is left to draw.") if drawn else _("Nothing is left to draw."))
    player = replace(state.mover, hand=state.mover.hand + drawn)
    return replace(state, drawn=len(drawn)).with_player(state.turn, player)


def _take_from_draw_pile(state: GameState, count: int, rng: Optional[random.Random],
                         events: list[str]) -> tuple[GameState, tuple[MaybeCard, ...]]:
    """Up to ``count`` cards off the draw pile, shuffling completed piles into a new one when it runs out."""
    draw_pile = list(state.draw_pile)
    completed = state.completed
    drawn: list[MaybeCard] = []
    while len(drawn) < count:
        if not draw_pile:
            if not completed:
                break
            draw_pile = _recycled(completed, rng)
            events.append(_("The draw pile ran out: {count} cards of completed build piles are shuffled into a "
                            "new one.").format(count=len(completed)))
            completed = ()
        drawn.append(draw_pile.pop())
    return replace(state, draw_pile=tuple(draw_pile), completed=completed), tuple(drawn)


def _recycled(cards: tuple[MaybeCard, ...], rng: Optional[random.Random]) -> list[MaybeCard]:
    if rng is None:
        return [None] * len(cards)
    shuffled = list(cards)
    rng.shuffle(shuffled)
    return shuffled


def _apply_discard(state: GameState, move: Transfer) -> GameState:
    """The card onto the pile; the ruling already says so, so it makes no event of its own."""
    player = state.mover
    hand = _without(player.hand, move.card)
    pile = move.target.number - 1
    discards = list(player.discards)
    discards[pile] = discards[pile] + (move.card,)
    player = replace(player, hand=hand, discards=tuple(discards))
    return replace(state.with_player(state.turn, player), phase=Phase.ENDED, drawn=0)


def _apply_build_play(state: GameState, move: Transfer, rng: Optional[random.Random],
                      events: list[str]) -> GameState:
    source = resolve_source(state, move)
    assert isinstance(source, Source), "apply_move takes only legal moves"
    card = source.card if source.card is not None else move.card
    state = _take(state, source, card)
    if state.phase is Phase.START:  # playing without a draw (the hand held five, or nothing was left)
        state = replace(state, phase=Phase.PLAY)
    slot = move.target.number - 1
    pile = (state.build[slot] or ()) + (card,)
    build = list(state.build)
    completed = state.completed
    if len(pile) == COMPLETE_AT:
        build[slot] = None
        completed = completed + pile
        events.append(_("Build pile {pile} reaches 12 and is set aside; the slot is free again.").format(pile=slot + 1))
    else:
        build[slot] = pile
    state = replace(state, build=tuple(build), completed=completed, played_this_turn=True, drawn=0)
    owner = state.players[source.seat]
    if source.kind is PileKind.STOCK:
        if _side_finished(state, source.seat):
            return _end_round(state, state.team_of(source.seat), events)
        whose = state.whose(source.seat)
        if owner.stock:
            top = owner.stock_top
            events.append(capitalized(_("{whose} stock turns up {card}.").format(whose=whose, card=a_card(top))))
        else:
            events.append(capitalized(_("{whose} stock is empty; the partner's stock decides the round.").format(
                whose=whose)))
    if not state.mover.hand:
        if cards_left(state) >= HAND_SIZE:
            events.append(_("The hand is empty: five new cards at once."))
        elif cards_left(state):
            events.append(_("The hand is empty: new cards at once, as many as are left."))
        state = draw_cards(state, HAND_SIZE, rng, events)
    return state


def _take(state: GameState, source: Source, card: Card) -> GameState:
    player = state.players[source.seat]
    if source.kind is PileKind.HAND:
        player = replace(player, hand=_without(player.hand, card))
    elif source.kind is PileKind.STOCK:
        player = replace(player, stock=player.stock[:-1])
    else:
        discards = list(player.discards)
        discards[source.pile] = discards[source.pile][:-1]
        player = replace(player, discards=tuple(discards))
    return state.with_player(source.seat, player)


def _without(cards: tuple[MaybeCard, ...], card: MaybeCard) -> tuple[MaybeCard, ...]:
    """``cards`` less one ``card``, or less one unseen card when the card named was taken as said."""
    index = len(cards) - 1 - cards[::-1].index(card if card in cards else None)
    return cards[:index] + cards[index + 1:]


def _side_finished(state: GameState, seat: int) -> bool:
    return all(not state.players[s].stock for s in state.team_of(seat))


def _end_round(state: GameState, winners: tuple[int, ...], events: list[str]) -> GameState:
    partners = [state.players[s].name for s in winners if s != state.turn]
    if partners:
        events.append(_("The last stock card is played: you and {names} win the round.").format(
            names=and_list(partners)))
    else:
        events.append(_("The last stock card is played: you win the round."))
    return replace(state, phase=Phase.OVER, winners=winners)


def next_turn(state: GameState) -> GameState:
    """Pass play to the next player after a turn ended; detect a stalemate."""
    if state.phase is Phase.OVER:
        return state
    starved = not state.draw_pile and not state.completed
    quiet = state.quiet_turns + 1 if starved and not state.played_this_turn else 0
    if quiet >= len(state.players):
        return replace(state, phase=Phase.OVER, quiet_turns=quiet, winners=_stalemate_winners(state))
    return replace(state, turn=state.next_seat(), phase=Phase.START, drawn=0,
                   played_this_turn=False, quiet_turns=quiet)


def _stalemate_winners(state: GameState) -> tuple[int, ...]:
    if state.rules.stalemate is Stalemate.NO_WINNER:
        return ()
    sides = {state.team_of(seat) for seat in range(len(state.players))}
    left = {side: sum(len(state.players[s].stock) for s in side) for side in sides}
    fewest = min(left.values())
    leaders = [side for side, count in left.items() if count == fewest]
    return leaders[0] if len(leaders) == 1 else ()


PENALTY_CARDS = 2


def advice_penalty(state: GameState, seat: int, rng: Optional[random.Random] = None) -> Outcome:
    """The team game's penalty for advising a partner: two draw-pile cards go unseen under the stock."""
    events: list[str] = []
    state, taken = _take_from_draw_pile(state, PENALTY_CARDS, rng, events)
    player = state.players[seat]
    events.append(_("{name} advised a partner: {count} cards from the draw pile go unseen under the stock.").format(
        name=player.name, count=len(taken)))
    return Outcome(state.with_player(seat, replace(player, stock=taken + player.stock)), tuple(events))
