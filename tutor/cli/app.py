"""The ``tutor`` command and its sub-commands.

Each command lives in a module of its own and is imported only when it
runs (or when help lists them all), so that a ruling starts fast.
To add a command, add a line to ``COMMANDS`` (a function) or ``GROUPS``
(a ``typer.Typer`` of sub-commands).
"""

from __future__ import annotations

import gc
import importlib
import sys
from typing import Any, Optional

import typer
import typer.main

from .help_texts import translate_help
from .usage import UsageError, UsageReportingGroup, speak_chosen_language, wants_json

COMMANDS: dict[str, tuple[str, str]] = {
    "check": ("tutor.cli.check", "check_command"),
    "show": ("tutor.cli.show", "show_command"),
    "moves": ("tutor.cli.moves", "moves_command"),
    "rules": ("tutor.cli.rules", "rules_command"),
    "hint": ("tutor.cli.hint", "hint_command"),
    "simulate": ("tutor.cli.simulate", "simulate_command"),
    "learn": ("tutor.cli.learn", "learn_command"),
    "play": ("tutor.cli.play", "play_command"),
    "review": ("tutor.cli.review", "review_command"),
    "worksheet": ("tutor.cli.worksheet", "worksheet_command"),
    "quiz": ("tutor.cli.quiz", "quiz_command"),
}
GROUPS: dict[str, tuple[str, str]] = {
    "scenario": ("tutor.cli.scenario", "scenario_app"),
    "course": ("tutor.cli.course", "course_app"),
    "gallery": ("tutor.cli.gallery", "gallery_app"),
}
#: What ``tutor --help`` says first: where a newcomer starts.
INTRODUCTION = ("Skip-Bo rules tutor and move validator.\n\n"
                "New to Skip-Bo? Start with 'tutor learn' (the rules step by step, with exercises), "
                "then 'tutor play' for a game against bots with a coach.")
#: What ``tutor --help`` says of each command, so the list shows without importing them all.
SUMMARIES: dict[str, str] = {
    "check": "Rule on the moves of a turn: legal or not, which rule, and why.",
    "show": "Draw the table as the player to move sees it.",
    "moves": "List every legal move for the player to move, with what each does.",
    "rules": "Look up a rule by id, topic or word.",
    "hint": "The best turn from the position, step by step, with the runners-up.",
    "simulate": "Let bots play many rounds and report who wins.",
    "learn": "Learn the rules in ten stages of explanations and exercises.",
    "play": "Play Skip-Bo against bots, with the coach at your side.",
    "review": "Grade every turn of a recorded game: accuracy, the costliest moments, a timeline.",
    "worksheet": "Write a printable worksheet of positions, with an answer key.",
    "quiz": "Put positions to a student and score the answers.",
    "scenario": "Write, check, test and show scenario files.",
    "course": "Check courses of your own for tutor learn --course.",
    "gallery": "The positions that come with the tutor: list, show and copy them.",
}


def _load(target: tuple[str, str]) -> Any:
    module, attribute = target
    return getattr(importlib.import_module(module), attribute)


def build_app(only: Optional[str] = None) -> typer.Typer:
    """The ``tutor`` app with every command, or with just ``only`` when that names one."""
    app = _tutor_app()
    wanted = [only] if only in COMMANDS or only in GROUPS else [*COMMANDS, *GROUPS]
    for name in wanted:
        if name in COMMANDS:
            app.command(name)(_load(COMMANDS[name]))
        else:
            app.add_typer(_load(GROUPS[name]), name=name)
    return app


def listing_app() -> typer.Typer:
    """The app as ``tutor`` and ``tutor --help`` show it: the commands listed, none of them imported."""
    app = _tutor_app()
    for name in [*COMMANDS, *GROUPS]:
        app.command(name, help=SUMMARIES[name], add_help_option=False,
                    context_settings={"ignore_unknown_options": True, "allow_extra_args": True})(_listed)
    return app


def _tutor_app() -> typer.Typer:
    app = typer.Typer(
        name="tutor",
        cls=UsageReportingGroup,  # option-parser errors of a --json run print the JSON error object
        help=INTRODUCTION,
        no_args_is_help=True,
        add_completion=True,  # typer imports its completion support anyway: it costs no start-up
        pretty_exceptions_enable=False,
    )

    @app.callback()
    def _tutor(
        version: bool = typer.Option(False, "--version", is_eager=True, callback=_print_version,
                                     help="Print the version and exit."),
        lang: Optional[str] = typer.Option(None, "--lang", metavar="en|sv|da",
                                           help="The language to speak: en, sv or da. It may follow any command; "
                                                "without it, SKIPBO_TUTOR_LANG, then the system locale, then "
                                                "English."),
    ) -> None:
        """The options of ``tutor`` itself (its help is ``INTRODUCTION``)."""

    return app


def _listed() -> None:
    """Stands for a command in the list of commands; never runs, as a named command loads the real one."""


def _print_version(value: bool) -> None:
    if value:
        from tutor import __version__

        sys.stdout.write(f"tutor {__version__}\n")
        raise typer.Exit()


def main(argv: Optional[list[str]] = None) -> None:
    """Entry point of the ``tutor`` console script."""
    from .interrupts import keep_interrupts
    from .streams import output_failures_reported, prepare

    prepare()
    keep_interrupts()
    args = sys.argv[1:] if argv is None else argv
    try:  # the language first, so that help is in it; an unknown one is reported by the app
        words = speak_chosen_language(args, wants_json(args))
    except UsageError:
        words = args
    named = bool(words) and (words[0] in COMMANDS or words[0] in GROUPS)
    command = typer.main.get_command(build_app(words[0]) if named else listing_app())
    gc.freeze()  # what is loaded by now lives until the end: no collection walks it again, nor the two at exit
    translate_help(command)
    with output_failures_reported():
        command.main(args=args, prog_name="tutor")


def __getattr__(name: str) -> Any:
    """``app``: the whole command tree, built on first use (for tests and embedding)."""
    if name == "app":
        return build_app()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
