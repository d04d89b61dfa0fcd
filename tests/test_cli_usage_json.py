"""``--json`` always prints exactly one JSON document, usage errors of the option parser included."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from tutor.cli.app import build_app

runner = CliRunner()
app = build_app()


def one_json_document(result) -> dict:
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    return json.loads(result.stdout)  # raises unless stdout is exactly one JSON document


@pytest.mark.parametrize("args, words", [
    (["check", "--json"], "Missing argument"),
    (["check", "--stock-count", "abc", "--json", "end"], "'abc' is not a valid int"),
    (["simulate", "--games", "x", "--json"], "'x' is not a valid int"),
    (["hint", "--runners-up", "21", "--json"], "21 is not in the range"),
    (["simulate", "--seed", "9" * 4400, "--json"], "is not a valid int"),
    (["check", "scenario.yaml", "-s>b1", "--json"], "goes after '--'"),
    (["scenario", "test", "--bogus", "--json"], "No such option: --bogus"),
    (["--json"], "No such option: --json"),
])
def test_a_usage_error_under_json_is_the_error_object(args, words):
    result = runner.invoke(app, args)
    assert result.exit_code == 2, result.output
    document = one_json_document(result)
    assert document["error"]["kind"] == "usage"
    [problem] = document["error"]["problems"]
    assert words in problem and len(problem) < 300, problem


def test_a_usage_error_without_json_prints_nothing_on_stdout():
    result = runner.invoke(app, ["simulate", "--games", "x"])
    assert result.exit_code == 2 and result.stdout == ""


def test_json_after_a_double_dash_is_an_argument_not_the_option():
    result = runner.invoke(app, ["check", "--", "--json"])
    assert result.exit_code == 2 and not result.stdout.lstrip().startswith("{")


VALUES = st.one_of(
    st.text(max_size=12),
    st.integers().map(str),
    st.sampled_from(["", "-", "--", "-1", "0", "1e9", "9" * 4400, "abc", "ſ", "-x", "nan", "[/]", "\x1b[2J"]),
)
SIMULATE_OPTIONS = ["--games", "--players", "--bots", "--stock", "--seed", "--workers"]
QUICK_OPTIONS = ["--build", "--stock", "--stock-count", "--hand", "--discards", "--opponent", "--partner", "--phase",
                 "--draw-next", "--me", "--bogus"]


def _small_games(value: str) -> str:
    """Any --games value that would play more than two rounds plays two: the test is about parsing."""
    try:
        return value if int(value) <= 2 else "2"
    except ValueError:
        return value


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(SIMULATE_OPTIONS), VALUES), max_size=3))
def test_arbitrary_simulate_options_give_one_json_document(options):
    args = ["simulate", "--json", "--games", "1", "--stock", "3"]
    for option, value in options:
        args += [option, _small_games(value) if option == "--games" else value]
    result = runner.invoke(app, args)
    assert result.exit_code in (0, 2), (args, result.output)
    document = one_json_document(result)
    assert ("error" in document) == (result.exit_code == 2)


@settings(max_examples=80, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(QUICK_OPTIONS), VALUES), min_size=1, max_size=3))
def test_arbitrary_position_options_give_one_json_document(options):
    args = ["moves", "--json"]
    for option, value in options:
        args += [option, value]
    result = runner.invoke(app, args)
    assert result.exit_code in (0, 2), (args, result.output)
    document = one_json_document(result)
    assert ("error" in document) == (result.exit_code == 2)


def test_help_sends_a_newcomer_to_tutor_learn():
    import subprocess
    import sys

    shown = subprocess.run([sys.executable, "-m", "tutor", "--help"], capture_output=True, text=True, timeout=60,
                           env={**__import__("os").environ, "COLUMNS": "80"}).stdout
    assert "New to Skip-Bo? Start with 'tutor learn'" in " ".join(shown.replace("│", " ").split())
