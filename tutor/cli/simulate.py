"""``tutor simulate``: bots play series of rounds against each other."""

from __future__ import annotations

import importlib.util
import sys
from typing import Optional

import typer

from ..i18n import _
from ..i18n.numbers import decimal, percent
from .interrupts import deferred
from .output import EXIT_UNUSABLE, print_json, printable, unusable

MAX_WORKERS = 32  # every worker is a process started at once
MAX_GAMES = 20_000  # a run of hours at most; a 95% interval this wide is already under one point
MAX_CLUSTER_GAMES = 1_000_000  # on a cluster: for differences of a tenth of a point
EXIT_INTERRUPTED = 130  # the shell's status for a program stopped with Ctrl-C


def simulate_command(
    games: int = typer.Option(100, "--games", help=f"Rounds to play, 1 to {MAX_GAMES:,} "
                                                   f"({MAX_CLUSTER_GAMES:,} with --cluster)."),
    players: int = typer.Option(2, "--players", help="Players per round, 2 to 6."),
    bots: str = typer.Option("strong,greedy", "--bots", help="Bots by name (random, greedy, strong, strong-v3, "
                                                             "strong-v2, strong-v1) or as module:Class or path/to/file.py:Class, comma-separated; "
                                                             "they take the seats in turn and swap seats every round."),
    stock: Optional[int] = typer.Option(None, "--stock", help="Stock size (default: 30 with 2-4 players, 20 with 5-6)."),
    seed: int = typer.Option(0, "--seed", help="Seed of the series: the same seed plays the same rounds."),
    workers: int = typer.Option(1, "--workers", help=f"Processes to play on, 1 to {MAX_WORKERS} "
                                                     "(results do not depend on it)."),
    teams: bool = typer.Option(False, "--teams", help="Partners sitting opposite (4 or 6 players)."),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON document."),
    record: Optional[str] = typer.Option(None, "--record", metavar="DIR",
                                         help="Write every game's record into DIR (game-0001.yaml, ...)."),
    force: bool = typer.Option(False, "--force", help="With --record, overwrite the records of an earlier run "
                                                      "in DIR."),
    cluster: Optional[str] = typer.Option(None, "--cluster", metavar="ADDRESS",
                                          help="Play on the Dask scheduler at ADDRESS (tcp://host:8786), or on a "
                                               "local cluster started for the run (local; --workers processes, "
                                               "default one per core). Needs the cluster extra."),
) -> None:
    """Let bots play each other and report wins with 95% intervals, stalemates, turns and speed.

    Ctrl-C stops the run and reports the rounds that finished (exit status 130); a cluster that cannot
    be reached or fails mid-run, or a worker process that dies, stops it too, with the rounds that finished
    and the error (exit status 2).
    """
    from ..coach.bots import BOTS
    from ..coach.custom_bots import BotError, is_custom, load_bot
    from ..coach.simulation import Series, run_series

    names = tuple(name.strip() if is_custom(name) else name.strip().lower() for name in bots.split(",") if name.strip())
    problems = []
    for name in filter(is_custom, names):
        try:
            load_bot(name)
        except ValueError as error:
            problems.append(f"--bots: {error}")
    unknown = [name for name in names if name not in BOTS and not is_custom(name)]
    if unknown or not names:
        problems.append(_("--bots: unknown bot {bots}; choose from {known}, or give module:Class").format(
            bots=", ".join(map(repr, unknown)) or _("(none given)"), known=", ".join(BOTS)))
    if not 2 <= players <= 6:
        problems.append(_("--players: Skip-Bo is played by 2 to 6, not {seats}").format(seats=players))
    if games < 1:
        problems.append(_("--games: play at least one round, not {games}").format(games=games))
    elif games > (most := MAX_GAMES if cluster is None else MAX_CLUSTER_GAMES):
        problems.append(_("--games: at most {most} rounds in one run; for more, run several series with "
                          "different --seed values and add up their results").format(most=decimal(most)))
    if not 1 <= workers <= MAX_WORKERS:
        problems.append(_("--workers: 1 to {most}, not {workers}").format(most=MAX_WORKERS, workers=workers))
    if teams and players not in (4, 6):
        problems.append(_("--teams: the team game needs 4 or 6 players, not {seats}").format(seats=players))
    if stock is not None and not 1 <= stock <= (162 - 5) // max(players, 1):
        problems.append(_("--stock: {players} stocks of {stock} cards do not fit in the 162-card deck").format(
            players=players, stock=stock))
    if cluster is not None and importlib.util.find_spec("distributed") is None:
        from ..coach.cluster import INSTALL_HINT

        problems.append(f"--cluster: {_(INSTALL_HINT)}")
    if problems:
        unusable(problems, as_json=as_json, kind="usage")
    cluster_workers = workers if cluster is None or workers > 1 else None  # a local cluster: one per core
    series = Series(names, players, stock, seed, teams, record=record is not None)
    keep = _record_writer(record, games, force, as_json) if record is not None else None
    played = None
    if cluster is not None:
        from ..coach.cluster import cluster_results

        played = cluster_results(series, games, cluster, cluster_workers)
    try:
        if as_json:
            summary = run_series(series, games, cluster_workers, progress=keep, played=played)
            print_json(summary.to_json())
        else:
            summary = _with_progress(series, games, cluster_workers, run_series, keep, played)
            _print(series, summary, games)
    except BotError as error:
        unusable([str(error)], as_json=as_json, kind="bot")
    if summary.error:
        option = "--cluster" if cluster is not None else "--workers"  # what stopped the series early
        sys.stderr.write(_("error: {problem}").format(problem=f"{option}: {printable(summary.error)}") + "\n")
        raise typer.Exit(EXIT_UNUSABLE)
    if summary.interrupted:
        raise typer.Exit(EXIT_INTERRUPTED)


