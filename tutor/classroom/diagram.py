"""A position drawn as an SVG picture, for worksheets, slides and print.

``board_svg(scenario)`` draws the build piles, the draw pile, and for each
seat the stock (face-up top and count), the hand and the fanned discard
piles, with the title and question underneath. Cards carry their number in
large type, in the deck's colours (1-4 blue, 5-8 green, 9-12 red, SB wild);
the numbers never rely on colour, so the picture prints in black and white.
Cards the player to move cannot see are drawn face down with a hatched back.

Every card is a ``<g class="card">`` with ``data-card`` (``7``, ``SB``) or
``data-face="down"``, and ``data-pile`` naming its pile, so programs and
tests can read the picture back.
"""

from __future__ import annotations

import textwrap
from typing import Optional

from ..engine.cards import SKIP_BO, MaybeCard, card_colour, card_label
from ..engine.state import GameState, Player
from ..scenario import Scenario
from .markup import escape
from .texts import cards, text

WIDTH = 840
CARD_W, CARD_H = 54, 76
FAN_STEP = 20  # how much of each buried discard card shows
HAND_STEP = CARD_W + 6
INK = {"blue": "#1d4f9e", "green": "#1c6b2f", "red": "#b3261e", "wild": "#6a1b9a", "hidden": "#555555"}
FONT = "DejaVu Sans, Verdana, Arial, sans-serif"
PILE_X = {"name": 16, "stock": 150, "hand": 236, "discards": 556}
NAME_ROOM = 11  # characters of a name written before the stock (a longer one is cut, with an ellipsis)
NAME_WIDTH = PILE_X["stock"] - PILE_X["name"] - 14  # the room they have: a wide name is narrowed to fit
# Widths of DejaVu Sans Bold letters as a share of the font size, rounded up: enough to tell when a name overflows
NARROW, MIDDLE, WIDE = "ijlI.,:;'|! ", "ftr", "mwMW"
WRAP = 88  # characters per line of the title and question
SMALL = 16  # the size of the piles' names, counts and free slots: about 8 pt where a sheet prints the picture
LABEL = 18  # the size of headings in the picture (about 9 pt printed)

_DEFS = """<defs>
<pattern id="{back}" width="8" height="8" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
<rect width="8" height="8" fill="#d9d9d9"/><line x1="0" y1="0" x2="0" y2="8" stroke="#333333" stroke-width="3"/>
</pattern>
</defs>"""


def board_svg(scenario: Scenario, *, reveal: bool = False, ident: str = "board", caption: bool = True) -> str:
    """The position of ``scenario`` as a complete SVG document.

    Other players' hands are face down unless ``reveal``; cards the file does
    not show (an unknown stock top, a hand given as a count) are always face down.
    ``ident`` starts the picture's internal ids, to keep them apart where one page holds several;
    ``caption`` writes the title and question underneath (a page that prints them itself leaves it out).
    """
    state = scenario.state
    back = f"{ident}-back"
    parts: list[str] = []
    y = _centre(parts, state, back)
    partners = set(state.team_of(state.turn))
    for seat, player in enumerate(state.players):
        shown = seat == state.turn or reveal
        y = _seat(parts, player, y, back, mover=seat == state.turn,
                  partner=seat in partners and seat != state.turn, hand_shown=shown)
    if caption:
        y = _caption(parts, scenario, y + 10) + 16
    height = y
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" '
            f'viewBox="0 0 {WIDTH} {height}" font-family="{FONT}" role="img">\n'
            f"<title>{escape(scenario.title)}</title>\n{_DEFS.format(back=back)}\n"
            f'<rect width="{WIDTH}" height="{height}" fill="#ffffff"/>\n' + "\n".join(parts) + "\n</svg>\n")


