"""Move verdicts: quality, loss grades, and one table per principle detector."""

from __future__ import annotations

import importlib.util
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tutor.engine.cards import SKIP_BO
from tutor.engine.legal import legal_moves
from tutor.engine.moves import Draw, EndTurn
from tutor.engine.notation import parse_move
from tutor.engine.play import apply_move
from tutor.engine.position import position_from_data
from tutor.coach.principles import (
    DESCENDING, DETECTORS, MIND_OPPONENTS, PRINCIPLES, SAVE_WILDS, SPREAD, STOCK_FIRST, Context,
)
from tutor.engine.rules import check_move
from tutor.coach.search import TurnSearch
from tutor.engine.state import Phase
from tutor.coach.verdicts import BEST_MARGIN, WEAK_FROM, Judge, assess_move, grade_of
from tutor.engine.view import player_view

from analysis_positions import midgame, position

SB = SKIP_BO


def verdict(state, text):
    move = parse_move(text)
    assert check_move(state, move).legal, text
    return assess_move(state, move)


def fires(detector, state, text) -> bool:
    """Whether ``detector`` speaks about the move, whatever its quality."""
    view = player_view(state, state.turn)
    search = TurnSearch(view)
    move = parse_move(text)
    return DETECTORS[detector](Context(view, move, search.best(), search.best_after(move))) is not None


# -- one table per principle: (position, move, weak?) --------------------------------

STOCK_FIRST_CASES = [
    pytest.param(position(hand=(5, 9, 10, 11, 12), stock=5), "hand 5 to build 1", True, id="hand-card-blocks-stock"),
    pytest.param(position(hand=(5, 9, 10, 11, 12), stock=5), "hand 9 to discard 1", True, id="discard-instead-of-stock"),
    pytest.param(position(hand=(6, 9, 10, 11, 12), stock=7, discards=((5,),)), "hand 9 to discard 2", True,
                 id="missed-chain-through-a-discard"),
    pytest.param(position(hand=(5, 9, 10, 11, 12), stock=5), "stock to build 1", False, id="the-stock-itself"),
    pytest.param(position(hand=(6, 9, 10, 11, 12), stock=7, build=(5, None, None, None)), "hand 6 to build 1", False,
                 id="card-that-opens-the-way"),
]


@pytest.mark.parametrize("state, text, weak", STOCK_FIRST_CASES)
def test_stock_first(state, text, weak):
    result = verdict(state, text)
    assert (result.quality == "weak") == weak
    assert (STOCK_FIRST in result.principles) == weak
    assert fires(STOCK_FIRST, state, text) == weak


SAVE_WILDS_CASES = [
    pytest.param(position(hand=(SB, 9, 10, 11, 3), stock=12), "hand SB to build 1", True, id="wild-for-nothing"),
    pytest.param(position(hand=(9, 10, 11, 3, 12), stock=12, discards=((SB,), (), (), ())), "hand 9 to discard 1",
                 True, id="wild-buried-on-a-discard-pile"),
    pytest.param(position(hand=(SB, 9, 10, 11, 3), stock=6), "hand SB to build 1", False, id="wild-frees-the-stock"),
    pytest.param(position(hand=(SB, 9, 10, 11, 3), stock=12), "hand 9 to discard 1", False, id="wild-kept"),
    pytest.param(position(hand=(SB, 9, 10, 11, 3), stock=12), "hand SB to discard 1", True, id="wild-discarded"),
]


@pytest.mark.parametrize("state, text, weak", SAVE_WILDS_CASES)
def test_save_wilds(state, text, weak):
    result = verdict(state, text)
    assert (result.quality == "weak") == weak
    assert (SAVE_WILDS in result.principles) == weak
    assert fires(SAVE_WILDS, state, text) == weak


FULL_PILES = ((8,), (4,), (10,), (2,))
DESCENDING_CASES = [
    pytest.param(position(hand=(9, 7, 12, 11, 3), stock=12, discards=FULL_PILES), "hand 9 to discard 2", True,
                 id="nine-buries-a-four"),
    pytest.param(position(hand=(9, 7, 12, 11, 3), stock=12, discards=FULL_PILES), "hand 12 to discard 4", True,
                 id="twelve-buries-a-two"),
    pytest.param(position(hand=(9, 7, 12, 11, 3), stock=12, discards=FULL_PILES), "hand 9 to discard 3", False,
                 id="run-nine-on-ten"),
    pytest.param(position(hand=(9, 7, 12, 11, 3), stock=12, discards=FULL_PILES), "hand 7 to discard 1", False,
                 id="run-seven-on-eight"),
]


