"""Computer players. Each one sees only its ``player_view``.

A bot's ``plan(view, rng)`` returns the moves it means to play next, in
order. The game plays them until a card comes up that the bot has not seen
(a stock card turned up, a refilled hand) and then asks again, so a plan may
stop short of the end of the turn. Bots from outside the project are named
``module:Class`` (see ``custom_bots`` and docs/bots.md).
"""

from __future__ import annotations

import random

from ..engine.cards import SKIP_BO
from ..engine.collector import collector_paused
from ..engine.legal import build_plays, legal_moves
from ..engine.moves import Draw, EndTurn, Move, PileKind, Place, Transfer
from ..engine.state import DISCARD_PILES, GameState
from .bot_protocol import Bot
from .evaluation import STRONG_BOT_WEIGHTS, STRONG_V1_WEIGHTS, STRONG_V2_WEIGHTS, STRONG_V3_WEIGHTS, Weights
from .principles import played_card
from .search import TurnSearch


class RandomBot:
    """Any legal move, chosen at random (build plays and discards alike)."""

    name = "random"

    def plan(self, view: GameState, rng: random.Random) -> list[Move]:
        moves = [move for move in legal_moves(view) if not isinstance(move, Draw)]
        return [rng.choice(moves)]


class GreedyBot:
    """Plays what it can: stock first, then discard tops, then hand cards, wild cards last; discards its highest card."""

    name = "greedy"

    def plan(self, view: GameState, rng: random.Random) -> list[Move]:
        plays = build_plays(view)
        if plays:
            return [min(plays, key=lambda play: _greedy_rank(view, play))]
        hand = [card for card in view.mover.hand if card is not None]
        if not hand:
            return [EndTurn()]
        card = max(hand, key=lambda c: 13 if c == SKIP_BO else c)
        return [Transfer(Place(PileKind.HAND), Place(PileKind.DISCARD, _greedy_pile(view, card)), card)]


def _greedy_rank(view: GameState, play: Transfer) -> tuple[int, int, int]:
    source = {PileKind.STOCK: 0, PileKind.DISCARD: 1, PileKind.HAND: 2}[play.source.kind]
    card = play.card if play.card is not None else played_card(view, play)  # hand plays name their card
    wild = 1 if card == SKIP_BO else 0
    return (wild, source, -view.build_value(play.target.number - 1))


def _greedy_pile(view: GameState, card: int) -> int:
    """The discard pile whose number top is closest at or above ``card``; else an empty one; else the highest top."""
    tops = [view.mover.discard_top(pile) for pile in range(DISCARD_PILES)]
    above = [(top - card, pile) for pile, top in enumerate(tops) if top is not None and top != SKIP_BO and top >= card]
    if above:
        return min(above)[1] + 1
    if None in tops:
        return tops.index(None) + 1
    return max(range(DISCARD_PILES), key=lambda pile: tops[pile]) + 1


class StrongBot:
    """Plays the best turn of the engine's turn search."""

    name = "strong"

    def __init__(self, weights: Weights = STRONG_BOT_WEIGHTS):
        self.weights = weights

    def plan(self, view: GameState, rng: random.Random) -> list[Move]:
        with collector_paused():  # the search is let go before the collector runs again: a pass over it finds nothing
            return list(TurnSearch(view, self.weights).best_moves())


class StrongV1Bot(StrongBot):
    """The strong bot as it was before it weighed the opponents' threat twice as heavily, the endgame risk,
    the wild-card economy and stacked discards: the earlier baseline."""

    name = "strong-v1"

    def __init__(self, weights: Weights = STRONG_V1_WEIGHTS):
        super().__init__(weights)


class StrongV2Bot(StrongBot):
    """The strong bot as it was before its search went on past a refill, its threat counted the partners' stock
    cards and the opponents' discard runs, its opponents' reply could free a slot, a covered run on its own discard
    pile cost its links and its lines turned up stock cards first."""

    name = "strong-v2"

    def __init__(self, weights: Weights = STRONG_V2_WEIGHTS):
        super().__init__(weights)


class StrongV3Bot(StrongBot):
    """The strong bot frozen as it was measured last (refill deals in its last three stock cards, the cards that
    bridge to its stock top counted): the baseline every change is measured against."""

    name = "strong-v3"

    def __init__(self, weights: Weights = STRONG_V3_WEIGHTS):
        super().__init__(weights)


BOTS: dict[str, type] = {"random": RandomBot, "greedy": GreedyBot, "strong": StrongBot, "strong-v3": StrongV3Bot,
                         "strong-v2": StrongV2Bot, "strong-v1": StrongV1Bot}


def make_bot(name: str) -> Bot:
    """A bot by its name (``random``, ``greedy``, ``strong``, ``strong-v3``, ``strong-v2``, ``strong-v1``), or
    ``module:Class`` for one from outside."""
    from .custom_bots import is_custom, load_bot

    if is_custom(name):
        return load_bot(name.strip())
    try:
        return BOTS[name.strip().lower()]()
    except KeyError:
        raise ValueError(f"no bot called {name!r}: choose from {', '.join(BOTS)}") from None
