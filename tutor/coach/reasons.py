"""What each step of a turn achieves, as data with its words from ``templates``.

Every step gets the achievements that are true of it, most important first:
it wins the round, gets a stock card out, frees a stock card, completes a
pile, empties the hand, clears a pile from under an opponent's card, frees a
card on a discard pile, or at least brings a pile up by one; a discard keeps
its pile in order. ``tutor hint`` prints them as the reason for each step,
and a verdict names the key move of the better turn with the first of them.
"""

from __future__ import annotations

from typing import Any, Mapping, NamedTuple

from ..engine.cards import SKIP_BO, a_card, the_card
from ..i18n.grammar import genitive
from ..engine.moves import Draw, Move, PileKind, Transfer
from ..engine.rules import check_move
from ..engine.state import COMPLETE_AT, GameState
from .principles import Named, along, describe_move, played_card, side_stock, source_seat
from .search import Turn
from .templates import ACHIEVES, say, sentence


class Achievement(NamedTuple):
    """One thing a step achieves: its template in ``templates.ACHIEVES``, the fields, and all it names.

    ``names`` are as the position before the step shows them.
    """

    kind: str
    fields: Mapping[str, Any]
    names: tuple[Named, ...] = ()

    @property
    def text(self) -> str:
        return say(ACHIEVES, self.kind, **self.fields)

    def to_json(self) -> dict[str, Any]:
        return {"id": self.kind, "text": self.text, "names": [name.to_json() for name in self.names]}


class Step(NamedTuple):
    """A move of a turn, in words, with what it achieves."""

    move: Move
    description: str
    achieves: tuple[Achievement, ...]

    @property
    def reason(self) -> str:
        return sentence("; ".join(achievement.text for achievement in self.achieves)) + "."


def turn_steps(view: GameState, turn: Turn) -> list[Step]:
    """Each move of ``turn`` with its description and what it achieves."""
    moves = turn.moves
    return [Step(move, describe_move(state, move), achievements(state, move, moves[index + 1:]))
            for index, (state, move) in enumerate(along(view, moves))]


def achievements(state: GameState, move: Move, later: tuple[Move, ...]) -> tuple[Achievement, ...]:
    """What ``move``, played in ``state`` and followed by the ``later`` moves of its line, achieves."""
    if isinstance(move, Draw):
        return (Achievement("draws" if state.draw_pile or state.completed else "draws-nothing", {}),)
    if not isinstance(move, Transfer):
        return (Achievement("ends", {}),)
    if move.is_discard:
        return (_discard_achievement(state, move),)
    found = []
    seat = source_seat(state, move)
    owner = state.players[seat]
    card = played_card(state, move)
    slot = move.target.number
    before = state.build_value(slot - 1)
    value = before + 1
    if move.source.kind is PileKind.STOCK:
        named = (Named("stock", card, owner.name),)
        fields = {"card": the_card(card), "whose": state.whose(seat)}
        if side_stock(state, seat) == 1:  # the side's last stock card
            found.append(Achievement("wins", fields, named))
        else:
            look = "stock-look-first" if _could_wait(state, later) else "stock-look"
            found += [Achievement("stock-out", fields, named), Achievement(look, {})]
    if card == SKIP_BO:
        found.append(Achievement("wild-as", {"value": a_card(value)}))  # the move's own card: its words name it
    freed = _stock_freed(state, move, later)
    if freed is not None:
        found.append(freed)
    if value == COMPLETE_AT:
        found.append(Achievement("completes", {"slot": slot}, (Named("build", before, state.mover.name, slot),)))
    if move.source.kind is PileKind.HAND and len(state.mover.hand) == 1 and (
            state.draw_pile or state.completed or value == COMPLETE_AT):
        found.append(Achievement("empties-hand", {}))
    cleared = _cleared(state, slot, before) or _blocked(state, slot, before)
    if cleared is not None:
        found.append(cleared)
    if move.source.kind is PileKind.DISCARD:
        pile = owner.discards[move.source.number - 1]
        if len(pile) > 1:
            found.append(Achievement("frees-discard", {"card": the_card(pile[-2]), "whose": state.whose(seat),
                                                       "pile": move.source.number},
                                     (Named("discard", pile[-2], owner.name, move.source.number, depth=2),)))
    if all(a.kind == "wild-as" for a in found):
        kind = "starts-pile" if before == 0 else "builds-to"
        found.append(Achievement(kind, {"slot": slot, "value": value},
                                 (Named("build", before, state.mover.name, slot),)))
    return tuple(found)


def _could_wait(state: GameState, later: tuple[Move, ...]) -> bool:
    """Whether a later play of the line could be played already in ``state``: it waits for the card that turns up."""
    return any(isinstance(following, Transfer) and not following.is_discard and check_move(state, following).legal
               for following in later)


def _stock_freed(state: GameState, move: Transfer, later: tuple[Move, ...]):
    """``frees-stock`` when the next play onto the same pile is a stock card the position shows."""
    slot = move.target.number
    played_stock: set[int] = set()
    for following in later:
        if not isinstance(following, Transfer) or following.is_discard:
            continue
        seat = source_seat(state, following)
        if following.target.number == slot:
            if following.source.kind is not PileKind.STOCK or seat in played_stock:
                return None
            top = state.players[seat].stock_top
            if top is None:
                return None
            return Achievement("frees-stock", {"whose": state.whose(seat), "card": the_card(top)},
                               (Named("stock", top, state.players[seat].name),))
        if following.source.kind is PileKind.STOCK:
            played_stock.add(seat)
    return None


def _cleared(state: GameState, slot: int, before: int):
    """``clears-opponent`` when the pile stood one below an opponent's stock card (a number card)."""
    for seat in state.opponents_of(state.turn):
        player = state.players[seat]
        top = player.stock_top
        if top is not None and top != SKIP_BO and before == top - 1 and before > 0:
            return Achievement("clears-opponent", {"slot": slot, "card": the_card(top), "owner": genitive(player.name)},
                               (Named("build", before, state.mover.name, slot), Named("stock", top, player.name)))
    return None


def _blocked(state: GameState, slot: int, before: int):
    """``blocks-one`` when the play fills the last free slot while an opponent shows a 1 on their stock."""
    if before != 0 or sum(1 for at in range(len(state.build)) if state.build_value(at) == 0) != 1:
        return None
    for seat in state.opponents_of(state.turn):
        player = state.players[seat]
        if player.stock_top == 1:
            return Achievement("blocks-one", {"slot": slot, "owner": genitive(player.name)},
                               (Named("build", 0, state.mover.name, slot), Named("stock", 1, player.name)))
    return None


def _discard_achievement(state: GameState, move: Transfer) -> Achievement:
    pile = move.target.number
    top = state.mover.discard_top(pile - 1)
    card = move.card
    mover = state.mover.name
    if top is None:
        return Achievement("discard-empty", {"card": the_card(card), "pile": pile}, (Named("discard", None, mover, pile),))
    named = (Named("discard", top, mover, pile),)
    fields = {"card": the_card(card), "top": the_card(top), "pile": pile}
    if card == SKIP_BO:
        return Achievement("discard-wild", fields, named)
    if top != SKIP_BO and card == top - 1:
        return Achievement("discard-run", fields, named)
    if top != SKIP_BO and card < top:
        return Achievement("discard-descending", fields, named)
    return Achievement("discard-least", fields, named)
