"""Ctrl-C is never lost: one that arrives while Python runs a clean-up callback is delivered again.

Python cannot raise an exception out of a callback that runs as an object is
freed (a weak reference's, a finaliser's): it prints "Exception ignored in
..." with a traceback and goes on, so a Ctrl-C that lands there is gone and
the prompt keeps waiting. The hook below raises the interrupt again a
moment later instead (on a one-shot timer, once the callback has returned),
where the command can take it: save, and say so.
"""

from __future__ import annotations

import signal
import sys

AGAIN_AFTER = 0.001  # seconds: the callback has long returned


def keep_interrupts() -> None:
    """From now on, a Ctrl-C swallowed by a clean-up callback is raised again in the command's own code."""
    sys.unraisablehook = _interrupt_again


def _interrupt_again(unraisable) -> None:
    if not issubclass(unraisable.exc_type, KeyboardInterrupt):
        sys.__unraisablehook__(unraisable)
        return
    signal.signal(signal.SIGALRM, _interrupted)
    signal.setitimer(signal.ITIMER_REAL, AGAIN_AFTER)


def _interrupted(signum, frame) -> None:
    signal.signal(signal.SIGALRM, signal.SIG_DFL)
    raise KeyboardInterrupt
