"""A quiz made from scenario files: each position's own expectations are its answer key.

Each usable scenario with expectations becomes one ``Question`` of a kind
read from its expectations:

- ``points``: an expectation fixes what the round scores (``then.points``);
  the student answers with a whole number.
- ``play``: a strategy position (an expectation on ``quality`` or ``best``,
  or an ``avoid`` list); the student answers with a move or a turn in the
  notation of ``tutor check``, moves separated by ``;``. A move the key
  covers is judged by its expectation; any other by the engine (illegal
  moves are wrong) and the move analysis (right when every move is best).
- ``legal``: a rules position; the expectations' moves are the options and
  the student answers with the numbers of those that are legal (or ``none``).

``judge(question, answer)`` returns a ``Judgement``: right or not, and why in
words (the engine's reasons, the rule or principle, the scenario's answer).
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from typing import Any, Callable, Optional

from ..engine import GameState, Move, NotationError, UnknownPlayer, Verdict, apply_move, check_move
from ..engine.cards import is_short_number
from ..engine.notation import Phrase, parse_phrase
from ..engine.reading import AmbiguousMove, read_move
from ..i18n import speaking, typed_language
from ..scenario.expectations import Expectation
from ..scenario.files import CheckedFile
from .answers import KeyEntry, key_entry, rule_in_words
from .texts import cards, text

Assess = Callable[[GameState, Move], Any]
_POSITIVE_QUALITIES = ("best", "good")


@dataclass(frozen=True)
class Question:
    """One position of the quiz, its kind, and the expectations that answer it."""

    checked: CheckedFile
    kind: str  # "points", "play" or "legal"
    options: tuple[Expectation, ...] = ()  # for "legal": the moves to rule on, in the file's order
    points: Optional[int] = None  # for "points"

    @property
    def scenario(self):
        return self.checked.scenario

    @property
    def title(self) -> str:
        return self.scenario.title

    def key(self) -> list[KeyEntry]:
        return [key_entry(self.scenario, expectation) for expectation in self.checked.expectations]


@dataclass(frozen=True)
class Judgement:
    """The verdict on one answer: right or not, and the explanation in words."""

    right: bool
    explanation: list[str] = field(default_factory=list)


class AnswerError(ValueError):
    """An answer that cannot be read (not a move, not a number); it costs the student nothing."""


def make_question(checked: CheckedFile) -> Optional[Question]:
    """The question a usable scenario file asks, or None when it has no expectations to judge answers by."""
    expectations = checked.expectations
    if checked.scenario is None or not expectations:
        return None
    points = [e.wanted["then"]["points"] for e in expectations
              if isinstance(e.wanted.get("then"), dict) and "points" in e.wanted["then"]]
    if points:
        return Question(checked, "points", points=points[0])
    if any(e.avoid or "quality" in e.wanted or "best" in e.wanted for e in expectations):
        return Question(checked, "play")
    options = tuple(e for e in expectations if not e.several_turns)
    return Question(checked, "legal", options=options) if options else None


def judge(question: Question, answer: str, assess: Optional[Assess] = None) -> Judgement:
    """Judge ``answer`` to ``question``; ``AnswerError`` if it cannot be read."""
    if question.kind == "points":
        return _judge_points(question, answer)
    if question.kind == "legal":
        return _judge_legal(question, answer)
    return _judge_play(question, answer, assess)


def _closing(question: Question) -> list[str]:
    answer = question.scenario.data.get("answer")
    return [text("quiz-key-answer", answer=" ".join(answer.split()))] if isinstance(answer, str) and answer.strip() \
        else []


def _note(note: str) -> str:
    """An expectation's note, set apart from the engine's words that come before it."""
    return text("quiz-note", note=" ".join(note.split())) if note.strip() else ""


def _judge_points(question: Question, answer: str) -> Judgement:
    if not is_short_number(answer.strip(), digits=4):
        raise AnswerError(text("quiz-want-number"))
    right = int(answer) == question.points
    said = text("quiz-points-right" if right else "quiz-points-wrong", points=question.points)
    return Judgement(right, [said, *_closing(question)])


def is_legal_option(expectation: Expectation) -> bool:
    """Whether the key rules the option's moves legal (every expectation on quality or outcome needs them legal)."""
    wanted = expectation.wanted
    if "legal" in wanted:
        return bool(wanted["legal"])
    if wanted.get("undecidable"):
        return False
    return True


