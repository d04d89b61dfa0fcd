"""Usage errors of the option parser, reported like every other unusable input.

Click reports a missing argument or a value it cannot convert before any
command runs, with a box on stderr. Under ``--json`` the promise is one JSON
document on stdout, so the command tree uses ``UsageReportingGroup``: a usage
error in a run that asked for JSON becomes the same error object (kind
``usage``, exit status 2) as any other unusable input. Either way the
message is in the language in use (``click_words``).
"""

from __future__ import annotations

import os
import re
from typing import Any

import typer
from typer.core import TyperGroup

from ..i18n import language, use
from ..i18n.choice import UnknownLanguage, choose
from .click_words import TEXTS, in_language
from .output import unusable

JSON_FLAG = "--json"
# The parser's base error: click's own, or the copy of click that newer typer versions carry.
ParserError = next(kind for kind in typer.BadParameter.__mro__ if kind.__name__ == "ClickException")
UsageError = next(kind for kind in typer.BadParameter.__mro__ if kind.__name__ == "UsageError")
MAX_VALUE_SHOWN = 40  # characters of a rejected value repeated in the message
CLOSE_GUESS = 0.75  # how alike a known option must be to a mistyped one to be suggested
_LONG_VALUE = re.compile(r"'[^']{%d,}'" % (MAX_VALUE_SHOWN + 1))


class UsageReportingGroup(TyperGroup):
    """The ``tutor`` group: option-parser errors of a ``--json`` run become a JSON error object."""

    def make_context(self, info_name: str | None, args: list[str], parent: Any = None, **extra: Any) -> Any:
        as_json = wants_json(args)  # before parsing, which consumes ``args``
        if parent is None:
            try:
                args = speak_chosen_language(args, as_json)
            except UsageError as error:  # an unknown language: one "error: ..." line, as any unusable input
                unusable([error.format_message()], as_json=as_json, kind="usage")
        try:
            context = super().make_context(info_name, args, parent, **extra)
        except ParserError as error:
            close_guesses_only(error)
            if as_json:
                unusable([usage_message(error)], as_json=True, kind="usage")
            raise spoken(error) from None
        context.meta[JSON_FLAG] = as_json
        return context

    def invoke(self, ctx: Any) -> Any:
        try:
            return super().invoke(ctx)
        except ParserError as error:
            close_guesses_only(error)
            if ctx.meta.get(JSON_FLAG):
                unusable([usage_message(error)], as_json=True, kind="usage")
            raise spoken(error) from None


def speak_chosen_language(args: list[str], as_json: bool) -> list[str]:
    """Install the language the run asks for; the arguments without ``--lang``.

    A ``--json`` run keeps its prose in English unless the language was
    asked for by name (``--lang`` or the variable), so scripts stay stable;
    the moves and answers a person types are read in the chosen language all
    the same.
    """
    try:
        choice = choose(args, os.environ)
    except UnknownLanguage as error:
        raise UsageError(str(error)) from None
    use(choice.language if choice.explicit or not as_json else "en", typed=choice.language)
    return choice.args


def close_guesses_only(error: Exception) -> None:
    """Keep an unknown option's suggestions only where they are close: the parser offers ``--verbose`` for
    ``--bogus``, which helps nobody."""
    possibilities = getattr(error, "possibilities", None)
    if possibilities:
        from difflib import get_close_matches  # only a mistyped option needs it

        error.possibilities = get_close_matches(str(getattr(error, "option_name", "")), possibilities, n=3,
                                                cutoff=CLOSE_GUESS)


def wants_json(args: list[str]) -> bool:
    """True when ``--json`` is among the options (before any ``--``)."""
    options = args[: args.index("--")] if "--" in args else args
    return JSON_FLAG in options


def usage_message(error: Exception) -> str:
    """The parser's complaint in the language in use, naming the command it is about."""
    context = getattr(error, "ctx", None)
    where = f"{context.command_path}: " if context is not None else ""
    message = _LONG_VALUE.sub(lambda long: long[0][:MAX_VALUE_SHOWN] + "...'", in_language(error.format_message()))
    if not str(getattr(error, "option_name", "--")).startswith("--"):  # an unknown short option: a move like -s>b1?
        message += f" ({TEXTS.text('option-like')})"
    return where + message


def spoken(error: Exception) -> Exception:
    """The parser's usage ``error`` as click shows it, its message in the language in use (in English: itself)."""
    if language() == "en" or not isinstance(error, UsageError) or type(error).__name__ == "NoArgsIsHelpError":
        return error
    return UsageError(in_language(error.format_message()), error.ctx)
