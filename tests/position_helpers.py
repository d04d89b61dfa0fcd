"""Small builders for positions in tests: scenario data in, game states out."""

from __future__ import annotations

import random
from typing import Any, Optional

from tutor.engine.notation import parse_move
from tutor.engine.play import Outcome, play
from tutor.engine.position import position_from_data
from tutor.engine.rules import Ruling, check_move
from tutor.engine.state import GameState


def seat(name: str = "you", stock: Any = 7, count: Optional[int] = None, hand: Any = (3, 5, "SB", 9, 12),
         discards: Any = (), upcoming: Any = ()) -> dict[str, Any]:
    """One player's scenario data; ``stock=None`` leaves the top unknown, ``count=0`` empties it."""
    if count is None:
        count = 10 if stock is not None else 0
    pile: dict[str, Any] = {"count": count}
    if stock is not None and count:
        pile["top"] = stock
    if upcoming:
        pile["next"] = list(upcoming)
    return {
        "name": name,
        "stock": pile,
        "hand": hand if isinstance(hand, int) else list(hand),
        "discards": [list(p) for p in discards],
    }


def table(*players: dict[str, Any], **fields: Any) -> GameState:
    """A position: the players (default: you against Anna) and any scenario fields."""
    if not players:
        players = (seat(), seat("Anna", stock=8, hand=5))
    data = {"title": "test", "players": list(players), **fields}
    return position_from_data(data)


def rule(state: GameState, text: str) -> Ruling:
    """The ruling on one move written in the notation."""
    return check_move(state, parse_move(text))


def after(state: GameState, *texts: str, rng: Optional[random.Random] = None) -> GameState:
    """The state after playing the moves in order (each must be legal)."""
    return outcome(state, *texts, rng=rng).state


def outcome(state: GameState, *texts: str, rng: Optional[random.Random] = None) -> Outcome:
    """The outcome of the last of the moves, played in order."""
    result = Outcome(state)
    for text in texts:
        result = play(result.state, parse_move(text), rng)
    return result