def _judge_legal(question: Question, answer: str) -> Judgement:
    words = answer.replace(",", " ").split()
    if [w.lower() for w in words] in (["none"], ["0"], [_typed("quiz-none").lower()]):
        chosen: set[int] = set()
    elif words and all(is_short_number(w) and 1 <= int(w) <= len(question.options) for w in words):
        chosen = {int(w) for w in words}
    else:
        raise AnswerError(text("quiz-want-options", count=len(question.options)))
    legal = {number for number, option in enumerate(question.options, start=1) if is_legal_option(option)}
    explanation = []
    for number, option in enumerate(question.options, start=1):
        entry = key_entry(question.scenario, option)
        verdict = text("legal") if number in legal else entry.expected
        mark = "" if (number in chosen) == (number in legal) else text("quiz-missed-mark")
        line = text("quiz-option-verdict", number=number, moves=entry.moves, verdict=verdict, mark=mark)
        rule = text("quiz-rule", words=entry.rule_words, rule=entry.rule) if entry.rule_words else ""
        explanation.append(" ".join(part for part in (line, entry.reason, rule, _note(entry.note)) if part))
    return Judgement(chosen == legal, explanation + _closing(question))


def _judge_play(question: Question, answer: str, assess: Optional[Assess]) -> Judgement:
    phrases = _read_phrases(answer)
    state = question.scenario.state
    rng = random.Random(0)
    moves: list[Move] = []
    for phrase in phrases:
        try:
            move = read_move(state, phrase, typed_language())  # each move is read in the position it meets
            ruling = check_move(state, move)
        except AmbiguousMove as error:
            raise AnswerError(error.message) from None
        except UnknownPlayer as error:
            raise AnswerError(f"{error}.") from None
        moves.append(move)
        if ruling.verdict is not Verdict.LEGAL:
            covered = _covering(question, moves)
            why = [text("quiz-illegal", reason=ruling.reason)]
            if ruling.rule:
                why.append(text("quiz-rule", words=rule_in_words(ruling.rule), rule=ruling.rule))
            if covered and covered.wanted.get("note"):
                why.append(_note(str(covered.wanted["note"])))
            return Judgement(False, why + _closing(question))
        state = apply_move(state, move, rng).state
    covered = _covering(question, moves)
    if covered is not None:
        return _judge_by_key(question, covered)
    return _judge_by_analysis(question, moves, assess, _notes_on_the_way(question, moves))


def _read_phrases(answer: str) -> list[Phrase]:
    then = "|".join(re.escape(word) for word in {"then", _typed("quiz-then")})
    separator = re.compile(rf"\s*(?:[;,]|\b(?:{then})\b)\s*", re.IGNORECASE)  # between the moves of a turn
    texts = [part for part in separator.split(answer.strip()) if part]
    if not texts:
        raise AnswerError(text("quiz-want-move"))
    try:
        return [parse_phrase(part, typed_language()) for part in texts]
    except NotationError as error:
        raise AnswerError(error.message) from None


def _typed(key: str) -> str:
    """A word of ``key`` as the student types it, in their language (a ``--json`` run writes English)."""
    with speaking(typed_language()):
        return text(key)


