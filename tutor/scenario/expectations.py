"""The rulings a scenario expects, and checking them against the engine.

A scenario's ``expect`` list holds items such as::

    - moves: stock to build 1          # a move, or a list of moves in order
      legal: true
    - moves: [hand 5 to build 3, stock to build 3]
      legal: false
      rule: build.sequence             # the rule the last move breaks
    - moves: hand SB to build 2
      quality: weak                    # how the analysis grades the last move
      principle: strategy.save-wilds
    - turns: [[hand 4 to discard 1], [hand 9 to discard 1]]
      then: {round_over: true, winners: []}

and ``avoid`` lists tempting moves that are legal but not among the best.
``read_expectations`` turns the data into ``Expectation`` values (with the
problems of moves that cannot be read); ``run_expectations`` plays each one
from the scenario's position and says whether the engine agrees.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Callable, Optional

from ..engine import (
    GameState, Move, NotationError, Phase, Ruling, UnknownPlayer, Verdict, apply_move, check_move, format_move,
    next_turn, parse_card, parse_move, score_round,
)
from ..engine.cards import CardError, card_label
from ..engine.position import Path, Problem
from ..engine.reading import AmbiguousMove, read_move
from ..engine.state import BUILD_SLOTS
from ..i18n import N_, _, english
from .loader import Scenario

Assess = Callable[[GameState, Move], Any]
UNAVAILABLE = N_("quality verdicts are not available")
_QUALITY_KEYS = ("quality", "principle", "best")
_RULING_KEYS = ("legal", "undecidable", *_QUALITY_KEYS, "then")


@dataclass(frozen=True)
class Expectation:
    """One expected ruling: the turns to play (each a tuple of moves) and what should come of them."""

    path: Path
    turns: tuple[tuple[tuple[str, Move], ...], ...]
    wanted: dict[str, Any] = field(default_factory=dict)
    avoid: bool = False
    several_turns: bool = False  # given as turns: play passes on after each turn

    @property
    def moves_text(self) -> str:
        """The moves as written, a turn per ``|``: ``stock to build 1; hand 5 to build 2``."""
        return " | ".join("; ".join(text for text, _ in turn) for turn in self.turns)

    @property
    def summary(self) -> str:
        """What is expected, in a few words: ``illegal (build.sequence)``, ``among the best`` ..."""
        if self.avoid:
            return _("legal, but not among the best (avoid)")
        wanted = self.wanted
        parts = []
        if wanted.get("legal") is True:
            parts.append(_("legal"))
        if wanted.get("legal") is False:
            parts.append(_("illegal ({rule})").format(rule=wanted.get("rule")))
        if "undecidable" in wanted:
            parts.append(_("undecidable") if wanted["undecidable"] else _("decidable"))
        if "quality" in wanted:
            parts.append(_("quality {quality}").format(quality=wanted["quality"]))
        if "principle" in wanted:
            parts.append(_("principle {principle}").format(principle=wanted["principle"]))
        if "best" in wanted:
            parts.append(_("among the best") if wanted["best"] else _("not among the best"))
        if "then" in wanted:
            parts.append(_("then {values}").format(
                values=", ".join(f"{key} {_shown(value)}" for key, value in wanted["then"].items())))
        return "; ".join(parts)


@dataclass(frozen=True)
class Check:
    """The result of one expectation: passed or not, and what disagreed."""

    expectation: Expectation
    failures: tuple[str, ...]

    @property
    def passed(self) -> bool:
        return not self.failures


def read_expectations(data: Any) -> tuple[list[Expectation], list[Problem]]:
    """The expectations of checked scenario data, and the problems found in their moves and keys."""
    expectations: list[Expectation] = []
    problems: list[Problem] = []
    if not isinstance(data, dict):
        return expectations, problems
    for index, item in enumerate(_items(data.get("expect"))):
        path = ("expect", index)
        if not isinstance(item, dict):
            continue
        if "turns" in item:
            turns = [_moves(turn, path + ("turns", t), problems) for t, turn in enumerate(_items(item["turns"]))]
        else:
            turns = [_moves(item.get("moves"), path + ("moves",), problems)]
        problems += _contradictions(item, path)
        wanted = {key: item[key] for key in (*_RULING_KEYS, "rule", "note") if key in item}
        expectations.append(Expectation(path, tuple(turns), wanted, several_turns="turns" in item))
    for index, moves in enumerate(_items(data.get("avoid"))):
        path = ("avoid", index)
        expectations.append(Expectation(path, (_moves(moves, path, problems),), avoid=True))
    return expectations, problems


def _items(value: Any) -> list[Any]:
    """The items of a list; nothing when the value is no list (the format check reports it)."""
    return value if isinstance(value, list) else []


def _moves(value: Any, path: Path, problems: list[Problem]) -> tuple[tuple[str, Move], ...]:
    texts = [value] if isinstance(value, str) else value if isinstance(value, list) else []
    moves = []
    for number, text in enumerate(texts):
        where = path if isinstance(value, str) else path + (number,)
        if not isinstance(text, str):
            continue
        try:
            moves.append((text, parse_move(text)))
        except NotationError as error:
            problems.append(Problem(where, error.message))
    return tuple(moves)


def _contradictions(item: dict[str, Any], path: Path) -> list[Problem]:
    problems = []
    if not any(key in item for key in _RULING_KEYS):
        problems.append(Problem(path, _("this expectation expects nothing: add legal:, undecidable:, quality:, "
                                        "best: or then:")))
    if "rule" in item and item.get("legal") is not False:
        problems.append(Problem(path + ("rule",), _("rule: names the rule an illegal move breaks; add legal: false")))
    if item.get("undecidable") is True and "legal" in item:
        problems.append(Problem(path + ("undecidable",), _("a move that cannot be decided is neither legal nor "
                                                           "illegal: drop legal:")))
    if item.get("legal") is False and any(key in item for key in (*_QUALITY_KEYS, "then")):
        problems.append(Problem(path + ("legal",), _("an illegal move has no quality and no outcome: expect those "
                                                     "of legal moves only")))
    return problems


# -- running ----------------------------------------------------------------------


@dataclass
class _Step:
    text: str
    move: Move
    before: GameState
    ruling: Ruling


@dataclass
class _Played:
    steps: list[_Step]
    state: GameState
    mover: int
    events: list[str]
    problem: Optional[str] = None  # why play stopped before the last move, if it did


def default_assess() -> Optional[Assess]:
    """The analysis's verdicts (a ``Judge``: expectations about one position share its search), or None
    where the analysis is not installed."""
    try:
        from ..coach.verdicts import Judge
    except ImportError:
        return None
    return Judge()


def run_expectations(scenario: Scenario, expectations: list[Expectation],
                     assess: Optional[Assess] = None) -> list[Check]:
    """Play every expectation from the scenario's position and compare the engine's rulings with it."""
    return [Check(expectation, tuple(_failures(scenario.state, expectation, assess)))
            for expectation in expectations]


def final_ruling(state: GameState, expectation: Expectation) -> Optional[Ruling]:
    """The engine's ruling on the last move ``expectation`` plays from ``state`` (None if none is played)."""
    played = _play(state, expectation)
    return played.steps[-1].ruling if played.steps else None


