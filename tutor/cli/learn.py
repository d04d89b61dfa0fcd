"""``tutor learn``: the interactive course, with progress kept between runs."""

from __future__ import annotations

import hashlib
import os
import re
import sys
from typing import TYPE_CHECKING, Any, Callable, Optional

import typer

from ..engine.cards import is_short_number, quoted
from ..i18n.grammar import capitalized
from ..lessons.course import CourseError, load_course, load_course_folder
from ..lessons.stages import Course, Exercise, Explanation, Stage
from ..lessons.progress import COURSES, HOME_VARIABLE, Progress, ProgressError, ProgressStore, data_dir
from ..lessons.texts import text as says
from ..play.words import move_to_type
from .interrupts import shielded
from .output import console as make_console, print_json, printable, shell_quoted, unusable
from .move_choices import ambiguity_said, move_groups, said_groups, typed_moves
from .prompt import Quit, ask
from .prompt_words import command, offered, shown, shown_words
from .streams import require_input

if TYPE_CHECKING:
    from rich.console import Console

TRIES = 3
EXIT_INTERRUPTED = 130


def learn_command(
    stage: Optional[str] = typer.Argument(None, help="Jump to a stage: its number or name (see --list)."),
    list_stages: bool = typer.Option(False, "--list", help="List the stages with your progress and exit."),
    reset: bool = typer.Option(False, "--reset", help="Forget all progress and exit."),
    as_json: bool = typer.Option(False, "--json", help="With --list: the stages and progress as one JSON document."),
    course_dir: Optional[str] = typer.Option(None, "--course", metavar="DIR",
                                             help="Take a course of your own: a folder of stage files."),
) -> None:
    """Learn the rules step by step; picks up where you stopped."""
    if as_json and not list_stages:
        unusable([says("json-with-list")], as_json=True, kind="usage")
    course, store = open_course(course_dir, as_json)
    command = "tutor learn" if course_dir is None else f"tutor learn --course {shell_quoted(course_dir)}"
    if reset:
        try:
            had = store.reset()
        except ProgressError as error:
            unusable([str(error)], as_json=as_json, kind="progress")
        typer.echo(says("progress-cleared" if had else "no-progress"))
        return
    try:
        progress = store.load()
    except ProgressError as error:
        unusable([str(error)], as_json=as_json, kind="progress")
    if as_json:
        print_json({"stages": overview_data(course, progress)})
        return
    console = make_console()
    if list_stages:
        print_overview(console, course, progress, command)
        return
    start = course.find(stage) if stage else resume_stage(course, progress)
    if stage and start is None:
        unusable([stage_not_found(course, stage)], as_json=as_json, kind="usage")
    if start is None:
        print_overview(console, course, progress, command)
        console.print(says("course-done", command=command), soft_wrap=True)  # a course's path never broken
        return
    require_input(command)
    if not stage:
        print_overview(console, course, progress, command)
    session = Session(console, course, progress, store, ask)
    try:
        session.run(start)
    except Quit:
        session.save()
        console.print("\n" + says("saved" if session.can_save else "stopped", command=command), soft_wrap=True)
    except KeyboardInterrupt:
        with shielded():  # a second Ctrl-C cannot cut the save or its line short
            session.save()
            stage_id = session.progress.current
            console.print("\n" + (says("interrupted-saved", command=command) if session.can_save
                                  else says("interrupted", command=command, stage=stage_id)), soft_wrap=True)
        raise typer.Exit(EXIT_INTERRUPTED)


def open_course(folder: Optional[str], as_json: bool) -> tuple[Course, ProgressStore]:
    """The built-in course, or a teacher's from ``folder`` checked against the engine, and where its progress lives.

    A teacher's course keeps its progress apart from the built-in one, in a folder named after the
    course's folder, so that stage ids may repeat between courses.
    """
    try:
        if folder is None:
            return load_course(), ProgressStore()
        course = load_course_folder(folder)
    except CourseError as error:
        lines = error.lines if folder is not None else [says("builtin-broken", error=error)]
        unusable(lines, as_json=as_json, kind="course")
    from ..lessons.course_check import checked_course_problems

    problems = checked_course_problems(course)
    if problems:
        unusable([*problems, says("course-broken", folder=shell_quoted(folder))], as_json=as_json, kind="course")
    return course, ProgressStore(data_dir() / COURSES / course_key(folder))


