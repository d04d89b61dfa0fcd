"""``tutor check``: rule on the moves of a disputed turn."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import Any, Optional

import typer

from ..engine import (
    GameState, Move, NotationError, Ruling, UnknownPlayer, Verdict, apply_move, check_move, format_move, parse_move,
)
from .output import EXIT_ILLEGAL, EXIT_LEGAL, EXIT_UNUSABLE, print_json, unusable
from .positions import load_position, with_quick_position
from .quality import MoveQuality
from .quick import QuickPosition


@dataclass
class MoveReport:
    """The ruling on one move, with what it made happen."""

    text: str
    move: Move
    ruling: Ruling
    events: tuple[str, ...] = ()
    extra: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        entry: dict[str, Any] = {"move": format_move(self.move), "legal": _legal_value(self.ruling.verdict)}
        if self.ruling.verdict is Verdict.ILLEGAL:
            entry["rule"] = self.ruling.rule
        if self.ruling.verdict is Verdict.UNDECIDABLE:
            entry["undecidable"] = True
        entry["reason"] = self.ruling.reason
        entry.update(self.extra)
        if self.events:
            entry["events"] = list(self.events)
        if self.text != entry["move"]:
            entry["input"] = self.text
        return entry


def _legal_value(verdict: Verdict) -> Optional[bool]:
    return {Verdict.LEGAL: True, Verdict.ILLEGAL: False}.get(verdict)


def parse_moves(texts: list[str], *, as_json: bool) -> list[Move]:
    """Read every move first: one unreadable move makes the whole input unusable."""
    moves, problems = [], []
    for text in texts:
        try:
            moves.append(parse_move(text))
        except NotationError as error:
            problems.append(error.message)
    if problems:
        unusable(problems, as_json=as_json, kind="notation")
    return moves


def rule_on_moves(state: GameState, texts: list[str], moves: list[Move]) -> list[MoveReport]:
    """Play the moves in order, stopping after the first that is not legal."""
    reports = []
    quality = MoveQuality()
    for text, move in zip(texts, moves):
        ruling = check_move(state, move)
        report = MoveReport(text, move, ruling)
        reports.append(report)
        if not ruling.legal:
            break
        report.extra.update(quality(state, move))
        outcome = apply_move(state, move)
        report.events = outcome.events
        state = outcome.state
    return reports


def exit_status(reports: list[MoveReport]) -> int:
    last = reports[-1].ruling.verdict if reports else Verdict.LEGAL
    return {Verdict.LEGAL: EXIT_LEGAL, Verdict.ILLEGAL: EXIT_ILLEGAL, Verdict.UNDECIDABLE: EXIT_UNUSABLE}[last]


def split_arguments(arguments: list[str], quick: QuickPosition) -> tuple[Optional[str], list[str]]:
    """The scenario file and the moves; with a one-line position all are moves, unless the first is a file."""
    first = arguments[0]
    if quick.given and not (first.lower().endswith((".yaml", ".yml")) or os.path.isfile(first)):
        return None, arguments
    return first, arguments[1:]


@with_quick_position
def check_command(
    arguments: list[str] = typer.Argument(..., metavar="[SCENARIO] MOVE...",
                                          help="A scenario file, then the moves (none with a one-line position)."),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON document."),
    verbose: bool = typer.Option(False, "--verbose", "-v", help="Show the whole better turn, not just its key move."),
    quick: QuickPosition = None,  # type: ignore[assignment]
) -> None:
    """Rule on the moves of a turn: legal or not, which rule, and why.

    Exit status: 0 all legal, 1 a move is illegal, 2 the input is unusable.
    """
    path, texts = split_arguments(arguments, quick)
    if not texts:
        unusable(["give at least one move, e.g. \"stock to build 1\""], as_json=as_json, kind="usage")
    scenario = load_position(path, quick, as_json=as_json)
    moves = parse_moves(texts, as_json=as_json)
    try:
        reports = rule_on_moves(scenario.state, texts, moves)
    except UnknownPlayer as error:
        unusable([f"{scenario.source}: {error}"], as_json=as_json, kind="notation")
    status = exit_status(reports)
    if as_json:
        legal = _legal_value(reports[-1].ruling.verdict) if reports else True
        print_json({"legal": legal, "moves": [report.to_json() for report in reports]})
    else:
        from .rulings import print_rulings

        print_rulings(scenario, reports, verbose=verbose)
    raise typer.Exit(status)