def played_moves(state: GameState, expectation: Expectation) -> list[tuple[GameState, Move]]:
    """The moves ``expectation`` plays from ``state``, each as read where it is played, with that position."""
    return [(step.before, step.move) for step in _play(state, expectation).steps]


def _play(state: GameState, expectation: Expectation) -> _Played:
    rng = random.Random(0)
    steps: list[_Step] = []
    events: list[str] = []
    mover = state.turn
    count = sum(len(turn) for turn in expectation.turns)
    for number, turn in enumerate(expectation.turns, start=1):
        mover = state.turn
        for text, move in turn:
            try:
                move = read_move(state, text)  # the move the phrase means here; never a guess between two
                ruling = check_move(state, move)
            except UnknownPlayer as error:
                return _Played(steps, state, mover, events, f"{text}: {error}")
            except AmbiguousMove as error:
                return _Played(steps, state, mover, events, error.message)
            steps.append(_Step(text, move, state, ruling))
            if not ruling.legal:
                early = len(steps) < count
                return _Played(steps, state, mover, events, _stopped(steps[-1]) if early else None)
            with english():  # a file's expected events are English words, whatever language is spoken
                outcome = apply_move(state, move, rng)
            state = outcome.state
            events.extend(outcome.events)
        if expectation.several_turns:
            if state.phase in (Phase.START, Phase.PLAY):
                return _Played(steps, state, mover, events,
                               _("turn {number} does not end: finish it with a discard (or end)").format(
                                   number=number))
            state = next_turn(state)
    return _Played(steps, state, mover, events)


