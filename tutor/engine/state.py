"""The game state: players, piles, whose turn it is and in which phase.

States are immutable; applying a move (see ``play``) makes a new one. Every
pile is a tuple written bottom to top, so the last item is the top card.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from enum import StrEnum
from typing import Optional

from ..i18n import _, pgettext
from ..i18n.grammar import genitive
from .cards import DECK_COUNTS, DECK_SIZE, MaybeCard
from .values import Value

HAND_SIZE = 5
BUILD_SLOTS = 4
DISCARD_PILES = 4
MIN_PLAYERS, MAX_PLAYERS = 2, 6
COMPLETE_AT = 12

BuildPile = tuple[MaybeCard, ...]


class Phase(StrEnum):
    """Where the turn stands."""

    START = "start"  # before the draw
    PLAY = "play"  # hand drawn: play cards, then discard
    ENDED = "ended"  # the discard (or an empty hand) ended the turn
    OVER = "over"  # the round is over


class Stalemate(StrEnum):
    """What a stalemate means: no winner, or the house rule's fewest stock cards."""

    NO_WINNER = "no-winner"
    FEWEST_STOCK = "fewest-stock"


def standard_stock_size(players: int) -> int:
    """30 cards with two to four players, 20 with five or six."""
    return 30 if players <= 4 else 20


class Rules(Value):
    """The rules a round is played by, house rules included."""

    stock_size: int = 30
    stalemate: Stalemate = Stalemate.NO_WINNER
    target_score: int = 500

    def __init__(self, stock_size: int = 30, stalemate: Stalemate = Stalemate.NO_WINNER,
                 target_score: int = 500) -> None:
        self.__dict__.update(stock_size=stock_size, stalemate=stalemate, target_score=target_score)


class Player(Value):
    """One seat: a stock (top face up), a hand and four discard piles."""

    name: str
    stock: tuple[MaybeCard, ...] = ()
    hand: tuple[MaybeCard, ...] = ()
    discards: tuple[tuple[MaybeCard, ...], ...] = ((),) * DISCARD_PILES

    def __init__(self, name: str, stock: tuple[MaybeCard, ...] = (), hand: tuple[MaybeCard, ...] = (),
                 discards: tuple[tuple[MaybeCard, ...], ...] = ((),) * DISCARD_PILES) -> None:
        self.__dict__.update(name=name, stock=stock, hand=hand, discards=discards)

    @property
    def stock_top(self) -> MaybeCard:
        """The face-up stock card (``None`` if the stock is empty or unknown)."""
        return self.stock[-1] if self.stock else None

    def discard_top(self, pile: int) -> MaybeCard:
        """The top of discard pile ``pile`` (0-based), or None if it is empty."""
        cards = self.discards[pile]
        return cards[-1] if cards else None

    def cards(self) -> tuple[MaybeCard, ...]:
        """Every card this player holds, seen or not."""
        return self.stock + self.hand + tuple(c for pile in self.discards for c in pile)


class GameState(Value):
    """A whole table at one moment of a round."""

    players: tuple[Player, ...]
    build: tuple[Optional[BuildPile], ...] = (None,) * BUILD_SLOTS
    draw_pile: tuple[MaybeCard, ...] = ()
    completed: tuple[MaybeCard, ...] = ()
    turn: int = 0
    phase: Phase = Phase.PLAY
    teams: tuple[tuple[int, ...], ...] = ()
    rules: Rules = Rules()
    drawn: int = 0  # cards the last move drew: what a following `draw CARDS` names
    played_this_turn: bool = False
    quiet_turns: int = 0  # turns in a row with no build play and nothing to draw
    winners: Optional[tuple[int, ...]] = None  # set when the round is over; () = no winner

    def __init__(self, players: tuple[Player, ...], build: tuple[Optional[BuildPile], ...] = (None,) * BUILD_SLOTS,
                 draw_pile: tuple[MaybeCard, ...] = (), completed: tuple[MaybeCard, ...] = (), turn: int = 0,
                 phase: Phase = Phase.PLAY, teams: tuple[tuple[int, ...], ...] = (), rules: Rules = Rules(),
                 drawn: int = 0, played_this_turn: bool = False, quiet_turns: int = 0,
                 winners: Optional[tuple[int, ...]] = None) -> None:
        self.__dict__.update(players=players, build=build, draw_pile=draw_pile, completed=completed, turn=turn,
                             phase=phase, teams=teams, rules=rules, drawn=drawn,
                             played_this_turn=played_this_turn, quiet_turns=quiet_turns, winners=winners)

    # -- who is who ---------------------------------------------------------

    @property
    def mover(self) -> Player:
        return self.players[self.turn]

    def seat_of(self, name: str) -> Optional[int]:
        """The seat of the player called ``name`` (any case, any Unicode spelling), or None."""
        from .text import fold

        wanted = fold(name)
        for seat, player in enumerate(self.players):
            if fold(player.name) == wanted:
                return seat
        return None

    def team_of(self, seat: int) -> tuple[int, ...]:
        """The seats on ``seat``'s side: the team, or the seat alone."""
        for team in self.teams:
            if seat in team:
                return team
        return (seat,)

    def opponents_of(self, seat: int) -> tuple[int, ...]:
        side = self.team_of(seat)
        return tuple(s for s in range(len(self.players)) if s not in side)

    def whose(self, seat: int, *, opening: bool = False, many: bool = False) -> str:
        """``your`` (``Your`` when ``opening`` a sentence) for the player to move, else ``Anna's``.

        ``many``: the owner of more than one thing (Swedish ``dina``, Danish ``dine``).
        """
        if seat == self.turn:
            mine = pgettext("owning many", "your") if many else _("your")
            return mine[:1].upper() + mine[1:] if opening else mine
        return genitive(self.players[seat].name)

    def next_seat(self, seat: Optional[int] = None) -> int:
        return ((self.turn if seat is None else seat) + 1) % len(self.players)

    # -- the table ----------------------------------------------------------

    def build_value(self, slot: int) -> int:
        """The value on top of build slot ``slot`` (0-based); 0 if the slot is free."""
        pile = self.build[slot]
        return len(pile) if pile else 0

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    def all_cards(self) -> tuple[MaybeCard, ...]:
        """Every card on the table, seen or not, in no particular order."""
        cards: list[MaybeCard] = []
        for player in self.players:
            cards.extend(player.cards())
        for pile in self.build:
            cards.extend(pile or ())
        cards.extend(self.draw_pile)
        cards.extend(self.completed)
        return tuple(cards)

    def with_player(self, seat: int, player: Player) -> "GameState":
        players = list(self.players)
        players[seat] = player
        return replace(self, players=tuple(players))


def accounts_for_deck(state: GameState) -> bool:
    """True when the table holds exactly the 162 cards of one deck."""
    cards = state.all_cards()
    return len(cards) == DECK_SIZE and None not in cards and Counter(cards) == DECK_COUNTS
