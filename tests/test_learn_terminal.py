"""``tutor learn`` in a real terminal (pexpect): finish a stage, quit, resume, interrupt."""

import json
import os
import re
import subprocess
import sys

import pexpect

from tutor.lessons.course import load_course
from terminal import exit_status, interrupt_until, send_eof_at_prompt

STAGE = load_course().find("setup")
ANSI_COLOUR = re.compile(r"\x1b\[[0-9;]*3[0-9]m")


def environment(home, **extra):
    env = dict(os.environ, SKIPBO_TUTOR_HOME=str(home), COLUMNS="60", LINES="40", TERM="dumb")
    env.update(extra)
    return env


def spawn(home, *args, **extra):
    child = pexpect.spawn(sys.executable, ["-m", "tutor", "learn", *args], env=environment(home, **extra),
                          encoding="utf-8", timeout=120, dimensions=(40, 60))
    child.logfile_read = open(os.devnull, "w")
    return child


def run(home, *args):
    return subprocess.run([sys.executable, "-m", "tutor", "learn", *args], env=environment(home),
                          capture_output=True, text=True, timeout=30, stdin=subprocess.DEVNULL)


def progress(home):
    return json.loads((home / "progress.json").read_text())


def answer_stage(child, stage) -> None:
    """Go through ``stage`` at the prompt: each question answered rightly, each explanation read on."""
    for step in stage.steps:
        if hasattr(step, "kind"):
            child.expect_exact("answer> ")
            child.sendline(str(step.answer))
            child.expect_exact("Right!")
        else:
            child.expect_exact("[Enter] to go on")
            child.sendline("")


def test_complete_a_stage_then_stop_at_the_next(tmp_path):
    child = spawn(tmp_path, "setup", NO_COLOR="1")
    answer_stage(child, STAGE)
    child.expect_exact("Stage 2 complete")
    child.expect_exact("Next: stage 3")
    child.sendline("q")
    child.expect_exact("Progress saved")
    assert exit_status(child) == 0
    saved = progress(tmp_path)["stages"]["setup"]
    assert saved["next_step"] == len(STAGE.steps)
    assert len(saved["solved"]) == len(STAGE.exercises)
    listing = run(tmp_path, "--list")
    assert re.search(r"setup .*done, 4/4 solved", listing.stdout)


def test_quit_mid_stage_and_resume_there(tmp_path):
    child = spawn(tmp_path)
    child.expect_exact("Stage 1/")
    child.expect_exact("[Enter] to go on")
    child.sendline("")
    child.expect_exact("How many cards does a Skip-Bo deck hold")
    child.expect_exact("answer> ")
    child.sendline("162")
    child.expect_exact("Step 3 of")
    child.expect_exact("answer> ")
    child.sendline("q")
    child.expect_exact("Progress saved")
    assert exit_status(child) == 0

    again = spawn(tmp_path)
    again.expect_exact("step 3/")  # the overview shows where the learner stopped
    again.expect_exact("Step 3 of")
    again.expect_exact("Can your green 5 go on it?")
    again.expect_exact("answer> ")
    send_eof_at_prompt(again)
    assert exit_status(again) == 0
    assert progress(tmp_path)["stages"]["cards"]["solved"] == ["deck-size"]


def test_ctrl_c_saves_and_exits_without_a_traceback(tmp_path):
    child = spawn(tmp_path, "turn")
    child.expect_exact("[Enter] to go on")
    child.sendline("")
    child.expect_exact("move> ")
    child.sendline("draw")
    child.expect_exact("You draw 3 cards to hold five.")  # the draw is taken: the step is done
    child.expect_exact("move> ")
    interrupt_until(child, "Interrupted; progress saved. Run 'tutor learn' to continue")
    assert exit_status(child) == 130
    assert progress(tmp_path)["stages"]["turn"]["next_step"] == 1


def test_no_color_and_sixty_columns(tmp_path):
    child = spawn(tmp_path, "teams", NO_COLOR="1")
    child.expect_exact("[Enter] to go on")
    child.sendline("")
    child.expect_exact("move> ")
    child.sendline("q")
    child.expect(pexpect.EOF)
    output = child.before
    child.close()
    assert not ANSI_COLOUR.search(output)
    lines = [line for line in output.replace("\r", "").split("\n")]
    assert max(len(re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", line)) for line in lines) <= 60


def test_a_damaged_progress_file_is_reported_not_raised(tmp_path):
    (tmp_path / "progress.json").write_text("{ half a record")
    result = run(tmp_path)
    assert result.returncode == 2
    assert "damaged" in result.stderr and "tutor learn --reset" in result.stderr
    assert "Traceback" not in result.stderr
    assert run(tmp_path, "--reset").returncode == 0
    assert run(tmp_path, "--list").returncode == 0


def test_an_unwritable_data_folder_warns_and_the_lesson_goes_on(tmp_path):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("")
    child = spawn(blocker / "home", "setup")
    child.expect_exact("cannot save progress")
    child.expect_exact("SKIPBO_TUTOR_HOME")
    child.expect_exact("[Enter] to go on")
    child.sendline("")
    child.expect_exact("answer> ")
    child.sendline("q")
    assert exit_status(child) == 0


def test_unknown_stage_lists_the_stages(tmp_path):
    result = run(tmp_path, "juggling")
    assert result.returncode == 2
    assert "no stage 'juggling'" in result.stderr and "setup" in result.stderr


def test_json_is_for_the_list_only(tmp_path):
    listing = run(tmp_path, "--list", "--json")
    assert listing.returncode == 0
    assert [stage["id"] for stage in json.loads(listing.stdout)["stages"]][:2] == ["cards", "setup"]
    result = run(tmp_path, "setup", "--json")
    assert result.returncode == 2
    assert json.loads(result.stdout)["error"]["kind"] == "usage"
    assert "--list" in result.stderr


def test_a_damaged_progress_file_with_json_prints_one_error_document(tmp_path):
    (tmp_path / "progress.json").write_text("{ half a record")
    result = run(tmp_path, "--list", "--json")
    assert result.returncode == 2
    assert json.loads(result.stdout)["error"]["kind"] == "progress"


def test_an_ambiguous_stage_word_suggests_the_stages(tmp_path):
    result = run(tmp_path, "w")
    assert result.returncode == 2
    assert "'w' could mean more than one stage: 5 wild, 7 winning" in result.stderr


def test_the_stage_list_stays_in_columns_at_sixty(tmp_path):
    listing = run(tmp_path, "--list").stdout.splitlines()
    rows = [line for line in listing if re.match(r"\s*\d+\.", line)]
    assert len(rows) == len(load_course().stages)
    assert len({line.index(" new, ") for line in rows}) == 1  # the progress column lines up
    assert max(len(line.rstrip()) for line in listing) <= 60
