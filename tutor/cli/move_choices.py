"""The legal moves as a player chooses among them: numbered groups, and the words Tab completes.

``move_groups`` numbers the list that ``?`` shows in ``tutor learn`` and
``tutor play`` (a number picks a move); ``typed_moves`` are the same moves in
the notation the reader reads, offered by Tab at the move prompt.
"""

from __future__ import annotations

from ..engine.legal import legal_moves
from ..engine.moves import Move, PileKind, Transfer
from ..engine.reading import written
from ..engine.state import GameState


def move_groups(state: GameState) -> list[list[Move]]:
    """The legal moves, those that differ only in which empty pile they go to grouped together.

    Opening any free build slot, or discarding onto any empty discard pile, leaves the same
    game; the first move of a group stands for it.
    """
    groups: dict[object, list] = {}
    for move in legal_moves(state):
        key: object = move
        if isinstance(move, Transfer) and move.target.owner is None:
            target = move.target
            empty = (state.build[target.number - 1] is None if target.kind is PileKind.BUILD
                     else not state.mover.discards[target.number - 1])
            if empty:
                key = (move.source, move.card, target.kind)
        groups.setdefault(key, []).append(move)
    return list(groups.values())


def typed_moves(state: GameState) -> list[str]:
    """Every legal move in the notation the reader reads, each once, in the order of ``legal_moves``."""
    return list(dict.fromkeys(written(state, move) for move in legal_moves(state)))
