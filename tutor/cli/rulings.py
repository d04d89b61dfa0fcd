"""Rulings for a person: each move, its verdict, the rule in words, and what happened."""

from __future__ import annotations

import re
import textwrap

from rich.console import Console
from rich.text import Text

from ..engine import Verdict
from ..scenario import Scenario
from .check import MoveReport
from .output import console, printable
from .render import card_text

_CARD_WORD = re.compile(r"\b(?:the|a|an) (SB|1[0-2]|[1-9])\b")
INDENT = "    "
NO_BREAK = "\u00a0"
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


def heading(scenario: Scenario) -> Text:
    """One line: the position's title, where it comes from and who is to move."""
    where = f"  ({scenario.source}; {scenario.state.mover.name} to move)"
    return Text.assemble((printable(scenario.title), "bold"), printable(where))


def print_rulings(scenario: Scenario, reports: list[MoveReport], verbose: bool = False) -> None:
    """Each ruling with its verdict; ``verbose`` adds the whole better turn of a move that is not best."""
    out = console()
    out.print(heading(scenario))
    for number, report in enumerate(reports, start=1):
        label, style = _VERDICT_STYLES[report.ruling.verdict]
        line = Text.assemble(f"{number:>2}. ", (report.shown, "bold"), "  ", (label, style))
        if report.ruling.rule:
            line.append(f"  {report.ruling.rule}", style="cyan")
        quality = report.extra.get("quality")
        if quality:
            line.append(f"  ({quality})", style="yellow" if quality == "weak" else "dim")
        out.print(line)
        print_wrapped(out, report.ruling.reason)
        explanation = report.extra.get("explanation")
        if explanation:
            print_wrapped(out, explanation, "yellow")
        if verbose and report.extra.get("better"):
            from ..coach.templates import BETTER, say

            print_wrapped(out, say(BETTER, "line", line=report.extra["better"]), "dim")
        for event in report.events:
            print_wrapped(out, event, prefix="-> ")
        if report.ruling.rule:
            print_wrapped(out, f"see: tutor rules {report.ruling.rule}", "dim")


def print_wrapped(out: Console, sentence: str, style: str = "", prefix: str = "", indent: str = INDENT) -> None:
    """A sentence wrapped under the move it explains, its cards coloured, with no trailing blanks."""
    width = max(out.width - len(indent) - len(prefix), 20)
    glued = _CARD_WORD.sub(lambda match: match.group(0).replace(" ", NO_BREAK), sentence)  # keep "a 7" whole
    for number, line in enumerate(textwrap.wrap(glued, width, break_on_hyphens=False)):
        lead = Text(indent + (prefix if number == 0 else " " * len(prefix)), style="dim")
        out.print(lead.append_text(highlight_cards(line.replace(NO_BREAK, " "))), style=style, soft_wrap=True)
