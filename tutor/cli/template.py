"""The commented scenario file that ``tutor scenario new`` writes."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Optional

import yaml

from ..engine import GameState, Move, PileKind, Transfer, format_move, legal_moves
from ..scenario import Scenario
from ..scenario.schema import schema_file

SCHEMA_NAME = schema_file().name  # scenario.schema.json
COMMENT_AT = 44  # the column where the explaining comments start

EXAMPLE: dict[str, Any] = {
    "title": "Stock first",
    "description": "Your stock shows a 7 and build pile 1 stands at 6.\n",
    "question": "Can the 7 on your stock go on build pile 1, and can the 5 from your hand?",
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
    "answer": "The 7 goes on the 6. The 5 cannot: build piles rise by one, so pile 1 takes a 7 (or an SB).\n",
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
    data = EXAMPLE if position is None else _from_position(position)
    if title:
        data = {**data, "title": title}
    lines = [
        f"# yaml-language-server: $schema={schema}",
        f"# That schema lets editors check the file; a copy: tutor scenario schema > {SCHEMA_NAME}",
        "# A Skip-Bo scenario: one position, the question it asks, and the rulings it expects.",
        "# Piles are written bottom to top (the last card is the top); cards are 1-12 and SB.",
        "# Check the file: tutor scenario validate FILE    Run its expectations: tutor scenario test FILE",
        "",
        _line("title", data["title"], "required: a short name"),
        "description: |" + " " * (COMMENT_AT - 14) + "# optional free text",
        *_block(data["description"]),
        _line("question", data["question"], "what the reader is asked"),
    ]
    rules = data.get("rules")
    if rules:
        lines.append("rules:")
        lines += [_line(f"  {key}", value, "") for key, value in rules.items()]
    else:
        lines += [
            _pad("# rules:", "optional; the defaults:"),
            _pad("#   stock_size: 30", "cards per stock at the deal"),
            _pad("#   teams: []", "e.g. [[you, Cleo], [Bo, Dan]]"),
        ]
    lines += [
        _line("turn", data["turn"], "who moves (default: the first player)"),
        _line("phase", data.get("phase", "play"), "play: the hand is drawn; start: before the draw"),
        _line("build", data.get("build", [None] * 4), "four slots: null = free, a top 1-11, or the cards"),
    ]
    if "draw_pile" in data:
        lines.append(_line("draw_pile", data["draw_pile"], "a count, or {count: N, next: [cards]}"))
    else:
        lines.append(_pad("# draw_pile: {count: 40, next: [3, 7, SB]}", "optional: the next cards drawn"))
    lines.append(_pad("players:", "in turn order, 2 to 6"))
    for number, player in enumerate(data["players"]):
        lines += _player(player, explain=number == 0)
    lines += _expectations(data.get("expect") or [])
    lines += ["answer: |" + " " * (COMMENT_AT - 9) + "# the answer in words, for the teacher", *_block(data["answer"])]
    return "\n".join(lines) + "\n"


def _from_position(position: Scenario) -> dict[str, Any]:
    """The one-line position as template data, with one expectation the engine agrees with."""
    data = {**position.data, "title": "A new position", "description": "What the position shows, in a sentence or two.\n",
            "question": "Which card can you play?", "answer": "Say what is legal, and why.\n"}
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
    notes = {
        "stock": "count includes the top; next: [...] lies under it",
        "hand": "the cards, or a count when unknown",
        "discards": "up to four piles, bottom to top",
    }
    lines = [_line("  - name", player["name"], "")]
    for key in ("stock", "hand", "discards"):
        if key in player:
            lines.append(_line(f"    {key}", player[key], notes[key] if explain else ""))
    return lines


def _expectations(expect: list[dict[str, Any]]) -> list[str]:
    header = "expect:" if expect else "expect: []"
    lines = [_pad(header, "the rulings `tutor scenario test` checks")]
    for item in expect:
        keys = list(item)
        lines.append(_line(f"  - {keys[0]}", item[keys[0]], ""))
        lines += [_line(f"    {key}", item[key], "") for key in keys[1:]]
    lines += [
        _pad("  # - moves: hand SB to build 3", "a move, or a list of moves in order"),
        _pad("  #   quality: weak", "best, good or weak, as the analysis grades it"),
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
    text = yaml.safe_dump(value, default_flow_style=True, width=10_000, sort_keys=False).strip()
    return text.removesuffix("\n...").removesuffix("...").strip()


def _block(text: str) -> list[str]:
    return ["  " + line if line else "" for line in text.rstrip("\n").split("\n")]
