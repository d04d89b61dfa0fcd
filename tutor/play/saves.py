"""Where ``tutor play`` keeps its files: the saved game and the records of finished games.

Both live in the tutor's data directory (``$SKIPBO_TUTOR_HOME`` when set):
``saved-game.yaml`` is the record of the game in progress and ``records/``
holds one record per finished game. The saved game is an ordinary record
(docs/records.md), written whole and atomically now and then; the moves
since are appended to the journal beside it after every move (``journal``).
A sealed snapshot next to it lets a long match resume fast (``snapshot``).

One game at a time holds the save: ``held()`` locks ``saved-game.lock`` for
as long as the game runs and writes the holder's process id into it. The
system lets the lock go when the holder ends, however it ends, so the lock
of a game that was killed is simply taken by the next one.
"""

from __future__ import annotations

import contextlib
import os
import stat
import time
from pathlib import Path
from typing import Iterator, Optional

from ..files.reading import special_kind
from ..i18n import N_
from ..lessons.progress import CACHE, COURSES, FILE_NAME as PROGRESS_NAME, data_dir
from ..records.files import read_record, write_record
from ..records.model import GameRecord
from . import snapshot
from .journal import Journal, journal_path

SAVE_NAME = "saved-game.yaml"
LOCK_NAME = "saved-game.lock"
RECORDS = "records"
#: What the tutor keeps in its data directory for itself: no record is ever written over one of them.
MANAGED = (SAVE_NAME, LOCK_NAME, PROGRESS_NAME, COURSES, CACHE, Path(SAVE_NAME).with_suffix(snapshot.SUFFIX).name,
           snapshot.KEY_NAME, journal_path(Path(SAVE_NAME)).name)


class SaveHeld(OSError):
    """Another game holds the save; ``holder`` is its process id as it wrote it (empty if not known)."""

    def __init__(self, holder: str):
        super().__init__(f"held by process {holder or '(unknown)'}")
        self.holder = holder


class LockNotAFile(OSError):
    """Something other than a file stands where the save's lock goes: ``kind`` says what (in English)."""

    def __init__(self, kind: str):
        super().__init__(kind)
        self.kind = kind


class SaveStore:
    """The saved game and the finished records under ``directory``."""

    def __init__(self, directory: Optional[Path] = None):
        self.directory = directory if directory is not None else data_dir()
        self.path = self.directory / SAVE_NAME
        self.lock_path = self.directory / LOCK_NAME
        self.journal = Journal(self.path)

    @contextlib.contextmanager
    def held(self) -> Iterator[None]:
        """Hold the save for one game: ``SaveHeld`` if another game holds it, ``LockNotAFile`` if a folder, a link or
        a special file stands where the lock goes, ``OSError`` if the folder is unusable.

        Where the system has no file locks (``fcntl``), nothing is locked.
        """
        try:
            import fcntl
        except ImportError:
            yield
            return
        self.directory.mkdir(parents=True, exist_ok=True)
        _refuse_other_than_file(self.lock_path)
        flags = os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
        try:
            descriptor = os.open(self.lock_path, flags, 0o644)
        except OSError:
            _refuse_other_than_file(self.lock_path)  # put there since the look before
            raise
        try:
            if not stat.S_ISREG(os.fstat(descriptor).st_mode):
                raise LockNotAFile(special_kind(os.fstat(descriptor).st_mode))
            try:
                fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                raise SaveHeld(os.pread(descriptor, 64, 0).decode("ascii", "replace").strip()) from None
            os.ftruncate(descriptor, 0)
            os.pwrite(descriptor, f"{os.getpid()}\n".encode("ascii"), 0)
            yield
        finally:
            os.close(descriptor)  # closing lets the lock go

    def check_writable(self) -> None:
        """Raise what saving would raise about the save's own file (a link out of the folder, a folder or a special
        file in its place), writing nothing."""
        from ..files.writing import check_target

        check_target(self.path)

    def manages(self, path: Path) -> bool:
        """True when ``path`` is, or lies in, one of the tutor's own files (the save, its lock, progress)."""
        resolved = Path(os.path.realpath(path))
        home = Path(os.path.realpath(self.directory))
        return resolved.is_relative_to(home) and resolved != home and \
            resolved.relative_to(home).parts[0] in MANAGED

    def exists(self) -> bool:
        return self.path.is_file()

    def load(self) -> GameRecord:
        """The saved game with the moves of its journal (``RecordError`` if it is damaged or does not replay).

        A save the tutor wrote itself, unchanged since, is taken from its snapshot without replaying it.
        """
        return self.journal.resumed(snapshot.trusted_record(self.path) or read_record(self.path))

    def save(self, record: GameRecord, *, whole: bool = False) -> None:
        """Save the game (``OSError`` if the folder is unusable).

        What changed since the last save is appended to the journal; the save is rewritten whole and
        atomically instead when ``whole`` is asked, when the journal is due to be taken in, or cannot be kept.
        """
        if not whole and not self.journal.due(record) and self.journal.append(record):
            return
        write_record(self.path, record)
        self.journal.restart(record, snapshot.seal(self.path, record))

    def discard(self) -> None:
        snapshot.drop(self.path)
        self.path.unlink(missing_ok=True)
        self.journal.drop()

    @property
    def records(self) -> Path:
        """The folder of finished games' records."""
        return self.directory / RECORDS

    def finished(self) -> list[Path]:
        """The records of finished games kept in ``records/``, oldest first (links are not followed)."""
        if not self.records.is_dir():
            return []
        found = [path for path in self.records.glob("game-*.yaml") if not path.is_symlink() and path.is_file()]
        return sorted(found, key=lambda path: (path.stat().st_mtime, path.name))

    def keep_finished(self, record: GameRecord, path: Optional[Path] = None) -> Path:
        """Write a finished game's record (to ``path``, or a new file under ``records/``) and drop the save."""
        if path is None:
            stamp = time.strftime("%Y%m%d-%H%M%S")
            path = self.records / f"game-{stamp}.yaml"
            number = 1
            while path.exists():
                number += 1
                path = self.records / f"game-{stamp}-{number}.yaml"
        write_record(path, record)
        self.discard()
        return path


def _refuse_other_than_file(path: Path) -> None:
    """``LockNotAFile`` when a folder, a link or a special file stands at ``path``; nothing when a file or nothing."""
    try:
        mode = os.lstat(path).st_mode
    except FileNotFoundError:
        return
    if stat.S_ISLNK(mode):
        raise LockNotAFile(N_("a link"))
    if not stat.S_ISREG(mode):
        raise LockNotAFile(special_kind(mode))
