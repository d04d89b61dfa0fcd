"""A name or title given in bytes that are not UTF-8 is refused before it reaches a file, in every language."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

ZOE = os.fsdecode(b"Zo\xeb")  # Zoë typed in a Latin-1 terminal
POSITION = ["--build", "1,-,-,-", "--stock", "2"]
SAID = {"en": "is not UTF-8 text", "sv": "är inte UTF-8-text", "da": "er ikke UTF-8-tekst"}


def tutor(*args, cwd, language="en"):
    env = dict(os.environ, SKIPBO_TUTOR_LANG=language, NO_COLOR="1", COLUMNS="400")
    return subprocess.run([sys.executable, "-m", "tutor", *args], capture_output=True, text=True, timeout=120,
                          env=env, cwd=cwd)


@pytest.mark.parametrize("language", list(SAID))
@pytest.mark.parametrize("option, args", [
    ("--title", ["--title", ZOE]),
    ("--me", ["--me", ZOE, *POSITION]),
    ("--opponent", ["--opponent", ZOE + ":3", *POSITION]),
])
def test_scenario_new_refuses_text_that_is_not_utf8_and_writes_nothing(tmp_path, language, option, args):
    result = tutor("scenario", "new", "n.yaml", *args, cwd=tmp_path, language=language)
    assert result.returncode == 2
    assert f"{option}: Zo\\xeb{':3' if option == '--opponent' else ''} {SAID[language]}" in result.stderr
    assert not (tmp_path / "n.yaml").exists()


def test_the_same_letters_in_utf8_make_a_scenario_that_validates(tmp_path):
    made = tutor("scenario", "new", "n.yaml", "--title", "Zoë", "--me", "Zoë", *POSITION, cwd=tmp_path)
    assert made.returncode == 0, made.stderr
    checked = tutor("scenario", "validate", "n.yaml", cwd=tmp_path)
    assert checked.returncode == 0, checked.stdout + checked.stderr


def test_check_refuses_a_name_that_is_not_utf8_with_the_json_error_object(tmp_path):
    result = tutor("check", "--me", ZOE, *POSITION, "stock to build 1", "--json", cwd=tmp_path)
    assert result.returncode == 2
    problems = json.loads(result.stdout)["error"]["problems"]
    assert any("--me: Zo\\xeb is not UTF-8 text" in problem for problem in problems)
