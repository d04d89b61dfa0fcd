"""The journal of the saved game: every move appended, cheap and crash-safe, read back to the same game."""

from __future__ import annotations

import copy
import json

import pytest

from tutor.coach.search import TurnSearch
from tutor.engine.moves import Draw, EndTurn
from tutor.engine.view import player_view
from tutor.play import journal as journal_module
from tutor.play import snapshot
from tutor.play.game import Game, Settings
from tutor.play.journal import journal_path
from tutor.play.saves import SaveStore
from tutor.records.files import RecordError, read_record

from test_snapshot import full_reads


def played(game: Game, store: SaveStore, moves: int) -> list:
    """Play ``moves`` moves or a few more (the human as the strong bot would, a bot's turn whole), saving after
    each as ``tutor play`` does; the record as it stood after each save."""
    kept = []

    def saved(*_move) -> None:
        store.save(game.record)
        kept.append(copy.deepcopy(game.record))

    while len(kept) < moves and not game.finished:
        if game.round_over:
            game.next_round()
            saved()
        elif game.state.turn == game.human and game.state.phase.value in ("start", "play"):
            if game.state.phase.value == "start":
                game.play(Draw())
            else:
                game.play((TurnSearch(player_view(game.state, game.human)).best_moves() or (EndTurn(),))[0])
            saved()
        elif game.state.turn == game.human:
            game.pass_turn()
        else:
            game.play_bot_turn(saved)
            if not game.round_over:
                game.pass_turn()
    return kept


@pytest.fixture
def store(tmp_path):
    return SaveStore(tmp_path)


@pytest.fixture
def game(store):
    game = Game.new(Settings(("greedy", "random"), stock_size=8, target=300, seed=5))
    store.save(game.record)
    return game


def test_a_move_is_appended_to_the_journal_and_the_save_is_not_rewritten(store, game, monkeypatch):
    written = store.path.read_bytes()
    kept = played(game, store, 12)
    assert store.path.read_bytes() == written
    lines = journal_path(store.path).read_bytes().split(b"\n")
    assert len(lines) == 1 + len(kept) + 1 and lines[-1] == b""  # the header, a line per save, the last line's end
    calls = full_reads(monkeypatch)
    assert store.load() == kept[-1] == game.record and calls == []  # the snapshot still vouches for the save


def test_the_game_resumed_from_save_and_journal_is_the_game(store, game):
    played(game, store, 40)
    resumed = Game.resume(SaveStore(store.directory).load())
    assert resumed.state == game.state and resumed.record == game.record


def test_a_journal_cut_anywhere_is_read_up_to_its_last_whole_line(store, game):
    kept = played(game, store, 6)
    data = journal_path(store.path).read_bytes()
    ends = [at + 1 for at, byte in enumerate(data) if byte == ord("\n")]
    for cut in range(ends[-3], len(data)):  # inside the last two lines and at their ends
        journal_path(store.path).write_bytes(data[:cut])
        whole = sum(end <= cut for end in ends) - 1  # the lines of moves that are whole
        assert SaveStore(store.directory).load() == kept[whole - 1], cut


def test_a_resumed_game_writes_on_after_a_cut_line_and_resumes_again(store, game):
    played(game, store, 5)
    path = journal_path(store.path)
    path.write_bytes(path.read_bytes()[:-7])  # the last move in flight when the tutor was killed
    again = SaveStore(store.directory)
    resumed = Game.resume(again.load())
    kept = played(resumed, again, 8)
    assert b"\n" not in path.read_bytes()[:-1].split(b"\n")[-1]  # no half line left inside the journal
    final = Game.resume(SaveStore(store.directory).load())
    assert final.record == kept[-1] and final.state == resumed.state


def test_a_round_end_takes_the_journal_into_the_save_once_it_has_grown(store, game):
    kept = played(game, store, 400)
    assert len(game.record.rounds) > 1, "the match should have gone past its first round"
    assert read_record(store.path).rounds[0] == game.record.rounds[0]  # the save was written whole since
    assert SaveStore(store.directory).load() == kept[-1]


def test_a_whole_save_starts_the_journal_again(store, game):
    played(game, store, 5)
    store.save(game.record, whole=True)
    assert not journal_path(store.path).exists() and read_record(store.path) == game.record


