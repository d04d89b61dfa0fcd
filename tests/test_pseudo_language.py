"""A pseudo-language run: every catalogue message comes out marked, so any text that bypassed translation shows.

The run speaks Swedish data (the rules reference, the course, the gallery)
with every message wrapped in ⟪ ⟫; what is left outside the marks must be
names, numbers, cards, canonical moves (read in every language), rule ids,
commands and options, or the metavars and type names of help (``[OPTIONS]``,
``<int>``). Every command runs; the template ``scenario new`` prints is read
too (its keys and values are the format's own), and ``scenario schema`` is
left out: the JSON schema is a file of the format, in English for every
language (docs/languages.md). Broken files of every kind (scenarios,
records, a save, courses) and broken one-line positions are fed to the
commands that read them, so that every problem found in a file is checked
too.
"""

from __future__ import annotations

import functools
import gettext
import re
from importlib import resources
from pathlib import Path

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
    ["gallery", "--help"], ["gallery", "list", "teams"], ["gallery", "show", "rules/stock-first", "--reveal"],
    ["gallery", "show", "rules/stock-firs"], ["gallery", "list", "nothing"],
    ["worksheet", "-o", "-", "tests/fixtures/classroom/wrong-key.yaml"],
    ["worksheet", "-o", "-", "rules/unknown-stock-top", "--leave-out", "tutor"],
    ["quiz", "scenarios/endgame/stalemate.yaml", "scenarios/scoring/winner-scores.yaml"],
]
# Broken input: each file below is written to the test's folder and named in a run as @name.
POSITION_HEAD = "title: t\nplayers:\n"
BROKEN = {
    "shape.yaml": "title: ''\nphase: plya\nbuild: [6, SB=13, x, null, null]\ncompleted: -1\n"
                  "rules: {stock_size: 40, stalemat: no-winner}\nturn: 5\ndraw_pile: {count: 3, nxt: [1]}\n"
                  "players:\n  - {name: you, stock: {top: 13, count: 3}, hand: seven, discards: [[1], x]}\n"
                  "  - {name: Bo, hnad: 5}\n"
                  "expect:\n  - {moves: s>b1, turns: [[s>b1]], legal: false}\n  - {moves: [], quality: fine}\n",
    "position.yaml": POSITION_HEAD + "  - {name: you, stock: {top: 3, count: 40, next: [1, 2, 3]}, hand: 7,"
                     " discards: [[1], [2], [3], [4], [5]]}\n  - {name: You, stock: {count: 0, top: 4}}\n"
                     "  - {name: Cleo, stock: {count: 0}}\n"
                     "build: [[1, 3], 12, [SB, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]]\ncompleted: 13\n"
                     "draw_pile: {count: 2, next: [SB, SB, SB, SB, SB, SB, SB, SB, SB, SB, SB, SB, SB, SB, SB]}\n"
                     "rules: {teams: [[you, Nobody, Cleo], [Cleo]]}\nturn: Dan\n",
    "players.yaml": POSITION_HEAD + "  - {name: you, stock: {count: 5}}\n  - {name: '\"', stock: {count: -3}}\n"
                    "  - {name: ' ', stock: {count: 5}}\n  - {name: Bo, stock: {count: 5}}\n"
                    "  - {name: Cleo, stock: {count: 500}}\nrules: {teams: [[you, Bo], [Bo, Cleo]]}\n",
    "seven.yaml": POSITION_HEAD + "".join(f"  - {{name: p{n}, stock: {{count: 1}}}}\n" for n in range(7)),
    "expect.yaml": POSITION_HEAD + "  - {name: you, stock: {top: 1, count: 5}, hand: [2, 3, 9, 9, 9]}\n"
                   "  - {name: Bo, stock: {top: 5, count: 5}}\nexpect:\n"
                   "  - {moves: s>b1, rule: build.start}\n  - {moves: h2>b2, undecidable: true, legal: true}\n"
                   "  - {moves: h2>b2, legal: false, rule: build.start, quality: best}\n  - {moves: s>b1}\n"
                   "  - {moves: 'Cleo:stock to build 1', legal: true}\n",
    "fails.yaml": POSITION_HEAD + "  - {name: you, stock: {top: 1, count: 5}, hand: [2, 3, 9, 9, 9]}\n"
                  "  - {name: Bo, stock: {top: 5, count: 5}}\nexpect:\n"
                  "  - {moves: s>b1, legal: false, rule: build.start}\n  - {moves: h2>b1, legal: true}\n"
                  "  - {moves: h2>b1, legal: false, rule: build.sequence}\n  - {moves: h2>b1, undecidable: true}\n"
                  "  - {moves: [h2>b1, s>b1], legal: true}\n  - {turns: [[s>b1]], legal: true}\n"
                  "  - {moves: s>b1, then: {build: [2], hand_size: 3, events: [fireworks]}}\n",
    "syntax.yaml": "title: t\nplayers:\n  - name: a\n\tstock: 3\n",
    "brackets.yaml": "title: [t\n",
    "twice.yaml": "title: t\ntitle: u\n? [a]\n: 1\nbuild: !!int x\nplayers: !!map 5\ncompleted: 1234567890123456\n"
                  "turn: !secret x\n",
    "empty.yaml": "",
    "binary.yaml": "title: \0\n",
    "latin1.yaml": b"title: \xe9\n",
    "a-folder.yaml": None,
    "bad-record.yaml": "format: skipbo-record/9\ncoach: loud\nplayers:\n  - {name: ' you', plays: human}\n"
                       "  - {name: you, plays: 5}\n  - {name: '', plays: x}\n  - [x]\n"
                       "rules: {stock_size: 0, start: late, youngest: Nobody, teams: [[you], x], extra: 1}\n"
                       "rounds:\n  - seed: -1\n    turns: [{player: Nobody, moves: ['Nobody:s>b1', 5], undone: x}, 3]\n"
                       "    shuffles: [[1, 99], x]\n    result: {winners: x, stocks: [], points: no, finished: 2}\n",
    "teams-record.yaml": "format: skipbo-record/1\nplayers:\n  - {name: a, plays: human}\n  - {name: b, plays: greedy}\n"
                         "  - {name: c, plays: greedy}\n  - {name: d, plays: greedy}\n"
                         "rules: {stock_size: 5, teams: [[a, b], [c, d]]}\nrounds: x\n",
    "short-record.yaml": "format: skipbo-record/1\nplayers: x\nrules: {}\nrounds: []\n",
    "bot.py": "class Bot:\n    def plan(self, view, rng):\n        return [5]\n\n\nclass Planless:\n    pass\n",
    "crash.py": "raise SystemExit(3)\n",
}
STAGE = "id: s{n}\ntitle: T\nsummary: S\nsteps:\n"
EXERCISE = "  - {{exercise: e{n}, kind: {kind}, ask: a, hint: h, done: d, {rest}}}\n"
POSITION_DATA = "{players: [{name: you, stock: {top: 1, count: 3}, hand: [4]}, {name: Bo, stock: {top: 2, count: 3}}]}"
COURSES = {  # folders of stage files: one that cannot be read, one that the engine disagrees with
    "bad-course": {
        "01-list.yaml": "- a\n", "02-steps.yaml": "id: x\ntitle: X\nsummary: S\nsteps: []\n",
        "03-steps.yaml": STAGE.format(n=3) + "  - 5\n  - {board: 1}\n  - {id: x}\n  - {say: ''}\n"
        + EXERCISE.format(n=1, kind="dance", rest="x: 1")
        + EXERCISE.format(n=1, kind="moves", rest="goal: fly, position: 5")
        + EXERCISE.format(n=2, kind="moves", rest="goal: accept, position: " + POSITION_DATA)
        + EXERCISE.format(n=3, kind="moves", rest="goal: stock, count: 0, position: " + POSITION_DATA)
        + EXERCISE.format(n=4, kind="moves", rest="goal: stock, solution: 5, position: " + POSITION_DATA)
        + EXERCISE.format(n=6, kind="moves", rest="goal: stock, solution: s>b1, wrong: [5], position: " + POSITION_DATA)
        + EXERCISE.format(n=7, kind="moves", rest="goal: stock, solution: s>b1, wrong: [{answer: h4>b1}], position: "
                          + POSITION_DATA)
        + EXERCISE.format(n=8, kind="moves", rest="goal: stock, solution: s>b1, position: {players: [{name: you, "
                          "stock: {count: 3}}]}")
        + EXERCISE.format(n=9, kind="choice", rest="options: [a]")
        + EXERCISE.format(n=10, kind="choice", rest="options: [a, 5]")
        + EXERCISE.format(n=11, kind="choice", rest="options: [a, b], answer: 3")
        + EXERCISE.format(n=12, kind="choice", rest="options: [a, b], answer: 1, wrong: [{answer: 1, say: s}]")
        + EXERCISE.format(n=13, kind="choice", rest="options: [a, b], answer: 1, wrong: [{answer: 2, rule: x}]")
        + EXERCISE.format(n=14, kind="choice", rest="options: [a, b], answer: 1, wrong: [{answer: x}]")
        + EXERCISE.format(n=15, kind="number", rest="answer: x")
        + EXERCISE.format(n=16, kind="number", rest="answer: 3, wrong: [{answer: 3, say: s}]"),
        "04-again.yaml": STAGE.format(n=3) + "  - {say: s}\n", "05-link.yaml": "../outside.yaml",
    },
    "wrong-course": {
        "01-wrong.yaml": STAGE.format(n=1)
        + EXERCISE.format(n=1, kind="moves", rest="goal: stock, count: 2, solution: s>b1, position: " + POSITION_DATA
                          + ", wrong: [{answer: h4>b1, rule: build.sequence}, {answer: h4>d1, rule: build.start},"
                          " {answer: h4>b1, rule: no.such}, {answer: 'Cleo:stock to build 1', say: s}]")
        + EXERCISE.format(n=2, kind="moves", rest="goal: accept, accept: [[h4>b1]], solution: 'Cleo:s>b1', "
                          "position: " + POSITION_DATA)
        + EXERCISE.format(n=3, kind="number", rest="answer: 7, finish: [s>b1], position: " + POSITION_DATA)
        + EXERCISE.format(n=4, kind="number", rest="answer: 7, finish: ['Cleo:s>b1'], position: " + POSITION_DATA),
    },
    "empty-course": {},
}
FILE_RUNS = [
    ["check", "@shape.yaml", "s>b1"],
    ["check", "@position.yaml", "s>b1"],
    ["check", "@players.yaml", "s>b1"],
    ["check", "@seven.yaml", "s>b1"],
    ["scenario", "validate", "@shape.yaml", "@position.yaml", "@expect.yaml", "@syntax.yaml", "@brackets.yaml",
     "@twice.yaml", "@empty.yaml", "@binary.yaml", "@latin1.yaml", "@a-folder.yaml", "@missing.yaml"],
    ["scenario", "test", "@fails.yaml"],
    ["show", "@twice.yaml"],
    ["review", "@bad-record.yaml"],
    ["review", "@teams-record.yaml"],
    ["review", "@short-record.yaml"],
    ["review", "REPLAY"],
    ["play", "--resume"],
    ["scenario", "new", "@new.yaml", "--build", "6,-,2,-"],
    ["scenario", "new", "@new.yaml", "--stock", "13"],
    ["scenario", "new", "@a-folder.yaml"],
    ["scenario", "new", "@shape.yaml"],
    ["simulate", "--games", "1", "--bots", "@bot.py:Bot,greedy"],
    ["simulate", "--games", "1", "--bots", "@bot.py:Missing,@bot.py:Planless,@crash.py:Bot,@nofile.py:Bot,greedy"],
    ["course", "validate", "@bad-course"],
    ["course", "validate", "@wrong-course"],
    ["course", "validate", "@empty-course"],
    ["course", "validate", "@missing-course"],
    ["learn", "--course", "@bad-course"],
    ["check", "--build", "0,-,-,-", "s>b1"],
    ["check", "--build", "x", "s>b1"],
    ["check", "--stock", "13", "s>b1"],
    ["check", "--hand", "1,2,3,4,5,6", "--opponent", ":8", "s>b1"],
    ["check", "--hand", "1,1,1,1,1", "--discards", "1,1,1,1/1,1,1/1,1,1/1,1,1/1", "--stock", "1", "--draw-next",
     "1,1,1,1,1", "s>b1"],
    ["check", "--partner", "Cleo", "s>b1"],
    ["check", "--build", "5", "--stock-count", "99", "--me", "Anna", "--opponent", "Anna", "s>b1"],
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
runners up turn player games en sv da bogus range path FOLDER topic cut strong greedy gallery copy TAG
""".split())
WORD = re.compile(r"[^\W\d_]{2,}")


TEMPLATE = Path(i18n.LOCALE_DIR) / f"{i18n.DOMAIN}.pot"


@functools.cache
def catalogued() -> frozenset:
    """The (context, message) of every entry of the template: what a translator is given."""
    from babel.messages.pofile import read_po

    with TEMPLATE.open("rb") as handle:
        return frozenset((message.context, message.id if isinstance(message.id, str) else message.id[0])
                         for message in read_po(handle) if message.id)


class Pseudo(gettext.NullTranslations):
    """Every message marked: ⟪message⟫; a message the template lacks (no translator would see it) is noted."""

    def __init__(self):
        super().__init__()
        self.uncatalogued = set()

    def gettext(self, message):
        return self.pgettext(None, message)

    def pgettext(self, context, message):
        if (context, message) not in catalogued():
            self.uncatalogued.add((context, message))
        return marked(message)

    def ngettext(self, singular, plural, count):
        self.gettext(singular)  # a plural entry is known by its singular
        return marked(singular if count == 1 else plural)


def marked(message: str) -> str:
    return "\n".join(f"⟪{line}⟫" for line in message.split("\n"))  # help shows a text's first line alone


@pytest.fixture
def pseudo(monkeypatch, tmp_path):
    import typer.rich_utils

    for name in [*PANEL_TITLES, *RICH_WORDS]:  # translate_help sets them; put them back afterwards
        monkeypatch.setattr(typer.rich_utils, name, getattr(typer.rich_utils, name))
    translations = Pseudo()
    monkeypatch.setattr(i18n, "_translations", translations)
    monkeypatch.setattr(i18n, "_language", "sv")
    monkeypatch.setattr(usage, "speak_chosen_language",
                        lambda args, as_json: [a for a in args if a not in ("--lang", "sv")])
    monkeypatch.setenv("SKIPBO_TUTOR_HOME", str(tmp_path))
    monkeypatch.setenv("COLUMNS", "200")
    return translations


def swedish_data_words() -> set[str]:
    """The words of the Swedish reference, course and gallery: data, translated as files, not through the catalogue."""
    lessons = resources.files("tutor.lessons")
    files = [lessons.joinpath("rules.sv.yaml"), *lessons.joinpath("course", "sv").iterdir(),
             resources.files("tutor.scenario").joinpath("gallery.sv.yaml")]
    return {word for file in files for word in WORD.findall(file.read_text(encoding="utf-8"))}


def write_broken_files(folder):
    """The broken files of ``BROKEN`` and the course folders of ``COURSES`` in ``folder``."""
    for name, content in BROKEN.items():
        if content is None:
            (folder / name).mkdir()
        elif isinstance(content, bytes):
            (folder / name).write_bytes(content)
        else:
            (folder / name).write_text(content, encoding="utf-8")
    (folder / "outside.yaml").write_text("id: outside\n", encoding="utf-8")
    for course, stages in COURSES.items():
        (folder / course).mkdir()
        for name, content in stages.items():
            if content == "../outside.yaml":
                (folder / course / name).symlink_to(folder / "outside.yaml")
            else:
                (folder / course / name).write_text(content, encoding="utf-8")


def unmarked(text: str) -> set[str]:
    """The words left when every marked message (and, in a page, its markup and style) is taken out."""
    text = re.sub(r"<style>.*?</style>|<[^<>]*>|&\w+;", " ", text, flags=re.S)
    while True:
        shorter = re.sub(r"⟪[^⟪⟫]*⟫", " ", text)
        if shorter == text:
            break
        text = shorter
    text = re.sub(r"[\w./-]*\.(?:yaml|py)|--[\w-]+|\b\w+\.\w[\w.-]*|\w+>\w+", " ", text)  # files, options, ids
    text = re.sub(r"\b[a-z-]+/[a-z-]+\b", " ", text)  # the gallery's names (rules/stock-first)
    return {word for word in WORD.findall(text) if word not in ALLOWED}


@pytest.mark.parametrize("args", RUNS + FILE_RUNS, ids=" ".join)
def test_no_text_bypasses_translation(pseudo, monkeypatch, tmp_path, args):
    write_broken_files(tmp_path)
    args = [re.sub(r"@([\w.-]+)", lambda name: str(tmp_path / name[1]), arg) for arg in args]
    if "--resume" in args:  # a save that is damaged
        (tmp_path / "saved-game.yaml").write_text(BROKEN["bad-record.yaml"], encoding="utf-8")
    replay = "REPLAY" in args  # a record well formed that does not replay: its result is not what its moves reach
    args = [RECORD if arg == "REPLAY" else arg for arg in args]
    if RECORD in args:
        recorded = CliRunner().invoke(build_app("simulate"), ["simulate", "--games", "1", "--seed", "4", "--record",
                                                               str(tmp_path / "games")])
        assert recorded.exit_code == 0, recorded.output
        record = tmp_path / "games" / "game-0001.yaml"
        if replay:
            record.write_text(re.sub(r"points: \d+", "points: 9999", record.read_text(encoding="utf-8")),
                              encoding="utf-8")
        args = [str(record) if arg == RECORD else arg for arg in args]
    app = listing_app() if args == ["--help"] else build_app(args[0])
    command = get_command(app)
    translate_help(command)  # as main() does before a command runs
    monkeypatch.setattr(typer.testing, "_get_command", lambda _app: command)
    result = CliRunner().invoke(app, args, input=INPUTS.get(args[0], "q\n"))
    assert "Traceback" not in result.output, result.output
    output = result.output.replace(str(tmp_path), " ")  # the test's folder in the names of its files
    output = re.sub(r"(?m)(?<=: )[\w\[\].]+: ", " ", output)  # the path of a value in a file: its keys, the format's
    if "from-record" in args:  # a scenario file: its keys are the format's, not prose
        output = re.sub(r"(?m)^[\s-]*(?:quality: \w+$|\w+:)", " ", output)  # keys, and the quality ids
    if "new" in args:  # a template: the format's keys and values, also in its commented-out examples
        output = re.sub(r"(?m)^# yaml-language-server:.*$|\b\w+:|\b(?:null|true|false|weak)\b", " ", output)
    assert unmarked(output) - swedish_data_words() == set(), result.output
    assert pseudo.uncatalogued == set()  # every message looked up is in the template, so translators see it
