"""The coach's ``completing_run``: a run on an own discard pile that would complete a build pile now, kept."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tutor.coach.evaluation import (
    DEFAULT_WEIGHTS, STRONG_BOT_WEIGHTS, STRONG_V3_WEIGHTS, completing_runs, completion_part, parts_total,
)
from tutor.coach.search import TurnSearch
from tutor.coach.verdicts import assess_move
from tutor.engine.cards import SKIP_BO
from tutor.engine.legal import legal_moves
from tutor.engine.moves import Draw
from tutor.engine.notation import format_move, parse_move
from tutor.engine.view import player_view

from analysis_positions import position

SB = SKIP_BO
# build pile 1 at 9, our discard pile 1 holds 12, 11, 10 (10 on top): cashing it completes the pile
CASH = position(hand=(6, 7, 8, 5, 5), stock=4, count=10, build=(9, None, None, None),
                discards=((12, 11, 10), (), (), ()), opponent=3)


def test_a_run_completes_from_the_pile_one_below_its_top_up_to_twelve():
    run = ((12, 11, 10), (), (), ())
    assert completing_runs((0, 0, 0, 9), run) == ((0, 3),)
    assert completing_runs((0, 0, 0, 10), run) == ()  # the 10 does not go on a 10
    assert completing_runs((0, 0, 0, 8), ((11, 10, 9),)) == ()  # it stops at 11: the pile is not completed
    assert completing_runs((0, 0, 0, 11), ((5, 12),)) == ((0, 1),)  # a single 12; the card beneath plays no part
    assert completing_runs((0, 0, 0, 10), ((12, 11, SB),)) == ()  # an SB on top is no card of a run
    assert completing_runs((0, 0, 0, 9), ((12, 11, 10), (12, 11, 10))) == ((0, 3),)  # one pile takes one run
    assert completing_runs((0, 0, 9, 9), ((12, 11, 10), (12, 11, 10))) == ((0, 3), (1, 3))


def _completes(pile: tuple[int, ...], value: int) -> bool:
    """Whether playing the cards of ``pile`` from the top, one by one, onto a build pile at ``value`` completes it."""
    for card in reversed(pile):
        if card != value + 1:
            return False
        value += 1
        if value == 12:
            return True
    return False


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(0, 11), min_size=4, max_size=4).map(lambda values: tuple(sorted(values))),
       st.lists(st.lists(st.integers(0, 12), max_size=6).map(tuple), min_size=4, max_size=4).map(tuple))
def test_a_completing_run_is_one_whose_cards_played_out_complete_a_pile(builds, piles):
    found = dict(completing_runs(builds, piles))
    open_values = list(builds)  # each build pile takes one run, the discard piles in turn
    for index, pile in enumerate(piles):
        value = next((value for value in open_values if _completes(pile, value)), None)
        assert (index in found) == (value is not None), (builds, piles)
        if value is not None:
            open_values.remove(value)
            assert found[index] == 12 - value


def test_each_kept_completing_run_costs_the_weight_and_a_kept_card_per_card():
    piles = ((12, 11, 10), (7,), (), ())
    expected = -(DEFAULT_WEIGHTS.completing_run + 3 * DEFAULT_WEIGHTS.hand_card)
    assert completion_part(DEFAULT_WEIGHTS, (0, 0, 0, 9), piles) == pytest.approx(expected)
    assert completion_part(DEFAULT_WEIGHTS, (0, 0, 0, 8), piles) == 0.0
    assert completion_part(STRONG_BOT_WEIGHTS, (0, 0, 0, 9), piles) == 0.0  # the coach's weight alone


def test_the_coach_cashes_the_run_and_the_bots_keep_it_as_before():
    view = player_view(CASH, 0)
    cashed = TurnSearch(view).best()
    assert [format_move(move) for move in cashed.moves[:3]] == [
        "discard 1 10 to build 1", "discard 1 11 to build 1", "discard 1 12 to build 1"]
    assert cashed.part("completion") == 0.0
    for weights in (STRONG_BOT_WEIGHTS, STRONG_V3_WEIGHTS):
        kept = TurnSearch(view, weights).best()
        assert [format_move(move) for move in kept.moves] == ["hand 8 to discard 2"]
        assert "completion" not in dict(kept.parts)


def test_every_turn_is_worth_the_sum_of_its_parts_with_the_completion_counted():
    view = player_view(CASH, 0)
    search = TurnSearch(view)
    kept = 0
    for turn in search.turns():
        assert turn.value == pytest.approx(parts_total(dict(turn.parts)))
        kept += turn.part("completion") < 0
    assert kept
    for move in legal_moves(view):
        if not isinstance(move, Draw):
            assert search.value_after(move) == pytest.approx(search.best_after(move).value), format_move(move)


def test_a_single_twelve_kept_over_an_eleven_is_weak_and_named():
    state = position(hand=(2, 3, 4, 5, 6), stock=9, count=10, build=(11, None, None, None),
                     discards=((12,), (), (), ()), opponent=3)
    verdict = assess_move(state, parse_move("hand 6 to discard 2"))
    assert verdict.quality == "weak"
    finding = verdict.findings[0]
    assert finding.kind == "completion-kept-card"
    assert "the 12 on your discard pile 1" in finding.sentence and "complete build pile 1" in finding.sentence
    assert [(named.pile, named.card, named.number) for named in finding.names] == [("discard", 12, 1), ("build", 11, 1)]
    assert assess_move(state, parse_move("discard 1 to build 1")).grade == "best"


def test_the_finding_says_the_best_turn_plays_the_run_out_only_where_it_does():
    # the hand's 10 on the 9 leaves the run waiting for another pile at 9, which the part does not charge: the
    # best turn does that rather than cash the run, so no sentence may say that it plays the run out
    state = position(hand=(10, 5, 6, 7, 8), stock=4, count=10, build=(9, None, None, None),
                     discards=((12, 11, 10), (), (), ()), opponent=3)
    best = TurnSearch(player_view(state, 0)).best()
    assert "discard 1 10 to build 1" not in [format_move(move) for move in best.moves]
    verdict = assess_move(state, parse_move("hand 8 to discard 2"))
    assert verdict.quality == "weak"
    assert not any(finding.kind.startswith("completion-kept") for finding in verdict.findings)
