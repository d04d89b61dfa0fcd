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
