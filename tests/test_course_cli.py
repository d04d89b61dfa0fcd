"""Teachers' own courses: ``tutor course validate DIR`` and ``tutor learn --course DIR``."""

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pexpect
import pytest

from tutor.lessons.course import load_course_folder
from terminal import exit_status

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "docs" / "examples" / "course"

GOOD_STAGE = EXAMPLE / "01-first-plays.yaml"


def tutor(*args, home, answers=""):
    env = dict(os.environ, SKIPBO_TUTOR_HOME=str(home), NO_COLOR="1", COLUMNS="100")
    return subprocess.run([sys.executable, "-m", "tutor", *map(str, args)], input=answers, capture_output=True,
                          text=True, timeout=120, env=env)


def test_the_example_course_is_valid(tmp_path):
    result = tutor("course", "validate", EXAMPLE, home=tmp_path)
    assert result.returncode == 0, result.stdout
    assert "2 stages, 4 exercises" in result.stdout
    course = load_course_folder(EXAMPLE)
    assert [stage.id for stage in course.stages] == ["first-plays", "ending"]


def broken_course(folder):
    folder.mkdir()
    shutil.copy(GOOD_STAGE, folder / "01-good.yaml")
    (folder / "02-syntax.yaml").write_text("id: x\ntitle: X\nsteps:\n  - say: |\n\tindented with a tab\n",
                                           encoding="utf-8")
    (folder / "03-mistakes.yaml").write_text(
        "id: mistakes\n"
        "title: Mistakes\n"
        "summary: Each step is wrong in its own way.\n"
        "steps:\n"
        "  - exercise: bad-goal\n"
        "    kind: moves\n"
        "    ask: a\n"
        "    hint: h\n"
        "    done: d\n"
        "    goal: escape\n"
        "    solution: [stock to build 1]\n"
        "    position: {players: [{name: you, stock: {top: 1, count: 3}}, {name: Bo, stock: {top: 2, count: 3}}]}\n"
        "  - exercise: short-solution\n"
        "    kind: moves\n"
        "    ask: a\n"
        "    hint: h\n"
        "    done: d\n"
        "    goal: stock\n"
        "    count: 2\n"
        "    solution: [stock to build 1]\n"
        "    position: {players: [{name: you, stock: {top: 1, count: 3}, hand: [4]}, "
        "{name: Bo, stock: {top: 2, count: 3}}]}\n"
        "    wrong:\n"
        "      - answer: [hand 4 to build 1]\n"
        "        rule: build.sequence\n"
        "  - exercise: sum\n"
        "    kind: number\n"
        "    ask: How many cards in a deck?\n"
        "    hint: h\n"
        "    done: d\n"
        "    answer: lots\n",
        encoding="utf-8")
    (folder / "04-again.yaml").write_text(GOOD_STAGE.read_text(encoding="utf-8"), encoding="utf-8")
    return folder


def test_a_broken_course_is_refused_with_every_problem_at_its_line(tmp_path):
    folder = broken_course(tmp_path / "course")
    result = tutor("course", "validate", folder, home=tmp_path)
    assert result.returncode == 2
    lines = result.stdout.splitlines()
    expected = [
        f"{folder / '02-syntax.yaml'}:5:1: ",  # the tab, at its line and column
        f"{folder / '03-mistakes.yaml'}:10:11: step 1 (exercise 'bad-goal'): 'escape' is not a goal: use one of",
        f"{folder / '03-mistakes.yaml'}:30:13: step 3 (exercise 'sum'): 'answer' must be a whole number",
        f"{folder / '04-again.yaml'}:4:5: the stage id 'first-plays' is taken by {folder / '01-good.yaml'}",
    ]
    for start in expected:
        assert any(line.startswith(start) for line in lines), (start, lines)
    assert "problems in" in lines[-1]
    report = json.loads(tutor("course", "validate", folder, "--json", home=tmp_path).stdout)
    assert report["valid"] is False and len(report["problems"]) == len(lines) - 1


