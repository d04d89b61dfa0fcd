"""The answer key of worksheets and quizzes: every expectation in plain words, the best moves with their reason."""

from pathlib import Path

import pytest

from tutor.classroom.answers import answer_key
from tutor.classroom.expected import expected_in_words
from tutor.engine.rules import RULES
from tutor.scenario.files import check_file

ROOT = Path(__file__).resolve().parent.parent
GALLERY = sorted((ROOT / "scenarios").rglob("*.yaml"))
CODES = ("null", "[", "]", "{", "stock_count", "hand_size", "draw_pile", "turn_over", "round_over", "true", "false")


def key_of(path):
    checked = check_file(path)
    return answer_key(checked.scenario, checked.expectations)


@pytest.mark.parametrize("path", GALLERY, ids=lambda p: str(p.relative_to(ROOT / "scenarios")))
def test_no_code_words_in_the_rulings_of_the_key(path):
    for entry in key_of(path):
        for code in CODES:
            assert code not in entry.expected, (entry.moves, entry.expected)
        for rule in RULES:  # a rule is named by its title, never by its id alone
            assert rule not in entry.expected, (entry.moves, entry.expected)


def test_outcomes_are_said_in_words():
    by_moves = {entry.moves: entry.expected for entry in key_of(ROOT / "scenarios" / "rules" / "stock-first.yaml")}
    assert by_moves["stock to build 1; hand 3 to build 3"] == (
        "legal; then build pile 1 shows 7 and pile 3 shows 3 (piles 2 and 4 free) and your stock holds 11 cards")
    assert by_moves["hand 5 to build 3"] == "illegal: a build pile rises by exactly one"
    checked = check_file(ROOT / "scenarios" / "strategy" / "save-wilds-weak.yaml")
    weak, best = checked.expectations[:2]
    assert expected_in_words(weak) == "legal; weak: keep Skip-Bo cards for your stock"
    assert expected_in_words(best) == "among the best moves"
    stalemate = key_of(ROOT / "scenarios" / "scoring" / "stalemate-scores-nothing.yaml")[0].expected
    assert stalemate == "legal; then the round is over, nobody wins the round and the round scores 0 points"


def test_a_best_move_is_explained_by_what_it_achieves_not_restated():
    entries = {e.moves: e for e in key_of(ROOT / "scenarios" / "strategy" / "mind-opponents-good.yaml")}
    assert entries["hand 6 to build 1"].reason == "Frees the 7 on your stock."  # what the rest of the best turn shows
    weak = {e.moves: e for e in key_of(ROOT / "scenarios" / "strategy" / "save-wilds-weak.yaml")}
    assert weak["hand 10 to discard 1"].reason == "Starts discard pile 1 with the 10, burying nothing."
    # a move that is not among the best keeps the engine's own words
    assert "goes on build pile 1" in [e for e in key_of(ROOT / "scenarios" / "strategy" / "save-wilds-weak.yaml")
                                      if e.moves == "hand SB to build 1"][-1].reason


POSITION = """title: Written two ways
build: [5, null, null, null]
players:
  - name: you
    stock: {top: 7, count: 15}
    hand: [2, 3, 11, 12, 9]
    discards: [[6], [], [], []]
  - name: Anna
    stock: {top: 10, count: 10}
    hand: 5
expect:
"""


def _key_of_text(tmp_path, text, name="position.yaml"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return key_of(path)


def test_the_why_of_a_best_move_does_not_depend_on_how_the_move_is_written(tmp_path):
    short = _key_of_text(tmp_path, POSITION + "  - moves: discard 1 to build 1\n    best: true\n", "a.yaml")
    named = _key_of_text(tmp_path, POSITION + "  - moves: discard 1 6 to build 1\n    best: true\n", "b.yaml")
    compact = _key_of_text(tmp_path, POSITION + "  - moves: d1>b1\n    best: true\n", "c.yaml")
    assert short[0].reason == named[0].reason == compact[0].reason == "Frees the 7 on your stock."


def test_compact_moves_are_printed_in_the_long_notation_and_a_move_expected_and_avoided_is_one_row(tmp_path):
    rows = _key_of_text(tmp_path, POSITION + "  - moves: s>b1\n    legal: false\n    rule: build.sequence\n"
                                             "  - moves: h9>d2\n    quality: weak\navoid: [hand 9 to discard 2]\n")
    assert [row.moves for row in rows] == ["stock to build 1", "hand 9 to discard 2"]


def test_each_turn_of_several_says_whose_turn_it_is():
    rows = key_of(ROOT / "scenarios" / "endgame" / "stalemate.yaml")
    assert rows[1].moves == "you: hand 12 to discard 1 | Anna: hand 12 to discard 1"


@pytest.mark.parametrize("language, moves, event", [
    ("sv", "nian från din stockhög till byggstapel 2; fyran från din stockhög till byggstapel 1",
     "I din stockhög vänds en fyra upp."),
    ("da", None, None),
])
def test_a_swedish_or_danish_key_says_moves_and_events_in_its_own_words(language, moves, event):
    from tutor.i18n import speaking

    with speaking(language):
        rows = {row.moves: row for row in key_of(ROOT / "scenarios" / "rules" / "stock-top-only.yaml")}
    english = ("stock to build", "hand ", "discard ", "reaches 12", "turns up")
    for row in rows.values():
        assert not any(word in row.moves or word in row.expected for word in english), row
    if moves:
        assert event in rows[moves].expected
