"""The chances the coach states: exact where the draw has a closed form, else sampled and said within its interval."""

from __future__ import annotations

import json
from collections import Counter
from itertools import combinations
from math import comb

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from tutor.cli.app import app
from tutor.coach.chances import Chance, covered_chance, mean_over_deals, sampled
from tutor.coach.evaluation import Opponent
from tutor.coach.risk import STATED_SAMPLES, EndgameRisk
from tutor.coach.templates import chance_in_words
from tutor.coach.search import TurnSearch
from tutor.engine.cards import SKIP_BO
from tutor.engine.view import player_view, unseen_in

from analysis_positions import position

runner = CliRunner()


@settings(max_examples=200, deadline=None)
@given(pool=st.lists(st.integers(0, 12), max_size=9), missing=st.sets(st.integers(1, 12), max_size=4),
       wilds=st.integers(0, 2), drawn=st.integers(0, 5))
def test_covered_chance_counts_every_hand_that_can_be_drawn(pool, missing, wilds, drawn):
    hands = list(combinations(pool, min(drawn, len(pool))))
    covered = sum(len(missing - set(hand)) <= wilds + hand.count(SKIP_BO) for hand in hands)
    bits = sum(1 << value for value in missing)
    assert covered_chance(bits, wilds, Counter(pool), drawn) == pytest.approx(covered / len(hands))


def _hint(*args: str) -> dict:
    result = runner.invoke(app, ["hint", *args, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_emptying_the_hand_under_a_last_stock_7_wins_in_about_2_of_3_deals():
    """Builds at 4 and 5, a last stock 7: the five new cards win when one is a 6 or an SB (hypergeometric)."""
    view = player_view(position(hand=(1, 2, 3), stock=7, count=1, build=(4, 5, None, None), opponent=10), 0)
    search = TurnSearch(view)
    best = search.best()
    unseen = unseen_in(view)
    total, helpers = sum(unseen.values()), unseen[6] + unseen[SKIP_BO]
    assert best.ending == "refill"
    assert search.win_chance(best) == Chance(pytest.approx(1 - comb(total - helpers, 5) / comb(total, 5)))
    args = ["--build", "4,5,-,-", "--stock", "7", "--stock-count", "1", "--hand", "1,2,3", "--opponent", "Anna:10"]
    hint = _hint(*args)["best"]
    assert hint["win_chance"] == 0.66 and hint["win_chance_method"] == "exact"
    assert "wins the round in about 2 of 3 deals" in runner.invoke(app, ["hint", *args]).stdout


def test_a_refill_whose_discard_runs_may_help_is_said_as_its_sampled_deals():
    """A card under a discard top could help the last stock card out: no closed form, the deals are said."""
    view = player_view(position(hand=(1, 2, 3), stock=7, count=1, build=(4, 5, None, None), opponent=10,
                                discards=((6, 12), (), (), ())), 0)
    search = TurnSearch(view)
    chance = search.win_chance(search.best())
    assert chance.method == "sampled" and chance.deals == search.weights.deals
    assert chance.won == sum(deal.ending == "win" for deal in search.best().deals)


def test_a_sampled_chance_is_said_as_a_fraction_only_when_its_interval_lies_within_that_rounding():
    assert chance_in_words(sampled(5, 8)) == "5 of 8 sampled deals"  # interval about 0.31-0.86
    assert chance_in_words(sampled(8, 8)) == "8 of 8 sampled deals"  # not "every deal"
    assert chance_in_words(sampled(2667, 4000)) == "about 2 of 3 deals"
    assert chance_in_words(sampled(2000, 4000)) == "about 1 of 2 deals"
    assert chance_in_words(sampled(3800, 4000)) == "3800 of 4000 sampled deals"  # 0.95: on the edge of 9/10
    assert chance_in_words(mean_over_deals([0.5, 0.75, 0.5, 0.75])) == "62% of deals, on average over 4 sampled refills"
    assert chance_in_words(Chance(0.66)) == "about 2 of 3 deals"  # exact: the nearest fraction


@settings(max_examples=100, deadline=None)
@given(won=st.integers(0, 400), deals=st.integers(1, 400))
def test_a_fraction_said_of_a_sampled_chance_holds_over_its_whole_interval(won, deals):
    chance = sampled(min(won, deals), deals)
    words = chance_in_words(chance)
    low, high = chance.interval()
    assert low <= chance.value <= high
    if words.startswith("about "):
        shown, out_of = (int(part) for part in words.split()[1::2][:2])
        assert (shown - 0.5) / out_of <= low and high <= (shown + 0.5) / out_of


def test_an_opponents_chance_is_exact_on_a_last_card_and_said_over_many_deals_otherwise():
    unseen = Counter({card: 8 for card in range(1, 13)} | {SKIP_BO: 12})
    last = EndgameRisk((Opponent(top=9, count=1, tops=(), share=1.0),), unseen, seed=3)
    assert last.stated(0, (7, 0, 0, 0)) == Chance(last.chance(0, (7, 0, 0, 0)))
    assert last.chance(0, (7, 0, 0, 0)) == pytest.approx(1 - comb(108 - 8 - 12, 5) / comb(108, 5))  # an 8 or an SB
    two = EndgameRisk((Opponent(top=9, count=2, tops=(), share=1.0),), unseen, seed=3)
    said = two.stated(0, (0, 0, 7, 8))
    assert said.method == "sampled" and said.deals == STATED_SAMPLES and said.won == round(said.value * said.deals)
    assert two.stated(0, (0, 0, 7, 8)) is said  # the same deals for every turn compared
