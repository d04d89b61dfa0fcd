"""``tutor check``: rule on the moves of a disputed turn."""

from __future__ import annotations

import os
import sys
from typing import NoReturn, Optional

import typer

from ..engine import GameState, Move, NotationError, UnknownPlayer, Verdict, apply_move, check_move
from ..engine.cards import quoted
from ..engine.collector import collector_paused
from ..engine.notation import Phrase, is_question, parse_phrases, read_phrases
from ..engine.reading import AmbiguousMove, read_move, written
from ..engine.values import Value
from ..engine.words import ENGLISH
from ..i18n import _, language, typed_language
from .move_report import MoveReport, legal_value
from .output import EXIT_ILLEGAL, EXIT_LEGAL, EXIT_UNUSABLE, print_json, printable, unusable
from .positions import load_position, with_quick_position
from .quality import MoveQuality
from .quick import QuickPosition


class Unread(Value):
    """A move that cannot be read: what was typed and why."""

    text: str
    problems: list[str]

    def __init__(self, text: str, problems: list[str]) -> None:
        self.__dict__.update(text=text, problems=problems)


def parse_moves(texts: list[str], language: str = ENGLISH) -> tuple[list[Phrase], Optional[Unread]]:
    """The moves given, up to the first that cannot be read, and that one (None when all are read).

    Each argument may hold one move or several; moves given unquoted, as separate
    words, are read from the words joined, split where a new move starts. An
    argument that reads as a move by itself after the one that cannot be read is
    never joined to it: separately quoted moves stay apart. A text
    that holds no move but asks a question is pointed to ``tutor rules``.
    """
    phrases: list[Phrase] = []
    unread: Optional[Unread] = None
    for failed, text in enumerate(texts):
        found, error = read_phrases(text, language)
        phrases.extend(found)
        if error is not None:
            unread = Unread(error.text, [error.message])
            break
    if unread is None:
        return phrases, None
    joined = " ".join(texts)
    if len(texts) > 1 and not any(read_phrases(text, language)[1] is None for text in texts[failed + 1:]):
        found, error = read_phrases(joined, language)
        if error is None:
            return found, None
        if len(found) > len(phrases):
            phrases, unread = found, Unread(error.text, [error.message])
    if not phrases and is_question(joined, language):
        unread = Unread(joined, [_("{question} is a question, not a move: ask it with tutor rules {asked}").format(
            question=quoted(joined, 60), asked=_shell_quoted(joined))])
    return phrases, unread


def _shell_quoted(text: str) -> str:
    """``text`` quoted for a shell as a person would: in double quotes when it holds an apostrophe and nothing a
    shell expands there (``"what is my partner's discard pile?"``)."""
    import shlex  # imported for this message alone, not by every ruling

    if "'" in text and not any(char in text for char in '"$`\\!'):
        return f'"{text}"'
    return shlex.quote(text)


def _as_typed(state: GameState, move: Move, shown: str) -> str:
    """``move`` as a player of the language in use types it (the words of play are loaded only off English)."""
    if language() == "en":
        return shown
    from ..play.words import move_to_type

    return move_to_type(state, move)


@collector_paused()
def rule_on_moves(state: GameState, phrases: list[Phrase], language: str = ENGLISH,
                  ) -> tuple[list[MoveReport], Optional[Unread]]:
    """Read each move in the position it meets and play the moves in order, stopping after the first not legal;
    a move the position leaves unreadable (``my 4 on the 3`` where no pile shows a 3) stops the reading.

    The garbage collector is held off throughout: the searches of a long check keep large acyclic tables for one
    another, and its passes over them after each search cost a third of the check."""
    reports = []
    quality = MoveQuality()
    for phrase in phrases:
        try:
            move = read_move(state, phrase, language)
        except NotationError as error:
            return reports, Unread(phrase.text, [error.message])
        ruling = check_move(state, move)
        shown = written(state, move)
        said = _as_typed(state, move, shown)
        if not ruling.legal:
            reports.append(MoveReport(phrase.text, move, shown, said, ruling))
            break
        verdict = quality(state, move)
        outcome = apply_move(state, move)
        reports.append(MoveReport(phrase.text, move, shown, said, ruling, outcome.events, verdict))
        state = outcome.state
    return reports, None


