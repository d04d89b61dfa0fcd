"""Record files: reading them with every problem placed at its line, and writing them safely.

A record is written to a temporary file in the same folder, flushed to disk
and renamed over the old one, so a game interrupted at any moment leaves
either the old record or the new one, never half of one.
"""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from pathlib import Path as FilePath

import yaml

from ..scenario.loader import Located, ScenarioError, parse_yaml, placed_problems
from .model import GameRecord, record_from_data
from .replay import ReplayError, replay_game

MAX_RECORD_BYTES = 8 * 1024 * 1024


class RecordError(ScenarioError):
    """A record file that cannot be used, with every problem found (``file:line:column: message``)."""


def read_record(path: str | os.PathLike[str], *, replay: bool = True) -> GameRecord:
    """The record in ``path``, checked, and (``replay``) replayed through the engine."""
    source = str(path)
    text = _read_text(path)
    try:
        data, marks = parse_yaml(text, source)
    except ScenarioError as error:
        raise RecordError(source, error.problems) from None
    record, problems = record_from_data(data)
    if record is None:
        raise RecordError(source, placed_problems(problems, marks))
    if replay:
        try:
            replay_game(record)
        except ReplayError as error:
            from ..engine.position import Problem

            raise RecordError(source, placed_problems([Problem(error.path, str(error))], marks)) from None
    return record


def _read_text(path: str | os.PathLike[str]) -> str:
    source = str(path)
    try:
        mode = os.stat(path).st_mode
        if stat.S_ISDIR(mode):
            raise RecordError(source, [Located(0, 0, "is a folder, not a game record")])
        if not stat.S_ISREG(mode):  # a FIFO or a device would keep the reader waiting
            raise RecordError(source, [Located(0, 0, "is not a regular file")])
        with open(path, "rb") as handle:
            raw = handle.read(MAX_RECORD_BYTES + 1)
    except FileNotFoundError:
        raise RecordError(source, [Located(0, 0, "no such file")]) from None
    except OSError as error:
        raise RecordError(source, [Located(0, 0, f"cannot be read: {error.strerror or error}")]) from None
    if len(raw) > MAX_RECORD_BYTES:
        raise RecordError(source, [Located(0, 0, f"is larger than {MAX_RECORD_BYTES // 2**20} MiB")])
    if b"\0" in raw:
        raise RecordError(source, [Located(0, 0, "is not a text file (it holds binary data)")])
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise RecordError(source, [Located(raw[: error.start].count(b"\n") + 1, 0, "is not valid UTF-8 text")]) from None


def record_text(record: GameRecord) -> str:
    """The record as YAML: one block per turn, its moves on one line."""
    return yaml.safe_dump(record.to_data(), sort_keys=False, default_flow_style=None, width=100,
                          allow_unicode=True)


def write_record(path: str | os.PathLike[str], record: GameRecord) -> None:
    """Write ``record`` to ``path`` atomically (a temporary file renamed over the old one)."""
    target = FilePath(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(record_text(record))
            out.flush()
            os.fsync(out.fileno())
        os.replace(temporary, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
