"""The course: stages of explanations and exercises, read from ``course/*.yaml``.

Each stage file holds an ``id``, a ``title``, a one-line ``summary`` and a
list of ``steps``. A step is either an explanation (``say``, optionally with
a ``board`` to show) or an exercise (``exercise``: its id, with a ``kind``):

- ``moves``: a position (SPEC §2 scenario data) and a ``goal`` the engine
  checks on the result of the learner's moves: ``stock`` (a stock card was
  played), ``end-turn`` (the turn ended legally; ``without_play`` to end it
  at once), ``win``, ``clear`` (a build pile reached 12), ``accept`` (the
  moves lead to the same position as one of the ``accept`` lines), or
  ``best`` (each move, as many as the solution has, is rated best by the
  analysis' ``assess_move``).
- ``choice``: a question with numbered ``options`` and the right ``answer``.
- ``number``: a question with a whole-number ``answer``; with a ``position``
  and ``finish`` moves that end the round, the answer is the winner's score.

Every exercise has a ``hint`` (shown after a wrong try), a ``solution``
(shown after three) and ``done`` (why the answer is right). ``wrong`` lists
tempting wrong answers, each with the rule that refuses it or a word on why
it is weak (and the strategy ``principle`` the analysis names for it); the
tests play every one of them through the engine.
"""

from __future__ import annotations

import hashlib
import os
from functools import cache
from importlib import resources
from typing import Any, Optional, Union

from ..files.folders import folder_files
from ..i18n import _, language
from ..i18n.data import translation_data
from ..engine.moves import Move
from ..engine.notation import NotationError, parse_move
from ..engine.state import GameState
from ..engine.position import Path, PositionError, position_from_data
from ..scenario.loader import ScenarioError, locate, parse_yaml, read_scenario_text
from .stages import Course, Exercise, Explanation, Stage, Step, WrongAnswer, reflow

GOALS = ("stock", "end-turn", "win", "clear", "accept", "best")
STAGE_KEYS = ("id", "title", "summary", "steps")
EXPLANATION_KEYS = ("say", "board", "id")
EXERCISE_KEYS = ("exercise", "kind", "ask", "hint", "done", "wrong")
KIND_KEYS = {
    "moves": ("position", "goal", "count", "without_play", "accept", "solution"),
    "choice": ("options", "answer", "board"),
    "number": ("answer", "position", "finish"),
}
WRONG_KEYS = ("answer", "rule", "say", "principle")
MAX_ANALYSED_MOVES = 200  # per course, as per scenario file (scenario.files.MAX_EXPECTATIONS): each a search


class CourseError(ValueError):
    """A lesson file or course that cannot be used; each of ``lines`` names the file, line, column and step."""

    def __init__(self, lines: list[str]):
        self.lines = lines
        super().__init__("\n".join(lines))


# -- loading --------------------------------------------------------------------


def load_course() -> Course:
    """The course shipped with the package, checked, in the language in use; raises ``CourseError``."""
    return Course(_shipped_stages(language()), _("Skip-Bo course"))


@cache
def _shipped_stages(spoken: str) -> tuple[Stage, ...]:
    folder = resources.files("tutor.lessons").joinpath("course")
    files = sorted((f for f in folder.iterdir() if f.name.endswith(".yaml")), key=lambda f: f.name)
    stages = course_from_texts([(f.name, f.read_text(encoding="utf-8")) for f in files]).stages
    if spoken == "en":
        return stages
    from .course_words import translated

    return tuple(translated(stage, course_translation(spoken, f.name)) for stage, f in zip(stages, files))


def course_translation(spoken: str, name: str) -> dict[str, Any]:
    """The words of stage file ``name`` in language ``spoken`` (``course/LANG/NAME``)."""
    return translation_data("tutor.lessons", "course", spoken, name)


def load_course_folder(folder: str | os.PathLike[str]) -> Course:
    """A teacher's course: the ``*.yaml`` stage files of ``folder`` in name order; ``CourseError`` if unusable."""
    course, problems = read_course_folder(folder)
    if course is not None and not problems:
        problems = analysis_problems(course)
    if problems or course is None:
        raise CourseError(problems)
    return course


