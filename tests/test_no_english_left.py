"""Swedish and Danish runs leave no English where a player reads.

Every command runs in Swedish and in Danish (help, rulings over the whole
gallery, the legal moves, hints, rules, a game with the coach, a lesson,
a review, the problems of a broken file) and its output is searched for the
UI's English words. What stays English by design is taken out first, as
docs/languages.md lists it: rule ids, file names and options, the values of
options (``on|quiet|off``, the bots' names), the compact form (``s>b1``)
and the format's own words in a file's problems.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import typer.testing
from typer.main import get_command
from typer.testing import CliRunner

import tutor.i18n as i18n
from tutor.cli.app import build_app, listing_app
from tutor.cli.help_texts import translate_help
from tutor.scenario.gallery import GALLERY

#: The UI's English words: any of them in a Swedish or Danish run is a sentence or a move left untranslated.
ENGLISH = set("""
stock build discard draw pile piles end turn undo legal illegal the your you human move moves round rounds card
cards wild passed failed player players best good weak mistake blunder inaccuracy hint board quit help or and with
from onto on of is not no cannot decided this that shows left top new empty partner team game win won score points
kept spends keeps ends lesson answer type example e.g. seed deal dealer rules
""".split())
#: Words of the languages spelt as an English word: Swedish "hand", "partner" and "blunder", Danish "to" (two).
OWN = {"sv": {"hand", "partner", "blunder"}, "da": {"to", "partner", "end"}}  # Danish "end": than
WORD = re.compile(r"[^\W\d_][\w'-]*")
POSITION = ["--build", "6,-,2,-", "--stock", "7", "--hand", "3,5,SB,9,9", "--opponent", "Anna:8:4/-/-/-"]
STANDING = [  # documented to stay English: ids, files, options and their values, compact moves, the bots
    r"[\w-]+\.(?:yaml|py|html|svg|json)\b",  # a file's name: game-0001.yaml
    r"\b[a-z]+\.[a-z][\w.-]*",  # rule ids (build.sequence) and file names (stock-first.yaml)
    r"(?:/|\b)[\w.-]+/[\w./-]*",  # paths
    r"--?[\w-]+",  # options
    r"\b\w+>\w+",  # the compact form
    r"\b(?:on|quiet|off|cut|youngest|start|play|greedy|strong|strong-v1|stock-chaser|random|human)\b(?=[:|,\s)\]])",
    r"\(you\)|: you\]",  # the default name, as files keep it: "Ditt namn (you). [standard: you]"
    r"(?m)^[\s│]*[a-z][\w.-]*(?= {2,})|(?<= {2})[a-z][\w.-]*$",  # a command or a rule's id beside its title
    r"\[[A-Z. ]+\]|\b[A-Z][A-Z_-]{2,}\b(?:\.\.\.)?",  # [OPTIONS], SCENARIO, MOVE...
    r"Skip-Bo",
    r"\btutor(?: [a-z-]+){0,2}",  # a command to run: "tutor rules build.start", "tutor scenario new"
]


def english_words(text: str, language: str) -> set[str]:
    """The UI's English words left in ``text`` once what stays English by design is taken out."""
    for pattern in STANDING:
        text = re.sub(pattern, " ", text)
    return {word for word in WORD.findall(text) if word.lower() in ENGLISH - OWN[language]}


@pytest.fixture(params=["sv", "da"])
def language(request, monkeypatch, tmp_path):
    import typer.rich_utils

    from tutor.cli.click_words import RICH_WORDS
    from tutor.cli.help_texts import PANEL_TITLES

    for name in [*PANEL_TITLES, *RICH_WORDS]:  # translate_help sets them; put them back afterwards
        monkeypatch.setattr(typer.rich_utils, name, getattr(typer.rich_utils, name))
    monkeypatch.setenv("SKIPBO_TUTOR_HOME", str(tmp_path))
    monkeypatch.setenv("COLUMNS", "200")
    monkeypatch.setenv("SKIPBO_TUTOR_LANG", request.param)  # each run chooses it, as a player's environment says
    i18n.use(request.param)  # and help is put in it before the run, as main() does
    yield request.param
    i18n.use("en")


def run(monkeypatch, args: list[str], typed: str = "q\n") -> str:
    app = listing_app() if args == ["--help"] else build_app(args[0])
    command = get_command(app)
    translate_help(command)  # as main() does before a command runs
    monkeypatch.setattr(typer.testing, "_get_command", lambda _app: command)
    result = CliRunner().invoke(app, args, input=typed)
    assert "Traceback" not in result.output, result.output
    return result.output


