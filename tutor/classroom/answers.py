"""A scenario's expectations in words: the answer key of worksheets and quizzes.

Each ``KeyEntry`` holds the moves an expectation plays, what it expects (the
terse summary ``tutor scenario test`` prints), and why: the engine's own
reason for its ruling on the last move, and the rule or strategy principle at
stake in the words of ``tutor rules``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from ..lessons.reference import reference_entries
from ..scenario.expectations import Expectation, final_ruling
from ..scenario.loader import Scenario


@dataclass(frozen=True)
class KeyEntry:
    """One expectation of the answer key, in words."""

    moves: str
    expected: str
    reason: str  # the engine's reason for its ruling on the last move
    rule: Optional[str]  # the rule id or principle id at stake, if any
    rule_words: str  # that rule or principle in plain words
    note: str


def answer_key(scenario: Scenario, expectations: list[Expectation]) -> list[KeyEntry]:
    """The expectations of ``scenario`` in words, in the order of the file."""
    return [key_entry(scenario, expectation) for expectation in expectations]


def key_entry(scenario: Scenario, expectation: Expectation) -> KeyEntry:
    ruling = final_ruling(scenario.state, expectation)
    rule = expectation.wanted.get("rule") or expectation.wanted.get("principle")
    return KeyEntry(
        moves=expectation.moves_text,
        expected=expectation.summary,
        reason=ruling.reason if ruling is not None else "",
        rule=rule,
        rule_words=rule_in_words(rule) if rule else "",
        note=str(expectation.wanted.get("note") or ""),
    )


def rule_in_words(rule_id: str) -> str:
    """A rule or principle as ``tutor rules`` explains it: its title and explanation, without the example."""
    entry = reference_entries().get(rule_id)
    return f"{entry.title}. {entry.text}" if entry else ""