def _covering(question: Question, moves: list[Move]) -> Optional[Expectation]:
    """The expectation of one turn whose moves lead where ``moves`` lead (the same rulings and position)."""
    mine = _line(question.scenario.state, moves)
    for expectation in question.checked.expectations:
        if expectation.several_turns:
            continue
        theirs = [move for _, move in expectation.turns[0]]
        if len(theirs) == len(moves) and _line(question.scenario.state, theirs) == mine:
            return expectation
    return None


def _notes_on_the_way(question: Question, moves: list[Move]) -> list[str]:
    """The note of the longest key line that the answer plays first and then goes past."""
    for length in range(len(moves) - 1, 0, -1):
        covered = _covering(question, moves[:length])
        if covered is not None and str(covered.wanted.get("note") or "").strip():
            return [_note(str(covered.wanted["note"]))]
    return []


def _line(state: GameState, moves: list[Move]) -> tuple:
    """Where ``moves`` lead: the position after the legal ones and the ruling of an illegal one."""
    rng = random.Random(0)
    for move in moves:
        ruling = check_move(state, move)
        if ruling.verdict is not Verdict.LEGAL:
            return state, ruling.verdict, ruling.rule
        state = apply_move(state, move, rng).state
    return (state,)


def _is_right(expectation: Expectation) -> bool:
    """Whether the key calls the moves of ``expectation`` a right answer (best or good, and legal)."""
    wanted = expectation.wanted
    return not expectation.avoid and wanted.get("best", True) is not False \
        and wanted.get("quality", "best") in _POSITIVE_QUALITIES and wanted.get("legal", True) is not False


def _judge_by_key(question: Question, expectation: Expectation) -> Judgement:
    right = _is_right(expectation)
    entry = key_entry(question.scenario, expectation)
    why = [text("quiz-by-key", expected=entry.expected)]
    if entry.reason:
        why.append(entry.reason)  # for a best move, what it achieves
    if entry.rule_words:
        why.append(text("quiz-rule", words=entry.rule_words, rule=entry.rule))
    if entry.note:
        why.append(_note(entry.note))
    return Judgement(right, why + _closing(question))


def _judge_by_analysis(question: Question, moves: list[Move], assess: Optional[Assess],
                       notes: list[str]) -> Judgement:
    """An answer the key does not cover, judged by the move analysis; ``notes``: the key's notes on its way."""
    if assess is None:
        return Judgement(False, [text("quiz-no-analysis"), *notes, *_closing(question)])
    state = question.scenario.state
    rng = random.Random(0)
    for move in moves:
        verdict = assess(state, move)
        if verdict.quality != "best":
            why = [text("quiz-not-best", quality=text(f"quality-{verdict.quality}"),
                        explanation=verdict.explanation or text("quiz-stronger"))]
            why += [text("quiz-rule", words=rule_in_words(p), rule=p) for p in verdict.principles]
            return Judgement(False, why + notes + _closing(question))
        state = apply_move(state, move, rng).state
    wanted = _stock_played_by_key(question)
    got = _stock_played(question.scenario.state, moves)
    if got < wanted:  # good moves that stop short of what the question asks
        return Judgement(False, [text("quiz-short", wanted=cards(wanted), got=cards(got)), *notes,
                                 *_closing(question)])
    return Judgement(True, [text("quiz-best"), *notes, *_closing(question)])


def _stock_played(state: GameState, moves: list[Move]) -> int:
    """How many cards ``moves`` get off the mover's stock (those played before an illegal one)."""
    rng = random.Random(0)
    before = len(state.mover.stock)
    seat = state.turn
    for move in moves:
        if check_move(state, move).verdict is not Verdict.LEGAL:
            break
        state = apply_move(state, move, rng).state
    return before - len(state.players[seat].stock)


def _stock_played_by_key(question: Question) -> int:
    """The stock cards the key's right answers get out: what the question asks of an answer (0 if none)."""
    right = [e for e in question.checked.expectations if not e.several_turns and _is_right(e)]
    return max((_stock_played(question.scenario.state, [move for _, move in e.turns[0]]) for e in right), default=0)
