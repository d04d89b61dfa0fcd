"""What stands where the saved game and its lock go: anything but a file is named, with what to do, at the start."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

LOCK_PUT = {
    "a folder": lambda path: path.mkdir(),
    "a link": lambda path: path.symlink_to(path.parent / "elsewhere"),
    "a named pipe": lambda path: os.mkfifo(path),
}
WORDS = {
    "en": ("the saved game's lock {path} is {kind}, not a file", "remove what stands there"),
    "sv": ("det sparade spelets lås {path} är {kind}, inte en fil", "ta bort det som står där"),
    "da": ("det gemte spils lås {path} er {kind}, ikke en fil", "fjern det, der står der"),
}
KINDS = {"sv": {"a folder": "en mapp", "a link": "en länk", "a named pipe": "ett namngivet rör"},
         "da": {"a folder": "en mappe", "a link": "et link", "a named pipe": "et navngivet rør"}}


def play(home, *args, language="en", answers="q\n"):
    env = dict(os.environ, SKIPBO_TUTOR_HOME=str(home), SKIPBO_TUTOR_LANG=language, NO_COLOR="1", COLUMNS="400")
    return subprocess.run([sys.executable, "-m", "tutor", "play", *args], input=answers, capture_output=True,
                          text=True, timeout=300, env=env)


@pytest.mark.parametrize("language", list(WORDS))
@pytest.mark.parametrize("kind", list(LOCK_PUT))
def test_a_lock_that_is_not_a_file_is_named_with_what_to_do(tmp_path, kind, language):
    home = tmp_path / "home"
    home.mkdir()
    lock = home / "saved-game.lock"
    LOCK_PUT[kind](lock)
    result = play(home, "--short", language=language)
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    said, what_to_do = WORDS[language]
    shown = kind if language == "en" else KINDS[language][kind]
    assert said.format(path=lock, kind=shown) in result.stderr
    assert what_to_do in result.stderr


@pytest.mark.parametrize("resume", [False, True])
def test_a_save_linked_out_of_its_folder_is_refused_before_the_game_starts(tmp_path, resume):
    home = tmp_path / "home"
    home.mkdir()
    assert play(home, "--short", "--seed", "3").returncode == 0  # q: the game is saved
    outside = tmp_path / "outside.yaml"
    (home / "saved-game.yaml").rename(outside)
    (home / "saved-game.yaml").symlink_to(outside)
    result = play(home, *(["--resume"] if resume else ["--short", "--new"]), answers="stock to build 1\nq\n")
    assert result.returncode == 2
    assert f"the saved game {home / 'saved-game.yaml'} is a link to {outside}, outside its folder" in result.stderr
    assert "your move>" not in result.stdout  # refused before the first move, not at the quit
