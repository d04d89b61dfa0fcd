"""Bots from outside the project, named ``module:Class`` or ``path/to/file.py:Class``.

A bot is any class that can be made without arguments and has a
``plan(view, rng)`` method (see ``bot_protocol.Bot``): it sees the position as its
player does (``engine.view.player_view``) and returns the moves it means to
play next. ``load_bot`` imports the module (or the file), makes the bot and
checks that it has a ``plan``; every failure is a ``ValueError`` that says
what is wrong. In play, every move such a bot plans is ruled on before the
game plays it: an illegal move, anything that is not a move of the engine's
own types, or anything the bot's code raises (``SystemExit`` included; only
``KeyboardInterrupt`` passes) stops the series with a ``BotError`` naming the
bot and what it did. What the bot prints goes to standard error.

Such a bot runs only when the person at the keyboard names it: a record or
a saved game that names one never loads it by itself (``play.game``).
"""

from __future__ import annotations

import contextlib
import importlib
import importlib.util
import sys
from pathlib import Path
from types import ModuleType

from ..engine.moves import Draw, EndTurn, Move, PileKind, Place, Transfer
from ..engine.notation import format_move
from ..engine.play import apply_move
from ..engine.rules import UnknownPlayer, check_move
from ..engine.state import GameState, Phase
from ..i18n import _
from .bot_protocol import Bot


class BotError(Exception):
    """A bot from outside planned an illegal move, or its code failed."""


class CheckedBot:
    """A bot from outside whose planned moves are each ruled on, in its own view, before they are played."""

    def __init__(self, bot: Bot, name: str):
        self.bot = bot
        self.name = name

    def plan(self, view: GameState, rng) -> list[Move]:
        """The bot's plan, each move checked; ``BotError`` for anything but legal moves, whatever the bot does."""
        try:
            with contextlib.redirect_stdout(sys.stderr):  # what a bot prints never mixes with the output
                moves = list(self.bot.plan(view, rng))
        except KeyboardInterrupt:
            raise
        except BaseException as error:  # the bot's own code, sys.exit() included
            raise BotError(_("bot {bot!r} failed: {error}").format(bot=self.name, error=_described(error))) from None
        state = view
        for index, move in enumerate(moves):
            if not is_move(move):
                raise BotError(_("bot {bot!r} planned {value}, which is not a move: a plan is a list of Transfer and "
                                 "EndTurn values (docs/bots.md)").format(bot=self.name, value=_shown(move)))
            try:
                ruling = check_move(state, move)
            except UnknownPlayer as error:
                raise BotError(_("bot {bot!r} planned {move}: {error}").format(bot=self.name, move=format_move(move),
                                                                               error=error)) from None
            if not ruling.legal:
                raise BotError(_("bot {bot!r} planned an illegal move, {move}: {reason} ({rule})").format(
                    bot=self.name, move=format_move(move), reason=ruling.reason, rule=ruling.rule or _("undecidable")))
            after = apply_move(state, move).state
            revealed = isinstance(move, Transfer) and (move.source.kind is PileKind.STOCK or after.drawn > 0)
            if revealed or after.phase is not Phase.PLAY:
                return moves[:index + 1]  # the game plays no further before asking again
            state = after
        return moves


def is_move(value: object) -> bool:
    """True when ``value`` is a move made of the engine's own values, field by field (never a look-alike)."""
    if type(value) is EndTurn:
        return True
    if type(value) is Draw:
        return type(value.cards) is tuple and all(_is_card(card) for card in value.cards) and \
            (value.count is None or _is_whole(value.count))
    return type(value) is Transfer and _is_place(value.source) and _is_place(value.target) and \
        (value.card is None or _is_card(value.card))


def _is_place(value: object) -> bool:
    return (type(value) is Place and type(value.kind) is PileKind and (value.number is None or _is_whole(value.number))
            and (value.owner is None or type(value.owner) is str))


def _is_whole(value: object) -> bool:
    return type(value) is int


def _is_card(value: object) -> bool:
    return type(value) is int and 0 <= value <= 12


def _shown(value: object) -> str:
    """A short account of what a bot returned: its type and, bounded, its text."""
    try:
        text = repr(value)
    except BaseException:  # a bot's value whose repr fails
        text = "?"
    return f"{type(value).__name__} {text[:60]}"


def _described(error: BaseException) -> str:
    if isinstance(error, SystemExit):
        return _("it called sys.exit({code!r})").format(code=error.code)
    try:
        return f"{type(error).__name__}: {error}"
    except BaseException:
        return type(error).__name__


def is_custom(name: str) -> bool:
    """True when ``name`` names a bot from outside the project (``module:Class``)."""
    return ":" in name


def load_bot(name: str) -> CheckedBot:
    """The bot ``name`` (``module:Class`` or ``file.py:Class``) names, made with no arguments, its moves checked."""
    where, _colon, class_name = name.rpartition(":")
    if not where or not class_name:
        raise ValueError(_("bot {bot!r}: write it as module:Class or path/to/file.py:Class").format(bot=name))
    module = _module(where, name)
    found = getattr(module, class_name, None)
    if not isinstance(found, type):
        raise ValueError(_("bot {bot!r}: {module} has no class {name!r}").format(bot=name, module=where,
                                                                                name=class_name))
    try:
        with contextlib.redirect_stdout(sys.stderr):
            bot = found()
    except KeyboardInterrupt:
        raise
    except BaseException as error:  # the bot's own code: any failure is reported, not raised through
        raise ValueError(_("bot {bot!r}: {name}() failed: {error}").format(bot=name, name=class_name,
                                                                            error=_described(error))) from None
    try:
        planner = getattr(bot, "plan", None)
    except BaseException:  # a property of the bot's that fails
        planner = None
    if not callable(planner):
        raise ValueError(_("bot {bot!r}: {name} has no plan(view, rng) method").format(bot=name, name=class_name))
    return CheckedBot(bot, name)


def _module(where: str, name: str) -> ModuleType:
    if where.endswith(".py"):
        path = Path(where)
        if not path.is_file():
            raise ValueError(_("bot {bot!r}: no file {path}").format(bot=name, path=where))
        module_name = f"_tutor_bot_{path.stem}_{abs(hash(str(path.resolve())))}"
        if module_name in sys.modules:
            return sys.modules[module_name]
        spec = importlib.util.spec_from_file_location(module_name, path)
        module = importlib.util.module_from_spec(spec)
        try:
            with contextlib.redirect_stdout(sys.stderr):
                spec.loader.exec_module(module)
        except KeyboardInterrupt:
            raise
        except BaseException as error:
            raise ValueError(_("bot {bot!r}: {path} could not be loaded: {error}").format(
                bot=name, path=where, error=_described(error))) from None
        sys.modules[module_name] = module
        return module
    try:
        with contextlib.redirect_stdout(sys.stderr):
            return importlib.import_module(where)
    except ImportError as error:
        raise ValueError(_("bot {bot!r}: no module {module} ({error}); give a file path ending in .py, or put the "
                           "module on PYTHONPATH").format(bot=name, module=where, error=error)) from None
    except KeyboardInterrupt:
        raise
    except BaseException as error:
        raise ValueError(_("bot {bot!r}: {module} could not be imported: {error}").format(
            bot=name, module=where, error=_described(error))) from None
