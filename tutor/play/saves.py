"""Where ``tutor play`` keeps its files: the saved game and the records of finished games.

Both live in the tutor's data directory (``$SKIPBO_TUTOR_HOME`` when set):
``saved-game.yaml`` is the record of the game in progress, rewritten
atomically after every move, and ``records/`` holds one record per finished
game. The saved game is an ordinary record (docs/records.md); a sealed
snapshot next to it lets a long match resume fast (``snapshot``).
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Optional

from ..lessons.progress import data_dir
from ..records.files import read_record, write_record
from ..records.model import GameRecord
from . import snapshot

SAVE_NAME = "saved-game.yaml"
RECORDS = "records"


class SaveStore:
    """The saved game and the finished records under ``directory``."""

    def __init__(self, directory: Optional[Path] = None):
        self.directory = directory if directory is not None else data_dir()
        self.path = self.directory / SAVE_NAME

    def exists(self) -> bool:
        return self.path.is_file()

    def load(self) -> GameRecord:
        """The saved game (``RecordError`` if it is damaged or does not replay).

        A save the tutor wrote itself, unchanged since, is taken from its snapshot without replaying it.
        """
        return snapshot.trusted_record(self.path) or read_record(self.path)

    def save(self, record: GameRecord) -> None:
        """Rewrite the saved game atomically (``OSError`` if the folder is unusable)."""
        write_record(self.path, record)
        snapshot.seal(self.path, record)

    def discard(self) -> None:
        snapshot.drop(self.path)
        self.path.unlink(missing_ok=True)

    def keep_finished(self, record: GameRecord, path: Optional[Path] = None) -> Path:
        """Write a finished game's record (to ``path``, or a new file under ``records/``) and drop the save."""
        if path is None:
            stamp = time.strftime("%Y%m%d-%H%M%S")
            path = self.directory / RECORDS / f"game-{stamp}.yaml"
            number = 1
            while path.exists():
                number += 1
                path = self.directory / RECORDS / f"game-{stamp}-{number}.yaml"
        write_record(path, record)
        self.discard()
        return path
