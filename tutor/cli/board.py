"""The table drawn as a player sees it: build piles, then each seat's stock, hand and discards."""

from __future__ import annotations

from rich.console import Console, Group
from rich.table import Table
from rich.text import Text

from ..engine import GameState, Phase
from ..engine.state import DISCARD_PILES
from ..i18n import _, ngettext
from ..i18n.grammar import shown_name
from ..scenario import Scenario
from .output import printable
from .render import card_text, cards_text



def _phase_words(phase: Phase) -> str:
    if phase is Phase.START:
        return _("before the draw")
    if phase is Phase.PLAY:
        return _("hand drawn")
    if phase is Phase.ENDED:
        return _("turn ended")
    return _("round over")


def print_title(out: Console, scenario: Scenario) -> None:
    """A position's title and description, then a blank line before its table."""
    out.print(Text(printable(scenario.title), style="bold underline"))
    if scenario.description:
        out.print(Text(printable(scenario.description.strip())))
    out.print()


def board(state: GameState, *, reveal: bool = False) -> Group:
    """The table; hands other than the mover's show only their size unless ``reveal``."""
    return Group(_centre(state), _seats(state, reveal))


def _centre(state: GameState) -> Group:
    piles = Text(_("Build piles") + "  ", style="bold")
    for slot, pile in enumerate(state.build, start=1):
        top = _build_top(pile) if pile else Text("-", style="dim")
        piles.append_text(Text.assemble(f"{slot}: ", top, "   "))
    status = Text(_("draw pile {draw} · set aside {aside} · {name} to move, {phase}").format(
        draw=len(state.draw_pile), aside=len(state.completed), name=printable(shown_name(state.mover.name)),
        phase=_phase_words(state.phase)), style="dim")
    return Group(piles, status, Text())


def _build_top(pile: tuple) -> Text:
    """The value a build pile shows; an SB on top is shown with the value it stands for."""
    value = len(pile)
    top = pile[-1]
    if top == 0:
        return Text.assemble(card_text(0), f"={value}")
    return card_text(value)


def _seats(state: GameState, reveal: bool) -> Table:
    table = Table(show_header=True, header_style="bold", box=None, padding=(0, 2, 0, 0), expand=False)
    table.add_column(_("player"))
    table.add_column(_("stock"), justify="right")
    table.add_column(_("hand"))
    table.add_column(_("discard piles (bottom to top)"))
    partners = set(state.team_of(state.turn))
    for seat, player in enumerate(state.players):
        name = Text(printable(shown_name(player.name)), style="bold" if seat == state.turn else "")
        if seat == state.turn:
            name.append(" *", style="bold yellow")
        elif seat in partners:
            name.append(" " + _("(partner)"), style="dim")
        if player.stock:
            stock = Text.assemble(card_text(player.stock_top), f" /{len(player.stock)}")
        else:
            stock = Text(_("empty"), style="dim")
        if seat == state.turn or reveal:
            hand = cards_text(player.hand) if player.hand else Text(_("empty"), style="dim")
        else:
            hand = Text(ngettext("{count} card", "{count} cards", len(player.hand)).format(count=len(player.hand)),
                        style="dim")
        piles = Text("  ").join(
            cards_text(player.discards[pile]) if player.discards[pile] else Text("-", style="dim")
            for pile in range(DISCARD_PILES)
        )
        table.add_row(name, stock, hand, piles)
    return table
