"""The strategy verdict that ``tutor check`` adds to each legal move."""

from __future__ import annotations

from typing import Any

from ..engine.moves import Move
from ..engine.state import GameState


class MoveQuality:
    """The verdicts of one command; the positions its moves pass through are each searched once."""

    def __init__(self) -> None:
        self._judge = None  # the analysis is imported only when a move is judged

    def __call__(self, state: GameState, move: Move) -> dict[str, Any]:
        """``quality`` (best, good, weak) and, for a weak move, ``principles``, ``better`` and ``explanation``."""
        if self._judge is None:
            from ..coach.verdicts import Judge

            self._judge = Judge()
        return self._judge(state, move).to_json()
