"""Judging a learner's answers: every ruling comes from the engine.

An ``Attempt`` holds one try at a moves exercise. Each move is ruled on by
``check_move``; a legal move is played with ``play``, and the goal is
checked on the resulting position (the stock shrank, the turn ended, the
round was won, a pile was cleared, the position matches an accepted line,
or every move was rated best by the analysis' ``Judge``). Weak moves are explained
with the analysis' words and the strategy principles they break. Choice
and number answers are compared with the exercise's answer.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Callable, Optional

from ..engine.moves import Move
from ..engine.notation import format_move, parse_move
from ..engine.play import IllegalMove, play
from ..engine.rules import Ruling, UnknownPlayer, check_move
from ..engine.scoring import score_round
from ..engine.state import GameState, Phase
from ..coach.verdicts import Judge
from .stages import Exercise
from .texts import text


class Status(StrEnum):
    ILLEGAL = "illegal"  # the engine refused the move (or could not decide it)
    CONTINUE = "continue"  # a legal move; the goal is not reached yet
    SOLVED = "solved"
    MISSED = "missed"  # legal, but the try is over without reaching the goal


@dataclass(frozen=True)
class Feedback:
    """What came of one answer: the status, the explanation, the rule id if one was broken."""

    status: Status
    message: str
    rule: Optional[str] = None
    events: tuple[str, ...] = ()
    say: str = ""  # the lesson's word on this particular wrong answer
    principles: tuple[str, ...] = ()  # strategy principles a weak move broke

    @property
    def wrong(self) -> bool:
        return self.status in (Status.ILLEGAL, Status.MISSED)


@dataclass
class Attempt:
    """One try at a moves exercise: the position so far and the moves played."""

    exercise: Exercise
    #: a move as the learner reads it, in the position it is played in (the canonical form unless told)
    say_move: Callable[[GameState, Move], str] = field(default=lambda _state, move: format_move(move))
    state: GameState = field(init=False)
    played: list[Move] = field(init=False, default_factory=list)

    def __post_init__(self) -> None:
        self.start = self.exercise.start_state()
        self.assess = Judge()  # every try at the exercise passes through the same positions
        self.reset()

    def reset(self) -> None:
        self.state = self.start
        self.played = []

    def submit(self, move: Move) -> Feedback:
        """Rule on ``move``; play it if legal; tell whether the goal is reached."""
        ruling = check_move(self.state, move)
        say = self._wrong_answer_note(move, ruling)
        if not ruling.legal:
            return Feedback(Status.ILLEGAL, ruling.reason, ruling.rule, say=say)
        before = self.state
        outcome = play(before, move)
        self.state = outcome.state
        self.played.append(move)
        status, message, principles = self._judge(before, move)
        if status is Status.SOLVED and not message:
            message, principles = self._solved_message()
        return Feedback(status, message or ruling.reason, None, outcome.events,
                        say if status is Status.MISSED else "", principles)

    def _solved_message(self) -> tuple[str, tuple[str, ...]]:
        """``done`` where the learner reached the lesson's own answer; else that answer, named, with the coach's
        word on the first weak move of the learner's way and the principles it breaks.

        ``done`` describes the lesson's answer, so it is not said of another way to the goal.
        """
        lines = (self.exercise.solution, *self.exercise.accept)
        if any(len(line) == len(self.played) and line_states(self.start, line)[-1] == self.state
               for line in lines):
            return self.exercise.done, ()
        solution = self.exercise.solution
        befores = [self.start, *line_states(self.start, solution)[:-1]]
        said = ", ".join(self.say_move(state, parse_move(written)) for state, written in zip(befores, solution))
        weak = self._first_weak_move()
        if weak is None:
            return text("another-way", solution=said, done=self.exercise.done), ()
        return text("another-way-weak", grade=_grade_words(weak.grade), reason=weak.reason, solution=said,
                    done=self.exercise.done), weak.principles

    def _first_weak_move(self):
        """The analysis' verdict on the first move played that it finds weak, with a reason (None if there is
        none)."""
        state = self.start
        for move in self.played:
            verdict = self.assess(state, move)
            if verdict is not None and verdict.quality == "weak" and verdict.reason:
                return verdict
            state = play(state, move).state
        return None

    def _wrong_answer_note(self, move: Move, ruling: Ruling) -> str:
        """The ``say`` of the listed wrong answer that ``move`` (after the moves so far) amounts to."""
        for wrong in self.exercise.wrong:
            moves = [parse_move(text) for text in wrong.answer]
            if len(moves) != len(self.played) + 1:
                continue
            state = self.start
            try:
                for earlier in moves[:-1]:
                    state = play(state, earlier).state
                if state != self.state:
                    continue
                theirs = check_move(state, moves[-1])
            except (IllegalMove, UnknownPlayer):
                continue  # a listed answer that cannot be played matches no move (the course check names it)
            if theirs.legal != ruling.legal:
                continue
            if not ruling.legal and theirs.rule == ruling.rule:
                return wrong.say
            if ruling.legal and play(state, moves[-1]).state == play(self.state, move).state:
                return wrong.say
        return ""

    def _judge(self, before: GameState, move: Move) -> tuple[Status, str, tuple[str, ...]]:
        exercise, state = self.exercise, self.state
        if exercise.goal == "best":
            return self._judge_best(before, move)
        if exercise.goal == "accept":
            status, message = self._judge_accept()
            if status is Status.MISSED:
                message = text("not-called-for", move=self.say_move(before, move))
                weakness = self.assess(before, move)
                if weakness.quality == "weak" and weakness.reason:
                    return status, f"{message} {weakness.reason}", weakness.principles
            return status, message, ()
        if exercise.goal == "end-turn" and exercise.without_play and state.played_this_turn:
            return Status.MISSED, text("not-without-play"), ()
        if self._goal_reached():
            return Status.SOLVED, "", ()
        if state.phase in (Phase.ENDED, Phase.OVER):
            return Status.MISSED, text("turn-over", move=self.say_move(before, move)), ()
        return Status.CONTINUE, "", ()

    def _judge_best(self, before: GameState, move: Move) -> tuple[Status, str, tuple[str, ...]]:
        """Each move must follow the solution or be rated best by the analysis; solved after as many
        moves as the solution has."""
        solution = line_states(self.start, self.exercise.solution)
        on_solution = len(self.played) <= len(solution) and solution[len(self.played) - 1] == self.state
        verdict = None if on_solution else self.assess(before, move)
        if verdict is not None and (verdict.quality == "good" or verdict.quality == "weak" and not verdict.reason):
            return Status.MISSED, text("stronger-exists", move=self.say_move(before, move)), ()
        if verdict is not None and verdict.quality == "weak":
            return Status.MISSED, text("not-best", grade=_grade_words(verdict.grade), reason=verdict.reason), \
                verdict.principles
        if len(self.played) >= len(self.exercise.solution):
            return Status.SOLVED, "", ()
        return Status.CONTINUE, "", ()

    def _goal_reached(self) -> bool:
        exercise, state, start = self.exercise, self.state, self.start
        seat = start.turn
        if exercise.goal == "stock":
            return len(start.players[seat].stock) - len(state.players[seat].stock) >= exercise.count
        if exercise.goal == "end-turn":
            return state.phase is Phase.ENDED
        if exercise.goal == "win":
            return state.phase is Phase.OVER and bool(state.winners) and seat in state.winners
        if exercise.goal == "clear":
            return len(state.completed) > len(start.completed)
        return False

    def _judge_accept(self) -> tuple[Status, str]:
        reached = False
        for line in self.exercise.accept:
            states = line_states(self.start, line)
            if len(states) >= len(self.played) and states[len(self.played) - 1] == self.state:
                if len(states) == len(self.played):
                    return Status.SOLVED, ""
                reached = True
        if reached:
            return Status.CONTINUE, ""
        return Status.MISSED, ""


def line_states(start: GameState, line: tuple[str, ...]) -> list[GameState]:
    """The positions after each move of an accepted line (the line must be legal)."""
    states = []
    state = start
    for written in line:
        state = play(state, parse_move(written)).state
        states.append(state)
    return states


def judge_answer(exercise: Exercise, answer: int) -> Feedback:
    """Rule on a choice (the option's number) or a number answer."""
    if answer == expected_answer(exercise):
        return Feedback(Status.SOLVED, exercise.done)
    wrong = exercise.wrong_for(answer)
    if exercise.kind == "choice" and not 1 <= answer <= len(exercise.options):
        return Feedback(Status.ILLEGAL, text("option-range", count=len(exercise.options)))
    if wrong:
        return Feedback(Status.MISSED, wrong.say)
    if exercise.kind == "choice":
        return Feedback(Status.MISSED, text("wrong-option", number=answer, option=exercise.options[answer - 1]))
    return Feedback(Status.MISSED, text("wrong-number", number=answer))


def expected_answer(exercise: Exercise) -> int:
    """The right answer; for a scoring question, the engine's score of the finished round."""
    if exercise.kind == "number" and exercise.finish:
        final = finished_state(exercise)
        score = score_round(final)
        return score.points if score else 0
    assert exercise.answer is not None
    return exercise.answer


def finished_state(exercise: Exercise) -> GameState:
    """The position of a number question after its ``finish`` moves."""
    state = exercise.start_state()
    for written in exercise.finish:
        state = play(state, parse_move(written)).state
    return state


def _grade_words(grade: str) -> str:
    """A weak grade as the lesson says it: ``an inaccuracy``, ``a mistake``, ``a blunder`` (else ``not the best``)."""
    return text(f"grade-{grade}" if grade in ("inaccuracy", "mistake", "blunder") else "grade-other")
