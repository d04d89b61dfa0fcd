"""Which language a run speaks: --lang, then SKIPBO_TUTOR_LANG, then the system locale, then English."""

from __future__ import annotations

import json
import os

import pytest
from typer.testing import CliRunner

from tutor.cli.app import build_app
from tutor.i18n import language
from tutor.i18n.choice import UnknownLanguage, choose, system_language

runner = CliRunner()
app = build_app()
POSITION = ["--build", "6,-,2,-", "--stock", "7", "--hand", "3,5"]


@pytest.mark.parametrize("args, environ, expected", [
    (["check", "--lang", "sv", "x"], {}, ("sv", True, ["check", "x"])),
    (["--lang=da", "check"], {"SKIPBO_TUTOR_LANG": "sv"}, ("da", True, ["check"])),
    (["check"], {"SKIPBO_TUTOR_LANG": "sv", "LANG": "da_DK.UTF-8"}, ("sv", True, ["check"])),
    (["check"], {"LANG": "da_DK.UTF-8"}, ("da", False, ["check"])),
    (["check"], {"LANGUAGE": "fr:sv", "LANG": "da_DK.UTF-8"}, ("sv", False, ["check"])),
    (["check"], {"LC_ALL": "C", "LANG": "sv_SE.UTF-8"}, ("en", False, ["check"])),
    (["check"], {"LC_MESSAGES": "sv_FI.UTF-8@euro"}, ("sv", False, ["check"])),
    (["check"], {"LANG": "fr_FR.UTF-8"}, ("en", False, ["check"])),
    (["check"], {}, ("en", False, ["check"])),
    (["check", "--", "--lang", "sv"], {}, ("en", False, ["check", "--", "--lang", "sv"])),
])
def test_the_language_comes_from_the_option_the_variable_the_locale_or_english(args, environ, expected):
    assert tuple(choose(args, environ)) == expected


@pytest.mark.parametrize("args, environ", [
    (["--lang", "xx"], {}), (["--lang"], {}), ([], {"SKIPBO_TUTOR_LANG": "fr"}),
])
def test_an_unknown_language_asked_for_by_name_is_refused(args, environ):
    with pytest.raises(UnknownLanguage, match="the languages are en, sv, da"):
        choose(args, environ)


def test_a_locale_the_tutor_does_not_speak_is_english():
    assert system_language({"LANG": "de_DE.UTF-8", "LANGUAGE": "de"}) == "en"


def test_an_unknown_language_is_a_usage_error_naming_the_languages():
    result = runner.invoke(app, ["check", *POSITION, "--lang", "xx", "end"])
    assert result.exit_code == 2
    assert "unknown language 'xx'; the languages are en, sv, da" in result.output


def test_an_unknown_language_is_one_error_line_not_a_panel(monkeypatch):
    monkeypatch.setenv("SKIPBO_TUTOR_LANG", "xx")
    result = runner.invoke(app, ["check", *POSITION, "end"])
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr == "error: SKIPBO_TUTOR_LANG: unknown language 'xx'; the languages are en, sv, da\n"


def test_an_unknown_language_under_json_is_the_error_object(monkeypatch):
    monkeypatch.setenv("SKIPBO_TUTOR_LANG", "no")
    result = runner.invoke(app, ["rules", "--json"])
    assert result.exit_code == 2
    error = json.loads(result.stdout)["error"]
    assert error["kind"] == "usage" and "SKIPBO_TUTOR_LANG: unknown language 'no'" in error["problems"][0]


@pytest.mark.parametrize("where", ["before", "after"])
def test_lang_works_before_or_after_the_command(where):
    lang = ["--lang", "sv"]
    args = [*lang, "check", *POSITION, "s>b2"] if where == "before" else ["check", *POSITION, "s>b2", *lang]
    result = runner.invoke(app, args)
    assert result.exit_code == 1
    assert "OTILLÅTET" in result.stdout and "inte med sjuan i din stockhög" in result.stdout


