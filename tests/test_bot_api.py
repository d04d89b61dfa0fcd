"""Bots from outside the project: ``tutor simulate --bots module:Class``, the checks on them, the example."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tutor.cli.app import app
from tutor.coach.bots import make_bot
from tutor.coach.custom_bots import BotError, CheckedBot, load_bot
from tutor.coach.simulation import Series, run_series

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "stock_chaser.py"
runner = CliRunner()

BROKEN_BOTS = '''
from tutor.engine import PileKind, Place, Transfer

class Illegal:
    def plan(self, view, rng):
        return [Transfer(Place(PileKind.STOCK), Place(PileKind.DISCARD, 1), None)]

class Crashing:
    def plan(self, view, rng):
        raise RuntimeError("out of ideas")

class NoPlan:
    pass
'''


def simulate(*args: str):
    return runner.invoke(app, ["simulate", *args])


def test_a_bot_from_a_file_plays_a_series_against_ours():
    spec = f"{EXAMPLE}:StockChaser"
    result = simulate("--bots", f"{spec},greedy", "--games", "6", "--stock", "8", "--seed", "3", "--json")
    assert result.exit_code == 0, result.output
    document = json.loads(result.stdout)
    assert set(document["wins"]) == {spec, "greedy"}
    assert document["games"] == 6 and sum(document["wins"].values()) + document["stalemates"] == 6


def test_a_bot_by_module_and_class(monkeypatch):
    monkeypatch.syspath_prepend(str(ROOT))
    bot = make_bot("examples.stock_chaser:StockChaser")
    assert isinstance(bot, CheckedBot)
    summary = run_series(Series(("examples.stock_chaser:StockChaser", "random"), stock=6, seed=2), 4)
    assert summary.games == 4


@pytest.mark.parametrize("spec, words", [
    ("examples.no_such_module:Bot", "no module examples.no_such_module"),
    ("tutor.coach.bots:NoSuchBot", "has no class 'NoSuchBot'"),
    ("tutor.engine.state:GameState", "GameState() failed"),
    ("missing/file.py:Bot", "no file missing/file.py"),
    (":Bot", "module:Class"),
])
def test_a_bot_that_cannot_be_loaded_is_refused_with_its_reason(spec, words):
    result = simulate("--bots", f"{spec},greedy", "--games", "2", "--json")
    assert result.exit_code == 2
    problems = json.loads(result.stdout)["error"]["problems"]
    assert any(words in problem for problem in problems), problems


@pytest.fixture
def broken(tmp_path: Path) -> Path:
    path = tmp_path / "broken_bots.py"
    path.write_text(BROKEN_BOTS)
    return path


def test_a_class_without_plan_is_refused(broken):
    with pytest.raises(ValueError, match="no plan"):
        load_bot(f"{broken}:NoPlan")


@pytest.mark.parametrize("name, words", [("Illegal", "planned an illegal move, stock to discard 1"),
                                         ("Crashing", "failed: RuntimeError: out of ideas")])
def test_a_bot_that_misbehaves_stops_the_series_with_a_clear_message(broken, name, words):
    with pytest.raises(BotError, match=words):
        run_series(Series((f"{broken}:{name}", "greedy"), stock=5, seed=1), 2)
    result = simulate("--bots", f"{broken}:{name},greedy", "--games", "2", "--stock", "5", "--json")
    assert result.exit_code == 2
    assert words in json.loads(result.stdout)["error"]["problems"][0]


def test_the_example_runs_as_a_script():
    environment = {**os.environ, "PYTHONPATH": str(ROOT)}
    result = subprocess.run([sys.executable, str(EXAMPLE)], capture_output=True, text=True, env=environment,
                            timeout=120)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].startswith("StockChaser: ") and lines[1].startswith("greedy: ")
    assert sum(int(line.split(": ")[1].split()[0]) for line in lines) <= 20


NONSENSE_BOTS = '''
import sys

class Strings:
    def plan(self, view, rng):
        print("thinking aloud")
        return ["s>b1"]

class Exits:
    def plan(self, view, rng):
        sys.exit(0)

class NotAList:
    def plan(self, view, rng):
        return 7
'''


@pytest.mark.parametrize("name, words", [("Strings", "planned str 's>b1', which is not a move"),
                                         ("Exits", "failed: it called sys.exit(0)"),
                                         ("NotAList", "failed: TypeError")])
@pytest.mark.parametrize("workers", ["1", "2"])
def test_whatever_a_bot_returns_or_raises_is_a_bot_error_and_the_json_stays_json(tmp_path, name, words, workers):
    path = tmp_path / "nonsense.py"
    path.write_text(NONSENSE_BOTS)
    result = subprocess.run([sys.executable, "-m", "tutor", "simulate", "--bots", f"{path}:{name},greedy",
                             "--games", "4", "--stock", "5", "--workers", workers, "--json"],
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 2, result.stderr
    error = json.loads(result.stdout)["error"]
    assert error["kind"] == "bot" and words in error["problems"][0]
    assert "Traceback" not in result.stderr
