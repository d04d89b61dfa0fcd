"""Loading scenario files (SPEC §2): valid files, every problem placed by line and column, hostile files."""

from __future__ import annotations

import textwrap
import tracemalloc
from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from tutor.engine.cards import SKIP_BO
from tutor.engine.state import Phase
from tutor.scenario import ScenarioError, load_scenario, parse_scenario

ROOT = Path(__file__).resolve().parent.parent
SHIPPED = sorted((ROOT / "scenarios").rglob("*.yaml"))

SPEC_EXAMPLE = """\
title: Stock first                 # required
description: |                     # optional, free text
  Your stock shows a 7 and a build pile stands at 6.
rules:                             # optional; defaults shown
  stock_size: 30                   # at the deal
  teams: []                        # e.g. [[you, Cleo], [Bo, Dan]]
turn: you                          # optional; default: the first player
phase: play                        # play (default: the hand is drawn) | start (before the draw)
build: [6, null, 2, null]          # up to four slots; null = free; a number = the top
                                   # (1-11); or the pile's cards, e.g. [1, 2, SB, 4]
draw_pile: 40                      # optional count, or {count: 40, next: [3, 7, SB]}
completed: 0                       # optional: cards set aside in completed piles
players:                           # in turn order, 2-6 of them
  - name: you
    stock: {top: 7, count: 12}     # count includes the top; optional next: [...] (turned up next, in order)
    hand: [3, 5, SB, 9, 12]        # the cards, or a count when unknown: 5
    discards: [[11, 10, 9], [], [], []]   # up to four piles, bottom to top
  - name: Anna
    stock: {top: 8, count: 20}
    hand: 5
    discards: [[4]]
"""

TWO_PLAYERS = """\
players:
  - name: you
    stock: {top: 7, count: 12}
    hand: [3, 5, SB, 9, 12]
  - name: Anna
    stock: {top: 8, count: 20}
    hand: 5
"""


def yaml_text(text: str) -> str:
    return textwrap.dedent(text)


def problems(text: str) -> list[str]:
    """Every problem reported for a scenario text, as ``source:line:column: message`` lines."""
    with pytest.raises(ScenarioError) as raised:
        parse_scenario(yaml_text(text), "case.yaml")
    return raised.value.lines()


def problem_at(text: str, line: int, *words: str) -> str:
    """The one reported problem that sits on ``line`` and holds ``words``."""
    found = [p for p in problems(text) if p.startswith(f"case.yaml:{line}:")]
    assert found, problems(text)
    matching = [p for p in found if all(word in p for word in words)]
    assert matching, (words, found)
    return matching[0]


# -- valid files ---------------------------------------------------------------------------------------


def test_the_spec_example_loads_as_written():
    scenario = parse_scenario(SPEC_EXAMPLE, "spec.yaml")
    state = scenario.state
    assert scenario.title == "Stock first" and "stands at 6" in scenario.description
    assert [p.name for p in state.players] == ["you", "Anna"] and state.turn == 0
    assert state.phase is Phase.PLAY
    assert [state.build_value(slot) for slot in range(4)] == [6, 0, 2, 0]
    you, anna = state.players
    assert you.stock_top == 7 and len(you.stock) == 12
    assert you.hand == (3, 5, SKIP_BO, 9, 12)
    assert you.discards == ((11, 10, 9), (), (), ())
    assert anna.stock_top == 8 and len(anna.stock) == 20 and anna.hand == (None,) * 5
    assert anna.discards == ((4,), (), (), ())
    assert len(state.draw_pile) == 40 and state.completed == ()


def test_optional_parts_take_their_defaults():
    state = parse_scenario("title: Bare\n" + TWO_PLAYERS).state
    assert state.turn == 0 and state.phase is Phase.PLAY and state.build == (None,) * 4
    assert state.teams == () and state.rules.stock_size == 30
    # the draw pile holds what the file leaves out: 162 less 12 + 5 + 20 + 5
    assert len(state.draw_pile) == 162 - 42


