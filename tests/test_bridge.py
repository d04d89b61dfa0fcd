"""The strong bot's ``bridge``: cards kept between a build pile and the own stock top."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tutor.coach.bots import StrongV3Bot
from tutor.coach.evaluation import (
    DEFAULT_WEIGHTS, STRONG_BOT_WEIGHTS, UNKNOWN, Scorer, bridge_mask, discard_endings, hand_parts, parts_total,
)
from tutor.coach.search import TurnSearch
from tutor.engine.cards import SKIP_BO
from tutor.engine.notation import format_move
from tutor.engine.view import player_view

from analysis_positions import position

BRIDGE = STRONG_BOT_WEIGHTS.bridge


def bits(*cards: int) -> int:
    return sum(1 << card for card in cards)


def test_the_bridge_runs_from_the_highest_pile_below_the_stock_top():
    assert bridge_mask((0, 0, 3, 5), 9, horizon=4) == bits(6, 7, 8)
    assert bridge_mask((0, 5, 8, 10), 9, horizon=4) == 0  # the 8 takes the 9 at once
    assert bridge_mask((0, 0, 0, 0), 6, horizon=4) == 0  # five cards short: past the horizon
    assert bridge_mask((0, 0, 0, 0), 5, horizon=4) == bits(1, 2, 3, 4)
    assert bridge_mask((9, 10, 10, 11), 4, horizon=4) == 0  # no pile below
    assert bridge_mask((0, 0, 0, 5), SKIP_BO, horizon=4) == bridge_mask((0, 0, 0, 5), UNKNOWN, horizon=4) == 0


def test_each_bridging_card_counts_once_in_hand_or_on_a_top():
    weights = DEFAULT_WEIGHTS._replace(bridge=1.5)
    mask = bridge_mask((0, 0, 0, 5), 9, horizon=4)  # 6, 7, 8
    hand, piles = (6, 6, 8, 12), ((11, 7), (12,), (), ())
    assert hand_parts(weights, hand, piles, mask)["bridge"] == 3 * 1.5
    assert hand_parts(weights, hand, ((7, 11), (12,), (), ()), mask)["bridge"] == 2 * 1.5  # the 7 lies buried
    without = hand_parts(weights._replace(bridge=0.0), hand, piles, mask)
    assert "bridge" not in without and "bridge" not in hand_parts(DEFAULT_WEIGHTS, hand, piles, mask)


def test_covering_a_bridging_top_costs_the_bridge():
    weights = DEFAULT_WEIGHTS._replace(bridge=1.5)
    mask = bridge_mask((0, 0, 0, 5), 9, horizon=4)  # 6, 7, 8
    hand, piles = (2, 12), ((7,), (11,), (12, 11, 10), (9,))
    endings = [("x", 12, 0), ("x", 12, 1)]
    on_seven, on_eleven = Scorer(weights).endings(hand, piles, endings, mask)
    plain_seven, plain_eleven = Scorer(weights._replace(bridge=0.0)).endings(hand, piles, endings, mask)
    assert on_seven == pytest.approx(plain_seven)  # the 7 is covered: no bridging card is left at hand
    assert on_eleven - plain_eleven == pytest.approx(1.5)  # the 7 stays on top


cards = st.integers(UNKNOWN, 12)
piles = st.tuples(*[st.lists(st.integers(1, 12), max_size=3).map(tuple)] * 4)


@settings(max_examples=200, deadline=None)
@given(hand=st.lists(cards, max_size=5).map(lambda hand: tuple(sorted(hand))), piles=piles,
       builds=st.lists(st.integers(0, 11), min_size=4, max_size=4).map(lambda b: tuple(sorted(b))),
       top=st.integers(UNKNOWN, 12))
def test_the_fast_scorer_values_the_bridge_as_the_named_parts(hand, piles, builds, top):
    weights = STRONG_BOT_WEIGHTS
    scorer = Scorer(weights)
    mask = scorer.bridging(builds, top)
    assert mask == bridge_mask(builds, top, weights.horizon)
    endings = discard_endings(hand, piles)
    values = scorer.endings(hand, piles, endings, mask)
    for ending, value in zip(endings, values):
        kept, after = hand, piles
        if ending[0] == "x":
            _, card, pile = ending
            at = hand.index(card)
            kept = hand[:at] + hand[at + 1:]
            after = tuple(p + (card,) if i == pile else p for i, p in enumerate(piles))
        elif ending[0] == "?":
            kept = hand[1:]
        assert value == pytest.approx(parts_total(hand_parts(weights, kept, after, mask)))
    best = scorer.best_ending(hand, piles, mask)
    assert best[0] == pytest.approx(max(values))
    at_hand = scorer.best_ending(hand, piles)[2]  # the search asks again only with the bridging cards at hand
    assert scorer.best_ending(hand, piles, mask & at_hand)[:2] == best[:2]


def test_the_bot_keeps_the_cards_that_lead_to_its_stock_card():
    # the 6 and 7 lead pile 1 (at 5) towards our 9; without the 8 they would only raise it, so the bot keeps them
    state = position(hand=(6, 7, 12, 12, 11), stock=9, build=(5, None, None, None), discards=((10,), (), (), ()),
                     opponent=3, opponent_discards=((8,),))
    view = player_view(state, 0)
    kept = TurnSearch(view, STRONG_BOT_WEIGHTS).best()
    assert [format_move(move) for move in kept.moves] == ["hand 12 to discard 2"]
    assert kept.part("bridge") == pytest.approx(2 * BRIDGE)
    assert [format_move(move) for move in StrongV3Bot().plan(view, random.Random(0))] == ["hand 12 to discard 2"]
    played = TurnSearch(view, STRONG_BOT_WEIGHTS._replace(bridge=0.0)).best()
    assert [format_move(move) for move in played.moves] == ["hand 6 to build 1", "hand 7 to build 1",
                                                            "hand 12 to discard 2"]
