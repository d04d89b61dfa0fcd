"""The endgame risk and the sampled chances: honest, deterministic, and weighed by the verdicts."""

from __future__ import annotations

from collections import Counter
from itertools import combinations
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tutor.coach.bots import BOTS, StrongBot, StrongV1Bot, StrongV2Bot, StrongV3Bot
from tutor.coach.evaluation import (
    DEFAULT_WEIGHTS, STRONG_BOT_WEIGHTS, STRONG_V1_WEIGHTS, STRONG_V2_WEIGHTS, STRONG_V3_WEIGHTS, Opponent, hand_parts, side_count,
    table_parts, wilds_value,
)
from tutor.coach.risk import EndgameRisk, RefillChance, plays_out, sample_deals, seed_of
from tutor.coach.search import TurnSearch
from tutor.coach.verdicts import BLUNDER_FROM, assess_move
from tutor.engine.cards import SKIP_BO
from tutor.engine.legal import legal_moves
from tutor.engine.moves import Draw
from tutor.engine.notation import parse_move
from tutor.engine.state import Phase
from tutor.engine.view import player_view

from analysis_positions import midgame, position
from position_helpers import seat, table

SB = SKIP_BO


def _endgame(anna_count=1, anna_top=12, hand=(11, SB, 3, 7, 9), build=(10, 2, None, None)):
    """You to move against Anna, who has ``anna_count`` stock cards with ``anna_top`` on top."""
    state = position(hand=hand, stock=5, build=build, opponent=anna_top)
    anna = state.players[1]
    return replace(state, players=(state.players[0], replace(anna, stock=anna.stock[-anna_count:])))


# -- playing out a stock -----------------------------------------------------------------


def test_a_stock_card_plays_out_when_the_helpers_bridge_the_gap():
    assert plays_out((12,), (10, 0, 0, 0), (11,))
    assert plays_out((12,), (10, 0, 0, 0), (SB,))
    assert not plays_out((12,), (10, 0, 0, 0), (9, 8, 7))
    assert not plays_out((12,), (12, 12, 12, 12), (11, SB))


def test_helpers_are_used_up_card_by_card():
    assert plays_out((5, 7), (3, 0, 0, 0), (4, 6))
    assert not plays_out((5, 7), (3, 0, 0, 0), (4,))
    assert not plays_out((9, 11), (7, 0, 0, 0), (SB,))  # the one SB bridges the 8, nothing is left for the 10 ...
    assert plays_out((9, 11), (7, 0, 0, 0), (SB, 8))  # ... unless the 8 is natural: the SB then serves as 10


def test_a_completed_pile_frees_its_slot():
    assert plays_out((12, 1), (11, 3, 5, 7), ())
    assert not plays_out((11, 1), (10, 3, 5, 7), ())


def test_deals_come_from_the_pool_and_repeat_with_the_seed():
    pool = Counter({3: 2, SB: 1, 12: 4})
    deals = sample_deals(pool, 5, seed=7)
    assert deals == sample_deals(pool, 5, seed=7)
    for deal in deals:
        assert not Counter(deal) - pool
    assert sample_deals(Counter(), 5, seed=7) == ()


def test_the_chance_is_looked_up_by_the_pile_under_a_last_card():
    anna = Opponent(top=12, count=1, tops=(), share=1.0)
    risk = EndgameRisk((anna,), Counter({11: 12, SB: 18, 5: 100}), seed=1)
    assert risk.chance(0, (0, 0, 0, 11)) == 1.0
    assert risk.chance(0, (0, 0, 0, 0)) == 0.0
    assert 0.2 < risk.chance(0, (0, 2, 5, 10)) < 0.95
    assert risk.chance(0, (0, 2, 5, 10)) == risk.chance(0, (3, 4, 5, 10))  # only the pile at 10 matters
    far = EndgameRisk((anna._replace(count=8),), Counter({11: 12}), seed=1)
    assert not far.active


def test_a_refilled_hand_frees_the_stock_more_often_when_the_gap_is_small():
    refill = RefillChance(Counter({card: 10 for card in range(1, 13)} | {SB: 18}), seed=3)
    assert refill(9, (8, 0, 0, 0), ()) == 1.0
    assert refill(9, (7, 0, 0, 0), ()) > refill(9, (4, 0, 0, 0), ())


# -- the evaluation ----------------------------------------------------------------------------