def test_solutions_and_wrong_answers_are_checked_against_the_engine(tmp_path):
    folder = broken_course(tmp_path / "course")
    for name in ("02-syntax.yaml", "04-again.yaml"):
        (folder / name).unlink()
    text = (folder / "03-mistakes.yaml").read_text(encoding="utf-8")
    text = text.replace("goal: escape", "goal: stock").replace("answer: lots", "answer: 162")
    (folder / "03-mistakes.yaml").write_text(text, encoding="utf-8")
    result = tutor("course", "validate", folder, home=tmp_path)
    assert result.returncode == 2
    where = f"{folder / '03-mistakes.yaml'}:13:5: step 2 (exercise 'short-solution'): "
    assert f"{where}the solution (stock to build 1) does not reach the goal" in result.stdout
    assert f"{where}the wrong answer (hand 4 to build 1) breaks build.start, not build.sequence" in result.stdout
    learn = tutor("learn", "--course", folder, home=tmp_path)
    assert learn.returncode == 2 and "tutor course validate" in learn.stderr


def test_a_wrong_answer_naming_a_stranger_is_the_one_problem_reported(tmp_path):
    folder = tmp_path / "course"
    folder.mkdir()
    text = GOOD_STAGE.read_text(encoding="utf-8").replace("- answer: [stock to build 2]", "- answer: [Zed:stock to build 2]")
    (folder / GOOD_STAGE.name).write_text(text, encoding="utf-8")
    result = tutor("course", "validate", folder, home=tmp_path)
    assert result.returncode == 2
    [problem] = [line for line in result.stdout.splitlines() if "cannot be played" in line]
    assert "the wrong answer (Zed:stock to build 2) cannot be played: nobody called 'Zed'" in problem


def test_a_missing_or_empty_folder_is_refused(tmp_path):
    result = tutor("course", "validate", tmp_path / "nowhere", home=tmp_path)
    assert result.returncode == 2 and "no such folder" in result.stdout
    (tmp_path / "empty").mkdir()
    result = tutor("learn", "--course", tmp_path / "empty", home=tmp_path)
    assert result.returncode == 2 and "holds no stage files" in result.stderr


def test_a_student_takes_the_example_course_in_a_terminal(tmp_path):
    env = dict(os.environ, SKIPBO_TUTOR_HOME=str(tmp_path), NO_COLOR="1", COLUMNS="80", LINES="40", TERM="dumb")
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), env.get("PYTHONPATH", "")])
    child = pexpect.spawn(sys.executable, ["-m", "tutor", "learn", "--course", "docs/examples/course"], env=env,
                          encoding="utf-8", timeout=60, dimensions=(40, 80), cwd=str(ROOT))
    child.logfile_read = open(os.devnull, "w")
    child.expect_exact("First plays from the stock")
    child.expect_exact("[Enter] to go on")
    child.sendline("")
    child.expect_exact("move> ")
    child.sendline("stock to build 2")
    child.expect_exact("Not quite")
    child.expect_exact("build.start")
    child.sendline("s>b1")
    child.expect_exact("Right!")
    child.expect_exact("answer> ")
    child.sendline("hint")
    child.expect_exact("Hint: Build piles climb one number at a time.")
    child.sendline("2")
    child.expect_exact("Stage 1 complete")
    child.expect_exact("Next: stage 2")
    child.sendline("q")
    child.expect_exact("Progress saved. Run 'tutor learn --course docs/examples/course' to continue.")
    assert exit_status(child) == 0
    assert not (tmp_path / "progress.json").exists()  # the built-in course's progress is untouched
    [saved] = (tmp_path / "courses").glob("course-*/progress.json")
    assert json.loads(saved.read_text())["stages"]["first-plays"]["solved"] == ["five-on-four", "how-far"]
    listing = tutor("learn", "--course", EXAMPLE, "--list", home=tmp_path)
    assert "first-plays" in listing.stdout and "done, 2/2 solved" in listing.stdout


