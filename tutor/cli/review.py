"""``tutor review``: every turn of a recorded game graded by the coach, accuracy, the costliest moments."""

from __future__ import annotations

import math
from pathlib import Path
from typing import TYPE_CHECKING, Optional

import typer

from ..coach.templates import GRADES, in_stock_cards
from ..coach.verdicts import BLUNDER_FROM, MISTAKE_FROM
from ..i18n import _
from ..i18n.grammar import PLAYER, shown_name
from ..i18n.numbers import percent
from ..play import texts
from ..records.model import HUMAN
from .output import print_json, unusable

if TYPE_CHECKING:
    from rich.console import Console

    from ..play.review import Review, TurnReview

BARS = "▁▂▃▄▅▆▇█"
EMPTY_STOCK = "·"
MARK = "^"
TURN_HANG = 5  # a turn's line goes on under its moves, past the turn's number


def review_command(
    record: Optional[Path] = typer.Argument(None, metavar="[RECORD]",
                                            help="A game record (tutor play, tutor simulate --record); "
                                                 "without one, the latest game of tutor play."),
    list_records: bool = typer.Option(False, "--list", help="List the records tutor play keeps, and where."),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON document."),
) -> None:
    """Grade every turn of a recorded game: accuracy per player, the costliest moments, a timeline.

    The coach judges each move from what its player could see. The timeline
    shows the stock counts over the turns with the mistakes marked. With no
    RECORD, the latest game played to its end with tutor play is reviewed;
    --list shows them all and the folder they are kept in.

    Exit status: 0 reviewed, 2 the record is unusable (or there is none).
    """
    from ..play.review import review_record
    from ..play.saves import SaveStore
    from ..records.files import RecordError, read_record

    store = SaveStore()
    latest = record is None
    if list_records:
        _list_records(store, as_json)
        return
    if record is None:
        kept = store.finished()
        if not kept:
            unusable([texts.REVIEW_NO_RECORDS.format(folder=store.records)], as_json=as_json, kind="record")
        record = kept[-1]
    try:
        game = read_record(record)
    except RecordError as error:
        unusable(error.lines(), as_json=as_json, kind="record")
    if as_json:
        print_json(review_record(game).to_json())
        return
    from .output import console, error_console

    with error_console().status("reviewing") as status:
        review = review_record(game, lambda done, total: status.update(
            _("reviewing turn {done} of {total}").format(done=done, total=total)))
    print_review(console(), review, str(record), latest=latest)


def _list_records(store, as_json: bool) -> None:
    """The records kept by tutor play, oldest first, with their players and rounds."""
    from ..records.files import RecordError, record_outline

    listed = []
    for path in store.finished():
        try:
            outline = record_outline(path)  # only what the list shows: not the rounds' moves
        except RecordError as error:
            listed.append({"path": str(path), "problem": error.lines()[0]})
            continue
        listed.append({"path": str(path), "players": list(outline.players), "rounds": outline.rounds})
    if as_json:
        print_json({"folder": str(store.records), "records": listed})
        return
    from .output import console
    from .rulings import print_wrapped

    out = console()
    if not listed:
        print_wrapped(out, texts.REVIEW_NO_RECORDS.format(folder=store.records), indent="")
        return
    out.print(texts.REVIEW_LIST_TITLE.format(folder=store.records), style="bold", soft_wrap=True, markup=False,
              highlight=False)  # a path is never broken
    for entry in listed:
        if "problem" in entry:
            line = texts.REVIEW_LIST_UNREADABLE.format(path=entry["path"], problem=entry["problem"])
        else:
            rounds = texts.rounds_counted(entry["rounds"])
            players = texts.AND.join(map(shown_name, entry["players"]))
            line = texts.REVIEW_LIST_LINE.format(path=entry["path"], players=players, rounds=rounds)
        out.print(line, soft_wrap=True, markup=False, highlight=False)
    print_wrapped(out, texts.REVIEW_LIST_HOW, "dim", indent="")