def test_each_further_wild_is_worth_less():
    assert wilds_value(DEFAULT_WEIGHTS, 2) < 2 * wilds_value(DEFAULT_WEIGHTS, 1)
    assert wilds_value(STRONG_V1_WEIGHTS, 2) == 2 * wilds_value(STRONG_V1_WEIGHTS, 1)  # the old, linear price


def test_equal_cards_stacked_cost_and_discard_cards_count():
    stacked = hand_parts(DEFAULT_WEIGHTS, (), ((6, 6),))["discards"]
    run = hand_parts(DEFAULT_WEIGHTS, (), ((7, 6),))["discards"]
    assert stacked < run
    assert hand_parts(STRONG_V1_WEIGHTS, (), ((6, 6),))["discards"] == 0.0


def test_the_opponents_stock_count_changes_the_verdict():
    """A move that leaves Anna's last card playable is a blunder; with 18 cards left it is a small matter."""
    move = parse_move("hand 9 to discard 1")
    close = assess_move(_endgame(1, 12, (11, SB, 3, 7, 9), (10, 2, None, None)), move)
    far = assess_move(_endgame(18, 12, (11, SB, 3, 7, 9), (10, 2, None, None)), move)
    assert close.grade == "blunder" and close.loss > 2 * BLUNDER_FROM
    assert far.loss < close.loss / 5


def test_the_risk_is_given_as_data():
    state = _endgame(1, 12, (11, SB, 3, 7, 9), (10, 2, None, None))
    risky = assess_move(state, parse_move("hand 9 to discard 1"))
    found = risky.opponent_wins_next
    assert found["player"] == "Anna" and found["card"] == 12 and found["pile"] == 1
    assert 0.3 < found["chance"] < 1.0 and found["best_turn_chance"] == 0.0
    assert risky.to_json()["opponent_wins_next"] == found
    handing = assess_move(state, parse_move("hand SB to build 1"))  # SB as 11: her 12 goes on it
    assert handing.opponent_wins_next["chance"] == 1.0
    assert assess_move(state, parse_move("hand 11 to build 1")).opponent_wins_next is None  # the best line clears it


def test_no_risk_is_reported_when_the_opponent_is_far():
    state = _endgame(18, 12, (11, SB, 3, 7, 9), (10, 2, None, None))
    assert assess_move(state, parse_move("hand 9 to discard 1")).opponent_wins_next is None


def test_hidden_cards_do_not_change_the_endgame_verdict():
    """Whether Anna really holds an 11 is hidden: the chance and the verdicts are those of the view."""
    base = _endgame()
    holding, lacking = _with_anna_holding(base, (11, SB, 1, 2, 3)), _with_anna_holding(base, (1, 2, 3, 4, 5))
    assert player_view(holding, 0) == player_view(lacking, 0)
    for text in ("hand 9 to discard 1", "hand 11 to build 1", "hand SB to build 1", "hand 3 to build 2"):
        move = parse_move(text)
        assert assess_move(holding, move) == assess_move(lacking, move) == assess_move(base, move)


def _with_anna_holding(state, hand: tuple):
    """``state`` with Anna holding ``hand``: nothing the mover sees changes."""
    anna = state.players[1]
    return replace(state, players=(state.players[0], replace(anna, hand=hand)))


def test_the_sampling_seed_comes_from_the_view():
    state = _endgame()
    view = player_view(state, 0)
    one, two = TurnSearch(view), TurnSearch(view)
    assert one.value == two.value
    assert seed_of((1, 2), "a") == seed_of((1, 2), "a") != seed_of((1, 3), "a")


# -- the baseline ---------------------------------------------------------------------------------


def test_the_previous_strong_bot_is_kept_as_a_baseline():
    assert BOTS["strong-v1"] is StrongV1Bot
    assert StrongV1Bot().weights == STRONG_V1_WEIGHTS != DEFAULT_WEIGHTS
    state = _endgame(1, 12, (11, SB, 3, 7, 9), (10, 2, None, None))
    view = player_view(state, 0)
    assert TurnSearch(view, STRONG_V1_WEIGHTS).risk is None  # the baseline does not weigh the endgame
    assert TurnSearch(view).risk is not None