def test_cards_piles_and_counts_in_every_form():
    state = parse_scenario(yaml_text("""\
        title: Forms
        phase: start
        turn: ANNA
        build: [[1, 2, sb, 4], 11, null]
        draw_pile: {count: 10, next: [3, 7, Sb]}
        completed: 24
        rules: {stock_size: 20, stalemate: fewest-stock}
        players:
          - name: you
            stock: {count: 0}
            hand: []
          - name: Anna
            stock: {top: SB, count: 5, next: [4, 5]}
            hand: 2
            discards: [[], [12, 11]]
        """)).state
    assert state.turn == 1 and state.phase is Phase.OVER and state.winners == (0,)  # your stock is out
    assert state.build[0] == (1, 2, SKIP_BO, 4) and state.build_value(1) == 11 and state.build[2] is None
    assert state.draw_pile[-3:] == (SKIP_BO, 7, 3) and len(state.draw_pile) == 10
    assert len(state.completed) == 24
    you, anna = state.players
    assert you.stock == () and you.hand == ()
    assert anna.stock[-3:] == (5, 4, SKIP_BO) and len(anna.stock) == 5
    assert anna.discards == ((), (12, 11), (), ())
    assert state.rules.stock_size == 20 and state.rules.stalemate == "fewest-stock"


def test_a_stock_with_an_unknown_top_keeps_the_cards_named_under_it():
    text = "title: X\n" + players_with(you="stock: {count: 4, next: [5, 6]}")
    stock = parse_scenario(text).state.players[0].stock
    assert stock == (None, 6, 5, None)


def test_a_team_game_loads_with_its_teams():
    state = parse_scenario(yaml_text("""\
        title: Teams
        rules: {teams: [[you, Cleo], [Anna, Bo]]}
        players:
          - {name: you, stock: {top: 1, count: 3}}
          - {name: Anna, stock: {top: 2, count: 3}}
          - {name: Cleo, stock: {top: 3, count: 3}}
          - {name: Bo, stock: {top: 4, count: 3}}
        """)).state
    assert state.teams == ((0, 2), (1, 3))


@pytest.mark.parametrize("path", SHIPPED, ids=[str(p.relative_to(ROOT)) for p in SHIPPED])
def test_every_shipped_scenario_loads(path):
    scenario = load_scenario(path)
    assert scenario.title and 2 <= len(scenario.state.players) <= 6


def test_a_file_with_a_byte_order_mark_loads(tmp_path):
    file = tmp_path / "bom.yaml"
    file.write_bytes(b"\xef\xbb\xbf" + ("title: Bom\n" + TWO_PLAYERS).encode())
    assert load_scenario(file).title == "Bom"


# -- every problem at once, with line and column -------------------------------------------------------

MANY_PROBLEMS = """\
title: Many
plyers: []
turn: Bob
build: [12, [2, 3]]
draw_pile: -3
players:
  - name: you
    stock: {top: 13, count: 12}
    hnad: [3]
    hand: [3, 5, SB, 9, 12, 4]
  - name: you
    stock: {top: 8, count: -1}
    discards: [[1], [2], [3], [4], [5]]
"""


def test_every_problem_in_a_file_is_reported_at_once_with_its_place():
    found = problems(MANY_PROBLEMS)
    assert len(found) >= 9, found
    assert all(line.startswith("case.yaml:") for line in found)
    problem_at(MANY_PROBLEMS, 2, ":1:", "plyers", "did you mean 'players'")
    problem_at(MANY_PROBLEMS, 3, ":7:", "Bob", "not among the players")
    problem_at(MANY_PROBLEMS, 4, "12", "set aside")
    problem_at(MANY_PROBLEMS, 4, "rise from 1")
    problem_at(MANY_PROBLEMS, 5, ":12:", "negative")
    problem_at(MANY_PROBLEMS, 8, ":18:", "13", "not a card")
    problem_at(MANY_PROBLEMS, 9, ":5:", "hnad", "did you mean 'hand'")
    problem_at(MANY_PROBLEMS, 10, ":11:", "five cards at most", "6")
    problem_at(MANY_PROBLEMS, 11, "two players are called 'you'")
    problem_at(MANY_PROBLEMS, 12, ":28:", "negative")
    problem_at(MANY_PROBLEMS, 13, "four discard piles", "5")


