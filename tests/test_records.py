"""Game records: simulate -> record -> YAML -> replay gives the same final table and result.

Also: the YAML matches the published JSON Schema, and a record that was
tampered with is refused at the line of the entry that no longer replays.
"""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from tutor.coach.simulation import Series, game_seed, play_game, play_round
from tutor.engine.state import Phase
from tutor.records.files import RecordError, read_record, record_text, write_record
from tutor.records.model import NUMBER_LIMIT, record_from_data
from tutor.records.replay import ReplayError, replay_game

SCHEMA = json.loads((Path(__file__).parent.parent / "tutor/records/record.schema.json").read_text())


@st.composite
def series(draw):
    players = draw(st.integers(min_value=2, max_value=6))
    teams = players in (4, 6) and draw(st.booleans())
    bots = tuple(draw(st.lists(st.sampled_from(["random", "greedy", "strong"]), min_size=1, max_size=3)))
    stock = draw(st.sampled_from([None, 1, 3, 6, 10]))
    return Series(bots, players, stock, draw(st.integers(0, 2**20)), teams, turn_cap=150, record=True)


def simulated(series: Series, index: int):
    """The game's result and its final table, played without a record for comparison."""
    from random import Random

    from tutor.coach.bots import make_bot
    from tutor.coach.simulation import game_seed, seating
    from tutor.engine.dealing import deal, partner_teams

    names = seating(series, index)
    state = deal([f"{name}-{seat + 1}" for seat, name in enumerate(names)],
                 seed=game_seed(series.seed, index // len(series.bots)), stock_size=series.stock,
                 teams=partner_teams(series.players) if series.teams else ()).state
    final, _ = play_round(state, [make_bot(name) for name in names], Random(game_seed(series.seed, index)),
                          series.turn_cap)
    return final


@settings(max_examples=40, deadline=None)
@given(series(), st.integers(0, 5))
def test_a_simulated_game_replays_from_its_record_to_the_same_table(series, index):
    result = play_game(series, index)
    text = record_text(result.record)
    data = yaml.safe_load(text)
    jsonschema.validate(data, SCHEMA)
    record, problems = record_from_data(data)
    assert not problems
    (final,) = replay_game(record)
    assert final == simulated(series, index)  # recording changes nothing about how the game goes
    assert (final.winners or ()) == result.winners or final.phase is not Phase.OVER
    assert record.rounds[0].result.finished == (final.phase is Phase.OVER)


def test_recycled_draw_piles_are_written_down_and_replayed():
    """Small stocks and long games use up the draw pile: the record keeps each new pile's order."""
    for seed in range(40):
        series = Series(("random",), 2, 30, seed=seed, record=True)
        result = play_game(series, 0)
        if result.record.rounds[0].shuffles:
            break
    else:
        pytest.fail("no game recycled its completed piles")
    (final,) = replay_game(record_from_data(yaml.safe_load(record_text(result.record)))[0])
    assert final == simulated(series, 0)


def recorded(tmp_path, seed=1):
    result = play_game(Series(("strong", "greedy"), 2, 8, seed=seed, record=True), 0)
    path = tmp_path / "game.yaml"
    write_record(path, result.record)
    return path


def test_a_written_record_reads_back(tmp_path):
    path = recorded(tmp_path)
    record = read_record(path)
    assert record_text(record) == path.read_text()
    assert not list(tmp_path.glob(".*.tmp"))  # the temporary file was renamed over


def long_match(tmp_path, rounds: int) -> Path:
    """The record of a match of ``rounds`` full rounds (a round of full stocks is 10 KB or so)."""
    import dataclasses

    from tutor.records.model import GameRecord

    played = play_game(Series(("strong", "greedy"), 2, 30, seed=3, record=True), 0).record
    match = GameRecord(dataclasses.replace(played.setup, target=6000), played.rounds * rounds)
    path = tmp_path / "match.yaml"
    write_record(path, match)
    return path


def test_a_long_match_reads_back(tmp_path):
    """A match of 40 full rounds (about 400 KB) is read, checked and replayed; scenarios keep their own limits."""
    from tutor.scenario.loader import SCENARIO_LIMITS, ScenarioError, parse_yaml

    path = long_match(tmp_path, 40)
    assert path.stat().st_size > 300_000
    assert len(read_record(path).rounds) == 40
    with pytest.raises(ScenarioError, match="too many values"):
        parse_yaml(path.read_text(), str(path), SCENARIO_LIMITS)


@pytest.mark.skipif(not yaml.__with_libyaml__, reason="PyYAML is installed without libyaml")
def test_a_long_match_is_composed_by_libyaml_however_long_it_is(tmp_path, monkeypatch):
    """Thousands of '-' and ':' are only a few levels of nesting: PyYAML's pure-Python loader is not needed."""
    from test_scenario_hostile_yaml import composed_with

    path = long_match(tmp_path, 12)  # the round the bots play is 7-10 KB, as their play changes
    assert path.stat().st_size > 80_000
    loaders = composed_with(monkeypatch)
    assert len(read_record(path).rounds) == 12
    assert loaders == [yaml.CSafeLoader]


def test_a_record_nested_deep_in_one_line_is_refused_at_that_line(tmp_path):
    """Its moves open 100,000 block lists on one line: refused at the first too deep, never composed by libyaml."""
    import subprocess
    import sys

    from tutor.scenario.loader import TOO_DEEP

    text = recorded(tmp_path).read_text()
    path = tmp_path / "deep.yaml"
    path.write_text(text.replace("turns:\n", "turns:\n  " + "- " * 100_000 + "x\n", 1))
    line = line_of(text, "turns:") + 1
    run = subprocess.run([sys.executable, "-m", "tutor", "review", str(path)], capture_output=True, text=True,
                         timeout=60)
    assert run.returncode == 2, (run.returncode, run.stderr[-500:])
    assert f"{path}:{line}:" in run.stderr and TOO_DEEP in run.stderr and "Traceback" not in run.stderr


def test_a_record_expanding_beyond_its_limits_is_refused(tmp_path):
    """Records may hold far more values than scenarios, but an alias chain still stops at the limit."""
    from tutor.records.files import RECORD_LIMITS

    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    lines += [f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 10) + "]" for i in range(1, 7)]
    assert 10 ** 7 > RECORD_LIMITS.max_values
    path = tmp_path / "bomb.yaml"
    path.write_text("\n".join(lines) + "\n")
    with pytest.raises(RecordError, match="expands to too many values"):
        read_record(path)


