"""Checking a course against the engine: every solution reaches its goal, every wrong answer is refused.

``course_problems(course)`` plays each exercise's solution, accepted lines
and listed wrong answers through the judge, and works out the answer of each
scoring question from the engine's score, as the project's tests do for the
built-in course; each problem names the exercise's file, line and step.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
from pathlib import Path
from typing import Optional

from ..engine.notation import parse_move
from ..engine.play import IllegalMove
from ..engine.rules import RULES, UnknownPlayer
from ..files.writing import write_atomically
from ..i18n import N_, _
from .stages import Course, Exercise
from .judge import Attempt, Feedback, Status, expected_answer, judge_answer
from .progress import cache_dir

NOT_YET = N_("the goal is not reached yet")  # a line whose moves are all played without reaching the goal
SOUND_COURSES = "sound-courses"  # in the cache directory: one empty file per course found sound


def checked_course_problems(course: Course) -> list[str]:
    """``course_problems``, worked out once per content: a teacher's course found sound is remembered in the
    user's cache directory (never in the course folder), keyed by the SHA-256 of its files and of the tutor's
    own code, so a changed file or a new version of the tutor checks it again."""
    marker = _sound_marker(course)
    if marker is not None and marker.is_file():
        return []
    problems = course_problems(course)
    if not problems and marker is not None:
        with contextlib.suppress(OSError):  # a cache that cannot be written only costs the check next time
            marker.parent.mkdir(parents=True, exist_ok=True)
            write_atomically(marker, f"{course.title}\n")
    return problems


def _sound_marker(course: Course) -> Optional[Path]:
    if not course.digest:
        return None
    key = hashlib.sha256(f"{course.digest}/{_code_digest()}".encode("ascii")).hexdigest()
    return cache_dir() / SOUND_COURSES / key


@functools.cache
def _code_digest() -> str:
    """The SHA-256 of the tutor's own files (code, course and rule texts): what a course is checked against."""
    root = Path(__file__).resolve().parent.parent
    digest = hashlib.sha256()
    for path in sorted(root.rglob("*")):
        if path.suffix in (".py", ".yaml", ".json") and path.is_file():
            digest.update(str(path.relative_to(root)).encode("utf-8") + b"\0" + path.read_bytes())
    return digest.hexdigest()


def course_problems(course: Course) -> list[str]:
    """Every disagreement between the course's answers and the engine, as ``file:line:column: ...`` lines."""
    problems = []
    for stage in course.stages:
        for exercise in stage.exercises:
            check = _moves_problems if exercise.kind == "moves" else _question_problems
            problems += [f"{exercise.where}: {problem}" for problem in check(exercise)]
    return problems


def played(exercise: Exercise, moves: tuple[str, ...]) -> list[Feedback]:
    """The feedback on each move of ``moves`` in a fresh attempt, until one ends the try."""
    attempt = Attempt(exercise)
    results = []
    for text in moves:
        feedback = attempt.submit(parse_move(text))
        results.append(feedback)
        if feedback.status is not Status.CONTINUE:
            break
    return results


def _moves_problems(exercise: Exercise) -> list[str]:
    problems = []
    for name, line in [(_("the solution"), exercise.solution), *((_("an accepted line"), a) for a in exercise.accept)]:
        try:
            results = played(exercise, line)
        except (IllegalMove, UnknownPlayer) as error:
            problems.append(_("{name} ({moves}) cannot be played: {error}").format(name=name, moves="; ".join(line),
                                                                                   error=error))
            continue
        if results[-1].status is not Status.SOLVED or len(results) != len(line):
            last = results[-1]
            why = last.message if last.status is not Status.CONTINUE and last.message else _(NOT_YET)
            problems.append(_("{name} ({moves}) does not reach the goal: after '{move}': {why}").format(
                name=name, moves="; ".join(line), move=line[len(results) - 1], why=why))
    for wrong in exercise.wrong:
        answer = "; ".join(wrong.answer)
        try:
            results = played(exercise, wrong.answer)
        except (IllegalMove, UnknownPlayer) as error:
            problems.append(_("the wrong answer ({answer}) cannot be played: {error}").format(answer=answer,
                                                                                              error=error))
            continue
        last = results[-1]
        if not last.wrong or len(results) != len(wrong.answer):
            refused = _("the wrong answer ({answer}) is not refused: {message}").format(answer=answer,
                                                                                        message=last.message)
            if exercise.goal != "best" and not last.rule:  # legal moves: only the best goal refuses them
                refused += " " + _("(a legal move is refused only with goal: best, which wants every move among "
                                   "the best)")
            problems.append(refused)
        elif wrong.rule and wrong.rule not in RULES:
            problems.append(_("the wrong answer ({answer}) names {rule!r}, which is not a rule id (tutor rules "
                              "lists them)").format(answer=answer, rule=wrong.rule))
        elif wrong.rule and last.rule != wrong.rule:
            problems.append(_("the wrong answer ({answer}) breaks {found}, not {rule}: {message}").format(
                answer=answer, found=last.rule or _("no rule"), rule=wrong.rule, message=last.message))
        elif wrong.principle and wrong.principle not in last.principles:
            found = ", ".join(last.principles) or _("none")
            problems.append(_("the analysis names {found} for the wrong answer ({answer}), not {principle}").format(
                found=found, answer=answer, principle=wrong.principle))
    return problems


def _question_problems(exercise: Exercise) -> list[str]:
    try:
        expected = expected_answer(exercise)
    except (IllegalMove, UnknownPlayer) as error:
        return [_("the 'finish' moves cannot be played: {error}").format(error=error)]
    if expected != exercise.answer:
        return [_("the answer is {answer}, but the engine scores the finished round {expected}").format(
            answer=exercise.answer, expected=expected)]
    if judge_answer(exercise, exercise.answer).status is not Status.SOLVED:
        return [_("the answer {answer} is not accepted").format(answer=exercise.answer)]
    return []
