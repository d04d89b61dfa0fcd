"""Ctrl-C is never lost, and never cuts short the save it asks for.

Python cannot raise an exception out of a callback that runs as an object is
freed (a weak reference's, a finaliser's): it prints "Exception ignored in
..." with a traceback and goes on, so a Ctrl-C that lands there is gone and
the prompt keeps waiting. The hook below raises the interrupt again a
moment later instead (on a one-shot timer, once the callback has returned),
where the command can take it: save, and say so.

A command that took an interrupt saves and says so inside ``shielded()``: a
second Ctrl-C right after the first (or the first raised again by the timer)
is held off until the game is saved and the line printed. The timer's
handler stays in place for the whole run and raises only an interrupt still
owed, so a timer that fires late never ends the process ("Alarm clock"). A
Ctrl-C while a record is written (``deferred()``) waits for the record, then
stops the run.
"""

from __future__ import annotations

import contextlib
import signal
import sys
import threading
from typing import Iterator

AGAIN_AFTER = 0.001  # seconds: the callback has long returned

_owed = False  # an interrupt swallowed by a callback, not raised again yet


def keep_interrupts() -> None:
    """From now on, a Ctrl-C swallowed by a clean-up callback is raised again in the command's own code."""
    sys.unraisablehook = _interrupt_again
    signal.signal(signal.SIGALRM, _interrupted)


@contextlib.contextmanager
def shielded() -> Iterator[None]:
    """Ctrl-C held off for the block (saving after an interrupt, and saying so); an interrupt owed is dropped."""
    global _owed
    _owed = False
    with _ctrl_c_taken_by(signal.SIG_IGN):
        yield


@contextlib.contextmanager
def deferred() -> Iterator[None]:
    """Ctrl-C during the block raised as it ends: what the block writes is written whole, then the command stops."""
    pressed: list[int] = []
    with _ctrl_c_taken_by(lambda signum, frame: pressed.append(signum)):
        yield
    if pressed:
        raise KeyboardInterrupt


@contextlib.contextmanager
def _ctrl_c_taken_by(handler) -> Iterator[None]:
    """SIGINT handled by ``handler`` for the block, then as before; only the main thread may set a handler, so
    elsewhere the block runs as it is."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    before = signal.signal(signal.SIGINT, handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, before)


def _interrupt_again(unraisable) -> None:
    global _owed
    if not issubclass(unraisable.exc_type, KeyboardInterrupt):
        sys.__unraisablehook__(unraisable)
        return
    _owed = True
    signal.setitimer(signal.ITIMER_REAL, AGAIN_AFTER)


def _interrupted(signum, frame) -> None:
    global _owed
    if _owed:
        _owed = False
        raise KeyboardInterrupt
