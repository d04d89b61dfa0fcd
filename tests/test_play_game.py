"""The game behind ``tutor play``: matches, teams, undo notes, and resuming from the saved record."""

from __future__ import annotations

import pytest

from tutor.cli.play_table import bot_move_lines
from tutor.coach.search import TurnSearch
from tutor.engine.dealing import StartRule
from tutor.engine.legal import legal_moves
from tutor.engine.moves import Draw, EndTurn, PileKind, Transfer
from tutor.engine.view import player_view
from tutor.play.game import Game, Settings
from tutor.play.saves import SaveStore
from tutor.records.files import read_record, record_text
from tutor.records.replay import replay_game


def human_turn(game: Game) -> None:
    """The human seat plays as the strong bot would, from its own view."""
    if game.state.phase.value == "start":
        game.play(Draw())
    while game.humans_turn and game.state.phase.value == "play":
        moves = TurnSearch(player_view(game.state, game.human)).best_moves() or (EndTurn(),)
        game.play(moves[0])
    if not game.round_over:
        game.pass_turn()


def drawn_at_humans_turn(game: Game) -> None:
    """Let the bots play until it is the human's turn, and draw."""
    while not game.humans_turn:
        game.play_bot_turn()
        game.pass_turn()
    game.play(Draw())


def play_out(game: Game, store: SaveStore | None = None, stop_after: int | None = None) -> int:
    turns = 0
    while not game.finished and (stop_after is None or turns < stop_after):
        if game.round_over:
            game.next_round()
        elif game.state.turn == game.human:
            human_turn(game)
        else:
            game.play_bot_turn()
            if not game.round_over:
                game.pass_turn()
        turns += 1
        if store:
            store.save(game.record)
    return turns


def test_a_match_with_teams_plays_rounds_until_a_side_reaches_the_target(tmp_path):
    game = Game.new(Settings(("greedy", "random", "strong"), teams=True, stock_size=4, target=120, seed=2))
    play_out(game)
    match = game.record.match()
    assert match.champion is not None and match.totals[match.champion] >= 120
    assert len(game.record.rounds) > 1  # a round is worth at most 25 + 5 * 8 = 65
    for played in game.record.rounds:
        assert set(played.result.winners) in ({"you", "Bo"}, {"Anna", "Cleo"}, set())
    store = SaveStore(tmp_path)
    path = store.keep_finished(game.record)
    assert read_record(path).champion() == tuple(game.record.setup.names[s] for s in match.champion)


def test_a_game_resumed_from_its_save_reaches_the_same_table(tmp_path):
    store = SaveStore(tmp_path)
    game = Game.new(Settings(("strong", "greedy"), stock_size=6, seed=7))
    play_out(game, store, stop_after=9)
    resumed = Game.resume(store.load())
    assert resumed.state == game.state
    play_out(resumed, store)
    assert resumed.finished
    assert replay_game(read_record(store.path))[-1] == resumed.state


def test_undo_restores_the_table_and_is_noted_in_the_record():
    game = Game.new(Settings(seed=4, stock_size=8))
    drawn_at_humans_turn(game)
    before = game.state
    discard = next(m for m in legal_moves(before) if isinstance(m, Transfer) and m.is_discard)
    game.play(discard)
    assert game.can_undo()
    assert game.undo() == discard
    assert game.state == before and not game.can_undo()
    turn = game.round.turns[-1]
    assert [u.move for u in turn.undone] == [discard] and turn.undone[0].at == len(turn.moves)
    assert "undone:" in record_text(game.record)


def test_the_moves_of_a_turn_are_taken_back_one_by_one_and_the_record_reads_back(tmp_path):
    game = Game.new(Settings(seed=27, stock_size=6))
    drawn_at_humans_turn(game)
    start = game.state
    tables = []
    for _ in range(2):  # two plays from the hand that turn up no card
        tables.append(game.state)
        play = next(m for m in legal_moves(game.state) if isinstance(m, Transfer) and not m.is_discard
                    and m.source.kind is PileKind.HAND)
        game.play(play)
    assert game.undo_depth == 2 and game.undoable_move()[0] == tables[1]
    game.undo()
    assert game.state == tables[1] and game.can_undo()
    game.undo()
    assert game.state == start and not game.can_undo()
    turn = game.round.turns[-1]
    assert [undo.at for undo in turn.undone] == [2, 1]
    SaveStore(tmp_path).save(game.record)
    assert [undo.at for undo in read_record(SaveStore(tmp_path).path).rounds[-1].turns[-1].undone] == [2, 1]


def test_no_undo_after_a_draw_or_a_stock_card_turned_up():
    game = Game.new(Settings(seed=4, stock_size=8))
    drawn_at_humans_turn(game)
    assert not game.can_undo()  # the draw showed new cards
    stock = [m for m in legal_moves(game.state) if isinstance(m, Transfer) and m.source.kind is PileKind.STOCK]
    if stock:
        game.play(stock[0])
        assert not game.can_undo()


