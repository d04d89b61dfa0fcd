"""Scoring a round and keeping a match to a points target."""

from __future__ import annotations

from dataclasses import dataclass, field

from .state import GameState

WIN_BONUS = 25
PER_CARD = 5


@dataclass(frozen=True)
class RoundScore:
    """Who won a round, with how many opponents' stock cards left, and the points."""

    winners: tuple[int, ...]
    cards_left: int
    points: int


def score_round(state: GameState) -> RoundScore | None:
    """25 plus 5 per card left in the opponents' stocks; None while the round goes on or after a stalemate."""
    if not state.is_over or not state.winners:
        return None
    left = sum(len(state.players[s].stock) for s in state.opponents_of(state.winners[0]))
    return RoundScore(state.winners, left, WIN_BONUS + PER_CARD * left)


@dataclass
class Match:
    """Running totals by side (a player, or a team) until one reaches the target."""

    target: int = 500
    totals: dict[tuple[int, ...], int] = field(default_factory=dict)

    def record(self, score: RoundScore | None) -> None:
        if score is not None:
            self.totals[score.winners] = self.totals.get(score.winners, 0) + score.points

    @property
    def champion(self) -> tuple[int, ...] | None:
        """The side that reached the target (the highest total if several did)."""
        reached = {side: total for side, total in self.totals.items() if total >= self.target}
        return max(reached, key=reached.__getitem__) if reached else None
