"""Findings: every card, pile and player an explanation names is what the position shows, and says so in words.

Positions come from seeded deals played on by bots (2 and 3 players, teams)
and from hand-made ones; every legal move of each is judged, and each step of
the best turn is explained as ``tutor hint`` does.
"""

from __future__ import annotations

import json
import re
from dataclasses import replace
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tutor.cli.app import app
from tutor.coach.principles import Named, along, end_of, phrase_of
from tutor.coach.reasons import turn_steps
from tutor.coach.search import TurnSearch
from tutor.coach.templates import ACHIEVES, BETTER, FINDINGS, MOVES, chance_in_words
from tutor.coach.verdicts import Judge, assess_move
from tutor.engine.cards import SKIP_BO, card_label
from tutor.engine.legal import legal_moves
from tutor.engine.moves import Draw, Transfer
from tutor.engine.notation import parse_move
from tutor.engine.rules import check_move
from tutor.engine.state import GameState, Phase
from tutor.engine.view import player_view
from tutor.scenario.loader import load_scenario

from analysis_positions import midgame, position

SB = SKIP_BO
DEALT = [(seed, turns, players, teams) for seed in range(8) for turns in (0, 6, 14)
         for players, teams in ((2, False), (3, False), (4, True))]
HAND_MADE = [
    position(hand=(SB, 3, 9, 10, 11), stock=12, build=(2, None, None, None)),
    position(hand=(6, 9, 10, 11, 12), stock=12, build=(5, None, None, None), opponent=7),
    position(hand=(8, 9, 10, 11, SB), stock=12, build=(7, 3, None, None), opponent=8, discards=((SB,), (5,), (), ())),
    position(hand=(9, 7, 12, 11, 3), stock=12, discards=((8,), (4,), (10,), (2,))),
    position(hand=(SB, SB, 3, 5, 7), stock=9, build=(1, 4, 2, 7), discards=((12, 11, 10, SB), (8, 7, 6), (11, 4), (2,)),
             opponent=6, opponent_discards=((9,),)),
]


def shows(state: GameState, named: Named) -> bool:
    """Whether ``state`` shows what ``named`` says."""
    seat = state.seat_of(named.player)
    assert seat is not None, named
    player = state.players[seat]
    if named.pile == "stock":
        return player.stock_top == named.card
    if named.pile == "hand":
        return named.card in player.hand
    if named.pile == "discard":
        cards = player.discards[named.number - 1]
        if named.card is None:
            return not cards
        return len(cards) >= named.depth and cards[-named.depth] == named.card
    assert named.pile == "build", named
    return state.build_value(named.number - 1) == named.card


def ended(view: GameState, moves) -> GameState:
    """Where a line ends: its build plays made and its final discard laid (the hand still as it was, less the
    discarded card)."""
    state = end_of(view, moves)
    last = moves[-1] if moves else None
    if isinstance(last, Transfer) and last.is_discard and state.phase is Phase.PLAY:
        mover = state.mover
        hand = list(mover.hand)
        hand.remove(last.card)
        piles = list(mover.discards)
        piles[last.target.number - 1] += (last.card,)
        players = list(state.players)
        players[state.turn] = replace(mover, hand=tuple(hand), discards=tuple(piles))
        state = replace(state, players=tuple(players))
    return state


def said(text: str, named: Named, mover: str) -> bool:
    """Whether the sentence ``text`` names what ``named`` stands for."""
    if named.player != mover and f"{named.player}'s" not in text:
        return False
    if named.pile == "build":
        return f"build pile {named.number}" in text
    if named.pile == "discard" and named.card is None:
        return f"discard pile {named.number}" in text
    return re.search(rf"\b{card_label(named.card)}\b", text) is not None


def judged_positions():
    for seed, turns, players, teams in DEALT:
        state = midgame(seed, turns, players=players, stock=12, teams=teams)
        if state.phase is Phase.PLAY:
            yield state
    yield from HAND_MADE