def test_a_course_s_own_words_are_printed_literally(tmp_path):
    folder = tmp_path / "course"
    folder.mkdir()
    text = GOOD_STAGE.read_text(encoding="utf-8").replace("title: First plays from the stock",
                                                         'title: "First [bold]plays[/bold] [red]"')
    (folder / "01-first.yaml").write_text(text, encoding="utf-8")
    listing = tutor("learn", "--course", folder, "--list", home=tmp_path)
    assert listing.returncode == 0 and "First [bold]plays[/bold] [red]" in listing.stdout
    stage = tutor("learn", "--course", folder, home=tmp_path, answers="q\n")
    assert "Stage 1/1: First [bold]plays[/bold] [red]" in stage.stdout


def test_a_fifo_or_folder_named_like_a_stage_is_refused_not_waited_on(tmp_path):
    folder = tmp_path / "course"
    folder.mkdir()
    shutil.copy(GOOD_STAGE, folder / "01-good.yaml")
    os.mkfifo(folder / "02-pipe.yaml")
    (folder / "03-folder.yaml").mkdir()
    result = tutor("course", "validate", folder, home=tmp_path)
    assert result.returncode == 2
    assert f"{folder / '02-pipe.yaml'}: is a named pipe, not a file: not read" in result.stdout
    assert f"{folder / '03-folder.yaml'}: is a folder, not a file: not read" in result.stdout


def test_a_course_reads_no_file_a_link_leads_out_of_its_folder_to(tmp_path):
    course, outside = tmp_path / "course", tmp_path / "outside"
    course.mkdir()
    outside.mkdir()
    shutil.copy(GOOD_STAGE, course / "01-good.yaml")
    (outside / "secret.yaml").write_text("id: secret\ntitle: SECRET-TEXT\n", encoding="utf-8")
    (course / "02-secret.yaml").symlink_to("../outside/secret.yaml")
    (course / "03-passwd.yaml").symlink_to("/etc/passwd")
    for command in (["course", "validate", course], ["learn", "--course", course]):
        result = tutor(*command, home=tmp_path / "home")
        shown = result.stdout + result.stderr
        assert result.returncode == 2, shown
        assert f"02-secret.yaml: is a link to {outside / 'secret.yaml'}, outside the folder {course}: not read" in shown
        assert f"03-passwd.yaml: is a link to /etc/passwd, outside the folder {course}: not read" in shown
        assert "SECRET-TEXT" not in shown and "root:" not in shown


def test_a_link_between_two_files_of_the_course_folder_is_read(tmp_path):
    course = tmp_path / "course"
    course.mkdir()
    shutil.copy(GOOD_STAGE, course / "stage.txt")
    (course / "01-good.yaml").symlink_to("stage.txt")
    assert [stage.id for stage in load_course_folder(course).stages] == ["first-plays"]


def test_course_validate_shows_a_folder_name_with_control_characters_escaped(tmp_path):
    course = tmp_path / "c\x1b[31mred\u202ex"
    shutil.copytree(EXAMPLE, course)
    result = tutor("course", "validate", course, home=tmp_path / "home")
    assert result.returncode == 0
    assert "\x1b" not in result.stdout and "\u202e" not in result.stdout
    assert "c\\x1b[31mred\\u202ex (2 stages" in result.stdout


def best_exercises(count: int, wrong: int = 3) -> str:
    """A stage of ``count`` exercises with goal best, each with ``wrong`` one-move wrong answers."""
    answers = ["hand 12 to discard 1", "hand 9 to discard 2", "hand 11 to discard 3"][:wrong]
    steps = "".join(f"""\
  - exercise: best-{number}
    kind: moves
    ask: Make the best play.
    position:
      build: [5, null, null, null]
      players:
        - {{name: you, stock: {{top: 6, count: 20}}, hand: [6, 2, 9, 11, 12]}}
        - {{name: Anna, stock: {{top: 3, count: 20}}, hand: 5}}
    goal: best
    solution: [stock to build 1]
    hint: The stock first.
    done: The stock six.
    wrong:
{"".join(f"      - {{answer: [{answer}], say: Not the best.}}{chr(10)}" for answer in answers)}""" for number in range(count))
    return f"id: best\ntitle: Best\nsummary: Best moves.\nsteps:\n{steps}"


