"""``tutor quiz``: put scenario positions to a student, judge the answers by the scenarios' expectations, score."""

from __future__ import annotations

import contextlib
import sys
from typing import TYPE_CHECKING, Any, Optional

import typer

from ..classroom.answers import key_moves
from ..classroom.quiz import AnswerError, Question, judge, make_question
from ..classroom.texts import text
from ..lessons.stages import reflow
from .interrupts import shielded
from .move_choices import typed_moves
from .output import console, error_console, print_json, printable, unusable
from .prompt import Quit, ask, read_line
from .prompt_words import command, offered, shown_words
from .streams import require_input
from .scenario_paths import checked_scenarios, without_tags

if TYPE_CHECKING:
    from rich.console import Console

EXIT_INTERRUPTED = 130


def quiz_command(
    paths: list[str] = typer.Argument(..., metavar="SCENARIO...|FOLDER", help="Scenario files, or folders of them."),
    as_json: bool = typer.Option(False, "--json", help="Write the results as one JSON document on standard "
                                                       "output; the quiz itself then runs on standard error."),
    unchecked: bool = typer.Option(False, "--unchecked",
                                   help="Try out a draft: skip checking the expectations against the engine."),
    leave_out: list[str] = typer.Option([], "--leave-out", metavar="TAG",
                                        help="Leave out the positions tagged TAG (the gallery's positions about the "
                                             "tutor itself: tutor); may be repeated."),
) -> None:
    """A quiz: each position and its question; the answers judged by the scenarios' own expectations, and scored.

    Every expectation is checked against the engine first, as tutor scenario test does: a file the engine
    disagrees with is not put to a student (exit status 2), unless --unchecked.
    """
    from ..scenario.expectations import default_assess

    questions = []
    for checked in without_tags(checked_scenarios(paths, as_json=as_json, unchecked=unchecked), leave_out):
        question = make_question(checked)
        if question is None:
            why = "quiz-several-turns" if checked.expectations else "quiz-no-key"
            sys.stderr.write(printable(text(why, source=checked.source)) + "\n")
        else:
            questions.append(question)
    if not questions:
        unusable([text("quiz-no-questions")], as_json=as_json, kind="usage")
    require_input("tutor quiz", as_json=as_json)
    out = error_console() if as_json else console()
    session = QuizSession(out, questions, default_assess(), prompt_to_stderr=as_json)
    interrupted = False
    try:
        session.run()
    except Quit:
        pass
    except KeyboardInterrupt:
        interrupted = True
    with shielded() if interrupted else contextlib.nullcontext():  # a second Ctrl-C cannot cut the score short
        session.close()
        if as_json:
            print_json(session.results())
    if interrupted:
        raise typer.Exit(EXIT_INTERRUPTED)


class QuizSession:
    """One run of a quiz: asks each question, judges, explains and keeps the score."""

    def __init__(self, out: "Console", questions: list[Question], assess: Any, *, prompt_to_stderr: bool = False):
        self.out = out
        self.questions = questions
        self.assess = assess
        self.prompt_to_stderr = prompt_to_stderr
        self.answers: list[dict[str, Any]] = []

    def say(self, words: str, style: str = "") -> None:
        from rich.text import Text

        self.out.print(Text(words, style=style))

    def ask(self, prompt: str, choices: list[str]) -> str:
        """The student's answer; at a terminal (not with --json) the line can be edited and Tab completes."""
        if not self.prompt_to_stderr:
            return ask(prompt, choices)
        try:
            line = read_line(prompt, to=sys.stderr, as_json=True)
        except EOFError:
            raise Quit from None
        if command(line, "quit"):
            raise Quit
        return line.strip()

    def run(self) -> None:
        for number, question in enumerate(self.questions, start=1):
            self.show(number, question)
            self.answers.append(self.take_answer(question))

    def show(self, number: int, question: Question) -> None:
        from rich.rule import Rule
        from rich.text import Text

        from .board import board

        scenario = question.scenario
        self.out.print()
        self.out.print(Rule(Text(text("quiz-heading", number=number, total=len(self.questions), title=scenario.title))))
        if scenario.description.strip():
            self.say(reflow(scenario.description))
        self.out.print(board(scenario.state))
        asked = scenario.data.get("question")
        if isinstance(asked, str) and asked.strip():
            self.say(" ".join(asked.split()), "bold")
        self.say(text(f"quiz-ask-{question.kind}", none=text("quiz-none"), then=text("quiz-then")))
        for option, expectation in enumerate(question.options, start=1):
            self.say("  " + text("quiz-option", number=option, moves=key_moves(scenario, expectation)))
        self.say(text("quiz-commands", **shown_words("skip", "quit")), "dim")

    def take_answer(self, question: Question) -> dict[str, Any]:
        choices = typed_moves(question.scenario.state) if question.kind == "play" else []
        choices += offered("skip", "quit")
        while True:
            answer = self.ask(text("quiz-prompt"), choices)
            if not answer:
                continue
            if command(answer, "skip"):
                self.say(text("quiz-skipped"), "yellow")
                return self.record(question, None, False, [])
            try:
                judgement = judge(question, answer, self.assess)
            except AnswerError as error:
                self.say(str(error))
                continue
            self.say(text("quiz-right" if judgement.right else "quiz-wrong"),
                     "bold green" if judgement.right else "bold red")
            for line in judgement.explanation:
                self.say(line)
            return self.record(question, answer, judgement.right, judgement.explanation)

    def record(self, question: Question, answer: Optional[str], right: bool, explanation: list[str]) -> dict:
        return {"file": question.checked.source, "title": question.title, "kind": question.kind,
                "answer": answer, "right": right, "skipped": answer is None, "explanation": explanation}

    @property
    def score(self) -> int:
        return sum(entry["right"] for entry in self.answers)

    def close(self) -> None:
        """The score, and where the quiz stopped if it did not reach the end."""
        self.out.print()
        if len(self.answers) < len(self.questions):
            self.say(text("quiz-stopped", answered=len(self.answers), total=len(self.questions)), "dim")
        self.say(text("quiz-score", right=self.score, total=len(self.questions)), "bold")

    def results(self) -> dict[str, Any]:
        """The results for the teacher: the score and each question's answer, verdict, explanation and key."""
        questions = []
        for number, question in enumerate(self.questions):
            entry = self.answers[number] if number < len(self.answers) else {
                **self.record(question, None, False, []), "skipped": False, "unanswered": True}
            key = [{"moves": k.moves, "expected": k.expected, "reason": k.reason, "rule": k.rule, "note": k.note}
                   for k in question.key()]
            questions.append({**entry, "unanswered": entry.get("unanswered", False), "key": key})
        answered = sum(not entry["skipped"] for entry in self.answers)
        return {"score": self.score, "total": len(self.questions), "answered": answered,
                "questions": questions}
