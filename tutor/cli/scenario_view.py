"""A scenario drawn for ``tutor scenario show``: the player's view, or the teacher's with --reveal."""

from __future__ import annotations

from rich.padding import Padding
from rich.text import Text

from ..engine import GameState
from ..engine.view import player_view
from ..i18n import _
from ..i18n.grammar import genitive
from ..scenario.files import CheckedFile
from .board import board, print_title
from .output import console, printable
from .render import card_text, cards_text


def print_scenario(checked: CheckedFile, *, reveal: bool) -> None:
    """The title, texts and table; with ``reveal`` every hidden card, the expectations and the answer."""
    scenario = checked.scenario
    data = scenario.data
    state = scenario.state
    out = console()
    print_title(out, scenario)
    shown = state if reveal else player_view(state, state.turn)
    out.print(board(shown, reveal=reveal))
    if data.get("question"):
        out.print()
        out.print(Text.assemble((_("Question:") + " ", "bold"), printable(data["question"].strip())))
    if not reveal:
        return
    out.print()
    out.print(Text(_("Hidden from the player to move"), style="bold"))
    for line in hidden_lines(state):
        out.print(Padding(line, (0, 0, 0, 2)))
    if checked.expectations:
        out.print()
        out.print(Text(_("Expected rulings"), style="bold"))
        for expectation in checked.expectations:
            line = Text.assemble("- ", (expectation.moves_text, "bold"), f": {expectation.summary}")
            out.print(Padding(line, (0, 0, 0, 2)))
    if data.get("answer"):
        out.print()
        out.print(Text(_("Answer"), style="bold"))
        out.print(Padding(Text(printable(data["answer"].strip())), (0, 0, 0, 2)))


def hidden_lines(state: GameState) -> list[Text]:
    """What only the file knows: other hands, the cards under each stock top, the draw pile's next cards."""
    lines = []
    for seat, player in enumerate(state.players):
        if seat != state.turn:
            lines.append(Text.assemble(_("{whose} hand:").format(whose=_whose(player.name)) + " ", _cards(player.hand)))
        under = player.stock[:-1]
        if under:
            lines.append(Text.assemble(_("{whose} stock under the top (next first):").format(
                whose=_whose(player.name)) + " ", _cards(tuple(reversed(under)))))
    coming = tuple(reversed(state.draw_pile))
    lines.append(Text.assemble(_("draw pile ({count} cards, next first):").format(count=len(coming)) + " ",
                               _cards(coming)))
    if state.completed:
        lines.append(Text(_("set aside in completed piles: {count} cards").format(count=len(state.completed))))
    return lines


def _whose(name: str) -> str:
    return _("your") if name.casefold() == "you" else genitive(printable(name))


def _cards(cards: tuple) -> Text:
    """Known cards in colour, with the unknown ones counted rather than drawn one by one."""
    if not cards:
        return Text(_("none"), style="dim")
    known = [card for card in cards if card is not None]
    unknown = len(cards) - len(known)
    if known and cards[: len(known)] == tuple(known):
        text = cards_text(known)
        return text.append(_(", then {count} cards not fixed by the file").format(count=unknown),
                           style="dim") if unknown else text
    if not known:
        return Text(_("{count} cards not fixed by the file").format(count=unknown), style="dim")
    return Text(" ").join(card_text(card) for card in cards)