def report_ambiguity(error: AmbiguousMove, *, as_json: bool) -> NoReturn:
    """Exit 2 with every reading of an ambiguous move and its ruling: the check never guesses. A person reads
    the moves to type instead as the language in use types them; JSON keeps the canonical form."""
    message = error.message
    if not as_json and language() != "en":
        from .move_choices import ambiguity_said  # the words of play are loaded only off English

        message = ambiguity_said(error)
    sys.stderr.write(_("error: {problem}").format(problem=printable(message)) + "\n")
    if as_json:
        readings = [{"move": form, "legal": legal_value(ruling.verdict),
                     **({"rule": ruling.rule} if ruling.rule else {}), "reason": ruling.reason}
                    for form, (_move, ruling) in zip(error.forms, error.readings)]
        print_json({"error": {"kind": "ambiguous", "input": error.text, "problems": [error.message],
                              "readings": readings, "write": error.forms}})
    raise typer.Exit(EXIT_UNUSABLE)


def exit_status(reports: list[MoveReport]) -> int:
    last = reports[-1].ruling.verdict if reports else Verdict.LEGAL
    return {Verdict.LEGAL: EXIT_LEGAL, Verdict.ILLEGAL: EXIT_ILLEGAL, Verdict.UNDECIDABLE: EXIT_UNUSABLE}[last]


def split_arguments(arguments: list[str], quick: QuickPosition) -> tuple[Optional[str], list[str]]:
    """The scenario file and the moves; with a one-line position all are moves, unless the first is a file."""
    first = arguments[0]
    if quick.given and not (first.lower().endswith((".yaml", ".yml")) or os.path.isfile(first)):
        return None, arguments
    return first, arguments[1:]


def _missing_part(first: Optional[str], quick: QuickPosition) -> str:
    """What a lone argument lacks: a move after the position, or the position before a move."""
    if first is not None and not quick.given and not os.path.exists(first):
        try:
            parse_phrases(first)
        except NotationError:
            pass
        else:
            return _("no position given: {move!r} is a move; give a scenario file first, or a one-line position "
                     "such as --build 6,-,2,- --stock 7").format(move=first)
    return _("give at least one move, e.g. \"stock to build 1\"")


@with_quick_position
def check_command(
    arguments: list[str] = typer.Argument(..., metavar="[SCENARIO] MOVE...",
                                          help="A scenario file (none with a one-line position), then the moves, "
                                               "quoted or as separate words: \"the 7 from my stock on build 1\"."),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON document."),
    verbose: bool = typer.Option(False, "--verbose", "-v", help="Show the whole better turn, not just its key move."),
    quick: QuickPosition = None,  # type: ignore[assignment]
) -> None:
    """Rule on the moves of a turn: legal or not, which rule, and why.

    Exit status: 0 all legal, 1 a move is illegal, 2 the input is unusable.
    """
    path, texts = split_arguments(arguments, quick)
    if not texts:
        unusable([_missing_part(path, quick)], as_json=as_json, kind="usage")
    scenario = load_position(path, quick, as_json=as_json)
    phrases, unread = parse_moves(texts, typed_language())
    try:
        reports, unread_here = rule_on_moves(scenario.state, phrases, typed_language())
    except UnknownPlayer as error:
        unusable([f"{scenario.source}: {error}"], as_json=as_json, kind="notation")
    except AmbiguousMove as error:
        report_ambiguity(error, as_json=as_json)
    unread = unread_here or unread
    if unread is not None and reports and not reports[-1].ruling.legal:
        unread = None  # the check stops at the move that is not legal; the unreadable one comes after it
    answered = None
    if unread is not None and not phrases:  # a question is answered as tutor rules answers it (loaded only then)
        from .rules import answer_document, emit_answer, question_answer

        answered = question_answer(unread.text)
    if as_json:
        moves = [report.to_json() for report in reports]
        if unread is not None:
            ruled = {"moves": moves} if moves else {}  # the moves before the unreadable one, ruled on
            asked = {"answer": answer_document(answered)} if answered else {}
            print_json({"error": {"kind": "notation", "input": unread.text, "problems": unread.problems, **ruled,
                                  **asked}})
        else:
            legal = legal_value(reports[-1].ruling.verdict) if reports else True
            print_json({"legal": legal, "moves": moves})
    elif reports:
        from .rulings import print_rulings

        print_rulings(scenario, reports, verbose=verbose)
    elif answered:
        emit_answer(answered, as_json=False)
    if unread is not None:
        unusable(unread.problems, as_json=False, kind="notation")
    raise typer.Exit(exit_status(reports))
