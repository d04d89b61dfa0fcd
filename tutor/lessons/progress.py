"""The learner's progress, kept in one JSON file in the user's data directory.

The directory is ``$SKIPBO_TUTOR_HOME`` when set, else the platform's data
directory for ``skipbo-tutor``. Every save writes a temporary file next to
the real one and renames it over, so an interrupted save leaves the old file
whole.
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

HOME_VARIABLE = "SKIPBO_TUTOR_HOME"
FILE_NAME = "progress.json"
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


@dataclass
class Progress:
    """Every stage's progress, and the stage the learner was last in."""

    current: str = ""
    stages: dict[str, StageProgress] = field(default_factory=dict)

    def stage(self, stage_id: str) -> StageProgress:
        return self.stages.setdefault(stage_id, StageProgress())

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
            raise ValueError("not a progress record of this version")
        current = data.get("current", "")
        stages = data.get("stages", {})
        if not isinstance(current, str) or not isinstance(stages, dict):
            raise ValueError("'current' or 'stages' has the wrong type")
        progress = cls(current=current)
        for key, value in stages.items():
            if not isinstance(value, dict):
                raise ValueError(f"stage {key!r} is not a mapping")
            step, solved, shown = value.get("next_step", 0), value.get("solved", []), value.get("shown", [])
            if not isinstance(step, int) or step < 0 or isinstance(step, bool):
                raise ValueError(f"stage {key!r} has a bad step number")
            if not all(isinstance(x, list) and all(isinstance(i, str) for i in x) for x in (solved, shown)):
                raise ValueError(f"stage {key!r} has bad exercise lists")
            progress.stages[str(key)] = StageProgress(step, list(solved), list(shown))
        return progress


class ProgressStore:
    """Loads and saves ``Progress`` in ``directory/progress.json``."""

    def __init__(self, directory: Path | None = None):
        self.directory = directory if directory is not None else data_dir()
        self.path = self.directory / FILE_NAME

    def load(self) -> Progress:
        """The saved progress; a fresh one when nothing is saved yet."""
        try:
            text = self.path.read_text(encoding="utf-8")
        except (FileNotFoundError, NotADirectoryError):
            return Progress()  # nothing saved yet (a save will say if the folder is unusable)
        except OSError as error:
            raise ProgressError(f"cannot read the progress file {self.path}: {error.strerror or error}") from None
        try:
            return Progress.from_data(json.loads(text))
        except (ValueError, UnicodeDecodeError) as error:
            raise ProgressError(
                f"the progress file {self.path} is damaged ({error}); "
                "run 'tutor learn --reset' to start afresh") from None

    def save(self, progress: Progress) -> None:
        """Write atomically: a temporary file in the same directory, then a rename over the old one."""
        text = json.dumps(progress.to_data(), indent=2) + "\n"
        temporary = None
        try:
            self.directory.mkdir(parents=True, exist_ok=True)
            handle, temporary = tempfile.mkstemp(prefix=".progress-", suffix=".tmp", dir=self.directory)
            with os.fdopen(handle, "w", encoding="utf-8") as file:
                file.write(text)
                file.flush()
                os.fsync(file.fileno())
            os.replace(temporary, self.path)
            temporary = None
        except OSError as error:
            raise ProgressError(f"cannot save progress in {self.directory}: {error.strerror or error}") from None
        finally:
            if temporary is not None:
                with contextlib.suppress(OSError):
                    os.unlink(temporary)

    def reset(self) -> bool:
        """Forget all progress; True if there was any."""
        try:
            self.path.unlink()
            return True
        except (FileNotFoundError, NotADirectoryError):
            return False
        except OSError as error:
            raise ProgressError(f"cannot remove the progress file {self.path}: {error.strerror or error}") from None