def test_a_bots_draw_is_told_without_its_cards():
    game = Game.new(Settings(seed=1, stock_size=5))
    while game.humans_turn:
        human_turn(game)
    bot = game.state.mover.name
    told = []
    game.play_bot_turn(lambda before, move, after: told.append(bot_move_lines(before, move, after, game.human)))
    first_draw = game.round.turns[-1].moves[0]
    assert isinstance(first_draw, Draw) and len(first_draw.cards) == 5  # the record names them ...
    assert told[0] == [f"{bot} draws 5 cards."]  # ... the table does not


@pytest.mark.parametrize("settings, message", [
    (Settings(("strong",) * 6), "2 to 6"),
    (Settings(("strong",), teams=True), "4 or 6 players"),
    (Settings(("strong",), stock_size=100), "do not fit"),
    (Settings(("strong",), seed=-1), "a seed is a whole number from 0"),
    (Settings(("strong",), seed=10**12), "a seed is a whole number from 0"),
    (Settings(("strong",), target=6001), "could take 401 rounds, more than the 400 a game record holds: "
                                         "choose at most 6000 points"),
    (Settings(("strong",) * 5, target=3351), "could take 403 rounds.*at most 3350 points"),
    (Settings(("strong",) * 3, teams=True, target=10**15), "at most 6000 points"),  # two teams
])
def test_impossible_settings_are_refused(settings, message):
    with pytest.raises(ValueError, match=message):
        Game.new(settings)


def test_the_longest_match_a_record_holds_is_played():
    assert Game.new(Settings(("strong",), target=6000, seed=1)).record.setup.target == 6000


def test_the_youngest_starts_under_the_house_rule():
    game = Game.new(Settings(("strong", "greedy"), start=StartRule.YOUNGEST, youngest="Bo", seed=1))
    assert game.state.mover.name == "Bo"


def test_a_damaged_or_foreign_save_is_refused_without_a_traceback(tmp_path):
    import os
    import subprocess
    import sys

    from tutor.coach.simulation import Series, play_game
    from tutor.records.files import write_record

    env = dict(os.environ, SKIPBO_TUTOR_HOME=str(tmp_path))
    write_record(tmp_path / "saved-game.yaml", play_game(Series(("strong",), record=True, stock=3), 0).record)
    (tmp_path / "broken").mkdir()
    (tmp_path / "broken" / "saved-game.yaml").write_text("format: skipbo-record/1\nplayers: [\n")
    for home, message in ((tmp_path, "one human player, not 0"), (tmp_path / "broken", "YAML syntax")):
        run = subprocess.run([sys.executable, "-m", "tutor", "play", "--resume"], capture_output=True, text=True,
                             timeout=60, env={**env, "SKIPBO_TUTOR_HOME": str(home)}, stdin=subprocess.DEVNULL)
        assert run.returncode == 2 and message in run.stderr and "Traceback" not in run.stderr


@pytest.mark.parametrize("seed", [None, 999_999_999_999])
def test_a_match_dealt_from_any_seed_is_saved_so_that_it_can_be_resumed(tmp_path, seed):
    store = SaveStore(tmp_path)
    game = Game.new(Settings(("greedy",), stock_size=2, target=500, seed=seed))
    while len(game.record.rounds) < 3:
        play_out(game, stop_after=1)
        if game.round_over:
            game.next_round()
    store.save(game.record)
    assert Game.resume(store.load()).state == game.state


@pytest.mark.parametrize("kind", ["folder", "fifo", "under a file"])
def test_a_record_path_that_cannot_take_the_record_is_refused_before_the_game(tmp_path, kind):
    import os
    import subprocess
    import sys

    target = tmp_path / "game.yaml"
    if kind == "folder":
        target.mkdir()
    elif kind == "fifo":
        os.mkfifo(target)
    else:
        target.write_text("")
        target = target / "game.yaml"
    home = tmp_path / "home"
    run = subprocess.run([sys.executable, "-m", "tutor", "play", "--fast", "--record", str(target)],
                         capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL,
                         env={**os.environ, "SKIPBO_TUTOR_HOME": str(home)})
    assert run.returncode == 2 and "--record" in run.stderr and "Traceback" not in run.stderr
    assert not (home / "saved-game.yaml").exists()


def test_a_reshuffled_draw_pile_is_announced():
    import random
    from pathlib import Path

    from tutor.engine.play import apply_move
    from tutor.engine.reading import read_move
    from tutor.play import texts
    from tutor.scenario.loader import load_scenario

    state = load_scenario(Path(__file__).parent.parent / "scenarios" / "endgame" / "recycle-completed-piles.yaml").state
    before = apply_move(state, read_move(state, "hand 3 to build 1"), random.Random(0)).state
    move = read_move(before, "hand 4 to build 1")  # empties the hand: the refill needs the finished piles
    after = apply_move(before, move, random.Random(0)).state
    assert len(before.completed) and not after.completed
    lines = bot_move_lines(before, move, after)
    assert lines[0].endswith("plays the 4 from the hand onto build pile 1.")
    assert texts.RECYCLED in lines and lines.index(texts.RECYCLED) < len(lines) - 1  # told before the refill


