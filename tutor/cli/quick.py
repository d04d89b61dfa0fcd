"""A position in one line, for settling a question at the table.

``--build 6,-,2,- --stock 7 --hand 3,5,SB,9,12 --discards 11,10,9/-/-/-
--opponent Anna:8`` becomes the same data a scenario file holds, so it is
checked by the same rules. Cards left unsaid are unknown.
"""

from __future__ import annotations

import re
from dataclasses import field
from typing import Any, Iterable, Optional

from ..engine.cards import is_short_number, quoted
from ..engine.rules import and_list
from ..engine.text import fold
from ..engine.values import Value
from ..i18n import _
from .output import not_utf8

EMPTY_MARKS = {"-", "_", "x", "."}
WILD_TOP = r"^(?:sb|SB|Sb|sB)\s*=\s*(\d{1,2})$"  # compiled on first use (by re's cache): few checks need it
DEFAULT_STOCK_COUNT = 10


class QuickPositionError(ValueError):
    """A one-line position option that cannot be read."""


class QuickPosition(Value):
    """The options that describe a position on the command line."""

    build: Optional[str] = None
    stock: Optional[str] = None
    stock_count: Optional[int] = None
    hand: Optional[str] = None
    discards: Optional[str] = None
    opponents: list[str] = field(default_factory=list)
    partner: Optional[str] = None
    phase: Optional[str] = None
    draw_next: Optional[str] = None
    me: str = "you"

    def __init__(self, build: Optional[str] = None, stock: Optional[str] = None, stock_count: Optional[int] = None,
                 hand: Optional[str] = None, discards: Optional[str] = None, opponents: Iterable[str] = (),
                 partner: Optional[str] = None, phase: Optional[str] = None, draw_next: Optional[str] = None,
                 me: str = "you") -> None:
        self.__dict__.update(build=build, stock=stock, stock_count=stock_count, hand=hand, discards=discards,
                             opponents=list(opponents), partner=partner, phase=phase, draw_next=draw_next, me=me)

    @property
    def given(self) -> bool:
        """True when any part of a position was given."""
        return self != QuickPosition()

    def to_data(self) -> dict[str, Any]:
        """The scenario data this position stands for."""
        named = [("--me", self.me), *(("--opponent", text) for text in self.opponents), ("--partner", self.partner)]
        for option, text in named:
            problem = not_utf8(text or "", option)
            if problem:
                raise QuickPositionError(problem)
        me = {"name": self.me, "stock": _stock(self.stock, self.stock_count, "--stock"),
              "hand": _cards(self.hand, "--hand") if self.hand is not None else 5,
              "discards": _piles(self.discards, "--discards") if self.discards else []}
        opponents = [_other(text, "--opponent") for text in self.opponents or ["opponent"]]
        players = [me, *opponents]
        if self.phase == "start" and self.hand is None:
            raise QuickPositionError(_("--phase start needs --hand: whether the turn opens with a draw, and how many "
                                       "cards it takes, turns on how many cards the hand holds"))
        data: dict[str, Any] = {"title": self.title(), "turn": self.me}
        if self.partner is not None:
            if len(opponents) != 2:
                raise QuickPositionError(_("the team game needs two opponents: give --opponent twice with --partner"))
            partner = _other(self.partner, "--partner")
            players = [me, opponents[0], partner, opponents[1]]
            data["rules"] = {"teams": [[self.me, partner["name"]], [opponents[0]["name"], opponents[1]["name"]]]}
        data["players"] = players
        if self.build is not None:
            data["build"] = _build(self.build)
        if self.phase is not None:
            data["phase"] = self.phase
        if self.draw_next is not None:
            data["draw_pile"] = {"next": _cards(self.draw_next, "--draw-next")}
        return data


    def title(self) -> str:
        """The position's title, saying what was taken for the parts left unsaid."""
        assumed = []
        if self.hand is None:
            assumed.append(_("a hand of five unknown cards"))
        if self.stock_count is None and (self.stock or "").strip() not in EMPTY_MARKS:
            assumed.append(_("a stock of 10 cards"))
        if not assumed:
            return _("One-line position")
        return _("One-line position; not given, so taken as {assumed}").format(assumed=and_list(assumed))

    def option_names(self) -> dict[str, str]:
        """The option behind each part of the data, by the words a problem's path starts with."""
        names = {"players[1].stock": "--stock", "players[1].hand": "--hand", "players[1].discards": "--discards",
                 "players[1].name": "--me", "players[1]": "--me", "build": "--build", "draw_pile": "--draw-next",
                 "rules.teams": "--partner", "players": "--opponent", "phase": "--phase", "turn": "--me"}
        others = [("--opponent", text) for text in self.opponents or ["opponent"]]
        if self.partner is not None and len(others) == 2:
            others.insert(1, ("--partner", self.partner))
        for seat, (option, text) in enumerate(others, start=2):
            names[f"players[{seat}]"] = f"{option} {text}"
        return names