def first_expected_moves(path: Path) -> list[str]:
    found = re.search(r"moves: \[?([^\]\n]+)", path.read_text(encoding="utf-8"))
    return [move.strip().strip("'\"") for move in found[1].split(",")] if found else []


GALLERY_FILES = sorted(GALLERY.rglob("*.yaml"))
RUNS = {
    "help": [["--help"], *[[name, "--help"] for name in ("check", "show", "moves", "rules", "hint", "simulate",
                                                          "learn", "play", "review", "worksheet", "quiz")],
             ["scenario", "--help"], ["scenario", "test", "--help"], ["scenario", "new", "--help"]],
    "one-line": [["check", *POSITION, "s>b1", "hSB>b2", "h9>d1"], ["check", *POSITION, "draw 3 cards"],
                 ["check", *POSITION, "end"], ["check", *POSITION, "Anna:stock to build 1"],
                 ["moves", *POSITION], ["hint", *POSITION], ["show", *POSITION]],
    "rules": [["rules"], ["rules", "notation"], ["rules", "turn"], ["rules", "build.start"]],
    "scenario": [["scenario", "test", "scenarios/rules"]],  # the template of scenario new: the format's words
}


@pytest.mark.parametrize("kind", sorted(RUNS))
def test_commands_leave_no_english(language, monkeypatch, kind):
    left = {" ".join(args): english_words(run(monkeypatch, args), language) for args in RUNS[kind]}
    assert {args: words for args, words in left.items() if words} == {}


def test_the_rulings_of_the_whole_gallery_leave_no_english(language, monkeypatch):
    left = {}
    for path in GALLERY_FILES:
        moves = first_expected_moves(path)
        output = run(monkeypatch, ["check", str(path), *(moves or ["end"])])
        words = english_words(output.replace(str(path), " "), language)
        if words:
            left[path.name] = words
    assert left == {}


def test_a_game_a_lesson_and_a_review_leave_no_english(language, monkeypatch, tmp_path):
    played = run(monkeypatch, ["play", "--seed", "3", "--coach", "on", "--fast", "--players", "3"],
                 "?\nhint\nboard\nhelp\n1\n\n\n1\n\n\n1\n\n\nq\n")
    paired = run(monkeypatch, ["play", "--seed", "5", "--teams", "--players", "4", "--fast"], "help\n?\nq\n")
    learned = run(monkeypatch, ["learn", "turn"], "\n" * 3 + "?\nhint\nboard\n1\n\n\n\n?\n1\nq\n")
    teams = run(monkeypatch, ["learn", "teams"], "\n" * 3 + "?\nhint\n1\nq\n")
    recorded = run(monkeypatch, ["simulate", "--games", "1", "--seed", "4", "--record", str(tmp_path / "games")])
    reviewed = run(monkeypatch, ["review", str(tmp_path / "games" / "game-0001.yaml")])
    left = {name: english_words(output.replace(str(tmp_path), " "), language)
            for name, output in [("play", played), ("play --teams", paired), ("learn turn", learned), ("learn teams", teams),
                                 ("simulate", recorded), ("review", reviewed)]}
    assert {name: words for name, words in left.items() if words} == {}


@pytest.mark.parametrize("file, canonical, words", [
    ("rules/unknown-stock-top", "stock to build 1", {"sv": "din stockhög till byggstapel 1",
                                                     "da": "din stakbunke til byggebunke 1"}),
    ("rules/empty-pile", "discard 2 to build 1", {"sv": "din avläggshög 2 till byggstapel 1",
                                                  "da": "din afkastbunke 2 til byggebunke 1"}),
    # a card taken off a build pile is named as the pile shows it
    ("rules/build-piles-stay", "build 2 to build 3", {"sv": "femman från byggstapel 2 till byggstapel 3",
                                                      "da": "femmeren fra byggebunke 2 til byggebunke 3"}),
    ("rules/one-draw-only", "draw 3 cards", {"sv": "dra 3 kort", "da": "træk 3 kort"}),
])
def test_a_move_without_its_card_is_said_in_words_that_read_back(language, monkeypatch, file, canonical, words):
    path = str(GALLERY / f"{file}.yaml")
    said = words[language]
    assert f"1. {said}  " in run(monkeypatch, ["check", path, canonical])
    assert f"1. {said}  " in run(monkeypatch, ["check", path, said])  # typed as shown, it is that move again
