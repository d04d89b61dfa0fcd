"""The learner's progress, kept in one JSON file in the user's data directory.

The directory is ``$SKIPBO_TUTOR_HOME`` when set, else the platform's data
directory for ``skipbo-tutor``. Every save takes a lock, reads the file
again and merges what another session saved meanwhile, then writes a
temporary file next to the real one and renames it over: two sessions at
once lose nothing, and an interrupted save leaves the old file whole (its
temporary file is removed by the next save). A damaged file is reported
and kept, never overwritten; the file keeps its permissions.
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator

from ..i18n import _
from ..files.reading import FileTooLarge, NotARegularFile, read_regular_file

HOME_VARIABLE = "SKIPBO_TUTOR_HOME"
FILE_NAME = "progress.json"
COURSES = "courses"  # the progress of teachers' courses, one folder each
CACHE = "cache"  # under $SKIPBO_TUTOR_HOME only: else the platform's cache directory
TEMPORARY_PREFIX, TEMPORARY_SUFFIX = ".progress-", ".tmp"
MAX_FILE_BYTES = 1024 * 1024  # the whole course's progress takes a few KiB
VERSION = 1


class ProgressError(OSError):
    """The progress file cannot be read or written; the message says which and why."""


def data_dir() -> Path:
    """Where the tutor keeps its files."""
    home = os.environ.get(HOME_VARIABLE)
    if home:
        return Path(home).expanduser()
    from platformdirs import user_data_dir

    return Path(user_data_dir("skipbo-tutor"))


def cache_dir() -> Path:
    """Where the tutor keeps what it can work out again: ``cache`` in ``$SKIPBO_TUTOR_HOME`` when set, else
    the platform's cache directory for ``skipbo-tutor``."""
    home = os.environ.get(HOME_VARIABLE)
    if home:
        return Path(home).expanduser() / CACHE
    from platformdirs import user_cache_dir

    return Path(user_cache_dir("skipbo-tutor"))


@dataclass
class StageProgress:
    """How far a learner got in one stage: the next step, and the exercises done."""

    next_step: int = 0
    solved: list[str] = field(default_factory=list)  # right within three tries
    shown: list[str] = field(default_factory=list)  # the solution had to be shown

    def record(self, exercise_id: str, solved: bool) -> None:
        target = self.solved if solved else self.shown
        if exercise_id not in self.solved and exercise_id not in target:
            target.append(exercise_id)
        if solved and exercise_id in self.shown:
            self.shown.remove(exercise_id)

    def merge(self, other: "StageProgress", base: "StageProgress") -> None:
        """Take in what ``other`` holds: its step where this one is still at ``base``, and every exercise done."""
        if self.next_step == base.next_step:
            self.next_step = other.next_step
        self.solved += [exercise for exercise in other.solved if exercise not in self.solved]
        self.shown = [exercise for exercise in dict.fromkeys(self.shown + other.shown) if exercise not in self.solved]


@dataclass
class Progress:
    """Every stage's progress, and the stage the learner was last in."""

    current: str = ""
    stages: dict[str, StageProgress] = field(default_factory=dict)

    def stage(self, stage_id: str) -> StageProgress:
        return self.stages.setdefault(stage_id, StageProgress())

    def merge(self, saved: "Progress", base: "Progress") -> None:
        """Take in what another session saved since ``base`` was read; what this one changed wins."""
        if self.current == base.current:
            self.current = saved.current
        for stage_id, stage in saved.stages.items():
            self.stage(stage_id).merge(stage, base.stages.get(stage_id, StageProgress()))

    def copy(self) -> "Progress":
        return Progress.from_data(self.to_data())

    def to_data(self) -> dict[str, Any]:
        return {
            "version": VERSION,
            "current": self.current,
            "stages": {key: {"next_step": s.next_step, "solved": s.solved, "shown": s.shown}
                       for key, s in self.stages.items()},
        }

    @classmethod
    def from_data(cls, data: Any) -> "Progress":
        """Read the saved form; ``ValueError`` if it is not what ``to_data`` writes."""
        if not isinstance(data, dict) or data.get("version") != VERSION:
            raise ValueError(_("not a progress record of this version"))
        current = data.get("current", "")
        stages = data.get("stages", {})
        if not isinstance(current, str) or not isinstance(stages, dict):
            raise ValueError(_("'current' or 'stages' has the wrong type"))
        progress = cls(current=current)
        for key, value in stages.items():
            if not isinstance(value, dict):
                raise ValueError(_("stage {key!r} is not a mapping").format(key=key))
            step, solved, shown = value.get("next_step", 0), value.get("solved", []), value.get("shown", [])
            if not isinstance(step, int) or step < 0 or isinstance(step, bool):
                raise ValueError(_("stage {key!r} has a bad step number").format(key=key))
            if not all(isinstance(x, list) and all(isinstance(i, str) for i in x) for x in (solved, shown)):
                raise ValueError(_("stage {key!r} has bad exercise lists").format(key=key))
            progress.stages[str(key)] = StageProgress(step, list(solved), list(shown))
        return progress


