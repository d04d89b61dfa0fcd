"""A sealed snapshot of the saved game, so that a long match resumes without replaying what the tutor played.

The saved game (``saved-game.yaml``) is an ordinary record, and a record
from anywhere is read in full: every value checked, every move of every
round ruled on again. For a match of hundreds of rounds that takes seconds.
So next to each save the tutor writes ``saved-game.snapshot``: the
record as JSON (its moves as plain fields rather than notation, which is
slow to read back), the SHA-256 of the YAML file as written, and an
HMAC-SHA-256 of both under a secret key of this installation
(``snapshot.key`` in the same folder, readable by its owner alone).

On resume the snapshot is used only when its seal is right under this
key and the YAML file is byte for byte the one it was written with. Then
every round it holds was played, move by move, through the rules by the
tutor itself: the record is rebuilt from the JSON without its checks, and
only the round in play is replayed (as ``Game.resume`` does). A YAML file
edited by hand, a save copied in from elsewhere, a snapshot changed or
sealed by another key: each is read the long way, with every check.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import json
import os
import secrets
from pathlib import Path
from typing import Any, Optional

from ..engine.moves import Draw, EndTurn, Move, PileKind, Place, Transfer
from ..files.writing import write_atomically
from ..records.files import RECORD_LIMITS
from ..records.model import GameRecord, Result, RoundRecord, TurnRecord, Undo, record_from_data
from ..files.reading import read_regular_file

SUFFIX = ".snapshot"
KEY_NAME = "snapshot.key"
KEY_BYTES = 32


def snapshot_path(save: Path) -> Path:
    return save.with_suffix(SUFFIX)


def seal(save: Path, record: GameRecord) -> Optional[str]:
    """Write the snapshot of ``record``, just written to ``save``, and give the save's SHA-256; on any failure
    leave none behind and give None.

    The snapshot only saves time: a folder that refuses it costs the next
    resume its speed, never the game.
    """
    target = snapshot_path(save)
    try:
        key = installation_key(save.parent)
        digest = save_digest(save)
        body = json.dumps(_snapshot_data(record), separators=(",", ":"))  # ASCII: its bytes are its UTF-8
        write_atomically(target, f"{_tag(key, digest, body.encode())}\n{digest}\n{body}")
    except (OSError, ValueError):
        drop(save)
        return None
    return digest


def save_digest(save: Path) -> str:
    """The SHA-256 of the save file as it stands (``OSError`` if it cannot be read)."""
    return hashlib.sha256(read_regular_file(save, RECORD_LIMITS.max_bytes)).hexdigest()


def trusted_record(save: Path) -> Optional[GameRecord]:
    """The record in ``save`` as its sealed snapshot holds it, or None when the snapshot cannot vouch for it."""
    try:
        key = installation_key(save.parent, create=False)
        if key is None:
            return None
        sealed = read_regular_file(snapshot_path(save), 2 * RECORD_LIMITS.max_bytes, follow_link=False)
        tag, digest, body = sealed.split(b"\n", 2)
        if not hmac.compare_digest(tag.decode(), _tag(key, digest.decode(), body)):
            return None
        if not hmac.compare_digest(digest.decode(), save_digest(save)):
            return None
        return _rebuilt(json.loads(body))
    except (OSError, ValueError, KeyError, TypeError):
        return None


def drop(save: Path) -> None:
    """Remove the snapshot of ``save`` (when the save goes, or could not be sealed)."""
    with contextlib.suppress(OSError):
        snapshot_path(save).unlink(missing_ok=True)


def _tag(key: bytes, digest: str, body: bytes) -> str:
    return hmac.new(key, digest.encode() + b"\n" + body, hashlib.sha256).hexdigest()


def installation_key(folder: Path, create: bool = True) -> Optional[bytes]:
    """This installation's secret key, made on first use (None when there is none and ``create`` is false)."""
    path = folder / KEY_NAME
    try:
        key = read_regular_file(path, KEY_BYTES, follow_link=False)
    except FileNotFoundError:
        if not create:
            return None
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(descriptor, "wb") as out:
            out.write(secrets.token_bytes(KEY_BYTES))
        key = read_regular_file(path, KEY_BYTES, follow_link=False)
    if len(key) != KEY_BYTES:
        raise ValueError(f"{path} is not a key")
    return key


def _snapshot_data(record: GameRecord) -> dict[str, Any]:
    """The record as JSON data: its different moves listed once, as plain fields, and the turns numbering them."""
    numbers: dict[Move, int] = {}

    def number(move: Move) -> int:
        return numbers.setdefault(move, len(numbers))

    rounds = [{"seed": played.seed, "shuffles": played.shuffles,
               "turns": [[turn.player, [number(move) for move in turn.moves],
                          [[number(undo.move), undo.at] for undo in turn.undone]] for turn in played.turns],
               "result": result_data(played.result)}
              for played in record.rounds]
    return {"record": GameRecord(record.setup, [], record.coach).to_data(),
            "moves": [move_data(move) for move in numbers], "rounds": rounds}


def result_data(result: Optional[Result]) -> Optional[dict[str, Any]]:
    """A round's result (or None while it is played) as JSON data."""
    return result and {"winners": result.winners, "stocks": result.stocks, "points": result.points,
                       "finished": result.finished}


def result_from_data(data: Optional[dict[str, Any]]) -> Optional[Result]:
    if data is None:
        return None
    return Result(tuple(data["winners"]), data["stocks"], data["points"], data["finished"])


def move_data(move: Move) -> list:
    """A move as JSON data: plain fields, quick to read back (``move_from_data``)."""
    if isinstance(move, Transfer):
        source, target = move.source, move.target
        return [source.kind, source.number, source.owner, target.kind, target.number, target.owner, move.card]
    if isinstance(move, Draw):
        return ["draw", move.cards, move.count]
    return ["end"]


def _rebuilt(data: dict[str, Any]) -> GameRecord:
    """The record from the data of a sealed snapshot: the setup checked as usual, the rounds taken as written."""
    record, problems = record_from_data({**data["record"], "rounds": [{"seed": 0, "turns": []}]})
    if record is None:
        raise ValueError(problems[0])
    moves = [move_from_data(fields) for fields in data["moves"]]
    record.rounds = [_round(played, moves) for played in data["rounds"]]
    return record


def move_from_data(fields: list) -> Move:
    kind, *fields = fields
    if kind == "draw":
        cards, count = fields
        return Draw(tuple(cards), count)
    if kind == "end":
        return EndTurn()
    number, owner, target, target_number, target_owner, card = fields
    return Transfer(Place(PileKind(kind), number, owner), Place(PileKind(target), target_number, target_owner), card)


def _round(data: dict[str, Any], moves: list[Move]) -> RoundRecord:
    turns = [TurnRecord(player, [moves[number] for number in numbers], [Undo(moves[number], at) for number, at in undone])
             for player, numbers, undone in data["turns"]]
    shuffles = [tuple(cards) for cards in data["shuffles"]]
    return RoundRecord(data["seed"], turns, shuffles, result_from_data(data["result"]))
