"""Scoring a round and keeping a match: to a points target, or over a fixed number of rounds."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional

from .state import GameState, Rules

WIN_BONUS = 25
PER_CARD = 5


@dataclass(frozen=True)
class PointValues:
    """What a round is worth: a bonus for the win and points per card left in the opponents' stocks."""

    win_bonus: int = WIN_BONUS
    per_card: int = PER_CARD


STANDARD_POINTS = PointValues()


@dataclass(frozen=True)
class RoundScore:
    """Who won a round, with how many opponents' stock cards left, and the points."""

    winners: tuple[int, ...]
    cards_left: int
    points: int


def score_round(state: GameState, values: PointValues = STANDARD_POINTS) -> RoundScore | None:
    """25 plus 5 per card left in the opponents' stocks; None while the round goes on or after a stalemate."""
    if not state.is_over or not state.winners:
        return None
    left = sum(len(state.players[s].stock) for s in state.opponents_of(state.winners[0]))
    return RoundScore(state.winners, left, values.win_bonus + values.per_card * left)


def most_rounds(target: int, sides: int) -> int:
    """The most rounds a match to ``target`` points can take between ``sides`` when every round has a winner.

    A round ends when the first side is out of stock cards, so each other side has at least one
    left (``_least_points``). In the longest match every side wins
    as often as it can without reaching the target, and one more round decides.
    """
    least = _least_points(sides)
    return sides * (-(-target // least) - 1) + 1


def longest_target(rounds: int, sides: int) -> int:
    """The largest target whose match between ``sides`` takes at most ``rounds`` rounds (see ``most_rounds``)."""
    return _least_points(sides) * ((rounds - 1) // sides + 1)


def _least_points(sides: int) -> int:
    """The least a round with a winner scores: each of the other sides has a stock card left."""
    return WIN_BONUS + PER_CARD * (sides - 1)


class MatchOver(ValueError):
    """A round offered to a match that has already been decided."""


@dataclass
class Match:
    """Running totals by side (a player, or a team) until the match is decided.

    By default the first side to reach ``target`` points wins, and no round is
    scored after that. The house rules of the guides are options: other
    ``values`` agreed before play, and a fixed number of ``rounds`` after
    which the most points win (a tie leaves no champion).
    """

    target: int = 500
    rounds: Optional[int] = None
    values: PointValues = STANDARD_POINTS
    totals: dict[tuple[int, ...], int] = field(default_factory=dict)
    played: int = 0
    champion: Optional[tuple[int, ...]] = None

    @classmethod
    def for_rules(cls, rules: Rules, **options: object) -> "Match":
        """A match to the round's agreed ``rules.target_score``, with any house-rule options."""
        return cls(target=rules.target_score, **options)  # type: ignore[arg-type]

    @property
    def decided(self) -> bool:
        """True once the target is reached or the fixed rounds are played."""
        return self.champion is not None or (self.rounds is not None and self.played >= self.rounds)

    def score(self, state: GameState) -> RoundScore | None:
        """Score a finished round by this match's point values and record it."""
        score = score_round(state, self.values)
        self.record(score)
        return score

    def record(self, score: RoundScore | None) -> None:
        """Add a round's score (None: a round without a winner); refused once the match is decided."""
        if self.decided:
            raise MatchOver("the match is decided: no further round is scored")
        self.played += 1
        if score is not None:
            self.totals[score.winners] = self.totals.get(score.winners, 0) + score.points
        if self.rounds is None:
            if score is not None and self.totals[score.winners] >= self.target:
                self.champion = score.winners
        elif self.played >= self.rounds:
            self.champion = self._leader()

    def _leader(self) -> Optional[tuple[int, ...]]:
        best = max(self.totals.values(), default=None)
        leaders = [side for side, total in self.totals.items() if total == best]
        return leaders[0] if len(leaders) == 1 else None
