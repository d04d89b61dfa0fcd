"""The standard streams as a shell may hand them over: full, closed, or unable to encode a name.

Each case ends with one line on standard error and the documented status (docs/check.md, Output),
never a traceback.
"""

from __future__ import annotations

import json
import os
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
TUTOR = [sys.executable, "-m", "tutor"]
ZOE = """\
title: "Zoë's turn"
players:
  - {name: Zoë, stock: {top: 7, count: 3}, hand: [5]}
  - {name: Bo, stock: {top: 1, count: 3}}
"""

COMMANDS = [["rules"], ["check", "--build", "6,-,-,-", "--stock", "7", "s>b1"],
            ["simulate", "--games", "2", "--stock", "3", "--json"]]


def shell(command: str, tmp_path: Path, **env: str) -> subprocess.CompletedProcess:
    """``command`` run by sh, with ``tutor`` standing for this Python's tutor."""
    return subprocess.run(["sh", "-c", command.replace("tutor", " ".join(TUTOR), 1)], capture_output=True, text=True,
                          timeout=120, stdin=subprocess.DEVNULL,
                          env={**os.environ, "SKIPBO_TUTOR_HOME": str(tmp_path), **env})


def one_line(run: subprocess.CompletedProcess) -> str:
    lines = run.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in run.stderr, run.stderr
    return lines[0]


@pytest.mark.parametrize("args", COMMANDS)
def test_output_to_a_full_device_ends_with_one_line_and_status_2(tmp_path, args):
    run = shell(f"tutor {shlex.join(args)} > /dev/full", tmp_path)
    assert run.returncode == 2
    assert one_line(run) == "error: cannot write the output: No space left on device"


@pytest.mark.parametrize("args", COMMANDS)
def test_a_closed_standard_output_ends_with_one_line_and_status_2(tmp_path, args):
    run = shell(f"tutor {shlex.join(args)} >&-", tmp_path)
    assert run.returncode == 2
    assert one_line(run) == "error: standard output is closed: there is nowhere to write to"


@pytest.mark.parametrize("args", [["play"], ["quiz", str(ROOT / "scenarios" / "scoring")], ["learn"]])
def test_a_closed_standard_input_stops_a_command_that_asks_before_it_starts(tmp_path, args):
    run = shell(f"tutor {shlex.join(args)} <&-", tmp_path)
    assert run.returncode == 2
    assert "reads the answers from standard input, which is closed" in one_line(run)
    assert not (tmp_path / "saved-game.yaml").exists()


def test_a_closed_standard_input_is_no_matter_for_a_command_that_asks_nothing(tmp_path):
    run = shell("tutor rules build.start <&-", tmp_path)
    assert run.returncode == 0 and "build.start" in run.stdout


def test_a_name_the_output_cannot_encode_is_shown_escaped_and_json_stays_json(tmp_path):
    (tmp_path / "zoe.yaml").write_text(ZOE, encoding="utf-8")
    shown = shell(f"tutor show {tmp_path / 'zoe.yaml'}", tmp_path, PYTHONIOENCODING="ascii")
    assert shown.returncode == 0 and "Zo\\xeb to move" in shown.stdout, shown.stderr
    checked = shell(f"tutor check {tmp_path / 'zoe.yaml'} 'Zoë:stock to build 1' --json", tmp_path,
                    PYTHONIOENCODING="ascii")
    assert checked.returncode == 1 and "Traceback" not in checked.stderr
    assert json.loads(checked.stdout)["moves"][0]["move"] == "Zoë:stock to build 1"


def test_input_the_encoding_cannot_decode_is_answered_at_the_prompt(tmp_path):
    run = subprocess.run([*TUTOR, "play", "--fast", "--seed", "2"], input="Zoë:stock to build 1\nq\n".encode(),
                         capture_output=True, timeout=60,
                         env={**os.environ, "SKIPBO_TUTOR_HOME": str(tmp_path), "PYTHONIOENCODING": "ascii"})
    assert run.returncode == 0 and b"Traceback" not in run.stderr
    assert b"is at the table" in run.stdout and b"Game saved" in run.stdout