def test_a_record_of_too_many_tiny_values_is_refused_while_read_before_anything_is_built(tmp_path, monkeypatch):
    """The values are counted as the parser reads them: nothing of the file is composed, and the problem is
    placed at the first value past the limit (the resource figures: benchmarks/hostile_bounds.py)."""
    from tutor.records.files import RECORD_LIMITS
    from tutor.scenario import loader

    def composed(*args, **kwargs):
        raise AssertionError("the file was composed before its values were counted")

    monkeypatch.setattr(loader.yaml, "compose", composed)
    values_per_line = 1000
    lines = RECORD_LIMITS.max_values // values_per_line + 2
    path = tmp_path / "tiny.yaml"
    path.write_text("format: skipbo-record/1\nrounds:\n" + "".join("- [" + "0," * (values_per_line - 1) + "0]\n"
                                                                     for _ in range(lines)))
    with pytest.raises(RecordError, match="too many values") as caught:
        read_record(path)
    line = caught.value.problems[0].line
    assert 3 + RECORD_LIMITS.max_values // values_per_line - 2 <= line <= 3 + RECORD_LIMITS.max_values // values_per_line


def line_of(text: str, needle: str) -> int:
    return next(number for number, line in enumerate(text.splitlines(), start=1) if needle in line)


def test_a_changed_move_is_refused_at_its_line(tmp_path):
    path = recorded(tmp_path)
    text = path.read_text()
    lines = text.splitlines()
    number = next(i for i, line in enumerate(lines) if "to discard" in line and i > 20)
    lines[number] = lines[number].replace("to discard", "to build", 1)
    path.write_text("\n".join(lines) + "\n")
    with pytest.raises(RecordError) as caught:
        read_record(path)
    assert f"game.yaml:{number + 1}:" in caught.value.message


