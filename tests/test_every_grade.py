"""Every graded move of the gallery and of the expert positions: a "Better:" that can be played now (or is said
as a line that starts with a move that can), and a weak grade with a finding that names what it costs."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from tutor.coach.principles import phrase_of
from tutor.coach.templates import FINDINGS, chance_in_words
from tutor.coach.verdicts import BEST_MARGIN, Judge
from tutor.engine.cards import SKIP_BO as SB
from tutor.engine.legal import legal_moves
from tutor.engine.moves import Draw, PileKind, Transfer
from tutor.engine.play import apply_move
from tutor.engine.notation import format_move, parse_move
from tutor.engine.rules import check_move
from tutor.engine.state import Phase
from tutor.coach.search import TurnSearch
from tutor.engine.view import player_view
from tutor.scenario import load_scenario

from analysis_positions import position
from test_expert_set import EXPERT, expert_position
from test_findings import said

# findings whose sentence carries their chance whenever they have one
CHANCE_SAID = ("refill-frees-stock", "refill-stock-less", "refill-wins-less", "opponent-may-win",
               "refill-feeds-opponent", "refill-missed-wins", "refill-missed-last-wins")

GALLERY = Path(__file__).parent.parent / "scenarios"


def _positions() -> list:
    found = []
    for path in sorted(GALLERY.rglob("*.yaml")):
        state = load_scenario(path).state
        if state.phase is Phase.PLAY:
            found.append(pytest.param(state, id=f"gallery/{path.relative_to(GALLERY).with_suffix('')}"))
    for path in sorted(EXPERT.glob("*.yaml")):
        for entry in yaml.safe_load(path.read_text()):
            found.append(pytest.param(expert_position(entry), id=f"expert/{path.stem}/{entry['id']}"))
    return found


POSITIONS = _positions()


def _graded(state) -> list:
    """Every move of ``state`` not graded best, with its verdict."""
    judge = Judge()
    moves = [move for move in legal_moves(state) if not isinstance(move, Draw)]
    return [(move, verdict) for move in moves if (verdict := judge(state, move)).grade != "best"]


@pytest.mark.parametrize("state", POSITIONS)
def test_every_better_move_can_be_played_now_or_is_said_as_a_line(state):
    for move, verdict in _graded(state):
        key = parse_move(verdict.key_move)
        first = parse_move(verdict.better.split(", ")[0])
        if "a line of" in verdict.explanation:
            assert (f"starts: {phrase_of(state, first)};" in verdict.explanation
                    or f"moves: {phrase_of(state, first)}" in verdict.explanation), (format_move(move), verdict)
            assert check_move(state, first).legal
        else:
            assert check_move(state, key).legal, (format_move(move), verdict.explanation)
            assert phrase_of(state, key) in verdict.explanation, (format_move(move), verdict.explanation)


def test_an_sb_that_waits_for_a_freed_slot_is_said_as_the_end_of_a_line():
    # pile 1 shows an 11: the better turn completes it with the 12, then plays the SB as a 1 under the stock 2
    state = position(hand=(12, SB, 4, 4, 3), stock=2, count=5, build=(11, 5, 8, 9), opponent=10)
    verdict = Judge()(state, parse_move("hand 3 to discard 1"))
    assert verdict.better.startswith("hand 12 to build 1, hand SB to build 1")
    assert ("Better: a line of 2 moves that starts: play the 12 from your hand on build pile 1; in it you play the "
            "SB from your hand on build pile 1 as a 1, which frees the 2 on your stock.") in verdict.explanation


def _steps(state, limit: int = 12):
    """Each position the best turn passes through, from ``state`` on (the hand drawn where it runs out), with the
    ``Judge`` that grades its moves."""
    judge = Judge()
    seat = state.turn
    for _ in range(limit):
        if state.phase is not Phase.PLAY or state.turn != seat:
            return
        if not state.mover.hand:
            draws = [move for move in legal_moves(state) if isinstance(move, Draw)]
            if not draws:
                return
            state = apply_move(state, draws[0]).state
            continue
        yield state, judge
        best = judge.search(player_view(state, state.turn)).best_moves()
        if not best or not isinstance(best[0], Transfer):
            return
        state = apply_move(state, best[0]).state


def _graded_along(state) -> list:
    """Every move not graded best at every step of the best turn, with the position and its verdict."""
    found = []
    for at, judge in _steps(state):
        for move in legal_moves(at):
            if not isinstance(move, Draw) and (verdict := judge(at, move)).grade != "best":
                found.append((at, move, verdict))
    return found


@pytest.mark.parametrize("state", POSITIONS)
def test_every_grade_below_best_says_its_reason(state):
    """At every step of the best turn, every move below best opens its explanation -- "Fine, though slightly
    better" too -- with the finding that costs, which names a card or a pile in its sentence (and its chance,
    where it has one); never the plain "worth less"."""
    for at, move, verdict in _graded_along(state):
        context = (format_move(move), verdict.explanation)
        assert verdict.findings, context
        reason = verdict.findings[0]
        assert verdict.explanation.startswith(reason.sentence), context
        assert reason.kind != "worth-less", context
        assert reason.names, context
        assert any(_names(reason.sentence, named, at.mover.name) for named in reason.names), context
        if reason.chance is not None and f"{reason.kind}-chance" in FINDINGS or reason.kind in CHANCE_SAID:
            assert chance_in_words(reason.chance) in reason.sentence, context


@pytest.mark.parametrize("state", POSITIONS)
def test_every_better_move_is_its_own_point_or_said_as_the_line(state):
    """At every step of the best turn, "Better:" names a move that, the turn ended right after it, is worth more
    than the judged move's line (or empties the hand, or frees a stock card its sentence names); else it says
    the line that makes the point, whose moves, the turn ended after them, are worth more (or are all its plays)."""
    searches = {}
    for at, move, verdict in _graded_along(state):
        if verdict.findings[0].kind == "reveal-first":
            continue  # the same line with a stock card first: said as that
        search = searches.setdefault(id(at), TurnSearch(player_view(at, at.turn)))
        after = search.value_after(move)
        text = verdict.explanation
        if " moves: " in text:  # said as the line
            count = int(text.split("a line of ")[1].split()[0])
            values = search.stop_values()
            plays = [step for step in search.best().moves if not step.is_discard]
            assert count == len(plays) or values[count - 1] > after + BEST_MARGIN, text
            assert count == 1 or values[count - 2] <= after + BEST_MARGIN or count == len(plays), text
        elif "starts:" not in text and not set(search.best().moves) <= set(search.best_after(move).moves):
            # one move, playable now (where the line after the move plays every move of the best turn, the
            # difference is what the judged move adds, and "Better:" names the best turn's first move)
            alone = search.value_alone(parse_move(verdict.key_move))
            assert alone is None or alone > after + BEST_MARGIN or "which frees" in text, text


def test_a_move_that_alone_hands_over_the_round_is_said_with_the_line_that_makes_its_point():
    # the stock 8 alone would leave pile 1 at 8 under Anna's last 9; with the 9 from hand on it the pile passes her
    state = expert_position(next(entry for entry in yaml.safe_load((EXPERT / "endgame.yaml").read_text())
                                 if entry["id"] == "stock-then-cover"))
    verdict = Judge()(state, parse_move("hand 4 to discard 1"))
    assert ("Better: a line of 2 moves: play the 8 on your stock on build pile 1, then play the 9 from your hand on "
            "build pile 1, which clears build pile 1 from under the 9 on Anna's stock.") in verdict.explanation


@pytest.mark.parametrize("state", POSITIONS)
def test_keeping_cards_in_hand_is_said_only_of_the_cards_kept(state):
    """A reason that the move keeps cards in hand names cards the line after it really keeps, while the best turn
    empties the hand; one that names a stock card left stuck names the mover's stock top, which that line does
    not play and the best turn's new cards play in some of its deals."""
    for at, move, verdict in _graded_along(state):
        reason = verdict.findings[0]
        if not reason.kind.startswith(("refill-missed", "refill-frees-stock")):
            continue
        search = TurnSearch(player_view(at, at.turn))
        best, after = search.best(), search.best_after(move)
        assert best.ending == "refill" and after.ending != "refill", verdict.explanation
        kept = [named for named in reason.names if named.pile == "hand"]
        if reason.kind.startswith("refill-missed-last"):
            assert not kept and after.moves[-1].is_discard, verdict.explanation
            continue
        assert kept and "keeps" in reason.sentence, verdict.explanation
        if reason.kind == "refill-frees-stock":
            stock = next(named for named in reason.names if named.pile == "stock")
            assert stock.card == at.mover.stock_top, verdict.explanation
            assert not any(step.source.kind is PileKind.STOCK and step.source.owner is None
                           for step in (*best.moves, *after.moves) if isinstance(step, Transfer)), verdict.explanation
            assert 0 < reason.chance.value and reason.chance.won == sum(
                any(isinstance(step, Transfer) and step.source.kind is PileKind.STOCK and step.source.owner is None
                    for step in deal.moves) for deal in best.deals), verdict.explanation