def course_key(folder: str) -> str:
    """A folder name for a course's progress: the course folder's name and a digest of its full path."""
    path = os.path.realpath(folder)
    name = re.sub(r"[^A-Za-z0-9_-]+", "-", os.path.basename(path)).strip("-")[:40] or "course"
    return f"{name}-{hashlib.sha256(os.fsencode(path)).hexdigest()[:12]}"


def stage_not_found(course: Course, word: str) -> str:
    """Why ``word`` names no stage: the stages it could mean, or else all of them."""
    candidates = course.matches(word)
    if len(candidates) > 1:
        return says("which-stage", word=quoted(word), names=", ".join(f"{s.number} {s.id}" for s in candidates))
    return says("no-stage", word=quoted(word), names=", ".join(f"{s.number} {s.id}" for s in course.stages))


def resume_stage(course: Course, progress: Progress) -> Optional[Stage]:
    """The stage to go on with: the current one if unfinished, else the first unfinished one."""
    current = course.find(progress.current) if progress.current else None
    if current is not None and not is_finished(current, progress):
        return current
    return next((s for s in course.stages if not is_finished(s, progress)), None)


def is_finished(stage: Stage, progress: Progress) -> bool:
    saved = progress.stages.get(stage.id)
    return saved is not None and saved.next_step >= len(stage.steps)


def overview_data(course: Course, progress: Progress) -> list[dict[str, Any]]:
    """The stages and the learner's progress in each, as plain data."""
    rows = []
    for stage in course.stages:
        saved = progress.stages.get(stage.id)
        rows.append({
            "number": stage.number, "id": stage.id, "title": stage.title,
            "steps": len(stage.steps), "next_step": min(saved.next_step, len(stage.steps)) if saved else 0,
            "exercises": [e.id for e in stage.exercises],
            "solved": list(saved.solved) if saved else [], "shown": list(saved.shown) if saved else [],
            "finished": is_finished(stage, progress),
        })
    return rows


def print_overview(console: "Console", course: Course, progress: Progress, command: str = "tutor learn") -> None:
    """The stages with how far the learner got in each."""
    from rich.table import Table
    from rich.text import Text

    table = Table(title=Text(course.title, style="bold"), title_justify="left", box=None,
                  show_header=False, pad_edge=False, padding=(0, 1))
    table.add_column(justify="right", no_wrap=True)
    table.add_column(style="cyan", no_wrap=True)
    table.add_column(ratio=1)
    table.add_column(no_wrap=True)
    for row in overview_data(course, progress):
        if row["finished"]:
            state, style = says("state-done"), "green"
        elif row["next_step"]:
            state, style = says("state-step", step=row["next_step"] + 1, steps=row["steps"]), "yellow"
        else:
            state, style = says("state-new"), "dim"
        progress_line = says("state-solved", state=state, solved=len(row["solved"]), total=len(row["exercises"]))
        table.add_row(f"{row['number']}.", Text(row["id"]), Text(row["title"]), Text(progress_line, style=style))
    console.print(table)
    console.print(Text(says("list-help", command=command), style="dim"), soft_wrap=True)  # a path never broken


