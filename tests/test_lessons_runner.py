"""The lesson runner driven by scripted answers: the whole course, misses, hints and quitting."""

import io
import re

import pytest
from rich.console import Console

from tutor.cli.learn import TRIES, ExerciseRunner, Quit, Session, resume_stage
from tutor.lessons.course import Exercise, load_course
from tutor.lessons.progress import Progress, ProgressStore

COURSE = load_course()


class Script:
    """Answers handed out in order; ``Quit`` when they run out (like end of input)."""

    def __init__(self, answers):
        self.answers = list(answers)
        self.prompts = []
        self.choices = []  # what Tab would complete at each prompt

    def __call__(self, prompt, choices=()):
        self.prompts.append(prompt)
        self.choices.append(list(choices))
        if not self.answers:
            raise Quit
        return self.answers.pop(0)


def console():
    return Console(file=io.StringIO(), width=60, no_color=True, highlight=False)


def right_answers(stage):
    answers = []
    for step in stage.steps:
        if isinstance(step, Exercise):
            answers += list(step.solution) if step.kind == "moves" else [str(step.answer)]
        else:
            answers.append("")
    return answers


def test_the_whole_course_with_right_answers(tmp_path):
    answers = []
    for stage in COURSE.stages:
        answers += right_answers(stage) + [""]  # "" for the next-stage prompt
    store = ProgressStore(tmp_path)
    out = console()
    session = Session(out, COURSE, Progress(), store, Script(answers[:-1]))
    session.run(COURSE.stages[0])
    saved = store.load()
    for stage in COURSE.stages:
        assert saved.stages[stage.id].next_step == len(stage.steps)
        assert sorted(saved.stages[stage.id].solved) == sorted(e.id for e in stage.exercises)
    assert "Not quite" not in out.file.getvalue()
    assert resume_stage(COURSE, saved) is None


def test_three_misses_show_the_hint_then_the_solution():
    exercise = COURSE.find("turn").exercises[0]  # draw-first
    out = console()
    solved = ExerciseRunner(out, exercise, Script(["stock to build 1", "hand 5 to build 1", "end", ""])).run()
    text = out.file.getvalue()
    assert not solved
    assert text.count("Not quite") == TRIES
    assert "turn.draw-first" in text and "see: tutor rules turn.draw-first" in text
    assert text.count("Hint:") == TRIES - 1
    assert "Solution: draw ; hand 5 to build 1" in text


def test_a_legal_miss_returns_to_the_start_and_says_why():
    exercise = COURSE.find("strategy").exercises[0]  # stock-first
    out = console()
    solved = ExerciseRunner(out, exercise, Script(["hand 6 to build 1", "s>b1"])).run()
    text = out.file.getvalue()
    assert solved
    assert "Play from the stock when you can." in text
    assert "Back to the starting position" in text


def test_moves_can_be_picked_by_number_and_bad_input_costs_nothing():
    exercise = COURSE.find("cards").exercises[-1]  # first-move: stock to build 1
    out = console()
    script = Script(["?", "hint", "board", "stock to nowhere", "99", "Zed:stock to build 1", "hand 7 to build 1", "1"])
    runner = ExerciseRunner(out, exercise, script)
    solved = runner.run()
    text = out.file.getvalue()
    assert solved
    assert runner.misses == 1  # only the refused hand 7
    assert "cannot read the move" in text and "There is no move 99" in text
    assert "nobody called 'Zed'" in text


def test_questions_reject_non_numbers_without_a_miss():
    exercise = COURSE.find("setup").exercises[0]  # 20 stock cards
    out = console()
    runner = ExerciseRunner(out, exercise, Script(["twenty", "30", "20"]))
    assert runner.run()
    assert runner.misses == 1
    assert "30 is for two to four players" in out.file.getvalue()


def test_quitting_mid_stage_keeps_the_place(tmp_path):
    stage = COURSE.find("setup")
    store = ProgressStore(tmp_path)
    session = Session(console(), COURSE, Progress(), store, Script(["", "20"]))
    with pytest.raises(Quit):
        session.run(stage)
    session.save()
    saved = store.load()
    assert saved.current == "setup"
    assert saved.stages["setup"].next_step == 2
    assert resume_stage(COURSE, saved) is stage


