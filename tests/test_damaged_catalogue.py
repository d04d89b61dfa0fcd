"""A catalogue that is missing or damaged: the tutor speaks English and says so in one line, never a traceback."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

import tutor.i18n
from tutor.cli.app import build_app

DAMAGE = {
    "deleted": lambda mo: mo.unlink(),
    "empty": lambda mo: mo.write_bytes(b""),
    "truncated": lambda mo: mo.write_bytes(mo.read_bytes()[:100]),
    "cut short in its table": lambda mo: mo.write_bytes(mo.read_bytes()[: len(mo.read_bytes()) // 2]),
    "random bytes": lambda mo: mo.write_bytes(os.urandom(4096)),
    "a folder in its place": lambda mo: (mo.unlink(), mo.mkdir()),
}


@pytest.fixture
def damaged(tmp_path, monkeypatch):
    """A copy of the shipped catalogues to damage; the real ones stay as they are."""
    shutil.copytree(tutor.i18n.LOCALE_DIR, tmp_path / "locale")
    monkeypatch.setattr(tutor.i18n, "LOCALE_DIR", tmp_path / "locale")
    monkeypatch.setattr(tutor.i18n, "_unreadable", set())
    return lambda language: tmp_path / "locale" / language / "LC_MESSAGES" / "tutor.mo"


@pytest.mark.parametrize("language", ["sv", "da"])
@pytest.mark.parametrize("kind", list(DAMAGE))
@pytest.mark.parametrize("chosen", ["--lang", "LANG"])
def test_a_damaged_catalogue_falls_back_to_english_with_one_warning(damaged, monkeypatch, language, kind, chosen):
    DAMAGE[kind](damaged(language))
    monkeypatch.delenv("SKIPBO_TUTOR_LANG")
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(variable, raising=False)
    args = ["rules", "build.sequence"]
    if chosen == "--lang":
        args = ["--lang", language, *args]
    else:
        monkeypatch.setenv("LANG", {"sv": "sv_SE.UTF-8", "da": "da_DK.UTF-8"}[language])
    result = CliRunner().invoke(build_app(), args)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert result.exit_code == 0
    assert "A build pile rises by exactly one" in result.stdout
    warnings = result.stderr.splitlines()
    assert len(warnings) == 1, warnings
    assert warnings[0].startswith(f"warning: the {language} catalogue ")
    assert str(damaged(language)) in warnings[0]
    assert warnings[0].endswith("the tutor speaks English instead")


def test_the_other_language_is_untouched_by_a_damaged_catalogue(damaged, monkeypatch):
    DAMAGE["empty"](damaged("sv"))
    result = CliRunner().invoke(build_app(), ["--lang", "da", "rules", "build.sequence"])
    assert result.exit_code == 0
    assert result.stderr == ""
    assert "A build pile rises by exactly one" not in result.stdout


def test_a_warned_language_is_warned_of_once_however_often_it_is_asked_for(damaged):
    DAMAGE["deleted"](damaged("sv"))
    from contextlib import redirect_stderr
    from io import StringIO

    said = StringIO()
    with redirect_stderr(said):
        for _ in range(3):
            tutor.i18n.use("sv")
            with tutor.i18n.speaking("sv"):
                assert tutor.i18n.language() == "en"
    assert len(said.getvalue().splitlines()) == 1
    assert Path(tutor.i18n.LOCALE_DIR).is_dir()
