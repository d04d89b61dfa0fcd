"""Series of games played on a Dask cluster: many machines, or a local cluster started for the run.

Dask's distributed scheduler (the optional extra: ``pip install
'.[cluster]'``) hands the games to its workers a chunk at a
time, as the local worker pool does, so a series gives the same games and
the same summary wherever it is played. Each worker needs the same tutor
(and any custom bot) installed; see docs/bots.md. A local cluster speaks TLS
with credentials made for the run, so no other user of the machine can
hand it work.

A run never waits without bound: a scheduler that cannot be reached within
``CONNECT_SECONDS`` or stops answering for ``ANSWER_SECONDS``, a cluster
left without workers for ``WORKERLESS_SECONDS``, a chunk whose workers keep
dying, or a lost scheduler stops it with a ``ClusterError``, after the
games finished so far.
"""

from __future__ import annotations

import contextlib
import logging
import time
from concurrent.futures import CancelledError
from typing import TYPE_CHECKING, Iterator, Optional, TypeVar

from ..i18n import N_, _
from .custom_bots import BotError, is_custom, load_bot
from .simulation import GameResult, Series, SeriesStopped, chunk_size, play_chunk

if TYPE_CHECKING:
    from distributed import Client

LOCAL = "local"  # the address that starts a local cluster for the run
SCHEMES = ("tcp", "tls")  # the schemes of a scheduler's address the run connects with
INSTALL_HINT = N_("the cluster extra is not installed: run pip install '.[cluster]' in the tutor's source folder")
CONNECT_SECONDS = 10  # to reach the scheduler (and for a local cluster's workers to start)
WORKERLESS_SECONDS = 20  # a cluster without a single worker for this long stops the run
ANSWER_SECONDS = 10  # for the scheduler to answer a question (how many workers it has)
POLL_SECONDS = 1.0
IN_FLIGHT_PER_THREAD = 2  # chunks waiting per worker thread: enough to keep it busy, few to lose
# what the client raises when the scheduler cannot be reached or goes away
_LOST = (OSError, TimeoutError, RuntimeError)

Result = TypeVar("Result")


class ClusterError(SeriesStopped):
    """The cluster cannot be used, or stopped being usable mid-run: the message says why."""


def client_for(address: str, workers: Optional[int] = None) -> "contextlib.AbstractContextManager[Client]":
    """A client of the scheduler at ``address``, or of a local cluster of ``workers`` processes (``local``).

    ``ClusterError`` when the extra is missing or the scheduler cannot be reached.
    """
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        raise ClusterError(_(INSTALL_HINT)) from None
    _quiet()

    @contextlib.contextmanager
    def connected() -> Iterator[Client]:
        with contextlib.ExitStack() as stack:
            try:
                if address == LOCAL:  # credentials of its own: no other user of the machine can use it
                    with _interrupts_held():
                        cluster = stack.enter_context(LocalCluster(
                            n_workers=workers, threads_per_worker=1, processes=True, host="127.0.0.1",
                            dashboard_address="127.0.0.1:0", security=True, silence_logs=logging.CRITICAL,
                            timeout=CONNECT_SECONDS))
                    client = stack.enter_context(Client(cluster, timeout=CONNECT_SECONDS))
                else:
                    _ask_who_answers(address)
                    client = stack.enter_context(Client(address, timeout=CONNECT_SECONDS))
            except ImportError:  # the temporary credentials need the extra's cryptography
                raise ClusterError(_(INSTALL_HINT)) from None
            except ValueError as error:
                raise ClusterError(_("{address!r} is not a scheduler's address ({said})").format(
                    address=address, said=_said(error))) from None
            except _LOST as error:
                if address == LOCAL:
                    raise ClusterError(_("a local cluster could not be started ({said})").format(
                        said=_said(error))) from None
                raise ClusterError(_("no scheduler answers at {address} within {seconds} s ({said})").format(
                    address=address, seconds=CONNECT_SECONDS, said=_said(error))) from None
            yield client

    return connected()


def _ask_who_answers(address: str) -> None:
    """Check that a Dask scheduler answers at ``address`` within ``CONNECT_SECONDS``, with the TLS set-up of
    Dask's configuration for a ``tls://`` address; ``ClusterError`` if not (Dask's client itself would wait
    without bound on a server that accepts and never answers, or on a frozen scheduler)."""
    import asyncio

    from distributed.comm import connect
    from distributed.security import Security

    scheme = address.split("://")[0] if "://" in address else "tcp"
    if scheme not in SCHEMES:
        raise ClusterError(_("{address!r}: Dask's {scheme}:// is not supported; give tcp://HOST:PORT, tls://HOST:PORT "
                             "(with Dask's TLS configuration, see docs/bots.md) or local").format(
            address=address, scheme=scheme))
    arguments = Security().get_connection_args("client")
    if scheme == "tls" and arguments["ssl_context"] is None:
        raise ClusterError(_("{address} needs TLS credentials: give them in Dask's configuration "
                             "(distributed.comm.tls.ca-file, .client.cert and .client.key; see docs/bots.md)").format(
            address=address))

    async def identity() -> object:
        comm = await connect(address, timeout=CONNECT_SECONDS, **arguments)
        try:
            await comm.write({"op": "identity", "reply": True})
            return await comm.read()
        finally:
            comm.abort()

    try:
        answer = asyncio.run(asyncio.wait_for(identity(), CONNECT_SECONDS))
    except (asyncio.TimeoutError, *_LOST) as error:
        raise ClusterError(_("no scheduler answers at {address} within {seconds} s ({said})").format(
            address=address, seconds=CONNECT_SECONDS, said=_said(error))) from None
    if not (isinstance(answer, dict) and answer.get("type") == "Scheduler"):
        raise ClusterError(_("what answers at {address} is not a Dask scheduler").format(address=address))