def _stopped(step: _Step) -> str:
    if step.ruling.verdict is Verdict.UNDECIDABLE:
        return _("{move!r} already cannot be decided: {reason}").format(move=step.text, reason=step.ruling.reason)
    return _("{move!r} is already illegal ({rule}): {reason}").format(move=step.text, rule=step.ruling.rule,
                                                                       reason=step.ruling.reason)


def _failures(state: GameState, expectation: Expectation, assess: Optional[Assess]) -> list[str]:
    played = _play(state, expectation)
    if played.problem:
        return [played.problem]
    if not played.steps:
        return [_("there is no move to play")]
    last = played.steps[-1]
    verdict = last.ruling.verdict
    failures = []
    wanted = expectation.wanted
    if expectation.avoid or any(key in wanted for key in _QUALITY_KEYS) or "then" in wanted:
        if verdict is not Verdict.LEGAL:
            return [_("expected a legal move; {ruled}").format(ruled=_ruled(last))]
    if wanted.get("legal") is True and verdict is not Verdict.LEGAL:
        failures.append(_("expected legal; {ruled}").format(ruled=_ruled(last)))
    if wanted.get("legal") is False:
        if verdict is not Verdict.ILLEGAL:
            failures.append(_("expected illegal ({rule}); {ruled}").format(rule=wanted["rule"], ruled=_ruled(last)))
        elif last.ruling.rule != wanted["rule"]:
            failures.append(_("expected the rule {rule}; {ruled}").format(rule=wanted["rule"], ruled=_ruled(last)))
    if "undecidable" in wanted and (verdict is Verdict.UNDECIDABLE) != wanted["undecidable"]:
        expected = _("expected undecidable; {ruled}") if wanted["undecidable"] else _(
            "expected a decidable move; {ruled}")
        failures.append(expected.format(ruled=_ruled(last)))
    if expectation.avoid or any(key in wanted for key in _QUALITY_KEYS):
        failures += _quality_failures(last, expectation, assess)
    if "then" in wanted:
        failures += _outcome_failures(played, wanted["then"])
    return failures


def _ruled(step: _Step) -> str:
    if step.ruling.verdict is Verdict.ILLEGAL:
        return _("ruled illegal ({rule}): {reason}").format(rule=step.ruling.rule, reason=step.ruling.reason)
    if step.ruling.verdict is Verdict.UNDECIDABLE:
        return _("ruled undecidable: {reason}").format(reason=step.ruling.reason)
    return _("ruled legal: {reason}").format(reason=step.ruling.reason)


def _quality_failures(step: _Step, expectation: Expectation, assess: Optional[Assess]) -> list[str]:
    if assess is None:
        return [_(UNAVAILABLE)]
    try:
        verdict = assess(step.before, step.move)
    except Exception as error:  # the analysis failing on a position must not stop the run
        return [_("the analysis failed on {move!r}: {error}").format(move=step.text, error=error)]
    quality = str(_field(verdict, "quality"))
    principles = [str(p) for p in _field(verdict, "principles") or ()]
    better = _field(verdict, "better")
    hint = " " + _("(better: {moves})").format(moves=_move_text(better)) if better else ""
    wanted = expectation.wanted
    failures = []
    if expectation.avoid and quality == "best":
        failures.append(_("expected not among the best; the analysis grades it best"))
    if "quality" in wanted and quality != wanted["quality"]:
        failures.append(_("expected quality {wanted}; the analysis grades it {quality}").format(
            wanted=wanted["quality"], quality=quality) + hint)
    if "principle" in wanted and wanted["principle"] not in principles:
        named = ", ".join(principles) or _("none")
        failures.append(_("expected the principle {wanted}; the analysis names {named}").format(
            wanted=wanted["principle"], named=named))
    if "best" in wanted and (quality == "best") != wanted["best"]:
        expected = _("expected among the best; the analysis grades it {quality}") if wanted["best"] else _(
            "expected not among the best; the analysis grades it {quality}")
        failures.append(expected.format(quality=quality) + hint)
    return failures