def read_course_folder(folder: str | os.PathLike[str]) -> tuple[Optional[Course], list[str]]:
    """The stages of ``folder`` that can be read, and the problems of every file that cannot.

    The course is None when the folder itself is unusable; a course read with problems holds only the
    stages that could be read (and no digest: it is never remembered as sound).
    """
    name = str(folder)
    if not os.path.isdir(folder):
        if not os.path.exists(folder):
            return None, [_("{folder}: no such folder; a course is a folder of stage files (NN-name.yaml)").format(
                folder=name)]
        return None, [_("{folder}: is not a folder; a course is a folder of stage files (NN-name.yaml)").format(
            folder=name)]
    paths = folder_files(folder, (".yaml", ".yml"))
    if not paths:
        return None, [_("{folder}: holds no stage files (*.yaml)").format(folder=name)]
    files, problems = [], []
    for path in paths:
        if path.refused:
            problems.append(_("{path}: {refused}; a stage is a YAML file of the course folder").format(
                path=path.name, refused=path.refused))
            continue
        try:
            files.append((path.name, read_scenario_text(path.resolved, follow_link=False, name=path.name)))
        except ScenarioError as error:
            problems += error.lines()
    stages, found = _stages(files)
    problems += found
    title = os.path.basename(os.path.normpath(os.path.abspath(name)))
    return Course(stages, title, "" if problems else _digest(files)), problems


def analysis_problems(course: Course) -> list[str]:
    """A course whose wrong answers would ask the analysis to judge more moves than MAX_ANALYSED_MOVES.

    The wrong answers of ``best`` and ``accept`` exercises are judged by the analysis, move by move,
    each a search of a whole turn: checking the course would take minutes.
    """
    total = 0
    for stage in course.stages:
        for exercise in stage.exercises:
            if exercise.goal in ("best", "accept"):
                total += sum(len(wrong.answer) for wrong in exercise.wrong)
                if total > MAX_ANALYSED_MOVES:
                    return [_("{where}: the wrong answers of the best and accept exercises up to here hold {total} "
                              "moves for the analysis to judge; at most {most} are checked in one course: split it "
                              "into several courses").format(where=exercise.where, total=total,
                                                             most=MAX_ANALYSED_MOVES)]
    return []


def _digest(files: list[tuple[str, str]]) -> str:
    """The SHA-256 of the stage files' names and texts, in order: the same course has the same digest."""
    digest = hashlib.sha256()
    for path, text in files:
        for part in (os.path.basename(path), text):
            data = part.encode("utf-8", "surrogateescape")
            digest.update(len(data).to_bytes(8, "big") + data)
    return digest.hexdigest()


def course_from_texts(files: list[tuple[str, str]]) -> Course:
    """A course from its stage files, given as (name, text) in order; ``CourseError`` lists every problem."""
    stages, problems = _stages(files)
    if problems:
        raise CourseError(problems)
    return Course(stages)


def _stages(files: list[tuple[str, str]]) -> tuple[tuple[Stage, ...], list[str]]:
    """The stages of the files that can be read, and the problems of those that cannot."""
    stages: list[Stage] = []
    problems: list[str] = []
    seen: dict[str, str] = {}
    for number, (source, text) in enumerate(files, start=1):
        try:
            stage = parse_stage(text, source, number)
        except CourseError as error:
            problems += error.lines
            continue
        if stage.id in seen:
            problems.append(_("{where}: the stage id {id!r} is taken by {file}").format(where=stage.where, id=stage.id,
                                                                                        file=seen[stage.id]))
        seen.setdefault(stage.id, source)
        stages.append(stage)
    return tuple(stages), problems


