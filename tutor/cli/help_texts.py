"""``--help`` in the language in use (click's own words: ``click_words``).

Every command's help and every option's and argument's help in the command
tree is a catalogue message known by the context ``help`` (and each panel
title by ``help-panel``): ``scripts/messages.py`` extracts them by walking
the same tree that ``translate_help`` walks before the command runs.
"""

from __future__ import annotations

import inspect
import sys
from typing import Any, Iterator

from ..i18n import language, pgettext
from .click_words import speak_click, speak_rich
from .imports import when_imported

HELP = "help"
RICH = "typer.rich_utils"  # typer's rich help
PANEL = "help-panel"
#: typer's own panel titles, by the name typer keeps them under, in English
PANEL_TITLES = {"ARGUMENTS_PANEL_TITLE": "Arguments", "OPTIONS_PANEL_TITLE": "Options",
                "COMMANDS_PANEL_TITLE": "Commands", "ERRORS_PANEL_TITLE": "Error"}


def help_messages(command: Any) -> Iterator[tuple[str, str]]:
    """Every ``(context, English text)`` of the tree under ``command``, its panel titles included."""
    for english in PANEL_TITLES.values():
        yield PANEL, english
    for holder, attribute in _texts(command):
        yield (PANEL if attribute == "rich_help_panel" else HELP), getattr(holder, attribute)


def translate_help(command: Any) -> None:
    """Put the tree under ``command`` and typer's panel titles and markers in the language in use.

    Typer's rich help is loaded only when help or an error is shown: its words are put in the language as it
    is loaded (at once, if it is loaded already), so that a run which shows none never pays for importing it.
    """
    speak_click(command)
    for holder, attribute in _texts(command):
        context = PANEL if attribute == "rich_help_panel" else HELP
        setattr(holder, attribute, flowing(pgettext(context, getattr(holder, attribute))))
    if language() != "en" or RICH in sys.modules:
        when_imported(RICH, _translate_rich)


def _translate_rich(rich_utils: Any) -> None:
    for name, english in PANEL_TITLES.items():
        setattr(rich_utils, name, pgettext(PANEL, english))
    speak_rich(rich_utils)


def flowing(text: str) -> str:
    """``text`` with each paragraph on one line, so that the help fills the terminal's width.

    Typer keeps a line break inside a paragraph: a docstring's lines would end where the source's do.
    """
    paragraphs = inspect.cleandoc(text).split("\n\n")
    return "\n\n".join(" ".join(line.strip() for line in paragraph.splitlines()) for paragraph in paragraphs)


def _texts(command: Any) -> Iterator[tuple[Any, str]]:
    """Each object and attribute of the tree that holds a text a person reads."""
    for attribute in ("help", "short_help", "rich_help_panel"):
        if isinstance(getattr(command, attribute, None), str) and getattr(command, attribute):
            yield command, attribute
    for param in command.params:
        for attribute in ("help", "rich_help_panel"):
            if isinstance(getattr(param, attribute, None), str) and getattr(param, attribute):
                yield param, attribute
    for sub in getattr(command, "commands", {}).values():
        yield from _texts(sub)