class Session:
    """One run of the course: shows steps, takes answers, saves progress after every step."""

    def __init__(self, console: "Console", course: Course, progress: Progress, store: ProgressStore,
                 ask: Callable[..., str]):
        self.console = console
        self.course = course
        self.progress = progress
        self.store = store
        self.ask = ask
        self.can_save = True

    def save(self) -> None:
        if not self.can_save:
            return
        try:
            self.store.save(self.progress)
        except ProgressError as error:
            self.can_save = False
            sys.stderr.write(says("cannot-keep", problem=printable(str(error)), variable=HOME_VARIABLE) + "\n")

    def run(self, stage: Stage) -> None:
        """Go through ``stage`` from where the learner stopped, then on through the course."""
        current: Optional[Stage] = stage
        while current is not None:
            self.run_stage(current)
            current = self.course.after(current)
            if current is not None:
                self.console.print("\n" + says("next-stage", number=current.number, title=current.title))
                self.ask(says("go-on", quit=shown("quit")))
        self.console.print("\n" + says("last-stage", play="tutor play"))

    def run_stage(self, stage: Stage) -> None:
        from rich.rule import Rule
        from rich.text import Text

        saved = self.progress.stage(stage.id)
        again = saved.next_step >= len(stage.steps)  # a finished stage, taken again: it stays finished
        index = 0 if again else saved.next_step
        self.progress.current = stage.id
        self.save()
        self.console.print()
        self.console.print(Rule(Text(says("stage-heading", number=stage.number, count=len(self.course.stages),
                                          title=stage.title))))
        self.console.print(stage.summary, markup=False, highlight=False)
        if again:
            self.console.print(says("stage-again"), style="dim")
        taken = unaided = 0  # exercises taken in this sitting, and those right at the first try without a hint
        while index < len(stage.steps):
            step = stage.steps[index]
            self.console.print()
            self.console.print(says("step-of", number=index + 1, count=len(stage.steps)), style="dim")
            if isinstance(step, Explanation):
                self.explain(step)
            else:
                runner = ExerciseRunner(self.console, step, self.ask)
                solved = runner.run()
                saved.record(step.id, solved)
                taken += 1
                unaided += solved and runner.unaided
            index += 1
            saved.next_step = max(saved.next_step, index)
            self.save()
        self.console.print()
        self.console.print(says("stage-complete", number=stage.number, solved=len(saved.solved),
                                total=len(stage.exercises)), style="bold green", markup=False)
        if taken:
            self.console.print(says("stage-unaided", unaided=unaided, taken=taken), markup=False)

    def explain(self, step: Explanation) -> None:
        from rich.text import Text

        self.console.print(Text(step.text))
        if step.board is not None:
            from ..engine.position import position_from_data
            from .board import board

            self.console.print()
            self.console.print(board(position_from_data(step.board)))
        self.ask(says("go-on", quit=shown("quit")))


