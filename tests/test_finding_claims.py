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
  stock card frees none;
- an opponent's discard run said to lead up to their stock card lies on the
  discard pile named, card by card from the top, one above the build pile the
  line leaves, and ends one below their stock card.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tutor.coach.principles import side_stock, source_seat
from tutor.coach.search import TurnSearch
from tutor.coach.chances import Chance
from tutor.coach.templates import chance_in_words
from tutor.coach.verdicts import Judge
from tutor.engine.legal import legal_moves
from tutor.engine.moves import Draw, PileKind, Transfer
from tutor.engine.notation import parse_move
from tutor.engine.view import player_view

from analysis_positions import position
from position_helpers import seat, table
from position_strategies import CARDS, build_piles, dealt_games, discard_piles, hands

TURN_ENDS = ("opponent-served", "opponent-wins", "opponent-frees-slot", "opponents-closer")
def _runs(highest: int):
    """A discard pile (bottom to top) holding a run of two to four cards up to ``highest``, maybe on another card."""
    return st.tuples(st.integers(2, 4), st.lists(CARDS, max_size=1)).map(
        lambda drawn: tuple(drawn[1]) + tuple(range(highest, max(0, highest - drawn[0]), -1)))


@st.composite
def endgames(draw):
    opponent = draw(st.integers(1, 12))
    runs = _runs(opponent - 1) if opponent > 3 else st.nothing()  # a run leading up to her stock card
    anna = draw(st.one_of(st.lists(CARDS, max_size=2), runs))
    return position(hand=draw(hands()), stock=draw(st.integers(1, 12)), count=draw(st.sampled_from([1, 2, 3, 12])),
                    build=draw(build_piles()), discards=draw(discard_piles()),
                    opponent=opponent, opponent_discards=(tuple(anna),),
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
                entry = finding.to_json()
                said = round(entry["chance"], 2)
                assert chance_in_words(Chance.from_json(said, entry, "chance_")) in text, text
                if finding.kind.startswith("opponent"):
                    assert verdict.opponent_wins_next and said == verdict.opponent_wins_next["chance"], text
                    assert entry["chance_method"] == verdict.opponent_wins_next["method"], text
                assert "every deal" not in text or said == 1.0 or finding.fields.get("best_chance") == "every deal", text
            if "the last stock card" in text and finding.kind.startswith("opponent-"):
                seat = view.seat_of(finding.fields["player"])
                assert side_stock(view, seat) == 1, text
            if finding.kind == "opponent-may-win":
                assert finding.fields["chance"] != finding.fields["best_chance"], text
            if finding.kind == "opponent-run":
                _check_run(view, finding, search.best_after(move))
            if finding.kind in ("stock-stuck", "stock-stuck-refill"):  # the stock named is one the line leaves
                after = search.best_after(move)
                named = view.seat_of(finding.names[0].player)
                assert not any(isinstance(step, Transfer) and step.source.kind is PileKind.STOCK
                               and source_seat(view, step) == named for step in after.moves), text
            if finding.kind.startswith(("refill-missed", "refill-frees-stock")) and " keeps " in text:
                assert len(view.mover.hand) > 1 or not (isinstance(move, Transfer) and move.is_discard), text
            if finding.kind == "wild-spent":
                after = search.best_after(move)
                assert after.stock_played == 0 and after.ending != "refill", text
    return checked


@st.composite
def run_openings(draw):
    """Anna's discard run leads up to her stock card, and our hand can bring a pile to just below the run."""
    stock = draw(st.integers(5, 12))
    length = draw(st.integers(2, min(4, stock - 3)))
    low = stock - length  # the run is low .. stock - 1; a pile at low - 1 opens it
    under = draw(st.lists(CARDS, max_size=1))
    build = draw(st.permutations([low - 2, *draw(build_piles(3))]))
    return position(hand=(low - 1, *draw(hands(0, 4))), stock=draw(st.integers(1, 12)), count=draw(st.sampled_from([2, 12])),
                    build=tuple(build), opponent=stock, opponent_count=draw(st.sampled_from([2, 15])),
                    opponent_discards=(tuple(under) + tuple(range(stock - 1, low - 1, -1)),))


def _check_run(view, finding, after) -> None:
    """The run a finding names: where its sentence says, card by card, from the pile the line leaves to the stock."""
    build, *cards, stock = finding.names
    player = view.players[view.seat_of(stock.player)]
    assert after.builds[build.number - 1] == build.card == finding.fields["value"], finding.sentence
    assert stock.pile == "stock" and player.stock_top == stock.card and len(cards) >= 2, finding.sentence
    for step, named in enumerate(cards, 1):
        pile = player.discards[named.number - 1]
        assert named.pile == "discard" and named.player == player.name and named.depth == step, finding.sentence
        assert pile[-step] == named.card == build.card + step, finding.sentence
    assert cards[-1].card == stock.card - 1, finding.sentence
    run = "-".join(str(named.card) for named in cards)
    assert f"discard run {run} on discard pile {cards[0].number}" in finding.sentence, finding.sentence


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(endgames())
def test_no_finding_claims_what_its_line_contradicts(state):
    _check_claims(state)


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(run_openings())
def test_a_discard_run_said_to_lead_to_the_stock_is_there(state):
    _check_claims(state)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(dealt_games([(2, False), (3, False), (4, True)]))
def test_no_finding_in_dealt_games_claims_what_its_line_contradicts(state):
    _check_claims(state)


def test_the_claims_are_checked_on_real_findings():
    # the last-card race: our 9 against Anna's 8; playing out the hand draws five new cards
    race = position(hand=(5, 6, 7, 2, 3), stock=9, count=1, build=(4, 1, None, None), opponent=8, opponent_count=1)
    # her last card, a 12, over our pile at 10: the 11 hands her the round in every deal
    certain = position(hand=(11, 3, 4, 6, 9), stock=12, build=(10, None, None, None), opponent=12, opponent_count=1)
    assert _check_claims(race) > 0 and _check_claims(certain) > 0


def test_a_discard_run_into_the_stock_is_named():
    # Anna's discard pile 1 holds 8 under 7, her stock shows 9: our 6 on the 5 opens the run 7-8 into her 9
    state = position(hand=(6, 3, 10, 11, 4), stock=12, build=(5, 2, None, None), opponent=9,
                     opponent_discards=((8, 7),))
    verdict = Judge()(state, parse_move("hand 6 to build 1"))
    assert verdict.findings[0].kind == "opponent-run"
    assert "leaves Anna's discard run 7-8 on discard pile 1 leading up to the 9 on Anna's stock" in verdict.explanation
    assert _check_claims(state) > 0


def test_a_stock_card_said_stuck_is_one_the_line_after_the_move_leaves():
    # the SB as a 12 on pile 2 leaves Bo's 12 stuck; our 9 still goes out on pile 1
    state = table(seat("you", stock=9, count=5, hand=("SB", 3, 4, 6, 5)), seat("Cleo", stock=2, hand=5),
                  seat("Bo", stock=12, count=5, hand=5), seat("Dan", stock=2, hand=5), build=[8, 11, None, None],
                  rules={"teams": [["you", "Bo"], ["Cleo", "Dan"]]}, draw_pile=60)
    verdict = Judge()(state, parse_move("hand SB to build 2"))
    assert verdict.findings[0].kind == "stock-stuck"
    assert "leaves the 12 on Bo's stock stuck" in verdict.explanation and "the 9 on your stock" not in verdict.reason
    assert _check_claims(state) > 0


def test_discarding_the_last_card_is_not_said_to_keep_cards_in_hand():
    state = position(hand=(1,), stock=5, count=5, build=(3, None, None, None), opponent=10)
    verdict = Judge()(state, parse_move("hand 1 to discard 1"))
    assert verdict.findings[0].kind == "refill-missed-last" and "keeps cards" not in verdict.explanation
    assert "ends the turn with the last card in hand, the 1, so no new cards are drawn" in verdict.explanation


def test_an_sb_covered_on_a_discard_pile_is_not_said_to_be_lost():
    state = position(hand=(7, 3, 4, 10, 10), stock=12, count=5, build=(3, None, None, None), opponent=10,
                     discards=(("SB",), (), (), ()))
    verdict = Judge()(state, parse_move("hand 7 to discard 1"))
    finding = next(finding for finding in verdict.findings if finding.kind == "wild-buried")
    assert "can be played only after the cards on top of it" in finding.sentence
    assert "no longer" not in finding.sentence


def test_one_wild_card_is_said_in_the_singular():
    state = table(seat("you", stock=9, count=5, hand=("SB", 3, 4, 6, 5)), seat("Cleo", stock=2, hand=5),
                  seat("Bo", stock=12, count=5, hand=5), seat("Dan", stock=2, hand=5), build=[8, 11, None, None],
                  rules={"teams": [["you", "Bo"], ["Cleo", "Dan"]]}, draw_pile=60)
    verdict = Judge()(state, parse_move("hand SB to build 2"))
    spent = next(finding for finding in verdict.findings if finding.kind == "wilds-more")
    assert "spends 1 wild card where the best turn spends 0 wild cards" in spent.sentence
