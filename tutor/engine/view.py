"""What one seat can see: the position with every hidden card replaced by ``None``.

Analysis and bots work from ``player_view`` only, so two positions that look
the same to a player always get the same advice, whatever the hidden cards are.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from .cards import DECK_COUNTS, MaybeCard
from .state import GameState, Player


def player_view(state: GameState, seat: int) -> GameState:
    """``state`` as ``seat`` sees it.

    Hidden: the other players' hands, every stock card below the face-up top,
    and the draw pile (its size stays known). Seen: the seat's own hand, all
    stock tops, discard piles and build piles, and the completed piles (their
    cards were played in the open; once shuffled back they are drawn unseen).
    """
    players = tuple(_seen_player(player, own=index == seat) for index, player in enumerate(state.players))
    return replace(state, players=players, draw_pile=(None,) * len(state.draw_pile))


def _seen_player(player: Player, own: bool) -> Player:
    stock = _hidden(len(player.stock) - 1) + (player.stock[-1],) if player.stock else ()
    hand = player.hand if own else _hidden(len(player.hand))
    if stock == player.stock and hand == player.hand:
        return player
    return replace(player, stock=stock, hand=hand)


def _hidden(count: int) -> tuple[MaybeCard, ...]:
    return (None,) * count


def unseen_in(view: GameState) -> Counter[int]:
    """The cards a hidden card of ``view`` may be: ``unseen_cards(view.all_cards())``, counted in one pass."""
    seen = Counter(view.all_cards())
    return Counter({card: count - seen[card] for card, count in DECK_COUNTS.items() if count > seen[card]})
