"""The table as ``tutor show``, ``tutor play`` and the lessons draw it: who is to move, and the legend."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from tutor.cli.board import board
from tutor.engine.notation import parse_move
from tutor.engine.play import apply_move
from tutor.i18n import use
from tutor.scenario.loader import scenario_from_data

LANGUAGES = [  # the mark of the player to move, and how the legend explains a wild card on a build pile
    ("en", "* to move", "SB=5: an SB on a build pile, standing for 5"),
    ("sv", "* i tur", "SB=5: ett Skip-Bo-kort på en byggstapel, som står för 5"),
    ("da", "* i tur", "SB=5: et Skip-Bo-kort på en byggebunke, som står for 5"),
]


def drawn(data: dict, language: str, *moves: str) -> str:
    """The table of the position ``data`` after ``moves``, as drawn in ``language``."""
    state = scenario_from_data(data, {}, "test").state
    for move in moves:
        state = apply_move(state, parse_move(move)).state
    use(language)
    try:
        out = Console(file=io.StringIO(), width=200, color_system=None)
        out.print(board(state))
        return out.file.getvalue()
    finally:
        use("en")


def position(build: list, stock_count: int = 10) -> dict:
    stock = {"top": 7, "count": stock_count} if stock_count else {"count": 0}
    return {"title": "A table", "build": build, "players": [
        {"name": "you", "stock": stock, "hand": [3, 5]},
        {"name": "Anna", "stock": {"top": 9, "count": 8}, "hand": 5}]}


@pytest.mark.parametrize("language, to_move, _wild", LANGUAGES)
def test_a_finished_round_marks_nobody_to_move(language, to_move, _wild):
    over = drawn(position([6, None, 2, None], stock_count=0), language)
    assert " *" not in over and to_move not in over
    going_on = drawn(position([6, None, 2, None]), language)
    assert " *" in going_on and to_move in going_on


@pytest.mark.parametrize("language, _to_move, wild", LANGUAGES)
def test_the_legend_says_what_an_sb_on_a_build_pile_stands_for(language, _to_move, wild):
    shown = drawn(position(["SB=5", None, 2, None]), language)
    assert "SB=5" in shown and wild in " ".join(shown.split())
    assert "SB=" not in drawn(position([5, None, 2, None]), language)


@pytest.mark.parametrize("language, yours, theirs", [
    ("en", "your turn is over", "Anna's turn is over"),
    ("sv", "din tur är slut", "turen är slut för Anna"),
    ("da", "din tur er slut", "turen er slut for Anna"),
])
def test_an_ended_turn_is_said_as_the_player_reads_it(language, yours, theirs):
    mine = position([6, None, 2, None])
    assert yours in drawn(mine, language, "hand 3 to discard 1")
    anna_first = {**mine, "players": list(reversed(mine["players"]))}
    anna_first["players"][0]["hand"] = [4]
    assert theirs in drawn(anna_first, language, "hand 4 to discard 1")