def test_problems_are_listed_in_file_order_and_name_the_path():
    found = problems(MANY_PROBLEMS)
    lines = [int(p.split(":")[1]) for p in found]
    assert lines == sorted(lines)
    assert any("players[2].stock.count" in p for p in found)


def test_a_list_of_the_wrong_length_still_has_its_items_checked():
    text = "title: X\nbuild: [12, [2, 3], 5, null, 4]\nplayers:\n" + "".join(
        f"  - {{name: {name}, stock: {{count: 1, top: {top}}}}}\n" for name, top in
        [("a", 1), ("b", 2), ("a", 3), ("c", 4), ("d", 13), ("e", 5), ("f", 6)])
    found = problems(text)
    assert any(":2:" in p and "at most 4" in p for p in found)
    assert any("build[1]" in p and "set aside" in p for p in found)
    assert any("build[2]" in p and "rise from 1" in p for p in found)
    assert any("players:" in p and "at most 6" in p for p in found)
    assert any("players[3].name" in p and "two players are called 'a'" in p for p in found)
    assert any("players[5].stock.top" in p and "13" in p for p in found)
    assert len([p for p in found if "at most" in p and ":2:" in p]) == 1  # said once, not twice


@pytest.mark.parametrize("text, line, words", [
    ("titel: X\n" + TWO_PLAYERS, 1, ["unknown key 'titel'", "did you mean 'title'"]),
    ("title: X\nbuilds: [1]\n" + TWO_PLAYERS, 2, ["unknown key 'builds'", "did you mean 'build'"]),
    ("title: X\ndraw_pile: {cuont: 3}\n" + TWO_PLAYERS, 2, ["unknown key 'cuont'", "did you mean 'count'"]),
    ("title: X\nrules: {team: []}\n" + TWO_PLAYERS, 2, ["unknown key 'team'", "did you mean 'teams'"]),
    ("title: X\n" + TWO_PLAYERS.replace("stock: {top: 8", "stock: {tpo: 8"), 7,
     ["unknown key 'tpo'", "did you mean 'top'"]),
    ("title: X\nzzz: 1\n" + TWO_PLAYERS, 2, ["unknown key 'zzz'", "known keys", "players"]),
])
def test_unknown_keys_suggest_the_key_meant(text, line, words):
    problem_at(text, line, *words)


def test_missing_required_keys_are_named():
    found = problems("description: no title, no players\n")
    assert any("'title'" in p and "missing" in p for p in found)
    assert any("'players'" in p and "missing" in p for p in found)
    problem_at("title: X\nplayers:\n  - name: you\n  - {name: Bo, stock: {count: 3}}\n", 3, "'stock'")