class ExerciseRunner:
    """One exercise: the question, the learner's tries, hints, and the solution after three misses."""

    def __init__(self, console: "Console", exercise: Exercise, ask: Callable[..., str]):
        self.console = console
        self.exercise = exercise
        self.ask = ask
        self.misses = 0
        self.hinted = False

    def say(self, text: str, style: str = "") -> None:
        from rich.text import Text

        self.console.print(Text(text, style=style))

    def run(self) -> bool:
        """True when the learner found the answer within three tries."""
        self.say(self.exercise.ask, "bold")
        if self.exercise.kind == "moves":
            return self.run_moves()
        return self.run_question()

    def missed(self, message: str, note: str = "", rule: Optional[str] = None,
               principles: tuple[str, ...] = ()) -> bool:
        """Report a wrong try; True when the tries are used up and the solution was shown."""
        self.misses += 1
        self.say(says("not-quite", message=capitalized(message)), "red")
        if note:
            self.say(note)
        if rule:
            self.say(says("see-rule", rule=rule), "dim")
        for principle in principles:
            self.say(says("see-principle", principle=principle), "dim")
        if self.misses >= TRIES:
            self.say(says("solution", solution=" ; ".join(self.exercise.solution)), "bold")
            self.say(self.exercise.done)
            self.ask(says("go-on", quit=shown("quit")))
            return True
        self.show_hint()
        return False

    @property
    def unaided(self) -> bool:
        """No miss and no hint so far."""
        return not self.misses and not self.hinted

    def show_hint(self) -> None:
        self.hinted = True
        self.say(says("hint", hint=self.exercise.hint), "yellow")

    def show_options(self) -> None:
        for number, option in enumerate(self.exercise.options, start=1):
            self.say(f"  {number}. {option}")

    # -- questions --------------------------------------------------------------

    def run_question(self) -> bool:
        from ..lessons.judge import Status, finished_state, judge_answer

        exercise = self.exercise
        if exercise.position is not None:
            from ..engine.position import position_from_data
            from .board import board

            state = finished_state(exercise) if exercise.finish else position_from_data(exercise.position)
            self.console.print(board(state))
        self.show_options()
        wanted = says("type-choice" if exercise.options else "type-number", **shown_words("moves", "hint", "quit"))
        while True:
            text = self.ask(says("answer-prompt"), offered("hint", "moves", "quit"))
            said = command(text, "hint", "moves")
            if said == "hint":
                self.show_hint()
                continue
            if said == "moves":
                self.show_options()
                self.say(wanted, "dim")
                continue
            try:
                answer = int(text)
            except ValueError:
                self.say(wanted)
                continue
            feedback = judge_answer(exercise, answer)
            if feedback.status is Status.SOLVED:
                self.say(says("right", message=feedback.message), "green")
                return True
            if feedback.status is Status.ILLEGAL:
                self.say(feedback.message)
                continue
            if self.missed(feedback.message):
                return False

    # -- moves ------------------------------------------------------------------

    def run_moves(self) -> bool:
        from ..engine.notation import NotationError
        from ..engine.reading import AmbiguousMove, read_move
        from ..i18n import language
        from ..engine.rules import UnknownPlayer
        from ..lessons.judge import Attempt, Status

        attempt = Attempt(self.exercise, move_to_type)
        self.show_board(attempt)
        self.say(says("type-move", **shown_words("moves", "hint", "board", "quit")), "dim")
        while True:
            text = self.ask(says("move-prompt"), typed_moves(attempt.state) + offered("moves", "hint", "board", "quit"))
            said = command(text, "moves", "hint", "board")
            if not text:
                continue
            if said == "moves":
                self.list_moves(attempt)
                continue
            if said == "hint":
                self.show_hint()
                continue
            if said == "board":
                self.show_board(attempt)
                continue
            try:
                picked = is_short_number(text)  # a number from the list of moves
                move = self.pick(attempt, int(text)) if picked else read_move(attempt.state, text, language())
                if move is None:
                    continue
                feedback = attempt.submit(move)
            except NotationError as error:
                self.say(error.message)
                continue
            except AmbiguousMove as error:
                self.say(ambiguity_said(error))
                continue
            except UnknownPlayer as error:
                self.say(f"{error}.")
                continue
            for event in feedback.events:
                self.say(f"  {event}", "dim")
            if feedback.status is Status.SOLVED:
                self.say(says("right", message=feedback.message), "green")
                for principle in feedback.principles:
                    self.say(says("see-principle", principle=principle), "dim")
                return True
            if feedback.status is Status.CONTINUE:
                self.say(says("ok", message=feedback.message), "green")
                self.show_board(attempt)
                continue
            if feedback.status is Status.MISSED:
                attempt.reset()
            if self.missed(feedback.message, feedback.say, feedback.rule, feedback.principles):
                return False
            if feedback.status is Status.MISSED:
                self.say(says("back-to-start"), "dim")
                self.show_board(attempt)

    def show_board(self, attempt) -> None:
        from .board import board

        self.console.print(board(attempt.state))

    def list_moves(self, attempt) -> None:
        """The legal moves in words, numbered, as ``tutor play`` lists them."""
        groups = said_groups(attempt.state)
        for number, (_group, words) in enumerate(groups, start=1):
            self.say(f"  {number:>2}. {words}")
        if any(len(group) > 1 for group, _words in groups):
            self.say(says("alike-note"), "dim")
        self.say(says("pick-number"), "dim")

    def pick(self, attempt, number: int):
        groups = move_groups(attempt.state)
        if 1 <= number <= len(groups):
            return groups[number - 1][0]
        self.say(says("no-such-move", number=number, count=len(groups)))
        return None
