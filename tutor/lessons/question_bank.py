"""The questions players ask about the rules, per language, each with the entries that answer it.

The bank lives in ``questions/LANG.yaml`` next to this module, in two parts:
``tuning``, whose questions the ranking reads as words of the entries they
name first (and whose yes or no a like question takes), and ``held-out``,
which the ranking never sees: the measure of how well it answers questions
it was not shaped on. Each question maps to a list: ``yes`` or ``no`` first
where it asks one and that is the answer, then the ids of the entries that
answer it, best first.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from ..i18n.data import translation_data

PARTS = ("tuning", "held-out")


@dataclass(frozen=True)
class Asked:
    """A question of the bank: what was asked, the entries that answer it (best first) and its yes (True) or
    no (False), None when it asks none."""

    question: str
    entries: tuple[str, ...]
    reply: bool | None = None


@dataclass(frozen=True)
class QuestionBank:
    tuning: tuple[Asked, ...]
    held_out: tuple[Asked, ...]


def bank_file(spoken: str) -> str:
    return f"{spoken}.yaml"


@cache
def question_bank(spoken: str) -> QuestionBank:
    """The question bank of language ``spoken``; ``ValueError`` naming the file and question if it is malformed."""
    data = translation_data("tutor.lessons", "questions", bank_file(spoken))
    file = f"questions/{bank_file(spoken)}"
    if not isinstance(data, dict) or set(data) != set(PARTS):
        raise ValueError(f"{file}: the bank holds exactly the parts {', '.join(PARTS)}")
    parts = {part: tuple(_asked(question, said, file) for question, said in (data[part] or {}).items())
             for part in PARTS}
    return QuestionBank(parts["tuning"], parts["held-out"])


def _asked(question: object, said: object, file: str) -> Asked:
    if not isinstance(question, str) or not isinstance(said, list) or not said:
        raise ValueError(f"{file}: {question!r} needs a list of the entries that answer it")
    reply = said[0] if isinstance(said[0], bool) else None
    entries = said[1:] if reply is not None else said
    if not entries or not all(isinstance(key, str) for key in entries):
        raise ValueError(f"{file}: {question!r} names no entry")
    return Asked(question, tuple(entries), reply)
