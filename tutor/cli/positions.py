"""Getting a position for a command: from a scenario file or from one-line options."""

from __future__ import annotations

import functools
import inspect
from typing import Any, Callable, Optional

import typer

from ..i18n import _
from ..scenario import Scenario, ScenarioError, load_scenario
from ..scenario.gallery import scenario_source
from ..scenario.loader import scenario_from_data
from .output import unusable
from .quick import QuickPosition, QuickPositionError


def command_line() -> str:
    """Where a one-line position comes from, as problems and headings name it."""
    return _("command line")


_QUICK_OPTIONS = {
    "build": ("--build", "Build piles' tops, e.g. 6,-,2,- (- is a free slot)."),
    "stock": ("--stock", "Your stock's top card, e.g. 7 (- for an empty stock)."),
    "stock_count": ("--stock-count", "Cards in your stock, top included (10)."),
    "hand": ("--hand", "Your hand, e.g. 3,5,SB,9,12 (unknown if left out)."),
    "discards": ("--discards", "Your discard piles bottom to top, / between piles: 11,10,9/-/4."),
    "opponents": ("--opponent", "An opponent NAME[:STOCK-TOP[:DISCARDS]], e.g. Anna:8; repeat for more."),
    "partner": ("--partner", "Your partner NAME[:STOCK-TOP[:DISCARDS]] (makes it a team game)."),
    "phase": ("--phase", "play (the hand is drawn, default) or start (before the draw)."),
    "draw_next": ("--draw-next", "The next cards of the draw pile, e.g. 3,7,SB."),
    "me": ("--me", "Your name (you)."),
}
_QUICK_TYPES = {"stock_count": Optional[int], "opponents": list[str], "me": str}
_QUICK_DEFAULTS = {"opponents": [], "me": "you"}


def with_quick_position(command: Callable[..., Any]) -> Callable[..., Any]:
    """Give ``command`` the one-line position options, gathered into its ``quick`` argument."""
    extra = [
        inspect.Parameter(
            name, inspect.Parameter.KEYWORD_ONLY,
            annotation=_QUICK_TYPES.get(name, Optional[str]),
            default=typer.Option(_QUICK_DEFAULTS.get(name), flag, help=text, rich_help_panel="One-line position"),
        )
        for name, (flag, text) in _QUICK_OPTIONS.items()
    ]

    @functools.wraps(command)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        values = {name: kwargs.pop(name) for name in _QUICK_OPTIONS}
        return command(*args, quick=QuickPosition(**values), **kwargs)

    own = [p for p in inspect.signature(command).parameters.values() if p.name != "quick"]
    wrapper.__signature__ = inspect.Signature(own + extra)  # type: ignore[attr-defined]
    return wrapper


def _by_option(message: str, options: dict[str, str]) -> str:
    """A problem in a one-line position, named by the option that gave the value rather than a path in the data."""
    path, _colon, problem = message.partition(": ")
    if not problem:
        return f"{command_line()}: {message}"
    known = [prefix for prefix in options if path == prefix or path.startswith((prefix + ".", prefix + "["))]
    shown = options[max(known, key=len)] if known else path
    return f"{command_line()}: {shown}: {problem.replace('null', '-')}"


def load_position(path: Optional[str], quick: QuickPosition, *, as_json: bool) -> Scenario:
    """The scenario file at ``path``, or the one-line position; unusable input exits with status 2."""
    try:
        if path is not None and not quick.given:
            return load_scenario(scenario_source(path))
        if path is not None:
            unusable([_("give a scenario file or a one-line position, not both (got {path!r} and options)").format(
                path=path)], as_json=as_json, kind="usage")
        if not quick.given:
            unusable([_("give a scenario file, or a position with options such as --build 6,-,2,- --stock 7")],
                     as_json=as_json, kind="usage")
        try:
            return scenario_from_data(quick.to_data(), {}, command_line())
        except ScenarioError as error:
            unusable([_by_option(p.message, quick.option_names()) for p in error.problems], as_json=as_json,
                     kind="position")
    except ScenarioError as error:
        unusable(error.lines(), as_json=as_json, kind="scenario")
    except QuickPositionError as error:
        unusable([f"{command_line()}: {error}"], as_json=as_json, kind="position")
