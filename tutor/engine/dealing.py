"""Dealing a round from a seed: stocks, the first up-cards, who starts."""

from __future__ import annotations

import random
from dataclasses import dataclass
from enum import StrEnum
from typing import Sequence

from ..i18n import _
from .cards import DECK_SIZE, SKIP_BO, Card, full_deck
from .state import (
    HAND_SIZE, MAX_PLAYERS, MIN_PLAYERS, GameState, Phase, Player, Rules, standard_stock_size,
)


class StartRule(StrEnum):
    """Who starts: the official cut (highest card deals), or the house rule's youngest."""

    CUT = "cut"
    YOUNGEST = "youngest"


class DealError(ValueError):
    """Settings no deal can satisfy."""


@dataclass(frozen=True)
class Deal:
    """A freshly dealt round, the dealer's seat, and the cuts that chose the dealer.

    ``cuts`` holds each round of cutting as ``(seat, card)`` pairs (a tie cuts
    again among the tied); it is empty when the youngest starts.
    """

    state: GameState
    dealer: int
    cuts: tuple[tuple[tuple[int, Card], ...], ...] = ()


def partner_teams(players: int) -> tuple[tuple[int, ...], ...]:
    """Teams of two with partners sitting opposite: seats (0, 2) and (1, 3) at four."""
    if players not in (4, 6):
        raise DealError(_("the team game needs 4 or 6 players, not {players}").format(players=players))
    half = players // 2
    return tuple((seat, seat + half) for seat in range(half))


def deal(
    names: Sequence[str],
    *,
    seed: int = 0,
    stock_size: int | None = None,
    teams: tuple[tuple[int, ...], ...] = (),
    start: StartRule = StartRule.CUT,
    youngest: int = 0,
    rules: Rules | None = None,
) -> Deal:
    """Shuffle with ``seed``, settle who starts, and deal the stocks."""
    count = len(names)
    if not MIN_PLAYERS <= count <= MAX_PLAYERS:
        raise DealError(_("Skip-Bo is played by 2 to 6 players, not {count}").format(count=count))
    if len({n.casefold() for n in names}) != count:
        raise DealError(_("every player needs a different name"))
    size = stock_size if stock_size is not None else standard_stock_size(count)
    if size < 1 or size * count + HAND_SIZE > DECK_SIZE:
        raise DealError(_("{count} stocks of {size} cards do not fit in the {deck}-card deck").format(
            count=count, size=size, deck=DECK_SIZE))
    rng = random.Random(seed)
    cuts: list[tuple[tuple[int, Card], ...]] = []
    if start is StartRule.YOUNGEST:
        first = youngest % count
        dealer = (first - 1) % count
    else:
        dealer = _cut(count, rng, cuts)
        first = (dealer + 1) % count
    deck = full_deck()
    rng.shuffle(deck)
    stocks: list[list[Card]] = [[] for _ in names]
    for _round in range(size):
        for seat in range(count):
            stocks[(first + seat) % count].append(deck.pop())
    players = tuple(Player(name, tuple(stock)) for name, stock in zip(names, stocks))
    state = GameState(
        players=players,
        draw_pile=tuple(deck),
        turn=first,
        phase=Phase.START,
        teams=teams,
        rules=rules or Rules(stock_size=size),
    )
    return Deal(state, dealer, tuple(cuts))


def _cut(count: int, rng: random.Random, cuts: list[tuple[tuple[int, Card], ...]]) -> int:
    """Everyone cuts; the highest number card deals (an SB does not count: cut again)."""
    contenders = list(range(count))
    while True:
        deck = full_deck()
        rng.shuffle(deck)
        cut: dict[int, Card] = {}
        for seat in contenders:
            card = deck.pop()
            while card == SKIP_BO:
                card = deck.pop()
            cut[seat] = card
        cuts.append(tuple(cut.items()))
        best = max(cut.values())
        contenders = [s for s, c in cut.items() if c == best]
        if len(contenders) == 1:
            return contenders[0]
