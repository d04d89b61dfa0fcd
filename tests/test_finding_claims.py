"""Findings that cannot lie: each claim a sentence makes is checked on the line it speaks of.

Positions are generated (endgames with the opponent and the mover close to
their last stock cards, hands that can be emptied, four piles in play) and
every legal move is judged. For each finding of a weak verdict:

- a sentence saying where "your turn still ends" speaks of a line that really
  ends there: never one that emptied the hand with cards left to draw;
- a chance said in words is the chance in the JSON (a certainty as
  "every deal", never "about 9 of 10"), and it is the verdict's own;
- an opponent said to win with "the last stock card" has no other stock card
  on their side (a partner's stock counts);
- a comparison of chances names two that differ; a wild card said to free no
  stock card frees none.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tutor.coach.principles import side_stock
from tutor.coach.search import TurnSearch
from tutor.coach.templates import chance_in_words
from tutor.coach.verdicts import Judge
from tutor.engine.cards import SKIP_BO
from tutor.engine.legal import legal_moves
from tutor.engine.moves import Draw
from tutor.engine.view import player_view

from analysis_positions import midgame, position

TURN_ENDS = ("opponent-served", "opponent-wins", "opponent-frees-slot", "opponents-closer")
CARDS = st.sampled_from([SKIP_BO, *range(1, 13)])


@st.composite
def endgames(draw):
    build = draw(st.lists(st.one_of(st.none(), st.integers(1, 11)), min_size=4, max_size=4))
    hand = draw(st.lists(CARDS, min_size=1, max_size=5))
    discards = draw(st.lists(st.lists(CARDS, max_size=2), min_size=4, max_size=4))
    anna = draw(st.lists(CARDS, max_size=2))
    return position(hand=tuple(hand), stock=draw(st.integers(1, 12)), count=draw(st.sampled_from([1, 2, 3, 12])),
                    build=tuple(build), discards=tuple(tuple(pile) for pile in discards),
                    opponent=draw(st.integers(1, 12)), opponent_discards=(tuple(anna),),
                    opponent_count=draw(st.sampled_from([1, 2, 3, 15])), draw_pile=draw(st.sampled_from([60, 3, 0])))


def _check_claims(state) -> int:
    """Judge every legal move of ``state`` and check each finding's claims; the number of findings checked."""
    view = player_view(state, state.turn)
    search = TurnSearch(view)
    judge = Judge()
    checked = 0
    for move in legal_moves(state):
        if isinstance(move, Draw):
            continue
        verdict = judge(state, move)
        for finding in verdict.findings:
            checked += 1
            text = finding.sentence
            if finding.kind in TURN_ENDS or "turn still ends" in text:
                assert search.best_after(move).ending != "refill", text
            if finding.chance is not None:
                said = round(finding.to_json()["chance"], 2)
                assert chance_in_words(said) in text, text
                assert verdict.opponent_wins_next and said == verdict.opponent_wins_next["chance"], text
                assert ("every deal" in text) == (said == 1.0), text
            if "the last stock card" in text and finding.kind.startswith("opponent-"):
                seat = view.seat_of(finding.fields["player"])
                assert side_stock(view, seat) == 1, text
            if finding.kind == "opponent-may-win":
                assert finding.fields["chance"] != finding.fields["best_chance"], text
            if finding.kind == "wild-spent":
                after = search.best_after(move)
                assert after.stock_played == 0 and after.ending != "refill", text
    return checked


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(endgames())
def test_no_finding_claims_what_its_line_contradicts(state):
    _check_claims(state)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10_000), st.sampled_from([0, 8, 16]), st.sampled_from([(2, False), (3, False), (4, True)]))
def test_no_finding_in_dealt_games_claims_what_its_line_contradicts(seed, turns, seats):
    players, teams = seats
    state = midgame(seed, turns, players=players, stock=6, teams=teams)
    if state.phase.value == "play":
        _check_claims(state)


def test_the_claims_are_checked_on_real_findings():
    # the last-card race: our 9 against Anna's 8; playing out the hand draws five new cards
    race = position(hand=(5, 6, 7, 2, 3), stock=9, count=1, build=(4, 1, None, None), opponent=8, opponent_count=1)
    # her last card, a 12, over our pile at 10: the 11 hands her the round in every deal
    certain = position(hand=(11, 3, 4, 6, 9), stock=12, build=(10, None, None, None), opponent=12, opponent_count=1)
    assert _check_claims(race) > 0 and _check_claims(certain) > 0
