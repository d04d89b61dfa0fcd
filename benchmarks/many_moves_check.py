"""How long ``tutor check`` takes to judge every move of a long turn.

A long turn is built from a hard position (wild cards in hand, runs on every
discard pile, an SB on a discard top): the refills are chosen so that the
turn goes on, 72 hand plays in all. Two figures are measured in one run:

- the baseline: each move judged on its own, one turn search per move
  (``assess_move``, as ``tutor check`` did before searches were shared);
- the shared searches of ``tutor check`` (``Judge``), and the whole command
  as a player runs it (``python -m tutor check FILE MOVE... --json``, with
  Python's compiled modules cached, as an installed package has them).

Each runs in a fresh process (so no cache is warm for one and cold for the
other). Three positions, all measured by default: ``two`` players, ``five``
players (long runs on all four discard piles, two SBs in hand, an SB on the
stock: the first search is cut by the node budget) and ``team`` (both
partners' discard runs: every search is cut by the node budget).

The verdicts of the two ways must be the same for every move: the benchmark
fails on any difference. The command searches at most ``CHECK_POSITIONS``
positions in all; the moves past them are ruled on but not graded. The
benchmark prints how many it graded, and fails when the verdict of a graded
move differs from the baseline's.

    python benchmarks/many_moves_check.py [--moves 72] [--position two|five|team|all]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path
from typing import NamedTuple

import yaml

from tutor.cli.quality import CHECK_POSITIONS
from tutor.coach.verdicts import Judge, assess_move
from tutor.engine.collector import collector_paused
from tutor.engine.legal import legal_moves
from tutor.engine.moves import PileKind, Transfer
from tutor.engine.notation import format_move, parse_move
from tutor.engine.play import apply_move
from tutor.engine.position import position_from_data
from tutor.engine.state import BUILD_SLOTS, COMPLETE_AT

ROOT = Path(__file__).resolve().parent.parent
YOU = {"name": "you", "stock": {"top": 12, "count": 11}, "hand": ["SB", "SB", "SB", 4, 9],
       "discards": [[11, 10, 9, "SB"], [8, 7, 6], [7, 6, 5, 4, 3], [12, 11]]}
TWO_PLAYERS = {
    "title": "A long turn: wild cards in hand, runs on every discard pile",
    "build": [1, 3, 5, 8],
    "players": [YOU, {"name": "Anna", "stock": {"top": 6, "count": 11}, "hand": 5, "discards": [[9]]}],
}
TEAM = {
    "title": "A long team turn: wild cards in hand, runs on both partners' discard piles",
    "rules": {"teams": [["you", "Bo"], ["Cleo", "Dan"]]},
    "build": [1, 3, 5, 8],
    "players": [
        {**YOU, "discards": [[11, 10, 9], [8, 7, 6], [7, 6, 5, 4, 3], [12, 11]]},
        {"name": "Cleo", "stock": {"top": 6, "count": 5}, "hand": 5},
        {"name": "Bo", "stock": {"top": 2, "count": 11}, "hand": 5,
         "discards": [[9, 8, 7], [6, 5, 4], [12, 11, 10], ["SB"]]},
        {"name": "Dan", "stock": {"top": 9, "count": 5}, "hand": 5},
    ],
}
FIVE_PLAYERS = {
    "title": "A long five-player turn: two SBs in hand, one on the stock, long runs on every discard pile",
    "build": [1, 3, 6, 8],
    "players": [
        {"name": "you", "stock": {"top": "SB", "count": 6}, "hand": ["SB", "SB", 4, 9, 7],
         "discards": [[12, 11, 10, 9], [11, 10, 9, 8, 7], [10, 9, 8, 7, 6], [7, 6, 5, 4, 3]]},
        {"name": "Anna", "stock": {"top": 6, "count": 6}, "hand": 5, "discards": [[9]]},
        {"name": "Bo", "stock": {"top": 10, "count": 5}, "hand": 5, "discards": [[4]]},
        {"name": "Cleo", "stock": {"top": 3, "count": 6}, "hand": 5},
        {"name": "Dan", "stock": {"top": 12, "count": 3}, "hand": 5, "discards": [[7], [2]]},
    ],
}
POSITIONS = {"two": TWO_PLAYERS, "five": FIVE_PLAYERS, "team": TEAM}
DRAW_PILE = 70


def long_turn(data: dict, length: int) -> tuple[dict, list[str]]:
    """The scenario (its draw pile fixed) and ``length`` hand plays of one turn.

    Natural cards are played first, lowest first, wild cards last; each
    refill brings a wild card and four cards that fit the build piles.
    """
    data = {**data, "draw_pile": DRAW_PILE}
    state = position_from_data(data)
    drawn: list = []
    moves: list[str] = []
    while len(moves) < length:
        plays = [move for move in legal_moves(state) if isinstance(move, Transfer) and not move.is_discard
                 and move.source.kind is PileKind.HAND]
        natural = sorted((move for move in plays if move.card != 0), key=lambda move: (move.card, move.target.number))
        move = (natural or sorted(plays, key=lambda move: move.target.number))[0]
        if len(state.mover.hand) == 1:
            cards = _refill(state, move)
            drawn += cards
            state = replace(state, draw_pile=state.draw_pile[:-5] + tuple(reversed(cards)))
        moves.append(format_move(move))
        state = apply_move(state, move).state
    data["draw_pile"] = {"count": DRAW_PILE, "next": ["SB" if card == 0 else card for card in drawn]}
    return data, moves


def _refill(state, move: Transfer) -> list[int]:
    """An SB, three cards that climb the lowest build pile after ``move``, and one for the next lowest."""
    builds = [state.build_value(slot) for slot in range(BUILD_SLOTS)]
    builds[move.target.number - 1] = (builds[move.target.number - 1] + 1) % COMPLETE_AT
    low, other = sorted(range(BUILD_SLOTS), key=lambda slot: builds[slot])[:2]
    cards = [builds[low] + 1, builds[low] + 2, builds[low] + 3, builds[other] + 1]
    return [0] + [(card - 1) % COMPLETE_AT + 1 for card in cards]


class Seconds(NamedTuple):
    """A time measured twice: on the wall clock, and in processor time (steadier on a loaded machine)."""

    wall: float
    processor: float


def _children_processor() -> float:
    """The processor time used so far by the child processes that have ended."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


