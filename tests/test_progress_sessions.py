"""Progress survives sessions at once, kills, special files and damaged files, and keeps its permissions."""

from __future__ import annotations

import json
import os
import stat
import time
from pathlib import Path

import pytest

from tutor.lessons.course import load_course
from tutor.lessons.progress import Progress, ProgressError, ProgressStore
from terminal import exit_status
from test_learn_terminal import answer_stage, progress, spawn

SETUP = load_course().find("setup")


def test_two_sessions_saving_in_turn_keep_each_others_progress(tmp_path: Path):
    first, second = ProgressStore(tmp_path), ProgressStore(tmp_path)
    mine, theirs = first.load(), second.load()
    mine.stage("cards").record("deck-size", solved=True)
    mine.stage("cards").next_step = 2
    first.save(mine)
    theirs.current = "turn"
    theirs.stage("turn").record("draw-first", solved=False)
    theirs.stage("turn").next_step = 1
    second.save(theirs)
    mine.stage("cards").next_step = 3
    first.save(mine)
    saved = ProgressStore(tmp_path).load()
    assert saved.stages["cards"].next_step == 3 and saved.stages["cards"].solved == ["deck-size"]
    assert saved.stages["turn"].next_step == 1 and saved.stages["turn"].shown == ["draw-first"]
    assert saved.current == "turn"  # the first session's stage did not change since it read the file


def test_a_step_moved_back_by_this_session_stays_back(tmp_path: Path):
    store = ProgressStore(tmp_path)
    finished = store.load()
    finished.stage("cards").next_step = 9
    store.save(finished)
    revisit = store.load()
    revisit.stage("cards").next_step = 0
    store.save(revisit)
    assert ProgressStore(tmp_path).load().stages["cards"].next_step == 0


@pytest.mark.parametrize("content", [b"\xff\xfe not utf-8", b"[" * 100_000 + b"]" * 100_000,
                                     b'{"version": 1, "stages": ' + b'{"a": ' * 5000 + b"1" + b"}" * 5001],
                         ids=["not-utf8", "nested-lists", "nested-mappings"])
def test_a_damaged_file_is_reported_and_kept_on_load_and_on_save(tmp_path: Path, content: bytes):
    path = tmp_path / "progress.json"
    path.write_bytes(content)
    with pytest.raises(ProgressError, match="damaged.*tutor learn --reset"):
        ProgressStore(tmp_path).load()
    with pytest.raises(ProgressError, match="damaged"):
        ProgressStore(tmp_path).save(Progress(current="cards"))
    assert path.read_bytes() == content


@pytest.mark.parametrize("make", [lambda path: os.mkfifo(path), lambda path: path.symlink_to("/dev/zero")],
                         ids=["fifo", "dev-zero"])
def test_a_special_file_is_refused_before_any_read(tmp_path: Path, make):
    make(tmp_path / "progress.json")
    started = time.monotonic()
    with pytest.raises(ProgressError, match="damaged .*(named pipe|device)"):
        ProgressStore(tmp_path).load()
    assert time.monotonic() - started < 5


def test_an_oversized_file_is_refused(tmp_path: Path):
    (tmp_path / "progress.json").write_bytes(b" " * (2 * 1024 * 1024))
    with pytest.raises(ProgressError, match="larger than"):
        ProgressStore(tmp_path).load()


def test_temporary_files_of_killed_saves_are_removed_by_the_next_save(tmp_path: Path):
    (tmp_path / ".progress-abc123.tmp").write_text("half")
    ProgressStore(tmp_path).save(Progress(current="cards"))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["progress.json"]


@pytest.mark.parametrize("mode", [0o644, 0o640, 0o600])
def test_a_save_keeps_the_files_permissions(tmp_path: Path, mode: int):
    store = ProgressStore(tmp_path)
    store.save(Progress(current="cards"))
    os.chmod(store.path, mode)
    store.save(Progress(current="turn"))
    assert stat.S_IMODE(store.path.stat().st_mode) == mode


def test_a_new_file_follows_the_umask(tmp_path: Path):
    old = os.umask(0o022)
    try:
        ProgressStore(tmp_path).save(Progress())
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "progress.json").stat().st_mode) == 0o644


def test_two_learn_processes_at_once_lose_nothing(tmp_path: Path):
    first = spawn(tmp_path)  # stage 1
    first.expect_exact("[Enter] to go on")
    second = spawn(tmp_path, "setup", NO_COLOR="1")
    first.sendline("")
    first.expect_exact("How many cards does a Skip-Bo deck hold")
    first.expect_exact("answer> ")
    answer_stage(second, SETUP)  # the second session finishes a stage while the first one waits
    second.expect_exact("Next: stage 3")
    first.sendline("162")  # the first one saves after the second one did
    first.expect_exact("Step 3 of")
    first.expect_exact("answer> ")
    first.sendline("q")
    second.sendline("q")
    assert exit_status(first) == 0 and exit_status(second) == 0
    stages = progress(tmp_path)["stages"]
    assert stages["cards"]["solved"] == ["deck-size"] and stages["cards"]["next_step"] == 2
    assert stages["setup"]["next_step"] == len(SETUP.steps)
    assert len(stages["setup"]["solved"]) == len(SETUP.exercises)
    assert json.loads((tmp_path / "progress.json").read_text())["version"] == 1
