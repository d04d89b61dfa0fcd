"""The strategy verdict that ``tutor check`` adds to each legal move."""

from __future__ import annotations

from typing import Any

from ..engine.moves import Move
from ..engine.state import GameState


def move_quality(state: GameState, move: Move) -> dict[str, Any]:
    """``quality`` (best, good, weak) and, for a weak move, ``principles``, ``better`` and ``explanation``."""
    from ..coach.verdicts import assess_move

    return assess_move(state, move).to_json()
