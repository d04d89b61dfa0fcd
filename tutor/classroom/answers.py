"""A scenario's expectations in words: the answer key of worksheets and quizzes.

Each ``KeyEntry`` holds the moves an expectation plays, what it expects in
plain words, and why: the engine's own
reason for its ruling on the last move, and the rule or strategy principle at
stake in the words of ``tutor rules``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from ..coach.reasons import Step, achievements
from ..coach.search import SearchError, TurnSearch
from ..engine import GameState, Move, format_move
from ..engine.view import player_view
from ..lessons.reference import reference_entries
from ..scenario.expectations import Expectation, final_ruling, played_moves
from ..scenario.loader import Scenario
from .expected import expected_in_words
from .texts import text


@dataclass(frozen=True)
class KeyEntry:
    """One expectation of the answer key, in words."""

    moves: str
    expected: str
    reason: str  # why the best moves are best, or the engine's reason for its ruling on the last move
    rule: Optional[str]  # the rule id or principle id at stake, if any
    rule_words: str  # that rule or principle in plain words
    note: str


def answer_key(scenario: Scenario, expectations: list[Expectation]) -> list[KeyEntry]:
    """The expectations of ``scenario`` in words, in the order of the file."""
    return [key_entry(scenario, expectation) for expectation in expectations]


def key_entry(scenario: Scenario, expectation: Expectation) -> KeyEntry:
    ruling = final_ruling(scenario.state, expectation)
    rule = expectation.wanted.get("rule") or expectation.wanted.get("principle")
    reason = ruling.reason if ruling is not None else ""
    if ruling is not None and _wants_legal(expectation) is not None and _wants_legal(expectation) != ruling.legal:
        reason = text("key-engine-legal" if ruling.legal else "key-engine-illegal", reason=ruling.reason)
    elif _is_best(expectation) and ruling is not None and ruling.legal:
        reason = best_reason(scenario, expectation)
    played = played_moves(scenario.state, expectation)
    mover = played[-1][0].mover.name if played else None
    if reason and mover is not None and mover != scenario.state.mover.name:
        reason = text("key-said-to", name=mover, reason=reason)  # the engine speaks to the one who moves
    return KeyEntry(
        moves=expectation.moves_text,
        expected=expected_in_words(expectation),
        reason=reason,
        rule=rule,
        rule_words=rule_in_words(rule) if rule else "",
        note=str(expectation.wanted.get("note") or ""),
    )


def best_reason(scenario: Scenario, expectation: Expectation) -> str:
    """Why the moves of a best line are best: what each achieves, in the words of ``tutor hint``.

    A move is judged with the rest of the best turn it begins, so that a move that frees a stock card
    for later says so.
    """
    played = played_moves(scenario.state, expectation)
    line = _best_line(played)
    return " ".join(Step(move, "", achievements(state, move, line[index + 1:])).reason
                    for index, (state, move) in enumerate(played))


def _best_line(played: list[tuple[GameState, Move]]) -> tuple[Move, ...]:
    """The moves played, and after them the rest of the best turn that begins with them (what they prepare)."""
    line = tuple(move for _, move in played)
    state, first = played[0]
    try:
        turn = TurnSearch(player_view(state, state.turn)).best_after(first)
    except SearchError:
        return line
    begins = [format_move(move) for move in turn.moves[:len(line)]] == [format_move(move) for move in line]
    return turn.moves if begins else line


def _wants_legal(expectation: Expectation) -> Optional[bool]:
    """Whether the expectation has its last move legal (every quality and outcome needs it), or None."""
    wanted = expectation.wanted
    if "legal" in wanted:
        return bool(wanted["legal"])
    if expectation.avoid or any(key in wanted for key in ("quality", "principle", "best", "then")):
        return True
    return None


def _is_best(expectation: Expectation) -> bool:
    wanted = expectation.wanted
    return not expectation.avoid and not expectation.several_turns and (
        wanted.get("best") is True or wanted.get("quality") == "best")


def rule_in_words(rule_id: str) -> str:
    """A rule or principle as ``tutor rules`` explains it: its title and explanation, without the example."""
    entry = reference_entries().get(rule_id)
    return f"{entry.title}. {entry.text}" if entry else ""