def test_a_wrong_drawn_card_is_refused(tmp_path):
    path = recorded(tmp_path)
    text = path.read_text()
    data = yaml.safe_load(text)
    first = data["rounds"][0]["turns"][0]["moves"][0]
    cards = first.split()[1:]
    changed = "draw " + " ".join(["SB" if cards[0] != "SB" else "1"] + cards[1:])
    path.write_text(text.replace(first, changed, 1))
    with pytest.raises(RecordError) as caught:
        read_record(path)
    assert "the draw brings" in caught.value.message
    assert f":{line_of(text, first)}:" in caught.value.message


def test_a_wrong_result_is_refused(tmp_path):
    path = recorded(tmp_path)
    text = path.read_text()
    path.write_text(text.replace("points: ", "points: 1", 1))
    with pytest.raises(RecordError, match="the moves lead to"):
        read_record(path)


@pytest.mark.parametrize("change, message", [
    (lambda d: d.update(format="something"), "format: must be 'skipbo-record/1'"),
    (lambda d: d["players"].pop(), "players: must list 2 to 6"),
    (lambda d: d["rounds"][0]["turns"][0].update(player="Nobody"), "'Nobody' is not one of the players"),
    (lambda d: d["rounds"][0]["turns"][1].update(moves=["hand to nowhere"]), "cannot read the move"),
    (lambda d: d["rules"].update(stock_size=100), "no deal fits these rules"),
    (lambda d: d.update(extra=1), "unknown key 'extra'"),
    (lambda d: d["rounds"][0].update(seed=10**13), "rounds[1].seed: the number 100000000000... is too long: "
                                                   "a number has at most 12 digits"),
    (lambda d: d["rules"].update(target_score=10**12), "rules.target_score: the number 100000000000... is too long"),
    (lambda d: d["rounds"][0]["turns"][0].update(undone=5), "undone: must be a list of moves taken back"),
    (lambda d: d["rounds"][0]["turns"][0].update(undone=True), "undone: must be a list of moves taken back"),
    (lambda d: d["rounds"][0]["turns"][0].update(undone=1.5), "undone: must be a list of moves taken back"),
    (lambda d: d["rounds"][0]["turns"][0]["moves"].insert(1, "Zed:stock to build 1"),
     "moves[2]: 'Zed' is not one of the players"),
    (lambda d: d.update(rounds=[]), "rounds: must be a list of rounds, at least one"),
    (lambda d: d["players"][0].update(name='A"B'), "cannot hold a double quote"),
    (lambda d: d["players"][0].update(name="\uff47reedy-2"), "must be written as 'greedy-2'"),
    (lambda d: d["players"][0].update(name=" x"), "must be written as 'x'"),
    (lambda d: d["rules"].update(teams=[[d["players"][0]["name"], d["players"][1]["name"]]]), "rules.teams: the team game is played by 4 or 6"),
])
def test_broken_records_are_refused_with_a_message(tmp_path, change, message):
    data = yaml.safe_load(recorded(tmp_path).read_text())
    change(data)
    path = tmp_path / "broken.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    with pytest.raises(RecordError) as caught:
        read_record(path)
    assert message in caught.value.message


def test_an_unreadable_move_is_reported_wherever_it_is_written(tmp_path):
    """Moves are read once per different text; a text that cannot be read is still reported at each place."""
    data = yaml.safe_load(recorded(tmp_path).read_text())
    turns = data["rounds"][0]["turns"]
    turns[1]["moves"], turns[3]["moves"] = ["hand to nowhere"] * 2, ["hand to nowhere"]
    record, problems = record_from_data(data)
    assert [problem.path for problem in problems] == [
        ("rounds", 0, "turns", 1, "moves", 0), ("rounds", 0, "turns", 1, "moves", 1), ("rounds", 0, "turns", 3, "moves", 0)]


def test_a_record_that_replays_the_wrong_player_is_refused(tmp_path):
    data = yaml.safe_load(recorded(tmp_path).read_text())
    turns = data["rounds"][0]["turns"]
    turns[0], turns[1] = turns[1], turns[0]
    record, problems = record_from_data(data)
    with pytest.raises(ReplayError, match="turn here"):
        replay_game(record)