def _addressed(player: str, explanation: str) -> str:
    """The coach's explanation of a move, which speaks to its mover ("your stock"), named as said to that player
    where the mover is not the person at the keyboard."""
    return explanation if player == PLAYER else texts.REVIEW_TO_PLAYER.format(player=player, explanation=explanation)


def plays_as(plays: str) -> str:
    """Who plays a seat, as a person reads it: a bot's name as the record keeps it, a person in the language."""
    return texts.PLAYS_HUMAN if plays == HUMAN else plays


def print_review(out: "Console", review: "Review", source: str, latest: bool = False) -> None:
    """The review of the record at ``source``; ``latest``: it was chosen as the newest game kept, and the title
    says so."""
    from .rulings import print_wrapped

    setup = review.record.setup
    players = ", ".join(texts.PLAYER_BOT.format(name=shown_name(s.name), bot=plays_as(s.plays)) for s in setup.seats)
    title = texts.REVIEW_LATEST if latest else texts.REVIEW_TITLE
    print_wrapped(out, title.format(source=source, players=players), "bold", indent="")
    loss_explained = False
    for number, played in enumerate(review.record.rounds, start=1):
        out.print()
        print_wrapped(out, texts.REVIEW_ROUND.format(round=number, outcome=_outcome(played)), "bold", indent="")
        for turn in (t for t in review.turns if t.round == number):
            _print_turn(out, turn)
            if not loss_explained and _grade_note(turn) is texts.REVIEW_TURN_GRADE:
                loss_explained = True  # said once, under the first figure
                print_wrapped(out, texts.REVIEW_LOSS_MEANING.format(mistake=in_stock_cards(MISTAKE_FROM),
                                                                    blunder=in_stock_cards(BLUNDER_FROM)),
                              "dim", indent=" " * TURN_HANG)
    out.print()
    _print_accuracy(out, review)
    out.print()
    print_wrapped(out, texts.COSTLIEST_TITLE, "bold", indent="")
    for summary in review.players:
        if not summary.costliest:
            print_wrapped(out, texts.COSTLY_NONE.format(player=shown_name(summary.name)), "dim", indent="  ")
        for moment in summary.costliest:
            assessment = moment.assessment
            line = texts.COSTLY_LINE_MISSED_WIN if assessment.misses_win else texts.COSTLY_LINE
            print_wrapped(out, line.format(player=shown_name(moment.player), turn=moment.turn, round=moment.round,
                                           move=_move(moment.move), grade=GRADES.text(assessment.grade),
                                           loss=in_stock_cards(assessment.loss)), "yellow", indent="  ")
            print_wrapped(out, _addressed(moment.player, assessment.explanation), indent="    ")
    for number in range(1, len(review.record.rounds) + 1):
        out.print()
        print_timeline(out, review, number)


def _outcome(played) -> str:
    if played.result is None:
        return texts.REVIEW_ROUND_OPEN
    if not played.result.finished:
        return texts.REVIEW_ROUND_STOPPED
    if not played.result.winners:
        return texts.REVIEW_ROUND_NO_WINNER
    return texts.REVIEW_ROUND_WON.format(winners=texts.AND.join(map(shown_name, played.result.winners)),
                                         points=played.result.points)


def _move(move) -> str:
    from ..play.words import move_in_words

    return move_in_words(move)


def _print_turn(out: "Console", turn: "TurnReview") -> None:
    from rich.text import Text

    from .rulings import print_wrapped

    moves = ", ".join(_move(m.move) for m in turn.moves) or texts.REVIEW_NO_MOVES
    line = Text(texts.REVIEW_TURN.format(turn=turn.turn, player=shown_name(turn.player), moves=moves))
    grade = _grade_note(turn)
    if grade is not None:
        style = {"best": "dim", "good": "dim", "inaccuracy": "yellow"}.get(turn.grade, "bold red")
        line.append(grade.format(grade=GRADES.text(turn.grade), loss=in_stock_cards(turn.loss)), style=style)
    for number, part in enumerate(line.wrap(out, max(out.width - TURN_HANG, 20), overflow="fold")):
        part.rstrip()
        out.print(Text(" " * TURN_HANG) + part if number else part, no_wrap=True, overflow="ignore")
    worst = turn.worst()
    if worst is not None and worst.assessment.quality == "weak":
        print_wrapped(out, _addressed(turn.player, worst.assessment.explanation), indent="       ")


