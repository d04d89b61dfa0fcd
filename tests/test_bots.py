"""Bots play legal moves from their own view only, and whole rounds end."""

from __future__ import annotations

import random

import pytest

from tutor.coach.bots import GreedyBot, RandomBot, StrongBot, StrongV3Bot, make_bot
from tutor.engine.dealing import deal, partner_teams
from tutor.engine.moves import Draw
from tutor.engine.notation import format_move, parse_move
from tutor.engine.play import apply_move, next_turn
from tutor.engine.rules import check_move
from tutor.coach.simulation import Series, play_game, play_turn, reveals_card, run_series, seating
from tutor.engine.state import Phase, accounts_for_deck
from tutor.engine.view import player_view

from analysis_positions import midgame, position


class Checked:
    """Wraps a bot and records the view it was shown."""

    def __init__(self, bot):
        self.bot = bot
        self.views = []

    def plan(self, view, rng):
        self.views.append(view)
        return self.bot.plan(view, rng)


def play_checked(state, bots, rng, turns=400):
    """Play a round, checking every move a bot makes against the rules."""
    for _ in range(turns):
        if state.phase is Phase.OVER:
            return state
        state = apply_move(state, Draw(), rng).state
        bot = bots[state.turn]
        while state.phase is Phase.PLAY:
            plan = bot.plan(player_view(state, state.turn), rng)
            assert plan
            for move in plan:
                ruling = check_move(state, move)
                assert ruling.legal, (format_move(move), ruling.reason)
                stock_before = state.mover.stock
                state = apply_move(state, move, rng).state
                if state.phase is not Phase.PLAY or state.drawn or state.mover.stock != stock_before:
                    break
        assert accounts_for_deck(state)
        state = next_turn(state)
    return state


@pytest.mark.parametrize("names", [("strong", "greedy"), ("random", "greedy"), ("strong", "random"),
                                   ("strong-v3", "strong")])
def test_bots_play_legal_rounds(names):
    state = deal(["a", "b"], seed=7, stock_size=8).state
    bots = [Checked(make_bot(name)) for name in names]
    final = play_checked(state, bots, random.Random(3))
    assert final.phase is Phase.OVER
    for bot in bots:
        for view in bot.views:
            others = [p for i, p in enumerate(view.players) if i != view.turn]
            assert all(card is None for p in others for card in p.hand)
            assert all(card is None for card in view.draw_pile)


# turns the strong bot chose when strong-v3 was frozen from it (worked out by that code), in dealt mid-game positions
WHEN_FROZEN = {
    (9, 21): ["hand 2 to build 2", "hand 5 to build 1", "discard 1 6 to build 1", "hand 7 to build 1",
              "stock 8 to build 1", "hand 6 to discard 2"],
    (16, 28): ["hand SB to build 1", "discard 1 9 to build 1", "discard 2 10 to build 1", "stock 11 to build 1",
               "hand 11 to discard 4"],
    (20, 15): ["hand 6 to build 1", "hand 7 to build 1", "discard 1 8 to build 1", "discard 1 9 to build 1",
               "stock 10 to build 1", "hand 8 to discard 1"],
    (48, 26): ["hand SB to build 1", "hand 3 to build 1", "hand 4 to build 1", "hand 5 to build 1", "stock 6 to build 1",
               "hand 6 to discard 1"],
}


@pytest.mark.parametrize("seed, turns", WHEN_FROZEN)
def test_strong_v3_plays_the_turns_of_the_strong_bot_it_was_frozen_from(seed, turns):
    state = midgame(seed, turns)
    plan = StrongV3Bot().plan(player_view(state, state.turn), random.Random(0))
    assert [format_move(move) for move in plan] == WHEN_FROZEN[seed, turns]


def test_strong_bot_plays_for_the_team():
    state = deal(["a", "b", "c", "d"], seed=11, stock_size=6, teams=partner_teams(4)).state
    final = play_checked(state, [StrongBot(), GreedyBot(), StrongBot(), GreedyBot()], random.Random(5), turns=600)
    assert final.phase is Phase.OVER


def test_greedy_plays_the_stock_first_and_discards_its_highest_card():
    state = position(hand=(5, 9, 10, 11, 12), stock=5)
    assert [format_move(m) for m in GreedyBot().plan(player_view(state, 0), random.Random(0))] == ["stock to build 1"]
    stuck = position(hand=(3, 9, 10, 11, 12), stock=12, build=(6, None, None, None))
    assert format_move(GreedyBot().plan(player_view(stuck, 0), random.Random(0))[0]) == "hand 12 to discard 1"


def test_random_bot_picks_among_legal_moves():
    state = position(hand=(5, 9, 10, 11, 12), stock=5)
    for seed in range(10):
        (move,) = RandomBot().plan(player_view(state, 0), random.Random(seed))
        assert check_move(state, move).legal


def test_strong_bot_beats_greedy_in_a_seeded_series():
    summary = run_series(Series(("strong", "greedy"), players=2, stock=10, seed=3), games=20)
    assert summary.wins["strong"] > summary.wins["greedy"]


def test_seats_swap_and_games_repeat():
    series = Series(("strong", "greedy"), players=2, stock=5, seed=9)
    assert seating(series, 0) == ("strong", "greedy") and seating(series, 1) == ("greedy", "strong")
    assert play_game(series, 4) == play_game(series, 4)


def test_partners_are_played_by_the_same_bot():
    series = Series(("strong", "random"), players=6, stock=5, seed=2, teams=True)
    for index in range(2):
        seats = seating(series, index)
        assert all(seats[seat] == seats[seat + 3] for seat in range(3))
    result = play_game(series, 0)
    assert len(result.winning_bots) <= 1


def test_a_turn_cap_ends_endless_rounds_as_stalemates():
    series = Series(("random", "random"), players=2, stock=30, seed=1, turn_cap=3)
    result = play_game(series, 0)
    assert result.stalemate and result.turns == 3


def test_a_refill_brought_by_a_completed_pile_stops_the_plan():
    """With nothing left to draw the hand stays empty; a pile completed then refills it, unseen by the plan."""
    state = position(hand=(), stock=3, build=(10, None, None, None), discards=((12, 11),), draw_pile=0)
    move = parse_move("discard 1 11 to build 1")
    after = apply_move(state, move).state
    assert not after.mover.hand and not reveals_card(move, after)
    move = parse_move("discard 1 12 to build 1")
    after = apply_move(after, move, random.Random(1)).state
    assert len(after.mover.hand) == 5 and reveals_card(move, after)
    # the strong bot plans the two plays, then plans again with the new hand, which it must end with a discard
    final = play_turn(state, StrongBot(), random.Random(1))
    assert final.phase is Phase.ENDED and len(final.players[0].hand) < 5


@pytest.mark.parametrize("collecting", [True, False])
def test_a_strong_plan_and_a_verdict_leave_the_cycle_collector_as_they_found_it(collecting):
    """The search is let go with the collector paused; afterwards it runs again exactly if it ran before."""
    import gc

    from tutor.coach.verdicts import assess_move

    state = position(hand=(5, 7), stock=6, build=(4, None, None, None))
    (gc.enable if collecting else gc.disable)()
    try:
        assert StrongBot().plan(player_view(state, 0), random.Random(1))
        assert gc.isenabled() == collecting
        assert assess_move(state, parse_move("hand 5 to build 1")).quality == "best"
        assert gc.isenabled() == collecting
    finally:
        gc.enable()