@pytest.mark.parametrize("state", POSITIONS)
def test_a_reordering_of_the_best_line_gets_one_label_wherever_it_occurs(state):
    """A move of the best line played first, reaching the same cards in the same places, is as good as the best
    (graded best) unless a stock card that turns up its next one comes before it in the best line: then it is
    good, with that stock card named to come first."""
    for at, judge in _steps(state):
        plays = [move for move in judge.search(player_view(at, at.turn)).best_moves()
                 if isinstance(move, Transfer) and not move.is_discard]
        target = _end(at, plays)
        for index, move in enumerate(plays[1:], start=1):
            if _end(at, [move, *plays[:index], *plays[index + 1:]]) != target:
                continue  # it must wait for the moves before it: no reordering
            waits = any(_reveals(at, earlier) for earlier in plays[:index]) and not _reveals(at, move)
            verdict = judge(at, move)
            assert verdict.grade == ("good" if waits else "best"), (format_move(move), verdict.explanation)
            if waits:
                assert verdict.findings[0].kind == "reveal-first", verdict.explanation


def _names(sentence: str, named, mover: str) -> bool:
    """Whether ``sentence`` names the card or pile ``named`` stands for (and its owner, when not the mover)."""
    return (named.player == mover or named.player in sentence) and said(sentence, named._replace(player=mover), mover)


