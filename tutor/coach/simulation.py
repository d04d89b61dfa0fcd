"""Bots playing whole rounds against each other, reproducibly from a seed.

Every game of a series is dealt from a seed derived from the series seed and
the game's number, so a series gives the same results however it is split
over worker processes. Seats are swapped: consecutive games share a deal and
rotate the bots round the table, so no bot profits from a lucky seat.
Games are handed to worker processes (or to a Dask cluster, see ``cluster``)
a few at a time, never all at once, and an interrupted series (Ctrl-C)
stops its workers at once and sums up the games that finished; so does a
cluster that fails mid-run, and the summary says why.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable, Iterator, Optional, Sequence

from ..engine.dealing import deal, partner_teams
from ..engine.moves import Draw, EndTurn, Move, PileKind, Place, Transfer
from ..engine.play import apply_move, next_turn
from ..engine.state import GameState, Phase
from ..engine.view import player_view
from ..i18n import _
from ..records.model import NUMBER_LIMIT
from .bot_protocol import Bot
from .bots import make_bot

if TYPE_CHECKING:
    from ..records.model import GameRecord

TURN_CAP = 2_000  # a round still running after this many turns counts as a stalemate
WORKER_POLL_SECONDS = 0.5  # how often a series waiting on its worker processes checks that none has died

Watch = Callable[[GameState, Move, GameState], None]  # told of every move: the table before, the move, after


@dataclass(frozen=True)
class GameResult:
    """One round: the bot in each seat, the winning seats (() for a stalemate) and the turns taken."""

    bots: tuple[str, ...]
    winners: tuple[int, ...]
    turns: int
    record: Optional["GameRecord"] = None  # kept when the series asks for records

    @property
    def stalemate(self) -> bool:
        return not self.winners

    @property
    def winning_bots(self) -> set[str]:
        return {self.bots[seat] for seat in self.winners}


def play_round(state: GameState, bots: Sequence[Bot], rng: random.Random,
               turn_cap: int = TURN_CAP, watch: Optional[Watch] = None) -> tuple[GameState, int]:
    """Play ``state`` to the end with ``bots[seat]`` in each seat; return the final state and turns taken."""
    turns = 0
    while state.phase is not Phase.OVER and turns < turn_cap:
        state = play_turn(state, bots[state.turn], rng, watch)
        turns += 1
        state = next_turn(state)
    return state, turns


def play_turn(state: GameState, bot: Bot, rng: random.Random, watch: Optional[Watch] = None) -> GameState:
    """One whole turn of the player to move, from the draw to the discard."""
    if state.phase is Phase.START:
        state = _applied(state, Draw(), rng, watch)
    while state.phase is Phase.PLAY:
        plan = bot.plan(player_view(state, state.turn), rng) or [_fallback(state)]
        for move in plan:
            state = _applied(state, move, rng, watch)
            if state.phase is not Phase.PLAY or reveals_card(move, state):
                break
    return state


def _applied(state: GameState, move: Move, rng: random.Random, watch: Optional[Watch]) -> GameState:
    after = apply_move(state, move, rng).state
    if watch:
        watch(state, move, after)
    return after


def reveals_card(move: Move, state: GameState) -> bool:
    """True when the move turned up a card the plan could not know: a new stock top or a refill (an emptied
    hand, or an empty one when a completed pile gave the draw pile cards again)."""
    if not isinstance(move, Transfer):
        return False
    return move.source.kind is PileKind.STOCK or (move.target.kind is PileKind.BUILD and state.drawn > 0)


def _fallback(state: GameState) -> Move:
    """A legal way to end the turn, for a bot that offers nothing."""
    hand = [card for card in state.mover.hand if card is not None]
    if not hand:
        return EndTurn()
    return Transfer(Place(PileKind.HAND), Place(PileKind.DISCARD, 1), hand[0])


def game_seed(seed: int, index: int) -> int:
    """The seed numbered ``index`` in a series seeded ``seed`` (a deal's number, or a game's for its shuffles).

    Derived seeds wrap round below ``NUMBER_LIMIT``, so a record can hold every one of them;
    a series seed below 999,000 gives exactly ``seed * 1,000,003 + index``.
    """
    return (seed * 1_000_003 + index) % NUMBER_LIMIT


@dataclass(frozen=True)
class Series:
    """What a series is made of: bot names, players per round, stock size, seed, teams."""

    bots: tuple[str, ...]
    players: int = 2
    stock: Optional[int] = None
    seed: int = 0
    teams: bool = False
    turn_cap: int = TURN_CAP
    record: bool = False  # keep each game's record (``GameResult.record``)


def seating(series: Series, index: int) -> tuple[str, ...]:
    """The bot in each seat for game ``index``: bots rotate one seat per game within a deal.

    In the team game partners are played by the same bot: bots go round the teams, not the seats.
    """
    rotation = index % len(series.bots)
    teams = partner_teams(series.players) if series.teams else tuple((seat,) for seat in range(series.players))
    side = {seat: number for number, team in enumerate(teams) for seat in team}
    return tuple(series.bots[(side[seat] + rotation) % len(series.bots)] for seat in range(series.players))


def play_game(series: Series, index: int) -> GameResult:
    """Game ``index`` of ``series``."""
    names = seating(series, index)
    shared = game_seed(series.seed, index // len(series.bots))
    seat_names = [f"{name}-{seat + 1}" for seat, name in enumerate(names)]
    teams = partner_teams(series.players) if series.teams else ()
    state = deal(seat_names, seed=shared, stock_size=series.stock, teams=teams).state
    bots = [make_bot(name) for name in names]
    rng = random.Random(game_seed(series.seed, index))
    if not series.record:
        final, turns = play_round(state, bots, rng, series.turn_cap)
        return GameResult(names, _winners(final), turns)
    from ..records.model import RoundRecord
    from ..records.recording import RecordingShuffler, RoundRecorder

    recorder = RoundRecorder(RoundRecord(shared))
    shuffler = RecordingShuffler(rng, recorder.record.shuffles)
    final, turns = play_round(state, bots, shuffler, series.turn_cap, recorder.observe)  # type: ignore[arg-type]
    return GameResult(names, _winners(final), turns, _game_record(series, state, names, recorder.finish(final)))


def _winners(final: GameState) -> tuple[int, ...]:
    return final.winners if final.phase is Phase.OVER and final.winners else ()


def _game_record(series: Series, dealt: GameState, bots: tuple[str, ...], played) -> "GameRecord":
    from ..records.model import GameRecord, Seat, Setup

    seats = tuple(Seat(player.name, bot) for player, bot in zip(dealt.players, bots))
    teams = tuple(tuple(dealt.players[seat].name for seat in team) for team in dealt.teams)
    return GameRecord(Setup(seats, dealt.rules.stock_size, teams), [played])


class SeriesStopped(Exception):
    """The series cannot go on (its cluster failed, or a worker process died): the message says why."""


@dataclass(frozen=True)
class Summary:
    """A series' results: wins per bot (with 95% intervals), stalemates, turns and speed."""

    games: int
    wins: dict[str, int]
    stalemates: int
    mean_turns: float
    seconds: float
    interrupted: bool = False  # stopped (Ctrl-C) before every game asked for was played
    error: Optional[str] = None  # why the series stopped early, its cluster or a worker (then ``interrupted`` too)

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds > 0 else 0.0

    def interval(self, bot: str) -> tuple[float, float]:
        """The 95% Wilson interval of ``bot``'s share of games won."""
        return wilson(self.wins.get(bot, 0), self.games)

    def to_json(self) -> dict:
        return {
            "games": self.games,
            "wins": dict(self.wins),
            "win_rate": {bot: round(won / self.games, 4) if self.games else 0.0 for bot, won in self.wins.items()},
            "interval_95": {bot: [round(x, 4) for x in self.interval(bot)] for bot in self.wins},
            "stalemates": self.stalemates,
            "mean_turns": round(self.mean_turns, 2),
            "games_per_second": round(self.games_per_second, 2),
            "interrupted": self.interrupted,
            **({"error": self.error} if self.error else {}),
        }


