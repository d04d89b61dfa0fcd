"""A Swedish or Danish user hands the tutor a broken file: each problem comes in their language, at its file,
line and column, and the file's own words (keys, rule ids, paths) stay as the file wrote them."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

BROKEN_SCENARIO = """title: Trasig
players:
  - name: you
    stock: {top: 13, count: 5}
  - name: Anna
    stok: {count: 3}
build: [6, 12, null]
"""
PROBLEMS = {  # the same four problems, as each language says them
    "en": ["{file}:4:18: players[1].stock.top: the number 13 is not a card: cards are 1 to 12 and SB",
           "{file}:5:5: players[2]: missing the required key 'stock'",
           "{file}:6:5: players[2].stok: unknown key 'stok': did you mean 'stock'?",
           "{file}:7:12: build[2]: a build pile shows 1 to 11, not 12: a pile that reaches 12 is set aside at once"],
    "sv": ["{file}:4:18: players[1].stock.top: talet 13 är inget kort: korten är 1 till 12 och SB",
           "{file}:5:5: players[2]: den nödvändiga nyckeln 'stock' saknas",
           "{file}:6:5: players[2].stok: okänd nyckel 'stok': menade du 'stock'?",
           "{file}:7:12: build[2]: en byggstapel visar 1 till 11, inte 12: en stapel som når 12 läggs åt sidan "
           "genast"],
    "da": ["{file}:4:18: players[1].stock.top: tallet 13 er ikke et kort: kortene er 1 til 12 og SB",
           "{file}:5:5: players[2]: den påkrævede nøgle 'stock' mangler",
           "{file}:6:5: players[2].stok: ukendt nøgle 'stok': mente du 'stock'?",
           "{file}:7:12: build[2]: en byggebunke viser 1 til 11, ikke 12: en bunke, der når 12, lægges straks til "
           "side"],
}
ERROR = {"en": "error", "sv": "fel", "da": "fejl"}


def tutor(*args, folder, **env):
    environment = {key: value for key, value in os.environ.items()
                   if key not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG", "SKIPBO_TUTOR_LANG")}
    environment.update(SKIPBO_TUTOR_HOME=str(folder / "home"), NO_COLOR="1", COLUMNS="200", **env)
    return subprocess.run([sys.executable, "-m", "tutor", *map(str, args)], capture_output=True, text=True,
                          timeout=120, env=environment, cwd=folder)


@pytest.fixture
def broken(tmp_path):
    (tmp_path / "broken.yaml").write_text(BROKEN_SCENARIO, encoding="utf-8")
    return tmp_path


@pytest.mark.parametrize("language", ["sv", "da"])
def test_a_scenario_file_problem_comes_in_the_users_language_with_file_and_line(broken, language):
    result = tutor("--lang", language, "check", "broken.yaml", "s>b1", folder=broken)
    assert result.returncode == 2
    wanted = [f"{ERROR[language]}: " + line.format(file="broken.yaml") for line in PROBLEMS[language]]
    assert result.stderr.splitlines() == wanted


def test_the_language_from_the_variable_speaks_the_problems_of_scenario_validate(broken):
    result = tutor("scenario", "validate", "broken.yaml", folder=broken, SKIPBO_TUTOR_LANG="da")
    assert result.returncode == 2
    assert [line.format(file="broken.yaml") for line in PROBLEMS["da"]] == result.stdout.splitlines()[:4]


@pytest.mark.parametrize("language", ["sv", "da"])
def test_json_problems_follow_a_language_named_and_stay_english_under_a_system_locale(broken, language):
    named = json.loads(tutor("--lang", language, "check", "broken.yaml", "s>b1", "--json", folder=broken).stdout)
    assert named["error"]["problems"] == [line.format(file="broken.yaml") for line in PROBLEMS[language]]
    locale = {"sv": "sv_SE.UTF-8", "da": "da_DK.UTF-8"}[language]
    system = tutor("check", "broken.yaml", "s>b1", "--json", folder=broken, LANG=locale)
    assert json.loads(system.stdout)["error"]["problems"] == [line.format(file="broken.yaml")
                                                              for line in PROBLEMS["en"]]


def test_a_yaml_syntax_error_is_explained_in_swedish_with_the_parsers_own_words_after_it(tmp_path):
    (tmp_path / "tab.yaml").write_text("title: t\nplayers:\n  - name: a\n\tstock: 3\n", encoding="utf-8")
    result = tutor("--lang", "sv", "check", "tab.yaml", "s>b1", folder=tmp_path)
    assert result.returncode == 2
    assert result.stderr.startswith("fel: tab.yaml:4:1: YAML-syntax: en tabb: dra in med mellanslag, aldrig med "
                                    "tabbar (med YAML-tolkens egna ord: ")


def test_a_broken_record_is_refused_in_danish_at_its_lines(tmp_path):
    (tmp_path / "game.yaml").write_text("format: skipbo-record/9\nplayers: x\nrules: {stock_size: 30}\nrounds: []\n",
                                        encoding="utf-8")
    result = tutor("--lang", "da", "review", "game.yaml", folder=tmp_path)
    assert result.returncode == 2
    assert result.stderr.splitlines() == [
        "fejl: game.yaml:1:9: format: skal være 'skipbo-record/1'",
        "fejl: game.yaml:2:10: players: skal nævne 2 til 6 spillere i turrækkefølge",
        "fejl: game.yaml:4:9: rounds: skal være en liste af runder, mindst én",
    ]


def test_a_damaged_save_is_reported_in_swedish(tmp_path):
    (tmp_path / "home").mkdir()
    (tmp_path / "home" / "saved-game.yaml").write_text("format: skipbo-record/1\nplayers: x\nrules: {}\nrounds: []\n",
                                                       encoding="utf-8")
    result = tutor("--lang", "sv", "play", "--resume", folder=tmp_path)
    assert result.returncode == 2
    save = tmp_path / "home" / "saved-game.yaml"
    assert f"{save}:2:10: players: måste ta upp 2 till 6 spelare i turordning" in result.stderr
    assert f"{save}:3:8: rules: nyckeln 'stock_size' saknas" in result.stderr


def test_a_broken_course_is_refused_in_danish_naming_file_line_and_step(tmp_path):
    course = tmp_path / "course"
    course.mkdir()
    (course / "01-stage.yaml").write_text(
        "id: s\ntitle: T\nsummary: S\nsteps:\n  - {say: ''}\n  - {exercise: e, kind: dance, ask: a, hint: h, done: d}\n",
        encoding="utf-8")
    result = tutor("--lang", "da", "course", "validate", "course", folder=tmp_path)
    assert result.returncode == 2
    assert result.stdout.splitlines()[:2] == [
        "course/01-stage.yaml:5:11: trin 1: 'say' har ingen ord: skriv teksten, der skal vises",
        "course/01-stage.yaml:6:25: trin 2 (øvelse 'e'): en øvelses kind er moves, choice eller number, ikke 'dance'",
    ]


@pytest.mark.parametrize("language, options, wanted", [
    ("sv", ["--build", "0,-,-,-"], "fel: kommandoraden: --build: 0 är inget översta kort på en byggstapel: skriv - för en ledig "
                                   "plats, som i 6,-,2,-"),
    ("da", ["--hand", "1,2,3,4,5,6"], "fejl: kommandolinjen: --hand: en hånd rummer højst fem kort, ikke 6"),
    ("sv", ["--stock", "13"], "fel: kommandoraden: --stock: talet 13 är inget kort: korten är 1 till 12 och SB"),
    ("da", ["--opponent", ":8"], "fejl: kommandolinjen: --opponent: angiv først et navn, som i --opponent Anna:8"),
])
def test_a_bad_one_line_position_is_refused_in_the_users_language(tmp_path, language, options, wanted):
    result = tutor("--lang", language, "check", *options, "s>b1", folder=tmp_path)
    assert result.returncode == 2
    assert result.stderr.splitlines() == [wanted]