def test_json_prose_follows_a_locale_only_when_the_language_is_named(monkeypatch):
    monkeypatch.delenv("SKIPBO_TUTOR_LANG")
    monkeypatch.setenv("LANG", "sv_SE.UTF-8")
    by_locale = json.loads(runner.invoke(app, ["check", *POSITION, "s>b2", "--json"]).stdout)
    assert by_locale["moves"][0]["reason"].startswith("Build pile 2 is empty")
    human = runner.invoke(app, ["check", *POSITION, "s>b2"]).stdout
    assert "Byggstapel 2 är tom" in human
    named = json.loads(runner.invoke(app, ["check", *POSITION, "s>b2", "--json", "--lang", "da"]).stdout)
    move = named["moves"][0]
    assert move["reason"].startswith("Byggebunke 2 er tom")
    assert (move["move"], move["rule"], move["legal"]) == ("stock to build 2", "build.start", False)


def test_tests_speak_english_unless_they_ask():
    assert language() == "en"



def test_help_is_in_the_language_named():
    """Help is built before the command runs, in its own process as a person would run it."""
    import subprocess
    import sys

    result = subprocess.run([sys.executable, "-m", "tutor", "check", "--help", "--lang", "sv"],
                            capture_output=True, text=True, env={**os.environ, "COLUMNS": "100"}, timeout=60)
    assert result.returncode == 0, result.stderr
    help_text = " ".join(result.stdout.split())
    assert "Avgör dragen i en tur" in help_text and "Skriv ut ett JSON-dokument." in help_text


POSITION = ["--build", "6,-,2,-", "--stock", "7", "--hand", "3,5,SB,9,12", "--opponent", "Anna:12"]


@pytest.mark.parametrize("lang, said", [
    ("sv", "lägg sjuan från stockhögen på byggstapel 1"),
    ("da", "læg syveren fra stakbunken på byggebunke 1"),
])
def test_check_reads_the_moves_in_the_language_it_speaks(lang, said):
    result = runner.invoke(build_app(), ["check", "--lang", lang, *POSITION, said, "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["moves"][0]["move"] == "stock 7 to build 1"


def test_check_in_english_does_not_read_swedish_words():
    said = "lägg sjuan från stockhögen på byggstapel 1"
    result = runner.invoke(build_app(), ["check", "--lang", "en", *POSITION, said])
    assert result.exit_code == 2
    assert "names no pile" in result.stderr


def test_the_quiz_reads_an_answer_in_the_language_in_use():
    from pathlib import Path

    from tutor.classroom.quiz import judge, make_question
    from tutor.i18n import use
    from tutor.scenario.expectations import default_assess
    from tutor.scenario.files import check_file

    use("sv")
    try:
        q = make_question(check_file(Path(__file__).resolve().parent.parent / "scenarios" / "strategy"
                                     / "mind-opponents-good.yaml"))
        assert judge(q, "sexan från handen till byggstapel 1", default_assess()).right
    finally:
        use("en")


def test_a_language_spoken_for_a_moment_is_the_language_in_use_until_it_ends():
    from tutor.i18n import _, language, speaking

    with speaking("sv"):
        assert language() == "sv" and _("Best turn:") != "Best turn:"
        with speaking("en"):
            assert language() == "en" and _("Best turn:") == "Best turn:"
        assert language() == "sv"
    assert language() == "en" and _("Best turn:") == "Best turn:"


@pytest.mark.parametrize("locale, typed", [
    ("sv_SE.UTF-8", "lägg sjuan från din stockhög på byggstapel 1"),
    ("da_DK.UTF-8", "læg syveren fra din stakbunke på byggebunke 1"),
])
def test_json_reads_the_moves_a_person_types_in_the_language_of_the_locale(monkeypatch, locale, typed):
    for variable in ("SKIPBO_TUTOR_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("LANG", locale)
    position = ["check", "scenarios/rules/stock-first.yaml", typed]
    assert runner.invoke(app, position).exit_code == 0
    result = runner.invoke(app, [*position, "--json"])
    assert result.exit_code == 0, result.stdout
    move = json.loads(result.stdout)["moves"][0]
    assert (move["move"], move["input"], move["legal"]) == ("stock 7 to build 1", typed, True)
    assert move["reason"].startswith("The 7 on your stock goes on build pile 1")  # the prose stays English
