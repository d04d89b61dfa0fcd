"""What a course is made of: stages of explanations and exercises, and the text of a paragraph as the terminal wraps it.

``course`` reads them from files and checks them; ``course_words`` gives them the words of a translation.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Optional, Union

from ..engine.cards import is_short_number
from ..engine.position import position_from_data
from ..engine.state import GameState

_ITEM = re.compile(r"^(\d+\.|-|[A-Z][A-Z ]+ -) ")


def reflow(text: str) -> str:
    """Join the lines of each paragraph so the terminal can wrap them; list items keep their own line.

    A list item starts with ``1.``, ``-`` or a word in capitals and a dash (``STOCK - ...``).
    """
    paragraphs = []
    for paragraph in re.split(r"\n\s*\n", text.strip()):
        lines: list[str] = []
        for line in paragraph.splitlines():
            line = line.strip()
            if lines and not _ITEM.match(line):
                lines[-1] += " " + line
            else:
                lines.append(line)
        paragraphs.append("\n".join(lines))
    return "\n\n".join(paragraphs)


@dataclass(frozen=True)
class Explanation:
    """A few sentences to read, with a board to look at when it helps."""

    text: str
    board: Optional[dict[str, Any]] = None
    id: str = ""  # how a translation names it (the built-in course gives every explanation one)


@dataclass(frozen=True)
class WrongAnswer:
    """A tempting wrong answer: moves (or a choice, or a number) and why it fails."""

    answer: Union[tuple[str, ...], int]
    rule: Optional[str] = None  # the rule id the engine must give, for moves
    say: str = ""
    principle: Optional[str] = None  # the strategy principle the analysis must name, for weak moves


@dataclass(frozen=True)
class Exercise:
    """One exercise of any kind; fields that a kind does not use stay empty."""

    id: str
    kind: str  # "moves", "choice" or "number"
    ask: str
    hint: str
    done: str
    solution: tuple[str, ...] = ()
    position: Optional[dict[str, Any]] = None
    goal: str = ""
    count: int = 1  # stock cards to play, for the ``stock`` goal
    without_play: bool = False  # for the ``end-turn`` goal
    accept: tuple[tuple[str, ...], ...] = ()
    finish: tuple[str, ...] = ()  # for a number question: the moves that end the round
    options: tuple[str, ...] = ()
    answer: Optional[int] = None
    wrong: tuple[WrongAnswer, ...] = ()
    where: str = field(default="", compare=False)  # file:line:column and step, for problems found later

    def start_state(self) -> GameState:
        """The position the exercise starts from (a fresh one each time)."""
        assert self.position is not None
        return position_from_data(self.position)

    def wrong_for(self, answer: Union[tuple[str, ...], int]) -> Optional[WrongAnswer]:
        for wrong in self.wrong:
            if wrong.answer == answer:
                return wrong
        return None


Step = Union[Explanation, Exercise]


@dataclass(frozen=True)
class Stage:
    """One stage of the course."""

    number: int
    id: str
    title: str
    summary: str
    steps: tuple[Step, ...] = ()
    where: str = field(default="", compare=False)  # file:line:column of its id, for problems found later

    @property
    def exercises(self) -> tuple[Exercise, ...]:
        return tuple(step for step in self.steps if isinstance(step, Exercise))


@dataclass(frozen=True)
class Course:
    stages: tuple[Stage, ...]
    title: str = "Skip-Bo course"  # the built-in course's title in English; a translation gives its own
    digest: str = ""  # of a teacher's course: the SHA-256 of its files' names and texts

    def find(self, word: str) -> Optional[Stage]:
        """The stage numbered ``word``, with id ``word``, or the one whose id starts with it."""
        found = self.matches(word)
        return found[0] if len(found) == 1 else None

    def matches(self, word: str) -> list[Stage]:
        """The stages ``word`` may mean: by number, by id, else every id that starts with it."""
        word = word.strip().lower()
        if is_short_number(word):
            number = int(word)
            return [s for s in self.stages if s.number == number]
        exact = [s for s in self.stages if s.id == word]
        return exact or [s for s in self.stages if word and s.id.startswith(word)]

    def after(self, stage: Stage) -> Optional[Stage]:
        index = self.stages.index(stage)
        return self.stages[index + 1] if index + 1 < len(self.stages) else None
