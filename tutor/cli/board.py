"""The table drawn as a player sees it: build piles, then each seat's stock, hand and discards."""

from __future__ import annotations

from rich.console import Console, Group
from rich.table import Table
from rich.text import Text

from ..classroom.texts import text
from ..engine import GameState, Phase
from ..engine.cards import a_card, card_label, n_cards
from ..engine.state import DISCARD_PILES
from ..i18n.grammar import PLAYER, shown_name
from ..scenario import Scenario
from .output import printable
from .render import card_text, cards_text

_PHASE_WORDS = {Phase.START: "board-start", Phase.PLAY: "board-play", Phase.ENDED: "board-ended",
                Phase.OVER: "board-over"}


def print_title(out: Console, scenario: Scenario) -> None:
    """A position's title and description, then a blank line before its table."""
    out.print(Text(printable(scenario.title), style="bold underline"))
    if scenario.description:
        out.print(Text(printable(scenario.description.strip())))
    out.print()


def board(state: GameState, *, reveal: bool = False) -> Group:
    """The table and a line saying how to read it; hands other than the mover's show only their size unless
    ``reveal``."""
    return Group(_centre(state), _seats(state, reveal), _legend(state))


def _centre(state: GameState) -> Group:
    piles = Text(text("board-build-piles"), style="bold")
    for slot, pile in enumerate(state.build, start=1):
        top = _build_top(pile) if pile else Text("-", style="dim")
        piles.append_text(Text.assemble(f"{slot}: ", top, "   "))
    if state.phase is Phase.ENDED and state.mover.name == PLAYER:
        phase = text("board-ended-you")  # "your turn", never "you's turn"
    else:
        phase = text(_PHASE_WORDS[state.phase], name=printable(shown_name(state.mover.name)))
    status = Text(text("board-status", draw=len(state.draw_pile), aside=len(state.completed), phase=phase),
                  style="dim")
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
    table.add_column(text("board-player"))
    table.add_column(text("board-stock"), justify="right")
    table.add_column(text("board-hand"))
    table.add_column(text("board-discards"))
    partners = set(state.team_of(state.turn))
    to_move = state.turn if state.phase is not Phase.OVER else None  # a finished round has nobody to move
    for seat, player in enumerate(state.players):
        name = Text(printable(shown_name(player.name)), style="bold" if seat == to_move else "")
        if seat == to_move:
            name.append(" *", style="bold yellow")
        elif seat in partners:
            name.append(text("board-partner"), style="dim")
        if player.stock:
            stock = Text.assemble(card_text(player.stock_top), f" /{len(player.stock)}")
        else:
            stock = Text(text("board-empty"), style="dim")
        if seat == state.turn or reveal:
            hand = cards_text(player.hand) if player.hand else Text(text("board-empty"), style="dim")
        else:
            hand = Text(n_cards(len(player.hand)), style="dim")
        piles = Text("  ").join(
            cards_text(player.discards[pile]) if player.discards[pile] else Text("-", style="dim")
            for pile in range(DISCARD_PILES)
        )
        table.add_row(name, stock, hand, piles)
    return table


def _legend(state: GameState) -> Text:
    """How to read the table, with the numbers of the stock of the player to move, and what ``SB=5`` on a build
    pile means when one shows it."""
    mover = state.mover
    if state.phase is Phase.OVER:
        legend = text("board-legend-over")
    elif mover.stock and mover.stock_top is not None:
        top = mover.stock_top
        legend = text("board-legend", top=card_label(top), a_top=a_card(top), count=len(mover.stock),
                      cards=n_cards(len(mover.stock)))
    else:
        legend = text("board-legend-no-stock")
    wild = next((len(pile) for pile in state.build if pile and pile[-1] == 0), None)
    if wild is not None:
        legend = text("board-legend-wild", legend=legend, value=wild)
    return Text(legend, style="dim")