def test_every_finding_names_what_the_position_shows():
    weak = kinds = 0
    seen_kinds = set()
    for state in judged_positions():
        judge = Judge()
        view = player_view(state, state.turn)
        search = TurnSearch(view)
        best_end = ended(view, search.best().moves)
        for move in legal_moves(state):
            if isinstance(move, Draw):
                continue
            verdict = judge(state, move)
            if verdict.quality == "best":
                assert not verdict.findings
                continue
            weak += verdict.quality == "weak"
            after = search.best_after(move)
            positions = {"before": view, "after": ended(view, after.moves), "best": best_end}
            for finding in verdict.findings:
                seen_kinds.add(finding.kind)
                for named in finding.names:
                    assert shows(positions[named.when], named), (finding.sentence, named)
                    assert said(finding.sentence, named, view.mover.name), (finding.sentence, named)
                _check_counts(finding)
            pointer = "Better:" if verdict.quality == "weak" else "Fine, though slightly better:"
            assert verdict.explanation.count(pointer) == 1
            assert ", then" not in verdict.explanation or " moves: " in verdict.explanation  # only in a line said
    kinds = len(seen_kinds)
    assert weak > 100 and kinds >= 6, (weak, seen_kinds)


def _check_counts(finding) -> None:
    """A finding comparing two lines says the best one does more (no "fewer wild cards" when both keep one)."""
    fields = finding.fields
    if finding.kind in ("stock-stuck", "fewer-plays"):
        assert int(fields["best"].split()[0]) > int(fields["after"].split()[0]), finding.sentence
    if finding.kind == "wilds-fewer":
        assert fields["best"] > fields["after"], finding.sentence
    if finding.kind == "hand-kept":
        assert int(fields["after"].split()[0]) > int(fields["best"].split()[0]), finding.sentence


def test_every_step_of_a_best_turn_names_what_its_position_shows():
    steps = 0
    for state in judged_positions():
        view = player_view(state, state.turn)
        turn = TurnSearch(view).best()
        for (before, _), step in zip(along(view, turn.moves), turn_steps(view, turn)):
            steps += 1
            assert step.achieves
            for achievement in step.achieves:
                for named in achievement.names:
                    assert shows(before, named), (achievement.text, named)
                    assert said(achievement.text, named, view.mover.name), (achievement.text, named)
            assert "without using up a wild card" not in step.reason
    assert steps > 100


# -- the sentences found false or vague, one case each ----------------------------------------------


def verdict(state, text):
    move = parse_move(text)
    assert check_move(state, move).legal, text
    return assess_move(state, move)


def test_a_discard_is_never_said_to_build():
    # the best turn plays the 8 from hand past Anna's 8; the discard leaves build pile 1 at 7 under it
    state = position(hand=(8, 12, 10, 11, 4), stock=12, build=(7, None, None, None), opponent=8)
    result = verdict(state, "hand 12 to discard 1")
    assert result.quality == "weak"
    assert "build" not in result.findings[0].sentence.split("Better:")[0].replace("build pile", "")


def test_a_wild_card_played_where_a_natural_card_would_do_is_a_waste():
    state = HAND_MADE[0]  # build pile 1 at 2, a 3 and an SB in hand
    result = verdict(state, "hand SB to build 1")
    assert result.quality == "weak"
    kinds = [finding.kind for finding in result.findings]
    assert "wild-wasted-hand" in kinds
    wasted = result.findings[kinds.index("wild-wasted-hand")]
    assert "the 3 in your hand" in wasted.sentence


def test_stock_first_is_not_named_for_a_loss_that_is_not_the_stock():
    # the stock 12 is far from every pile; discarding instead of playing out the hand loses cards, not stock
    state = position(hand=(5, 6, 7, 8, 9), stock=12, build=(4, None, None, None))
    result = verdict(state, "hand 9 to discard 1")
    assert result.quality == "weak"
    assert "strategy.stock-first" not in result.principles
    assert result.findings[0].kind == "refill-missed"
    assert "plays 5 cards onto the build piles, empties the hand" in result.reason