@pytest.mark.parametrize("state, text, weak", DESCENDING_CASES)
def test_descending_discards(state, text, weak):
    result = verdict(state, text)
    assert (result.quality == "weak") == weak
    assert (DESCENDING in result.principles) == weak
    assert fires(DESCENDING, state, text) == weak


SPREAD_CASES = [
    pytest.param(position(hand=(9, 10, 11, 3, 12), stock=12, discards=((5,),)), "hand 9 to discard 1", True,
                 id="buries-a-five-with-three-piles-empty"),
    pytest.param(position(hand=(9, 10, 11, 3, 12), stock=12, discards=((5,),)), "hand 12 to discard 2", False,
                 id="empty-pile-used"),
    pytest.param(position(hand=(9, 10, 11, 4, 12), stock=12, discards=((5,),)), "hand 4 to discard 1", False,
                 id="a-run-may-go-on-a-pile"),
]


@pytest.mark.parametrize("state, text, weak", SPREAD_CASES)
def test_spread_discards(state, text, weak):
    result = verdict(state, text)
    assert (result.quality == "weak") == weak
    assert (SPREAD in result.principles) == weak
    assert fires(SPREAD, state, text) == weak


MIND_OPPONENTS_CASES = [
    pytest.param(position(hand=(6, 9, 10, 11, 12), stock=12, build=(5, None, None, None), opponent=7),
                 "hand 6 to build 1", True, id="builds-to-one-below-annas-seven"),
    pytest.param(position(hand=(6, 9, 10, 11, 12), stock=12, build=(5, None, None, None), opponent=3),
                 "hand 6 to build 1", False, id="annas-card-is-far-away"),
    pytest.param(position(hand=(6, 9, 10, 11, 12), stock=7, build=(5, None, None, None), opponent=8),
                 "hand 6 to build 1", False, id="own-stock-comes-first"),
]


@pytest.mark.parametrize("state, text, weak", MIND_OPPONENTS_CASES)
def test_mind_opponents(state, text, weak):
    result = verdict(state, text)
    assert (result.quality == "weak") == weak
    assert (MIND_OPPONENTS in result.principles) == weak
    if weak:
        assert "Anna's stock" in result.explanation


# -- the verdict as a whole ------------------------------------------------------------


def test_every_principle_has_a_detector():
    assert set(DETECTORS) == set(PRINCIPLES)


def test_a_weak_move_names_cards_and_a_better_turn():
    result = verdict(position(hand=(5, 9, 10, 11, 12), stock=5), "hand 5 to build 1")
    assert result.quality == "weak" and result.grade in ("inaccuracy", "mistake", "blunder")
    assert result.better.startswith("stock 5 to build 1")
    assert "5 from your hand" in result.explanation and "5 on your stock" in result.explanation
    for move in result.better.split(", "):
        parse_move(move)


def test_best_moves_carry_no_advice():
    result = verdict(position(hand=(5, 9, 10, 11, 12), stock=5), "stock to build 1")
    assert result.quality == "best" and result.loss <= BEST_MARGIN
    assert result.principles == () and result.better is None


def test_draws_ends_and_forced_moves_are_best():
    state = position(hand=(5, 9, 10, 11, 12), stock=5, phase="start")
    assert assess_move(state, Draw()).quality == "best"
    empty = position(hand=(), stock=12, draw_pile=0)
    assert assess_move(empty, EndTurn()).quality == "best"
    single = position(hand=(9,), stock=12, build=(4, None, None, None), discards=((10,), (11,), (12,), (3,)))
    assert assess_move(single, parse_move("hand 9 to discard 1")).quality == "best"


def test_unknown_cards_are_analysed_with_what_is_seen():
    state = position(hand=5, stock=5)
    assert verdict(state, "stock to build 1").quality == "best"
    hidden_top = position(hand=(9, 10, 11, 12, 12), stock=None)
    result = verdict(hidden_top, "stock 5 to build 1")
    assert result.quality in ("best", "good", "weak")


def test_grades_follow_the_loss():
    assert grade_of(0.0) == "best"
    assert grade_of(WEAK_FROM / 2) == "good"
    assert grade_of(WEAK_FROM) == "inaccuracy"
    assert grade_of(6.0) == "mistake"
    assert grade_of(100.0) == "blunder"


