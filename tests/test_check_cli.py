"""``tutor check`` (SPEC §4): exit codes, the JSON document, diagnostics, one-line positions, hostile input."""

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

from tutor.cli.app import app
from tutor.engine.rules import RULES

runner = CliRunner()

POSITION = """\
title: Stock first
description: Your stock shows a 7 and a build pile stands at 6.
build: [6, null, 2, null]
draw_pile: {count: 40, next: [4, 4, 6, 8, 10]}
players:
  - name: you
    stock: {top: 7, count: 12}
    hand: [3, 5, SB, 9, 12]
    discards: [[11, 10, 9], [], [], []]
  - name: Anna
    stock: {top: 8, count: 20}
    hand: 5
    discards: [[4]]
"""

RECYCLING = """\
title: Nothing left but completed piles
build: [[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]]
draw_pile: 0
completed: 0
players:
  - name: you
    stock: {top: 7, count: 12}
    hand: [12, 1]
  - name: Anna
    stock: {top: 8, count: 20}
"""


@pytest.fixture
def position(tmp_path: Path) -> str:
    file = tmp_path / "position.yaml"
    file.write_text(POSITION, encoding="utf-8")
    return str(file)


def check(*args: str):
    return runner.invoke(app, ["check", *args])


def check_json(*args: str) -> tuple[int, dict]:
    result = check(*args, "--json")
    return result.exit_code, json.loads(result.stdout)


