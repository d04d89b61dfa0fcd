"""``tutor moves``: list every legal move in a position."""

from __future__ import annotations

from typing import Optional

import typer

from ..engine import check_move, format_compact, legal_moves
from ..engine.reading import written
from ..i18n import _, ngettext
from ..i18n.grammar import PLAYER
from .output import console, print_json, printable
from .positions import load_position, with_quick_position
from .quick import QuickPosition


@with_quick_position
def moves_command(
    scenario: Optional[str] = typer.Argument(None, help="A scenario file (or give a one-line position)."),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON document."),
    quick: QuickPosition = None,  # type: ignore[assignment]
) -> None:
    """List every legal move for the player to move, with what each does."""
    loaded = load_position(scenario, quick, as_json=as_json)
    state = loaded.state
    listed = [(move, check_move(state, move).reason) for move in legal_moves(state)]
    if as_json:
        print_json({"player": state.mover.name, "moves": [
            {"move": written(state, move), "compact": format_compact(move), "reason": reason} for move, reason in listed
        ]})
        return
    from rich.table import Table

    from ..play.words import move_to_type
    from .rulings import highlight_cards

    out = console()
    if not listed:
        if state.mover.name == PLAYER:
            out.print(_("No legal move for you: the turn or the round is over."))
        else:
            out.print(_("No legal move for {name}: the turn or the round is over.").format(
                name=printable(state.mover.name)))
        return
    if state.mover.name == PLAYER:
        title = ngettext("{count} legal move for you", "{count} legal moves for you", len(listed)).format(
            count=len(listed))
    else:
        title = ngettext("{count} legal move for {name}", "{count} legal moves for {name}", len(listed)).format(
            count=len(listed), name=printable(state.mover.name))
    rows = [(f"{number}.", move_to_type(state, move), format_compact(move), reason)
            for number, (move, reason) in enumerate(listed, start=1)]
    if _fits_beside(out.width, rows):
        table = Table(title=title, title_justify="left",
                      box=None, padding=(0, 1), show_header=False)
        table.add_column(justify="right", style="dim")
        table.add_column(style="bold", no_wrap=True)
        table.add_column(style="dim", no_wrap=True)
        table.add_column(ratio=1)
        for number, said, compact, reason in rows:
            table.add_row(number, said, compact, highlight_cards(reason))
        out.print(table)
        return
    from rich.text import Text

    from .rulings import print_wrapped

    out.print(title, soft_wrap=True)
    for number, said, compact, reason in rows:  # too narrow for columns: each reason under its move
        out.print(Text.assemble(f"{number:>4} ", (said, "bold"), "  ", (compact, "dim")), soft_wrap=True)
        print_wrapped(out, reason, "dim", indent="     ")


READABLE_REASON = 30  # the narrowest column a reason reads well in, beside its move


def _fits_beside(width: int, rows: list[tuple[str, str, str, str]]) -> bool:
    """Whether each move, its compact form and a readable column for its reason fit on one line of ``width``."""
    widest = [max(len(row[column]) for row in rows) for column in range(3)]
    return sum(widest) + 3 + READABLE_REASON <= width