def test_json_fields_of_a_weak_move():
    entry = verdict(position(hand=(5, 9, 10, 11, 12), stock=5), "hand 5 to build 1").to_json()
    assert entry["quality"] == "weak"
    assert set(entry) >= {"quality", "principles", "better", "explanation", "loss", "grade"}


def test_hidden_cards_do_not_change_the_verdict():
    """The same visible position with other hidden cards gets the same verdict and the same bot plan."""
    from tutor.coach.bots import StrongBot
    import random

    base = position(hand=(6, 9, SB, 11, 3), stock=7, build=(5, 2, None, None), discards=((10, 9),))
    hidden_stock = len(base.players[1].stock) - 1  # the stock's size is in sight: only its cards change
    other_hands = replace(base.players[1], hand=(1, 2, 3, 4, 5), stock=(12,) * hidden_stock + base.players[1].stock[-1:])
    mine = replace(base.players[0], stock=(SB,) * 11 + base.players[0].stock[-1:])
    twin = replace(base, players=(mine, other_hands), draw_pile=(SB,) * 40 + (1,) * 20)
    for text in ("hand 6 to build 1", "hand SB to build 2", "hand 9 to discard 2", "stock to build 1"):
        move = parse_move(text)
        if check_move(base, move).legal:
            assert assess_move(base, move) == assess_move(twin, move)
    bot = StrongBot()
    assert bot.plan(player_view(base, 0), random.Random(1)) == bot.plan(player_view(twin, 0), random.Random(2))


def test_a_hard_position_gets_a_full_verdict():
    """Three SBs among hand and discard tops, all four build piles in play, long discard runs."""
    state = position(hand=(SB, SB, 3, 5, 7), stock=9, build=(1, 4, 2, 7),
                     discards=((12, 11, 10, SB), (8, 7, 6), (11, 4), (2,)), opponent=6, opponent_discards=((9,),))
    result = verdict(state, "hand SB to build 3")
    assert result.quality in ("good", "weak")
    if result.quality == "weak":
        assert result.principles and result.better
    assert verdict(state, "hand 3 to build 3").quality in ("best", "good", "weak")


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 5000), turns=st.integers(0, 40), table=st.sampled_from([(2, False), (3, False), (4, True)]))
def test_every_legal_move_of_dealt_positions_gets_a_verdict(seed, turns, table):
    players, teams = table
    state = midgame(seed, turns, players=players, stock=12, teams=teams)
    if state.phase is not Phase.PLAY:
        return
    best = TurnSearch(player_view(state, state.turn)).best()
    for move in legal_moves(state):
        result = assess_move(state, move)
        assert result.loss >= 0
        assert result.quality in ("best", "good", "weak")
        if result.quality == "weak":
            assert result.findings and result.better and result.explanation
            assert result.explanation.startswith(result.findings[0].sentence)
            assert set(result.principles) == {finding.principle for finding in result.findings} - {None}
    if best.moves:
        assert assess_move(state, best.moves[0]).quality == "best"


# -- one search shared by the positions of a turn ------------------------------------------


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 5000), turns=st.integers(0, 30), table=st.sampled_from([(2, False), (3, False), (4, True)]),
       choices=st.lists(st.integers(0, 1000), min_size=1, max_size=8))
def test_a_judge_gives_every_move_of_a_turn_the_verdict_it_gets_alone(seed, turns, table, choices):
    """Judging a whole turn with one ``Judge`` (as ``tutor check`` does) changes no verdict."""
    players, teams = table
    state = midgame(seed, turns, players=players, stock=12, teams=teams)
    judge = Judge()
    for choice in choices:
        if state.phase is not Phase.PLAY:
            break
        moves = [move for move in legal_moves(state) if not isinstance(move, Draw)]
        move = moves[choice % len(moves)]
        assert judge(state, move) == assess_move(state, move)
        state = apply_move(state, move).state


def test_positions_reached_by_plays_in_sight_share_one_search():
    state = position(hand=(5, 6, 7, SB, 12), stock=2, build=(4, 1, None, None), discards=((10, 9), (3,)))
    judge = Judge()
    first = judge.search(player_view(state, 0))
    after = apply_move(state, parse_move("hand 5 to build 1")).state
    shared = judge.search(player_view(after, 0))
    alone = TurnSearch(player_view(after, 0))
    assert first.depth is None and shared.nodes == first.nodes > alone.nodes
    assert (shared.value, shared.best()) == (alone.value, alone.best())
    assert judge.search(player_view(after, 0)) is shared


