"""The whole course: every file loads, every solution is accepted, every wrong answer refused."""

import pytest

from tutor.engine.notation import parse_move
from tutor.engine.play import play
from tutor.engine.rules import RULES
from tutor.coach.verdicts import assess_move
from tutor.lessons.course import CourseError, load_course, parse_stage
from tutor.lessons.course_check import played as run
from tutor.lessons.judge import Status, expected_answer, judge_answer

COURSE = load_course()
EXERCISES = [(stage.id, ex) for stage in COURSE.stages for ex in stage.exercises]
MOVE_EXERCISES = [(s, ex) for s, ex in EXERCISES if ex.kind == "moves"]


def ids(items):
    return [f"{stage}/{ex.id}" for stage, ex in items]


def test_course_has_the_stages_in_order():
    assert [s.number for s in COURSE.stages] == list(range(1, len(COURSE.stages) + 1))
    assert len(COURSE.stages) >= 8
    for stage in COURSE.stages:
        assert stage.exercises, stage.id


@pytest.mark.parametrize("stage,exercise", MOVE_EXERCISES, ids=ids(MOVE_EXERCISES))
def test_solution_reaches_the_goal(stage, exercise):
    results = run(exercise, exercise.solution)
    assert [r.status for r in results] == [Status.CONTINUE] * (len(results) - 1) + [Status.SOLVED]
    assert len(results) == len(exercise.solution)


@pytest.mark.parametrize("stage,exercise", MOVE_EXERCISES, ids=ids(MOVE_EXERCISES))
def test_every_accepted_line_reaches_the_goal(stage, exercise):
    for line in exercise.accept:
        assert run(exercise, line)[-1].status is Status.SOLVED, line


@pytest.mark.parametrize("stage,exercise", MOVE_EXERCISES, ids=ids(MOVE_EXERCISES))
def test_wrong_answers_are_refused_for_the_stated_rule(stage, exercise):
    for wrong in exercise.wrong:
        results = run(exercise, wrong.answer)
        last = results[-1]
        assert last.wrong, f"{wrong.answer} was not refused"
        assert len(results) == len(wrong.answer), f"{wrong.answer} stopped early: {last.message}"
        if wrong.rule:
            assert wrong.rule in RULES
            assert last.status is Status.ILLEGAL and last.rule == wrong.rule, last.message
        if wrong.principle:
            assert last.status is Status.MISSED
            assert wrong.principle in last.principles, (last.principles, last.message)
        if wrong.say:
            assert last.say == wrong.say


QUESTIONS = [(s, ex) for s, ex in EXERCISES if ex.kind != "moves"]


@pytest.mark.parametrize("stage,exercise", QUESTIONS, ids=ids(QUESTIONS))
def test_questions_accept_the_answer_and_refuse_the_wrong_ones(stage, exercise):
    assert expected_answer(exercise) == exercise.answer
    assert judge_answer(exercise, exercise.answer).status is Status.SOLVED
    for wrong in exercise.wrong:
        feedback = judge_answer(exercise, wrong.answer)
        assert feedback.wrong and feedback.message == wrong.say


def test_every_strategy_principle_is_met_in_an_exercise():
    named = {w.principle for _, ex in MOVE_EXERCISES for w in ex.wrong if w.principle}
    assert named == {"strategy.stock-first", "strategy.save-wilds", "strategy.descending-discards",
                     "strategy.spread-discards", "strategy.mind-opponents"}


def test_best_goals_use_the_analysis():
    best = [ex for _, ex in MOVE_EXERCISES if ex.goal == "best"]
    assert best
    for exercise in best:
        state = exercise.start_state()
        for text in exercise.solution:
            move = parse_move(text)
            assert assess_move(state, move).quality != "weak", (exercise.id, text)
            state = play(state, move).state
        results = run(exercise, exercise.wrong[0].answer)
        assert results[-1].status is Status.MISSED
        assert "Better:" not in results[-1].message  # the better move waits for the solution
        assert results[-1].principles