class ProgressStore:
    """Loads and saves ``Progress`` in ``directory/progress.json``."""

    def __init__(self, directory: Path | None = None):
        self.directory = directory if directory is not None else data_dir()
        self.path = self.directory / FILE_NAME
        self._base = Progress()  # the progress as last read or written here: what another session changed since


    def load(self) -> Progress:
        """The saved progress; a fresh one when nothing is saved yet."""
        progress = self._read()
        self._base = progress.copy()
        return progress

    def _read(self) -> Progress:
        try:
            raw = read_regular_file(self.path, MAX_FILE_BYTES)
        except (FileNotFoundError, NotADirectoryError):
            return Progress()  # nothing saved yet (a save will say if the folder is unusable)
        except (NotARegularFile, FileTooLarge) as error:
            raise self._damaged(str(error)) from None
        except OSError as error:
            raise ProgressError(_("cannot read the progress file {path}: {problem}").format(
                path=self.path, problem=error.strerror or error)) from None
        try:
            return Progress.from_data(json.loads(raw.decode("utf-8")))
        except (ValueError, UnicodeDecodeError, RecursionError) as error:
            reason = _("nested too deeply") if isinstance(error, RecursionError) else str(error)
            raise self._damaged(reason) from None

    def _damaged(self, reason: str) -> ProgressError:
        return ProgressError(_("the progress file {path} is damaged ({reason}); run 'tutor learn --reset' to start "
                               "afresh").format(path=self.path, reason=reason))

    def save(self, progress: Progress) -> None:
        """Merge what is saved into ``progress`` under the lock, and write the union atomically.

        A damaged file on disk raises ``ProgressError`` and is left as it is.
        """
        try:
            self.directory.mkdir(parents=True, exist_ok=True)
            with self._locked():
                progress.merge(self._read(), self._base)
                self._remove_stale_temporaries()
                self._write(json.dumps(progress.to_data(), indent=2) + "\n")
                self._base = progress.copy()
        except ProgressError:
            raise
        except OSError as error:
            raise ProgressError(_("cannot save progress in {folder}: {problem}").format(
                folder=self.directory, problem=error.strerror or error)) from None

    @contextlib.contextmanager
    def _locked(self) -> Iterator[None]:
        """Hold a lock on the directory: one save at a time, across processes (where the system can lock)."""
        try:
            import fcntl
        except ImportError:  # no advisory locks here: the re-read just before writing still merges
            yield
            return
        directory = os.open(self.directory, os.O_RDONLY)
        try:
            fcntl.flock(directory, fcntl.LOCK_EX)
            yield
        finally:
            os.close(directory)  # closing lets the lock go

    def _remove_stale_temporaries(self) -> None:
        """Temporary files of saves that were killed: under the lock, no save is writing one."""
        for stale in self.directory.glob(f"{TEMPORARY_PREFIX}*{TEMPORARY_SUFFIX}"):
            with contextlib.suppress(OSError):
                stale.unlink()

    def _write(self, text: str) -> None:
        """A temporary file with the old file's permissions, then a rename over the old file."""
        handle, temporary = tempfile.mkstemp(prefix=TEMPORARY_PREFIX, suffix=TEMPORARY_SUFFIX, dir=self.directory)
        try:
            with os.fdopen(handle, "w", encoding="utf-8") as file:
                file.write(text)
                file.flush()
                os.fsync(file.fileno())
            os.chmod(temporary, self._mode())
            os.replace(temporary, self.path)
            temporary = None
        finally:
            if temporary is not None:
                with contextlib.suppress(OSError):
                    os.unlink(temporary)

    def _mode(self) -> int:
        """The permissions the file has, or those a new file gets (0666 less the umask)."""
        try:
            return self.path.stat().st_mode & 0o7777
        except FileNotFoundError:
            umask = os.umask(0)
            os.umask(umask)
            return 0o666 & ~umask

    def reset(self) -> bool:
        """Forget all progress; True if there was any."""
        try:
            self.path.unlink()
            return True
        except (FileNotFoundError, NotADirectoryError):
            return False
        except OSError as error:
            raise ProgressError(_("cannot remove the progress file {path}: {problem}").format(
                path=self.path, problem=error.strerror or error)) from None