PLANTED_BOT = '''
import pathlib
pathlib.Path(__file__).with_name("ran").write_text("the bot's code ran")

class Planted:
    def plan(self, view, rng):
        return []
'''


def _play(home, *args, answers="q\n"):
    import os
    import subprocess
    import sys

    return subprocess.run([sys.executable, "-m", "tutor", "play", "--fast", *map(str, args)], capture_output=True,
                          text=True, timeout=60, input=answers, cwd=home.parent,
                          env={**os.environ, "SKIPBO_TUTOR_HOME": str(home)})


def test_a_save_naming_a_bot_from_outside_never_runs_it_and_says_how_to_resume(tmp_path):
    bot = tmp_path / "planted.py"
    bot.write_text(PLANTED_BOT)
    store = SaveStore(tmp_path / "home")
    game = Game.new(Settings(("greedy",), seed=3))
    store.save(game.record)
    store.path.write_text(store.path.read_text().replace("plays: greedy", "plays: planted.py:Planted"))
    refused = _play(store.directory, "--resume")
    assert refused.returncode == 2 and "Traceback" not in refused.stderr
    assert "name the bot to resume: tutor play --resume --bots planted.py:Planted" in refused.stderr
    assert not (tmp_path / "ran").exists()
    resumed = _play(store.directory, "--resume", "--bots", "planted.py:Planted")
    assert resumed.returncode == 0, resumed.stderr
    assert (tmp_path / "ran").exists()


@pytest.mark.parametrize("managed", ["saved-game.yaml", "saved-game.lock", "progress.json", "courses/x/progress.json"])
def test_a_record_path_that_is_a_file_the_tutor_keeps_is_refused_up_front(tmp_path, managed):
    home = tmp_path / "home"
    SaveStore(home).save(Game.new(Settings(("greedy",), seed=3)).record)
    before = (home / "saved-game.yaml").read_text()
    run = _play(home, "--new", "--record", home / managed)
    assert run.returncode == 2 and "a file the tutor keeps for itself" in run.stderr
    assert (home / "saved-game.yaml").read_text() == before


def test_a_game_holding_the_save_keeps_a_second_one_out_and_a_dead_holder_lets_go(tmp_path):
    import subprocess
    import sys
    import time

    home = tmp_path / "home"
    store = SaveStore(home)
    store.save(Game.new(Settings(("greedy",), seed=3)).record)
    holder = subprocess.Popen([sys.executable, "-c", "import sys, time; from pathlib import Path; "
                               "from tutor.play.saves import SaveStore\n"
                               f"with SaveStore(Path({str(home)!r})).held():\n"
                               "    print('held', flush=True); time.sleep(60)"], stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline() == "held\n"
        refused = _play(home, "--resume")
        assert refused.returncode == 2
        assert f"in use by another tutor play (process {holder.pid})" in refused.stderr
    finally:
        holder.kill()
        holder.wait()
    assert (home / "saved-game.lock").read_text().strip() == str(holder.pid)  # the dead holder's lock stays behind
    resumed = _play(home, "--resume")
    assert resumed.returncode == 0 and "Game saved" in resumed.stdout, resumed.stderr


@pytest.mark.parametrize("change, message", [
    (lambda text: text.replace("moves: [", "moves: ['Zed:stock to build 1', ", 1), "'Zed' is not one of the players"),
    (lambda text: text[:text.index("rounds:")] + "rounds: []\n", "rounds: must be a list of rounds, at least one"),
])
def test_a_crafted_save_is_refused_on_resume_with_its_line(tmp_path, change, message):
    home = tmp_path / "home"
    store = SaveStore(home)
    game = Game.new(Settings(("greedy",), seed=3))
    human_turn(game)
    store.save(game.record)
    store.path.write_text(change(store.path.read_text()))
    run = _play(home, "--resume")
    assert run.returncode == 2 and message in run.stderr and "saved-game.yaml:" in run.stderr
    assert "Traceback" not in run.stderr


def test_a_record_path_that_is_a_link_out_of_its_folder_is_refused_up_front(tmp_path):
    (tmp_path / "games").mkdir()
    (tmp_path / "games" / "mine.yaml").symlink_to("../elsewhere.yaml")
    run = _play(tmp_path / "home", "--record", tmp_path / "games" / "mine.yaml")
    assert run.returncode == 2 and "outside its folder" in run.stderr
    assert not (tmp_path / "home" / "saved-game.yaml").exists() and not (tmp_path / "elsewhere.yaml").exists()
