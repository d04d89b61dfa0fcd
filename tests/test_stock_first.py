"""Stock first in every best line: no line empties the hand for new cards while a stock card could be played.

A stock card played before the hand is emptied turns up the next one before
the five new cards come, and they may fit it: it is never worse. The best
turn, the best turn after each move, and each sampled deal's turn keep it.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tutor.coach.principles import along
from tutor.coach.search import TurnSearch
from tutor.coach.verdicts import Judge, assess_move
from tutor.engine.moves import PileKind, Place, Transfer
from tutor.engine.notation import format_move, parse_move
from tutor.engine.rules import check_move
from tutor.engine.view import player_view

from analysis_positions import position
from position_strategies import build_piles, dealt_games, hands

def _stock_plays(state) -> list:
    """The stock cards of the mover's side that can be played in ``state``, as moves."""
    moves = []
    for seat in state.team_of(state.turn):
        owner = None if seat == state.turn else state.players[seat].name
        for slot in range(1, 5):
            move = Transfer(Place(PileKind.STOCK, owner=owner), Place(PileKind.BUILD, slot))
            if state.players[seat].stock and check_move(state, move).legal:
                moves.append(move)
    return moves


def _stock_left_for_the_refill(view, moves) -> list[str]:
    """The stock cards a line leaves playable when its move empties the hand for new cards."""
    for state, move in along(view, moves):
        refills = (isinstance(move, Transfer) and not move.is_discard and move.source.kind is PileKind.HAND
                   and len(state.mover.hand) == 1 and (state.draw_pile or state.completed))
        if refills:
            return [format_move(stock) for stock in _stock_plays(state)]
    return []


@st.composite
def hands_to_empty(draw):
    """Hands that can often be played out, with a stock card that some of them reach."""
    return position(hand=draw(hands()), stock=draw(st.integers(1, 12)), count=draw(st.sampled_from([2, 12])),
                    build=draw(build_piles()), opponent=draw(st.integers(1, 12)))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hands_to_empty())
def test_no_best_line_empties_the_hand_while_a_stock_card_could_be_played(state):
    view = player_view(state, state.turn)
    search = TurnSearch(view)
    best = search.best()
    assert not _stock_left_for_the_refill(view, best.moves), best.moves


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(dealt_games([(2, False), (4, True), (6, False)]))
def test_no_best_line_of_a_dealt_game_empties_the_hand_while_a_stock_card_could_be_played(state):
    view = player_view(state, state.turn)
    best = TurnSearch(view).best()
    assert not _stock_left_for_the_refill(view, best.moves), best.moves


def test_the_stock_9_goes_before_the_last_hand_card():
    # the 8 from hand reaches the stock 9; the 11 then empties the hand
    state = position(hand=(2, 6, 7, 8, 11), stock=9, count=5, build=(1, 5, 10, None), opponent=3)
    view = player_view(state, 0)
    best = TurnSearch(view).best()
    moves = [format_move(move) for move in best.moves]
    assert "stock 9 to build 2" in moves and moves.index("stock 9 to build 2") < moves.index("hand 11 to build 3")


def test_emptying_the_hand_before_a_playable_stock_card_is_good_not_best():
    state = position(hand=(3,), stock=6, count=5, build=(4, 5, 2, None), opponent=10)
    verdict = assess_move(state, parse_move("hand 3 to build 3"))
    assert verdict.grade == "good" and verdict.key_move == "stock 6 to build 2"
    assert "play the 6 on your stock on build pile 2 first" in verdict.explanation
    assert Judge()(state, parse_move("stock to build 2")).grade == "best"
