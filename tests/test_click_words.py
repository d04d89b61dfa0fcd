"""The option parser's own words in Swedish and Danish: usage errors, the usage line, and --help's markers."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from tutor.cli.click_words import TEXTS, in_language
from tutor.i18n import use

ENGLISH = ("Usage:", "Try ", "Error", "Missing", "No such", "Invalid value", "requires", "Show this message",
           "[default", "[required]", "Possible options", "Did you mean")
ERRORS = [  # what is typed after --lang, and the words each language must answer with
    (["check"], {"sv": "Argument saknas: '[SCENARIO] MOVE...'.", "da": "Argument mangler: '[SCENARIO] MOVE...'."}),
    (["play", "--bogus"], {"sv": "Ingen sådan flagga: --bogus", "da": "Intet sådant tilvalg: --bogus"}),
    (["play", "--players", "x"], {"sv": "Ogiltigt värde för '--players': 'x' är inget giltigt heltal.",
                                  "da": "Ugyldig værdi for '--players': 'x' er ikke et gyldigt heltal."}),
    (["hint", "--runners-up", "99", "x.yaml"], {"sv": "99 ligger inte i intervallet 0<=x<=20",
                                                "da": "99 er ikke i intervallet 0<=x<=20"}),
    (["chek"], {"sv": "Inget sådant kommando: 'chek'. Menade du 'check'?",
                "da": "Ingen sådan kommando: 'chek'. Mente du 'check'?"}),
    (["play", "--seed"], {"sv": "Flaggan '--seed' kräver ett värde.", "da": "Tilvalget '--seed' kræver en værdi."}),
    (["scenario", "frob"], {"sv": "Inget sådant kommando: 'frob'.", "da": "Ingen sådan kommando: 'frob'."}),
]
USAGE = {"sv": "Användning: tutor", "da": "Brug: tutor"}
TRY = {"sv": "Skriv 'tutor", "da": "Skriv 'tutor"}
ROWS = [(language, args, said[language]) for args, said in ERRORS for language in ("sv", "da")]


def tutor(*args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, COLUMNS="200", NO_COLOR="1")
    env.pop("SKIPBO_TUTOR_LANG", None)
    return subprocess.run([sys.executable, "-m", "tutor", *args], capture_output=True, text=True, env=env,
                          timeout=60)


@pytest.mark.parametrize("language, args, said", ROWS, ids=[f"{row[0]}: {' '.join(row[1])}" for row in ROWS])
def test_a_usage_error_is_told_in_the_language(language, args, said):
    result = tutor("--lang", language, *args)
    assert result.returncode == 2, result.stderr
    assert said in result.stderr, result.stderr
    if args != ["play", "--seed"]:  # click shows no usage line for an option's missing value
        assert USAGE[language] in result.stderr and TRY[language] in result.stderr, result.stderr
    assert not [word for word in ENGLISH if word in result.stderr], result.stderr


@pytest.mark.parametrize("language", ["sv", "da"])
def test_a_usage_error_under_json_is_the_error_object_in_the_language(language):
    result = tutor("--lang", language, "hint", "--json", "--runners-up", "x", "x.yaml")
    assert result.returncode == 2
    problem = json.loads(result.stdout)["error"]["problems"][0]
    assert problem.startswith("tutor hint: ") and "--runners-up" in problem
    assert {"sv": "Ogiltigt värde", "da": "Ugyldig værdi"}[language] in problem, problem


@pytest.mark.parametrize("language", ["sv", "da"])
def test_help_has_click_s_and_typer_s_words_in_the_language(language):
    result = tutor("--lang", language, "hint", "--help")
    assert result.returncode == 0
    assert USAGE[language] + " hint" in result.stdout
    help_option = {"sv": "Visa det här meddelandet och avsluta.", "da": "Vis denne besked og afslut."}[language]
    assert help_option in result.stdout
    assert {"sv": "[standard: 3]", "da": "[standard: 3]"}[language] in result.stdout
    assert not [word for word in ENGLISH if word in result.stdout], result.stdout


def test_english_stays_click_s_own():
    result = tutor("--lang", "en", "play", "--players", "x")
    assert "Usage: tutor play" in result.stderr and "Invalid value for '--players': 'x' is not a valid int." in \
        result.stderr


@pytest.mark.parametrize("language", ["sv", "da"])
def test_every_message_click_writes_is_read_back_to_its_template(language):
    use(language)
    try:
        for key, english in TEXTS.items():
            if not key.startswith("message."):
                continue
            values = {field: f"'V{index}'" for index, field in enumerate(("name", "option", "options", "names",
                                                                            "arguments", "count", "value", "values",
                                                                            "range", "choices", "choice"))}
            values["problem"] = "'x' is not a valid int."
            message = english.format(**values)
            expected = TEXTS.text(key, **{**values, "problem": TEXTS.text("message.not-an-int", value="'x'")})
            assert in_language(message) == expected, key
    finally:
        use("en")


def test_a_message_no_template_knows_is_left_as_click_wrote_it():
    use("sv")
    try:
        assert in_language("Something new went wrong.") == "Something new went wrong."
    finally:
        use("en")
