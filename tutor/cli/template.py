"""The commented scenario file that ``tutor scenario new`` writes.

Its comments and the prose of its example (title, description, question,
answer) are in the language in use (``TEXTS``); the keys are the format's
own words and the moves in ``expect`` are canonical, so the file reads the
same in every language.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Optional

import yaml

from ..engine import GameState, Move, PileKind, Transfer, format_move, legal_moves
from ..i18n.tables import TextTable
from ..scenario import Scenario
from ..scenario.schema import schema_file

SCHEMA_NAME = schema_file().name  # scenario.schema.json
COMMENT_AT = 44  # the column where the explaining comments start

#: The template's comments (``note.*``) and the prose it fills in (``example.*``: the example position's,
#: ``new.*``: a one-line position's); a comment holding ``{...}`` is not filled in.
TEXTS = TextTable("template", {
    "note.schema": "That schema lets editors check the file; a copy: tutor scenario schema > {schema}",
    "note.what": "A Skip-Bo scenario: one position, the question it asks, and the rulings it expects.",
    "note.keys": "The keys (title, players, ...) and the moves under expect are the format's words, the same in "
                 "every language.",
    "note.piles": "Piles are written bottom to top (the last card is the top); cards are 1-12 and SB.",
    "note.check": "Check the file: tutor scenario validate FILE    Run its expectations: tutor scenario test FILE",
    "note.title": "required: a short name",
    "note.description": "optional free text",
    "note.question": "what the reader is asked",
    "note.rules": "optional; the defaults:",
    "note.stock-size": "cards per stock at the deal",
    "note.teams": "e.g. [[you, Cleo], [Bo, Dan]]",
    "note.turn": "who moves (default: the first player)",
    "note.phase": "play: the hand is drawn; start: before the draw",
    "note.build": "four slots: null = free, a top 1-11, or the cards",
    "note.draw-pile": "a count, or {count: N, next: [cards]}",
    "note.draw-pile-next": "optional: the next cards drawn",
    "note.players": "in turn order, 2 to 6",
    "note.stock": "count includes the top; next: [...] lies under it",
    "note.hand": "the cards, or a count when unknown",
    "note.discards": "up to four piles, bottom to top",
    "note.expect": "the rulings `tutor scenario test` checks",
    "note.moves": "a move, or a list of moves in order",
    "note.quality": "best, good or weak, as the analysis grades it",
    "note.answer": "the answer in words, for the teacher",
    "example.title": "Stock first",
    "example.description": "Your stock shows a 7 and build pile 1 stands at 6.",
    "example.question": "Can the 7 on your stock go on build pile 1, and can the 5 from your hand?",
    "example.answer": "The 7 goes on the 6. The 5 cannot: build piles rise by one, so pile 1 takes a 7 (or an SB).",
    "new.title": "A new position",
    "new.description": "What the position shows, in a sentence or two.",
    "new.question": "Which card can you play?",
    "new.answer": "Say what is legal, and why.",
})
PROSE = ("title", "description", "question", "answer")
#: The example position; its prose comes from ``TEXTS`` in the language in use.
EXAMPLE: dict[str, Any] = {
    "turn": "you",
    "phase": "play",
    "build": [6, None, 2, None],
    "players": [
        {"name": "you", "stock": {"top": 7, "count": 12}, "hand": [3, 5, "SB", 9, 12],
         "discards": [[11, 10, 9], [], [], []]},
        {"name": "Anna", "stock": {"top": 8, "count": 20}, "hand": 5, "discards": [[4], [], [], []]},
    ],
    "expect": [
        {"moves": "stock to build 1", "legal": True},
        {"moves": "hand 5 to build 1", "legal": False, "rule": "build.sequence"},
    ],
}


def schema_reference(target: Path) -> tuple[str, bool]:
    """How a scenario written to ``target`` points at the schema, and whether a copy must be saved beside it.

    A reference that works wherever the folder goes: relative, to a ``scenario.schema.json``
    in the file's folder or a folder above it (the project's own copy included), else to a
    copy to be saved beside the file. Never a path into the installed package.
    """
    folder = target.resolve().parent
    for above in (folder, *folder.parents):
        for candidate in (above / SCHEMA_NAME, above / "tutor" / "scenario" / SCHEMA_NAME):
            if candidate.is_file():
                return Path(os.path.relpath(candidate, folder)).as_posix(), False
    return SCHEMA_NAME, True


def template_text(position: Optional[Scenario] = None, title: Optional[str] = None,
                  schema: str = SCHEMA_NAME) -> str:
    """A scenario file with a comment on every part; the example position, or the one-line one.

    ``schema`` is the path the editor line gives for the schema, relative to the file.
    """
    data = {**_prose("example"), **EXAMPLE} if position is None else _from_position(position)
    if title:
        data = {**data, "title": title}
    lines = [
        f"# yaml-language-server: $schema={schema}",
        "# " + TEXTS.text("note.schema", schema=SCHEMA_NAME),
        "# " + note("what"),
        "# " + note("keys"),
        "# " + note("piles"),
        "# " + note("check"),
        "",
        _line("title", data["title"], note("title")),
        "description: |" + " " * (COMMENT_AT - 14) + "# " + note("description"),
        *_block(data["description"]),
        _line("question", data["question"], note("question")),
    ]
    rules = data.get("rules")
    if rules:
        lines.append("rules:")
        lines += [_line(f"  {key}", value, "") for key, value in rules.items()]
    else:
        lines += [
            _pad("# rules:", note("rules")),
            _pad("#   stock_size: 30", note("stock-size")),
            _pad("#   teams: []", note("teams")),
        ]
    lines += [
        _line("turn", data["turn"], note("turn")),
        _line("phase", data.get("phase", "play"), note("phase")),
        _line("build", data.get("build", [None] * 4), note("build")),
    ]
    if "draw_pile" in data:
        lines.append(_line("draw_pile", data["draw_pile"], note("draw-pile")))
    else:
        lines.append(_pad("# draw_pile: {count: 40, next: [3, 7, SB]}", note("draw-pile-next")))
    lines.append(_pad("players:", note("players")))
    for number, player in enumerate(data["players"]):
        lines += _player(player, explain=number == 0)
    lines += _expectations(data.get("expect") or [])
    lines += ["answer: |" + " " * (COMMENT_AT - 9) + "# " + note("answer"), *_block(data["answer"])]
    return "\n".join(lines) + "\n"


def note(key: str) -> str:
    """The comment ``key`` in the language in use."""
    return TEXTS.entry(f"note.{key}")


def _prose(kind: str) -> dict[str, str]:
    """The title, description, question and answer of ``kind`` (``example``, ``new``) in the language in use."""
    return {key: TEXTS.entry(f"{kind}.{key}") + ("\n" if key in ("description", "answer") else "")
            for key in PROSE}


def _from_position(position: Scenario) -> dict[str, Any]:
    """The one-line position as template data, with one expectation the engine agrees with."""
    data = {**position.data, **_prose("new")}
    data["players"] = [{**player, "discards": player.get("discards") or [[], [], [], []]}
                       for player in data["players"]]
    data["expect"] = [{"moves": format_move(move), "legal": True} for move in _a_legal_move(position.state)]
    return data


def _a_legal_move(state: GameState) -> list[Move]:
    """One legal move to start the expectations with: a stock play where there is one, else a build play."""
    moves = legal_moves(state)
    ranked = sorted((move for move in moves if isinstance(move, Transfer) and not move.is_discard),
                    key=lambda move: move.source.kind is not PileKind.STOCK)
    return ranked[:1] or moves[:1]


def _player(player: dict[str, Any], explain: bool) -> list[str]:
    lines = [_line("  - name", player["name"], "")]
    for key in ("stock", "hand", "discards"):
        if key in player:
            lines.append(_line(f"    {key}", player[key], note(key) if explain else ""))
    return lines


def _expectations(expect: list[dict[str, Any]]) -> list[str]:
    header = "expect:" if expect else "expect: []"
    lines = [_pad(header, note("expect"))]
    for item in expect:
        keys = list(item)
        lines.append(_line(f"  - {keys[0]}", item[keys[0]], ""))
        lines += [_line(f"    {key}", item[key], "") for key in keys[1:]]
    lines += [
        _pad("  # - moves: hand SB to build 3", note("moves")),
        _pad("  #   quality: weak", note("quality")),
        _pad("  #   principle: strategy.save-wilds", ""),
    ]
    return lines


def _line(key: str, value: Any, comment: str) -> str:
    return _pad(f"{key}: {_flow(value)}", comment)


def _pad(text: str, comment: str) -> str:
    if not comment:
        return text
    return f"{text.ljust(COMMENT_AT - 1)} # {comment}"


def _flow(value: Any) -> str:
    """A value in YAML's one-line flow style: [6, null, 2, null], {top: 7, count: 12}."""
    text = yaml.safe_dump(value, default_flow_style=True, width=10_000, sort_keys=False, allow_unicode=True).strip()
    return text.removesuffix("\n...").removesuffix("...").strip()


def _block(text: str) -> list[str]:
    return ["  " + line if line else "" for line in text.rstrip("\n").split("\n")]