def test_the_better_turn_is_pointed_to_by_its_key_move():
    # the SB as a 6 frees the stock 7: that is the move to name, not the whole line
    state = position(hand=(SB, 9, 10, 11, 3), stock=7, build=(5, None, None, None), opponent=2)
    result = verdict(state, "hand 9 to discard 1")
    assert result.quality == "weak"
    pointer = result.explanation.split("Better: ")[1]
    assert pointer.startswith("play the SB from your hand on build pile 1 as a 6, which frees the 7 on your stock")
    assert result.key_move == "hand SB to build 1"
    assert result.better.startswith("hand SB to build 1, stock 7 to build 1")


def test_a_play_before_the_draw_with_a_full_hand_is_judged():
    state = position(hand=(5, 9, 10, 11, 12), stock=5, phase="start")
    result = verdict(state, "hand 9 to discard 1")
    assert result.quality == "weak" and "Nothing to choose" not in result.explanation


def test_an_opponent_left_within_reach_of_the_last_stock_card_is_named_with_the_chance_when_known():
    from tutor.coach.principles import Context, opponent_wins, reaching_slot

    state = position(hand=(11, SB, 3, 4, 6), stock=12, build=(10, None, None, None), opponent=12)
    anna = replace(state.players[1], stock=(12,))  # Anna's last stock card
    view = player_view(replace(state, players=(state.players[0], anna)), 0)
    move = parse_move("hand 11 to build 1")  # build pile 1 at 11, under Anna's 12
    best = TurnSearch(view).best()
    after = best._replace(moves=(move,), builds=(11, 0, 0, 0), value=best.value - 20)
    cleared = best._replace(builds=(0, 0, 0, 0))
    plain = opponent_wins(Context(view, move, cleared, after))
    assert plain is not None and plain.chance is None
    assert "build pile 1 at 11, from where Anna can play out the last stock card, a 12" in plain.sentence
    likely = opponent_wins(Context(view, move, cleared, after, {1: 0.66}))
    assert likely.chance == 0.66 and "in about 2 of 3 deals" in likely.sentence
    certain = opponent_wins(Context(view, move, cleared, after, {1: 1.0}))
    assert "in every deal" in certain.sentence and "about" not in certain.sentence
    assert likely.to_json()["chance"] == 0.66
    assert opponent_wins(Context(view, move, after, after)) is None  # the best line leaves it too: no finding
    assert reaching_slot((9, 0, 0, 0), 12, (10, SB)) == 1  # her discard tops carry a pile up to her card
    assert reaching_slot((9, 0, 0, 0), 12, (10,)) is None


def test_chances_in_words():
    assert chance_in_words(0.66) == "about 2 of 3 deals"
    assert chance_in_words(0.5) == "about 1 of 2 deals"
    assert chance_in_words(0.9) == "about 9 of 10 deals"


def test_every_template_fills_from_named_fields():
    for table in (MOVES, FINDINGS, BETTER, ACHIEVES):
        for text in table.values():
            assert text.count("{") == text.count("}")


# -- tutor hint and tutor check in words -------------------------------------------------------------------

runner = CliRunner()


def test_hint_with_nothing_to_play_prints_no_empty_best_turn():
    result = runner.invoke(app, ["hint", "--build", "6", "--stock", "9"])
    assert result.exit_code == 0, result.output
    assert "Best turn:" not in result.stdout and "No card to play." in result.stdout


def test_hint_calls_equal_turns_equal():
    # the 1 and the 3 go on their piles in either order: no stock card turns up in between
    args = ["hint", "--build", "2,-,-,-", "--stock", "8", "--hand", "3,1,10,11,12", "--opponent", "Anna:12"]
    result = runner.invoke(app, args)
    assert "(as good)" in result.stdout and "worse by 0.0" not in result.stdout
    document = json.loads(runner.invoke(app, [*args, "--json"]).stdout)
    assert any(turn["equal"] for turn in document["runners_up"])
    for step in document["best"]["steps"]:
        assert step["findings"] and step["reason"]


