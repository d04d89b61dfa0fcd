"""The sealed snapshot of the saved game: a save the tutor wrote resumes without a replay, any other is read in full."""

from __future__ import annotations

import copy
import dataclasses
import os
import shutil

import pytest

from tutor.engine.cards import SKIP_BO
from tutor.play import saves, snapshot
from tutor.play.game import Game, Settings
from tutor.play.saves import SaveStore
from tutor.records.files import RecordError, read_record
from tutor.records.model import Undo

from test_play_game import play_out


@pytest.fixture(scope="module")
def match():
    """A match of several rounds, stopped mid-round."""
    game = Game.new(Settings(("greedy", "random"), stock_size=3, target=500, seed=11))
    while len(game.record.rounds) < 4:
        play_out(game, stop_after=1)
        if game.round_over:
            game.next_round()
    play_out(game, stop_after=5)
    return game


@pytest.fixture
def saved(tmp_path, match):
    store = SaveStore(tmp_path)
    store.save(match.record)
    return store


def full_reads(monkeypatch) -> list:
    """Count the saves read the long way (every check, every move replayed)."""
    calls = []
    monkeypatch.setattr(saves, "read_record", lambda path: calls.append(path) or read_record(path))
    return calls


def test_a_save_the_tutor_wrote_resumes_from_its_snapshot_to_the_same_table(saved, match, monkeypatch):
    calls = full_reads(monkeypatch)
    record = saved.load()
    assert calls == []
    assert record == match.record and record == read_record(saved.path)
    assert Game.resume(record).state == match.state


def test_every_part_of_a_record_comes_back_from_the_snapshot(tmp_path, match):
    """Undone moves, shuffles, unfinished results and the coach's setting, which the match above may lack."""
    record = copy.deepcopy(match.record)
    first = record.rounds[0]
    first.turns[1].undone.append(Undo(first.turns[1].moves[-1], 0))
    first.shuffles.append((SKIP_BO, 1, 12))
    first.result = dataclasses.replace(first.result, finished=False)
    record.coach = "quiet"
    SaveStore(tmp_path).save(record)
    assert snapshot.trusted_record(tmp_path / saves.SAVE_NAME) == record


def test_the_key_is_made_once_and_readable_by_its_owner_alone(saved, tmp_path):
    key = tmp_path / snapshot.KEY_NAME
    assert os.stat(key).st_mode & 0o777 == 0o600
    before = key.read_bytes()
    saved.save(saved.load())
    assert key.read_bytes() == before and len(before) == snapshot.KEY_BYTES


def test_a_save_edited_by_hand_is_read_in_full_and_its_illegal_move_refused(saved, monkeypatch):
    text = saved.path.read_text()
    assert " to build " in text
    saved.path.write_text(text.replace(" to build ", " to discard ", 1))  # a discard in the middle of a turn
    assert snapshot.trusted_record(saved.path) is None
    calls = full_reads(monkeypatch)
    with pytest.raises(RecordError):
        saved.load()
    assert calls == [saved.path]


def test_a_save_changed_by_a_single_byte_outside_the_moves_is_read_in_full(saved, monkeypatch):
    saved.path.write_text(saved.path.read_text() + "\n")
    calls = full_reads(monkeypatch)
    saved.load()
    assert calls == [saved.path]


def test_a_changed_snapshot_is_never_trusted(saved):
    path = snapshot.snapshot_path(saved.path)
    tag, digest, body = path.read_bytes().split(b"\n", 2)
    path.write_bytes(tag + b"\n" + digest + b"\n" + body.replace(b'"seed":', b'"seed":1', 1))
    assert snapshot.trusted_record(saved.path) is None


def test_a_save_and_snapshot_copied_from_another_installation_are_read_in_full(saved, tmp_path, match, monkeypatch):
    other = SaveStore(tmp_path / "other")
    other.save(match.record)
    for name in (saves.SAVE_NAME, snapshot.snapshot_path(other.path).name):
        shutil.copy(other.directory / name, saved.directory / name)
    assert snapshot.trusted_record(saved.path) is None
    calls = full_reads(monkeypatch)
    assert saved.load() == match.record and calls == [saved.path]


def test_a_snapshot_sealed_again_with_a_key_of_ones_own_making_is_refused(saved):
    """Whoever writes the snapshot without this installation's key cannot make a tag that passes."""
    path = snapshot.snapshot_path(saved.path)
    _, digest, body = path.read_bytes().split(b"\n", 2)
    forged = snapshot._tag(b"\0" * snapshot.KEY_BYTES, digest.decode(), body)
    path.write_bytes(forged.encode() + b"\n" + digest + b"\n" + body)
    assert snapshot.trusted_record(saved.path) is None


@pytest.mark.parametrize("damage", ["no key", "short key", "no snapshot", "snapshot is a folder", "not json",
                                    "snapshot is a link", "key is a link"])
def test_a_missing_or_damaged_snapshot_or_key_falls_back_to_the_full_read(saved, match, damage, monkeypatch):
    path, key = snapshot.snapshot_path(saved.path), saved.directory / snapshot.KEY_NAME
    if damage == "no key":
        key.unlink()
    elif damage == "short key":
        key.write_bytes(b"short")
    elif damage == "no snapshot":
        path.unlink()
    elif damage == "snapshot is a folder":
        path.unlink()
        path.mkdir()
    elif damage.endswith("is a link"):  # even to the right file: a link is never followed
        moved = path if damage.startswith("snapshot") else key
        moved.rename(saved.directory / "elsewhere")
        moved.symlink_to(saved.directory / "elsewhere")
    else:
        path.write_bytes(b"tag\ndigest\n{")
    calls = full_reads(monkeypatch)
    assert saved.load() == match.record and calls == [saved.path]


def test_a_folder_that_refuses_the_snapshot_keeps_the_save(saved, match, monkeypatch):
    monkeypatch.setattr(snapshot, "write_atomically", lambda target, text: (_ for _ in ()).throw(OSError("full")))
    saved.save(match.record, whole=True)
    assert not snapshot.snapshot_path(saved.path).exists()
    assert saved.load() == match.record


def test_discarding_the_save_drops_its_snapshot(saved):
    saved.discard()
    assert not saved.path.exists() and not snapshot.snapshot_path(saved.path).exists()
