"""``tutor play``: a game against bots in the terminal, with the coach at your side."""

from __future__ import annotations

import contextlib
import re
from pathlib import Path
from typing import Optional

import typer

from ..i18n import _
from ..i18n.grammar import capitalized, shown_name
from ..play import texts
from .interrupts import shielded
from .output import unusable
from .prompt_words import shown_words
from .streams import require_input

EXIT_INTERRUPTED = 130
BOT_PACE = 0.6  # seconds between a bot's moves, so they can be followed
NAME = re.compile(r"^[A-Za-z][A-Za-z0-9_-]{0,19}$")


def play_command(
    bots: str = typer.Option("strong", "--bots", help="Your opponents (and partner), comma-separated: random, "
                                                        "greedy or strong; one seat each, in turn order after you. "
                                                        "With --resume: the bots from outside (module:Class) the "
                                                        "saved game may run."),
    players: Optional[int] = typer.Option(None, "--players", help="Players at the table, you included (2-6); "
                                                                   "the bots of --bots take the seats in turn."),
    teams: bool = typer.Option(False, "--teams", help="The team game (4 or 6 players): your partner sits opposite."),
    short: bool = typer.Option(False, "--short", help="The short game: stocks of 10 cards."),
    stock: Optional[int] = typer.Option(None, "--stock", help="Stock size (default: 30 with 2-4 players, "
                                                               "20 with 5-6; 10 with --short)."),
    start: str = typer.Option("cut", "--start", help="Who starts: cut (official: the highest cut deals, the "
                                                      "player on the dealer's left starts) or youngest."),
    youngest: Optional[str] = typer.Option(None, "--youngest", metavar="NAME",
                                           help="With --start youngest: who is youngest (default: you)."),
    match: Optional[int] = typer.Option(None, "--match", metavar="POINTS",
                                        help="Play a match: rounds with scoring until a side reaches POINTS "
                                             "(the official target is 500)."),
    coach: str = typer.Option("on", "--coach", help="on: flag weak moves at once and allow undo; quiet: a "
                                                     "summary after each round; off."),
    seed: Optional[int] = typer.Option(None, "--seed", help="Seed of the deal: the same seed deals the same game."),
    name: str = typer.Option(texts.DEFAULT_NAME, "--name", help="Your name at the table."),
    fast: bool = typer.Option(False, "--fast", help="Show the bots' moves without pausing."),
    resume: bool = typer.Option(False, "--resume", help="Go on with the saved game."),
    new: bool = typer.Option(False, "--new", help="Start a new game even though a saved one waits (it is discarded)."),
    record: Optional[Path] = typer.Option(None, "--record", metavar="FILE",
                                          help="Where to write the finished game's record (default: the tutor's "
                                               "records folder)."),
) -> None:
    """Play Skip-Bo against bots, with the coach at your side. q saves and quits; --resume goes on."""
    from ..play.saves import SaveStore

    require_input("tutor play")
    store = SaveStore()
    if record is not None:
        _check_record_path(record, store)
    with contextlib.ExitStack() as held:
        _hold(store, held)
        game = _open_game(store, resume, new, bots, lambda: _settings(bots, players, teams, short, stock, start,
                                                                       youngest, match, coach, seed, name))
        _sit_down(game, store, pace=0.0 if fast else BOT_PACE, record=record, resumed=resume)


def _hold(store, held: contextlib.ExitStack) -> None:
    """Hold the save for this game, or exit 2: naming the process of the game that holds it, or what stands where the
    lock or the save go."""
    from ..play.saves import LockNotAFile, SaveHeld

    try:
        held.enter_context(store.held())
    except SaveHeld as error:
        unusable([texts.SAVE_HELD.format(process=error.holder or "?", path=store.path)], as_json=False, kind="save")
    except LockNotAFile as error:
        unusable([texts.LOCK_NOT_A_FILE.format(path=store.lock_path, kind=_(error.kind))], as_json=False, kind="save")
    except OSError as error:
        unusable([texts.CANNOT_SAVE.format(path=store.directory, problem=error.strerror or error)], as_json=False,
                 kind="save")
    try:
        store.check_writable()
    except OSError as error:  # a link out of the folder, a folder or a special file: refused now, not at the first q
        unusable([texts.SAVE_NOT_WRITABLE.format(path=store.path, problem=error.strerror or error)], as_json=False,
                 kind="save")


def _open_game(store, resume: bool, new: bool, bots: str, settings):
    """The saved game (``resume``), with the bots from outside that ``bots`` names, or a new one of ``settings()``."""
    from ..coach.custom_bots import is_custom
    from ..engine.dealing import DealError
    from ..play.game import Game

    if resume:
        if not store.exists():
            unusable([texts.NO_SAVE], as_json=False, kind="usage")
        named = frozenset(bot.strip() for bot in bots.split(",") if is_custom(bot))
        try:
            return Game.resume(store.load(), named)
        except ValueError as error:  # a damaged file (RecordError), one that does not replay or has no human
            unusable([texts.SAVE_BROKEN.format(problem=error)], as_json=False, kind="save")
    if store.exists() and not new:
        unusable([texts.SAVE_WAITING], as_json=False, kind="usage")
    try:
        return Game.new(settings())
    except DealError as error:
        unusable([str(error)], as_json=False, kind="usage")