def test_a_card_come_into_sight_asks_for_a_search_of_its_own():
    data = {"title": "the next stock card is known", "build": [4, 1],
            "players": [{"name": "you", "stock": {"top": 2, "count": 12, "next": [7]}, "hand": [5, 6, 7, "SB", 12],
                         "discards": [[10, 9], [3]]},
                        {"name": "Anna", "stock": {"top": 9, "count": 15}, "hand": 5}]}
    state = position_from_data(data)
    judge = Judge()
    first = judge.search(player_view(state, 0))
    turned_up = apply_move(state, parse_move("stock to build 2")).state
    assert turned_up.mover.stock_top == 7
    following = judge.search(player_view(turned_up, 0))
    assert following.nodes == TurnSearch(player_view(turned_up, 0)).nodes != first.nodes


def long_five_player_turn(length: int) -> tuple[dict, list[str]]:
    """The five-player turn of ``benchmarks/many_moves_check.py`` (long runs on all four discard piles, two SBs in
    hand and one on the stock; the first two searches are cut by the node budget, and every search is too big
    for its refill deals), as a scenario's data and its first ``length`` moves."""
    path = Path(__file__).resolve().parent.parent / "benchmarks" / "many_moves_check.py"
    spec = importlib.util.spec_from_file_location("many_moves_check", path)
    benchmark = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(benchmark)
    return benchmark.long_turn(benchmark.FIVE_PLAYERS, length)


def test_a_long_check_where_the_budget_cuts_the_searches_gives_each_move_its_verdict_alone():
    """The searches of a check share what they can (estimates, tables, plays, whole searches) and nothing else:
    searches cut by the budget, and searches whose refill deals did not fit, still give every verdict alone."""
    data, turn = long_five_player_turn(4)
    state = position_from_data(data)
    judge = Judge()
    searches = []
    for text in turn:
        move = parse_move(text)
        assert judge(state, move) == assess_move(state, move), text
        searches.append(judge.search(player_view(state, 0)))
        state = apply_move(state, move).state
    assert [search.depth is not None for search in searches] == [True, True, False, False]
    assert not any(search._deal_hands for search in searches)  # the deals were too big everywhere
    assert searches[3]._memo is searches[2]._memo  # the full search without deals serves the position after it
    assert searches[1].risk is searches[0].risk and searches[1]._totals is searches[0]._totals


# -- each grade on a real position: a verdict that called every good move best would fail here ------------------

# Nothing fits the build piles (2 and three free slots need a 3 or a 1). The 9 on the 10 makes a run that comes out
# card after card; the 9 alone on an empty pile buries nothing but makes no run (a little worse: good); the 12 on the
# 10 buries the lower card under a higher one (an inaccuracy).
NOTHING_FITS = dict(hand=(9, 10, 11, 12, 8), stock=7, build=(2, None, None, None), discards=((10,), (), (), ()),
                    opponent=12)
# Anna shows a 7 on her stock (15 cards): our 6 on the 5 hands it to her and frees nothing of ours (our stock is a 12):
# a mistake, about a stock card's worth.
FEEDS_HER_SEVEN = dict(hand=(6, 9, 10, 11, 12), stock=12, build=(5, None, None, None), opponent=7)
# Anna's last stock card is a 12 and pile 1 stands at 10: our 11 puts it one below and she wins in every deal
# (a blunder); the 11 then the SB as 12 complete the pile instead.
HER_LAST_TWELVE = dict(hand=(11, SKIP_BO, 3, 4, 6), stock=12, build=(10, None, None, None), opponent=12,
                       opponent_count=1)


@pytest.mark.parametrize("spot, move, grade", [
    (NOTHING_FITS, "hand 9 to discard 1", "best"),
    (NOTHING_FITS, "hand 9 to discard 2", "good"),
    (NOTHING_FITS, "hand 12 to discard 1", "inaccuracy"),
    (FEEDS_HER_SEVEN, "hand 6 to build 1", "mistake"),
    (FEEDS_HER_SEVEN, "hand 12 to discard 1", "best"),
    (HER_LAST_TWELVE, "hand 11 to build 1", "best"),
    (HER_LAST_TWELVE, "hand 3 to discard 1", "blunder"),
])
def test_each_grade_on_a_real_position(spot, move, grade):
    assert assess_move(position(**spot), parse_move(move)).grade == grade
