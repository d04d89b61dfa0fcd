"""Record files: reading them with every problem placed at its line, and writing them safely.

A record is written to a temporary file in the same folder, flushed to disk
and renamed over the old one (``files.writing``), so a game interrupted at any
moment leaves either the old record or the new one, never half of one.
"""

from __future__ import annotations

import os
import re
from typing import NamedTuple

import yaml

from ..files.writing import write_atomically
from ..i18n import _
from ..scenario.loader import ScenarioError, YamlLimits, parse_yaml, placed_problems, read_yaml_text
from .model import GameRecord, record_from_data
from .replay import ReplayError, replay_game

# A record is read whole however long its match: the limits fit the longest match tutor play starts
# (see docs/records.md). The longest round seen in bots' play, 2 to 6 players with full stocks, took
# 18 KiB and 1,350 values; a round is given more than twice that.
MAX_ROUNDS = 400  # the most rounds a match may take (engine.scoring.most_rounds)
ROUND_BYTES = 40 * 1024
ROUND_VALUES = 3_000
RECORD_LIMITS = YamlLimits(MAX_ROUNDS * ROUND_BYTES, MAX_ROUNDS * ROUND_VALUES)
# libyaml's safe dumper when present: the same text as PyYAML's own, four times as fast for a long match
_FAST_DUMPER = getattr(yaml, "CSafeDumper", yaml.SafeDumper)


# The layout the tutor writes a record in: the top-level keys at the line start, ``rounds:`` the last, each round an
# item at the line start and everything within it indented.
_ROUNDS_KEY = re.compile(r"^rounds:[ \t]*\n", re.M)
_ROUND_ITEM = re.compile(r"^-(?: |$)", re.M)
_TOP_LEVEL_LINE = re.compile(r"^(?![ \t#\n]|-(?: |$))", re.M)  # a line at the start that is no item of rounds


class RecordOutline(NamedTuple):
    """What a list of records shows of one: its players' names and the number of its rounds."""

    players: tuple[str, ...]
    rounds: int


class RecordError(ScenarioError):
    """A record file that cannot be used, with every problem found (``file:line:column: message``)."""


def read_record(path: str | os.PathLike[str], *, replay: bool = True) -> GameRecord:
    """The record in ``path``, checked, and (``replay``) replayed through the engine."""
    source = str(path)
    try:
        text = read_yaml_text(path, RECORD_LIMITS.max_bytes, _("a game record"),
                              _("{size} MiB").format(size=RECORD_LIMITS.max_bytes // 2**20))
        document = parse_yaml(text, source, RECORD_LIMITS)
    except ScenarioError as error:
        raise RecordError(source, error.problems) from None
    if document.problems:
        raise RecordError(source, list(document.problems))
    data, marks = document.data, document.marks
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


def record_outline(path: str | os.PathLike[str]) -> RecordOutline:
    """The players and the number of rounds of the record in ``path``, for a list of many records.

    A record in the layout the tutor writes is outlined from its header and the lines that start its rounds,
    without reading the rounds, which hold nearly all of it; any other record is read whole
    (``read_record`` without the replay), and a record that cannot be read raises its ``RecordError``.
    """
    source = str(path)
    try:
        text = read_yaml_text(path, RECORD_LIMITS.max_bytes, _("a game record"),
                              _("{size} MiB").format(size=RECORD_LIMITS.max_bytes // 2**20))
    except ScenarioError as error:
        raise RecordError(source, error.problems) from None
    outline = _outline_of_own_layout(text, source)
    if outline is not None:
        return outline
    record = read_record(path, replay=False)
    return RecordOutline(record.setup.names, len(record.rounds))


def _outline_of_own_layout(text: str, source: str) -> RecordOutline | None:
    """The outline read from the header and the rounds' first lines; None unless the text is in the tutor's layout."""
    key = _ROUNDS_KEY.search(text)
    if key is None:
        return None
    rounds_text = text[key.end():]
    rounds = len(_ROUND_ITEM.findall(rounds_text))
    if not rounds or _TOP_LEVEL_LINE.search(rounds_text.rstrip("\n")):
        return None
    document = parse_yaml(text[:key.start()], source, RECORD_LIMITS)
    players = document.data.get("players") if isinstance(document.data, dict) else None
    if document.problems or not isinstance(players, list):
        return None
    names = tuple(seat.get("name") if isinstance(seat, dict) else None for seat in players)
    if not names or not all(isinstance(name, str) for name in names):
        return None
    return RecordOutline(names, rounds)


def record_text(record: GameRecord) -> str:
    """The record as YAML: one block per turn, its moves on one line."""
    return yaml.dump(record.to_data(), Dumper=_FAST_DUMPER, sort_keys=False, default_flow_style=None, width=100,
                     allow_unicode=True)


def write_record(path: str | os.PathLike[str], record: GameRecord) -> None:
    """Write ``record`` to ``path`` atomically (a temporary file renamed over the old one, never through a link);
    missing folders are made."""
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    write_atomically(path, record_text(record))