def _settings(bots, players, teams, short, stock, start, youngest, match, coach, seed, name):
    from ..coach.bots import BOTS
    from ..engine.dealing import StartRule
    from ..play.game import Settings

    problems = []
    names = [bot.strip().lower() for bot in bots.split(",") if bot.strip()]
    unknown = [bot for bot in names if bot not in BOTS]
    if unknown or not names:
        problems.append(_("--bots: unknown bot {bots}; choose from {known}").format(
            bots=", ".join(map(repr, unknown)) or _("(none given)"), known=", ".join(BOTS)))
        names = names or ["strong"]
    seats = players if players is not None else len(names) + 1
    if not 2 <= seats <= 6:
        problems.append(_("--players: Skip-Bo is played by 2 to 6, not {seats}").format(seats=seats))
    if teams and seats not in (4, 6):
        problems.append(_("--teams: the team game needs 4 or 6 players, not {seats}").format(seats=seats))
    if coach not in ("on", "quiet", "off"):
        problems.append(_("--coach: on, quiet or off, not {coach!r}").format(coach=coach))
    if start not in ("cut", "youngest"):
        problems.append(_("--start: cut or youngest, not {start!r}").format(start=start))
    if match is not None and match < 1:
        problems.append(_("--match: a target of at least 1 point, not {match}").format(match=match))
    if not NAME.match(name):
        problems.append(_("--name: {name!r}: a letter, then up to 19 letters, digits, - or _").format(name=name))
    if short and stock is not None:
        problems.append(_("--short deals 10 cards: give --short or --stock, not both"))
    if problems:
        unusable(problems, as_json=False, kind="usage")
    chosen = tuple(names[i % len(names)] for i in range(seats - 1))
    settings = Settings(chosen, name, teams, 10 if short else stock, StartRule(start), target=match, seed=seed,
                        coach=coach)
    setup_names = settings.setup().names
    if youngest is not None and youngest not in setup_names:
        unusable([_("--youngest: {name!r} is not at the table ({names})").format(
            name=youngest, names=", ".join(setup_names))], as_json=False, kind="usage")
    from dataclasses import replace

    return replace(settings, youngest=youngest)


def _check_record_path(path: Path, store) -> None:
    """Refuse at the start a --record path the finished game's record could not be written to, or must not be:
    the save, or another file the tutor keeps for itself."""
    from ..files.writing import LinkOutOfFolder, check_target

    if store.manages(path):
        unusable([texts.RECORD_MANAGED.format(path=path, home=store.directory)], as_json=False, kind="usage")
    try:
        check_target(path)
    except LinkOutOfFolder as error:
        unusable([texts.RECORD_LINK_OUT.format(path=path, problem=error)], as_json=False, kind="usage")
    except OSError:
        pass  # a folder or a pipe is named below
    if path.exists() and not path.is_file():
        unusable([texts.RECORD_NOT_A_FILE.format(path=path)], as_json=False, kind="usage")
    folder = path.parent
    while not folder.exists():
        folder = folder.parent
    if not folder.is_dir():
        unusable([texts.RECORD_NO_FOLDER.format(path=path, folder=folder)], as_json=False, kind="usage")


def _sit_down(game, store, *, pace: float, record: Optional[Path], resumed: bool) -> None:
    from ..coach.custom_bots import BotError
    from .output import console
    from .play_table import PlayTable
    from .prompt import Quit, ask

    out = console()

    def save(whole: bool = False) -> None:
        try:
            store.save(game.record, whole=whole)
        except OSError as error:
            unusable([texts.CANNOT_SAVE.format(path=store.path, problem=error.strerror or error)], as_json=False,
                     kind="save")

    table = PlayTable(out, game, ask, pace=pace, save=save)
    if not resumed:  # a resumed game is saved already, as it stands
        save()
    _introduce(table, resumed)
    try:
        table.run()
    except BotError as error:  # a bot from outside, named with --resume --bots, planned nonsense or failed
        save()
        unusable([str(error)], as_json=False, kind="bot")
    except Quit:
        out.print()
        table.say(texts.SAVING, "dim")
        with shielded():
            save(whole=True)
            table.say(texts.SAVED, "bold")
        return
    except KeyboardInterrupt:
        with shielded():  # a second Ctrl-C cannot cut the save or its line short
            save()
            out.print()
            table.say(texts.INTERRUPTED, "bold")
        raise typer.Exit(EXIT_INTERRUPTED)
    champion = game.record.match().champion if game.record.setup.target is not None else game.state.winners
    names = game.record.setup.names
    out.print()
    if champion:
        table.say(capitalized(texts.GAME_WON.format(winners=texts.AND.join(shown_name(names[s]) for s in champion))),
                  "bold green")
    else:
        table.say(texts.GAME_OVER_NO_WINNER, "bold")
    try:
        kept = store.keep_finished(game.record, record)
    except OSError as error:
        unusable([texts.CANNOT_SAVE.format(path=record or store.directory, problem=error.strerror or error)],
                 as_json=False, kind="save")
    out.print(texts.RECORD_SAVED.format(path=kept), soft_wrap=True, markup=False)


def _introduce(table, resumed: bool) -> None:
    game = table.game
    setup = game.record.setup
    if resumed:
        table.say(texts.RESUMED.format(round=game.round_number, player=shown_name(game.state.mover.name)), "bold")
        return
    players = ", ".join(texts.PLAYER_BOT.format(name=seat.name, bot=seat.plays) if seat.plays != "human"
                        else shown_name(seat.name) for seat in setup.seats)
    target = texts.MATCH_TO.format(target=setup.target) if setup.target is not None else ""
    table.say(texts.WELCOME.format(players=players, stock=setup.stock_size, match=target), "bold")
    state = game.state
    partners = [state.players[s].name for s in state.team_of(game.human) if s != game.human]
    if partners:
        table.say(texts.PARTNER.format(name=partners[0]))
    if table.coach == "on":
        table.say(texts.COACH_ON)
    elif table.coach == "quiet":
        table.say(texts.COACH_QUIET)
    table.say(texts.HOW_TO.format(**shown_words("moves", "hint", "undo", "board", "quit")), "dim")
    table.announce_round()

