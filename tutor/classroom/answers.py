"""A scenario's expectations in words: the answer key of worksheets and quizzes.

Each ``KeyEntry`` holds the moves an expectation plays, what it expects in
plain words, and why: the engine's own
reason for its ruling on the last move, and the rule or strategy principle at
stake in the words of ``tutor rules``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Optional

from ..coach.reasons import Step, achievements
from ..coach.search import SearchError, TurnSearch
from ..engine import GameState, Move, apply_move, check_move
from ..engine.view import player_view
from ..i18n import english
from ..lessons.reference import reference_entries
from ..play.words import move_to_type
from ..scenario.expectations import Expectation, final_ruling, played_moves
from ..scenario.loader import Scenario
from .expected import expected_in_words
from .texts import text


@dataclass(frozen=True)
class KeyEntry:
    """One expectation of the answer key, in words."""

    moves: str
    expected: str
    reason: str  # why the best moves are best, or the engine's reason for its ruling on the last move
    rule: Optional[str]  # the rule id or principle id at stake, if any
    rule_words: str  # that rule or principle in plain words
    note: str


def answer_key(scenario: Scenario, expectations: list[Expectation]) -> list[KeyEntry]:
    """The expectations of ``scenario`` in words, in the order of the file; a move the file both expects
    something of and lists to avoid is one row (the expectation's)."""
    expected = {_played_line(scenario, e) for e in expectations if not e.avoid and not e.several_turns}
    return [key_entry(scenario, expectation) for expectation in expectations
            if not (expectation.avoid and _played_line(scenario, expectation) in expected)]


def key_moves(scenario: Scenario, expectation: Expectation) -> str:
    """The moves of ``expectation`` as the key shows them: the long notation in English, words in every other
    language, each turn of several headed by whose turn it is."""
    played = played_moves(scenario.state, expectation)
    if len(played) != sum(len(turn) for turn in expectation.turns):
        return expectation.moves_text  # play stopped early: the file's own words
    turns, start = [], 0
    for turn in expectation.turns:
        steps = played[start:start + len(turn)]
        start += len(turn)
        said = "; ".join(move_to_type(state, move, state.mover.name == scenario.state.mover.name)
                         for state, move in steps)
        turns.append(text("key-turn-of", name=steps[0][0].mover.name, moves=said) if expectation.several_turns
                     else said)
    return " | ".join(turns)


def _events_said(scenario: Scenario, expectation: Expectation) -> Optional[list[str]]:
    """The game's own sentences, in the language in use, that hold the English words the file expects of its
    events; None where the file expects no event."""
    then = expectation.wanted.get("then")
    wanted = then.get("events") if isinstance(then, dict) else None
    if not wanted:
        return None
    in_english, spoken = [], []
    for before, move in played_moves(scenario.state, expectation):
        if not check_move(before, move).legal:
            break
        with english():
            in_english += apply_move(before, move, random.Random(0)).events
        spoken += apply_move(before, move, random.Random(0)).events
    found = [spoken[index] for words in wanted for index, event in enumerate(in_english)
             if str(words).casefold() in event.casefold() and len(spoken) == len(in_english)]
    return list(dict.fromkeys(found)) or None


def _played_line(scenario: Scenario, expectation: Expectation) -> tuple:
    """Where the moves of ``expectation`` lead: the rulings and the position after them (how they are written
    aside)."""
    rng = random.Random(0)
    state = scenario.state
    rulings = []
    for before, move in played_moves(state, expectation):
        ruling = check_move(before, move)
        rulings.append((ruling.verdict, ruling.rule))
        if not ruling.legal:
            break
        state = apply_move(before, move, rng).state
    return tuple(rulings), state


def key_entry(scenario: Scenario, expectation: Expectation) -> KeyEntry:
    ruling = final_ruling(scenario.state, expectation)
    rule = expectation.wanted.get("rule") or expectation.wanted.get("principle")
    reason = ruling.reason if ruling is not None else ""
    if ruling is not None and _wants_legal(expectation) is not None and _wants_legal(expectation) != ruling.legal:
        reason = text("key-engine-legal" if ruling.legal else "key-engine-illegal", reason=ruling.reason)
    elif _is_best(expectation) and ruling is not None and ruling.legal:
        reason = best_reason(scenario, expectation)
    played = played_moves(scenario.state, expectation)
    mover = played[-1][0].mover.name if played else None
    if reason and mover is not None and mover != scenario.state.mover.name:
        reason = text("key-said-to", name=mover, reason=reason)  # the engine speaks to the one who moves
    return KeyEntry(
        moves=key_moves(scenario, expectation),
        expected=expected_in_words(expectation, events=_events_said(scenario, expectation)),
        reason=reason,
        rule=rule,
        rule_words=rule_in_words(rule) if rule else "",
        note=str(expectation.wanted.get("note") or ""),
    )


def best_reason(scenario: Scenario, expectation: Expectation) -> str:
    """Why the moves of a best line are best: what each achieves, in the words of ``tutor hint``.

    A move is judged with the rest of the best turn it begins, so that a move that frees a stock card
    for later says so.
    """
    played = played_moves(scenario.state, expectation)
    line = _best_line(played)
    return " ".join(Step(move, "", achievements(state, move, line[index + 1:])).reason
                    for index, (state, move) in enumerate(played))


def _best_line(played: list[tuple[GameState, Move]]) -> tuple[Move, ...]:
    """The moves played, and after them the rest of the best turn that begins with them (what they prepare)."""
    line = tuple(move for _, move in played)
    state, first = played[0]
    try:
        turn = TurnSearch(player_view(state, state.turn)).best_after(first)
    except SearchError:
        return line
    begins = _after(state, turn.moves[:len(line)]) == _after(state, line)  # however the moves were written
    return turn.moves if begins else line


def _after(state: GameState, moves: tuple[Move, ...]) -> Optional[GameState]:
    """The position after ``moves``, or None where one is not legal."""
    rng = random.Random(0)
    for move in moves:
        if not check_move(state, move).legal:
            return None
        state = apply_move(state, move, rng).state
    return state


def _wants_legal(expectation: Expectation) -> Optional[bool]:
    """Whether the expectation has its last move legal (every quality and outcome needs it), or None."""
    wanted = expectation.wanted
    if "legal" in wanted:
        return bool(wanted["legal"])
    if expectation.avoid or any(key in wanted for key in ("quality", "principle", "best", "then")):
        return True
    return None


def _is_best(expectation: Expectation) -> bool:
    wanted = expectation.wanted
    return not expectation.avoid and not expectation.several_turns and (
        wanted.get("best") is True or wanted.get("quality") == "best")


def rule_in_words(rule_id: str) -> str:
    """A rule or principle as ``tutor rules`` explains it: its title and explanation, without the example."""
    entry = reference_entries().get(rule_id)
    return f"{entry.title}. {entry.text}" if entry else ""
