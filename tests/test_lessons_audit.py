"""Every answer the course can be given is judged truthfully.

For each move exercise every legal line of play, as long as the lesson's own
solution, is tried: the lesson's closing words (``done``) describe its own
answer and may be said only where the learner reached that position, and
every miss says something about the answer given. Every wrong choice and a
wrong number get words about that answer too.
"""

import pytest

from tutor.engine.legal import legal_moves
from tutor.engine.notation import format_move, parse_move
from tutor.lessons.course import load_course
from tutor.lessons.judge import Attempt, Status, judge_answer, line_states

COURSE = load_course()
EXERCISES = [(stage.id, ex) for stage in COURSE.stages for ex in stage.exercises]
MOVE_EXERCISES = [(s, ex) for s, ex in EXERCISES if ex.kind == "moves"]
QUESTIONS = [(s, ex) for s, ex in EXERCISES if ex.kind != "moves"]


def ids(items):
    return [f"{stage}/{ex.id}" for stage, ex in items]


def every_line(exercise):
    """(moves, feedback, attempt) for each legal line up to the solution's length that ends the try."""
    found = []

    def walk(prefix):
        attempt = Attempt(exercise)
        for move in prefix:
            attempt.submit(move)
        for move in legal_moves(attempt.state):
            trial = Attempt(exercise)
            for earlier in prefix:
                trial.submit(earlier)
            feedback = trial.submit(move)
            line = [*prefix, move]
            if feedback.status is Status.CONTINUE and len(line) < len(exercise.solution):
                walk(line)
            elif feedback.status is not Status.CONTINUE:
                found.append((line, feedback, trial))

    walk([])
    return found


@pytest.mark.parametrize("stage,exercise", MOVE_EXERCISES, ids=ids(MOVE_EXERCISES))
def test_every_legal_line_is_judged_truthfully(stage, exercise):
    start = exercise.start_state()
    intended = [line_states(start, line)[-1] for line in (exercise.solution, *exercise.accept)]
    for line, feedback, attempt in every_line(exercise):
        words = " ; ".join(format_move(move) for move in line)
        if feedback.status is Status.SOLVED and attempt.state not in intended:
            assert feedback.message != exercise.done, f"'{words}' is told the lesson's own answer"
            assert ", ".join(exercise.solution) in feedback.message, words
        if feedback.wrong:
            assert feedback.message.strip(), f"'{words}' is refused without a word"
            assert not feedback.message.rstrip().endswith(":"), words


def test_opening_any_free_slot_is_praised_in_words_true_of_every_slot():
    exercise = next(ex for _, ex in MOVE_EXERCISES if ex.id == "first-move")
    for slot in (1, 2, 3, 4):
        feedback = Attempt(exercise).submit(parse_move(f"stock to build {slot}"))
        assert feedback.status is Status.SOLVED
        assert "pile 1" not in feedback.message and "a new build pile" in feedback.message


def test_another_way_to_the_goal_names_the_lesson_answer():
    exercise = next(ex for _, ex in MOVE_EXERCISES if ex.id == "last-card")
    attempt = Attempt(exercise)
    attempt.submit(parse_move("hand SB to build 2"))
    feedback = attempt.submit(parse_move("stock to build 2"))
    assert feedback.status is Status.SOLVED
    assert "hand 10 to build 2, stock to build 2" in feedback.message


def test_misses_keep_the_better_move_for_the_solution():
    exercise = next(ex for _, ex in MOVE_EXERCISES if ex.id == "descending")
    feedback = Attempt(exercise).submit(parse_move("hand 8 to discard 2"))
    assert feedback.status is Status.MISSED
    assert "buries" in feedback.message and "Better" not in feedback.message
    assert "strategy.descending-discards" in feedback.principles


@pytest.mark.parametrize("stage,exercise", QUESTIONS, ids=ids(QUESTIONS))
def test_every_wrong_answer_to_a_question_is_answered(stage, exercise):
    answers = range(1, len(exercise.options) + 1) if exercise.options else [exercise.answer + 1, 0]
    for answer in answers:
        feedback = judge_answer(exercise, answer)
        if feedback.status is Status.SOLVED:
            continue
        assert feedback.message.strip()
        listed = exercise.wrong_for(answer)
        assert feedback.message == listed.say if listed else str(answer) in feedback.message
