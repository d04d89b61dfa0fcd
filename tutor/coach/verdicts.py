"""Judging a move: best, good or weak, which strategy principle it breaks, and what was better.

``assess_move(state, move)`` searches the turn from the mover's view and
compares the best turn before the move with the best turn still open after it.
The difference of their values is the move's ``loss``; thresholds (see
``grade_of`` and docs/analysis.md) turn it into a quality and a finer grade.
A weak move is explained by the principle detectors in ``principles``.
"""

from __future__ import annotations

from typing import NamedTuple, Optional

from ..engine.moves import Move, Transfer
from ..engine.play import apply_move
from ..engine.state import GameState, Phase
from ..engine.view import player_view
from .evaluation import DEFAULT_WEIGHTS, WIN, Weights
from .search import TurnSearch

BEST_MARGIN = 0.05  # a loss up to this ties with the best move
WEAK_FROM = 1.0  # from this loss on a move is weak: an inaccuracy ...
MISTAKE_FROM = 5.0  # ... a mistake from about half a stock card ...
BLUNDER_FROM = 15.0  # ... and a blunder from about one and a half stock cards (or a missed win)


class Assessment(NamedTuple):
    """The verdict on one legal move.

    ``quality`` is ``best``, ``good`` or ``weak``; ``grade`` refines it
    (``best``, ``good``, ``inaccuracy``, ``mistake``, ``blunder``); ``loss``
    is how much the best turn still open after the move is worth less than
    the best turn before it. A move that is not best names a ``better`` turn
    (long notation, moves joined by ", "); a weak one also names the
    ``principles`` that explain it. ``opponent_wins_next`` is set when an
    opponent may play out their stock on their next turn after the move
    (see ``TurnSearch.opponent_wins_next``; ``best_turn_chance`` is that
    opponent's chance after the best turn).
    """

    quality: str
    grade: str
    loss: float
    principles: tuple[str, ...] = ()
    better: Optional[str] = None
    explanation: str = ""
    opponent_wins_next: Optional[dict] = None

    def to_json(self) -> dict:
        entry: dict = {"quality": self.quality, "grade": self.grade, "loss": round(self.loss, 2)}
        if self.opponent_wins_next:
            entry["opponent_wins_next"] = dict(self.opponent_wins_next)
        if self.quality == "weak":
            entry.update(principles=list(self.principles), better=self.better, explanation=self.explanation)
        elif self.explanation:
            entry["explanation"] = self.explanation
        return entry


def grade_of(loss: float) -> str:
    """The finer grade of a move that loses ``loss``."""
    if loss <= BEST_MARGIN:
        return "best"
    if loss < WEAK_FROM:
        return "good"
    if loss < MISTAKE_FROM:
        return "inaccuracy"
    return "mistake" if loss < BLUNDER_FROM else "blunder"


def quality_of(grade: str) -> str:
    return {"best": "best", "good": "good"}.get(grade, "weak")


def assess_move(state: GameState, move: Move, weights: Weights = DEFAULT_WEIGHTS,
                search: Optional[TurnSearch] = None) -> Assessment:
    """Judge ``move``, a legal move of the player to move in ``state`` (the state before it).

    Draws, ends of turn and forced moves are simply best. Only what the mover
    can see is used; a ``search`` of the same position may be passed in to
    judge several moves of one position at the cost of one search.
    """
    if state.phase is not Phase.PLAY or not isinstance(move, Transfer):
        return Assessment("best", "best", 0.0, explanation="Nothing to choose here: the rules make this move.")
    view = player_view(state, state.turn)
    search = search or TurnSearch(view, weights)
    if search.options() <= 1:
        return Assessment("best", "best", 0.0, explanation="The only move there is.")
    after_turn = None
    if search.after(move)[1] is None:
        after_value, after_turn = _after_unseen(view, move, weights, search)
        if after_turn is None:
            return Assessment("good", "good", 0.0,
                              explanation="It plays a card the position does not show, so it is not judged.")
    else:
        after_value = search.value_after(move)
        if search.risk is not None:
            after_turn = search.best_after(move)
    loss = max(0.0, search.value - after_value)
    grade = grade_of(loss)
    quality = quality_of(grade)
    risk = _opponent_wins_next(search, after_turn)
    if quality == "best":
        return Assessment(quality, grade, loss, opponent_wins_next=risk)
    from ..engine.notation import format_move
    from .principles import Context, describe_turn, detect

    best = search.best()
    better = ", ".join(format_move(step) for step in best.moves)
    if quality == "good":
        return Assessment(quality, grade, loss, better=better,
                          explanation=f"Fine, though slightly better: {describe_turn(view, best.moves)}.",
                          opponent_wins_next=risk)
    if after_turn is None:
        after_turn = search.best_after(move)
    findings = detect(Context(view, move, best, after_turn))
    principles = tuple(dict.fromkeys(finding.principle for finding in findings))
    explanation = f"{findings[0].sentence} Better: {describe_turn(view, best.moves)}."
    return Assessment(quality, grade, loss, principles, better, explanation, risk)


def _opponent_wins_next(search: TurnSearch, after_turn) -> Optional[dict]:
    """``search.opponent_wins_next`` after the move's best turn, with the chance after the best turn added."""
    if search.risk is None or after_turn is None:
        return None
    found = search.opponent_wins_next(after_turn)
    if found is None:
        return None
    best = search.opponent_wins_next(search.best())
    same = best is not None and best["player"] == found["player"]
    return {**found, "best_turn_chance": best["chance"] if same else 0.0}


def _after_unseen(view: GameState, move: Transfer, weights: Weights, search: TurnSearch):
    """Value the move by applying it to the view, for moves the search cannot follow (unseen cards)."""
    try:
        after = apply_move(view, move).state
    except (AssertionError, ValueError, IndexError):
        return 0.0, None
    if after.phase is Phase.OVER:
        return WIN, search.best()
    if after.phase is not Phase.PLAY:
        return 0.0, None
    following = TurnSearch(after, weights)
    return following.value, following.best()
