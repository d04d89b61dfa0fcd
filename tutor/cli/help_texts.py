"""``--help`` in the language in use.

Every command's help and every option's and argument's help in the command
tree is a catalogue message known by the context ``help`` (and each panel
title by ``help-panel``): ``scripts/messages.py`` extracts them by walking
the same tree that ``translate_help`` walks before the command runs.
"""

from __future__ import annotations

from typing import Any, Iterator

import typer.rich_utils

from ..i18n import pgettext

HELP = "help"
PANEL = "help-panel"
#: typer's own panel titles, by the name typer keeps them under
PANEL_TITLES = ("ARGUMENTS_PANEL_TITLE", "OPTIONS_PANEL_TITLE", "COMMANDS_PANEL_TITLE", "ERRORS_PANEL_TITLE")
_ENGLISH_TITLES = {name: getattr(typer.rich_utils, name) for name in PANEL_TITLES}


def help_messages(command: Any) -> Iterator[tuple[str, str]]:
    """Every ``(context, English text)`` of the tree under ``command``, its panel titles included."""
    for name in PANEL_TITLES:
        yield PANEL, _ENGLISH_TITLES[name]
    for holder, attribute in _texts(command):
        yield (PANEL if attribute == "rich_help_panel" else HELP), getattr(holder, attribute)


def translate_help(command: Any) -> None:
    """Put the tree under ``command`` and typer's panel titles in the language in use."""
    for name in PANEL_TITLES:
        setattr(typer.rich_utils, name, pgettext(PANEL, _ENGLISH_TITLES[name]))
    for holder, attribute in _texts(command):
        context = PANEL if attribute == "rich_help_panel" else HELP
        setattr(holder, attribute, pgettext(context, getattr(holder, attribute)))


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