@pytest.mark.parametrize("text, line, words", [
    ("title: [a]\n" + TWO_PLAYERS, 1, ["title", "expected text", "a list"]),
    ("title: X\nplayers: 5\n", 2, ["expected a list", "the number 5"]),
    ("title: X\nturn: 3\n" + TWO_PLAYERS, 2, ["turn", "expected text"]),
    ("title: X\nphase: dinner\n" + TWO_PLAYERS, 2, ["'dinner'", "play", "start"]),
    ("title: X\nbuild: 6\n" + TWO_PLAYERS, 2, ["build", "expected a list"]),
    ("title: X\nbuild: [yes]\n" + TWO_PLAYERS, 2, ["(true) is not a build slot", "null, a number 1-11"]),
    ("title: X\ndraw_pile: many\n" + TWO_PLAYERS, 2, ["'many' is not a draw pile", "give a count"]),
    ("title: X\ncompleted: [1]\n" + TWO_PLAYERS, 2, ["completed", "whole number"]),
    ("title: X\nrules: {stock_size: 31}\n" + TWO_PLAYERS, 2, ["31", "out of range"]),
    ("title: X\n" + TWO_PLAYERS.replace("hand: 5", "hand: five"), 8,
     ["'five' is not a hand", "list of cards, or a count"]),
    ("title: X\n" + TWO_PLAYERS.replace("count: 20", "count: 2.5"), 7, ["count", "whole number"]),
    ("title: X\n" + TWO_PLAYERS.replace("[3, 5, SB, 9, 12]", "[3, 5, SK, 9, 12]"), 5, ["'SK'", "not a card"]),
    ("title: X\n" + TWO_PLAYERS.replace("[3, 5, SB, 9, 12]", "[3, 5, 0, 9, 12]"), 5, ["0", "not a card"]),
    ("title: X\n" + TWO_PLAYERS.replace("- name: Anna", "- name: ''"), 6, ["name", "empty"]),
])
def test_wrong_types_say_what_was_expected_and_found(text, line, words):
    problem_at(text, line, *words)


def players_with(you: str = "stock: {top: 7, count: 12}", anna: str = "stock: {top: 8, count: 20}") -> str:
    return f"players:\n  - {{name: you, {you}}}\n  - {{name: Anna, {anna}}}\n"


SEVENS = "discards: [[7, 7, 7, 7], [7, 7, 7, 7], [7, 7, 7, 7]]"
WILDS = "discards: [[SB, SB, SB, SB, SB, SB], [SB, SB, SB, SB, SB, SB], [SB, SB, SB, SB, SB, SB]]"

IMPOSSIBLE = [
    ("13 sevens", "title: X\n" + players_with(anna=f"stock: {{top: 8, count: 3}}, {SEVENS}"), 4,
     ["13 7s", "12"]),
    ("19 SB", "title: X\n" + players_with(you="stock: {top: SB, count: 3}", anna=f"stock: {{count: 0}}, {WILDS}"),
     4, ["19 SB cards", "18"]),
    ("a build pile at 12", "title: X\nbuild: [6, 12]\n" + players_with(), 2, ["12", "set aside"]),
    ("a build pile of 12 cards", "title: X\nbuild: [[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]]\n" + players_with(),
     2, ["reaches 12"]),
    ("a build pile at 0", "title: X\nbuild: [0]\n" + players_with(), 2, ["null for a free slot"]),
    ("a build pile not from 1", "title: X\nbuild: [[2, 3]]\n" + players_with(), 2, ["rise from 1", "card 1"]),
    ("a build pile not rising", "title: X\nbuild: [[1, 2, 4]]\n" + players_with(), 2, ["card 3", "not a 4"]),
    ("five build piles", "title: X\nbuild: [1, 2, 3, 4, 5]\n" + players_with(), 2, ["at most 4"]),
    ("five discard piles", "title: X\n" + players_with(you="stock: {count: 0}, discards: [[1], [2], [3], [4], [5]]"),
     3, ["four discard piles", "5"]),
    ("six hand cards", "title: X\n" + players_with(you="stock: {count: 0}, hand: [1, 2, 3, 4, 5, 6]"), 3,
     ["five cards at most", "6"]),
    ("six unknown hand cards", "title: X\n" + players_with(you="stock: {count: 0}, hand: 6"), 3,
     ["five cards at most", "6"]),
    ("an unknown player's turn", "title: X\nturn: Zed\n" + players_with(), 2, ["'Zed'", "you, Anna"]),
    ("an unknown team member", "title: X\nrules: {teams: [[you, Zed], [Anna, Bo]]}\n" + players_with(), 2,
     ["'Zed'", "not among the players"]),
    ("a team of three", "title: X\nrules: {teams: [[you, Anna, Cleo]]}\n" + players_with(), 2, ["teams are of two"]),
    ("a player in two teams", "title: X\nrules: {teams: [[you, Anna], [Anna, you]]}\n" + players_with(), 2,
     ["in two teams"]),
    ("duplicate names", "title: X\n" + players_with().replace("Anna", "YOU"), 4, ["two players are called"]),
    ("a negative stock", "title: X\n" + players_with(you="stock: {top: 7, count: -2}"), 3, ["negative", "-2"]),
    ("a negative hand", "title: X\n" + players_with(you="stock: {count: 0}, hand: -1"), 3, ["negative", "-1"]),
    ("a negative draw pile", "title: X\ndraw_pile: -1\n" + players_with(), 2, ["negative", "-1"]),
    ("a negative completed count", "title: X\ncompleted: -12\n" + players_with(), 2, ["negative", "-12"]),
    ("a huge count", "title: X\ndraw_pile: 100000000000000000000\n" + players_with(), 2, ["draw_pile: the number 100000000000... is too long: a number has at most 12 digits"]),
    ("a huge stock", "title: X\n" + players_with(you="stock: {top: 7, count: 999999999999}"), 3,
     ["more than the whole deck"]),
    ("more cards than the deck", "title: X\ndraw_pile: 140\n" + players_with(), 0, ["172 cards", "162"]),
    ("one player", "title: X\nplayers:\n  - {name: you, stock: {count: 0}}\n", 3, ["at least 2"]),
    ("seven players", "title: X\nplayers:\n" + "".join(f"  - {{name: p{i}, stock: {{count: 1}}}}\n"
                                                       for i in range(7)), 3, ["at most 6"]),
    ("a stock larger than dealt", "title: X\nrules: {stock_size: 10}\n" + players_with(), 4, ["12", "10 dealt"]),
    ("an unknown stock larger than dealt",
     "title: X\nrules: {stock_size: 10}\n" + players_with(you="stock: {count: 11}"), 4, ["11", "10 dealt"]),
    ("an empty stock with a top", "title: X\n" + players_with(you="stock: {top: 7, count: 0}"), 3,
     ["empty stock", "no top"]),
    ("more stock cards named than held", "title: X\n" + players_with(you="stock: {top: 7, count: 2, next: [1, 2]}"),
     3, ["at most 1"]),
]


