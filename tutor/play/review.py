"""Reviewing a game record: every move graded by the coach from what its player could see.

``review_record(record)`` replays each round and asks ``assess_move`` about
every play onto a build or discard pile (draws and ends of turn are no
choices). A turn's grade is its worst move's, its loss the sum of its moves'
losses. Per player: the share of best and good moves (accuracy), the mean
loss per move and the three costliest moves.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Optional

from ..coach.verdicts import Assessment, assess_move
from ..engine.moves import Move, Transfer
from ..engine.notation import format_move
from ..engine.state import GameState, Phase
from ..records.model import GameRecord
from ..records.replay import Step, round_steps

GRADES = ("best", "good", "inaccuracy", "mistake", "blunder")
MARKED = ("mistake", "blunder")  # the grades the timeline marks
COSTLIEST = 3


@dataclass(frozen=True)
class MoveReview:
    """One graded move, where it was played, and the stock counts before it."""

    round: int  # 1-based
    turn: int  # 1-based, counted over the whole game
    player: str
    move: Move
    assessment: Assessment

    def to_json(self) -> dict[str, Any]:
        return {"round": self.round, "turn": self.turn, "player": self.player,
                "move": format_move(self.move, pile_said=True), **self.assessment.to_json()}


@dataclass
class TurnReview:
    """One turn: who played it, its graded moves, and every stock's count when it ended."""

    round: int
    turn: int
    player: str
    moves: list[MoveReview] = field(default_factory=list)
    stocks: dict[str, int] = field(default_factory=dict)

    @property
    def grade(self) -> Optional[str]:
        """The worst grade of the turn's moves; None for a turn that held no choice."""
        return max((m.assessment.grade for m in self.moves), key=GRADES.index, default=None)

    @property
    def loss(self) -> float:
        return sum(m.assessment.loss for m in self.moves)

    @property
    def misses_win(self) -> bool:
        return any(m.assessment.misses_win for m in self.moves)

    def worst(self) -> Optional[MoveReview]:
        return max(self.moves, key=lambda m: m.assessment.loss, default=None)

    def to_json(self) -> dict[str, Any]:
        return {"round": self.round, "turn": self.turn, "player": self.player, "grade": self.grade,
                "loss": round(self.loss, 2), "stocks": dict(self.stocks),
                "moves": [{"move": format_move(m.move, pile_said=True), **m.assessment.to_json()} for m in self.moves]}


@dataclass(frozen=True)
class PlayerSummary:
    """How well one player played: the counts by quality, accuracy, mean loss, the costliest moves.

    A move that misses a win loses about ``WIN``, which would drown every
    other loss: such moves are counted in ``wins_missed`` and left out of
    ``mean_loss``.
    """

    name: str
    plays: str
    counts: dict[str, int]
    accuracy: float  # share of best and good moves
    mean_loss: float
    costliest: tuple[MoveReview, ...]
    wins_missed: int = 0

    def to_json(self) -> dict[str, Any]:
        return {"plays": self.plays, "moves": sum(self.counts.values()), "grades": dict(self.counts),
                "accuracy": round(self.accuracy, 4), "mean_loss": round(self.mean_loss, 3),
                "wins_missed": self.wins_missed, "costliest": [m.to_json() for m in self.costliest]}


@dataclass
class Review:
    """A whole game reviewed: every turn, and a summary per player."""

    record: GameRecord
    turns: list[TurnReview]
    players: list[PlayerSummary]

    def to_json(self) -> dict[str, Any]:
        setup = self.record.setup
        return {
            "players": {summary.name: summary.to_json() for summary in self.players},
            "rounds": [{"round": number, "seed": played.seed,
                        "winners": list(played.result.winners) if played.result else None,
                        "points": played.result.points if played.result else None}
                       for number, played in enumerate(self.record.rounds, start=1)],
            "stock_size": setup.stock_size,
            "turns": [turn.to_json() for turn in self.turns],
        }


Progress = Callable[[int, int], None]  # told (turns reviewed, turns in all)


def review_record(record: GameRecord, progress: Optional[Progress] = None) -> Review:
    """Grade every move of ``record`` (which must replay: ``ReplayError`` otherwise)."""
    total = sum(len(played.turns) for played in record.rounds)
    turns: list[TurnReview] = []
    for number, played in enumerate(record.rounds, start=1):
        first = len(turns)
        for step in round_steps(record.setup, played, ("rounds", number - 1)):
            if len(turns) - first <= step.turn:
                turns.append(TurnReview(number, len(turns) + 1, step.before.mover.name))
                if progress:
                    progress(len(turns), total)
            review = turns[first + step.turn]
            graded = _graded(step)
            if graded is not None:
                review.moves.append(MoveReview(number, review.turn, review.player, step.move, graded))
            review.stocks = _stocks(step.after)
    return Review(record, turns, [_summary(record, name, turns) for name in record.setup.names])


def _graded(step: Step) -> Optional[Assessment]:
    if not isinstance(step.move, Transfer) or step.before.phase is not Phase.PLAY:
        return None
    return assess_move(step.before, step.move)


def _stocks(state: GameState) -> dict[str, int]:
    return {player.name: len(player.stock) for player in state.players}


def _summary(record: GameRecord, name: str, turns: list[TurnReview]) -> PlayerSummary:
    moves = [move for turn in turns if turn.player == name for move in turn.moves]
    counts = {grade: sum(1 for m in moves if m.assessment.grade == grade) for grade in GRADES}
    good = counts["best"] + counts["good"]
    costly = sorted((m for m in moves if m.assessment.quality == "weak"), key=lambda m: -m.assessment.loss)
    plays = record.setup.seats[record.setup.seat_of(name)].plays
    measured = [m.assessment.loss for m in moves if not m.assessment.misses_win]
    return PlayerSummary(name, plays, counts, good / len(moves) if moves else 0.0,
                         sum(measured) / len(measured) if measured else 0.0, tuple(costly[:COSTLIEST]),
                         len(moves) - len(measured))
