"""The moves of the game in progress since its save was last written whole: one sealed line per save.

Writing a long match's save whole takes seconds (a match of 400 rounds is
megabytes of YAML), too long to wait after every move. So between whole
writes the tutor appends what changed to ``saved-game.journal`` beside the
save, one line per save, on disk before play goes on. The save is written
whole when a game starts, at the end of a round once the journal has grown
to a quarter of the save's size (or to ``LIMIT``), and when the player
quits; the journal then starts again.

The first line names the SHA-256 of the save the journal continues. Each
later line is an HMAC-SHA-256 tag, under the installation's snapshot key,
of the line before's tag (the first line's: of the save's digest) and of
the line's JSON: the changes to the record since the line before (a round's
turns from a given turn on, its new shuffles, its result; a new round whole).

On resume the journal is read only for the save it names: one left from
before the save was last written whole (a kill between the two writes) is
passed over, as the save holds all it says. A last line cut off by a kill
(no line end) is the move in flight and is dropped. Sealed lines are taken
as the tutor wrote them, as the snapshot is; if a line's tag is wrong (the
journal was edited, or sealed under another key), the whole game, save and
journal together, is checked the long way: every value, every move.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Optional

from ..engine.position import Problem
from ..files.writing import write_atomically
from ..records.files import RECORD_LIMITS, RecordError
from ..records.model import GameRecord, Result, RoundRecord, TurnRecord, Undo, record_from_data
from ..records.replay import ReplayError, replay_game
from ..files.reading import FileTooLarge, read_regular_file
from ..scenario.loader import Located, placed_problems
from . import texts
from .snapshot import installation_key, move_data, move_from_data, result_data, result_from_data, save_digest

SUFFIX = ".journal"
LIMIT = 4 * 2**20  # bytes: past this the save is written whole at the next save, round end or not
SHARE = 4  # at a round end, the save is written whole once the journal holds a quarter of its size


def journal_path(save: Path) -> Path:
    return save.with_suffix(SUFFIX)


@dataclass
class _Mark:
    """How much of the record the save and journal hold: its rounds, and the last one's turns, shuffles, result."""

    rounds: int
    turns: list[tuple] = field(default_factory=list)
    shuffles: int = 0
    result: Optional[Result] = None


