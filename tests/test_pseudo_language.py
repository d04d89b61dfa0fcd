"""A pseudo-language run: every catalogue message comes out marked, so any text that bypassed translation shows.

The run speaks Swedish data (the rules reference, the course, the gallery)
with every message wrapped in ⟪ ⟫; what is left outside the marks must be
names, numbers, cards, canonical moves (read in every language), rule ids,
commands and options, or the metavars and type names of help (``[OPTIONS]``,
``<int>``). Every command runs; in the template of ``scenario new`` the keys
and values are the format's own. ``scenario schema`` is left out: the JSON
schema is a file of the format, in English for every language
(docs/languages.md).
"""

from __future__ import annotations

import gettext
import re
from importlib import resources

import pytest
from typer.main import get_command
import typer.testing
from typer.testing import CliRunner

import tutor.i18n as i18n
from tutor.cli import usage
from tutor.cli.app import build_app, listing_app
from tutor.cli.click_words import RICH_WORDS
from tutor.cli.help_texts import PANEL_TITLES, translate_help

GALLERY_FILE = "scenarios/rules/build-piles-stay.yaml"
RECORD = "RECORD"  # stands for a game record the test has bots play first
POSITION = ["--build", "6,-,2,-", "--stock", "7", "--hand", "3,5,SB,9,9", "--opponent", "Anna:8:4/-/-/-"]
RUNS = [
    ["check", *POSITION, "s>b1", "hSB>b2", "h9>d1"],
    ["check", *POSITION, "-v", "h9>d1"],
    ["check", *POSITION, "s>b2"],
    ["check", *POSITION, "h5>b1", "d4>b3", "h3>d5"],
    ["check", *POSITION, "draw"],
    ["check", *POSITION, "end"],
    ["check", *POSITION, "Anna:stock to build 1"],
    ["check", *POSITION, "hand 5 to build 1"],
    ["check", *POSITION, "--phase", "start", "s>b1"],
    ["show", *POSITION],
    ["show", GALLERY_FILE],
    ["check", GALLERY_FILE, "build 2 to build 3", "stock to build 2"],
    ["hint", GALLERY_FILE],
    ["scenario", "show", "--reveal", GALLERY_FILE],
    ["simulate", "--games", "3", "--seed", "1"],
    ["review", RECORD],
    ["scenario", "from-record", RECORD, "--turn", "5"],
    ["scenario", "new"],
    ["scenario", "new", *POSITION],
    ["scenario", "validate", "scenarios/rules"],
    ["scenario", "test", "scenarios/scoring"],
    ["course", "validate", "tutor/lessons/course"],
    ["worksheet", "-o", "-", GALLERY_FILE, "scenarios/scoring/winner-scores.yaml"],
    ["quiz", GALLERY_FILE, "scenarios/scoring/winner-scores.yaml", "scenarios/rules/rising-by-one.yaml"],
    ["moves", *POSITION],
    ["hint", *POSITION],
    ["rules"],
    ["rules", "build.start"],
    ["rules", "vilda"],
    ["rules", "zzzz"],
    ["learn", "--reset"],
    ["learn", "--list"],
    ["learn", "setup"],
    ["learn", "turn"],
    ["play", "--lang", "sv", "--bogus"],
    ["play", "--players", "9"],
    ["play", "--seed", "3", "--coach", "on", "--fast"],
    ["play", "--seed", "5", "--teams", "--players", "4", "--fast"],
    ["--help"],
    *[[name, "--help"] for name in ("check", "show", "moves", "rules", "hint", "simulate", "learn", "play", "review",
                                    "worksheet", "quiz")],
    ["scenario", "--help"], ["course", "--help"],
]
INPUTS = {  # what is typed: the commands of the table, a move, wrong answers and hints, then quit
    "play": "?\nhint\nboard\nhelp\nh9>d1\nundo\n\n\n\nq\n",
    "quiz": "build 2 to build 3\n50\nskip\n",
    "learn": "\n7\nhint\n20\n1\n2\n3\n4\n\n\n\n?\nhint\nboard\ns>b1\nend\nq\n",
}
# what may stand outside the marks: names, canonical moves and commands, option words, the metavars of help
ALLOWED = set("""
you Anna Bo Cleo Dan Eve stock hand build discard to draw end from on my the SB pile of tutor check show moves
rules hint simulate learn play review worksheet quiz scenario course validate test new schema from record json
lang help version verbose phase build stock count opponent partner draw next discards me players bots teams seed
games workers short match coach start youngest name resume record reveal svg output title key failed only list
reset stage install completion show str int OPTIONS ARGS COMMAND
SCENARIO MOVE TOPIC FILE DIR ADDRESS NAME POINTS PATH TEXT INTEGER RECORD TURN PLAYER STAGE
runners up turn player games en sv da bogus range path FOLDER topic cut strong greedy
""".split())
WORD = re.compile(r"[^\W\d_]{2,}")