def test_simulate_pits_the_strong_bot_against_its_baseline():
    import json

    from typer.testing import CliRunner

    from tutor.cli.app import build_app

    result = CliRunner().invoke(build_app(), ["simulate", "--games", "2", "--stock", "4", "--bots", "strong,strong-v1",
                                              "--seed", "3", "--json"])
    assert result.exit_code == 0, result.output
    document = json.loads(result.stdout)
    assert set(document["wins"]) == {"strong", "strong-v1"}
    assert sum(document["wins"].values()) + document["stalemates"] == 2


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 3000), turns=st.integers(4, 30), left=st.integers(1, 3))
def test_dealt_endgames_depend_only_on_what_the_mover_sees(seed, turns, left):
    """The opponent cut to their last ``left`` stock cards; their hand swapped with the draw pile's next cards."""
    state = midgame(seed, turns)
    rival = 1 - state.turn
    if state.phase is not Phase.PLAY or len(state.draw_pile) < 5 or len(state.players[rival].stock) < left:
        return
    opponent = state.players[rival]
    short = replace(opponent, stock=opponent.stock[-left:])
    hand, pile = opponent.hand, state.draw_pile
    swapped = replace(short, hand=pile[:len(hand)])
    base = replace(state, players=tuple(short if seat == rival else p for seat, p in enumerate(state.players)))
    twin = replace(state, players=tuple(swapped if seat == rival else p for seat, p in enumerate(state.players)),
                   draw_pile=hand + pile[len(hand):])
    assert player_view(base, state.turn) == player_view(twin, state.turn)
    moves = [move for move in legal_moves(base) if not isinstance(move, Draw)][:4]
    for move in moves:
        assert assess_move(base, move) == assess_move(twin, move)


def test_the_threat_is_shared_among_the_rival_sides():
    """Feeding Anna's 8 costs half as much when Bo races too; Bo as her partner makes one rival side again."""
    players = (seat(stock=12, hand=(3, 4, 10, 11, 2)), seat("Anna", stock=8, hand=5), seat("Bo", stock=1, hand=5))
    alone = TurnSearch(table(*players[:2], build=[7, 1, 1, 1]))
    three = TurnSearch(table(*players, build=[7, 1, 1, 1]))
    team = TurnSearch(table(*players, seat("Cleo", stock=1, hand=5), build=[7, 1, 1, 1],
                            rules={"teams": [["you", "Cleo"], ["Anna", "Bo"]]}))
    assert [o.rivals for o in alone.opponents] == [1] and [o.rivals for o in three.opponents] == [2, 2]
    assert [o.rivals for o in team.opponents] == [1, 1]
    assert three.best().part("opponents") == alone.best().part("opponents") / 2  # Bo's 1 has no pile at 0


def test_strong_v3_keeps_the_strong_bot_as_frozen():
    assert BOTS["strong-v3"] is StrongV3Bot and StrongV3Bot().weights == STRONG_V3_WEIGHTS
    # the strong bot's weights when frozen: the coach's with refill deals in the last three stock cards and the
    # bridge, and without the coach's own cost of a completing run kept
    assert STRONG_V3_WEIGHTS == DEFAULT_WEIGHTS._replace(deals_within=3, bridge=1.2, completing_run=0.0)


def test_strong_v2_keeps_the_earlier_model_exactly():
    assert BOTS["strong-v2"] is StrongV2Bot and StrongV2Bot().weights == STRONG_V2_WEIGHTS
    earlier = {"deals": 0, "round_win": 0.0, "drawn_card": 0.0, "sides": 0.0, "free_slot": 0.0,
               "reveal_first": 0.0, "discard_runs": 0.0,
               "covered_run": 0.0}
    for weights in (STRONG_V2_WEIGHTS, STRONG_V1_WEIGHTS):
        assert {name: getattr(weights, name) for name in earlier} == earlier
    changed = {name for name in DEFAULT_WEIGHTS._fields
               if getattr(DEFAULT_WEIGHTS, name) != getattr(STRONG_V2_WEIGHTS, name)}
    assert changed == set(earlier) | {"completing_run"}  # every other weight as strong's (that one is the coach's)
    assert STRONG_V2_WEIGHTS.completing_run == STRONG_BOT_WEIGHTS.completing_run == 0.0
    view = player_view(position(hand=(5,), stock=6, build=(4, None, None, None)), 0)  # the 5 empties the hand
    assert TurnSearch(view, STRONG_V2_WEIGHTS).best().deals == () and TurnSearch(view).best().deals


# -- sides and free slots -------------------------------------------------------------------------