def parse_stage(text: str, source: str, number: int) -> Stage:
    """One stage from the text of its YAML file; ``CourseError`` lists every problem with its line."""
    try:
        document = parse_yaml(text, source)
    except ScenarioError as error:
        raise CourseError(error.lines()) from None
    if document.problems:
        raise CourseError(ScenarioError(source, list(document.problems)).lines())
    data, marks = document.data, document.marks
    reader = _Reader(source, marks)
    if not isinstance(data, dict):
        raise reader.fail(_("a stage is a mapping with id, title, summary and steps"))
    steps = data.get("steps")
    if not isinstance(steps, list) or not steps:
        raise CourseError(reader.unknown_keys(data, STAGE_KEYS)
                          or reader.fail(_("a stage needs 'steps': a list of explanations and exercises"),
                                         "steps").lines)
    problems: list[str] = []
    parsed = []
    for index, step in enumerate(steps, start=1):
        try:
            parsed.append(reader.step(step, index))
        except CourseError as error:
            problems += error.lines
    seen: set[str] = set()
    for index, step in enumerate(steps, start=1):
        if isinstance(step, dict) and "exercise" in step:
            if str(step["exercise"]) in seen:
                reader.at(("steps", index - 1), _("step {number}").format(number=index))
                problems += reader.fail(_("two exercises share the id {id!r}").format(id=str(step["exercise"])),
                                        "exercise").lines
            seen.add(str(step["exercise"]))
    reader.at((), "")
    problems += reader.unknown_keys(data, STAGE_KEYS)
    heading = []
    for key in ("id", "title", "summary"):
        try:
            heading.append(reader.text(data, key))
        except CourseError as error:
            problems += error.lines
    if problems:
        raise CourseError(problems)
    return Stage(number, heading[0], heading[1], heading[2], tuple(parsed), reader.line(("id",), "").rstrip(": "))


def _answer_words(answer: Any) -> str:
    """A wrong answer as the file wrote it: moves joined by ``;``, or the number."""
    return "; ".join(map(str, answer)) if isinstance(answer, list) else str(answer)