class Journal:
    """The journal of the save ``save``: appending a save's changes, and reading them back on resume."""

    def __init__(self, save: Path):
        self.save = save
        self.path = journal_path(save)
        self._digest: Optional[str] = None  # the SHA-256 of the save the journal continues; None: none can
        self._tag: Optional[str] = None  # the last line's tag; None: the journal is not started yet
        self._end = 0  # where its last whole line ends (a line cut off after it is cut away before writing)
        self._base = 0  # the save's size in bytes
        self._mark: Optional[_Mark] = None

    # -- writing -----------------------------------------------------------------------------------

    def restart(self, record: GameRecord, digest: Optional[str]) -> None:
        """The save now holds ``record`` whole, its SHA-256 ``digest`` (None if it could not be sealed)."""
        self.drop()
        self._digest, self._tag, self._end = digest, None, 0
        self._base = _size(self.save)
        self._mark = _mark(record) if digest else None

    def due(self, record: GameRecord) -> bool:
        """True when the save should be written whole now: a round has ended and the journal has grown enough."""
        if self._end >= LIMIT:
            return True
        ended = bool(record.rounds) and record.rounds[-1].result is not None
        return ended and self._end * SHARE >= self._base

    def append(self, record: GameRecord) -> bool:
        """Add what changed in ``record`` since the last save as one line, on disk before this returns.

        False when it cannot (no journal can be kept, the change is not an addition, the folder refuses):
        the save is then to be written whole.
        """
        if self._mark is None or self._digest is None:
            return False
        changes = _changes(self._mark, record)
        if changes is None:
            return False
        if not changes:
            return True
        body = json.dumps(changes, separators=(",", ":"))  # ASCII
        try:
            key = installation_key(self.save.parent)
            if self._tag is None:
                header = json.dumps({"save": self._digest}) + "\n"
                write_atomically(self.path, header)
                self._tag, self._end = _first_tag(key, self._digest), len(header)
            tag = _tag(key, self._tag, body)
            self._write(f"{tag} {body}\n".encode())
        except (OSError, ValueError):
            return False
        self._tag = tag
        self._mark = _mark(record)
        return True

    def _write(self, line: bytes) -> None:
        """Append ``line`` after the last whole line, and flush it to disk."""
        descriptor = os.open(self.path, os.O_WRONLY | os.O_APPEND | getattr(os, "O_NOFOLLOW", 0))
        try:
            if os.fstat(descriptor).st_size != self._end:
                os.ftruncate(descriptor, self._end)
            written = 0
            while written < len(line):
                written += os.write(descriptor, line[written:])
            os.fsync(descriptor)
        finally:
            os.close(descriptor)
        self._end += len(line)

    def drop(self) -> None:
        with contextlib.suppress(OSError):
            self.path.unlink(missing_ok=True)

    # -- reading -----------------------------------------------------------------------------------

    def resumed(self, record: GameRecord) -> GameRecord:
        """``record``, read from the save, with the journal's lines for that save applied (``RecordError``).

        Afterwards new lines go on the same journal.
        """
        self._base = _size(self.save)
        try:
            digest, key = save_digest(self.save), installation_key(self.save.parent, create=False)
        except (OSError, ValueError):
            digest = key = None
        self._digest, self._tag, self._end = digest, None, 0
        lines = self._lines() if digest is not None else []
        if not lines or not _continues(lines[0], digest):
            self._mark = _mark(record)  # no journal, or one the save has taken in already
            return record
        sealed = key is not None
        tag = _first_tag(key, digest) if sealed else ""
        for number, line in enumerate(lines[1:], start=2):
            found, _space, body = line.partition(b" ")
            if sealed:
                tag = _tag(key, tag, body.decode("ascii", "replace"))
                sealed = hmac.compare_digest(found.decode("ascii", "replace"), tag)
            try:
                for change in json.loads(body):
                    _apply(record, change)
            except (ValueError, TypeError, KeyError, IndexError, AttributeError, RecursionError):  # nested too deep
                raise RecordError(str(self.path), [Located(number, 0, self._damaged())]) from None
        if not sealed:  # checked the long way, then written whole at the next save: never journaled on
            self._mark = None
            return self._checked(record)
        self._tag, self._end = tag, sum(len(line) + 1 for line in lines)
        self._mark = _mark(record)
        return record

    def _lines(self) -> list[bytes]:
        """The journal's whole lines (a last line without its end is dropped); none if there is no journal."""
        try:
            data = read_regular_file(self.path, RECORD_LIMITS.max_bytes, follow_link=False)
        except FileNotFoundError:
            return []
        except FileTooLarge:
            raise RecordError(str(self.path), [Located(0, 0, texts.JOURNAL_TOO_LARGE.format(
                size=RECORD_LIMITS.max_bytes // 2**20))]) from None
        except OSError as error:
            raise RecordError(str(self.path), [Located(0, 0, texts.JOURNAL_UNREADABLE.format(
                problem=error.strerror or error))]) from None
        return data.split(b"\n")[:-1]

    def _checked(self, record: GameRecord) -> GameRecord:
        """The game of a journal without the tutor's seal, checked as a record from anywhere is."""
        try:
            checked, problems = record_from_data(record.to_data())
        except (ValueError, TypeError, KeyError, IndexError, AttributeError):
            checked, problems = None, []
        if checked is None:
            raise RecordError(str(self.path), placed_problems(problems, {}) or [Located(0, 0, self._damaged())])
        try:
            replay_game(checked)
        except ReplayError as error:
            raise RecordError(str(self.path), placed_problems([Problem(error.path, str(error))], {})) from None
        return checked

    def _damaged(self) -> str:
        return texts.JOURNAL_DAMAGED.format(path=self.path)


def _continues(header: bytes, digest: str) -> bool:
    """True when the journal's first line names the save of SHA-256 ``digest``."""
    try:
        return json.loads(header) == {"save": digest}
    except (ValueError, RecursionError):
        return False


def _first_tag(key: bytes, digest: str) -> str:
    return hmac.new(key, digest.encode(), hashlib.sha256).hexdigest()


def _tag(key: bytes, before: str, body: str) -> str:
    return hmac.new(key, f"{before}\n{body}".encode(), hashlib.sha256).hexdigest()


def _size(path: Path) -> int:
    try:
        return path.stat().st_size
    except OSError:
        return 0


def _turn_key(turn: TurnRecord) -> tuple:
    return turn.player, tuple(turn.moves), tuple(turn.undone)


def _mark(record: GameRecord) -> _Mark:
    if not record.rounds:
        return _Mark(0)
    last = record.rounds[-1]
    return _Mark(len(record.rounds), [_turn_key(turn) for turn in last.turns], len(last.shuffles), last.result)


def _changes(mark: _Mark, record: GameRecord) -> Optional[list[dict[str, Any]]]:
    """What ``record`` adds to what ``mark`` holds, or None when it is not an addition to the last round and
    new rounds after it."""
    if not mark.rounds or len(record.rounds) < mark.rounds:
        return None
    played = record.rounds[mark.rounds - 1]
    turns = [_turn_key(turn) for turn in played.turns]
    first = next((at for at, (old, new) in enumerate(zip(mark.turns, turns)) if old != new),
                 min(len(mark.turns), len(turns)))
    shuffles = mark.shuffles if len(played.shuffles) >= mark.shuffles else 0
    changes = []
    if first < max(len(turns), len(mark.turns)) or shuffles < len(played.shuffles) or played.result != mark.result:
        changes.append(_change(mark.rounds - 1, played, first, shuffles))
    changes += [_change(number, record.rounds[number], 0, 0) for number in range(mark.rounds, len(record.rounds))]
    return changes


def _change(number: int, played: RoundRecord, first: int, shuffles: int) -> dict[str, Any]:
    """Round ``number`` from its turn ``first`` and shuffle ``shuffles`` on, as JSON data."""
    return {"round": number, "seed": played.seed, "turns_from": first,
            "turns": [[turn.player, [move_data(move) for move in turn.moves],
                       [[move_data(undo.move), undo.at] for undo in turn.undone]] for turn in played.turns[first:]],
            "shuffles_from": shuffles, "shuffles": [list(cards) for cards in played.shuffles[shuffles:]],
            "result": result_data(played.result)}


def _apply(record: GameRecord, change: dict[str, Any]) -> None:
    """Make round ``change["round"]`` of ``record`` what the change says (``ValueError`` if it cannot be)."""
    number = change["round"]
    if not 0 <= number <= len(record.rounds):
        raise ValueError(f"no round {number}")
    if number == len(record.rounds):
        record.rounds.append(RoundRecord(change["seed"]))
    del record.rounds[number + 1:]
    played = record.rounds[number]
    first, shuffles = change["turns_from"], change["shuffles_from"]
    if not (0 <= first <= len(played.turns) and 0 <= shuffles <= len(played.shuffles)):
        raise ValueError("a change after the end of the round")
    played.turns[first:] = [TurnRecord(player, [move_from_data(move) for move in moves],
                                       [Undo(move_from_data(move), at) for move, at in undone])
                            for player, moves, undone in change["turns"]]
    played.shuffles[shuffles:] = [tuple(cards) for cards in change["shuffles"]]
    played.result = result_from_data(change["result"])
