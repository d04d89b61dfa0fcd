"""``tutor scenario from-record``: a recorded turn becomes a scenario that passes ``tutor scenario test``."""

from __future__ import annotations

import subprocess
import sys

import pytest

from tutor.coach.simulation import Series, play_game
from tutor.play.exercise import ExerciseError, exercise_data, exercise_text, find_turn
from tutor.records.files import write_record
from tutor.scenario.expectations import default_assess, run_expectations
from tutor.scenario.files import check_file


def record_of(players=2, teams=False, bots=("strong", "random"), stock=8, seed=3):
    return play_game(Series(bots, players, stock, seed=seed, teams=teams, record=True), 0).record


def scenario_passes(tmp_path, record, turn, player=None):
    path = tmp_path / f"turn-{turn}.yaml"
    data = exercise_data(record, find_turn(record, turn, player))
    path.write_text(exercise_text(data))
    checked = check_file(path)
    assert checked.usable, checked.lines()
    checks = run_expectations(checked.scenario, checked.expectations, default_assess())
    assert checks and all(check.passed for check in checks), [c.failures for c in checks]
    return data


@pytest.mark.parametrize("players, teams, bots", [(2, False, ("strong", "random")), (4, True, ("greedy", "strong")),
                                                  (3, False, ("random", "greedy", "strong"))])
def test_every_turn_of_a_game_makes_a_scenario_that_passes(tmp_path, players, teams, bots):
    record = record_of(players, teams, bots)
    stock_plays = 0
    for turn in range(1, len(record.rounds[0].turns) + 1, 3):
        try:
            data = scenario_passes(tmp_path, record, turn)
        except ExerciseError:
            continue  # a turn without a play, or with a reshuffled draw pile
        stock_plays += sum("next" in p["stock"] for p in data["players"])
    assert stock_plays  # some turns turned up stock cards, fixed in the file


def test_a_players_own_turns_are_counted_with_player(tmp_path):
    record = record_of()
    name = record.setup.names[1]
    found = find_turn(record, 2, name)
    assert found.steps[0].before.mover.name == name
    assert [t.player for t in record.rounds[0].turns[:found.number]].count(name) == 2


@pytest.mark.parametrize("turn, player, message", [
    (999, None, "there is no turn 999"),
    (999, "strong-1", "strong-1 played"),
    (1, "Nobody", "'Nobody' did not play"),
])
def test_a_missing_turn_is_refused(turn, player, message):
    with pytest.raises(ExerciseError, match=message):
        find_turn(record_of(), turn, player)


def test_the_command_writes_a_scenario_that_scenario_test_passes(tmp_path):
    game = tmp_path / "game.yaml"
    write_record(game, record_of(stock=5))
    out = tmp_path / "exercise.yaml"
    made = subprocess.run([sys.executable, "-m", "tutor", "scenario", "from-record", str(game), "--turn", "4",
                           "-o", str(out)], capture_output=True, text=True, timeout=120)
    assert made.returncode == 0, made.stderr
    tested = subprocess.run([sys.executable, "-m", "tutor", "scenario", "test", str(out)], capture_output=True,
                            text=True, timeout=120)
    assert tested.returncode == 0, tested.stdout + tested.stderr
    again = subprocess.run([sys.executable, "-m", "tutor", "scenario", "from-record", str(game), "--turn", "4",
                            "-o", str(out)], capture_output=True, text=True, timeout=120)
    assert again.returncode == 2 and "already exists" in again.stderr



def test_the_title_and_description_read_well_for_a_player_called_you():
    from test_play_game import play_out

    from tutor.play.game import Game, Settings

    game = Game.new(Settings(("greedy",), stock_size=3, seed=5))
    play_out(game)
    played = [t for t in range(1, len(game.record.rounds[0].turns) + 1)
              if game.record.rounds[0].turns[t - 1].player == "you" and len(game.record.rounds[0].turns[t - 1].moves) > 1]
    data = exercise_data(game.record, find_turn(game.record, played[0]))
    assert data["title"] == f"Turn {played[0]}: you to play"
    assert "you has" not in data["description"] and "you to play" in data["description"]


@pytest.mark.parametrize("change, message", [
    (lambda text: text.replace("strong-1", 'A"B'), "cannot hold a double quote"),
    (lambda text: text.replace("name: strong-1", "name: \uff52andom-2"), "must be written as 'random-2'"),
    (lambda text: text.replace("name: strong-1", "name: ' x'"), "must be written as 'x'"),
    (lambda text: text.replace("start: cut", "start: cut, teams: [[strong-1, random-2]]"),
     "the team game is played by 4 or 6 players"),
])
def test_a_record_whose_table_no_scenario_can_hold_is_refused_with_exit_2(tmp_path, change, message):
    from tutor.records.files import record_text

    path = tmp_path / "game.yaml"
    path.write_text(change(record_text(record_of())), encoding="utf-8")
    run = subprocess.run([sys.executable, "-m", "tutor", "scenario", "from-record", str(path), "--turn", "1"],
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 2 and message in run.stderr and "Traceback" not in run.stderr


def test_the_scenario_is_written_for_a_student_and_its_origin_for_the_teacher(tmp_path):
    game = tmp_path / "game.yaml"
    write_record(game, record_of(stock=5))
    made = subprocess.run([sys.executable, "-m", "tutor", "scenario", "from-record", str(game), "--turn", "4"],
                          capture_output=True, text=True, timeout=120)
    assert made.returncode == 0, made.stderr
    first, *rest = made.stdout.splitlines()
    assert first == f"# From turn 4 (round 1) of the game recorded in {game}."
    import yaml

    data = yaml.safe_load("\n".join(rest))
    assert "recorded in" not in data["description"] and str(game) not in data["description"]
    assert data["description"].startswith("A position from a game of Skip-Bo, ")
    assert data["answer"].startswith("The coach's best turn: ") and data["answer"].endswith(".")
    sheet = tmp_path / "sheet.html"
    exercise = tmp_path / "exercise.yaml"
    exercise.write_text(made.stdout, encoding="utf-8")
    subprocess.run([sys.executable, "-m", "tutor", "worksheet", str(exercise), "-o", str(sheet)], check=True,
                   capture_output=True, timeout=120)
    from html import unescape

    assert f"In words:</strong> {data['answer']}" in unescape(sheet.read_text(encoding="utf-8"))
