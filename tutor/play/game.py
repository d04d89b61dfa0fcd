"""A game in progress: the table, the record kept move by move, the bots, and undo.

``Game`` prints nothing and touches no file: the terminal front end
(``tutor.cli.play``) asks it for moves, shows what it is told, and saves
``Game.record`` after every move. The record is the whole saved game:
``Game.resume(record)`` replays it to the same table.
"""

from __future__ import annotations

import random
import shlex
from dataclasses import dataclass
from typing import Callable, Optional

from ..coach.bot_protocol import Bot
from ..coach.bots import make_bot
from ..coach.custom_bots import is_custom, load_bot
from ..coach.simulation import game_seed, play_turn, reveals_card
from ..engine.dealing import DealError, StartRule, partner_teams
from ..engine.moves import Move, Transfer
from ..engine.play import Outcome, next_turn, play
from ..engine.scoring import longest_target, most_rounds
from ..engine.state import MAX_PLAYERS, MIN_PLAYERS, GameState, Phase, Stalemate, standard_stock_size
from ..i18n import _
from ..records.files import MAX_ROUNDS
from ..records.model import HUMAN, NUMBER_LIMIT, GameRecord, RoundRecord, Seat, Setup, Undo
from ..records.recording import RoundRecorder, SeededShuffler, kept_moves, round_result
from ..records.replay import replay_round
from . import texts
from .texts import BOT_NAMES, DEFAULT_NAME

Watch = Callable[[GameState, Move, GameState], None]


@dataclass(frozen=True)
class Settings:
    """A new game: the player's name, the bots, the rules and the seed."""

    bots: tuple[str, ...] = ("strong",)
    name: str = DEFAULT_NAME
    teams: bool = False
    stock_size: Optional[int] = None
    start: StartRule = StartRule.CUT
    youngest: Optional[str] = None  # with the youngest-starts rule; default: the player
    stalemate: Stalemate = Stalemate.NO_WINNER
    target: Optional[int] = None
    seed: Optional[int] = None
    coach: str = "on"

    def setup(self) -> Setup:
        others = [name for name in BOT_NAMES if name.casefold() != self.name.casefold()]
        if not MIN_PLAYERS <= len(self.bots) + 1 <= MAX_PLAYERS:
            raise DealError(_("Skip-Bo is played by {least} to {most} players, not {count}").format(
                least=MIN_PLAYERS, most=MAX_PLAYERS, count=len(self.bots) + 1))
        seats = (Seat(self.name, HUMAN),) + tuple(Seat(others[i], bot) for i, bot in enumerate(self.bots))
        names = tuple(seat.name for seat in seats)
        teams = partner_teams(len(seats)) if self.teams else ()
        stock = self.stock_size if self.stock_size is not None else standard_stock_size(len(seats))
        youngest = (self.youngest or self.name) if self.start is StartRule.YOUNGEST else None
        return Setup(seats, stock, tuple(tuple(names[s] for s in team) for team in teams), self.start, youngest,
                     self.stalemate, self.target)


class CustomBotNotNamed(ValueError):
    """A saved game whose seat is played by a bot from outside that the player did not name on the command line."""