def test_hint_plays_the_stock_card_before_the_cards_that_can_wait():
    # the 3 could go before the stock 7 or after it: played first, the 7 turns up a card that may change the rest
    args = ["hint", "--build", "6,-,2,-", "--stock", "7", "--hand", "3,5,SB,9,12", "--opponent", "Anna:12"]
    document = json.loads(runner.invoke(app, [*args, "--json"]).stdout)
    assert document["best"]["moves"][:2] == ["stock 7 to build 1", "hand 3 to build 3"]
    assert document["best"]["steps"][0]["findings"][1]["id"] == "stock-look-first"
    later = next(turn for turn in document["runners_up"] if turn["moves"][0] == "hand 3 to build 3")
    assert later["loss"] == 0 and not later["equal"] and later["reveal_first"] == "stock 7 to build 1"
    text = " ".join(runner.invoke(app, args).stdout.split())
    assert "(as good in value, but stock 7 to build 1 should come first: it turns up a card)" in text


def test_check_json_carries_the_findings():
    args = ["check", "--build", "6,-,2,-", "--stock", "7", "--hand", "3,5,SB,9,12", "--opponent", "Anna:12",
            "hand 9 to discard 1", "--json"]
    entry = json.loads(runner.invoke(app, args).stdout)["moves"][0]
    assert entry["quality"] == "weak" and entry["principles"] == ["strategy.stock-first"]
    assert entry["findings"][0]["id"] == "stock-stuck"
    assert entry["findings"][0]["names"] == [{"pile": "stock", "player": "you", "when": "before", "card": "7"}]
    assert entry["key_move"] == "stock 7 to build 1"
    assert entry["better"].count(",") >= 2  # the full line stays in better


def test_check_verbose_adds_the_whole_better_turn():
    args = ["check", "--build", "6,-,2,-", "--stock", "7", "--hand", "3,5,SB,9,12", "--opponent", "Anna:12",
            "hand 9 to discard 1"]
    short, verbose = runner.invoke(app, args), runner.invoke(app, [*args, "--verbose"])
    assert "Better: play the 7 on your stock on build pile 1." in " ".join(short.stdout.split())
    assert "The whole better turn" not in short.stdout
    assert "The whole better turn: stock 7 to build 1, hand 3 to build 3" in " ".join(verbose.stdout.split())


def test_hint_steps_say_what_they_achieve():
    args = ["hint", "--build", "5", "--stock", "7", "--hand", "SB,9,10,11,3", "--opponent", "Anna:2", "--json"]
    steps = json.loads(runner.invoke(app, args).stdout)["best"]["steps"]
    assert steps[0]["move"] == "hand SB to build 1"
    assert steps[0]["reason"] == "Uses the SB as a 6; frees the 7 on your stock."
    assert [finding["id"] for finding in steps[0]["findings"]] == ["wild-as", "frees-stock"]
    assert steps[1]["reason"].startswith("Gets the 7 on your stock out")


@pytest.mark.parametrize("chance, words", [(1.0, "every deal"), (0.996, "every deal"), (0.0, "no deal"),
                                           (0.97, "about 9 of 10 deals"), (0.02, "about 1 of 50 deals"),
                                           (0.04, "about 1 of 25 deals"), (0.14, "about 1 of 10 deals"),
                                           (0.67, "about 2 of 3 deals"), (0.5, "about 1 of 2 deals")])
def test_a_chance_is_said_as_the_json_rounds_it_certainties_as_certainties(chance, words):
    assert chance_in_words(chance) == words