def _grade_note(turn: "TurnReview") -> Optional[str]:
    """The template of a graded turn's note: its grade with the loss in stock cards, with no loss, or a missed
    win; None for a turn with nothing to grade."""
    if turn.grade is None:
        return None
    if turn.misses_win:
        return texts.REVIEW_TURN_GRADE_MISSED_WIN
    return texts.REVIEW_TURN_GRADE if in_stock_cards(turn.loss) != in_stock_cards(0) else \
        texts.REVIEW_TURN_GRADE_NO_LOSS


def _print_accuracy(out: "Console", review: "Review") -> None:
    from .rulings import print_wrapped

    print_wrapped(out, texts.ACCURACY_TITLE, "bold", indent="")
    print_wrapped(out, texts.ACCURACY_MEANING, "dim", indent="  ")
    for summary in review.players:
        moves = sum(summary.counts.values())
        if not moves:
            print_wrapped(out, texts.ACCURACY_NONE.format(player=shown_name(summary.name), plays=plays_as(summary.plays)),
                          indent="  ")
            continue
        print_wrapped(out, texts.ACCURACY_LINE.format(player=shown_name(summary.name), plays=plays_as(summary.plays), moves=moves,
                                                      accuracy=percent(summary.accuracy),
                                                      mean_loss=in_stock_cards(summary.mean_loss, 2),
                                                      **summary.counts)
                      + (texts.ACCURACY_MISSED_WINS.format(count=summary.wins_missed) if summary.wins_missed else ""),
                      indent="  ")


def timeline_rows(review: "Review", number: int, width: int) -> tuple[list[tuple[str, str, str]], int]:
    """Per player: name, a bar per column (stock cards left) and a mark row; and the turns per column."""
    from ..play.review import MARKED

    turns = [turn for turn in review.turns if turn.round == number]
    step = max(1, math.ceil(len(turns) / max(width, 1)))
    columns = [turns[i:i + step] for i in range(0, len(turns), step)]
    size = review.record.setup.stock_size
    rows = []
    for name in review.record.setup.names:
        bars = "".join(_bar(column[-1].stocks.get(name, 0), size) for column in columns)
        marks = "".join(MARK if any(t.player == name and t.grade in MARKED for t in column) else " "
                        for column in columns)
        rows.append((name, bars, marks.rstrip()))
    return rows, step


def _bar(count: int, size: int) -> str:
    if count <= 0:
        return EMPTY_STOCK
    return BARS[min(len(BARS) - 1, math.ceil(count / size * len(BARS)) - 1)]


def print_timeline(out: "Console", review: "Review", number: int) -> None:
    from rich.text import Text

    from .rulings import print_wrapped

    label = max(len(shown_name(name)) for name in review.record.setup.names) + 1
    rows, step = timeline_rows(review, number, out.width - label - 1)
    turns = [turn for turn in review.turns if turn.round == number]
    if not turns:
        return
    print_wrapped(out, texts.TIMELINE_TITLE.format(round=number), "bold", indent="")
    per = texts.TIMELINE_TURN if step == 1 else texts.TIMELINE_TURNS.format(count=step)
    print_wrapped(out, texts.TIMELINE_SPAN.format(first=turns[0].turn, last=turns[-1].turn, step=per), "dim",
                  indent="")
    for name, bars, marks in rows:
        out.print(Text(shown_name(name).ljust(label)) + Text(bars, style="cyan"), overflow="crop", no_wrap=True)
        if marks:
            out.print(Text(" " * label) + Text(marks, style="bold red"), overflow="crop", no_wrap=True)
