"""Judging a move: best, good or weak, which strategy principle it breaks, and what was better.

``assess_move(state, move)`` searches the turn from the mover's view and
compares the best turn before the move with the best turn still open after it.
The difference of their values is the move's ``loss``; thresholds (see
``grade_of`` and docs/analysis.md) turn it into a quality and a finer grade.
A weak move is explained by the principle detectors in ``principles``.
``Judge`` judges many moves, searching each position once.
"""

from __future__ import annotations

from dataclasses import replace
from typing import NamedTuple, Optional

from ..engine.collector import collector_paused
from ..engine.moves import Move, Transfer
from ..engine.play import apply_move
from ..engine.rules import check_move
from ..engine.state import GameState, Phase
from ..engine.view import player_view
from .chances import Chance
from .evaluation import DEFAULT_WEIGHTS, WIN, Weights
from .search import Turn, TurnSearch
from .templates import BETTER, LINES, say

# what the key move's own words say already (and every discard-...: a discard's words show where it goes)
PLAIN_ACHIEVEMENTS = ("wild-as", "builds-to", "starts-pile", "stock-out", "stock-look", "stock-look-first")
KEY_ORDER = ("wins", "frees-stock", "stock-out", "completes", "empties-hand", "clears-opponent", "blocks-one",
             "frees-discard")

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
    opponent's chance after the best turn). ``misses_win``: the best turn wins
    the round at once and no turn after the move does (the function ``misses_win`` below).
    """

    quality: str
    grade: str
    loss: float
    principles: tuple[str, ...] = ()
    better: Optional[str] = None
    explanation: str = ""
    findings: tuple = ()  # the detectors' ``principles.Finding``s, the weightiest first (weak moves)
    key_move: Optional[str] = None  # the move of the better turn that makes the difference
    opponent_wins_next: Optional[dict] = None  # an opponent's chance to play out their stock next turn
    misses_win: bool = False

    @property
    def reason(self) -> str:
        """The key reason alone, without the pointer to the better move ("" when no detector fired)."""
        return self.findings[0].sentence if self.findings else ""

    def to_json(self) -> dict:
        entry: dict = {"quality": self.quality, "grade": self.grade, "loss": round(self.loss, 2)}
        if self.opponent_wins_next:
            entry["opponent_wins_next"] = dict(self.opponent_wins_next)
        if self.quality == "weak":
            entry.update(principles=list(self.principles), better=self.better, explanation=self.explanation,
                         findings=[finding.to_json() for finding in self.findings])
        elif self.quality == "good":
            entry.update(better=self.better, explanation=self.explanation)
            if self.findings:
                entry["findings"] = [finding.to_json() for finding in self.findings]
        elif self.explanation:
            entry["explanation"] = self.explanation
        if self.key_move:
            entry["key_move"] = self.key_move
        if self.misses_win:
            entry["misses_win"] = True
        return entry


def misses_win(best: float, value: float) -> bool:
    """Whether a turn worth ``value`` misses the win of a best turn worth ``best``: that one wins the round at once
    and this one does not (its loss is then about ``WIN``, no count of stock cards)."""
    return best >= WIN > value


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

    def __init__(self, weights: Weights = DEFAULT_WEIGHTS, budget: Optional[int] = None):
        """``budget``: the positions its searches may value in all (None: no limit); once they have valued as
        many, no new search starts, and a move that needs one is not judged."""
        self.weights = weights
        self.budget = budget
        self.searched = 0  # positions valued so far, by all the searches together
        self._searches: dict[GameState, TurnSearch] = {}
        self._earlier: list[TurnSearch] = []  # the searches of distinct positions, newest first

    def search(self, view: GameState) -> TurnSearch:
        """The search of ``view`` (a player view in phase play), shared where it can be; raises ``BudgetSpent``
        when it needs a new search and the budget is spent."""
        found = self._searches.get(view)
        if found is None:
            if self.budget is not None and self.searched >= self.budget:
                raise BudgetSpent(self.budget)
            if len(self._searches) >= self.KEEP:
                self._searches.clear()
                self._earlier.clear()
            found = self._searches[view] = TurnSearch(view, self.weights, within=self._earlier)
            self.searched += found.positions_added
            self._earlier.insert(0, found)
        return found

    def __call__(self, state: GameState, move: Move) -> Optional[Assessment]:
        """``assess_move``'s verdict, or None when it needs a search past the budget."""
        try:
            return assess_move(state, move, self.weights, searches=self)
        except BudgetSpent:
            return None


class BudgetSpent(Exception):
    """A ``Judge`` has searched as many positions as its budget allows."""


