"""Rulings for a person: each move, its verdict, the rule in words, and what happened."""

from __future__ import annotations

import re

from rich.padding import Padding
from rich.text import Text

from ..engine import Verdict
from ..scenario import Scenario
from .check import MoveReport
from .output import console
from .render import card_text

_CARD_WORD = re.compile(r"\b(?:the|a|an) (SB|1[0-2]|[1-9])\b")
_VERDICT_STYLES = {
    Verdict.LEGAL: ("LEGAL", "bold green"),
    Verdict.ILLEGAL: ("ILLEGAL", "bold red"),
    Verdict.UNDECIDABLE: ("CANNOT BE DECIDED", "bold yellow"),
}


def highlight_cards(sentence: str) -> Text:
    """A sentence with the cards it names coloured as on the deck ("the 7", "an SB")."""
    text = Text(sentence)
    for match in _CARD_WORD.finditer(sentence):
        label = match.group(1)
        style = card_text(0 if label == "SB" else int(label)).style
        text.stylize(style, match.start(1), match.end(1))
    return text


def print_rulings(scenario: Scenario, reports: list[MoveReport]) -> None:
    out = console()
    mover = scenario.state.mover.name
    out.print(Text.assemble((scenario.title, "bold"), f"  ({scenario.source}; {mover} to move)"))
    for number, report in enumerate(reports, start=1):
        label, style = _VERDICT_STYLES[report.ruling.verdict]
        line = Text.assemble(f"{number:>2}. ", (report.to_json()["move"], "bold"), "  ", (label, style))
        if report.ruling.rule:
            line.append(f"  {report.ruling.rule}", style="cyan")
        quality = report.extra.get("quality")
        if quality:
            line.append(f"  ({quality})", style="yellow" if quality == "weak" else "dim")
        out.print(line)
        out.print(Padding(highlight_cards(report.ruling.reason), (0, 0, 0, 4), expand=False))
        explanation = report.extra.get("explanation")
        if explanation:
            out.print(Padding(highlight_cards(explanation), (0, 0, 0, 4), expand=False), style="yellow")
        for event in report.events:
            out.print(Padding(Text("-> ", style="dim").append(highlight_cards(event)), (0, 0, 0, 4), expand=False))
        if report.ruling.rule:
            out.print(Padding(Text(f"see: tutor rules {report.ruling.rule}", style="dim"), (0, 0, 0, 4), expand=False))

