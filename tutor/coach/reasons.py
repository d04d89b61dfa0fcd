"""Why each step of a turn is played, in plain words."""

from __future__ import annotations

from ..engine.cards import SKIP_BO, a_card, card_label
from ..engine.moves import Move, PileKind, Transfer
from ..engine.state import COMPLETE_AT, GameState
from .principles import along, describe_move, played_card, source_seat
from .search import Turn


def turn_steps(view: GameState, turn: Turn) -> list[tuple[Move, str, str]]:
    """Each move of ``turn`` with its description and the reason for it."""
    moves = turn.moves
    return [(move, describe_move(state, move), _reason(state, move, moves[index + 1:]))
            for index, (state, move) in enumerate(along(view, moves))]


def _reason(state: GameState, move: Move, later: tuple[Move, ...]) -> str:
    if not isinstance(move, Transfer):
        return "Nothing is left to play or discard."
    if move.is_discard:
        return _discard_reason(state, move)
    card = played_card(state, move)
    slot = move.target.number
    value = state.build_value(slot - 1) + 1
    stock_later = next((m for m in later if isinstance(m, Transfer) and m.source.kind is PileKind.STOCK
                        and m.target.number == slot), None)  # a stock card that this pile will then take
    if move.source.kind is PileKind.STOCK:
        if len(state.players[source_seat(state, move)].stock) == 1:
            return "The last stock card: the round is won."
        return ("A stock card out: the stock is what wins the round. The next stock card turns up: "
                "look at it before going on, it may change the rest of the turn.")
    parts = []
    if value == COMPLETE_AT:
        parts.append(f"It completes build pile {slot}, which frees the slot")
    if card == SKIP_BO:
        parts.append(f"The SB counts as {a_card(value)}")
    if stock_later is not None:
        needed = stock_later.card if stock_later.card is not None else played_card(state, stock_later)
        parts.append(f"it opens the way for the {card_label(needed)} on the stock")
    if move.source.kind is PileKind.HAND and len(state.mover.hand) == 1:
        parts.append("it empties the hand, so five new cards come at once")
    if move.source.kind is PileKind.DISCARD:
        pile = state.players[source_seat(state, move)].discards[move.source.number - 1]
        if len(pile) > 1:
            parts.append(f"it frees the {card_label(pile[-2])} below it on the discard pile")
    if not parts:
        parts.append("It moves a card on without using up a wild card")
    text = "; ".join(parts)
    return text[0].upper() + text[1:] + "."


def _discard_reason(state: GameState, move: Transfer) -> str:
    top = state.mover.discard_top(move.target.number - 1)
    card = move.card
    if top is None:
        return f"An empty pile takes the {card_label(card)} without burying anything."
    if card == SKIP_BO:
        return "The SB stays on top, ready for a later turn."
    if card == top - 1:
        return f"The {card_label(card)} on the {card_label(top)} makes a run that comes out card after card."
    if card < top:
        return f"The pile keeps descending: the {card_label(card)} lies on a higher card."
    return "Every other discard would cost more."
