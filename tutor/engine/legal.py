"""Listing every legal move in a position."""

from __future__ import annotations

from .cards import MaybeCard, goes_on
from .moves import Draw, EndTurn, Move, PileKind, Place, Transfer, discard
from .rules import needs_draw
from .state import BUILD_SLOTS, DISCARD_PILES, GameState, Phase


def legal_moves(state: GameState) -> list[Move]:
    """Every legal move for the player to move, without naming unseen cards.

    Plays from unseen cards (an unknown stock top or hand card) are left out:
    whether they are legal depends on cards the position does not show.
    """
    if state.phase in (Phase.OVER, Phase.ENDED):
        return []
    if needs_draw(state):
        return [Draw()]
    moves: list[Move] = [Draw()] if state.phase is Phase.START else []
    moves.extend(build_plays(state))
    hand = state.mover.hand
    for card in _distinct(hand):
        moves.extend(discard(card, pile) for pile in range(1, DISCARD_PILES + 1))
    if not hand:
        moves.append(EndTurn())
    return moves


def build_plays(state: GameState) -> list[Transfer]:
    """Every legal play onto a build pile, from the mover's and partners' piles."""
    values = [state.build_value(slot) for slot in range(BUILD_SLOTS)]
    plays: list[Transfer] = []
    for source, card in _sources(state):
        named = card if source.kind is PileKind.HAND else None
        for slot, value in enumerate(values, start=1):
            if goes_on(card, value):
                plays.append(Transfer(source, Place(PileKind.BUILD, slot), named))
    return plays


def _sources(state: GameState) -> list[tuple[Place, MaybeCard]]:
    found: list[tuple[Place, MaybeCard]] = [
        (Place(PileKind.HAND), card) for card in _distinct(state.mover.hand)
    ]
    for seat in state.team_of(state.turn):
        player = state.players[seat]
        owner = None if seat == state.turn else player.name
        if player.stock_top is not None:
            found.append((Place(PileKind.STOCK, owner=owner), player.stock_top))
        for pile in range(DISCARD_PILES):
            top = player.discard_top(pile)
            if top is not None:
                found.append((Place(PileKind.DISCARD, pile + 1, owner), top))
    return found


def _distinct(cards: tuple[MaybeCard, ...]) -> list[int]:
    return sorted({card for card in cards if card is not None})
