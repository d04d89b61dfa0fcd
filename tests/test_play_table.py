"""The front end of ``tutor play`` driven without a terminal: the coach's modes, hints, undo refusals."""

from __future__ import annotations

import io

from rich.console import Console

from tutor.cli.play_table import PlayTable
from tutor.coach.search import TurnSearch
from tutor.engine.notation import format_move
from tutor.engine.view import player_view
from tutor.play import texts
from tutor.play.game import Game, Settings


def sit(coach: str, script=()):
    """Play a short game to its end; ``script`` is typed first, then the strong bot's moves."""
    game = Game.new(Settings(("greedy",), stock_size=4, seed=6, coach=coach))
    typed = list(script)
    out = io.StringIO()
    prompts = []

    def ask(prompt: str) -> str:
        prompts.append(prompt)
        if prompt != texts.PROMPT:
            return ""
        if typed:
            return typed.pop(0)
        return format_move(TurnSearch(player_view(game.state, game.human)).best_moves()[0])

    table = PlayTable(Console(file=out, width=60, color_system=None), game, ask, pace=0, save=lambda: None)
    table.run()
    return game, " ".join(out.getvalue().split()), prompts  # sentences wrapped at 60 columns, joined again


def test_the_quiet_coach_sums_up_after_the_round_and_never_interrupts():
    game, shown, _ = sit("quiet", ["hint"])
    assert game.finished
    assert "Coach's summary of your moves this round" in shown
    assert "Coach: " not in shown and texts.COACH_UNDO not in shown
    assert texts.HINT_TITLE in shown


def test_with_the_coach_off_there_is_no_grading_and_no_undo():
    game, shown, _ = sit("off", ["undo", "?"])
    assert texts.NO_UNDO_OFF in shown and texts.MOVES_TITLE in shown
    assert "Coach" not in shown


def test_with_the_coach_on_undo_needs_a_flagged_move():
    game, shown, _ = sit("on", ["undo"])
    assert texts.NO_UNDO in shown
    assert game.finished and all(not turn.undone for turn in game.round.turns)


def test_every_card_played_onto_a_build_pile_is_confirmed():
    from tutor.engine.moves import PileKind, Transfer
    from tutor.engine.rules import check_move
    from tutor.records.replay import round_steps

    game, shown, _ = sit("off")
    record = game.record
    plays = [step for step in round_steps(record.setup, record.rounds[0])
             if step.before.turn == game.human and isinstance(step.move, Transfer)
             and step.move.target.kind is PileKind.BUILD]
    assert plays
    for step in plays:
        assert "-> " + check_move(step.before, step.move).reason in shown
