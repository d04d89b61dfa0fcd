"""A bot of your own for `tutor simulate`: it chases the stock and keeps its wild cards.

A bot is a class that can be made without arguments and has one method,
``plan(view, rng)``. ``view`` is the position as the bot's player sees it
(every card they cannot see is ``None``), in the play phase with the hand
drawn; ``plan`` returns the moves to play next, in order. The game plays them
until a card turns up that the bot has not seen (its next stock card, a
refilled hand) or the turn ends, and then asks again. Every move is ruled on
first: an illegal one stops the series with a message naming it.

Pit it against the project's bots:

    tutor simulate --bots examples/stock_chaser.py:StockChaser,greedy --games 200 --seed 1

or run this file, which plays a short series against the greedy bot.
"""

from __future__ import annotations

import random

from tutor.engine import SKIP_BO, EndTurn, GameState, Move, PileKind, Place, Transfer, build_plays


class StockChaser:
    """Plays its stock top whenever it can, a wild card only to reach the stock, and discards high."""

    def plan(self, view: GameState, rng: random.Random) -> list[Move]:
        plays = build_plays(view)
        stock = [play for play in plays if play.source.kind is PileKind.STOCK]
        if stock:
            return [stock[0]]
        natural = [play for play in plays if self._card(view, play) != SKIP_BO]
        if natural:
            return [natural[0]]
        towards_stock = [play for play in plays if self._leads_to_stock(view, play)]
        if towards_stock:
            return [towards_stock[0]]
        return [self._discard(view)]

    @staticmethod
    def _card(view: GameState, play: Transfer):
        """The card a play takes: hand plays name it; a discard pile shows its top."""
        if play.source.kind is PileKind.HAND:
            return play.card
        if play.source.kind is PileKind.DISCARD:
            return view.mover.discard_top(play.source.number - 1)
        return view.mover.stock_top

    @staticmethod
    def _leads_to_stock(view: GameState, play: Transfer) -> bool:
        """A wild card is worth playing when the pile it raises then takes the stock top."""
        top = view.mover.stock_top
        return top is not None and top != SKIP_BO and view.build_value(play.target.number - 1) + 2 == top

    @staticmethod
    def _discard(view: GameState) -> Move:
        """The highest card in hand (a wild card last) onto the first empty discard pile, else the first."""
        hand = [card for card in view.mover.hand if card is not None]
        if not hand:
            return EndTurn()  # an empty hand and nothing left to draw
        card = max(hand, key=lambda c: -1 if c == SKIP_BO else c)
        piles = view.mover.discards
        pile = next((number for number, cards in enumerate(piles, 1) if not cards), 1)
        return Transfer(Place(PileKind.HAND), Place(PileKind.DISCARD, pile), card)


if __name__ == "__main__":
    from tutor.coach.simulation import Series, run_series

    here = f"{__file__}:StockChaser"
    summary = run_series(Series((here, "greedy"), players=2, stock=10, seed=1), games=20)
    for bot, won in summary.wins.items():
        print(f"{bot.rpartition(':')[2]}: {won} of {summary.games} rounds won")