def _centre(parts: list[str], state: GameState, back: str) -> int:
    """The build piles and the draw pile; returns the height used."""
    parts.append(_label(16, 24, text("build-piles"), bold=True))
    for slot, pile in enumerate(state.build):
        x = 16 + slot * (CARD_W + 22)
        parts.append(_small(x + CARD_W / 2, 45, str(slot + 1), anchor="middle"))
        if not pile:
            parts.append(_free_slot(x, 50, f"build {slot + 1}"))
            continue
        top = pile[-1]
        shown = SKIP_BO if top == SKIP_BO else len(pile)
        parts.append(_card(x, 50, shown, f"build {slot + 1}", back))
        if top == SKIP_BO:
            parts.append(_small(x + CARD_W / 2, 50 + CARD_H + 17, text("sb-as", value=len(pile)), anchor="middle"))
    x = 16 + 4 * (CARD_W + 22) + 40
    parts.append(_label(x, 24, text("draw-pile"), bold=True))
    if state.draw_pile:
        parts.append(_card(x, 50, None, "draw pile", back))
    else:
        parts.append(_free_slot(x, 50, "draw pile"))
    parts.append(_small(x + CARD_W + 10, 70, cards(len(state.draw_pile))))
    if state.completed:
        parts.append(_small(x + CARD_W + 10, 88, text("set-aside", count=len(state.completed))))
    return 50 + CARD_H + 30


def _seat(parts: list[str], player: Player, top: int, back: str, *, mover: bool, partner: bool, hand_shown: bool) -> int:
    """One player's row: name, stock, hand, discard piles; returns where the next row starts."""
    longest = max((len(pile) for pile in player.discards), default=0)
    height = 30 + CARD_H + max(0, longest - 1) * FAN_STEP + 30
    parts.append(f'<line x1="8" y1="{top}" x2="{WIDTH - 8}" y2="{top}" stroke="#999999" stroke-width="1"/>')
    if mover:
        parts.append(f'<rect x="8" y="{top + 4}" width="6" height="{height - 8}" fill="#000000"/>')
    name = player.name if len(player.name) <= NAME_ROOM else player.name[:NAME_ROOM - 1] + "\u2026"
    parts.append(_label(PILE_X["name"] + 6, top + 24, name, bold=mover, size=LABEL + 1, room=NAME_WIDTH))
    if mover:
        parts.append(_small(PILE_X["name"] + 6, top + 44, f"\u25B6 {text('to-move')}", bold=True, room=NAME_WIDTH))
    elif partner:
        parts.append(_small(PILE_X["name"] + 6, top + 44, f"({text('partner')})", room=NAME_WIDTH))
    y = top + 30
    parts.append(_small(PILE_X["stock"], top + 20, text("stock")))
    pile_name = f"{player.name} stock"
    if player.stock:
        parts.append(_card(PILE_X["stock"], y, player.stock_top, pile_name, back))
        parts.append(_small(PILE_X["stock"] + CARD_W / 2, y + CARD_H + 17, cards(len(player.stock)),
                            anchor="middle"))
    else:
        parts.append(_free_slot(PILE_X["stock"], y, pile_name, text("stock-empty")))
    parts.append(_small(PILE_X["hand"], top + 20, text("hand")))
    if not player.hand:
        parts.append(_small(PILE_X["hand"], y + 20, text("hand-empty")))
    for index, card in enumerate(player.hand):
        parts.append(_card(PILE_X["hand"] + index * HAND_STEP, y, card if hand_shown else None,
                           f"{player.name} hand", back))
    parts.append(_small(PILE_X["discards"], top + 20, text("discard-piles"), room=WIDTH - PILE_X["discards"] - 8))
    for number, pile in enumerate(player.discards, start=1):
        x = PILE_X["discards"] + (number - 1) * (CARD_W + 16)
        name = f"{player.name} discard {number}"
        if not pile:
            parts.append(_free_slot(x, y, name, str(number)))
        for depth, card in enumerate(pile):
            parts.append(_card(x, y + depth * FAN_STEP, card, name, back))
    return top + height


