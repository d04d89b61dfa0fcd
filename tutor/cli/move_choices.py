"""The legal moves as a player chooses among them: numbered groups, and the words Tab completes.

``move_groups`` numbers the list that ``?`` shows in ``tutor learn`` and
``tutor play`` (a number picks a move), ``said_groups`` says each in words
of the language in use; ``typed_moves`` are the same moves in the notation
the reader reads, offered by Tab at the move prompt.
"""

from __future__ import annotations

from ..engine.legal import legal_moves
from ..engine.moves import Move, PileKind, Transfer
from ..engine.reading import AmbiguousMove, written
from ..engine.state import GameState
from ..play import texts
from ..play.words import move_said, move_to_type


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


def said_groups(state: GameState) -> list[tuple[list[Move], str]]:
    """Each group of ``move_groups`` with its words: its first move said as the mover reads it (reading back as
    that move), the piles alike named beside it, and a discard marked as the end of the turn."""
    said = []
    for group in move_groups(state):
        move = group[0]
        words = move_said(state, move)
        if len(group) > 1:
            words = texts.MOVES_ALIKE.format(move=words, piles=any_of([m.target.number for m in group[1:]]))
        if isinstance(move, Transfer) and move.is_discard:
            words = texts.MOVES_ENDS.format(move=words)
        said.append((group, words))
    return said


def any_of(items: list) -> str:
    """``2, 3 or 4``, in the language in use."""
    words = [str(item) for item in items]
    if len(words) == 1:
        return words[0]
    return texts.LIST_SEPARATOR.join(words[:-1]) + texts.OR + words[-1]


def ambiguity_said(error: AmbiguousMove) -> str:
    """The message about a move with several readings, the moves to type instead as a player of the language in
    use types them."""
    return error.message_said(lambda move: move_to_type(error.state, move))