@collector_paused()  # a search made here is let go before the collector runs again: a pass over it finds nothing
def assess_move(state: GameState, move: Move, weights: Weights = DEFAULT_WEIGHTS,
                search: Optional[TurnSearch] = None, searches: Optional[Judge] = None) -> Assessment:
    """Judge ``move``, a legal move of the player to move in ``state`` (the state before it).

    Draws, ends of turn and forced moves are simply best. Only what the mover
    can see is used; a ``search`` of the same position, or a ``Judge`` whose
    searches to use, may be passed in to judge several moves at the cost of
    one search.
    """
    if state.phase is Phase.START and isinstance(move, Transfer):
        state = replace(state, phase=Phase.PLAY)  # a play before the draw: the hand holds five or nothing is left
    if state.phase is not Phase.PLAY or not isinstance(move, Transfer):
        return Assessment("best", "best", 0.0, explanation=say(BETTER, "rules"))
    view = player_view(state, state.turn)
    search = search or (searches.search(view) if searches else TurnSearch(view, weights))
    if search.options() <= 1:
        return Assessment("best", "best", 0.0, explanation=say(BETTER, "only"))
    after_turn = None
    if search.after(move)[1] is None:
        after_value, after_turn = _after_unseen(view, move, weights, search, searches)
        if after_turn is None:
            return Assessment("good", "good", 0.0, explanation=say(BETTER, "unseen"))
    else:
        after_value = search.value_after(move)
        if search.risk is not None:
            after_turn = search.best_after(move)
    loss = max(0.0, search.value - after_value)
    missed = misses_win(search.value, after_value)
    grade = grade_of(loss)
    quality = quality_of(grade)
    risk = _opponent_wins_next(search, after_turn)
    reveal = search.reveal_before(move) if quality != "weak" and search.weights.reveal_first else None
    if quality == "best":
        if reveal is None:
            return Assessment(quality, grade, loss, opponent_wins_next=risk)
        return _reveal_first(view, search, move, reveal, loss, risk)
    from ..engine.notation import format_move
    from .principles import Context, detect

    best = search.best()
    better = ", ".join(format_move(step, pile_said=True) for step in best.moves)
    if after_turn is None:
        after_turn = search.best_after(move)
    key, pointer = _key_move(view, search, best, after_turn, after_value,
                             "slightly" if quality == "good" else "key") if best.moves else (None, "")
    key_move = format_move(key, pile_said=True) if key is not None else None
    chances, best_chances = _stated_chances(search, after_turn) if risk else ({}, {})
    findings = tuple(detect(Context(view, move, best, after_turn, chances, best_chances, search.win_chance(best),
                                    search.win_chance(after_turn))))
    if quality == "good" and not findings[0].names:  # no cost the coach can name
        if reveal is not None:  # but it commits a card before a stock card turns up its next one
            return _reveal_first(view, search, move, reveal, loss, risk)
        return Assessment("best", "best", loss, opponent_wins_next=risk)  # as good: a difference of weights alone
    explanation = f"{findings[0].sentence} {pointer}".strip()
    if quality == "good":  # the reason too, however small the loss
        return Assessment(quality, grade, loss, better=better, explanation=explanation, findings=findings,
                          key_move=key_move, opponent_wins_next=risk, misses_win=missed)
    principles = tuple(dict.fromkeys(finding.principle for finding in findings if finding.principle))
    return Assessment(quality, grade, loss, principles, better, explanation, findings, key_move, risk, missed)


def _reveal_first(view: GameState, search: TurnSearch, move: Move, reveal: Move, loss: float, risk) -> Assessment:
    """A move as good as the best that commits a card before the stock card ``reveal``, which the same line could
    play first: good, and better is that line with the stock card first (what it turns up may change the rest)."""
    from ..engine.notation import format_move
    from .principles import phrase_of, reveal_first

    line = search.best_after(reveal)
    better = ", ".join(format_move(step, pile_said=True) for step in line.moves)
    finding = reveal_first(view, move, reveal)
    explanation = f"{finding.sentence} {say(BETTER, 'reveal-first', move=phrase_of(view, reveal))}"
    return Assessment("good", "good", loss, better=better, key_move=format_move(reveal, pile_said=True),
                      explanation=explanation, findings=(finding,), opponent_wins_next=risk)


