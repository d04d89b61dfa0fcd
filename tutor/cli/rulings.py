"""Rulings for a person: each move, its verdict, the rule in words, and what happened."""

from __future__ import annotations

import functools
import re
import textwrap

from rich.console import Console
from rich.text import Text

from ..coach.templates import GRADES
from ..engine import Verdict
from ..engine.cards import card_label, card_phrases
from ..i18n import _
from ..i18n.grammar import shown_name
from ..i18n.numbers import decimal
from ..scenario import Scenario
from .move_report import MoveReport
from .output import console, printable
from .quality import CHECK_POSITIONS
from .render import card_text

INDENT = "    "
NO_BREAK = "\u00a0"
NARROWEST = 8  # columns of text a wrapped sentence keeps, however narrow the terminal and long its lead
_VERDICT_STYLES = {
    Verdict.LEGAL: "bold green",
    Verdict.ILLEGAL: "bold red",
    Verdict.UNDECIDABLE: "bold yellow",
}


def verdict_word(verdict: Verdict) -> str:
    """LEGAL, ILLEGAL or CANNOT BE DECIDED, in the language in use."""
    if verdict is Verdict.LEGAL:
        return _("LEGAL")
    if verdict is Verdict.ILLEGAL:
        return _("ILLEGAL")
    return _("CANNOT BE DECIDED")


def _card_words() -> tuple[re.Pattern[str], dict[str, int]]:
    """The phrases that name a card in the language in use ("the 7", "an SB"; "sjuan"), and one pattern of them."""
    phrases = {phrase.lower(): card for phrase, card in card_phrases().items()}
    return _pattern(tuple(phrases)), phrases


@functools.cache
def _pattern(phrases: tuple[str, ...]) -> re.Pattern[str]:
    alternatives = "|".join(re.escape(phrase) for phrase in sorted(phrases, key=len, reverse=True))
    return re.compile(rf"(?<!\w)(?:{alternatives})(?!\w)", re.IGNORECASE)


def highlight_cards(sentence: str) -> Text:
    """A sentence with the cards it names coloured as on the deck ("the 7", "an SB"; the card's own label or word)."""
    pattern, phrases = _card_words()
    text = Text(sentence)
    for match in pattern.finditer(sentence):
        card = phrases[match.group(0).lower()]
        style = card_text(card).style
        label = card_label(card)
        inside = match.group(0).rfind(label)
        if inside < 0:  # a word for the card, as "sjuan": the whole word
            text.stylize(style, match.start(), match.end())
        else:
            text.stylize(style, match.start() + inside, match.start() + inside + len(label))
    return text


def print_heading(out: Console, scenario: Scenario) -> None:
    """The position's title in bold, where it comes from and who is to move, wrapped at the console's width (a word
    longer than the line, a path, stands whole)."""
    title = printable(scenario.title)
    where = "  " + printable(_("({source}; {name} to move)").format(source=scenario.source,
                                                                   name=shown_name(scenario.state.mover.name)))
    bold_left = len(title)
    for line in textwrap.wrap(title + where, max(out.width, NARROWEST), break_on_hyphens=False,
                              break_long_words=False):
        text = Text(line)
        text.stylize("bold", 0, max(0, min(bold_left, len(line))))
        bold_left -= len(line) + 1  # the space the line broke at
        out.print(text, soft_wrap=True)


def print_rulings(scenario: Scenario, reports: list[MoveReport], verbose: bool = False) -> None:
    """Each ruling with its verdict; ``verbose`` adds the whole better turn of a move that is not best."""
    out = console()
    print_heading(out, scenario)
    ungraded_said = False
    for number, report in enumerate(reports, start=1):
        verdict = report.ruling.verdict
        line = Text.assemble(f"{number:>2}. ", (report.said, "bold"), "  ",
                             (verdict_word(verdict), _VERDICT_STYLES[verdict]))
        if report.ruling.rule:
            line.append(f"  {report.ruling.rule}", style="cyan")
        quality = report.extra.get("quality")
        if quality:
            line.append(f"  ({GRADES.text(quality)})", style="yellow" if quality == "weak" else "dim")
        graded = report.extra.get("graded", True)
        if not graded:
            line.append("  " + _("(not graded)"), style="dim")
        out.print(line)
        print_wrapped(out, report.ruling.reason)
        if not graded and not ungraded_said:
            ungraded_said = True
            print_wrapped(out, _("From this move on, the moves are ruled on but not graded: grading them would take "
                                 "the check past the {count} positions it may search.").format(
                count=decimal(CHECK_POSITIONS)), "dim")
        explanation = report.extra.get("explanation")
        if explanation:
            print_wrapped(out, explanation, "yellow")
        if verbose and report.extra.get("better"):
            from ..coach.templates import BETTER, say

            print_wrapped(out, say(BETTER, "line", line=report.extra["better"]), "dim")
        for event in report.events:
            print_wrapped(out, event, prefix="-> ")
        if report.ruling.rule:
            print_wrapped(out, _("see: tutor rules {rule}").format(rule=report.ruling.rule), "dim")


def print_wrapped(out: Console, sentence: str, style: str = "", prefix: str = "", indent: str = INDENT) -> None:
    """A sentence wrapped under the move it explains, its cards coloured, with no trailing blanks; a word longer than
    the line (a file's path) stands whole on a line of its own, never broken."""
    width = max(out.width - len(indent) - len(prefix), NARROWEST)
    pattern, _phrases = _card_words()
    glued = pattern.sub(lambda match: match.group(0).replace(" ", NO_BREAK), sentence)  # keep "a 7" whole
    for number, line in enumerate(textwrap.wrap(glued, width, break_on_hyphens=False, break_long_words=False)):
        lead = Text(indent + (prefix if number == 0 else " " * len(prefix)), style="dim")
        out.print(lead.append_text(highlight_cards(line.replace(NO_BREAK, " "))), style=style, soft_wrap=True)