def test_exercise_ids_are_unique_across_the_course():
    every = [ex.id for _, ex in EXERCISES]
    assert len(every) == len(set(every))


@pytest.mark.parametrize("text,problem", [
    ("id: x\ntitle: X\nsummary: s\nsteps: []\n", "a stage needs 'steps'"),
    ("id: x\ntitle: X\nsummary: s\nsteps:\n  - exercise: a\n    kind: essay\n", "kind is moves, choice or number"),
    ("id: x\ntitle: X\nsummary: s\nsteps:\n  - exercise: a\n    kind: moves\n    ask: a\n    hint: h\n    done: d\n"
     "    position: {players: [{name: you, hand: [7, 7, 7, 7, 7, 7]}, {name: Bo}]}\n", "five cards at most"),
    ("id: x\ntitle: X\nsummary: s\nsteps:\n  - say: hi\n  - exercise: a\n    kind: choice\n    ask: a\n    hint: h\n"
     "    done: d\n    options: [a, b]\n    answer: 3\n", "step 2"),
    ("{unclosed", "YAML syntax"),
    ("id: x\ntitle: X\nsummary: s\nsteps:\n  - say: hi\n    board: {build: [1]}\n    say: again\n", "'say' appears twice"),
])
def test_malformed_stage_files_are_refused_with_the_place(text, problem):
    with pytest.raises(CourseError, match="broken.yaml") as error:
        parse_stage(text, "broken.yaml", 1)
    assert problem in str(error.value)


def test_the_teams_stage_keeps_its_penalty_question_and_its_winning_exercise():
    teams = {ex.id: ex for ex in COURSE.find("teams").exercises}
    assert teams["advice-penalty"].kind == "choice"
    assert teams["team-win"].kind == "moves" and teams["team-win"].goal == "win"


def test_the_course_check_teachers_use_finds_the_built_in_course_sound():
    from tutor.lessons.course_check import course_problems

    assert course_problems(COURSE) == []


@pytest.mark.parametrize("language, stage, step, field, says, not_said", [
    # discarding the last card empties the hand too, with no refill; a win ends a turn without a discard as well
    ("en", "turn", "third-phase-compulsory", "text", ["a discard brings no new cards", "win the round"],
     "can only be left empty"),
    ("sv", "turn", "third-phase-compulsory", "text", ["en avläggning ger inga nya kort", "vinner rundan"],
     "kan bara lämnas tom"),
    ("da", "turn", "third-phase-compulsory", "text", ["lægger dit sidste kort af, får du ingen nye kort", "vinder runden"],
     "kan kun efterlades tom"),
    # a player's own piles are the stock, the hand and the discard piles; the build piles are shared
    ("en", "strategy", "read-the-table", "hint", ["the hand is secret", "the build piles are shared"], "one is secret"),
    ("sv", "strategy", "read-the-table", "hint", ["handen är hemlig", "byggstaplarna är gemensamma"], "; en är hemlig"),
    ("da", "strategy", "read-the-table", "hint", ["hånden er hemmelig", "byggebunkerne er fælles"], "; én er hemmelig"),
    # the stalemate rule: nobody plays a card onto a build pile (playing is optional), not "nobody can"
    ("en", "draw-pile", "if-there-nothing", "text", ["nobody playing a card on a build pile"], "able to"),
    ("sv", "draw-pile", "if-there-nothing", "text", ["utan att någon lägger ett kort"], "någon kan lägga"),
    ("da", "draw-pile", "if-there-nothing", "text", ["uden at nogen lægger et kort"], "nogen kan lægge"),
])
def test_the_lessons_say_the_rules_as_they_are(language, stage, step, field, says, not_said):
    from tutor.i18n import use

    use(language)
    try:
        found = next(s for s in load_course().find(stage).steps if s.id == step)
        text = " ".join(getattr(found, field).split())
    finally:
        use("en")
    assert all(words in text for words in says) and not_said not in text, text