def wilson(successes: int, trials: int, z: float = 1.96) -> tuple[float, float]:
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    centre = (p + z * z / (2 * trials)) / (1 + z * z / trials)
    spread = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / (1 + z * z / trials)
    return (max(0.0, centre - spread), min(1.0, centre + spread))


class Tally:
    """The running count of a series: each result added as it comes and then let go, so a long series
    holds no more than its counts."""

    def __init__(self, series: Series):
        self.wins = {name: 0 for name in dict.fromkeys(series.bots)}
        self.games = self.stalemates = self.turns = 0

    def add(self, result: GameResult) -> None:
        self.games += 1
        self.turns += result.turns
        self.stalemates += result.stalemate
        for name in result.winning_bots:
            self.wins[name] += 1

    def summary(self, seconds: float, interrupted: bool = False, error: Optional[str] = None) -> Summary:
        games = self.games
        return Summary(games, dict(self.wins), self.stalemates, self.turns / games if games else 0.0, seconds,
                       interrupted, error)


def run_series(series: Series, games: int, workers: int = 1,
               progress: Optional[Callable[[GameResult], None]] = None,
               played: Optional[Iterator[GameResult]] = None) -> Summary:
    """Play ``games`` games of ``series``, on ``workers`` processes; call ``progress`` after each.

    ``played``: the games as they are played elsewhere instead (on a cluster: ``cluster.cluster_results``).
    Ctrl-C stops the series, and so does a cluster or a worker process that fails: the summary covers the
    games finished and says it was interrupted (and the failure as its ``error``).
    """
    import contextlib
    import time

    start = time.perf_counter()
    tally = Tally(series)
    interrupted, error = False, None
    if played is None:
        played = _parallel_results(series, games, workers) if workers > 1 and games > 1 else _results(series, games)
    with contextlib.closing(played):  # an interrupted run stops its workers here
        try:
            for result in played:
                tally.add(result)
                if progress:
                    progress(result)
        except KeyboardInterrupt:
            interrupted = True
        except SeriesStopped as failure:
            interrupted, error = True, str(failure)
    return tally.summary(time.perf_counter() - start, interrupted, error)