def test_simulate_writes_a_record_per_game(tmp_path):
    import subprocess
    import sys

    folder = tmp_path / "records"
    run = subprocess.run([sys.executable, "-m", "tutor", "simulate", "--games", "3", "--stock", "5", "--players", "4",
                          "--teams", "--record", str(folder), "--json"], capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    files = sorted(folder.glob("game-*.yaml"))
    assert [f.name for f in files] == ["game-0001.yaml", "game-0002.yaml", "game-0003.yaml"]
    wins = json.loads(run.stdout)["wins"]
    winners = [read_record(f).rounds[0].result.winners for f in files]
    assert sum(wins.values()) == sum(1 for w in winners if w)


@pytest.mark.parametrize("seed", [5_000_000, 10**15, -3])
def test_records_of_a_series_with_a_large_or_negative_seed_read_back(tmp_path, seed):
    """Every seed a series is given derives game seeds a record can hold."""
    path = recorded(tmp_path, seed)
    assert 0 <= read_record(path).rounds[0].seed < NUMBER_LIMIT


def test_small_series_seeds_derive_the_plain_game_seeds():
    assert game_seed(7, 3) == 7 * 1_000_003 + 3 and game_seed(999_000, 9) == 999_000 * 1_000_003 + 9


def test_simulate_refuses_a_file_as_the_record_folder(tmp_path):
    import subprocess
    import sys

    target = tmp_path / "file"
    target.write_text("")
    run = subprocess.run([sys.executable, "-m", "tutor", "simulate", "--games", "1", "--record", str(target)],
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 2 and "is a file, not a folder" in run.stderr and "Traceback" not in run.stderr


def test_a_fifo_is_refused_at_once_rather_than_waited_on(tmp_path):
    import os

    fifo = tmp_path / "game.yaml"
    os.mkfifo(fifo)
    with pytest.raises(RecordError, match="is a named pipe, not a game record"):
        read_record(fifo)


def test_a_match_record_names_its_champion_side_once_a_side_reaches_the_target():
    from tutor.records.model import GameRecord, Result, RoundRecord, Seat, Setup

    setup = Setup(tuple(Seat(name, "strong") for name in ("A", "B", "C", "D")), 5,
                  teams=(("A", "C"), ("B", "D")), target=100)
    won = lambda winners, left, points: RoundRecord(1, result=Result(winners, left, points))  # noqa: E731
    record = GameRecord(setup, [won(("A", "C"), {"A": 0, "B": 3, "C": 0, "D": 4}, 60)])
    assert record.champion() is None and not record.finished
    record.rounds.append(won(("B", "D"), {"A": 2, "B": 0, "C": 1, "D": 0}, 40))
    assert record.champion() is None and record.match().totals == {(0, 2): 60, (1, 3): 40}
    record.rounds.append(won(("A", "C"), {"A": 0, "B": 3, "C": 0, "D": 1}, 45))
    assert record.champion() == ("A", "C") and record.finished
    record.rounds.append(RoundRecord(2))
    assert record.champion() is None  # a round in play



def _paths(value, path=()):
    """Every path into ``value`` (mapping keys and list indexes), the whole value first."""
    yield path
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _paths(item, path + (key,))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _paths(item, path + (index,))


HOSTILE = [None, 5, -1, True, 1.5, 10**11, "", " x", 'A"B', "\uff47reedy-1", "Zed", "Zed:stock to build 1",
           "hand 5 to build 1", "draw", "SB", [], [[]], [["greedy-1", "greedy-2"]], {}, {"at": 0},
           {"move": "draw", "at": -1}, {"greedy-1": 1}]


def _base_records():
    two = play_game(Series(("greedy", "random"), stock=4, seed=5, record=True), 0).record
    teams = play_game(Series(("greedy", "strong"), players=4, teams=True, stock=2, seed=2, record=True), 0).record
    data = two.to_data()
    first = data["rounds"][0]["turns"][0]
    first["undone"] = [{"move": first["moves"][-1], "at": len(first["moves"]) - 1}]
    return [data, teams.to_data()]


BASE_RECORDS = _base_records()


@st.composite
def mutated_records(draw):
    """A valid record with one value replaced, removed or given an unknown key, anywhere in it."""
    import copy

    data = copy.deepcopy(draw(st.sampled_from(BASE_RECORDS)))
    path = draw(st.sampled_from(list(_paths(data))[1:]))
    parent = data
    for step in path[:-1]:
        parent = parent[step]
    action = draw(st.sampled_from(["replace", "remove", "add"]))
    if action == "remove":
        del parent[path[-1]]
    elif action == "add" and isinstance(parent[path[-1]], dict):
        key = draw(st.sampled_from(["surprise", "undone", "teams", "youngest", "result", "shuffles", "finished"]))
        parent[path[-1]][key] = draw(st.sampled_from(HOSTILE))
    else:
        parent[path[-1]] = draw(st.sampled_from(HOSTILE))
    return data


@settings(max_examples=300, deadline=None)
@given(mutated_records())
def test_a_record_changed_anywhere_is_read_or_refused_and_never_breaks_the_reader(data):
    """Every read ends in a record or a problem with its place, never another exception; and what the
    published schema refuses, the reader refuses too."""
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "game.yaml"
        path.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), encoding="utf-8")
        try:
            record = read_record(path)
        except RecordError as error:
            assert error.problems and all(problem.message for problem in error.problems)
            return
    assert not list(jsonschema.Draft202012Validator(SCHEMA).iter_errors(data))
    record.match()
    record.champion()