@collector_paused()
def judged(data: dict, moves: list[str], judge) -> tuple[Seconds, list[dict]]:
    """Seconds to judge every move with ``judge(state, move)``, and the verdicts (the collector held off, as
    ``tutor check`` holds it off while it rules)."""
    state = position_from_data(data)
    verdicts = []
    wall = processor = 0.0
    for text in moves:
        move = parse_move(text)
        start, started = time.perf_counter(), time.process_time()
        verdicts.append(judge(state, move).to_json())
        wall += time.perf_counter() - start
        processor += time.process_time() - started
        state = apply_move(state, move).state
    return Seconds(wall, processor), verdicts


def command_seconds(data: dict, moves: list[str]) -> tuple[Seconds, list[dict]]:
    """The time of ``tutor check`` on ``moves`` as a player runs it, and the moves of its JSON: Python's compiled
    modules cached (as an installed package has them), by a first, untimed run of the check of one move."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder, "turn.yaml")
        path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
        environment = {**os.environ, "PYTHONPYCACHEPREFIX": str(Path(folder, "compiled"))}
        environment.pop("PYTHONDONTWRITEBYTECODE", None)
        command = [sys.executable, "-m", "tutor", "check", str(path), "--json"]
        subprocess.run([*command, moves[0]], cwd=ROOT, env=environment, stdout=subprocess.DEVNULL, check=True)
        start, started = time.perf_counter(), _children_processor()
        result = subprocess.run([*command, *moves], cwd=ROOT, env=environment, capture_output=True, text=True,
                                check=True)
        seconds = Seconds(time.perf_counter() - start, _children_processor() - started)
        return seconds, json.loads(result.stdout)["moves"]


def measured_apart(way: str, position: str, moves: int) -> tuple[Seconds, list[dict]]:
    """Seconds and verdicts of judging the turn ``way`` (baseline or shared), in a fresh process."""
    command = [sys.executable, __file__, "--moves", str(moves), "--measure", way, "--position", position]
    result = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=True)
    measured = json.loads(result.stdout)
    return Seconds(*measured["seconds"]), measured["verdicts"]


def measure(position: str, moves: int) -> None:
    data, turn = long_turn(POSITIONS[position], moves)
    print(f"{data['title']}: {len(turn)} moves")
    baseline, alone = measured_apart("baseline", position, moves)
    shared, together = measured_apart("shared", position, moves)
    assert alone == together, "shared searches changed a verdict"
    command, ruled = command_seconds(data, turn)
    graded = [entry for entry in ruled if entry.get("graded") is not False]
    for entry, verdict in zip(graded, alone):
        assert {key: entry.get(key) for key in verdict} == verdict, f"{entry['move']}: graded otherwise than alone"
    print("                                   wall time          processor time")
    print(f"one search per move (baseline) : {baseline.wall:7.2f} s          {baseline.processor:7.2f} s")
    for name, seconds in (("shared searches (Judge)       ", shared), ("tutor check, the whole command", command)):
        print(f"{name} : {seconds.wall:7.2f} s  {seconds.wall / baseline.wall:.2f}x  "
              f"{seconds.processor:7.2f} s  {seconds.processor / baseline.processor:.2f}x")
    print(f"tutor check graded {len(graded)} of {len(turn)} moves (at most {CHECK_POSITIONS:,} positions searched)")
    print("target: the whole command under 2 s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--moves", type=int, default=72)
    parser.add_argument("--position", choices=(*POSITIONS, "all"), default="all")
    parser.add_argument("--measure", choices=("baseline", "shared"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.measure:
        data, moves = long_turn(POSITIONS[args.position], args.moves)
        seconds, verdicts = judged(data, moves, assess_move if args.measure == "baseline" else Judge())
        print(json.dumps({"seconds": seconds, "verdicts": verdicts}))
        return
    for position in POSITIONS if args.position == "all" else (args.position,):
        measure(position, args.moves)


if __name__ == "__main__":
    main()