def test_a_last_card_under_four_piles_gets_out_when_a_pile_can_be_completed_first():
    # Anna's last card is a 1 and all four piles stand: she completes the 11 with a 12 (or an SB) to free a slot
    assert plays_out((1,), (4, 8, 6, 11), (12,), free_slot=True)
    assert plays_out((1,), (4, 8, 6, 11), (SB,), free_slot=True)
    assert not plays_out((1,), (4, 8, 6, 11), (12,))  # the earlier model: no slot, no play
    assert not plays_out((1,), (4, 8, 6, 10), (12,), free_slot=True)  # the 11 is missing
    assert plays_out((2,), (4, 8, 6, 11), (12, 1), free_slot=True)  # complete, then 1 and 2 on the freed slot


def test_the_risk_of_a_last_one_under_four_piles_grows_as_a_pile_nears_twelve():
    anna = Opponent(top=1, count=1, tops=(), share=1.0)
    unseen = Counter({card: 12 for card in range(1, 13)} | {SB: 18})
    risk = EndgameRisk((anna,), unseen, seed=1, free_slot=True)
    assert risk.chance(0, (4, 6, 7, 11)) > 0.5 > risk.chance(0, (4, 6, 7, 8)) >= 0.0
    assert EndgameRisk((anna,), unseen, seed=1).chance(0, (4, 6, 7, 11)) == 0.0


def test_a_threat_closes_in_by_the_sides_stock_cards():
    cleo = Opponent(top=9, count=1, tops=(), share=1.0, partners_left=16)
    assert side_count(DEFAULT_WEIGHTS, cleo) == 17 and side_count(STRONG_V2_WEIGHTS, cleo) == 1
    alone = table_parts(DEFAULT_WEIGHTS, (8, 0, 0, 0), ((5, 10),), (cleo,), {})["opponents"]
    earlier = table_parts(STRONG_V2_WEIGHTS, (8, 0, 0, 0), ((5, 10),), (cleo,), {})["opponents"]
    assert earlier < alone < 0  # one card of seventeen threatens less than a last card


def test_the_strong_bot_deals_refills_only_in_its_last_stock_cards():
    assert StrongBot().weights == STRONG_BOT_WEIGHTS == DEFAULT_WEIGHTS._replace(deals_within=3, bridge=1.2,
                                                                                  completing_run=0.0)
    far = player_view(position(hand=(5,), stock=6, build=(4, None, None, None)), 0)  # twelve stock cards
    near = player_view(position(hand=(5,), stock=6, count=2, build=(4, None, None, None)), 0)
    assert not TurnSearch(far, STRONG_BOT_WEIGHTS).best().deals and TurnSearch(far).best().deals
    assert TurnSearch(near, STRONG_BOT_WEIGHTS).best().deals


@settings(max_examples=150, deadline=None)
@given(count=st.integers(1, 3), top=st.integers(0, 12), tops=st.lists(st.integers(0, 12), max_size=4),
       build=st.lists(st.integers(0, 11), min_size=4, max_size=4), free_slot=st.booleans(), seed=st.integers(0, 99),
       few=st.lists(st.integers(0, 12), min_size=1, max_size=7))
def test_a_chance_is_the_share_of_its_deals_that_play_the_stock_out(count, top, tops, build, free_slot, seed, few):
    """Deals whose top card no pile takes, or whose next card no pile then in play takes, are ruled out before
    the rest of their stock is tried: the chance is still exactly the share of the sampled deals that play out
    (also when so few cards are unseen that a deal holds less than the stock). A last stock card's chance is
    exact: the share of every hand that can be drawn."""
    anna = Opponent(top=top, count=count, tops=tuple(tops), share=1.0)
    unseen = Counter({card: 4 for card in range(1, 13)} | {SB: 6}) if seed % 2 and count > 1 else Counter(few)
    builds = tuple(sorted(build))
    if count == 1:
        pool = sorted(unseen.elements())
        hands = list(combinations(pool, min(5, len(pool))))
        played = sum(plays_out((top,), builds, hand + tuple(tops), free_slot) for hand in hands)
        chance = EndgameRisk((anna,), unseen, seed, free_slot=free_slot).chance(0, builds)
        assert chance == pytest.approx(played / len(hands))
        return
    deals = sample_deals(unseen, 5 + count - 1, seed, 48)
    played = sum(plays_out((top, *deal[5:]), builds, deal[:5] + tuple(tops), free_slot) for deal in deals)
    assert EndgameRisk((anna,), unseen, seed, free_slot=free_slot).chance(0, builds) == played / len(deals)

