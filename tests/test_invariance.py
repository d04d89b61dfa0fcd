"""A position written another way that carries no information gets the same verdicts, figures and words.

The order of an opponent's discard piles and the order of the cards in a
hand tell nothing: every legal move keeps its grade, loss, findings and
sentences (an opponent's discard piles may be named by other numbers), and
the hint its best turn and win chance.
"""

from __future__ import annotations

import re

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tutor.cli.hint import _best_turns
from tutor.coach.verdicts import Judge
from tutor.engine.legal import legal_moves
from tutor.engine.moves import Draw
from tutor.engine.notation import format_move
from tutor.engine.view import player_view

from analysis_positions import position
from position_strategies import build_piles, discard_piles, hands

@st.composite
def endgames(draw):
    """Anna near her last stock cards, with two discard piles, and a hand of up to five cards."""
    return dict(hand=draw(hands()), stock=draw(st.integers(1, 12)), count=draw(st.sampled_from([1, 2, 12])),
                build=draw(build_piles()), discards=draw(discard_piles()),
                opponent=draw(st.integers(1, 12)), opponent_count=draw(st.sampled_from([1, 2, 3])),
                opponent_discards=draw(discard_piles(2, min_size=1)))


def _verdicts(state, names_masked: bool) -> list[tuple]:
    """Every legal move with its grade, loss, findings and words (Anna's pile numbers masked if asked)."""
    judge = Judge()
    said = []
    for move in legal_moves(state):
        if isinstance(move, Draw):
            continue
        verdict = judge(state, move)
        entry = verdict.to_json()
        words = (verdict.explanation or "", *(finding.sentence for finding in verdict.findings))
        if names_masked:
            words = tuple(re.sub(r"Anna's discard pile \d", "Anna's discard pile N", text) for text in words)
        said.append((format_move(move), verdict.grade, round(verdict.loss, 6), words,
                     tuple(finding.kind for finding in verdict.findings), verdict.better,
                     (entry.get("opponent_wins_next") or {}).get("chance")))
    return said


def _hint(state) -> tuple:
    view = player_view(state, state.turn)
    value, _, best, _, _, chances = _best_turns(view, 0)
    return round(value, 6), tuple(format_move(move) for move in best.moves), chances[0]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(endgames())
def test_the_order_of_an_opponents_discard_piles_changes_no_verdict(given_position):
    state = position(**given_position)
    swapped = position(**{**given_position, "opponent_discards": given_position["opponent_discards"][::-1]})
    assert _verdicts(state, True) == _verdicts(swapped, True)
    assert _hint(state) == _hint(swapped)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(endgames(), st.randoms(use_true_random=False))
def test_the_order_of_the_cards_in_hand_changes_no_verdict(given_position, random):
    hand = list(given_position["hand"])
    random.shuffle(hand)
    state = position(**given_position)
    shuffled = position(**{**given_position, "hand": tuple(hand)})
    assert _verdicts(state, False) == _verdicts(shuffled, False)
    assert _hint(state) == _hint(shuffled)