def tutor(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    """``python -m tutor`` in a child process, as a user would run it."""
    environment = {key: value for key, value in os.environ.items()
                   if key not in ("NO_COLOR", "FORCE_COLOR", "TERM", "COLUMNS")}
    environment.update(env or {})
    return subprocess.run([sys.executable, "-m", "tutor", *args], capture_output=True, text=True,
                          env=environment, timeout=60)


# -- exit codes ----------------------------------------------------------------------------------------


def test_all_legal_exits_0(position):
    result = check(position, "stock to build 1", "hand 9 to discard 2")
    assert result.exit_code == 0, result.output
    assert "LEGAL" in result.stdout and "ILLEGAL" not in result.stdout


def test_an_illegal_move_exits_1_and_names_the_rule(position):
    result = check(position, "hand 5 to build 3")
    assert result.exit_code == 1
    assert "ILLEGAL" in result.stdout and "build.sequence" in result.stdout
    assert "5" in result.stdout and "build pile 3" in result.stdout


@pytest.mark.parametrize("args", [
    ["fly to build 1"],
    [],
])
def test_unreadable_or_missing_moves_exit_2(position, args):
    result = check(position, *args)
    assert result.exit_code == 2
    assert result.stdout == ""
    assert "error:" in result.stderr


def test_the_moves_before_an_unreadable_one_are_ruled_and_the_unreadable_one_reported(position):
    result = check(position, "stock to build 1", "hand 5 build 3")
    assert result.exit_code == 2
    assert "1. stock to build 1  LEGAL" in result.stdout
    assert "error: cannot read the move 'hand 5 build 3'" in result.stderr
    document = json.loads(check(position, "stock to build 1", "hand 5 build 3", "--json").stdout)
    assert document["error"]["kind"] == "notation" and document["error"]["input"] == "hand 5 build 3"
    assert [move["move"] for move in document["error"]["moves"]] == ["stock to build 1"]


def test_an_unreadable_move_after_an_illegal_one_is_never_reached(position):
    result = check(position, "hand 5 to build 3", "hand 5 build 3")
    assert result.exit_code == 1 and "build.sequence" in result.stdout and result.stderr == ""


def test_a_question_is_answered_as_the_rules_answer_it_and_pointed_to_them_in_one_line(position):
    result = check(position, "what", "happens", "when", "the", "draw", "pile", "runs", "out?")
    assert result.exit_code == 2
    assert "When the draw pile is empty, the cleared build piles are shuffled" in result.stdout.splitlines()[0]
    assert "draw-pile" in result.stdout
    document = json.loads(check(position, "what happens when the draw pile runs out?", "--json").stdout)
    assert document["error"]["answer"]["entries"][0]["id"] == "draw-pile"
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and "is a question, not a move" in lines[0]
    assert "tutor rules 'what happens when the draw pile runs out?'" in lines[0]
    assert "question, not a move" in check(position, "do I have to play").stderr


def test_a_yes_or_no_question_gets_the_first_line_rules_gives_it_sure_or_not(position):
    for question in ("can I discard a stock card?", "after I discard, can I still play a card?"):
        ruled = runner.invoke(app, ["rules", question]).stdout.splitlines()[0]
        assert check(position, question).stdout.splitlines()[0] == ruled
        answered = check_json(position, question)[1]["error"]["answer"]
        assert answered == json.loads(runner.invoke(app, ["rules", "--json", question]).stdout)
        assert answered["reply_sure"] is (answered["reply"] is not None) and answered["lean"] in ("yes", "no")


@pytest.mark.parametrize("question", ["is the draw pile empty", "are discard piles open to all"])
def test_a_question_opening_with_a_word_that_also_says_a_wild_s_value_is_still_a_question(position, question):
    result = check(position, question)  # "is" also reads as "as" ("the SB on build 1 is a 7"), but not first
    assert result.exit_code == 2 and "is a question, not a move" in result.stderr
    assert check(position, "hand SB to build 1 is 7").exit_code in (0, 1)


def test_a_move_naming_a_stranger_exits_2(position):
    result = check(position, "Zed:stock to build 1")
    assert result.exit_code == 2
    assert "Zed" in result.stderr and "you, Anna" in result.stderr


def test_an_undecidable_move_says_so_for_a_person(position):
    result = check(position, "stock to build 1", "stock to build 1")
    assert result.exit_code == 2
    assert "CANNOT BE DECIDED" in result.stdout and "unseen" in result.stdout


def test_a_move_that_cannot_be_decided_exits_2(position):
    code, document = check_json(position, "stock to build 1", "stock to build 1")
    assert code == 2
    assert document["legal"] is None
    assert document["moves"][1]["undecidable"] is True and "unseen" in document["moves"][1]["reason"]


# -- the JSON document ---------------------------------------------------------------------------------


def test_json_holds_one_document_in_the_spec_shape(position):
    result = check(position, "hand 3 to build 3", "stock to build 1", "--json")
    assert result.exit_code == 0
    document = json.loads(result.stdout)
    assert document["legal"] is True
    assert [entry["move"] for entry in document["moves"]] == ["hand 3 to build 3", "stock to build 1"]
    for entry in document["moves"]:
        assert entry["legal"] is True and "rule" not in entry
        assert isinstance(entry["reason"], str) and entry["reason"]
    assert result.stderr == ""


CHECK_DOCUMENT = {  # SPEC §4, as a JSON Schema
    "type": "object",
    "required": ["legal", "moves"],
    "properties": {
        "legal": {"type": ["boolean", "null"]},
        "moves": {"type": "array", "items": {
            "type": "object",
            "required": ["move", "legal"],
            "properties": {
                "move": {"type": "string"},
                "legal": {"type": ["boolean", "null"]},
                "rule": {"enum": sorted(RULES)},
                "reason": {"type": "string"},
                "quality": {"enum": ["best", "good", "weak"]},
                "principles": {"type": "array", "items": {"type": "string", "pattern": "^strategy\\."}},
                "better": {"type": "string"},
            },
            "if": {"properties": {"legal": {"const": False}}},
            "then": {"required": ["rule", "reason"]},
        }},
    },
}


@pytest.mark.parametrize("moves", [
    ["stock to build 1", "hand 9 to discard 2"],
    ["hand 3 to build 3", "hand 5 to build 3"],
    ["hand SB to build 2", "hand 12 to discard 1"],
    ["hand 12 to discard 1"],
    ["s>b2"],
])
def test_json_matches_the_documented_shape(position, moves):
    jsonschema = pytest.importorskip("jsonschema")
    _, document = check_json(position, *moves)
    jsonschema.validate(document, CHECK_DOCUMENT)
    assert document["legal"] is all(entry["legal"] for entry in document["moves"])


def test_json_stops_at_the_first_illegal_move_with_its_rule(position):
    code, document = check_json(position, "h3>b3", "s>b2", "hand 9 to discard 2")
    assert code == 1
    assert document["legal"] is False
    first, second = document["moves"]  # the discard after the illegal move is not ruled on
    assert first == {**first, "move": "hand 3 to build 3", "legal": True, "input": "h3>b3"}
    assert second["move"] == "stock to build 2" and second["legal"] is False
    assert second["rule"] == "build.start" and second["rule"] in RULES
    assert "7" in second["reason"] and "build pile 2" in second["reason"].lower()


def test_json_lists_what_the_rules_did(position):
    _, document = check_json(position, "stock to build 1", "hand 12 to discard 2")
    assert any("turns up" in event for event in document["moves"][0]["events"])
    assert "turn ends" in document["moves"][1]["reason"]
    assert "events" not in document["moves"][1]  # the ruling says it all: the discard is not told twice


@pytest.mark.parametrize("args, kind", [
    (["fly to build 1"], "notation"),
    ([], "usage"),
])
def test_json_reports_unusable_input_as_one_error_document(position, args, kind):
    result = check(position, *args, "--json")
    assert result.exit_code == 2
    document = json.loads(result.stdout)
    assert document["error"]["kind"] == kind and document["error"]["problems"]
    assert "error:" in result.stderr


def test_json_for_a_bad_scenario_names_the_file_and_line(tmp_path):
    file = tmp_path / "bad.yaml"
    file.write_text(POSITION.replace("hand: [3, 5, SB, 9, 12]", "hnad: [3, 5, SB, 9, 12]"), encoding="utf-8")
    result = check(str(file), "stock to build 1", "--json")
    assert result.exit_code == 2
    problems = json.loads(result.stdout)["error"]["problems"]
    assert any(p.startswith(f"{file}:8:") and "did you mean 'hand'" in p for p in problems)
    assert str(file) in result.stderr


def test_every_rule_id_can_come_back_in_json(tmp_path):
    """One illegal move per rule id, each ruled through the command."""
    cases = {
        "source.stock-top": (POSITION, ["stock 5 to build 1"]),
        "source.discard-top": (POSITION, ["discard 1 10 to build 1"]),
        "source.hand": (POSITION, ["hand 4 to build 3"]),
        "source.empty": (POSITION, ["discard 2 to build 1"]),
        "source.not-yours": (POSITION, ["Anna:discard 1 to build 1"]),
        "source.build-pile": (POSITION, ["build 1 to build 2"]),
        "build.sequence": (POSITION, ["hand 5 to build 3"]),
        "build.start": (POSITION, ["hand 3 to build 2"]),
        "build.four-piles": (POSITION, ["hand SB to build 5"]),
        "discard.from-hand": (POSITION, ["stock to discard 2"]),
        "discard.own-piles": (POSITION, ["hand 9 to Anna:discard 2"]),
        "discard.four-piles": (POSITION, ["hand 9 to discard 5"]),
        "turn.draw-first": (POSITION.replace("build: [6", "phase: start\nbuild: [6").replace(
            "[3, 5, SB, 9, 12]", "[3, 5]"), ["stock to build 1"]),
        "turn.draw-when-empty": (POSITION, ["draw"]),
        "turn.discard-to-end": (POSITION, ["end"]),
        "turn.over": (POSITION, ["hand 9 to discard 2", "stock to build 1"]),
        "round.over": (POSITION.replace("count: 12", "count: 1"), ["stock to build 1", "hand 3 to build 3"]),
    }
    assert set(cases) == set(RULES)
    for rule_id, (text, moves) in cases.items():
        file = tmp_path / f"{rule_id}.yaml"
        file.write_text(text, encoding="utf-8")
        code, document = check_json(str(file), *moves)
        assert code == 1, (rule_id, document)
        assert document["moves"][-1]["rule"] == rule_id, (rule_id, document)


def test_recycled_cards_are_not_guessed(tmp_path):
    file = tmp_path / "recycle.yaml"
    file.write_text(RECYCLING, encoding="utf-8")
    code, document = check_json(str(file), "hand 12 to build 1", "hand 1 to build 1", "stock to build 1")
    assert document["moves"][1]["events"][-1] == "You draw 5."  # the shuffled cards are not named
    assert code == 1 and document["moves"][-1]["rule"] == "build.sequence"
    code, document = check_json(str(file), "hand 12 to build 1", "hand 1 to build 1", "draw 2 3 4 5 6",
                                "hand 2 to build 1")
    assert code == 0, document


# -- the one-line position -----------------------------------------------------------------------------


@pytest.mark.parametrize("options, moves, code, words", [
    (["--build", "6,-,2,-", "--stock", "7"], ["s>b1"], 0, ["7", "build pile 1"]),
    (["--build", "6,-,2,-", "--stock", "7"], ["s>b2"], 1, ["build.start"]),
    (["--build", "6", "--stock", "7", "--stock-count", "1"], ["s>b1", "end"], 1, ["round.over"]),
    (["--build", "6", "--stock", "-"], ["s>b1"], 1, ["round.over", "emptied"]),
    (["--build", "2", "--hand", "3,5,SB"], ["h3>b1", "h5>b1"], 1, ["build.sequence", "5"]),
    (["--hand", "3,5"], ["h4>b1"], 1, ["source.hand", "3, 5"]),
    (["--build", "8", "--discards", "11,10,9/-/4"], ["d1>b1", "d1>b1"], 0, ["10"]),
    (["--build", "8", "--discards", "11,10,9/-/4"], ["d1 10>b1"], 1, ["source.discard-top"]),
    (["--build", "3", "--discards", "11,10,9/-/4"], ["d3>b1"], 0, ["discard pile 3"]),
    (["--build", "7", "--opponent", "Anna:8"], ["Anna:s>b1"], 1, ["source.not-yours", "Anna"]),
    (["--build", "4", "--opponent", "Anna:8", "--opponent", "Bo:9", "--partner", "Cleo:5"], ["Cleo:s>b1"], 0,
     ["5", "Cleo"]),
    (["--build", "4", "--opponent", "Anna:8:5", "--opponent", "Bo:9", "--partner", "Cleo:5"], ["Anna:d1>b1"], 1,
     ["source.not-yours"]),
    (["--phase", "start", "--hand", "3,9"], ["h3>b1"], 1, ["turn.draw-first"]),
    (["--phase", "start", "--hand", "3,9", "--draw-next", "1,2,4"], ["draw", "h1>b1", "h2>b1", "h3>b1"], 0, []),
    (["--hand", "1", "--draw-next", "2,3,4,5,6"], ["h1>b1", "h2>b1"], 0, ["five new cards"]),
])
def test_one_line_positions(options, moves, code, words):
    result = check(*options, *moves, "--json")
    assert result.exit_code == code, result.output
    text = result.stdout
    json.loads(text)
    for word in words:
        assert word in text, (word, text)


@pytest.mark.parametrize("options, words", [
    (["--build", "a,b"], ["--build", "'a'"]),
    (["--hand", "3,x"], ["--hand", "'x'"]),
    (["--hand", "3,13"], ["command line", "13"]),
    (["--build", "12"], ["command line", "12"]),
    (["--stock-count", "-3", "--stock", "7"], ["command line", "negative"]),
    (["--partner", "Cleo:5"], ["two opponents"]),
    (["--opponent", ":8"], ["name first"]),
    (["--phase", "lunch"], ["command line", "lunch"]),
    (["--discards", "1/2/3/4/5"], ["four discard piles"]),
    (["--build", "²"], ["--build", "'²'"]),
    (["--hand", "3,²"], ["--hand", "'²'"]),
    (["--stock", "³"], ["--stock", "'³'"]),
    (["--stock", "you"], ["--stock", "'you'"]),
    (["--build", "0"], ["--build", "write - for a free slot"]),
    (["--build", "SB=12"], ["--build", "SB=7"]),
    (["--hand", "1,2,3,4,5,6"], ["--hand", "five cards at most"]),
    (["--opponent", "Anna:13"], ["--opponent Anna:13", "not a card"]),
    (["--opponent", "Anna:8:4/4/4/4/4"], ["--opponent Anna:8:4/4/4/4/4", "four discard piles"]),
    (["--discards", "1/1/1/1", "--opponent", "Anna:1:1,1,1,1,1,1,1,1,1"], ["--opponent Anna:1", "14 1s"]),
])
def test_bad_one_line_positions_exit_2_with_the_option_named(options, words):
    result = check(*options, "s>b1")
    assert result.exit_code == 2, result.output
    for word in words:
        assert word in result.stderr, (word, result.stderr)
    assert "Traceback" not in result.output


def test_a_file_and_a_one_line_position_together_are_refused(position):
    result = check(position, "--build", "6", "s>b1")
    assert result.exit_code == 2 and "not both" in result.stderr


# -- hostile input through the command -----------------------------------------------------------------

HOSTILE = {
    "broken.yaml": "title: [unclosed\nplayers: {\n",
    "garbage.bin": bytes(range(256)) * 16,
    "latin1.yaml": "title: Björn\nplayers: []\n".encode("latin-1"),
    "evil.yaml": 'title: X\nplayers: !!python/object/apply:os.system ["echo owned > owned.txt"]\n',
    "bomb.yaml": "a: &a [x, x, x, x, x, x, x, x, x]\n" + "".join(
        f"{chr(98 + i)}: &{chr(98 + i)} [" + ", ".join([f"*{chr(97 + i)}"] * 9) + "]\n" for i in range(8)
    ) + "title: X\nplayers: *i\n",
    "deep.yaml": "title: X\nplayers: " + "[" * 120_000 + "\n",
    "big.yaml": "title: X\ndescription: '" + "x" * 300_000 + "'\n",
    "impossible.yaml": POSITION.replace("[[11, 10, 9]", "[[7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7]"),
}


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_hostile_files_exit_2_naming_the_file_without_a_traceback(tmp_path, name):
    file = tmp_path / name
    content = HOSTILE[name]
    file.write_bytes(content if isinstance(content, bytes) else content.encode("utf-8"))
    result = tutor("check", str(file), "stock to build 1")
    assert result.returncode == 2, (result.returncode, result.stderr[-500:])
    assert str(file) in result.stderr
    assert result.stdout == ""
    assert "Traceback" not in result.stdout + result.stderr
    assert not (tmp_path / "owned.txt").exists() and not Path("owned.txt").exists()


@pytest.mark.parametrize("where", ["missing", "directory"])
def test_missing_files_and_directories_exit_2_naming_them(tmp_path, where):
    target = tmp_path / "nowhere.yaml" if where == "missing" else tmp_path
    result = tutor("check", str(target), "stock to build 1", "--json")
    assert result.returncode == 2
    assert str(target) in result.stderr
    assert str(target) in json.loads(result.stdout)["error"]["problems"][0]
    assert "Traceback" not in result.stdout + result.stderr


def test_json_through_the_console_script_is_one_document(position):
    result = tutor("check", position, "s>b1", "h9>d2", "--json")
    assert result.returncode == 0
    assert json.loads(result.stdout)["legal"] is True
    assert result.stderr == ""


# -- colour --------------------------------------------------------------------------------------------


def test_colour_is_used_when_a_terminal_is_forced(position):
    result = tutor("check", position, "stock to build 1", "hand 5 to build 3", env={"FORCE_COLOR": "1"})
    assert result.returncode == 1
    assert "\x1b[" in result.stdout


def test_no_color_means_no_escape_codes_even_on_a_forced_terminal(position):
    result = tutor("check", position, "stock to build 1", "hand 5 to build 3",
                   env={"NO_COLOR": "1", "FORCE_COLOR": "1", "TERM": "xterm-256color"})
    assert result.returncode == 1
    assert "\x1b" not in result.stdout + result.stderr
    assert "ILLEGAL" in result.stdout and "build.sequence" in result.stdout


def test_no_color_holds_for_the_rule_reference_that_rulings_point_to():
    result = tutor("rules", "build.sequence", env={"NO_COLOR": "1", "FORCE_COLOR": "1"})
    assert result.returncode == 0 and "build.sequence" in result.stdout
    assert "\x1b" not in result.stdout


def test_no_color_in_a_real_terminal(position):
    pexpect = pytest.importorskip("pexpect")
    env = {key: value for key, value in os.environ.items() if key != "FORCE_COLOR"}
    env.update({"NO_COLOR": "1", "TERM": "xterm-256color"})
    child = pexpect.spawn(sys.executable, ["-m", "tutor", "check", position, "stock to build 1", "hand 5 to build 3"],
                          env=env, encoding="utf-8", timeout=60, dimensions=(40, 120))
    output = child.read()
    child.close()
    assert child.exitstatus == 1
    assert "ILLEGAL" in output
    assert "\x1b" not in output


# -- anything on the command line ----------------------------------------------------------------------

card_words = st.sampled_from([str(n) for n in range(1, 13)] + ["SB", "sb"])
card_lists = st.lists(card_words, max_size=5).map(",".join)
piles = st.lists(st.one_of(card_lists, st.just("-")), max_size=4).map("/".join)
someone = st.tuples(st.sampled_from(["Anna", "Bo", "Cleo"]), st.one_of(st.just(""), card_words), piles).map(
    lambda parts: ":".join(parts).rstrip(":"))
QUICK_VALUES = {
    "--build": st.lists(st.sampled_from(["-"] + [str(n) for n in range(1, 12)]), max_size=4).map(",".join),
    "--stock": st.one_of(card_words, st.just("-")),
    "--hand": card_lists,
    "--discards": piles,
    "--opponent": someone,
    "--partner": someone.map(lambda text: text.replace("Anna", "Dan").replace("Bo", "Eve").replace("Cleo", "Finn")),
    "--phase": st.sampled_from(["start", "play"]),
    "--draw-next": card_lists,
}
odd_text = st.text(alphabet="0123456789SBsb-_x.,/: ²", max_size=12)


@st.composite
def one_line_positions(draw):
    """Options for a one-line position: mostly well formed, now and then anything."""
    flags = draw(st.lists(st.sampled_from(sorted(QUICK_VALUES)), unique=True, max_size=6))
    opponents = 2 if "--partner" in flags and draw(st.integers(0, 9)) else draw(st.integers(0, 3))
    args = []
    for flag in [*flags, *["--opponent"] * opponents]:
        args += [flag, draw(odd_text) if draw(st.integers(0, 9)) == 0 else draw(QUICK_VALUES[flag])]
    if draw(st.booleans()):
        args += ["--stock-count", str(draw(st.integers(-2, 40)))]
    return args


@settings(max_examples=150, deadline=None)
@given(one_line_positions(),
       st.lists(st.one_of(st.sampled_from(["s>b1", "h3>b1", "d1>b2", "draw", "end", "h9>d1", "Anna:s>b1", "hSB>b2"]),
                          st.text(max_size=15)), min_size=1, max_size=3))
def test_any_one_line_position_is_ruled_on_or_refused_cleanly(args, moves):
    result = runner.invoke(app, ["check", *args, "--json", "--", *moves])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert result.exit_code in (0, 1, 2), result.output
    document = json.loads(result.stdout)
    assert ("error" in document) == (result.exit_code == 2 and "moves" not in document)


# -- table talk, ambiguity and guidance ------------------------------------------------------------------

@pytest.fixture
def ambiguous():
    return str(Path(__file__).resolve().parent / "fixtures" / "which-discard-pile.yaml")


def test_an_ambiguous_phrase_exits_2_with_both_readings_and_their_rulings(ambiguous):
    code, document = check_json(ambiguous, "discard 3 to build 2")
    assert code == 2
    error = document["error"]
    assert error["kind"] == "ambiguous" and error["input"] == "discard 3 to build 2"
    readings = {reading["move"]: reading for reading in error["readings"]}  # each in the form that reads back
    assert readings["discard 3 5 to build 2"]["legal"] is False
    assert readings["discard 3 5 to build 2"]["rule"] == "build.sequence"
    assert readings["discard 1 3 to build 2"]["legal"] is True
    assert error["write"] == ["discard 3 5 to build 2", "discard 1 3 to build 2"]
    result = check(ambiguous, "discard 3 to build 2")
    assert result.exit_code == 2
    for words in ("discard pile 3 (the 5: illegal", "the 3 on discard pile 1 (legal)", "'discard 1 3 to build 2'"):
        assert words in result.stderr


@pytest.mark.parametrize("said, meant", [
    ("discard 3 5 to build 2", "discard 3 5 to build 2"),  # the card named settles it
    ("d3>b2", "discard 3 5 to build 2"),  # the compact form names a pile; printed naming its card, to read back
    ("discard 9 to build 1", "discard 2 9 to build 1"),  # 9 cannot be a pile: the 9 on pile 2
    ("discard 4 to build 2", "discard 4 to build 2"),  # pile 4 is empty and no pile shows a 4
    ("the 3 onto build 2", "discard 1 3 to build 2"),  # the card alone: only discard pile 1 shows a 3
    ("my 7 on build 1", "stock 7 to build 1"),
    ("play the SB on build 1", "hand SB to build 1"),
    ("the 8 to build 1", "hand 8 to build 1"),  # nothing shows an 8: the hand, and its ruling
])
def test_phrases_the_position_settles_are_ruled_on(ambiguous, said, meant):
    _, document = check_json(ambiguous, said)
    assert document["moves"][0]["move"] == meant


def test_a_card_named_alone_in_the_hand_and_on_a_discard_pile_exits_2_with_both_readings():
    position = ["--build", "6,-,2,-", "--stock", "7", "--hand", "3,5,SB,9,12", "--discards", "11,10,9/3/-/-"]
    code, document = check_json(*position, "the 3 onto build 3")
    assert code == 2 and document["error"]["kind"] == "ambiguous"
    assert [(r["move"], r["legal"]) for r in document["error"]["readings"]] == [
        ("hand 3 to build 3", True), ("discard 2 3 to build 3", True)]
    result = check(*position, "the 3", "onto", "build", "3")
    assert result.exit_code == 2
    assert "the 3 from your hand (legal) or the 3 on discard pile 2 (legal)" in result.stderr
    code, document = check_json(*position, "the 7 onto build 1", "the 3 onto build 3")
    assert code == 2 and document["error"]["input"] == "the 3 onto build 3"


def test_moves_given_as_separate_words_are_split_where_a_new_move_starts(position):
    code, document = check_json(position, "stock", "to", "build", "1", "hand", "5", "to", "build", "3")
    assert code == 1
    assert [m["move"] for m in document["moves"]] == ["stock to build 1", "hand 5 to build 3"]
    code, document = check_json(position, "the 7 from my stock on build pile 1", "the", "SB", "from", "my", "hand",
                                "onto", "build", "pile", "1")
    assert code == 0 and [m["move"] for m in document["moves"]] == ["stock 7 to build 1", "hand SB to build 1"]


def test_possessives_and_quoted_names_reach_the_player(ambiguous):
    _, document = check_json(ambiguous, "Anna Lee's discard 1 to build 1")
    assert document["moves"][0]["rule"] == "source.not-yours"
    _, document = check_json(ambiguous, '"anna lee":discard 1 to build 1')
    assert document["moves"][0]["move"] == '"Anna Lee":discard 1 to build 1'


def test_moves_lists_only_moves_that_read_back():
    position = ["--build", "-,2", "--stock", "7", "--hand", "4,5,9", "--discards", "3/9/3"]
    result = runner.invoke(app, ["moves", *position, "--json"])
    listed = [move["move"] for move in json.loads(result.stdout)["moves"]]
    assert "discard 3 to build 2" not in listed and "discard 3 3 to build 2" in listed  # pile 3, or the 3 on 1?
    assert "discard 1 to build 2" in listed
    for text in listed:
        code, document = check_json(*position, text)
        assert code == 0 and document["moves"][0]["legal"], (text, document)


def test_at_the_refill_moves_offers_only_the_draw():
    result = runner.invoke(app, ["moves", "--hand", "-", "--json"])
    assert [move["move"] for move in json.loads(result.stdout)["moves"]] == ["draw"]
    code, document = check_json("--hand", "-", "end")
    assert code == 1 and document["moves"][0]["rule"] == "turn.draw-when-empty"


def test_a_move_without_a_position_says_the_position_is_missing():
    code, document = check_json("s>b1")
    assert code == 2 and "no position given" in document["error"]["problems"][0]


def test_the_one_line_header_names_the_command_line_once():
    result = check("--build", "6", "--stock", "7", "s>b1")
    assert result.stdout.split(" 1. ")[0].count("command line") == 1  # the header, however it wraps


def test_piped_output_has_no_trailing_blanks(position):
    for command in (["check", position, "stock to build 1"], ["moves", position], ["show", position]):
        result = tutor(*command, env={"NO_COLOR": "1"})
        assert result.returncode in (0, 1) and result.stdout
        assert all(line == line.rstrip() for line in result.stdout.splitlines()), command


def test_version_and_help():
    result = tutor("--version")
    assert result.returncode == 0 and result.stdout.startswith("tutor ")
    listed = tutor("--help").stdout
    for command in ("check", "moves", "learn", "scenario", "--install-completion"):
        assert command in listed


def test_every_command_has_a_summary_for_the_list():
    from tutor.cli.app import COMMANDS, GROUPS, SUMMARIES

    assert set(SUMMARIES) == set(COMMANDS) | set(GROUPS)


@pytest.mark.parametrize("move", ["ſ>b1", "ſtock to build 1", "ＳＴＯＣＫ to build 1", "stock\u200b to build 1"])
def test_unicode_spellings_of_a_move_are_read_after_normalising(position, move):
    code, document = check_json(position, move)
    assert code == 0 and document["moves"][0]["move"] == "stock to build 1"


def test_a_misspelt_pile_suggests_the_nearest_word(position):
    code, document = check_json(position, "stok to build 1")
    assert code == 2 and "did you mean 'stock'?" in document["error"]["problems"][0]


def test_hint_at_the_refill_draws_first_and_never_ends_the_turn():
    result = runner.invoke(app, ["hint", "--hand", "-", "--build", "6", "--stock", "7", "--draw-next", "8,9,1,2,3",
                                 "--json"])
    assert result.exit_code == 0, result.output
    assert "draw" in result.stdout and '"end"' not in result.stdout


@pytest.mark.parametrize("move, status", [("hand 4 to build 1", 0), ("hand 5 to build 1", 1)])
@pytest.mark.parametrize("json_flag", [[], ["--json"]])
def test_a_reader_gone_before_the_output_leaves_the_status_as_ruled(move, status, json_flag):
    reading, writing = os.pipe()
    os.close(reading)  # the reader has left: every write is a broken pipe
    try:
        run = subprocess.run([sys.executable, "-m", "tutor", "check", "--build", "3,6,-,-", "--stock", "10",
                              "--hand", "7,1,4,9,12", move, *json_flag], stdout=writing, stderr=subprocess.PIPE,
                             timeout=60)
    finally:
        os.close(writing)
    assert run.returncode == status and b"Traceback" not in run.stderr, run.stderr


def test_the_one_line_position_takes_cards_as_words():
    code, document = check_json("--build", "six,-,-,-", "--stock", "seven", "--hand", "three,five,wild,9,twelve",
                                "stock to build 1", "hand SB to build 1", "hand 9 to build 1")
    assert code == 0, document
    result = check("--build", "3", "--stock", "zero", "stock to build 1")
    assert result.exit_code == 2 and "--stock: 'zero' is not a card" in result.stderr


# -- what a ruling loads ------------------------------------------------------------------------------------------


def test_a_json_ruling_in_english_loads_neither_rich_nor_what_only_other_paths_need(position):
    """Rich (human output), the translated data files' reader and shlex (the question message) stay unloaded by
    a --json ruling in English, so that it starts fast."""
    code = ("import sys\nfrom tutor.cli.app import main\ntry:\n    main(sys.argv[1:])\nexcept SystemExit:\n    pass\n"
            "print(sorted({'rich', 'importlib.resources', 'shlex'} & set(sys.modules)))")
    environment = {**os.environ, "SKIPBO_TUTOR_LANG": "en"}
    run = subprocess.run([sys.executable, "-c", code, "check", str(position), "stock to build 1", "--json"],
                         capture_output=True, text=True, env=environment, timeout=60)
    ruling, loaded = run.stdout.rstrip("\n").rsplit("\n", 1)
    assert json.loads(ruling)["legal"] is True
    assert loaded == "[]"


#: Run after a ruling: the methods of the dataclasses loaded that were compiled from source, and whether the
#: collector was told that what was loaded lives on.
GENERATED_METHODS = """
methods = ('__init__', '__repr__', '__eq__', '__hash__', '__setattr__', '__delattr__')
classes = {value for module in list(sys.modules.values()) if module.__name__.startswith('tutor')
           for value in vars(module).values() if isinstance(value, type) and hasattr(value, '__dataclass_fields__')}
generated = sorted(f'{value.__module__}.{value.__qualname__}.{name}' for value in classes for name in methods
                   if getattr(getattr(value.__dict__.get(name), '__code__', None), 'co_filename', '') == '<string>')
print(sorted(name for name in sys.modules if name.startswith('tutor.coach')))
print(generated, gc.get_freeze_count() > 0)
"""


def test_a_ruling_compiles_no_dataclass_methods_and_freezes_what_it_loaded(position):
    """No dataclass that a ruling with a weak move loads (the engine's values, the scenario, the reports, the
    coach's) has methods compiled from source when its module is imported (six for a frozen dataclass: a tenth of
    the start-up); what the command loaded is frozen for the collector."""
    code = ("import gc, sys\nfrom tutor.cli.app import main\ntry:\n    main(sys.argv[1:])\n"
            "except SystemExit:\n    pass\n" + GENERATED_METHODS)
    environment = {**os.environ, "SKIPBO_TUTOR_LANG": "en"}
    run = subprocess.run([sys.executable, "-c", code, "check", str(position), "stock to build 1", "hand SB to build 2",
                          "hand 9 to discard 2", "--json"], capture_output=True, text=True, env=environment, timeout=60)
    ruling, coach, generated = run.stdout.rstrip("\n").rsplit("\n", 2)
    assert json.loads(ruling)["moves"][1]["quality"] == "weak"
    assert "tutor.coach.principles" in coach and "tutor.coach.verdicts" in coach
    assert generated == "[] True"


def test_moves_put_each_reason_under_its_move_where_columns_would_squeeze_it():
    scenario = str(Path(__file__).resolve().parent.parent / "scenarios" / "strategy" / "dig-for-the-stock.yaml")
    narrow = tutor("--lang", "da", "moves", scenario, env={"NO_COLOR": "1", "COLUMNS": "60"}).stdout.splitlines()
    assert narrow[1].split() == ["1.", "toeren", "fra", "din", "hånd", "til", "byggebunke", "2", "h2>b2"]
    assert narrow[2].strip().startswith("Toeren fra din hånd lægges på byggebunke 2")
    assert max(map(len, narrow)) <= 60
    wide = tutor("--lang", "da", "moves", scenario, env={"NO_COLOR": "1", "COLUMNS": "120"}).stdout.splitlines()
    assert "h2>b2" in wide[1] and "Toeren fra din hånd lægges" in wide[1]


def test_a_start_of_turn_without_the_hand_is_not_guessed():
    result = runner.invoke(app, ["check", "--phase", "start", "--build", "6", "--stock", "7", "stock to build 1"])
    assert result.exit_code == 2 and "--phase start needs --hand" in result.stderr
    given = runner.invoke(app, ["check", "--phase", "start", "--build", "6", "--stock", "7", "--hand", "3",
                                "stock to build 1"])
    assert given.exit_code == 1 and "turn.draw-first" in given.stdout


def test_the_one_line_position_says_what_it_takes_for_the_parts_left_unsaid():
    unsaid = " ".join(runner.invoke(app, ["check", "--build", "6", "--stock", "7", "stock to build 1"]).stdout.split())
    assert "a hand of five unknown cards" in unsaid and "a stock of 10 cards" in unsaid
    said = runner.invoke(app, ["check", "--build", "6", "--stock", "7", "--stock-count", "4", "--hand", "7",
                               "stock to build 1"])
    assert "not given" not in said.stdout and "One-line position" in said.stdout


def test_a_question_is_pointed_to_tutor_rules_quoted_as_a_person_types_it():
    result = runner.invoke(app, ["check", "--build", "6", "what is my partner's discard pile?"])
    assert result.exit_code == 2
    assert "ask it with tutor rules \"what is my partner's discard pile?\"" in result.stderr
    assert "'\"'\"'" not in result.stderr


def test_separately_quoted_moves_are_never_read_as_one():
    result = runner.invoke(app, ["check", "--build", "2", "--stock", "3", "--hand", "2", "2 on it", "stock on the 2"])
    assert result.exit_code == 2 and "cannot read the move '2 on it'" in result.stderr
    assert "stock 2 to build 1" not in result.stdout


TALK = [  # the one-line position, what was said, the exit status and the moves ruled (or the readings listed)
    (["--build", "9,-,5,-", "--stock", "7", "--hand", "2,6,11,SB,3", "--discards", "10/12/-/-"],
     "the 10 on my first discard pile onto build 1", 0, ["discard 1 10 to build 1"]),
    (["--phase", "start", "--build", "6,-,3,-", "--stock", "9", "--hand", "7,4,8"], "I draw up to five", 0, ["draw"]),
    (["--build", "9,-,5,-", "--stock", "7", "--hand", "2,6,12,SB,3"], "I'm done, discard the 12 on pile 1", 0,
     ["hand 12 to discard 1"]),
    (["--build", "5,-,SB=7,-", "--stock", "3", "--hand", "8,2"],
     "the skip-bo on build 3 counts as a 7 so my 8 goes on it", 2, []),
    (["--build", "5,-,SB=7,-", "--stock", "3", "--hand", "8,2"], "8 on the skip-bo", 0, ["hand 8 to build 3"]),
    (["--build", "4,11,-,-", "--stock", "5", "--hand", "7,SB,8,6,12", "--discards", "9/-/-/-"],
     "the 5 onto the 4 from my discard pile", 1, ["discard 5 to build 1"]),
    (["--build", "4,11,-,-", "--stock", "5", "--hand", "7,SB,5,6,12"], "the 5 onto the 4 from my hand", 0,
     ["hand 5 to build 1"]),
    (["--build", "4,11,-,-", "--stock", "5", "--hand", "7,SB,5,6,12"], "SB on pile 3", 2,
     ["hand SB to build 3", "hand SB to discard 3"]),
]


@pytest.mark.parametrize("position, said, status, moves", TALK, ids=[row[1] for row in TALK])
def test_table_talk_is_ruled_as_meant_or_refused(position, said, status, moves):
    code, document = check_json(*position, said)
    assert code == status, document
    if "error" in document:
        assert document["error"].get("moves", []) == []  # nothing ruled on words left unplaced
        assert [reading["move"] for reading in document["error"].get("readings", [])] == moves
        assert document["error"]["kind"] == ("ambiguous" if moves else "notation")
    else:
        assert [move["move"] for move in document["moves"]] == moves


def test_moves_json_has_the_fields_docs_check_md_gives():
    result = runner.invoke(app, ["moves", "--build", "6,-,2,-", "--stock", "7", "--hand", "3,12", "--json"])
    document = json.loads(result.stdout)
    assert set(document) == {"player", "moves"} and document["player"] == "you"
    assert all(set(move) == {"move", "compact", "reason"} for move in document["moves"])
    assert {"move": "stock to build 1", "compact": "s>b1",
            "reason": "The 7 on your stock goes on build pile 1, which showed a 6."} in document["moves"]


def test_a_mistyped_option_is_suggested_only_a_close_one():
    far = runner.invoke(app, ["check", "--bogus", "--json"])
    assert far.exit_code == 2 and "Possible options" not in far.stdout and "--bogus" in far.stdout
    close = runner.invoke(app, ["check", "--verbos", "--json"])
    assert close.exit_code == 2 and "--verbose" in close.stdout


def test_a_scenario_name_with_a_null_byte_is_no_such_file():
    result = runner.invoke(app, ["check", "\x00", "s>b1"])
    assert result.exit_code == 2 and "no such file" in result.stderr
