"""The turn search: correct lines, merged transpositions, honest chance."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from tutor.engine.cards import SKIP_BO
from tutor.coach.evaluation import WIN, hand_parts, parts_total, scorer_for, DEFAULT_WEIGHTS, STRONG_V2_WEIGHTS
from tutor.engine.moves import PileKind, Transfer
from tutor.engine.notation import format_move, parse_move
from tutor.engine.play import apply_move
from tutor.engine.rules import check_move
from tutor.coach.search import KEPT_CARD, KEPT_WILD, SearchError, TurnSearch
from tutor.engine.state import Phase, accounts_for_deck
from tutor.engine.view import player_view

from analysis_positions import midgame, position


def replay(state, moves, seed=0):
    """Play ``moves`` on ``state``, asserting each is legal; return the final state."""
    rng = random.Random(seed)
    for move in moves:
        ruling = check_move(state, move)
        assert ruling.legal, (format_move(move), ruling.reason)
        state = apply_move(state, move, rng).state
    return state


def search(state):
    return TurnSearch(player_view(state, state.turn))


def test_plays_the_stock_card_that_fits():
    best = search(position(hand=(5, 9, 10, 11, 12), stock=5)).best()
    assert format_move(best.moves[0]) == "stock 5 to build 1"
    assert best.stock_played == 1


def test_finds_a_stock_out_through_discards_and_wilds():
    # stock 9 (the last card) on build pile at 4: discards give 5 and 6, two SBs give 7 and 8
    state = position(hand=(SKIP_BO, 11, 12, 12, 11), stock=9, count=1, build=(4, 10, 11, 3),
                     discards=((6, 5), (SKIP_BO,), (12,), ()))
    best = search(state).best()
    assert best.ending == "win"
    assert best.value == WIN + 4 * KEPT_CARD  # both SBs spent, the four high cards kept
    assert [m.source.kind for m in best.moves].count(PileKind.DISCARD) >= 2
    final = replay(state, best.moves)
    assert final.phase is Phase.OVER and final.winners == (0,)


def test_a_wild_is_kept_when_it_frees_nothing():
    best = search(position(hand=(SKIP_BO, 9, 10, 11, 3), stock=12)).best()
    assert best.wilds_played == 0


def test_values_ignore_which_slot_holds_a_pile():
    one = search(position(hand=(5, 6, 7, 10, 11), stock=8, build=(4, None, 2, None)))
    two = search(position(hand=(5, 6, 7, 10, 11), stock=8, build=(None, 2, None, 4)))
    assert one.value == pytest.approx(two.value)
    assert one.best().stock_played == two.best().stock_played == 1


def test_transpositions_are_merged():
    # 5 then 6 from the hand, or the other way round onto two piles: one position either way
    result = search(position(hand=(5, 5, 6, 6, 12), stock=12, build=(4, 4, 5, 5)))
    ends = [turn for turn in result.turns()]
    keys = [tuple(sorted(turn.builds)) + (turn.moves[-1].target.number, turn.moves[-1].card) for turn in ends]
    assert len(keys) == len(set(keys))
    assert result.nodes < 40


def test_every_listed_turn_replays_legally():
    state = position(hand=(SKIP_BO, 5, 6, 7, 2), stock=8, build=(4, 1, None, 10), discards=((9, 3),))
    for turn in search(state).turns():
        final = replay(state, turn.moves)
        if turn.ending == "discard":
            assert final.phase is Phase.ENDED


def test_a_refill_goes_on_over_sampled_deals():
    # the 5 empties the hand and five cards are drawn at once: the plan stops there, and the turn goes on in
    # each sampled deal, where the stock 6 follows
    state = position(hand=(5,), stock=6, build=(4, None, None, None))
    best = search(state).best()
    assert best.ending == "refill"
    assert [format_move(m) for m in best.moves] == ["hand 5 to build 1"]
    assert len(best.deals) == DEFAULT_WEIGHTS.deals
    assert all("stock 6 to build 1" in map(format_move, deal.moves) for deal in best.deals)
    assert best.value == pytest.approx(sum(deal.value for deal in best.deals) / len(best.deals)
                                       + DEFAULT_WEIGHTS.drawn_card * 5)


def test_emptying_the_hand_for_a_chance_at_the_last_stock_card_is_worth_its_expectation():
    # the last stock card, a 9, over piles at 4 and 5: playing out 5 (on the 4), 6, 7 empties the hand, and an 8
    # or an SB among the five new cards wins. Keeping the hand cannot win this turn.
    state = position(hand=(5, 6, 7), stock=9, count=1, build=(4, None, None, None))
    found = search(state)
    best = found.best()
    assert best.ending == "refill" and [format_move(m) for m in best.moves] == [
        "hand 5 to build 1", "hand 6 to build 1", "hand 7 to build 1"]
    won = sum(deal.ending == "win" for deal in best.deals)
    assert 0 < won < len(best.deals)
    assert best.value == pytest.approx(
        (won * DEFAULT_WEIGHTS.round_win + sum(d.value for d in best.deals if d.ending != "win")) / len(best.deals)
        + DEFAULT_WEIGHTS.drawn_card * 5)


def test_the_earlier_model_stops_at_the_refill():
    state = position(hand=(5,), stock=6, build=(4, None, None, None))
    best = TurnSearch(player_view(state, 0), STRONG_V2_WEIGHTS).best()
    assert [format_move(m) for m in best.moves] == ["hand 5 to build 1", "stock 6 to build 1"] and not best.deals


def test_a_pile_completed_with_an_empty_hand_and_nothing_to_draw_refills_the_hand():
    # nothing is left to draw, so the hand stays empty -- until the 12 completes pile 1 and frees twelve cards
    state = position(hand=(), stock=3, build=(10, None, None, None), discards=((12, 11),), draw_pile=0)
    best = search(state).best()
    assert best.ending == "refill"
    assert [format_move(m) for m in best.moves] == ["discard 1 11 to build 1", "discard 1 12 to build 1"]
    final = replay(state, best.moves)
    assert final.phase is Phase.PLAY and len(final.mover.hand) == 5


def test_the_search_never_plans_with_unseen_cards():
    state = position(hand=(5,), stock=7, build=(4, None, None, None), draw_pile={"count": 40, "next": [6, 6, 6, 6, 6]})
    best = search(state).best()
    assert all(not (isinstance(m, Transfer) and m.card == 6) for m in best.moves)


def test_unknown_hand_cards_are_analysed_with_what_is_seen():
    state = position(hand=5, stock=5)
    best = search(state).best()
    assert format_move(best.moves[0]) == "stock 5 to build 1"
    assert best.ending == "unseen-hand"


def test_no_turn_to_search_before_the_draw():
    state = position(phase="start")
    with pytest.raises(SearchError):
        search(state)


def test_team_games_play_from_the_partners_piles():
    data_state = position(hand=(9, 10, 11, 12, 12), stock=12, build=(4, None, None, None))
    from dataclasses import replace
    from tutor.engine.state import Player

    cleo = Player("Cleo", stock=(None, 5), hand=(None,) * 5, discards=((6,), (), (), ()))
    bo = Player("Bo", stock=(None, 11), hand=(None,) * 5)
    state = replace(data_state, players=(data_state.players[0], bo, cleo, data_state.players[1]),
                    teams=((0, 2), (1, 3)))
    best = search(state).best()
    owners = {m.source.owner for m in best.moves if isinstance(m, Transfer) and not m.is_discard}
    assert owners == {"Cleo"}
    replay(state, best.moves)


def test_the_fast_scores_agree_with_the_named_parts():
    state = midgame(seed=5, turns=12)
    result = search(state)
    assert result.best().value == pytest.approx(result.value)
    for turn in result.turns()[:50]:
        assert turn.value == pytest.approx(sum(dict(turn.parts).values()))


def test_scorer_matches_the_reference_parts():
    scorer = scorer_for(DEFAULT_WEIGHTS)
    hand, piles = (0, 3, 7, 9), ((10, 9), (4,), (), (SKIP_BO,))
    endings = [("x", card, pile) for card in (0, 3, 7, 9) for pile in range(4)]
    for ending, value in zip(endings, scorer.endings(hand, piles, endings)):
        _, card, pile = ending
        kept = list(hand)
        kept.remove(card)
        after = tuple(p + (card,) if i == pile else p for i, p in enumerate(piles))
        assert value == pytest.approx(parts_total(hand_parts(DEFAULT_WEIGHTS, tuple(kept), after)))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), turns=st.integers(0, 30), players=st.sampled_from([2, 3]))
def test_lines_from_dealt_positions_replay_and_keep_the_deck(seed, turns, players):
    state = midgame(seed, turns, players=players)
    if state.phase is not Phase.PLAY:
        return
    result = search(state)
    lines = [result.best(), *result.runners_up(5), *random.Random(seed).sample(result.turns(), 1)]
    for line in lines:
        final = replay(state, line.moves, seed)
        assert accounts_for_deck(final)
        assert Counter(final.all_cards()) == Counter(state.all_cards())


def test_a_small_budget_cuts_lines_short_but_keeps_them_legal():
    state = position(hand=(SKIP_BO, SKIP_BO, SKIP_BO, 4, 10), stock=12, build=(1, 3, 5, 8),
                     discards=((11, 10, 9), (8, 7, 6), (7, 6, 5, 4, 3), (12, 11)))
    view = player_view(state, state.turn)
    full = TurnSearch(view)
    cut = TurnSearch(view, budget=300)
    assert full.depth is None and cut.depth is not None
    assert cut.nodes <= 300
    assert cut.value <= full.value + 1e-9
    best = cut.best()
    assert sum(1 for m in best.moves if isinstance(m, Transfer) and not m.is_discard) <= cut.depth
    replay(state, best.moves)
    for turn in cut.turns()[:20]:
        replay(state, turn.moves)


HARD_LINES = dict(hand=(SKIP_BO, SKIP_BO, SKIP_BO, 4, 10), stock=12, build=(1, 3, 5, 8),
                  discards=((11, 10, 9), (8, 7, 6), (7, 6, 5, 4, 3), (12, 11)))


@pytest.mark.parametrize("state", [position(**HARD_LINES), midgame(seed=3, turns=10),
                                   midgame(seed=8, turns=20, players=4, teams=True)])
def test_level_by_level_values_every_position_as_depth_first(state, monkeypatch):
    import tutor.coach.search as search_module

    view = player_view(state, state.turn)
    monkeypatch.setattr(search_module, "DEPTH_FIRST", {False: 10**9, True: 10**9})
    depth_first = TurnSearch(view)
    monkeypatch.setattr(search_module, "DEPTH_FIRST", {False: 0, True: 0})
    by_level = TurnSearch(view)
    assert by_level.depth is None and depth_first.depth is None
    assert by_level._memo == depth_first._memo  # every position: its value, best play and child
    assert by_level.best() == depth_first.best() and by_level.runners_up(5) == depth_first.runners_up(5)


def _limited(view, depth):
    """The search of ``view`` made depth first with lines cut at ``depth`` plays, as the search used to."""
    search = TurnSearch(view)
    search.depth, search._memo = depth, {}
    search.value = search._value(search.root)
    return search


@pytest.mark.parametrize("budget", [60, 300, 2_000])
def test_a_cut_search_takes_the_deepest_limit_that_fits_and_values_it_as_depth_first(budget):
    view = player_view(position(**HARD_LINES), 0)
    cut = TurnSearch(view, budget=budget)
    assert cut.depth is not None and cut.depth >= 2 and cut.depth % 2 == 0 and cut.nodes <= budget
    limited = _limited(view, cut.depth)
    assert limited.value == cut.value and limited._memo == cut._memo
    before = _limited(view, cut.depth - 2).nodes if cut.depth > 2 else 1
    deeper = _limited(view, cut.depth + 2).nodes
    assert deeper > budget or cut.nodes ** 2 / before > 2 * budget  # why no deeper limit was taken


def test_a_huge_team_turn_stays_within_the_budget():
    from dataclasses import replace
    from tutor.engine.state import Player

    base = position(hand=(SKIP_BO, SKIP_BO, SKIP_BO, 4, 10), stock=12, build=(1, 3, 5, 8),
                    discards=((11, 10, 9), (8, 7, 6), (7, 6, 5, 4, 3), (12, 11)))
    bo = Player("Bo", stock=(None, 2), hand=(None,) * 5, discards=((9, 8, 7), (6, 5, 4), (12, 11, 10), (SKIP_BO,)))
    cleo = Player("Cleo", stock=(None, 6), hand=(None,) * 5)
    dan = Player("Dan", stock=(None, 9), hand=(None,) * 5)
    state = replace(base, players=(base.players[0], cleo, bo, dan), teams=((0, 2), (1, 3)))
    result = TurnSearch(player_view(state, 0), budget=5_000)
    assert result.nodes <= 5_000
    best = result.best()
    assert best.stock_played >= 1
    replay(state, best.moves)


def _reveals_next(state, move) -> bool:
    """Whether ``move`` plays a stock card with more cards below it (it turns up the next one)."""
    if not isinstance(move, Transfer) or move.source.kind is not PileKind.STOCK:
        return False
    owner = state.seat_of(move.source.owner) if move.source.owner else state.turn
    return len(state.players[owner].stock) > 1


def _ends(state, moves):
    """The position after ``moves`` played in turn on ``state`` (None if one is not legal where it comes)."""
    for move in moves:
        if not check_move(state, move).legal:
            return None
        state = apply_move(state, move).state
    return state.build, [(player.hand, player.discards, len(player.stock)) for player in state.players]


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), turns=st.integers(0, 30), table=st.sampled_from([(2, False), (4, True)]))
@example(seed=285, turns=0, table=(4, True))  # the partner's SB first lets our stock 2 go before the hand's 1
def test_a_stock_card_that_turns_up_another_is_played_as_early_as_the_line_allows(seed, turns, table):
    # played earlier with the same cards, it would reach the same position: the cards before it could wait
    players, teams = table
    state = midgame(seed, turns, players=players, stock=12, teams=teams)
    if state.phase is not Phase.PLAY:
        return
    moves = search(state).best().moves
    if not moves or isinstance(moves[-1], Transfer) and not moves[-1].is_discard:
        return  # a line that ends at a refill or a win draws or turns up more than its moves show
    end = _ends(state, moves)
    before = state
    for at, move in enumerate(moves):
        if _reveals_next(before, move):
            for earlier in range(at):
                if _reveals_next(state, moves[earlier]):
                    continue
                order = (*moves[:earlier], move, *moves[earlier:at], *moves[at + 1:])
                assert _ends(state, order) != end, [format_move(m) for m in moves]
        before = apply_move(before, move).state


def test_a_winning_line_plays_only_the_cards_it_needs():
    # the 5 on the stock wins at once on the pile at 4; the 11 and 12 from the hand could go on the pile at 10
    # first, and the SB could go anywhere: the shown win plays the stock card alone
    state = position(hand=(SKIP_BO, 11, 12, 3, 7), stock=5, count=1, build=(4, 10, None, None))
    best = search(state).best()
    assert best.ending == "win" and [format_move(move) for move in best.moves] == ["stock 5 to build 1"]
    assert best.value == WIN + KEPT_WILD + 4 * KEPT_CARD
    longer = search(state).best_after(parse_move("hand 11 to build 2"))
    assert longer.ending == "win" and longer.value == WIN + KEPT_WILD + 3 * KEPT_CARD


@pytest.mark.parametrize("state", [position(**HARD_LINES), midgame(seed=8, turns=20, players=4, teams=True)])
def test_the_plays_of_hands_discard_piles_and_build_values_are_the_same_worked_out_afresh(state, monkeypatch):
    import tutor.coach.search as search_module

    view = player_view(state, state.turn)
    kept = TurnSearch(view)
    for name, work in (("_PICKS", search_module._hand_picks), ("_TOPS", search_module._discard_tops),
                       ("_LANDINGS", search_module._landings)):
        monkeypatch.setattr(search_module, name, search_module._Worked(work, 1))  # one entry: nearly all afresh
    afresh = TurnSearch(view)
    assert afresh._memo == kept._memo and list(afresh._memo) == list(kept._memo)  # the same positions, in order
    assert afresh.best() == kept.best() and afresh.turns() == kept.turns()


def test_a_worked_out_cache_starts_afresh_at_its_limit():
    from tutor.coach.search import _Worked

    worked = _Worked(lambda key: key * 2, 2)
    assert worked[1] == 2 and worked[2] == 4 and dict(worked) == {1: 2, 2: 4}
    assert worked[3] == 6 and dict(worked) == {3: 6}


def _children_as_defined(node, stock_first=True):
    """The plays from ``node`` worked out card by card, as ``_children`` defines them (no cache): with
    ``stock_first``, no last hand card is played to draw new cards while a stock card can be played."""
    from tutor.coach.evaluation import UNKNOWN
    from tutor.coach.search import _landings

    builds, hand, stocks, discards, draws = node
    onto = _landings(builds)
    found, wild = [], []
    stock_ready = any(count and onto[top] for top, count in stocks)

    def add(into, kind, index, pile, card, hand, stocks, discards, refill):
        for target, after, freed in onto[card]:
            left = draws + freed
            drawn = min(5, left) if refill else 0
            if stock_first and kind == "h" and drawn and stock_ready:
                continue
            into.append(((kind, index, pile, card, target),
                         (after, (UNKNOWN,) * drawn if drawn else hand, stocks, discards, left - drawn)))

    for at, card in enumerate(hand):
        if card not in hand[:at]:
            rest = hand[:at] + hand[at + 1:]
            add(wild if card == SKIP_BO else found, "h", 0, -1, card, rest, stocks, discards, not rest)
    for index, (top, count) in enumerate(stocks):
        if count:
            add(found, "s", index, -1, top, hand, stocks[:index] + ((UNKNOWN, count - 1),) + stocks[index + 1:],
                discards, not hand)
    for index, piles in enumerate(discards):
        for pile, cards in enumerate(piles):
            if cards:
                rest = discards[:index] + (piles[:pile] + (cards[:-1],) + piles[pile + 1:],) + discards[index + 1:]
                add(wild if cards[-1] == SKIP_BO else found, "d", index, pile, cards[-1], hand, stocks, rest, not hand)
    return found + wild


cards = st.integers(-1, 12)
nodes = st.tuples(
    st.lists(st.integers(0, 11), min_size=4, max_size=4).map(lambda builds: tuple(sorted(builds))),
    st.lists(cards, max_size=5).map(lambda hand: tuple(sorted(hand))),
    st.lists(st.tuples(cards, st.integers(0, 3)), min_size=1, max_size=2).map(tuple),
    st.lists(st.lists(st.lists(cards, max_size=3).map(tuple), min_size=4, max_size=4).map(tuple),
             min_size=1, max_size=2).map(tuple),
    st.integers(0, 20))


@given(nodes)
def test_the_plays_of_a_position_are_each_distinct_source_card_on_each_pile_that_takes_it(node):
    from tutor.coach.search import _children

    assert _children(node) == _children_as_defined(node)
    assert _children(node, stock_first=False) == _children_as_defined(node, stock_first=False)


runs = st.builds(lambda high, length, wilds: tuple(range(high, max(high - length, 0), -1)) + (SKIP_BO,) * wilds,
                 st.integers(1, 12), st.integers(1, 4), st.integers(0, 2))  # 9, 8, 7 with an SB or two on it
discard_piles = st.one_of(st.lists(st.integers(0, 12), max_size=4).map(tuple), runs)


@settings(max_examples=300, deadline=None)
@example(hand=(3, 5), piles=((10, 9, SKIP_BO), (), (), ()))
@given(hand=st.lists(st.integers(0, 12), min_size=1, max_size=5).map(lambda hand: tuple(sorted(hand))),
       piles=st.tuples(*[discard_piles] * 4))
def test_the_scorer_values_every_discard_as_the_reference_parts_wild_cards_included(hand, piles):
    # a card on an SB that lies on a run covers the run as well: the fast scorer must see the run under the wild
    scorer = scorer_for(DEFAULT_WEIGHTS)
    endings = [("x", card, pile) for card in sorted(set(hand)) for pile in range(4)]
    for ending, value in zip(endings, scorer.endings(hand, piles, endings)):
        _, card, pile = ending
        kept = list(hand)
        kept.remove(card)
        after = tuple(p + (card,) if i == pile else p for i, p in enumerate(piles))
        assert value == pytest.approx(parts_total(hand_parts(DEFAULT_WEIGHTS, tuple(kept), after))), ending
