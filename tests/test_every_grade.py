"""Every graded move of the gallery and of the expert positions: a "Better:" that can be played now (or is said
as a line that starts with a move that can), and a weak grade with a finding that names what it costs."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from tutor.coach.principles import phrase_of
from tutor.coach.verdicts import Judge
from tutor.engine.cards import SKIP_BO as SB
from tutor.engine.legal import legal_moves
from tutor.engine.moves import Draw
from tutor.engine.notation import format_move, parse_move
from tutor.engine.rules import check_move
from tutor.engine.state import Phase
from tutor.coach.search import TurnSearch
from tutor.engine.view import player_view
from tutor.scenario import load_scenario

from analysis_positions import position
from test_expert_set import EXPERT, expert_position

GALLERY = Path(__file__).parent.parent / "scenarios"


def _positions() -> list:
    found = []
    for path in sorted(GALLERY.rglob("*.yaml")):
        state = load_scenario(path).state
        if state.phase is Phase.PLAY:
            found.append(pytest.param(state, id=f"gallery/{path.relative_to(GALLERY).with_suffix('')}"))
    for path in sorted(EXPERT.glob("*.yaml")):
        for entry in yaml.safe_load(path.read_text()):
            found.append(pytest.param(expert_position(entry), id=f"expert/{path.stem}/{entry['id']}"))
    return found


POSITIONS = _positions()


def _graded(state) -> list:
    """Every move of ``state`` not graded best, with its verdict."""
    judge = Judge()
    moves = [move for move in legal_moves(state) if not isinstance(move, Draw)]
    return [(move, verdict) for move in moves if (verdict := judge(state, move)).grade != "best"]


@pytest.mark.parametrize("state", POSITIONS)
def test_every_better_move_can_be_played_now_or_is_said_as_a_line(state):
    for move, verdict in _graded(state):
        key = parse_move(verdict.key_move)
        first = parse_move(verdict.better.split(", ")[0])
        if "a line of" in verdict.explanation:
            assert f"starts: {phrase_of(state, first)};" in verdict.explanation, (format_move(move), verdict)
            assert check_move(state, first).legal
        else:
            assert check_move(state, key).legal, (format_move(move), verdict.explanation)
            assert phrase_of(state, key) in verdict.explanation, (format_move(move), verdict.explanation)


def test_an_sb_that_waits_for_a_freed_slot_is_said_as_the_end_of_a_line():
    # pile 1 shows an 11: the better turn completes it with the 12, then plays the SB as a 1 under the stock 2
    state = position(hand=(12, SB, 4, 4, 3), stock=2, count=5, build=(11, 5, 8, 9), opponent=10)
    verdict = Judge()(state, parse_move("hand 3 to discard 1"))
    assert verdict.better.startswith("hand 12 to build 1, hand SB to build 1")
    assert ("Better: a line of 2 moves that starts: play the 12 from your hand on build pile 1; in it you play the "
            "SB from your hand on build pile 1 as a 1, which frees the 2 on your stock.") in verdict.explanation


@pytest.mark.parametrize("state", POSITIONS)
def test_every_grade_below_best_says_its_reason(state):
    """The weightiest finding opens the explanation, good grades too; the plain "worth less" only where a line
    goes on past a refill, so that where the turn ends (and what it leaves an opponent) is not known."""
    for move, verdict in _graded(state):
        if verdict.explanation.startswith("Fine, though slightly better:") and "first:" in verdict.explanation:
            continue  # as good as the best, but a stock card could turn up its next card first: that is the reason
        assert verdict.findings, (format_move(move), verdict.explanation)
        assert verdict.explanation.startswith(verdict.findings[0].sentence), (format_move(move), verdict.explanation)
        if verdict.findings[0].kind == "worth-less":
            search = TurnSearch(player_view(state, state.turn))
            assert "refill" in (search.best().ending, search.best_after(move).ending), verdict.explanation


def test_discarding_a_high_card_instead_of_a_higher_one_says_which_is_kept():
    state = position(hand=(10, 12, 11, 9, 8), stock=2, count=12, build=(3, 3, 3, 3), opponent=1)
    verdict = Judge()(state, parse_move("hand 10 to discard 1"))
    assert verdict.grade != "best" and verdict.findings[0].kind == "hand-higher"
    assert verdict.explanation.startswith("Discarding the 10 on the empty discard pile 1 keeps the 12 in hand, which "
                                          "the best turn discards instead")


def test_covering_a_card_that_leads_to_the_stock_is_said():
    # the 8 on discard pile 1 leads from pile 1 at 6 (with a 7) up to the stock 9: the 4 on it shuts it in
    state = position(hand=(12, 12, 4, 3, 1), stock=9, count=12, build=(6, 10, 9, 5), opponent=1, opponent_count=12,
                     discards=((8,), (), (), ()))
    judge = Judge()
    covering = judge(state, parse_move("hand 4 to discard 1"))
    assert covering.grade == "good" and covering.findings[0].kind == "discard-covers-bridge"
    assert covering.explanation.startswith("Discarding the 4 on the 8 on discard pile 1 covers the 8, one of the "
                                           "cards that lead from build pile 1 up to the 9 on your stock")
    beside = judge(state, parse_move("hand 4 to discard 2"))
    assert "discard-covers-bridge" not in [finding.kind for finding in beside.findings]