def _results(series: Series, games: int) -> Iterator[GameResult]:
    for index in range(games):
        yield play_game(series, index)


def _parallel_results(series: Series, games: int, workers: int) -> Iterator[GameResult]:
    """The games played on ``workers`` processes, handed out a chunk at a time, at most two per worker waiting.

    A worker that dies (killed, or a bot that ends its process) takes its chunk with it and the pool starts
    another in its place: ``SeriesStopped`` then, after the games finished so far, never a wait without end."""
    import multiprocessing
    import queue

    size = chunk_size(games, workers)
    chunks = iter(range(0, games, size))
    finished: queue.SimpleQueue = queue.SimpleQueue()
    waiting = 0
    started = multiprocessing.Value("i", 0)  # worker processes started, those in place of a dead one included
    with multiprocessing.Pool(workers, initializer=_start_worker, initargs=(started,)) as pool:  # leaving terminates
        while True:
            while waiting < 2 * workers and (first := next(chunks, None)) is not None:
                pool.apply_async(play_chunk, (series, first, min(first + size, games)),
                                 callback=finished.put, error_callback=finished.put)
                waiting += 1
            if not waiting:
                return
            try:
                outcome = finished.get(timeout=WORKER_POLL_SECONDS)
            except queue.Empty:
                if started.value > workers:
                    raise SeriesStopped(_("a worker process died while playing (killed, or a bot ended it); "
                                          "its rounds are lost")) from None
                continue
            waiting -= 1
            if isinstance(outcome, BaseException):
                raise outcome
            yield from outcome


def _start_worker(started) -> None:
    """Count the worker in; it ignores Ctrl-C: the parent stops the workers and sums up, with no traceback from
    each."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    with started.get_lock():
        started.value += 1


def chunk_size(games: int, workers: int) -> int:
    """Games handed out at once: about eight chunks per worker, at most 25 games each."""
    return max(1, min(25, games // (workers * 8)))


def play_chunk(series: Series, first: int, end: int) -> list[GameResult]:
    """Games ``first`` to ``end`` (not included) of ``series``: what one worker plays at a time."""
    return [play_game(series, index) for index in range(first, end)]