def _key_move(view: GameState, search: TurnSearch, best: Turn, after: Turn, after_value: float,
              template: str) -> tuple[Move, str]:
    """The key move of the better turn and the sentence that points to it with what it achieves.

    The key move is, among the moves of the best turn that the line after the
    judged move does not play, the one that achieves most (``KEY_ORDER``),
    the earliest of equals: "Better: play the SB on build pile 2 as an 8,
    which frees your stock 9." A key move that cannot be played yet is said
    as the end of a line: "Better: a line of 7 moves in which you play ...".
    A key move that can be played now but alone (the turn ended after it) is
    worth no more than the judged move is said as the line that makes the
    point: "Better: a line of 2 moves: play the 11 ..., then play the SB ...".
    """
    from .principles import along, phrase_of
    from .reasons import achievements

    played = set(after.moves)
    candidates = []
    for index, (state, move) in enumerate(along(view, best.moves)):
        if move not in played:
            achieved = achievements(state, move, best.moves[index + 1:])
            rank = min((KEY_ORDER.index(a.kind) for a in achieved if a.kind in KEY_ORDER), default=len(KEY_ORDER))
            candidates.append((rank, index, state, move, _said_besides(achieved)))
    if not candidates:  # the same moves in another order
        return best.moves[0], say(BETTER, template, move=phrase_of(view, best.moves[0]))
    _, index, state, key, achieved = min(candidates, key=lambda candidate: candidate[:2])
    fields = {"move": phrase_of(state, key), "count": index + 1, "first": phrase_of(view, best.moves[0])}
    if index and not _playable_now(view, state, key):  # it waits on the moves before it
        template = f"{template}-later"
    elif not _worth_alone(search, key, after_value):  # the point is a line, not this move alone
        if index:  # what it achieves it achieves where the line plays it
            template = f"{template}-later"
        else:
            count, line = _line_needed(view, search, best, after_value)
            frees = achieved and achieved[0].kind == "frees-stock" and count == 2  # "which frees ..." says it
            if count > 1 and not frees:
                return key, line(template)
    if achieved:
        return key, say(BETTER, f"{template}-achieves", achieves=achieved[0].text, **fields)
    return key, say(BETTER, template, **fields)


def _said_besides(achieved) -> list:
    """The achievements of a move that its own words do not say already (``PLAIN_ACHIEVEMENTS``, a discard's)."""
    return [a for a in achieved if a.kind not in PLAIN_ACHIEVEMENTS and not a.kind.startswith("discard-")]


def _worth_alone(search: TurnSearch, key: Move, after_value: float) -> bool:
    """Whether ``key``, played now and the turn ended at once, is worth more than the judged move's line (a key
    move that empties the hand is its own point: the new cards)."""
    alone = search.value_alone(key)
    return alone is None or alone > after_value + BEST_MARGIN


def _line_needed(view: GameState, search: TurnSearch, best: Turn, after_value: float):
    """The shortest start of the best turn that, the turn ended after it, is worth more than the judged move's
    line (all its plays where none is): how many moves, and a function of the template family ("key",
    "slightly") that says it."""
    from .principles import along, phrase_of
    from .reasons import achievements

    values = search.stop_values()
    count = next((at + 1 for at, value in enumerate(values) if value > after_value + BEST_MARGIN),
                 sum(1 for move in best.moves if not (isinstance(move, Transfer) and move.is_discard)))
    steps = list(along(view, best.moves))[:max(count, 1)]
    moves = phrase_of(*steps[0])
    for state, move in steps[1:]:
        moves = say(LINES, "then", earlier=moves, later=phrase_of(state, move))
    state, last = steps[-1]
    achieved = _said_besides(achievements(state, last, best.moves[count:]))
    if achieved:
        return count, lambda template: say(BETTER, f"{template}-line-achieves", count=count, moves=moves,
                                           achieves=achieved[0].text)
    return count, lambda template: say(BETTER, f"{template}-line", count=count, moves=moves)


def _playable_now(view: GameState, state: GameState, move: Move) -> bool:
    """Whether ``move``, said as it is played in ``state`` further along a line, can be played as said in
    ``view`` now: legal, and the same card from the same pile onto a pile at the same value (an SB on build
    pile 1 "as a 1" is no move of the position where pile 1 shows an 11)."""
    from .principles import phrase_of

    return check_move(view, move).legal and phrase_of(view, move) == phrase_of(state, move)


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


def _stated_chances(search: TurnSearch, after_turn) -> tuple[dict[int, Chance], dict[int, Chance]]:
    """The chance, as the coach says it, that the opponent of ``_opponent_wins_next`` wins on the next turn
    after the move's best turn and after the best turn, by their seat."""
    found = search.threat(after_turn)
    if found is None:
        return {}, {}
    seat = search.opponent_seat(found)
    best = search.threat(search.best())
    return {seat: found.said}, {seat: best.said if best is not None and best.seat == found.seat else Chance(0.0)}


def _after_unseen(view: GameState, move: Transfer, weights: Weights, search: TurnSearch,
                  searches: Optional[Judge] = None):
    """Value the move by applying it to the view, for moves the search cannot follow (unseen cards); the search
    of the position after it is one of ``searches``, and counts against their budget, where they are given."""
    try:
        after = apply_move(view, move).state
    except (AssertionError, ValueError, IndexError):
        return 0.0, None
    if after.phase is Phase.OVER:
        return WIN, search.best()
    if after.phase is not Phase.PLAY:
        return 0.0, None
    following = searches.search(after) if searches else TurnSearch(after, weights)
    line = following.best()
    return following.value, line._replace(moves=(move, *line.moves))