def test_narrow_output_fits_sixty_columns(tmp_path):
    out = console()
    session = Session(out, COURSE, Progress(), ProgressStore(tmp_path), Script(right_answers(COURSE.find("teams"))))
    with pytest.raises(Quit):
        session.run(COURSE.find("teams"))
    assert max(len(line) for line in out.file.getvalue().splitlines()) <= 60


def test_list_json_and_reset(tmp_path):
    import json

    from typer.testing import CliRunner

    from tutor.cli.app import build_app

    store = ProgressStore(tmp_path)
    progress = Progress(current="setup")
    progress.stage("setup").next_step = 2
    progress.stage("setup").record("stock-five-players", solved=True)
    store.save(progress)
    runner = CliRunner()
    env = {"SKIPBO_TUTOR_HOME": str(tmp_path)}
    result = runner.invoke(build_app(), ["learn", "--list", "--json"], env=env)
    assert result.exit_code == 0
    rows = {row["id"]: row for row in json.loads(result.stdout)["stages"]}
    assert rows["setup"]["next_step"] == 2 and rows["setup"]["solved"] == ["stock-five-players"]
    assert rows["cards"]["finished"] is False and len(rows) == len(COURSE.stages)
    result = runner.invoke(build_app(), ["learn", "--reset"], env=env)
    assert result.exit_code == 0 and "Progress cleared" in result.stdout
    assert store.load() == Progress()


def test_the_move_list_groups_moves_to_equal_empty_piles():
    exercise = COURSE.find("cards").exercises[-1]  # first-move: five hand cards, four empty discard piles
    out = console()
    runner = ExerciseRunner(out, exercise, Script(["?", "1"]))
    assert runner.run()  # number 1 is stock to build 1, standing for the four free slots
    listing = out.file.getvalue()
    numbered = [line for line in listing.splitlines() if re.match(r"\s+\d+\. ", line)]
    assert len(numbered) == 1 + 5  # the stock to any free slot, and each hand card discarded
    flowing = " ".join(listing.split())  # each move in words, as tutor play lists them
    assert "1. the 1 from your stock onto build pile 1 (or pile 2, 3 or 4)" in flowing
    assert "the 12 from your hand onto discard pile 1 (or pile 2, 3 or 4): ends the turn" in flowing
    assert "Empty piles are alike" in listing


def test_hint_and_options_work_on_questions_without_costing_a_try():
    exercise = COURSE.find("cards").exercises[1]  # colours: a choice
    out = console()
    runner = ExerciseRunner(out, exercise, Script(["hint", "?", "2"]))
    assert runner.run()
    text = out.file.getvalue()
    assert runner.misses == 0
    assert f"Hint: {exercise.hint}" in text
    assert text.count(exercise.options[0]) == 2  # listed at the start and again for ?


def test_a_wrong_choice_is_answered_about_that_choice():
    exercise = COURSE.find("cards").exercises[2]  # standard-decks: option 4 has no listed reason
    out = console()
    ExerciseRunner(out, exercise, Script(["4", "3"])).run()
    said = " ".join(out.file.getvalue().split())
    assert 'Not quite. Option 4, "It is taken out", is not the right one.' in said


def test_revisiting_a_finished_stage_keeps_it_finished(tmp_path):
    stage = COURSE.find("setup")
    store = ProgressStore(tmp_path)
    progress = Progress()
    Session(console(), COURSE, progress, store, Script(right_answers(stage))).run_stage(stage)
    assert store.load().stages["setup"].next_step == len(stage.steps)
    session = Session(console(), COURSE, store.load(), store, Script(["", "20"]))
    with pytest.raises(Quit):
        session.run_stage(stage)
    session.save()
    saved = store.load()
    assert saved.stages["setup"].next_step == len(stage.steps)
    assert resume_stage(COURSE, saved) is not stage


def test_a_stage_word_that_fits_several_stages_names_them():
    assert [s.id for s in COURSE.matches("w")] == ["wild", "winning"]
    assert COURSE.find("w") is None and COURSE.find("wil").id == "wild"
    assert COURSE.matches("nothing") == []