def _caption(parts: list[str], scenario: Scenario, top: int) -> int:
    """The title and the question under the table; returns where the text ends."""
    parts.append(f'<line x1="8" y1="{top}" x2="{WIDTH - 8}" y2="{top}" stroke="#999999" stroke-width="1"/>')
    y = top + 26
    for line in textwrap.wrap(scenario.title, WRAP - 20):
        parts.append(_label(16, y, line, bold=True, size=18, role="board-title"))
        y += 24
    question = scenario.data.get("question")
    if isinstance(question, str) and question.strip():
        for line in textwrap.wrap(text("question", question=" ".join(question.split())), WRAP):
            parts.append(_label(16, y, line, size=15, role="board-question"))
            y += 20
    return y


def _card(x: float, y: float, card: MaybeCard, pile: str, back: str) -> str:
    """One card: face up with its number in large type, or face down (``card`` None)."""
    where = f'class="card" data-pile="{escape(pile)}"'
    if card is None:
        return (f'<g {where} data-face="down"><rect x="{x}" y="{y}" width="{CARD_W}" height="{CARD_H}" rx="6" '
                f'fill="url(#{back})" stroke="#000000" stroke-width="1.5"/></g>')
    label = card_label(card)
    ink = INK[card_colour(card)]
    wild = card == SKIP_BO
    frame = (f'<rect x="{x + 3}" y="{y + 3}" width="{CARD_W - 6}" height="{CARD_H - 6}" rx="4" fill="none" '
             f'stroke="{ink}" stroke-width="1" stroke-dasharray="3 2"/>') if wild else ""
    size = 24 if wild else 32
    return (f'<g {where} data-card="{label}"><rect x="{x}" y="{y}" width="{CARD_W}" height="{CARD_H}" rx="6" '
            f'fill="#ffffff" stroke="{ink}" stroke-width="2.5"/>{frame}'
            f'<text x="{x + 5}" y="{y + 15}" font-size="13" font-weight="bold" fill="{ink}">{label}</text>'
            f'<text x="{x + CARD_W / 2}" y="{y + CARD_H / 2 + size / 3}" font-size="{size}" font-weight="bold" '
            f'text-anchor="middle" fill="{ink}">{label}</text></g>')


def _free_slot(x: float, y: float, pile: str, words: Optional[str] = None) -> str:
    words = text("free-slot") if words is None else words
    return (f'<g class="slot" data-pile="{escape(pile)}"><rect x="{x}" y="{y}" width="{CARD_W}" height="{CARD_H}" '
            f'rx="6" fill="none" stroke="#777777" stroke-width="1.5" stroke-dasharray="5 4"/>'
            + _small(x + CARD_W / 2, y + CARD_H / 2 + 4, words, anchor="middle") + "</g>")


def _label(x: float, y: float, words: str, *, bold: bool = False, size: int = LABEL, role: str = "",
           room: Optional[float] = None) -> str:
    """Text; ``room``: the width it must keep within, however wide its letters (it is narrowed to fit)."""
    weight = ' font-weight="bold"' if bold else ""
    cls = f' class="{role}"' if role else ""
    fit = ""
    if room is not None and _width(words, size) > room:
        fit = f' textLength="{room}" lengthAdjust="spacingAndGlyphs"'
    return f'<text{cls} x="{x}" y="{y}" font-size="{size}"{weight}{fit} fill="#000000">{escape(words)}</text>'


def _width(words: str, size: int) -> float:
    """About how wide ``words`` print in bold at ``size`` (never much less than they are)."""
    def share(letter: str) -> float:
        if letter in NARROW:
            return 0.37
        if letter in MIDDLE:
            return 0.5
        if letter in WIDE:
            return 1.04
        return 0.81 if letter.isupper() else 0.73
    return size * sum(share(letter) for letter in words)


def _small(x: float, y: float, words: str, *, anchor: str = "start", bold: bool = False,
           room: Optional[float] = None) -> str:
    """Small text; ``room``: the width it must keep within (it is narrowed to fit)."""
    weight = ' font-weight="bold"' if bold else ""
    fit = f' textLength="{room}" lengthAdjust="spacingAndGlyphs"' if room and _width(words, SMALL) * 0.9 > room else ""
    return (f'<text x="{x}" y="{y}" font-size="{SMALL}"{weight}{fit} text-anchor="{anchor}" '
            f'fill="#222222">{escape(words)}</text>')