def test_a_course_asking_the_analysis_too_much_is_refused_before_any_search(tmp_path, monkeypatch):
    from tutor.lessons import course_check
    from tutor.lessons.course import CourseError, MAX_ANALYSED_MOVES

    course = tmp_path / "course"
    course.mkdir()
    (course / "01-best.yaml").write_text(best_exercises(MAX_ANALYSED_MOVES // 3 + 1), encoding="utf-8")
    monkeypatch.setattr(course_check, "course_problems", lambda course: pytest.fail("the analysis was run"))
    try:
        load_course_folder(course)
    except CourseError as error:
        assert len(error.lines) == 1
        assert f"best-{MAX_ANALYSED_MOVES // 3}'): the wrong answers of the best and accept exercises up to here " \
               f"hold {MAX_ANALYSED_MOVES // 3 * 3 + 3} moves" in error.lines[0]
    else:
        pytest.fail("the course was loaded")


def test_a_course_found_sound_is_checked_once_per_content_and_never_cached_in_its_folder(tmp_path, monkeypatch):
    from tutor.lessons import course_check

    monkeypatch.setenv("SKIPBO_TUTOR_HOME", str(tmp_path / "home"))
    course = tmp_path / "course"
    course.mkdir()
    (course / "01-best.yaml").write_text(best_exercises(2), encoding="utf-8")
    checks = []
    real = course_check.course_problems
    monkeypatch.setattr(course_check, "course_problems", lambda course: checks.append(1) or real(course))
    for _ in range(2):
        assert course_check.checked_course_problems(load_course_folder(course)) == []
    assert len(checks) == 1
    assert [path.name for path in course.iterdir()] == ["01-best.yaml"]
    assert len(list((tmp_path / "home" / "cache" / course_check.SOUND_COURSES).iterdir())) == 1
    (course / "01-best.yaml").write_text(best_exercises(2).replace("Not the best.", "Weaker."), encoding="utf-8")
    assert course_check.checked_course_problems(load_course_folder(course)) == []
    assert len(checks) == 2  # a changed file is checked again


def test_a_broken_file_does_not_hide_the_engine_problems_of_another(tmp_path):
    folder = broken_course(tmp_path / "course")
    text = (folder / "03-mistakes.yaml").read_text(encoding="utf-8")
    text = text.replace("goal: escape", "goal: stock").replace("answer: lots", "answer: 162")
    (folder / "03-mistakes.yaml").write_text(text, encoding="utf-8")
    result = tutor("course", "validate", folder, home=tmp_path)
    assert result.returncode == 2
    assert f"{folder / '02-syntax.yaml'}:5:1: " in result.stdout  # the format problem of one file ...
    where = f"{folder / '03-mistakes.yaml'}:13:5: step 2 (exercise 'short-solution'): "
    assert (f"{where}the solution (stock to build 1) does not reach the goal: after 'stock to build 1': "
            "the goal is not reached yet\n") in result.stdout  # ... and the engine's word on another, in one run
    assert f"{where}the wrong answer (hand 4 to build 1) breaks build.start, not build.sequence" in result.stdout


def test_a_number_as_an_option_is_named_and_the_success_line_is_quoted_for_the_shell(tmp_path):
    folder = tmp_path / "Wild cards"
    folder.mkdir()
    for stage in sorted(EXAMPLE.glob("*.yaml")):
        (folder / stage.name).write_text(stage.read_text(encoding="utf-8"), encoding="utf-8")
    good = tutor("course", "validate", folder, home=tmp_path)
    assert good.returncode == 0, good.stdout
    assert good.stdout.rstrip().endswith(f"take it with: tutor learn --course '{folder}'")
    (folder / "09-numbers.yaml").write_text(
        "id: numbers\ntitle: Numbers\nsummary: x\nsteps:\n  - exercise: pick\n    kind: choice\n"
        "    ask: Which?\n    options: [6, Whatever, 12]\n    answer: 1\n    hint: h\n    done: d\n",
        encoding="utf-8")
    bad = tutor("course", "validate", folder, home=tmp_path)
    assert bad.returncode == 2
    assert (f"{folder / '09-numbers.yaml'}:8:15: step 1 (exercise 'pick'): option 1 (6) is not a text: "
            "put it in quotes, as '6'") in bad.stdout
    assert "at least two" not in bad.stdout


def test_a_course_folder_whose_name_is_not_utf8_is_checked_and_taken(tmp_path):
    """The folder's name keeps its byte: the check is remembered and the course taken, the name shown escaped."""
    folder = tmp_path / os.fsdecode(b"\xd6vningar")
    shutil.copytree(EXAMPLE, folder)
    for _ in range(2):  # the second run finds the check remembered
        result = tutor("course", "validate", folder, home=tmp_path)
        assert result.returncode == 0, result.stderr
        assert "Traceback" not in result.stderr
        assert "\\xd6vningar (2 stages, 4 exercises)" in result.stdout
        assert "take it with: tutor learn --course $'" in result.stdout  # a word the shell reads back as the name
    learn = tutor("learn", "--course", folder, home=tmp_path, answers="q\n")
    assert learn.returncode == 0, learn.stderr
    assert "Traceback" not in learn.stderr
    assert "\\xd6vningar" in learn.stdout


def _validate_with(tmp_path, old, new):
    folder = tmp_path / "course"
    folder.mkdir(parents=True)
    text = GOOD_STAGE.read_text(encoding="utf-8")
    assert old in text
    (folder / GOOD_STAGE.name).write_text(text.replace(old, new, 1), encoding="utf-8")
    result = tutor("course", "validate", folder, home=tmp_path)
    return result, text.replace(old, new, 1).splitlines()


@pytest.mark.parametrize("old, new, key, meant", [
    ("    board:\n", "    bord:\n", "bord", "board"),
    ("    wrong:\n", "    wrnog:\n", "wrnog", "wrong"),
    ("    hint: A 5 goes on a 4.", "    hnit: A 5 goes on a 4.", "hnit", "hint"),
    ("{name: you, stock: {top: 5, count: 20}, hand: [2, 8, 9, 11, 12]}\n        - {name: Sam, stock: {top: 10, "
     "count: 20}, hand: 5}\n    goal",
     "{name: you, stock: {top: 5, count: 20}, hnad: [2, 8, 9, 11, 12]}\n        - {name: Sam, stock: {top: 10, "
     "count: 20}, hand: 5}\n    goal", "hnad", "hand"),
])
def test_a_misspelt_key_is_named_on_its_own_line_with_the_key_it_may_mean(tmp_path, old, new, key, meant):
    result, lines = _validate_with(tmp_path, old, new)
    assert result.returncode == 2, result.stdout
    [problem] = [line for line in result.stdout.splitlines() if "unknown key" in line]
    line = int(problem.split(GOOD_STAGE.name + ":")[1].split(":")[0])
    assert f"{key}:" in lines[line - 1], (problem, lines[line - 1])
    assert f"unknown key '{key}': did you mean '{meant}'?" in problem
    assert "must be" not in result.stdout and "None" not in result.stdout


def test_a_missing_goal_and_a_wrong_answer_without_a_reason_are_told_in_a_teachers_words(tmp_path):
    result, _ = _validate_with(tmp_path, "    goal: stock\n", "")
    assert "'goal' is missing: add what the moves must do, one of stock, end-turn" in result.stdout
    result, _ = _validate_with(tmp_path / "b", "        rule: build.start\n", "")
    assert ("say why stock to build 2 is wrong: add 'rule' (the rule that refuses it) or 'say' (your words)"
            in result.stdout)


def test_a_legal_wrong_answer_not_refused_points_to_goal_best(tmp_path):
    folder = tmp_path / "course"
    folder.mkdir()
    stage = EXAMPLE / "02-ending-the-turn.yaml"
    text = stage.read_text(encoding="utf-8").replace(
        "      - answer: [end]\n        rule: turn.discard-to-end\n",
        "      - answer: [hand 12 to discard 1]\n        say: keep the 12 for later\n", 1)
    (folder / stage.name).write_text(text, encoding="utf-8")
    result = tutor("course", "validate", folder, home=tmp_path)
    assert result.returncode == 2
    assert "the wrong answer (hand 12 to discard 1) is not refused" in result.stdout
    assert "refused only with goal: best" in result.stdout