@pytest.mark.parametrize("text, line, words", [row[1:] for row in IMPOSSIBLE], ids=[row[0] for row in IMPOSSIBLE])
def test_impossible_positions_are_refused_with_their_place(text, line, words):
    if line:
        problem_at(text, line, *words)
    else:
        assert any(all(word in p for word in words) for p in problems(text)), problems(text)


# -- hostile files -------------------------------------------------------------------------------------


def write(tmp_path: Path, name: str, content: str | bytes) -> Path:
    file = tmp_path / name
    if isinstance(content, bytes):
        file.write_bytes(content)
    else:
        file.write_text(content, encoding="utf-8")
    return file


def alias_bomb() -> str:
    lines = ['a: &a ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    for level in range(1, 10):
        name, below = chr(ord("a") + level), chr(ord("a") + level - 1)
        lines.append(f"{name}: &{name} [" + ", ".join([f"*{below}"] * 9) + "]")
    return "\n".join(lines) + "\ntitle: Bomb\nplayers: *j\n"


HOSTILE = [
    ("broken YAML", "broken.yaml", "title: [unclosed\nplayers: {\n", ["YAML syntax"]),
    ("a tab-indented file", "tabs.yaml", "title: X\nplayers:\n\t- name: you\n", ["YAML syntax"]),
    ("two documents", "two.yaml", "title: A\n---\ntitle: B\n", ["YAML syntax"]),
    ("binary garbage", "garbage.bin", bytes(range(256)) * 16, ["binary"]),
    ("binary garbage without NUL", "garbage2.bin", bytes(range(128, 256)) * 16, ["UTF-8"]),
    ("control characters", "control.yaml", "title: \x01\x02\nplayers: []\n", ["YAML syntax", "control"]),
    ("non-UTF-8 text", "latin1.yaml", "title: Björn\nplayers: []\n".encode("latin-1"), ["UTF-8"]),
    ("a python object tag", "evil.yaml", 'title: X\nplayers: !!python/object/apply:os.system ["echo owned"]\n',
     ["python/object/apply:os.system", "not allowed"]),
    ("a python name tag", "evil2.yaml", "title: !!python/name:os.system ''\nplayers: []\n", ["not allowed"]),
    ("a local tag", "tag.yaml", "title: !mine X\nplayers: []\n", ["not allowed"]),
    ("a timestamp", "date.yaml", "title: 2001-12-14\nplayers: []\n", ["not allowed"]),
    ("a billion-laughs alias bomb", "bomb.yaml", alias_bomb(), ["too many values"]),
    ("a self-referencing alias", "loop.yaml", "title: X\nplayers: &a [*a]\n", ["nested too deeply"]),
    ("deep flow nesting", "deep.yaml", "title: X\nplayers: " + "[" * 200 + "]" * 200 + "\n", ["nested too deeply"]),
    ("very deep flow nesting", "deeper.yaml", "title: X\nplayers: " + "[" * 120_000 + "\n", ["nested too deeply"]),
    ("very deep mapping nesting", "deepmap.yaml", "title: X\nplayers: " + "{a: " * 40_000 + "\n",
     ["nested too deeply"]),
    ("an oversized file", "big.yaml", "title: X\ndescription: '" + "x" * 300_000 + "'\n", ["larger than"]),
    ("an empty file", "empty.yaml", "", ["empty"]),
    ("a bare word", "word.yaml", "hello\n", ["expected a mapping"]),
    ("a list", "list.yaml", "- 1\n- 2\n", ["expected a mapping"]),
    ("a complex key", "key.yaml", "title: X\n? [a, b]\n: 1\nplayers: []\n", ["key must be a plain word"]),
    ("a repeated key", "twice.yaml", "title: X\ntitle: Y\nplayers: []\n", ["appears twice"]),
    ("a number too long to convert", "digits.yaml", "title: X\ncompleted: " + "9" * 5000 + "\nplayers: []\n",
     ["2:12", "completed: the number 999999999999... is too long: a number has at most 12 digits"]),
    ("a huge hexadecimal number", "hex.yaml", "title: X\ndraw_pile: 0x" + "f" * 5000 + "\nplayers: []\n",
     ["draw_pile: the number 0xffffffffff... is too long: a number has at most 12 digits"]),
]


@pytest.mark.parametrize("name, content, words", [row[1:] for row in HOSTILE], ids=[row[0] for row in HOSTILE])
def test_hostile_files_are_refused_naming_the_file(tmp_path, name, content, words):
    file = write(tmp_path, name, content)
    with pytest.raises(ScenarioError) as raised:
        load_scenario(file)
    message = raised.value.message
    assert message.startswith(str(file)), message
    for word in words:
        assert word in message, (word, message)


def test_an_alias_bomb_fails_before_building_anything_big(tmp_path):
    file = write(tmp_path, "bomb.yaml", alias_bomb())  # a billion strings once expanded
    tracemalloc.start()
    try:
        with pytest.raises(ScenarioError):
            load_scenario(file)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 32 * 1024 * 1024


def test_a_missing_file_is_named(tmp_path):
    with pytest.raises(ScenarioError) as raised:
        load_scenario(tmp_path / "nowhere.yaml")
    assert str(tmp_path / "nowhere.yaml") in raised.value.message and "no such file" in raised.value.message


def test_a_directory_is_named(tmp_path):
    with pytest.raises(ScenarioError) as raised:
        load_scenario(tmp_path)
    assert str(tmp_path) in raised.value.message and "folder" in raised.value.message


def test_a_few_aliases_are_fine():
    text = "title: X\nbase: &s {top: 7, count: 3}\n" + players_with(you="stock: *s", anna="stock: *s")
    found = problems(text)
    assert len(found) == 1 and "unknown key 'base'" in found[0]


# -- any data at all -----------------------------------------------------------------------------------

KEYS = ["title", "description", "rules", "stock_size", "teams", "stalemate", "target_score", "turn", "phase",
        "build", "draw_pile", "count", "next", "completed", "players", "name", "stock", "top", "hand", "discards"]
scalars = st.one_of(st.none(), st.booleans(), st.integers(-3, 40),
                    st.sampled_from(["SB", "sb", "you", "Anna", "x", ""]),
                    st.floats(allow_nan=False, allow_infinity=False))
data_values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=6) | st.dictionaries(st.sampled_from(KEYS), inner, max_size=6),
    max_leaves=10,
)