def _field(verdict: Any, name: str) -> Any:
    if isinstance(verdict, dict):
        return verdict.get(name)
    value = getattr(verdict, name, None)
    return getattr(value, "value", value)


def _outcome_failures(played: _Played, then: dict[str, Any]) -> list[str]:
    state = played.state
    player = state.players[played.mover]
    found: dict[str, Any] = {
        "build": lambda: [len(pile) if pile else None for pile in state.build],
        "hand": lambda: sorted(player.hand, key=lambda c: -1 if c is None else c),
        "hand_size": lambda: len(player.hand),
        "stock_top": lambda: player.stock_top,
        "stock_count": lambda: len(player.stock),
        "draw_pile": lambda: len(state.draw_pile),
        "completed": lambda: len(state.completed),
        "turn_over": lambda: state.phase is Phase.ENDED,
        "round_over": lambda: state.phase is Phase.OVER,
        "winners": lambda: None if state.winners is None else sorted(state.players[s].name for s in state.winners),
        "points": lambda: _points(state),
        "turn": lambda: state.mover.name,
    }
    failures = []
    for key, expected in then.items():
        if key == "events":
            failures += _event_failures(played.events, expected)
            continue
        actual = found[key]()
        if _normal(key, expected) != _normal(key, actual):
            cards = key in ("hand", "stock_top")
            failures.append(_("expected {key} {expected}; found {found}").format(
                key=key, expected=_shown(_normal(key, expected), cards), found=_shown(_normal(key, actual), cards)))
    return failures


def _points(state: GameState) -> Optional[int]:
    """What the round scored: None while it goes on, 0 after a stalemate without a winner."""
    if state.phase is not Phase.OVER:
        return None
    score = score_round(state)
    return score.points if score else 0


def _normal(key: str, value: Any) -> Any:
    """Comparable values: cards as ints, names without case, build tops padded to four slots."""
    try:
        if key == "build" and isinstance(value, list):
            return value + [None] * (BUILD_SLOTS - len(value))
        if key == "hand" and isinstance(value, list):
            return Counter(_card(card) for card in value)
        if key == "stock_top":
            return _card(value)
    except CardError:
        return value
    if key == "winners" and isinstance(value, list):
        return sorted(str(name).casefold() for name in value)
    if key == "turn" and isinstance(value, str):
        return value.casefold()
    return value


def _card(value: Any) -> Any:
    """A card as the engine holds it: the file's ``SB`` and ``7`` become 0 and 7; engine cards stay."""
    return parse_card(value) if isinstance(value, str) else value


def _event_failures(events: list[str], wanted: list[str]) -> list[str]:
    said = " / ".join(events)
    return [_("expected an event saying {text!r}; the moves made happen: {said}").format(text=text,
                                                                                         said=said or _("nothing"))
            for text in wanted if text.casefold() not in said.casefold()]


def _shown(value: Any, cards: bool = False) -> str:
    """A value as the file would write it (cards as 1-12 and SB when ``cards``)."""
    if isinstance(value, Counter):
        value = sorted(value.elements(), key=lambda c: -1 if c is None else c)
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_shown(item, cards) for item in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{key}: {_shown(item, key in ('hand', 'stock_top'))}"
                               for key, item in value.items()) + "}"
    if value is None:
        return "null" if not cards else "?"
    if isinstance(value, bool):
        return str(value).lower()
    if cards and isinstance(value, int):
        return card_label(value)
    return str(value)


def _move_text(value: Any) -> str:
    """A suggested move or line of play, in the long notation."""
    if isinstance(value, str):
        return value
    if isinstance(value, (list, tuple)):
        return "; ".join(_move_text(item) for item in value)
    try:
        return format_move(value)
    except (AttributeError, TypeError, ValueError):
        return str(value)