@pytest.mark.parametrize("players, teams, stock, target", [(2, False, 5, None), (4, True, 5, None),
                                                           (3, False, 5, 120)])
def test_the_outline_of_a_record_is_what_reading_it_whole_finds(tmp_path, players, teams, stock, target):
    import dataclasses

    from tutor.coach.simulation import Series, play_game
    from tutor.records.files import record_outline
    from tutor.records.model import GameRecord

    games = [play_game(Series(("greedy", "random"), players, stock, seed=seed, teams=teams, record=True), 0).record
             for seed in range(1, 4 if target else 2)]
    record = GameRecord(dataclasses.replace(games[0].setup, target=target), [game.rounds[0] for game in games],
                        coach="on")
    path = tmp_path / "game.yaml"
    write_record(path, record)
    whole = read_record(path, replay=False)
    assert record_outline(path) == (whole.setup.names, len(whole.rounds))


@pytest.mark.parametrize("edit", [
    lambda text: text.replace("\n- seed:", "\n  - seed:").replace("\n  turns:", "\n    turns:"),  # rounds indented
    lambda text: text + "coach: quiet\n",  # a key after the rounds
    lambda text: text + "format: skipbo-record/1\n",  # a key twice
    lambda text: text.replace("\nrounds:\n", "\nrounds: # the game\n"),
])
def test_a_record_in_another_layout_is_outlined_by_reading_it_whole(tmp_path, edit):
    from tutor.coach.simulation import Series, play_game
    from tutor.records.files import record_outline

    record = play_game(Series(("greedy", "random"), 2, 5, seed=2, record=True), 0).record
    path = tmp_path / "game.yaml"
    write_record(path, record)
    path.write_text(edit(path.read_text(encoding="utf-8")), encoding="utf-8")
    try:
        whole = read_record(path, replay=False)
    except RecordError as error:
        with pytest.raises(RecordError) as refused:
            record_outline(path)
        assert refused.value.lines() == error.lines()
        return
    assert record_outline(path) == (whole.setup.names, len(whole.rounds))


def test_a_damaged_header_is_refused_in_the_outline_as_when_read_whole(tmp_path):
    from tutor.records.files import record_outline

    path = tmp_path / "game.yaml"
    path.write_text("format: skipbo-record/1\nplayers: [{name: a, plays: human}, {nome: b}]\nrules: {}\n"
                    "rounds:\n- seed: 0\n  turns: []\n", encoding="utf-8")
    with pytest.raises(RecordError) as whole:
        read_record(path, replay=False)
    with pytest.raises(RecordError) as outlined:
        record_outline(path)
    assert outlined.value.lines() == whole.value.lines()
