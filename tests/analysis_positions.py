"""Positions for the analysis tests, written as scenario data."""

from __future__ import annotations

import random
from typing import Any, Optional

from tutor.coach.bots import GreedyBot
from tutor.engine.dealing import deal, partner_teams
from tutor.engine.moves import Draw
from tutor.engine.play import apply_move, next_turn
from tutor.engine.position import position_from_data
from tutor.coach.simulation import play_turn
from tutor.engine.state import GameState, Phase


def _cards(cards):
    return [("SB" if card == 0 else card) for card in cards]


def position(hand: Any = (9, 10, 11, 12, 12), stock: Optional[int] = 5, build=(4, None, None, None),
             discards=((), (), (), ()), count: int = 12, opponent: Optional[int] = 9, opponent_discards=(),
             draw_pile: Any = 60, opponent_count: int = 15, **extra: Any) -> GameState:
    """You (to move, hand drawn) against Anna."""
    mine: dict[str, Any] = {"count": count}
    if stock is not None:
        mine["top"] = "SB" if stock == 0 else stock
    theirs: dict[str, Any] = {"count": opponent_count}
    if opponent is not None:
        theirs["top"] = opponent
    data = {
        "title": "analysis test",
        "build": [value if value is None or isinstance(value, int) else _cards(value) for value in build],
        "draw_pile": draw_pile,
        "players": [
            {"name": "you", "stock": mine, "hand": hand if isinstance(hand, int) else _cards(hand),
             "discards": [_cards(pile) for pile in discards]},
            {"name": "Anna", "stock": theirs, "hand": 5, "discards": [_cards(pile) for pile in opponent_discards]},
        ],
        **extra,
    }
    return position_from_data(data)


def midgame(seed: int, turns: int, players: int = 2, stock: int = 20, teams: bool = False) -> GameState:
    """A fully known position after ``turns`` greedy turns of a seeded deal, hand drawn."""
    names = [f"p{seat}" for seat in range(players)]
    state = deal(names, seed=seed, stock_size=stock, teams=partner_teams(players) if teams else ()).state
    rng = random.Random(seed)
    bot = GreedyBot()
    for _ in range(turns):
        if state.phase is Phase.OVER:
            break
        state = next_turn(play_turn(state, bot, rng))
    if state.phase is Phase.START:
        state = apply_move(state, Draw(), rng).state
    return state