def test_the_stage_summary_tells_answers_found_unaided_from_those_found_after_a_miss_or_a_hint(tmp_path):
    stage = COURSE.find("cards")
    answers = right_answers(stage)
    first = next(i for i, step in enumerate(stage.steps) if isinstance(step, Exercise))
    second = next(i for i, step in enumerate(stage.steps) if isinstance(step, Exercise) and i > first)
    answers[second:second] = ["hint"]  # a hint asked for before the right answer
    answers[first:first] = ["1"]  # a wrong number first
    out = console()
    with pytest.raises(Quit):
        Session(out, COURSE, Progress(), ProgressStore(tmp_path), Script(answers)).run(stage)
    said = " ".join(out.file.getvalue().split())
    total = len(stage.exercises)
    assert f"Stage {stage.number} complete: {total} of {total} exercises solved." in said
    assert f"Right at the first try and without a hint: {total - 2} of the {total} taken this time." in said
    assert "on your own" not in said


def test_tab_offers_the_legal_moves_at_the_move_prompt():
    from tutor.cli.move_choices import typed_moves
    from tutor.engine.position import position_from_data

    exercise = COURSE.find("cards").exercises[-1]  # first-move
    script = Script(["stock to build 1"])
    assert ExerciseRunner(console(), exercise, script).run()
    assert script.prompts == ["move> "]
    commands = ["moves", "list", "options", "hint", "board", "q", "quit", "exit"]  # and the commands, after the moves
    assert script.choices[0] == typed_moves(position_from_data(exercise.position)) + commands
    assert "stock to build 1" in script.choices[0]


def run_exercise(stage: str, exercise: str, answers: list[str], language: str) -> str:
    """The words of a try at ``exercise`` of ``stage`` with ``answers``, in ``language``, joined on one line."""
    from tutor.i18n import use

    use(language)
    try:
        course = load_course()
        found = next(e for e in course.find(stage).exercises if e.id == exercise)
        out = console()
        try:
            ExerciseRunner(out, found, Script(answers)).run()
        except Quit:
            pass
        return " ".join(out.file.getvalue().split())
    finally:
        use("en")


@pytest.mark.parametrize("language, coach", [
    ("en", "That does it too, but the coach finds it an inaccuracy. Discarding the"),
    ("sv", "Det går också, men coachen bedömer det som"),
    ("da", "Det går også, men træneren bedømmer det som"),
])
@pytest.mark.parametrize("stage, exercise, weak", [
    ("turn", "end-with-discard", "hand 11 to discard 1"),  # an 11 on the 10
    ("misconceptions", "discard-to-end", "hand 10 to discard 2"),  # a 10 on the 6
])
def test_a_weak_way_to_the_goal_gets_the_coachs_note(stage, exercise, weak, language, coach):
    from tutor.coach.verdicts import assess_move
    from tutor.engine.notation import parse_move
    from tutor.i18n import use

    found = next(e for e in COURSE.find(stage).exercises if e.id == exercise)
    use(language)
    try:
        reason = " ".join(assess_move(found.start_state(), parse_move(weak)).reason.split())
    finally:
        use("en")
    said = run_exercise(stage, exercise, [weak], language)
    assert coach in said and reason in said  # the coach's own finding, in the language
    assert "strategy.descending-discards" in said


@pytest.mark.parametrize("language, legal_but, not_quite", [
    ("en", "Legal, but", "Not quite. Legal, but a mistake. Playing the 6"),
    ("sv", "Tillåtet, men", "Inte riktigt. Tillåtet, men ett misstag. Att spela sexan"),
    ("da", "Tilladt, men", "Ikke helt. Tilladt, men en fejl. At spille sekseren"),
])
def test_a_correction_is_said_once_and_in_whole_sentences(language, legal_but, not_quite):
    said = run_exercise("strategy", "stock-first", ["hand 6 to build 1", "s>b1"], language)
    assert said.count(legal_but) == 1
    assert not_quite in said


@pytest.mark.parametrize("language", ["en", "sv", "da"])
def test_the_last_stage_points_to_a_whole_game(tmp_path, language):
    from tutor.i18n import use

    use(language)
    try:
        course = load_course()
        last = course.stages[-1]
        out = console()
        Session(out, course, Progress(), ProgressStore(tmp_path), Script(right_answers(last))).run(last)
    finally:
        use("en")
    assert "tutor play" in " ".join(out.file.getvalue().split()[-12:])