def test_a_journal_left_from_before_the_save_was_written_whole_is_passed_over(store, game):
    played(game, store, 5)
    old = journal_path(store.path).read_bytes()
    kept = played(game, store, 3)
    store.save(game.record, whole=True)  # killed before the old journal was removed:
    journal_path(store.path).write_bytes(old)
    assert SaveStore(store.directory).load() == kept[-1]


def test_an_older_save_without_a_journal_resumes(store, game):
    kept = played(game, store, 5)
    store.save(game.record, whole=True)
    assert SaveStore(store.directory).load() == kept[-1]


def test_a_journal_edited_by_hand_has_the_whole_game_checked_and_refused_when_wrong(store, game, monkeypatch):
    played(game, store, 6)
    path = journal_path(store.path)
    lines = path.read_bytes().split(b"\n")
    tag, body = lines[3].split(b" ", 1)
    changes = json.loads(body)
    changes[0]["turns"][-1][1].append(["hand", None, None, "build", 1, None, 12])  # a 12 on a pile the move builds
    lines[3] = tag + b" " + json.dumps(changes).encode()
    path.write_bytes(b"\n".join(lines))
    with pytest.raises(RecordError) as refused:
        SaveStore(store.directory).load()
    assert str(refused.value).startswith(f"{path}:")


def test_a_journal_sealed_under_another_key_is_checked_the_long_way(store, game, monkeypatch):
    kept = played(game, store, 6)
    key = store.directory / snapshot.KEY_NAME
    key.write_bytes(bytes(len(key.read_bytes())))  # another key: the seals (snapshot too) are not this one's
    checks = []
    monkeypatch.setattr(journal_module, "replay_game", lambda record: checks.append(record))
    again = SaveStore(store.directory)
    assert again.load() == kept[-1] and len(checks) == 1
    played(Game.resume(again.load()), again, 1)  # a journal not sealed here is never written on
    assert not journal_path(store.path).exists()


def test_a_damaged_line_is_named_with_what_to_do(store, game):
    kept = played(game, store, 4)
    path = journal_path(store.path)
    path.write_bytes(path.read_bytes() + b"0123 {not json\n")
    with pytest.raises(RecordError) as refused:
        SaveStore(store.directory).load()
    assert f"{path}:{len(kept) + 2}:0: is not a change the tutor wrote" in str(refused.value)
    assert f"delete {path} to resume the game as it was last saved whole" in str(refused.value)


@pytest.mark.parametrize("depth", [200_000, 2_000])
def test_a_line_nested_too_deep_is_named_as_damaged_like_any_other(store, game, depth):
    """JSON nested deeper than the reader's recursion goes is refused at its line, never a RecursionError."""
    kept = played(game, store, 4)
    path = journal_path(store.path)
    path.write_bytes(path.read_bytes() + b"0123 " + b"[" * depth + b"]" * depth + b"\n")
    with pytest.raises(RecordError) as refused:
        SaveStore(store.directory).load()
    assert f"{path}:{len(kept) + 2}:0: is not a change the tutor wrote" in str(refused.value)


def test_a_first_line_nested_too_deep_is_no_journal_of_this_save(store, game):
    played(game, store, 4)
    path = journal_path(store.path)
    path.write_bytes(b"[" * 200_000 + b"]" * 200_000 + b"\n" + path.read_bytes())
    assert SaveStore(store.directory).load() is not None


def test_a_folder_that_refuses_the_journal_saves_whole(store, game, monkeypatch):
    monkeypatch.setattr(journal_module, "write_atomically", lambda *args: (_ for _ in ()).throw(OSError("full")))
    kept = played(game, store, 3)
    assert read_record(store.path) == kept[-1]


def test_a_save_edited_by_hand_is_read_the_long_way_without_the_journal_it_no_longer_matches(store, game,
                                                                                             monkeypatch):
    played(game, store, 6)
    as_written = read_record(store.path)
    store.path.write_text(store.path.read_text(encoding="utf-8") + "# looked at\n", encoding="utf-8")
    calls = full_reads(monkeypatch)
    assert SaveStore(store.directory).load() == as_written and calls == [store.path]
