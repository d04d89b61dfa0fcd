"""Progress files: round trips, atomic saves, damaged files and unusable folders."""

import json

import pytest

from tutor.lessons.progress import HOME_VARIABLE, Progress, ProgressError, ProgressStore, data_dir


def test_data_dir_follows_the_environment(monkeypatch, tmp_path):
    monkeypatch.setenv(HOME_VARIABLE, str(tmp_path))
    assert data_dir() == tmp_path


def test_a_missing_file_means_a_fresh_start(tmp_path):
    assert ProgressStore(tmp_path).load() == Progress()


def test_save_and_load_round_trip(tmp_path):
    store = ProgressStore(tmp_path / "new" / "folder")
    progress = Progress(current="turn")
    progress.stage("turn").next_step = 3
    progress.stage("turn").record("draw-first", solved=True)
    progress.stage("turn").record("refill", solved=False)
    store.save(progress)
    assert store.load() == progress
    assert [p.name for p in store.directory.iterdir()] == ["progress.json"]


def test_solving_later_moves_an_exercise_from_shown_to_solved():
    stage = Progress().stage("turn")
    stage.record("refill", solved=False)
    stage.record("refill", solved=True)
    assert stage.solved == ["refill"] and stage.shown == []


def test_a_failed_save_keeps_the_old_file(tmp_path, monkeypatch):
    store = ProgressStore(tmp_path)
    store.save(Progress(current="cards"))

    def broken_replace(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("tutor.lessons.progress.os.replace", broken_replace)
    with pytest.raises(ProgressError, match="No space left"):
        store.save(Progress(current="turn"))
    assert store.load().current == "cards"
    assert [p.name for p in tmp_path.iterdir()] == ["progress.json"]


@pytest.mark.parametrize("text", ["{not json", "[]", '{"version": 99}',
                                  '{"version": 1, "stages": {"turn": {"next_step": -1}}}',
                                  '{"version": 1, "stages": {"turn": {"solved": [3]}}}'])
def test_a_damaged_file_gives_a_clear_error(tmp_path, text):
    (tmp_path / "progress.json").write_text(text)
    with pytest.raises(ProgressError, match="damaged.*tutor learn --reset"):
        ProgressStore(tmp_path).load()


def test_an_unusable_folder_gives_a_clear_error(tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    with pytest.raises(ProgressError, match="cannot save progress"):
        ProgressStore(blocker / "sub").save(Progress())


def test_reset_removes_the_file(tmp_path):
    store = ProgressStore(tmp_path)
    store.save(Progress(current="cards"))
    assert store.reset() is True
    assert store.reset() is False
    assert json.loads(json.dumps(Progress().to_data()))["version"] == 1
