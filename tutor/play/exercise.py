"""From a game to a lesson: the position before a recorded turn as a scenario, its moves as expectations.

The scenario shows the table as the player saw it once the hand was drawn:
their own hand, every stock top and count, the discard and build piles; the
other hands only by their size. The stock cards the turn turned up and the
cards of any refill are written as ``next``, so the recorded moves can be
replayed from the file. Each move of the turn becomes an expectation with the
coach's verdict, judged from the scenario itself so that ``tutor scenario
test`` agrees with it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Optional

import yaml

from ..coach.templates import GRADES, in_stock_cards
from ..coach.verdicts import assess_move
from ..engine.cards import card_label
from ..engine.moves import Draw, Move, PileKind, Transfer
from ..engine.notation import format_move
from ..engine.play import apply_move
from ..engine.state import GameState, Stalemate
from ..records.model import GameRecord
from ..records.replay import Step, round_steps
from . import texts


class ExerciseError(ValueError):
    """The turn asked for does not exist or cannot be written as a scenario."""


@dataclass(frozen=True)
class TurnFound:
    """A turn of the record: its round and number, and every replayed step of it."""

    round: int
    number: int
    steps: tuple[Step, ...]


def find_turn(record: GameRecord, turn: int, player: Optional[str] = None) -> TurnFound:
    """Turn ``turn`` of the game (numbered through the whole game), or ``player``'s ``turn``-th turn."""
    if player is not None and player not in record.setup.names:
        raise ExerciseError(texts.NOT_A_PLAYER.format(player=player, players=", ".join(record.setup.names)))
    number = 0
    count = 0
    for round_number, played in enumerate(record.rounds, start=1):
        for index, turn_record in enumerate(played.turns):
            number += 1
            if player is not None and turn_record.player != player:
                continue
            count += 1
            if count == turn:
                steps = [s for s in round_steps(record.setup, played, ("rounds", round_number - 1)) if s.turn == index]
                return TurnFound(round_number, number, tuple(steps))
    if player is None:
        raise ExerciseError(texts.NO_SUCH_TURN.format(count=number, turn=turn))
    raise ExerciseError(texts.NO_SUCH_PLAYER_TURN.format(player=player, count=count, turn=turn))


def exercise_data(record: GameRecord, found: TurnFound) -> dict[str, Any]:
    """The scenario of ``found`` as plain data, its moves with the coach's verdicts as expectations."""
    steps = list(found.steps)
    if steps and isinstance(steps[0].move, Draw):
        steps = steps[1:]  # the scenario starts with the hand drawn
    if not any(isinstance(s.move, Transfer) for s in steps):
        raise ExerciseError(texts.TURN_WITHOUT_CHOICE.format(turn=found.number))
    state = steps[0].before
    moves = [s.move for s in steps]
    player = state.mover.name
    data: dict[str, Any] = {
        "title": texts.EXERCISE_TITLE.format(player=player, turn=found.number),
        "description": texts.EXERCISE_DESCRIPTION.format(player=player),
        "question": texts.EXERCISE_QUESTION,
        "rules": _rules(state),
        "turn": player,
        "phase": "play",
        "build": [list(map(_card, pile)) if pile else None for pile in state.build],
        "draw_pile": _draw_pile(state, moves, found.number),
        "completed": len(state.completed),
        "players": [_player(state, seat, moves) for seat in range(len(state.players))],
    }
    data["expect"], data["answer"] = _expectations(data, steps)
    return data


def exercise_origin(found: TurnFound, source: str) -> str:
    """A comment for the teacher: where in which game the position comes from (the student never sees it).

    ``source`` is the record's name as it may stand in one line of a YAML file: no control character in it."""
    return texts.EXERCISE_ORIGIN.format(turn=found.number, round=found.round, source=source)


def exercise_text(data: dict[str, Any], origin: str = "") -> str:
    """The scenario as YAML, after ``origin`` (a comment line)."""
    return origin + yaml.safe_dump(data, sort_keys=False, default_flow_style=None, width=100, allow_unicode=True)


def _card(card) -> Any:
    label = card_label(card)
    return int(label) if label.isdigit() else label


def _rules(state: GameState) -> dict[str, Any]:
    rules: dict[str, Any] = {"stock_size": state.rules.stock_size}
    if state.teams:
        rules["teams"] = [[state.players[s].name for s in team] for team in state.teams]
    if state.rules.stalemate is not Stalemate.NO_WINNER:
        rules["stalemate"] = state.rules.stalemate.value
    return rules


def _draw_pile(state: GameState, moves: list[Move], turn: int) -> Any:
    refilled = sum(len(move.cards) for move in moves if isinstance(move, Draw))
    if refilled > len(state.draw_pile):
        raise ExerciseError(texts.TURN_RESHUFFLED.format(turn=turn))
    if not refilled:
        return len(state.draw_pile)
    coming = state.draw_pile[len(state.draw_pile) - refilled:][::-1]  # the top of the pile is drawn first
    return {"count": len(state.draw_pile), "next": [_card(card) for card in coming]}


def _player(state: GameState, seat: int, moves: list[Move]) -> dict[str, Any]:
    player = state.players[seat]
    stock: dict[str, Any] = {"count": len(player.stock)}
    if player.stock:
        stock["top"] = _card(player.stock_top)
        turned = sum(1 for move in moves if isinstance(move, Transfer) and move.source.kind is PileKind.STOCK
                     and (move.source.owner or state.mover.name) == player.name)
        below = player.stock[:-1][::-1][:turned]
        if below:
            stock["next"] = [_card(card) for card in below]
    entry: dict[str, Any] = {"name": player.name, "stock": stock}
    entry["hand"] = [_card(c) for c in player.hand] if seat == state.turn else len(player.hand)
    entry["discards"] = [[_card(c) for c in pile] for pile in player.discards]
    return entry


def _expectations(data: dict[str, Any], steps: list[Step]) -> tuple[list[dict[str, Any]], str]:
    """One expectation per move played onto a pile, with its quality as the scenario's own position gives it,
    and the answer: the coach's best turn in the scenario's position.

    The note keeps the verdict of the review (the same coach on the game's table).
    """
    from ..coach.search import TurnSearch
    from ..engine.view import player_view
    from ..scenario.loader import ScenarioError, parse_scenario

    try:
        state = parse_scenario(exercise_text(data)).state
    except ScenarioError as error:  # a record the reader let through that no scenario can hold
        raise ExerciseError(texts.TURN_NOT_A_SCENARIO.format(
            problem="; ".join(problem.message for problem in error.problems))) from None
    best = TurnSearch(player_view(state, state.turn)).best_moves()
    answer = texts.EXERCISE_ANSWER.format(moves=texts.EXERCISE_THEN.join(format_move(move) for move in best))
    moves = [step.move for step in steps]
    expect = []
    for index, step in enumerate(steps):
        if isinstance(step.move, Transfer):
            reviewed = assess_move(step.before, step.move)
            expect.append({"moves": [format_move(m) for m in moves[:index + 1]],
                           "quality": assess_move(state, step.move).quality,
                           "note": (texts.EXERCISE_NOTE_MISSED_WIN if reviewed.misses_win else texts.EXERCISE_NOTE)
                           .format(grade=GRADES.text(reviewed.grade), loss=in_stock_cards(reviewed.loss))})
        state = apply_move(state, step.move).state
    return expect, answer