def _split(text: str) -> list[str]:
    return [part for part in text.replace(" ", ",").split(",") if part]


def _card_value(token: str, option: str) -> int | str:
    word = token.strip()
    if word.upper() == "SB":
        return "SB"
    if is_short_number(word):
        return int(word)
    said = _said_card(word)
    if said is not None:
        return said
    raise QuickPositionError(_("{option}: {card} is not a card (cards are 1 to 12 and SB)").format(
        option=option, card=quoted(token)))


def _said_card(word: str) -> int | str | None:
    """A card said in words (``seven``, ``wild``), as the move reader's English words have it; else None."""
    from ..engine.words import CARD, NUMBER, vocabulary

    kind, value = vocabulary().kind(fold(word)) or (None, None)
    if kind == CARD:
        return "SB"
    return value if kind == NUMBER and isinstance(value, int) and value else None


def _cards(text: str, option: str) -> list[int | str]:
    if text.strip() in EMPTY_MARKS:
        return []
    return [_card_value(token, option) for token in _split(text)]


def _piles(text: str, option: str) -> list[list[int | str]]:
    return [_cards(pile, option) for pile in text.split("/")]


def _build(text: str) -> list[Optional[int | list[int | str]]]:
    slots: list[Optional[int | list[int | str]]] = []
    for token in text.split(","):
        token = token.strip()
        wild = re.match(WILD_TOP, token)
        if token in EMPTY_MARKS or not token:
            slots.append(None)
        elif token == "0":
            raise QuickPositionError(_("--build: 0 is no build pile's top: write - for a free slot, as in 6,-,2,-"))
        elif is_short_number(token):
            slots.append(int(token))
        elif isinstance(said := _said_card(token), int):  # "six"
            slots.append(said)
        elif wild and 1 <= int(wild[1]) <= 11:  # SB=7: an SB standing for 7
            slots.append(f"SB={int(wild[1])}")
        else:
            raise QuickPositionError(_("--build: {slot} is not a build pile: give its top number, SB=7 for an SB "
                                       "standing for 7, or - for a free slot, as in 6,-,SB=2,-").format(
                slot=quoted(token)))
    return slots


def _stock(top: Optional[str], count: Optional[int], option: str) -> dict[str, Any]:
    if top is not None and top.strip() in EMPTY_MARKS:
        return {"count": 0}
    stock: dict[str, Any] = {"count": DEFAULT_STOCK_COUNT if count is None else count}
    if top is not None:
        stock["top"] = _card_value(top, option)
    return stock


def _other(text: str, option: str) -> dict[str, Any]:
    """``Anna``, ``Anna:8`` or ``Anna:8:9,8/4``: a name, a stock top, discard piles."""
    name, _colon, rest = text.partition(":")
    if not name.strip():
        raise QuickPositionError(_("{option}: give a name first, as in {option} Anna:8").format(option=option))
    top, _colon, discards = rest.partition(":")
    player: dict[str, Any] = {"name": name.strip(), "stock": _stock(top or None, None, option), "hand": 5}
    if discards.strip():
        player["discards"] = _piles(discards, option)
    return player