def _reveals(state, move) -> bool:
    return isinstance(move, Transfer) and move.source.kind is PileKind.STOCK


def _end(state, moves):
    """The cards where ``moves``, played in turn from ``state``, leave them (None if one cannot be played)."""
    for move in moves:
        if not check_move(state, move).legal:
            return None
        state = apply_move(state, move).state
    return (tuple(state.build_value(slot) for slot in range(4)),
            tuple(sorted(state.players[state.turn].hand, key=str)),
            tuple(player.discards for player in state.players), tuple(len(player.stock) for player in state.players))


def test_discarding_a_high_card_instead_of_a_higher_one_says_which_is_kept():
    state = position(hand=(10, 12, 11, 9, 8), stock=2, count=12, build=(3, 3, 3, 3), opponent=1)
    verdict = Judge()(state, parse_move("hand 10 to discard 1"))
    assert verdict.grade != "best" and verdict.findings[0].kind == "hand-higher"
    assert verdict.explanation.startswith("Discarding the 10 on the empty discard pile 1 keeps the 12 in hand, which "
                                          "the best turn discards instead")


def test_covering_a_card_that_leads_to_the_stock_is_said():
    # the 8 on discard pile 1 leads from pile 1 at 6 (with a 7) up to the stock 9: the 4 on it shuts it in
    state = position(hand=(12, 12, 4, 3, 1), stock=9, count=12, build=(6, 10, 9, 5), opponent=1, opponent_count=12,
                     discards=((8,), (), (), ()))
    judge = Judge()
    covering = judge(state, parse_move("hand 4 to discard 1"))
    assert covering.grade == "good" and covering.findings[0].kind == "discard-covers-bridge"
    assert covering.explanation.startswith("Discarding the 4 on the 8 on discard pile 1 covers the 8, one of the "
                                           "cards that lead from build pile 1 up to the 9 on your stock")
    beside = judge(state, parse_move("hand 4 to discard 2"))
    assert "discard-covers-bridge" not in [finding.kind for finding in beside.findings]


def test_a_good_move_whose_cost_no_finding_names_is_as_good_as_the_best(monkeypatch):
    # discarding the 12 on an empty pile gives up the run 4 on 5 (good); were no card or pile to be named for it,
    # the difference would be the weights' alone, and the move is graded as good as the best
    state = load_scenario(GALLERY / "strategy" / "spread-discards-good.yaml").state
    move = parse_move("hand 12 to discard 2")
    assert Judge()(state, move).grade == "good"
    import tutor.coach.principles as principles

    monkeypatch.setattr(principles, "detect", lambda ctx: [principles.Finding("worth-less", None, 0.3, {"doing": ""})])
    verdict = Judge()(state, move)
    assert verdict.grade == "best" and not verdict.findings and 0 < verdict.loss < 1
