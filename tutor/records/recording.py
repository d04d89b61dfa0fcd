"""Writing a round down while it is played: the moves as the record keeps them, and the shuffles.

``RoundRecorder.observe(before, move, after)`` is called with every move
applied to the table. A draw is kept naming the cards it drew, and a play
that empties the hand is followed by a draw naming the refill, so the record
shows what each player drew. Completed piles shuffled into a new draw pile go
through ``RecordingShuffler``, which keeps each new pile's order.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any, Optional

from ..engine.cards import Card
from ..engine.moves import Draw, Move, Transfer
from ..engine.rules import Source, resolve_source
from ..engine.scoring import score_round
from ..engine.state import GameState, Phase
from .model import Result, RoundRecord, TurnRecord


class RecordingShuffler:
    """A random number generator that keeps the order of every pile it shuffles.

    It does everything ``rng`` does (bots may use it too), so a game played
    through it goes exactly as it would have without it.
    """

    def __init__(self, rng: random.Random, shuffles: list[tuple[Card, ...]]):
        self._rng = rng
        self.shuffles = shuffles

    def shuffle(self, cards: list) -> None:
        self._rng.shuffle(cards)
        self.shuffles.append(tuple(cards))

    def __getattr__(self, name: str) -> Any:
        return getattr(self._rng, name)


class SeededShuffler:
    """Shuffles a round's ``n``-th new draw pile from the round's seed and ``n`` alone.

    A game resumed from its record shuffles exactly as the uninterrupted game
    would. Everything else a random number generator does is left to ``rng``
    (the bots').
    """

    def __init__(self, seed: int, shuffles: list[tuple[Card, ...]], rng: random.Random):
        self.seed = seed
        self.shuffles = shuffles
        self._rng = rng

    def shuffle(self, cards: list) -> None:
        random.Random(f"{self.seed}/{len(self.shuffles)}").shuffle(cards)
        self.shuffles.append(tuple(cards))

    def __getattr__(self, name: str) -> Any:
        return getattr(self._rng, name)


def drawn_cards(state: GameState) -> tuple[Card, ...]:
    """The cards the last move drew into the mover's hand (all seen by the program)."""
    return tuple(state.mover.hand[len(state.mover.hand) - state.drawn:]) if state.drawn else ()


def kept_moves(before: GameState, move: Move, after: GameState) -> list[Move]:
    """``move`` as the record keeps it: every card named (draws too), a refill named after the play."""
    if isinstance(move, Draw):
        return [Draw(drawn_cards(after))]
    if isinstance(move, Transfer) and move.card is None:
        source = resolve_source(before, move)
        if isinstance(source, Source) and source.card is not None:
            move = replace(move, card=source.card)
    if isinstance(move, Transfer) and not move.is_discard and after.phase is Phase.PLAY and after.drawn:
        return [move, Draw(drawn_cards(after))]
    return [move]


def round_result(state: GameState, finished: Optional[bool] = None) -> Result:
    """The result of a round that ended in ``state`` (or was stopped there)."""
    score = score_round(state)
    names = [player.name for player in state.players]
    return Result(
        tuple(names[seat] for seat in state.winners or ()),
        {player.name: len(player.stock) for player in state.players},
        score.points if score else 0,
        state.phase is Phase.OVER if finished is None else finished,
    )


class RoundRecorder:
    """Adds the moves it is shown to ``record``."""

    def __init__(self, record: RoundRecord):
        self.record = record

    def observe(self, before: GameState, move: Move, after: GameState) -> None:
        if before.phase is Phase.START or not self.record.turns:
            self.record.turns.append(TurnRecord(before.mover.name))
        self.record.turns[-1].moves.extend(kept_moves(before, move, after))

    def finish(self, state: GameState) -> RoundRecord:
        self.record.result = round_result(state)
        return self.record