class _Reader:
    """Turns the plain data of a stage file into steps, naming the file, line, column and step on any problem."""

    def __init__(self, source: str, marks: dict[Path, tuple[int, int]]):
        self.source = source
        self.marks = marks
        self.base: Path = ()
        self.where = ""

    def at(self, base: Path, where: str) -> None:
        """Problems from now on are about the value at ``base``, described as ``where`` (``step 3``)."""
        self.base, self.where = base, where

    def fail(self, message: str, *keys: Any) -> CourseError:
        """A problem with the value at ``keys`` below the current step."""
        return CourseError([self.line(self.base + keys, message)])

    def line(self, path: Path, message: str) -> str:
        row, column = locate(self.marks, path)
        where = f"{row}:{column}: " if row else " "
        return f"{self.source}:{where}{self.where + ': ' if self.where else ''}{message}"

    def unknown_keys(self, data: dict[str, Any], known: tuple[str, ...], *keys: Any) -> list[str]:
        """A problem on the line of each key of ``data`` that is not one of ``known``, with the key it may mean."""
        from difflib import get_close_matches

        from ..scenario.schema import KEY

        lines = []
        for key in data:
            if key in known:
                continue
            close = get_close_matches(str(key), known, n=1, cutoff=0.6)
            message = (_("unknown key {key!r}: did you mean {close!r}?").format(key=key, close=close[0]) if close
                       else _("unknown key {key!r} (the keys here: {keys})").format(key=key, keys=", ".join(known)))
            lines.append(self.line(self.base + keys + (key, KEY), message))
        return lines

    def check_keys(self, data: dict[str, Any], known: tuple[str, ...], *keys: Any) -> None:
        """``CourseError`` naming every unknown key of ``data`` (a misspelt key is reported here, on its own line,
        rather than as the key it should have been missing)."""
        lines = self.unknown_keys(data, known, *keys)
        if lines:
            raise CourseError(lines)

    def text(self, data: dict[str, Any], key: str, required: bool = True) -> str:
        value = data.get(key)
        if value is None and not required:
            return ""
        if key not in data:
            raise self.fail(_("{key!r} is missing: add it, with the words to show").format(key=key))
        if not isinstance(value, str) or not value.strip():
            raise self.fail(_("{key!r} has no words: write the text to show").format(key=key), key)
        return reflow(value)

    def step(self, data: Any, index: int) -> Step:
        self.at(("steps", index - 1), _("step {number}").format(number=index))
        if not isinstance(data, dict):
            raise self.fail(_("a step is a mapping with 'say' or 'exercise'"))
        if "say" in data:
            self.check_keys(data, EXPLANATION_KEYS)
            board = data.get("board")
            if board is not None:
                self.position(board, "board")
            return Explanation(self.text(data, "say"), board, str(data.get("id", "")))
        if "exercise" not in data:
            self.check_keys(data, EXPLANATION_KEYS + EXERCISE_KEYS)
            raise self.fail(_("a step needs 'say' (an explanation) or 'exercise' (an id)"))
        self.where = _("step {number} (exercise {id!r})").format(number=index, id=data["exercise"])
        kind = data.get("kind")
        reader = {"moves": self.moves, "choice": self.choice, "number": self.number}.get(kind)
        if reader is None:
            self.check_keys(data, tuple(dict.fromkeys(EXERCISE_KEYS + sum(KIND_KEYS.values(), ()))))
            raise self.fail(_("an exercise's kind is moves, choice or number, not {kind!r}").format(kind=kind)
                            if "kind" in data else _("'kind' is missing: add moves, choice or number"), "kind")
        self.check_keys(data, EXERCISE_KEYS + KIND_KEYS[kind])
        common = dict(id=str(data["exercise"]), kind=kind, ask=self.text(data, "ask"),
                      hint=self.text(data, "hint"), done=self.text(data, "done"),
                      where=self.line(self.base, "").rstrip(": "))
        return reader(data, common)

    def position(self, data: Any, key: str) -> GameState:
        if not isinstance(data, dict):
            raise self.fail(_("a position is a mapping in the scenario format") if data is not None
                            else _("{key!r} is missing: add the position, in the scenario format").format(key=key),
                            key)
        from ..scenario.schema import KEY, shape_problems

        unknown = [problem for problem in shape_problems(data) if problem.path[-1:] == (KEY,)]
        if unknown:
            raise CourseError([self.line(self.base + (key, *problem.path), problem.message) for problem in unknown])
        try:
            return position_from_data(data)
        except PositionError as error:
            raise CourseError([self.line(self.base + (key, *problem.path),
                                         _("impossible position: {problem}").format(problem=problem.message))
                               for problem in error.problems]) from None
        except (TypeError, AttributeError, ValueError, KeyError) as error:
            raise self.fail(_("malformed position: {problem}").format(problem=error), key) from None

    def move_list(self, value: Any, what: str, *keys: Any) -> tuple[str, ...]:
        if isinstance(value, str):
            value = [value]
        if not isinstance(value, list) or not value or not all(isinstance(m, str) for m in value):
            raise self.fail(_("{what} must be a move or a list of moves").format(what=what), *keys)
        for text in value:
            self.parse(text, *keys)
        return tuple(value)

    def parse(self, text: str, *keys: Any) -> Move:
        try:
            return parse_move(text)
        except NotationError as error:
            raise self.fail(str(error), *keys) from None

    def wrong(self, data: dict[str, Any], kind: str) -> tuple[WrongAnswer, ...]:
        found = []
        for number, entry in enumerate(data.get("wrong") or []):
            where = ("wrong", number)
            if not isinstance(entry, dict):
                raise self.fail(_("each wrong answer is a mapping with 'answer'"), *where)
            self.check_keys(entry, WRONG_KEYS, *where)
            if "answer" not in entry:
                raise self.fail(_("this wrong answer has no 'answer': add the answer a learner may give"), *where)
            if kind == "moves":
                answer: Union[tuple[str, ...], int] = self.move_list(entry["answer"], _("a wrong answer"),
                                                                     *where, "answer")
            elif isinstance(entry["answer"], int) and not isinstance(entry["answer"], bool):
                answer = entry["answer"]
            else:
                raise self.fail(_("a wrong answer here is a number, not {answer!r}").format(answer=entry["answer"]),
                                *where, "answer")
            rule, principle = entry.get("rule"), entry.get("principle")
            if (rule is not None or principle is not None) and kind != "moves":
                raise self.fail(_("only move answers name a rule or a principle"), *where)
            if rule is None and not entry.get("say"):
                raise self.fail(_("say why {answer} is wrong: add 'rule' (the rule that refuses it) or 'say' "
                                  "(your words)").format(answer=_answer_words(entry["answer"])), *where)
            found.append(WrongAnswer(answer, rule, reflow(str(entry.get("say") or "")), principle))
        return tuple(found)

    def moves(self, data: dict[str, Any], common: dict[str, Any]) -> Exercise:
        self.position(data.get("position"), "position")
        goal = data.get("goal")
        if "goal" not in data:
            raise self.fail(_("'goal' is missing: add what the moves must do, one of {goals}").format(
                goals=", ".join(GOALS)))
        if goal not in GOALS:
            raise self.fail(_("{goal!r} is not a goal: use one of {goals}").format(goals=", ".join(GOALS), goal=goal),
                            "goal")
        accept: tuple[tuple[str, ...], ...] = ()
        if goal == "accept":
            lines = data.get("accept")
            if not isinstance(lines, list) or not lines:
                raise self.fail(_("the accept goal needs 'accept': a list of accepted moves or move lists"), "goal")
            accept = tuple(self.move_list(line, _("an accepted line"), "accept", number)
                           for number, line in enumerate(lines))
        count = data.get("count", 1)
        if not isinstance(count, int) or count < 1:
            raise self.fail(_("count must be a whole number from 1"), "count")
        return Exercise(**common, position=data["position"], goal=goal, count=count,
                        without_play=bool(data.get("without_play", False)), accept=accept,
                        solution=self.move_list(data.get("solution"), _("the solution"), "solution"),
                        wrong=self.wrong(data, "moves"))

    def choice(self, data: dict[str, Any], common: dict[str, Any]) -> Exercise:
        options = data.get("options")
        if not isinstance(options, list) or len(options) < 2:
            raise self.fail(_("a choice needs at least two 'options' (texts)"), "options")
        for number, option in enumerate(options, start=1):
            if not isinstance(option, str):
                raise self.fail(_("option {number} ({option}) is not a text: put it in quotes, as '{option}', so "
                                  "that YAML reads it as the words of an option").format(number=number, option=option),
                                "options", number - 1)
        answer = data.get("answer")
        if not isinstance(answer, int) or not 1 <= answer <= len(options):
            raise self.fail(_("'answer' must be the number of an option, 1 to {count}").format(count=len(options)),
                            "answer")
        wrong = self.wrong(data, "choice")
        if any(not 1 <= w.answer <= len(options) or w.answer == answer for w in wrong):
            raise self.fail(_("each wrong answer must be the number of another option"), "wrong")
        board = data.get("board")
        if board is not None:
            self.position(board, "board")
        return Exercise(**common, options=tuple(options), answer=answer, wrong=wrong, position=board,
                        solution=(options[answer - 1],))

    def number(self, data: dict[str, Any], common: dict[str, Any]) -> Exercise:
        answer = data.get("answer")
        if not isinstance(answer, int) or isinstance(answer, bool):
            raise self.fail(_("'answer' must be a whole number"), "answer")
        position = data.get("position")
        finish: tuple[str, ...] = ()
        if position is not None:
            self.position(position, "position")
            finish = self.move_list(data.get("finish"), "'finish'", "finish") if "finish" in data else ()
        wrong = self.wrong(data, "number")
        if any(w.answer == answer for w in wrong):
            raise self.fail(_("a wrong answer equals the answer"), "wrong")
        return Exercise(**common, position=position, finish=finish, answer=answer, wrong=wrong,
                        solution=(str(answer),))
