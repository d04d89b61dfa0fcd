"""``tutor simulate``, ``tutor hint`` and the verdicts ``tutor check`` adds."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tutor.cli.app import build_app

ROOT = Path(__file__).resolve().parent.parent
STOCK_FIRST = ROOT / "scenarios" / "strategy" / "stock-first-weak.yaml"

runner = CliRunner()
app = build_app()


def run(*args):
    return runner.invoke(app, [str(a) for a in args])


def simulate_json(*extra):
    result = run("simulate", "--games", 6, "--players", 2, "--stock", 5, "--bots", "strong,greedy", "--json", *extra)
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_simulate_json_is_one_document_with_the_keys():
    document = simulate_json("--seed", 1)
    assert {"games", "wins", "stalemates", "mean_turns", "games_per_second"} <= set(document)
    assert document["games"] == 6
    assert sum(document["wins"].values()) + document["stalemates"] == 6
    assert set(document["wins"]) == {"strong", "greedy"}


def _without_speed(document):
    return {key: value for key, value in document.items() if key != "games_per_second"}


def test_simulate_repeats_from_the_seed_and_ignores_the_workers():
    first = simulate_json("--seed", 4)
    assert _without_speed(first) == _without_speed(simulate_json("--seed", 4))
    assert _without_speed(first) == _without_speed(simulate_json("--seed", 4, "--workers", 2))


def test_simulate_human_output_has_a_table():
    result = run("simulate", "--games", 2, "--stock", 4, "--bots", "greedy,random", "--seed", 2)
    assert result.exit_code == 0
    assert "greedy" in result.stdout and "95% interval" in result.stdout


@pytest.mark.parametrize("args", [
    ("--bots", "strong,nobody"), ("--players", "9"), ("--games", "0"), ("--teams", "--players", "3"),
    ("--stock", "90", "--players", "2"), ("--workers", "0"), ("--workers", "99999"),
])
def test_simulate_refuses_bad_settings(args):
    result = run("simulate", "--json", *args)
    assert result.exit_code == 2
    assert "error" in json.loads(result.stdout)


def test_hint_gives_the_best_turn_with_reasons():
    result = run("hint", STOCK_FIRST, "--json")
    assert result.exit_code == 0, result.output
    document = json.loads(result.stdout)
    best = document["best"]
    assert best["moves"][0] == "stock 5 to build 1"
    assert all(step["reason"] for step in best["steps"])
    assert document["runners_up"] and all(turn["loss"] >= 0 for turn in document["runners_up"])


def test_hint_leads_with_the_stock_among_equally_good_turns():
    # playing the 3 first or the stock 7 first is worth the same; the stock card's turn-up is news, so it goes first
    result = run("hint", "--build", "6,-,2,-", "--stock", "7", "--hand", "3,5,SB,9,12", "--opponent", "Anna:12", "--json")
    assert result.exit_code == 0, result.output
    document = json.loads(result.stdout)
    assert document["best"]["moves"][0] == "stock 7 to build 1"
    assert any(turn["loss"] == 0 and turn["moves"][0] != "stock 7 to build 1" for turn in document["runners_up"])


def test_hint_human_output():
    result = run("hint", STOCK_FIRST)
    assert result.exit_code == 0
    assert "Best turn" in result.stdout and "stock 5 to build 1" in result.stdout


def test_hint_starts_with_the_draw(tmp_path):
    text = STOCK_FIRST.read_text().replace("build: [4", "phase: start\nbuild: [4")
    path = tmp_path / "start.yaml"
    path.write_text(text)
    result = run("hint", path, "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["best"]["moves"][0] == "draw"


def test_hint_refuses_a_broken_file(tmp_path):
    path = tmp_path / "broken.yaml"
    path.write_text("title: x\nbuild: [13]\nplayers: []\n")
    result = run("hint", path, "--json")
    assert result.exit_code == 2


def test_check_rates_each_legal_move():
    result = run("check", STOCK_FIRST, "hand 5 to build 1", "hand 9 to discard 1", "--json")
    assert result.exit_code == 0, result.output
    first, second = json.loads(result.stdout)["moves"]
    assert first["quality"] == "weak"
    assert first["principles"] == ["strategy.stock-first"]
    assert first["better"].startswith("stock 5 to build 1")
    assert "stock" in first["explanation"]
    assert second["quality"] in ("best", "good", "weak")


def test_check_human_output_shows_the_quality():
    result = run("check", STOCK_FIRST, "hand 5 to build 1")
    assert "weak" in result.stdout


def test_records_of_an_earlier_run_are_kept_unless_the_run_is_forced(tmp_path):
    first = simulate_json("--record", tmp_path)
    earlier = {path.name: path.read_bytes() for path in tmp_path.iterdir()}
    assert first["games"] == len(earlier) == 6
    (tmp_path / "game-0003.yaml").write_text("mine\n", encoding="utf-8")
    result = run("simulate", "--games", 6, "--stock", 5, "--seed", 2, "--record", tmp_path, "--json")
    assert result.exit_code == 2
    [problem] = json.loads(result.stdout)["error"]["problems"]
    assert problem == f"--record: {tmp_path / 'game-0001.yaml'} already exists: give --force to overwrite it"
    assert (tmp_path / "game-0003.yaml").read_text(encoding="utf-8") == "mine\n"
    assert {path.name for path in tmp_path.iterdir()} == set(earlier)
    simulate_json("--seed", 2, "--record", tmp_path, "--force")
    assert (tmp_path / "game-0003.yaml").read_text(encoding="utf-8") != "mine\n"


def test_records_past_the_games_asked_for_are_left_alone(tmp_path):
    (tmp_path / "game-0007.yaml").write_text("mine\n", encoding="utf-8")
    (tmp_path / "game-00001.yaml").write_text("mine\n", encoding="utf-8")  # a name the run never writes
    simulate_json("--record", tmp_path)
    assert (tmp_path / "game-0007.yaml").read_text(encoding="utf-8") == "mine\n"
    assert len(list(tmp_path.glob("game-000?.yaml"))) == 7


def test_a_ctrl_c_while_a_record_is_written_stops_the_run_with_that_record_written_and_counted(tmp_path,
                                                                                              monkeypatch):
    import signal

    from tutor.records import files

    write_record = files.write_record

    def interrupted_while_writing(path, record):
        if path.name == "game-0002.yaml":
            signal.raise_signal(signal.SIGINT)  # Ctrl-C lands halfway through the second record
        write_record(path, record)

    monkeypatch.setattr(files, "write_record", interrupted_while_writing)
    result = run("simulate", "--games", 6, "--stock", 5, "--bots", "greedy,greedy", "--record", tmp_path, "--json")
    assert result.exit_code == 130, result.output
    written = sorted(path.name for path in tmp_path.iterdir())
    assert json.loads(result.stdout)["games"] == len(written) == 2
    assert written == ["game-0001.yaml", "game-0002.yaml"]
