"""Judging a move: best, good or weak, which strategy principle it breaks, and what was better.

``assess_move(state, move)`` searches the turn from the mover's view and
compares the best turn before the move with the best turn still open after it.
The difference of their values is the move's ``loss``; thresholds (see
``grade_of`` and docs/analysis.md) turn it into a quality and a finer grade.
A weak move is explained by the principle detectors in ``principles``.
``Judge`` judges many moves, searching each position once.
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
    ``principles`` that explain it.
    """

    quality: str
    grade: str
    loss: float
    principles: tuple[str, ...] = ()
    better: Optional[str] = None
    explanation: str = ""

    def to_json(self) -> dict:
        entry: dict = {"quality": self.quality, "grade": self.grade, "loss": round(self.loss, 2)}
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


class Judge:
    """Judges moves, searching each position once.

    Moves asked about in one position share its search, and the positions a
    turn passes through share the search of the first of them, as long as no
    card has come into sight since (a stock top turned up, a refill) and that
    search was a full one: a position's value in a full search does not
    depend on the line that led to it, so every verdict is the one
    ``assess_move`` gives alone. Call it like ``assess_move``.
    """

    KEEP = 64  # positions remembered; then the memory starts afresh

    def __init__(self, weights: Weights = DEFAULT_WEIGHTS):
        self.weights = weights
        self._searches: dict[GameState, TurnSearch] = {}
        self._full: list[TurnSearch] = []  # full searches of distinct positions, newest first

    def search(self, view: GameState) -> TurnSearch:
        """The search of ``view`` (a player view in phase play), shared where it can be."""
        found = self._searches.get(view)
        if found is None:
            if len(self._searches) >= self.KEEP:
                self._searches.clear()
                self._full.clear()
            found = self._searches[view] = TurnSearch(view, self.weights, within=self._full)
            if found.depth is None:
                self._full.insert(0, found)
        return found

    def __call__(self, state: GameState, move: Move) -> Assessment:
        return assess_move(state, move, self.weights, searches=self)


def assess_move(state: GameState, move: Move, weights: Weights = DEFAULT_WEIGHTS,
                search: Optional[TurnSearch] = None, searches: Optional[Judge] = None) -> Assessment:
    """Judge ``move``, a legal move of the player to move in ``state`` (the state before it).

    Draws, ends of turn and forced moves are simply best. Only what the mover
    can see is used; a ``search`` of the same position, or a ``Judge`` whose
    searches to use, may be passed in to judge several moves at the cost of
    one search.
    """
    if state.phase is not Phase.PLAY or not isinstance(move, Transfer):
        return Assessment("best", "best", 0.0, explanation="Nothing to choose here: the rules make this move.")
    view = player_view(state, state.turn)
    search = search or (searches.search(view) if searches else TurnSearch(view, weights))
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
    loss = max(0.0, search.value - after_value)
    grade = grade_of(loss)
    quality = quality_of(grade)
    if quality == "best":
        return Assessment(quality, grade, loss)
    from ..engine.notation import format_move
    from .principles import Context, describe_turn, detect

    best = search.best()
    better = ", ".join(format_move(step) for step in best.moves)
    if quality == "good":
        return Assessment(quality, grade, loss, better=better,
                          explanation=f"Fine, though slightly better: {describe_turn(view, best.moves)}.")
    if after_turn is None:
        after_turn = search.best_after(move)
    findings = detect(Context(view, move, best, after_turn))
    principles = tuple(dict.fromkeys(finding.principle for finding in findings))
    explanation = f"{findings[0].sentence} Better: {describe_turn(view, best.moves)}."
    return Assessment(quality, grade, loss, principles, better, explanation)


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
