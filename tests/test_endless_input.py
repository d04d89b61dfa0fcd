"""Endless input, or a file without line ends, at a prompt: one line, exit status 2, and memory that stays bounded."""

from __future__ import annotations

import os
import resource
import subprocess
import sys
from pathlib import Path

import pytest

from tutor.cli.prompt import MAX_LINE

ROOT = Path(__file__).resolve().parent.parent
SCENARIO = ROOT / "scenarios" / "rules" / "stock-first.yaml"
MEMORY = 1024 * 2**20  # bytes of address space: a run that reads a line without end passes it within seconds
COMMANDS = {
    "play": ["play", "--short"],
    "learn": ["learn", "1"],
    "quiz": ["quiz", str(SCENARIO)],
    "quiz --json": ["quiz", "--json", str(SCENARIO)],
}


def _bounded_memory() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


def tutor(args, stdin, home, language="en"):
    env = dict(os.environ, SKIPBO_TUTOR_HOME=str(home), SKIPBO_TUTOR_LANG=language, NO_COLOR="1")
    return subprocess.run([sys.executable, "-m", "tutor", *args], stdin=stdin, capture_output=True, text=True,
                          timeout=300, env=env, preexec_fn=_bounded_memory)


@pytest.mark.parametrize("command", list(COMMANDS))
def test_endless_input_ends_the_run_with_one_line_and_exit_2(tmp_path, command):
    with open("/dev/zero", "rb") as zeros:
        result = tutor(COMMANDS[command], zeros, tmp_path)
    assert result.returncode == 2, result.stderr[-2000:]
    assert "Traceback" not in result.stderr
    assert f"error: a line of input is longer than {MAX_LINE} characters" in result.stderr


@pytest.mark.parametrize("language, words", [("sv", "en inmatad rad är längre än"),
                                             ("da", "en indtastet linje er længere end")])
@pytest.mark.parametrize("command", ["play", "learn", "quiz"])
def test_a_file_without_line_ends_is_refused_in_every_language(tmp_path, command, language, words):
    endless = tmp_path / "no-line-ends.txt"
    endless.write_bytes(b"stock to build 1 " * 200_000)  # 3.4 MB, no line end
    with open(endless, "rb") as text:
        result = tutor(COMMANDS[command], text, tmp_path, language)
    assert result.returncode == 2, result.stderr[-2000:]
    assert words in result.stderr


def test_a_line_just_under_the_bound_is_an_answer_like_any_other(tmp_path):
    answer = tmp_path / "answers.txt"
    answer.write_text("x" * (MAX_LINE - 1) + "\nq\n", encoding="utf-8")
    with open(answer, "rb") as text:
        result = tutor(COMMANDS["play"], text, tmp_path)
    assert result.returncode == 0, result.stderr[-2000:]
    assert "longer than" not in result.stderr
