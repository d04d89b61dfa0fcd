"""Which language a run speaks: ``--lang``, then ``SKIPBO_TUTOR_LANG``, then the system locale, then English.

The choice is read from the arguments and the environment before the
command tree is built, so that ``--help`` too is in the language. An
unknown ``--lang`` or variable is an error; a system locale the tutor does
not speak falls back to English without a word.
"""

from __future__ import annotations

from typing import Mapping, NamedTuple

from . import LANGUAGES

OPTION = "--lang"
VARIABLE = "SKIPBO_TUTOR_LANG"
LOCALE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


class UnknownLanguage(ValueError):
    """A language asked for by name that the tutor does not speak."""

    def __init__(self, where: str, value: str):
        spoken = ", ".join(LANGUAGES)
        problem = f"unknown language {value!r}" if value else "no language given"
        super().__init__(f"{where}: {problem}; the languages are {spoken}")


class Choice(NamedTuple):
    """The language of a run, whether it was asked for by name, and the arguments without ``--lang``."""

    language: str
    explicit: bool
    args: list[str]


def choose(args: list[str], environ: Mapping[str, str]) -> Choice:
    """The language ``args`` and ``environ`` ask for; raises ``UnknownLanguage`` for a name it does not know."""
    named, rest = _take_option(args)
    if named is not None:
        return Choice(_known(named, OPTION), True, rest)
    variable = environ.get(VARIABLE, "").strip()
    if variable:
        return Choice(_known(variable, VARIABLE), True, rest)
    return Choice(system_language(environ), False, rest)


def system_language(environ: Mapping[str, str]) -> str:
    """The language of the system locale when the tutor speaks it, else English."""
    for name in LOCALE_VARIABLES:
        value = environ.get(name, "")
        if not value:
            continue
        for entry in value.split(":") if name == "LANGUAGE" else [value]:
            language = entry.split(".")[0].split("@")[0].split("_")[0].lower()
            if language in LANGUAGES:
                return language
        return "en"
    return "en"


def _known(value: str, where: str) -> str:
    language = value.strip().lower()
    if language not in LANGUAGES:
        raise UnknownLanguage(where, value)
    return language


def _take_option(args: list[str]) -> tuple[str | None, list[str]]:
    """The value of the last ``--lang`` before any ``--``, and the arguments without it."""
    named: str | None = None
    rest: list[str] = []
    index = 0
    while index < len(args):
        arg = args[index]
        if arg == "--":
            rest.extend(args[index:])
            break
        if arg == OPTION:
            if index + 1 >= len(args):
                raise UnknownLanguage(OPTION, "")
            named = args[index + 1]
            index += 2
            continue
        if arg.startswith(OPTION + "="):
            named = arg.split("=", 1)[1]
        else:
            rest.append(arg)
        index += 1
    return named, rest