cards = st.one_of(st.integers(1, 12), st.sampled_from(["SB", "sb"]))
names = st.sampled_from(["you", "Anna", "Bo", "Cleo", "Dan", "Zed"])


def plausible(strategy):
    """Mostly the plausible values, one time in ten anything at all."""
    return st.integers(0, 9).flatmap(lambda roll: data_values if roll == 9 else strategy)


FIELDS = {
    "rules": plausible(st.fixed_dictionaries({}, optional={
        "stock_size": st.integers(0, 31), "teams": st.lists(st.lists(names, max_size=3), max_size=3),
        "stalemate": st.sampled_from(["no-winner", "fewest-stock", "never"])})),
    "turn": plausible(names),
    "phase": plausible(st.sampled_from(["play", "start"])),
    "build": plausible(st.lists(st.one_of(st.none(), st.integers(0, 13), st.lists(cards, max_size=4)), max_size=5)),
    "draw_pile": plausible(st.one_of(st.integers(-1, 170), st.fixed_dictionaries(
        {}, optional={"count": st.integers(-1, 170), "next": st.lists(cards, max_size=6)}))),
    "completed": plausible(st.integers(-1, 170)),
}


@st.composite
def scenario_data(draw):
    """Scenario-shaped data, mostly close to valid so that the rules get checked as well as the format."""
    def player(name):
        stock = st.fixed_dictionaries({"count": st.integers(-1, 31)},
                                      optional={"top": cards, "next": st.lists(cards, max_size=4)})
        entry = {"name": name, "stock": draw(plausible(stock))}
        if draw(st.booleans()):
            entry["hand"] = draw(plausible(st.one_of(st.integers(-1, 7), st.lists(cards, max_size=7))))
        if draw(st.booleans()):
            entry["discards"] = draw(plausible(st.lists(st.lists(cards, max_size=4), max_size=5)))
        return entry

    data = {"title": draw(plausible(st.just("Fuzz"))),
            "players": [player(name) for name in draw(st.lists(names, min_size=1, max_size=7, unique=True))]}
    for key, values in FIELDS.items():
        if draw(st.booleans()):
            data[key] = draw(values)
    return data


@settings(max_examples=200, deadline=None)
@given(scenario_data())
def test_any_scenario_data_loads_or_is_refused_with_its_problems(data):
    text = yaml.safe_dump(data)
    try:
        scenario = parse_scenario(text, "fuzz.yaml")
    except ScenarioError as error:
        assert error.problems and all(line.startswith("fuzz.yaml:") for line in error.lines())
    else:
        assert 2 <= len(scenario.state.players) <= 6


IMPOSSIBLE = Path(__file__).resolve().parent / "fixtures" / "impossible"


@pytest.mark.parametrize("name, line, words", [
    ("five-players-thirty-stock.yaml", 3, "a stock of 25 cards is more than the 20 dealt"),
    ("team-of-two-players.yaml", 2, "two or three pairs (4 or 6 players), not by 2 players"),
    ("completed-not-whole-piles.yaml", 2, "a multiple of 12, not 13"),
])
def test_files_that_fit_the_format_but_not_the_rules_are_refused_at_their_line(name, line, words):
    with pytest.raises(ScenarioError) as raised:
        load_scenario(IMPOSSIBLE / name)
    assert raised.value.problems[0].line == line and words in raised.value.problems[0].message
