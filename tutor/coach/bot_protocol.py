"""What a bot is: the one method the game asks of every computer player, built in (``bots``) or from outside
(``custom_bots``)."""

from __future__ import annotations

import random
from typing import Protocol

from ..engine.moves import Move
from ..engine.state import GameState


class Bot(Protocol):
    """A computer player: ``plan`` is all the game asks of it."""

    def plan(self, view: GameState, rng: random.Random) -> list[Move]:
        """The next moves for the player to move in ``view`` (phase PLAY, the hand drawn), in order.

        ``view`` shows only what that player may see (hidden cards are None).
        The moves are played until the turn ends or a card the bot has not
        seen comes up; then ``plan`` is asked again. An empty plan ends the
        turn with the first hand card on discard pile 1. (The moves of a bot
        from outside are ruled on before they are played: ``custom_bots``.)
        """
