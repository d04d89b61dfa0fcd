"""User text is printed literally: no markup is read, control characters are shown escaped, JSON stays exact."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from tutor.cli.app import build_app
from tutor.cli.output import printable

ROOT = Path(__file__).resolve().parent.parent
runner = CliRunner()
app = build_app()

TITLE = "Evil [/] [link=http://x]click[/link] [red]red\x1b]0;PWNED\x1b\\ \x1b[2J"
NAME = "An[/]na [link=http://x]"  # markup only: a name with control characters is refused at load
HOSTILE = f"""\
title: {json.dumps(TITLE)}
description: "desc [/] [bold]x\\u009b31m \\u202e"
question: "q [/] \\e[31m"
answer: "a [/] \\r\\e[2K"
players:
  - name: you
    stock: {{top: 7, count: 12}}
    hand: [3, 5, SB, 9, 12]
  - name: {json.dumps(NAME)}
    stock: {{top: 8, count: 20}}
    hand: 5
"""


@pytest.fixture
def hostile(tmp_path: Path) -> Path:
    path = tmp_path / "hostile.yaml"
    path.write_text(HOSTILE, encoding="utf-8")
    return path


def test_printable_escapes_what_drives_a_terminal_and_keeps_the_rest():
    assert printable("a\x1b[2Jb\rc\x9bd\u202ee\x00") == "a\\x1b[2Jb\\rc\\x9bd\\u202ee\\x00"
    assert printable("line\n\ttab [/] é ſ 🂡") == "line\n\ttab [/] é ſ 🂡"
    assert printable("name\udcff") == "name\\xff"


@pytest.mark.parametrize("command", [["show"], ["scenario", "show", "--reveal"], ["moves"], ["check", "end"],
                                     ["scenario", "validate"]])
def test_user_text_is_printed_literally_with_control_characters_escaped(hostile, command):
    args = [*command, str(hostile)] if command[0] != "check" else ["check", str(hostile), "end"]
    result = runner.invoke(app, args)
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert result.exit_code in (0, 1), result.output
    output = result.stdout
    assert not any(character in output for character in "\x1b\x07\r\x9b\u202e"), repr(output)
    if command in (["show"], ["scenario", "show", "--reveal"], ["check", "end"]):
        assert "Evil [/] [link=http://x]click[/link] [red]red\\x1b]0;PWNED" in output.replace("\n", "")


def test_names_are_printed_literally_and_names_with_control_characters_refused_escaped(hostile):
    hostile.write_text(HOSTILE + f"turn: {json.dumps(NAME)}\n", encoding="utf-8")
    result = runner.invoke(app, ["moves", str(hostile)])
    assert result.exit_code == 0, result.output
    assert NAME in result.stdout
    hostile.write_text(HOSTILE.replace(json.dumps(NAME), json.dumps("An\x1b]52;c;aGk=\x07na")), encoding="utf-8")
    result = runner.invoke(app, ["moves", str(hostile)])
    assert result.exit_code == 2 and "control characters" in result.output and "\x1b" not in result.output
    result = runner.invoke(app, ["show", "--stock", "7", "--me", "me\x1b[2J[/]", "--opponent", "Bo\x1b]0;x"])
    assert result.exit_code == 2 and "--me" in result.output and "\x1b" not in result.output
    result = runner.invoke(app, ["show", "--stock", "7", "--me", "me [/]", "--opponent", "Bo [red]"])
    assert result.exit_code == 0 and "me [/]" in result.stdout and "Bo [red]" in result.stdout


def test_json_keeps_user_text_exact(hostile):
    result = runner.invoke(app, ["check", str(hostile), "end", "--json"])
    assert json.loads(result.stdout)["moves"][0]["move"] == "end"
    result = runner.invoke(app, ["scenario", "test", str(hostile), "--json"])
    assert json.loads(result.stdout)["files"][0]["file"] == str(hostile)


def test_a_file_name_that_is_not_utf8_is_shown_escaped_and_json_stays_utf8(tmp_path: Path):
    name = os.fsencode(tmp_path) + b"/bad\xff\x1b[2J.yaml"
    with open(name, "wb") as handle:
        handle.write(b"title: no players\n")
    for args, stream in ((["scenario", "validate", "--json"], "stdout"), (["scenario", "test"], "stdout"),
                         (["check", "--json"], "stdout"), (["check"], "stderr")):
        extra = [b"end"] if args[0] == "check" else []
        result = subprocess.run([sys.executable, "-m", "tutor", *args, name, *extra], capture_output=True,
                                cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)})
        assert result.returncode == 2 and b"Traceback" not in result.stderr, result.stderr
        text = getattr(result, stream).decode("utf-8")  # strict: raises on invalid UTF-8
        assert "\x1b" not in text
        if "--json" in args:
            assert any("bad\\xff\x1b[2J.yaml" in line for line in _strings(json.loads(text)))
        else:
            assert "bad\\xff\\x1b[2J.yaml" in text


def _strings(document) -> list[str]:
    """Every text in a JSON document."""
    if isinstance(document, dict):
        return [text for value in document.values() for text in _strings(value)]
    if isinstance(document, list):
        return [text for value in document for text in _strings(value)]
    return [document] if isinstance(document, str) else []


HOSTILE_RECORD = "game-\x1b]0;PWNED\x07\x1b[2J\nx.yaml"  # sets the window title, clears the screen, breaks a line


@pytest.fixture
def hostile_record(tmp_path: Path) -> Path:
    from tutor.coach.simulation import Series, play_game
    from tutor.records.files import write_record

    home = tmp_path / "home"
    (home / "records").mkdir(parents=True)
    path = home / "records" / HOSTILE_RECORD
    write_record(path, play_game(Series(("greedy", "random"), 2, 5, seed=3, record=True), 0).record)
    return path


def _tutor(*args, home: Path, cwd: Path) -> subprocess.CompletedProcess:
    env = dict(os.environ, SKIPBO_TUTOR_HOME=str(home), NO_COLOR="1", COLUMNS="100")
    return subprocess.run([sys.executable, "-m", "tutor", *args], capture_output=True, text=True, timeout=300,
                          env=env, cwd=cwd)


def test_review_shows_a_record_name_with_escape_sequences_escaped(hostile_record, tmp_path):
    for args in (["review"], ["review", "--list"], ["review", str(hostile_record)]):
        result = _tutor(*args, home=hostile_record.parent.parent, cwd=tmp_path)
        assert result.returncode == 0, result.stderr
        assert "\x1b" not in result.stdout + result.stderr and "\x07" not in result.stdout + result.stderr
        assert "game-\\x1b]0;PWNED" in result.stdout + result.stderr


def test_from_record_names_the_record_escaped_and_writes_a_scenario_that_validates(hostile_record, tmp_path):
    printed = _tutor("scenario", "from-record", str(hostile_record), "--turn", "2", home=tmp_path, cwd=tmp_path)
    assert printed.returncode == 0, printed.stderr
    assert "\x1b" not in printed.stdout and "\x07" not in printed.stdout
    assert printed.stdout.splitlines()[0].endswith("game-\\x1b]0;PWNED\\x07\\x1b[2J\\nx.yaml.")
    written = _tutor("scenario", "from-record", str(hostile_record), "--turn", "2", "-o", "n.yaml", home=tmp_path,
                     cwd=tmp_path)
    assert written.returncode == 0, written.stderr
    checked = _tutor("scenario", "validate", "n.yaml", home=tmp_path, cwd=tmp_path)
    assert checked.returncode == 0, checked.stdout + checked.stderr


@settings(max_examples=40, deadline=None)
@given(st.text(st.characters(blacklist_characters="\x00", blacklist_categories=("Cs",)), min_size=1, max_size=12)
       | st.builds(os.fsdecode, st.binary(min_size=1, max_size=8).filter(lambda raw: b"\x00" not in raw)))
def test_a_suggested_command_word_reads_back_in_the_shell_as_the_name(name):
    """A name shown escaped (not UTF-8, a control character) is suggested as $'...', which bash reads as the name."""
    from tutor.cli.output import shell_quoted

    said = shell_quoted(name)
    assert printable(said, one_line=True) == said  # nothing in it drives the terminal
    read = subprocess.run(["bash", "-c", f"printf %s {said}"], capture_output=True, timeout=60,
                          env=dict(os.environ, LC_ALL="C.UTF-8")).stdout
    assert read == os.fsencode(name)
