"""The standard streams when they are not what a program expects: closed, full, or unable to encode a name.

``prepare()`` runs before any command: a closed standard output ends the
run at once (exit status 2, one line on standard error); a closed standard
input reads as empty, and the commands that ask questions refuse to start
(``require_input``); a stream whose encoding cannot show a character (such
as ``PYTHONIOENCODING=ascii`` and the name Zoë) shows it as its escape,
``Zo\\xeb``, and input it cannot decode keeps its bytes (shown escaped too).
``output_failures_reported()`` turns a write that fails (a full disk,
``/dev/full``, a closed descriptor) into one line and exit status 2; what
is written after a reader stopped early (``| head``) goes nowhere, quietly,
and the command keeps its own exit status.
"""

from __future__ import annotations

import contextlib
import errno
import io
import os
import sys
from typing import Iterator

from .encodings import encodes_everything
from .output import EXIT_UNUSABLE, unusable

OUTPUT_CLOSED = "error: standard output is closed: there is nowhere to write to\n"
OUTPUT_FAILED = "error: cannot write the output: {problem}\n"
INPUT_CLOSED = ("{command} asks questions and reads the answers from standard input, which is closed: "
                "run it in a terminal, or pipe the answers in")
#: The failures of a write to standard output; other errors are not the output's.
OUTPUT_ERRORS = {errno.ENOSPC, errno.EBADF, errno.EIO, errno.EFBIG, errno.EDQUOT, errno.ENXIO, errno.EPIPE}

_input_closed = False


def prepare() -> None:
    """Make the standard streams usable for a command, or end the run (exit 2) when there is no output."""
    global _input_closed
    if sys.stderr is None:
        sys.stderr = open(os.devnull, "w", encoding="utf-8")
    if sys.stdout is None:
        sys.stderr.write(OUTPUT_CLOSED)
        raise SystemExit(EXIT_UNUSABLE)
    sys.stdout = _ReaderMayLeave(sys.stdout)
    if sys.stdin is None:
        _input_closed = True
        sys.stdin = io.StringIO()
    for stream in (sys.stdout, sys.stderr):
        if not encodes_everything(stream) and hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="backslashreplace")
    if not encodes_everything(sys.stdin) and hasattr(sys.stdin, "reconfigure"):
        sys.stdin.reconfigure(errors="surrogateescape")  # a byte it cannot decode is kept, and shown escaped


class _ReaderMayLeave:
    """Standard output whose reader may stop early (``| head``, ``| true``): what is written after it left goes
    nowhere, quietly, and the command ends with its own status (a ruling's 0 or 1)."""

    def __init__(self, stream):
        self._stream = stream

    def write(self, text: str) -> int:
        try:
            return self._stream.write(text)
        except BrokenPipeError:
            self._reader_left()
            return len(text)

    def flush(self) -> None:
        try:
            self._stream.flush()
        except BrokenPipeError:
            self._reader_left()

    def _reader_left(self) -> None:
        _discard_output()
        with contextlib.suppress(OSError, ValueError):
            self._stream.flush()  # what was still buffered now goes nowhere

    def __getattr__(self, name: str):
        return getattr(self._stream, name)


def require_input(command: str, *, as_json: bool = False) -> None:
    """Exit 2 with one line when standard input was closed: ``command`` cannot ask anything."""
    if _input_closed:
        unusable([INPUT_CLOSED.format(command=command)], as_json=as_json, kind="usage")


@contextlib.contextmanager
def output_failures_reported() -> Iterator[None]:
    """Report a failed write to standard output in one line (exit 2); a closed pipe ends the run quietly."""
    try:
        try:
            yield
        finally:
            sys.stdout.flush()
    except OSError as error:
        if error.errno not in OUTPUT_ERRORS:
            raise
        _discard_output()
        if error.errno != errno.EPIPE:
            sys.stderr.write(OUTPUT_FAILED.format(problem=error.strerror or error))
        raise SystemExit(EXIT_UNUSABLE) from None


def _discard_output() -> None:
    """Point standard output at nothing, so what is still buffered cannot fail again as Python exits."""
    with contextlib.suppress(OSError, ValueError):
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
        os.close(null)
