"""Replaying a record through the engine, move by move, checking every move and every named card.

``replay_round`` deals the round from its seed and plays each turn's moves
with ``engine.play.play`` (illegal moves are refused). A draw that names its
cards must have drawn exactly those; new draw piles come from the record's
``shuffles``. The result the replay reaches must be the result recorded.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Callable, Iterator, Optional

from ..engine.cards import Card, card_label
from ..engine.dealing import DealError
from ..engine.moves import Draw, Move
from ..engine.notation import format_move
from ..engine.play import IllegalMove, next_turn, play
from ..engine.position import Path
from ..engine.rules import UnknownPlayer, and_list, cards_wanted
from ..engine.state import GameState, Phase
from ..i18n import _
from .model import GameRecord, RoundRecord, Setup
from .recording import drawn_cards, round_result


class ReplayError(ValueError):
    """A record that does not replay; ``path`` points at the entry that fails."""

    def __init__(self, path: Path, message: str):
        self.path = path
        super().__init__(message)


class ScriptedShuffler:
    """Gives each new draw pile the order the record wrote down."""

    def __init__(self, shuffles: list[tuple[Card, ...]], path: Path):
        self._orders = iter(shuffles)
        self._path = path
        self.used = 0

    def shuffle(self, cards: list) -> None:
        order = next(self._orders, None)
        if order is None:
            raise ReplayError(self._path, _("the draw pile runs out here, but the record lists no shuffle for it"))
        if Counter(order) != Counter(cards):
            raise ReplayError(self._path + (self.used,), _("these are not the cards of the completed piles"))
        cards[:] = order
        self.used += 1


@dataclass(frozen=True)
class Step:
    """One move of a replay: where it is in the record, and the table before and after it."""

    turn: int  # index into the round's turns
    index: int  # index into the turn's moves
    before: GameState
    move: Move
    after: GameState


def replay_round(setup: Setup, played: RoundRecord, where: Path = ("rounds", 0),
                 watch: Optional[Callable[[Step], None]] = None) -> GameState:
    """The table after the round's last recorded move (after its last turn ends when that turn is complete)."""
    state = dealt(setup, played, where)
    for step in round_steps(setup, played, where):
        state = step.after
        if watch:
            watch(step)
    state = _after_turns(state, played, where)
    _check_result(state, played, where)
    return state


def dealt(setup: Setup, played: RoundRecord, where: Path = ("rounds", 0)) -> GameState:
    """The table as the round's seed deals it."""
    try:
        return setup.deal(played.seed).state
    except DealError as error:
        raise ReplayError(("rules",), _("no deal fits these rules: {problem}").format(problem=error)) from None


def round_steps(setup: Setup, played: RoundRecord, where: Path = ("rounds", 0)) -> Iterator[Step]:
    """Every move of the round, replayed."""
    shuffler = ScriptedShuffler(played.shuffles, where + ("shuffles",))
    state = dealt(setup, played, where)
    for number, turn in enumerate(played.turns):
        path = where + ("turns", number)
        if number:
            state = _passed(state, path)
        if state.mover.name != turn.player:
            raise ReplayError(path + ("player",), _("it is {name}'s turn here, not {recorded}'s").format(
                name=state.mover.name, recorded=turn.player))
        for index, move in enumerate(turn.moves):
            after = _apply(state, move, shuffler, path + ("moves", index))
            yield Step(number, index, state, move, after)
            state = after
    if shuffler.used != len(played.shuffles):
        raise ReplayError(where + ("shuffles",), _("lists {listed} shuffles; the round needs {needed}").format(
            listed=len(played.shuffles), needed=shuffler.used))


def _passed(state: GameState, path: Path) -> GameState:
    """Play passes on after a turn that ended; anything else means the record is wrong."""
    if state.phase is Phase.OVER:
        raise ReplayError(path, _("the round is already over"))
    if state.phase is not Phase.ENDED:
        raise ReplayError(path, _("{name}'s turn before this one did not end").format(name=state.mover.name))
    return next_turn(state)


def _after_turns(state: GameState, played: RoundRecord, where: Path) -> GameState:
    """Pass play on after the last turn, as the table does, when it ended."""
    if played.turns and state.phase is Phase.ENDED:
        return next_turn(state)
    return state


def _apply(state: GameState, move: Move, shuffler: ScriptedShuffler, path: Path) -> GameState:
    if isinstance(move, Draw) and move.cards:
        return _named_draw(state, move, shuffler, path)
    try:
        return play(state, move, shuffler).state  # type: ignore[arg-type]
    except IllegalMove as error:
        raise ReplayError(path, _("{move!r} is illegal here: {reason}").format(move=format_move(move),
                                                                                reason=error.ruling.reason)) from None
    except UnknownPlayer as error:
        raise ReplayError(path, f"{format_move(move)!r}: {error}") from None


def _named_draw(state: GameState, move: Draw, shuffler: ScriptedShuffler, path: Path) -> GameState:
    """A draw naming its cards: the draw itself (at a turn's start), or the naming of a refill."""
    if cards_wanted(state) is not None:
        after = _apply(state, Draw(), shuffler, path)
    elif state.drawn:
        after = state
    else:
        raise ReplayError(path, _("{move!r}: nothing is drawn here").format(move=format_move(move)))
    drawn = drawn_cards(after)
    if Counter(drawn) != Counter(move.cards):
        shown = " ".join(card_label(card) for card in drawn) or _("nothing")
        raise ReplayError(path, _("{move!r}: the draw brings {cards}").format(move=format_move(move), cards=shown))
    return after


def _check_result(state: GameState, played: RoundRecord, where: Path) -> None:
    if played.result is None:
        return
    reached = round_result(state, played.result.finished)
    if reached != played.result:
        raise ReplayError(where + ("result",), _("the moves lead to {reached}, not to {recorded}").format(
            reached=_describe(reached), recorded=_describe(played.result)))


def _describe(result) -> str:
    winners = and_list(list(result.winners)) if result.winners else _("no winner")
    return _("{winners} ({points} points; stocks {stocks})").format(winners=winners, points=result.points,
                                                                   stocks=result.stocks)


def replay_game(record: GameRecord) -> list[GameState]:
    """Every round of ``record`` replayed: the final table of each."""
    return [replay_round(record.setup, played, ("rounds", number)) for number, played in enumerate(record.rounds)]