def _record_writer(directory: str, games: int, force: bool, as_json: bool):
    """A progress callback writing each game's record into ``directory``, numbered in the series' order; a record
    the run would write over is refused first, unless ``force``."""
    from pathlib import Path

    from ..records.files import write_record

    folder = Path(directory)
    if folder.exists() and not folder.is_dir():
        unusable([_("--record: {path} is a file, not a folder").format(path=directory)], as_json=as_json, kind="usage")
    taken = None if force else _first_record_taken(folder, games)
    if taken is not None:
        unusable(["--record: " + _("{path} already exists: give --force to overwrite it").format(path=taken)],
                 as_json=as_json, kind="usage")
    written = 0

    def keep(result) -> None:
        nonlocal written
        written += 1
        path = folder / _record_name(written)
        try:
            with deferred():  # a Ctrl-C now stops the run after this record, which the summary counts
                write_record(path, result.record)
        except OSError as error:
            unusable([_("--record: cannot write {path}: {problem}").format(path=path, problem=error.strerror or error)],
                     as_json=as_json, kind="usage")

    return keep


def _record_name(number: int) -> str:
    return f"game-{number:04d}.yaml"


def _first_record_taken(folder, games: int):
    """The first of the records ``game-0001.yaml`` to the ``games``-th already in ``folder``, or None (one look at
    the folder, whatever the number of games)."""
    import os
    import re

    if not folder.is_dir():
        return None
    names = {entry.name for entry in os.scandir(folder)}
    numbers = (int(found[1]) for name in names if (found := re.fullmatch(r"game-(\d{4,})\.yaml", name)))
    taken = [number for number in numbers if 1 <= number <= games and _record_name(number) in names]
    return folder / _record_name(min(taken)) if taken else None


def _with_progress(series, games: int, workers: Optional[int], run_series, keep=None, played=None):
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    from .output import error_console

    columns = (TextColumn("[bold]playing"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    with Progress(*columns, console=error_console(), transient=True) as progress:
        task = progress.add_task("games", total=games)
        def advance(result) -> None:
            if keep:
                keep(result)
            progress.advance(task)

        return run_series(series, games, workers, progress=advance, played=played)


def _print(series, summary, asked: int) -> None:
    from rich.table import Table

    from .output import console

    out = console()
    if summary.interrupted:
        stopped = _("Stopped: {done} of {asked} rounds finished.") if summary.error else _(
            "Interrupted: {done} of {asked} rounds finished.")
        out.print(stopped.format(done=summary.games, asked=asked),
                  style="bold yellow")
    if not summary.games:
        return
    table = Table(title=_("{rounds} rounds, {players} players, seed {seed}").format(
        rounds=summary.games, players=series.players, seed=series.seed))
    table.add_column(_("bot"))
    table.add_column(_("wins"), justify="right")
    table.add_column(_("share"), justify="right")
    table.add_column(_("95% interval"), justify="right")
    for bot, won in summary.wins.items():
        low, high = summary.interval(bot)
        table.add_row(bot, str(won), percent(won / summary.games, 1), f"{percent(low, 1)} - {percent(high, 1)}")
    out.print(table)
    out.print(_("stalemates: {stalemates}   mean turns: {turns}   games per second: {speed}").format(
        stalemates=summary.stalemates, turns=decimal(summary.mean_turns, 1), speed=decimal(summary.games_per_second, 1)))
