"""A long ``tutor check``: every move ruled on, the grades searched up to a budget counted in positions."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tutor.cli.app import app
from tutor.cli.quality import CHECK_POSITIONS
from tutor.coach.verdicts import Judge, assess_move
from tutor.engine.notation import parse_move
from tutor.engine.play import apply_move
from tutor.engine.view import player_view
from tutor.i18n import use
from tutor.scenario import load_scenario

runner = CliRunner()
TEAM_TURN = Path(__file__).parent / "fixtures" / "long-team-turn.yaml"
MOVES = ["hand 4 to build 2", "hand 9 to build 4", "hand SB to build 1", "hand SB to build 1", "hand SB to build 1",
         "hand 5 to build 1", "hand 5 to build 2", "hand 6 to build 1"]


def positions_and_moves(count: int):
    state = load_scenario(str(TEAM_TURN)).state
    for text in MOVES[:count]:
        move = parse_move(text)
        yield state, move
        state = apply_move(state, move).state


@pytest.fixture(scope="module")
def ruled() -> list[dict]:
    use("en")
    result = runner.invoke(app, ["check", str(TEAM_TURN), *MOVES, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)["moves"]


def test_every_move_of_a_long_team_turn_is_ruled_on_and_those_past_the_budget_are_not_graded(ruled):
    assert [entry["move"] for entry in ruled] == MOVES
    assert all(entry["legal"] is True and entry["reason"] for entry in ruled)
    graded = [entry.get("graded", True) for entry in ruled]
    assert graded[0] and not graded[-1]
    assert graded == sorted(graded, reverse=True)  # once the budget is spent, no later move is graded
    for entry in ruled:
        assert ("quality" in entry) is entry.get("graded", True)
        assert entry.get("graded") in (None, False)  # the field is added only where a move is not graded


def test_a_graded_move_gets_the_verdict_it_gets_when_judged_alone(ruled):
    graded = [entry for entry in ruled if entry.get("graded", True)]
    for entry, (state, move) in zip(graded, positions_and_moves(len(graded))):
        alone = assess_move(state, move).to_json()
        assert {key: entry.get(key) for key in alone} == alone


def test_a_judge_grades_until_its_searches_have_valued_the_budget_of_positions():
    judge = Judge(budget=1)
    (first, move), (second, then) = positions_and_moves(2)
    assert judge(first, move) == assess_move(first, move)  # the first search always runs
    assert judge.searched > 1
    assert judge(first, move) is not None  # a position searched already is graded again at no cost
    assert judge(second, then) is None
    unbounded = Judge()
    assert unbounded(first, move) is not None and unbounded(second, then) is not None
    assert unbounded.searched >= judge.searched


@pytest.mark.parametrize("lang, tag, note", [
    ("en", "(not graded)", "not graded: grading them would take the check past the 50,000 positions"),
    ("sv", "(inte bedömt)", "bedöms inte: att bedöma dem skulle föra kontrollen förbi de 50 000 ställningar"),
    ("da", "(ikke bedømt)", "bedømmes ikke: at bedømme dem ville føre kontrollen ud over de 50.000 stillinger"),
])
def test_a_person_is_told_once_why_the_later_moves_are_not_graded(lang, tag, note):
    assert CHECK_POSITIONS == 50_000
    result = runner.invoke(app, ["--lang", lang, "check", str(TEAM_TURN), *MOVES], env={"COLUMNS": "400"})
    use("en")
    assert result.exit_code == 0, result.output
    assert result.stdout.count(tag) >= 1 and result.stdout.count(note) == 1
    first_tag = result.stdout.index(tag)
    assert result.stdout.index(note) > first_tag  # under the first move that is not graded


def test_the_search_after_a_move_the_turn_s_search_cannot_follow_counts_against_the_budget(monkeypatch):
    from tutor.coach.search import TurnSearch

    state, move = next(positions_and_moves(1))
    first = Judge()
    first.search(player_view(state, state.turn))
    searched_first = first.searched
    monkeypatch.setattr(TurnSearch, "after", lambda search, move: (None, None))  # as for a card not in sight
    unbounded = Judge()
    assert unbounded(state, move) is not None
    assert unbounded.searched > searched_first  # the search of the position after the move is counted
    assert Judge(budget=searched_first)(state, move) is None  # and past the budget, the move is not graded