class Game:
    """A game of one human and bots, kept as a ``GameRecord`` that replays to the same table.

    A record is data from anywhere: a seat it says is played by a bot from outside (``module:Class``)
    is loaded only if that bot is among ``named``, the bots the player named on the command line.
    """

    def __init__(self, record: GameRecord, state: GameState, named: frozenset[str] = frozenset()):
        self.record = record
        self.state = state
        self.named = named
        humans = [seat for seat, s in enumerate(record.setup.seats) if s.plays == HUMAN]
        if len(humans) != 1:
            raise ValueError(_("a game of tutor play has one human player, not {count}").format(count=len(humans)))
        self.human = humans[0]
        self.bots = {seat: _seat_bot(s.plays, named) for seat, s in enumerate(record.setup.seats)
                     if s.plays != HUMAN}
        self._recorder = RoundRecorder(self.round)
        self._bot_rng = random.Random(f"{self.round.seed}/bots")
        self._undoable: list[tuple[GameState, Move]] = []  # the human's moves since a card was last seen

    @classmethod
    def new(cls, settings: Settings) -> "Game":
        seed = settings.seed if settings.seed is not None else random.SystemRandom().randrange(2**31)
        if not 0 <= seed < NUMBER_LIMIT:
            raise DealError(_("a seed is a whole number from 0 to {most}, not {seed}").format(most=NUMBER_LIMIT - 1,
                                                                                              seed=seed))
        setup = settings.setup()
        if setup.target is not None:
            _check_match_fits(setup.target, len(setup.team_seats() or setup.seats))
        record = GameRecord(setup, [RoundRecord(seed)], settings.coach)
        return cls(record, setup.deal(seed).state)

    @classmethod
    def resume(cls, record: GameRecord, named: frozenset[str] = frozenset()) -> "Game":
        """The game ``record`` holds, at the table its last move left; ``named``: the bots from outside allowed.

        ``ValueError`` (``ReplayError`` and ``CustomBotNotNamed`` among them) if it does not replay, is not
        a game against bots, or has a seat played by a bot from outside that is not in ``named``.
        """
        if not record.rounds:
            raise ValueError(_("the saved game has no round"))
        played = record.rounds[-1]
        state = replay_round(record.setup, played, ("rounds", len(record.rounds) - 1))
        return cls(record, state, named)

    # -- where the game stands ----------------------------------------------------------

    @property
    def round(self) -> RoundRecord:
        return self.record.rounds[-1]

    @property
    def round_number(self) -> int:
        return len(self.record.rounds)

    @property
    def humans_turn(self) -> bool:
        return self.state.turn == self.human and self.state.phase in (Phase.START, Phase.PLAY)

    @property
    def round_over(self) -> bool:
        return self.state.is_over

    @property
    def finished(self) -> bool:
        if not self.round_over:
            return False
        return self.record.setup.target is None or self.record.match().champion is not None

    # -- moves -----------------------------------------------------------------------------

    def _shuffler(self) -> SeededShuffler:
        return SeededShuffler(self.round.seed, self.round.shuffles, self._bot_rng)

    def _observe(self, before: GameState, move: Move, after: GameState) -> None:
        self._recorder.observe(before, move, after)
        self.state = after
        if after.is_over:
            self.round.result = round_result(after)

    def play(self, move: Move) -> Outcome:
        """The human's move (``IllegalMove`` if the rules refuse it)."""
        before = self.state
        outcome = play(before, move, self._shuffler())
        self._observe(before, move, outcome.state)
        after = outcome.state
        quiet = len(kept_moves(before, move, after)) == 1 and not reveals_card(move, after) and not after.is_over
        if quiet and isinstance(move, Transfer):
            self._undoable.append((before, move))
        else:
            self._undoable.clear()
        return outcome

    def play_bot_turn(self, watch: Optional[Watch] = None) -> None:
        """The bot to move plays its whole turn; ``watch`` is told of every move as it is made."""
        def observed(before: GameState, move: Move, after: GameState) -> None:
            self._observe(before, move, after)
            if watch:
                watch(before, move, after)

        play_turn(self.state, self.bots[self.state.turn], self._shuffler(), observed)  # type: ignore[arg-type]

    def can_undo(self) -> bool:
        """True when the human's last move can be taken back: it turned up no card, nor did any move of the turn
        after one taken back (the coach decides whether to offer it)."""
        return bool(self._undoable)

    @property
    def undo_depth(self) -> int:
        """How many of the human's last moves can be taken back, one by one."""
        return len(self._undoable)

    def undoable_move(self) -> tuple[GameState, Move]:
        """The move ``undo`` would take back, and the table it was played at."""
        assert self._undoable, "nothing to undo"
        return self._undoable[-1]

    def undo(self) -> Move:
        """Take back the last move; the record notes it. The move before it may be taken back next."""
        assert self._undoable, "nothing to undo"
        before, move = self._undoable.pop()
        turn = self.round.turns[-1]
        turn.moves.pop()
        turn.undone.append(Undo(move, len(turn.moves)))
        self.state = before
        return move

    def pass_turn(self) -> None:
        """Play passes on after a turn that ended (or the round ends in a stalemate)."""
        self._undoable.clear()
        self.state = next_turn(self.state)
        if self.state.is_over and self.round.result is None:
            self.round.result = round_result(self.state)

    def next_round(self) -> None:
        """Deal the next round of a match."""
        seed = game_seed(self.record.rounds[0].seed, len(self.record.rounds))
        self.record.rounds.append(RoundRecord(seed))
        self.__init__(self.record, self.record.setup.deal(seed).state, self.named)  # type: ignore[misc]


def _seat_bot(plays: str, named: frozenset[str]) -> Bot:
    """The bot a seat is played by; one from outside only when the player named it (``CustomBotNotNamed``)."""
    if not is_custom(plays):
        return make_bot(plays)
    if plays not in named:
        raise CustomBotNotNamed(texts.CUSTOM_BOT_NOT_NAMED.format(bot=shlex.quote(plays)))
    return load_bot(plays)


def _check_match_fits(target: int, sides: int) -> None:
    """Refuse (``DealError``) a match that could take more rounds than a record can be read back with."""
    if most_rounds(target, sides) > MAX_ROUNDS:
        raise DealError(texts.MATCH_TOO_LONG.format(target=target, rounds=most_rounds(target, sides), most=MAX_ROUNDS,
                                              largest=longest_target(MAX_ROUNDS, sides)))
