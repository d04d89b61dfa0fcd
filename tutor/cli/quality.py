"""The strategy verdict that ``tutor check`` adds to each legal move."""

from __future__ import annotations

from typing import Any

from ..engine.moves import Move
from ..engine.state import GameState

# The positions the searches of one check may value in all: counted in positions, not seconds, so that which
# moves are graded does not depend on the machine. A move past it is ruled on but not graded.
CHECK_POSITIONS = 50_000
NOT_GRADED = {"graded": False}


class MoveQuality:
    """The verdicts of one command; the positions its moves pass through are each searched once, up to
    ``CHECK_POSITIONS`` positions in all."""

    def __init__(self, budget: int = CHECK_POSITIONS) -> None:
        self.budget = budget
        self._judge = None  # the analysis is imported only when a move is judged

    def __call__(self, state: GameState, move: Move) -> dict[str, Any]:
        """``quality`` (best, good, weak) and, for a weak move, ``principles``, ``better`` and ``explanation``;
        ``NOT_GRADED`` for a move whose search would go past the budget."""
        if self._judge is None:
            from ..coach.verdicts import Judge

            self._judge = Judge(budget=self.budget)
        verdict = self._judge(state, move)
        return dict(NOT_GRADED) if verdict is None else verdict.to_json()