def cluster_results(series: Series, games: int, address: str, workers: Optional[int] = None) -> Iterator[GameResult]:
    """The games of ``series`` played on the cluster at ``address``, as their chunks finish."""
    with client_for(address, workers) as client:
        size = chunk_size(games, _threads(client))
        tasks = ((play_chunk_on_worker, series, first, min(first + size, games)) for first in range(0, games, size))
        for chunk in mapped(client, tasks):
            yield from chunk


def play_chunk_on_worker(series: Series, first: int, end: int) -> list[GameResult]:
    """``play_chunk`` on a worker of the cluster, which loads the bots from outside first: a ``BotError`` that names
    the worker when it cannot (a file that is not there, a module not installed), never the worker's traceback."""
    import socket

    for name in filter(is_custom, series.bots):
        try:
            load_bot(name)
        except ValueError as error:
            raise BotError(_("{problem}, on the cluster's worker at {host}: a bot of your own must be importable on "
                             "every worker (docs/bots.md)").format(problem=error, host=socket.gethostname())) from None
    return play_chunk(series, first, end)


def mapped(client: "Client", tasks: Iterator[tuple]) -> Iterator[Result]:
    """The results of ``tasks`` (a function and its arguments each), as they finish; a few per worker thread
    of the cluster waiting at a time."""
    pending: set = set()  # dropped with the generator: the scheduler then forgets the chunks not yet played
    workerless = _Workerless()
    while True:
        done, pending, workers = _step(client, tasks, pending)
        if not done and not pending:
            return
        for future in done:
            yield _result(client, future)
        workerless.check(workers or len(done))


def _step(client: "Client", tasks: Iterator[tuple], pending: set) -> tuple[set, set, int]:
    """Hand out tasks while there is room, then wait a moment: the futures done, those pending, the workers."""
    from distributed import wait

    with _answering():
        room = IN_FLIGHT_PER_THREAD * _threads(client) - len(pending)
        pending = pending | {client.submit(function, *arguments, pure=False) for function, *arguments in
                             _take(tasks, room)}
        if not pending:
            return set(), set(), 0
        try:
            done, pending = wait(pending, timeout=POLL_SECONDS, return_when="FIRST_COMPLETED")
        except TimeoutError:
            done = set()
        return set(done), set(pending), len(_nthreads(client))


def _take(tasks: Iterator[tuple], count: int) -> list[tuple]:
    return [task for _, task in zip(range(max(count, 0)), tasks)]


def _result(client: "Client", future) -> object:
    """The result of a finished ``future``, fetched from its worker (played again elsewhere if that worker died).

    ``ClusterError`` when the cluster could not play it; the games' own error (a custom bot's, say) as it is.
    """
    workerless = _Workerless()
    while True:
        if future.status == "error":
            with _answering():
                error = future.exception()
            if type(error).__name__ == "KilledWorker":
                raise ClusterError(_("workers kept dying while playing the same games; see their logs"))
            raise error
        with _answering():
            try:
                return future.result(timeout=POLL_SECONDS)
            except TimeoutError:
                workers = len(_nthreads(client))
        workerless.check(workers)


class _Workerless:
    """How long the cluster has gone without a worker: ``ClusterError`` past ``WORKERLESS_SECONDS``."""

    def __init__(self) -> None:
        self.since: Optional[float] = None

    def check(self, workers: int) -> None:
        if workers:
            self.since = None
        elif self.since is None:
            self.since = time.monotonic()
        elif time.monotonic() - self.since > WORKERLESS_SECONDS:
            raise ClusterError(_("the cluster has had no workers for {seconds} s").format(seconds=WORKERLESS_SECONDS))


@contextlib.contextmanager
def _interrupts_held() -> Iterator[None]:
    """Ctrl-C held back while a local cluster starts. The threads it starts, and the worker processes they start,
    keep the block for good: the terminal's Ctrl-C reaches the run alone, which stops the workers and sums up
    (no worker prints its own traceback). One pressed meanwhile arrives once the cluster has started."""
    import signal
    from multiprocessing import resource_tracker

    if not hasattr(signal, "pthread_sigmask"):  # no signal masks here (Windows)
        yield
        return
    resource_tracker.ensure_running()  # started later, it would lift the block of the thread that starts it
    held = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, held)


@contextlib.contextmanager
def _answering() -> Iterator[None]:
    """The client's calls within: a lost or silent scheduler as a ``ClusterError``."""
    try:
        yield
    except CancelledError:
        raise ClusterError(_("the connection to the scheduler was lost")) from None
    except _LOST as error:
        raise ClusterError(_("the cluster stopped answering ({said})").format(said=_said(error))) from None


def _threads(client: "Client") -> int:
    """Worker threads in the cluster now (one, while none has joined yet)."""
    return max(1, sum(_nthreads(client).values()))


def _nthreads(client: "Client") -> dict:
    """The threads of each worker, as the scheduler answers within ``ANSWER_SECONDS`` (``TimeoutError`` if not)."""
    return client.nthreads(callback_timeout=ANSWER_SECONDS)


def _said(error: BaseException) -> str:
    return str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__


def _quiet() -> None:
    """The run reports a failure in one line of its own: Dask's warnings and tracebacks stay out of the terminal."""
    for name, logger in [("", logging.getLogger("distributed")), *logging.root.manager.loggerDict.items()]:
        if isinstance(logger, logging.Logger) and logger.name.startswith(("distributed", "tornado", "asyncio")):
            logger.setLevel(logging.CRITICAL + 1)