class Pseudo(gettext.NullTranslations):
    """Every message marked: ⟪message⟫."""

    def gettext(self, message):
        return "\n".join(f"⟪{line}⟫" for line in message.split("\n"))  # help shows a text's first line alone

    def pgettext(self, context, message):
        return self.gettext(message)

    def ngettext(self, singular, plural, count):
        return self.gettext(singular if count == 1 else plural)


@pytest.fixture
def pseudo(monkeypatch, tmp_path):
    import typer.rich_utils

    for name in [*PANEL_TITLES, *RICH_WORDS]:  # translate_help sets them; put them back afterwards
        monkeypatch.setattr(typer.rich_utils, name, getattr(typer.rich_utils, name))
    monkeypatch.setattr(i18n, "_translations", Pseudo())
    monkeypatch.setattr(i18n, "_language", "sv")
    monkeypatch.setattr(usage, "speak_chosen_language",
                        lambda args, as_json: [a for a in args if a not in ("--lang", "sv")])
    monkeypatch.setenv("SKIPBO_TUTOR_HOME", str(tmp_path))
    monkeypatch.setenv("COLUMNS", "200")


def swedish_data_words() -> set[str]:
    """The words of the Swedish reference, course and gallery: data, translated as files, not through the catalogue."""
    lessons = resources.files("tutor.lessons")
    files = [lessons.joinpath("rules.sv.yaml"), *lessons.joinpath("course", "sv").iterdir(),
             resources.files("tutor.scenario").joinpath("gallery.sv.yaml")]
    return {word for file in files for word in WORD.findall(file.read_text(encoding="utf-8"))}


def unmarked(text: str) -> set[str]:
    """The words left when every marked message (and, in a page, its markup and style) is taken out."""
    text = re.sub(r"<style>.*?</style>|<[^<>]*>|&\w+;", " ", text, flags=re.S)
    while True:
        shorter = re.sub(r"⟪[^⟪⟫]*⟫", " ", text)
        if shorter == text:
            break
        text = shorter
    text = re.sub(r"[\w./-]*\.(?:yaml|py)|--[\w-]+|\b\w+\.\w[\w.-]*|\w+>\w+", " ", text)  # files, options, ids
    return {word for word in WORD.findall(text) if word not in ALLOWED}


@pytest.mark.parametrize("args", RUNS, ids=" ".join)
def test_no_text_bypasses_translation(pseudo, monkeypatch, tmp_path, args):
    if RECORD in args:
        recorded = CliRunner().invoke(build_app("simulate"), ["simulate", "--games", "1", "--seed", "4", "--record",
                                                               str(tmp_path / "games")])
        assert recorded.exit_code == 0, recorded.output
        args = [str(tmp_path / "games" / "game-0001.yaml") if arg == RECORD else arg for arg in args]
    app = listing_app() if args == ["--help"] else build_app(args[0])
    command = get_command(app)
    translate_help(command)  # as main() does before a command runs
    monkeypatch.setattr(typer.testing, "_get_command", lambda _app: command)
    result = CliRunner().invoke(app, args, input=INPUTS.get(args[0], "q\n"))
    assert "Traceback" not in result.output, result.output
    output = result.output
    if "from-record" in args:  # a scenario file: its keys are the format's, not prose
        output = re.sub(r"(?m)^[\s-]*(?:quality: \w+$|\w+:)", " ", output)  # keys, and the quality ids
    if "new" in args:  # a template: the format's keys and values, also in its commented-out examples
        output = re.sub(r"(?m)^# yaml-language-server:.*$|\b\w+:|\b(?:null|true|false|weak)\b", " ", output)
    assert unmarked(output) - swedish_data_words() == set(), result.output
