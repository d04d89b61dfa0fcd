"""The option parser's own words (click's, and typer's help panels) in the language in use.

Click writes its messages in English. ``speak_click`` puts the words of
help in the language before a command runs: the ``Usage:`` line (through
each command's context class and its formatter, click's way to change how
help is written), the help of ``--help``, and typer's rich markers and
hints. ``in_language`` gives a usage error with its message in the
language: each message click writes is a template of ``TEXTS``, read back
from the English it wrote; a message no template matches stays as click
wrote it.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any, Iterator

from ..i18n import language
from ..i18n.tables import TextTable

#: click's and typer's words; ``message.*``: the messages of usage errors, ``problem``: the value's own problem
TEXTS = TextTable("click", {
    "usage": "Usage: ",
    "help-option": "Show this message and exit.",
    "try-help": "Try [blue]'{command_path} {help_option}'[/] for help.",
    "default": "[default: {}]",
    "env-var": "[env var: {}]",
    "required": "[required]",
    "deprecated": "(deprecated) ",
    "aborted": "Aborted.",
    "option-like": "a move or value that starts with '-' goes after '--', e.g. tutor check FILE -- -x",
    "message.missing-argument": "Missing argument {name}.",
    "message.missing-option": "Missing option {name}.",
    "message.missing-parameter": "Missing parameter {name}.",
    "message.no-such-option": "No such option: {option}",
    "message.no-such-option-possible": "No such option: {option} (Possible options: {options})",
    "message.no-such-option-meant": "No such option: {option} Did you mean {options}?",
    "message.no-such-command": "No such command {name}.",
    "message.no-such-command-meant": "No such command {name}. Did you mean {names}?",
    "message.missing-command": "Missing command.",
    "message.extra-argument": "Got unexpected extra argument ({arguments})",
    "message.extra-arguments": "Got unexpected extra arguments ({arguments})",
    "message.extra-arguments-counted": "Got unexpected extra argument(s) ({arguments})",
    "message.needs-value": "Option {option} requires an argument.",
    "message.needs-values": "Option {option} requires {count} arguments.",
    "message.takes-no-value": "Option {option} does not take a value.",
    "message.invalid-value-for": "Invalid value for {name}: {problem}",
    "message.invalid-value": "Invalid value: {problem}",
    "message.not-an-int": "{value} is not a valid int.",
    "message.not-an-integer": "{value} is not a valid integer.",
    "message.not-a-float": "{value} is not a valid float.",
    "message.not-a-boolean": "{value} is not a valid boolean. Recognized values: {values}",
    "message.not-in-range": "{value} is not in the range {range}.",
    "message.not-one-of": "{value} is not one of {choices}.",
    "message.not-the-one": "{value} is not {choice}.",
})
#: typer's rich help words, by the name typer keeps each under
RICH_WORDS = {"DEFAULT_STRING": "default", "ENVVAR_STRING": "env-var", "REQUIRED_LONG_STRING": "required",
              "DEPRECATED_STRING": "deprecated", "ABORTED_TEXT": "aborted", "RICH_HELP": "try-help"}
_FIELD = re.compile(r"\{(\w+)\}")


def speak_rich(rich_utils: Any) -> None:
    """Put typer's rich help words (module ``rich_utils``) in the language in use."""
    for name, key in RICH_WORDS.items():
        setattr(rich_utils, name, TEXTS.entry(key))


def speak_click(command: Any) -> None:
    """Put the words click writes for the tree under ``command`` in the language in use. An English run leaves
    click's commands as they are."""
    if language() == "en":
        return
    for each in _commands(command):
        each.context_class = _context_class(each.context_class)
        help_option = each.get_help_option(each.context_class(each))
        if help_option is not None:
            help_option.help = TEXTS.entry("help-option")


def in_language(message: str) -> str:
    """A message click wrote in English, in the language in use (unchanged where no template matches it)."""
    for key, pattern in _patterns():
        found = pattern.match(message)
        if found is not None:
            values = found.groupdict()
            if "problem" in values:
                values["problem"] = in_language(values["problem"])
            return TEXTS.text(key, **values)
    return message


@cache
def _patterns() -> list[tuple[str, re.Pattern[str]]]:
    """Each message template as a pattern of its English: those that open with their own words first (a value's
    problem, which opens with the value, is part of another message), the one with the most words first."""
    templates = [(key, english) for key, english in TEXTS.items() if key.startswith("message.")]
    templates.sort(key=lambda item: (item[1].startswith("{"), -len(_FIELD.sub("", item[1]))))
    return [(key, re.compile("".join(re.escape(part) if index % 2 == 0 else f"(?P<{part}>.+?)"
                                     for index, part in enumerate(_FIELD.split(english))) + "$", re.S))
            for key, english in templates]


@cache
def _context_class(base: type) -> type:
    """``base``, click's context, writing help with a formatter whose ``Usage:`` is in the language in use."""

    if getattr(base, "speaks", False):
        return base

    class Formatter(base.formatter_class):
        def write_usage(self, prog: str, args: str = "", prefix: str | None = None) -> None:
            super().write_usage(prog, args, TEXTS.entry("usage") if prefix is None else prefix)

    return type(base.__name__, (base,), {"formatter_class": Formatter, "speaks": True})


def _commands(command: Any) -> Iterator[Any]:
    yield command
    for sub in getattr(command, "commands", {}).values():
        yield from _commands(sub)