def test_handing_the_opponent_the_round_names_her_last_card_and_the_chance():
    state = load_scenario(Path(__file__).parent / "fixtures" / "last-card.yaml").state
    verdict = assess_move(state, parse_move("hand 11 to build 1"))
    assert verdict.quality == "weak" and verdict.opponent_wins_next["player"] == "Anna"
    finding = verdict.findings[0]
    assert finding.kind == "opponent-wins" and finding.chance.value == verdict.opponent_wins_next["chance"]
    assert finding.chance.method == verdict.opponent_wins_next["method"] == "exact"  # a last card: counted exactly
    assert "Anna" in verdict.reason and "a 12" in verdict.reason and "in every deal" in verdict.reason


def test_a_key_move_that_waits_on_others_is_said_as_the_end_of_a_line():
    state = load_scenario(Path(__file__).parent / "fixtures" / "key-move-later.yaml").state
    verdict = assess_move(state, parse_move("hand 10 to discard 1"))
    assert verdict.quality == "weak" and not check_move(state, parse_move(verdict.key_move)).legal
    count = verdict.better.split(", ").index(verdict.key_move) + 1
    first = phrase_of(state, parse_move(verdict.better.split(", ")[0]))
    assert (f"Better: a line of {count} moves that starts: {first}; in it you play the 7 from your discard pile 3"
            in verdict.explanation)
    assert "which frees the 8 on your stock" in verdict.explanation


def test_hint_with_nothing_to_draw_and_nothing_to_play_speaks_of_the_stalemate(tmp_path):
    scenario = tmp_path / "starved.yaml"
    scenario.write_text("title: nothing to draw\nbuild: [6, null, null, null]\ndraw_pile: 0\nphase: start\n"
                        "players:\n  - {name: you, stock: {top: 9, count: 5}, hand: [12], discards: []}\n"
                        "  - {name: Anna, stock: {top: 3, count: 5}, hand: 5}\n")
    result = runner.invoke(app, ["hint", str(scenario)])
    assert result.exit_code == 0, result.output
    assert "Nothing is left to draw" in result.stdout and "draws up to five" not in result.stdout
    assert "the round ends in a stalemate" in result.stdout
    document = json.loads(runner.invoke(app, ["hint", str(scenario), "--json"]).stdout)
    assert document["best"]["stalemate"] == "possible"
    assert document["best"]["steps"][0]["findings"][0]["id"] == "draws-nothing"


def test_hint_says_a_runner_up_loss_in_stock_cards():
    args = ["hint", "--build", "6,-,2,-", "--stock", "7", "--hand", "3,5,SB,9,12", "--opponent", "Anna:12"]
    result = runner.invoke(app, args)
    document = json.loads(runner.invoke(app, [*args, "--json"]).stdout)
    worse = next(turn for turn in document["runners_up"] if turn["loss"] > 0)
    assert f"worse by {worse['loss'] / 10:.2f} stock cards" in " ".join(result.stdout.split())



def test_hint_says_a_runner_up_that_misses_the_win_in_words():
    # the last stock card wins at once: a runner-up that discards instead loses about WIN, not stock cards
    args = ["hint", str(Path(__file__).parent.parent / "scenarios" / "endgame" / "last-stock-card.yaml")]
    result = runner.invoke(app, args)
    document = json.loads(runner.invoke(app, [*args, "--json"]).stdout)
    assert document["best"]["ending"] == "win"
    missing = [turn for turn in document["runners_up"] if turn["ending"] != "win"]
    assert missing and all(turn["loss"] > 1000 for turn in missing)
    assert " ".join(result.stdout.split()).count("(misses the win)") == len(missing)
    assert "worse by" not in result.stdout

def test_hint_keeps_a_discard_run_open_while_discard_piles_are_empty():
    # nothing plays on the 10s; the 6 on the 8 would shut the run 9-8 in, and two discard piles are empty
    args = ["hint", "--build", "10,10,10,10", "--stock", "12", "--hand", "4,4,5,5,6", "--discards", "9,8/-/-/2",
            "--opponent", "Anna:3", "--json"]
    document = json.loads(runner.invoke(app, args).stdout)
    discard = document["best"]["moves"][-1]
    assert discard in ("hand 6 to discard 2", "hand 6 to discard 3"), discard
