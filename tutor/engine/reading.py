"""Reading a phrase against a position: the move it means there, or the readings it leaves open.

``discard 3`` is discard pile 3, or the 3 on top of one of your discard piles;
``discard 8`` is the 8 on one of them. The position settles most of these: a
reading of an empty pile, or of a card no pile shows, is dropped while
another reading remains. What the position does not settle is never guessed:
``read_move`` raises ``AmbiguousMove`` with every reading and its ruling.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Optional

from .cards import card_label
from .moves import Move, PileKind, Place, Transfer
from .notation import Phrase, format_move, parse_phrase
from .rules import Ruling, check_move
from .state import DISCARD_PILES, GameState

#: The sentences of an ambiguity report.
TEXTS = {
    "pile": "discard pile {pile} (the {card}: {verdict})",
    "pile-unseen": "discard pile {pile} ({verdict})",
    "card": "the {card} on discard pile {pile} ({verdict})",
    "message": "{text} can mean {readings}: write {forms}",
    "or": " or ",
}


class AmbiguousMove(ValueError):
    """A phrase with more than one reading in the position; carries the input and each reading's ruling."""

    def __init__(self, text: str, readings: list[tuple[Move, Ruling]], descriptions: list[str],
                 forms: list[str]):
        self.text = text
        self.readings = readings
        self.descriptions = descriptions
        self.forms = forms
        super().__init__(self.message)

    @property
    def message(self) -> str:
        return TEXTS["message"].format(text=repr(self.text), readings=TEXTS["or"].join(self.descriptions),
                                       forms=TEXTS["or"].join(repr(form) for form in self.forms))


def read_move(state: GameState, phrase: Phrase | str) -> Move:
    """The one move ``phrase`` means in ``state``; raises ``AmbiguousMove`` when it means several."""
    if isinstance(phrase, str):
        phrase = parse_phrase(phrase)
    candidates = [reading for move in phrase.readings for reading in _expanded(state, move)]
    live = _distinct([move for move, alive in candidates if alive])
    if len(live) > 1:
        raise _ambiguity(state, phrase.text, live)
    return _spelled_as_seated(state, live[0] if live else candidates[0][0])


def _expanded(state: GameState, move: Move) -> list[tuple[Move, bool]]:
    """The moves a reading stands for in ``state``, each with whether the position bears it out."""
    if not isinstance(move, Transfer) or move.source.kind is not PileKind.DISCARD:
        return [(move, True)]
    player = _owner(state, move.source.owner)
    if player is None:  # an unknown name: the ruling reports it
        return [(move, True)]
    if move.source.number is not None:
        number = move.source.number
        return [(move, 1 <= number <= DISCARD_PILES and bool(player.discards[number - 1]))]
    piles = [n for n in range(1, DISCARD_PILES + 1) if player.discard_top(n - 1) == move.card]
    if not piles:
        return [(move, False)]
    return [(replace(move, source=replace(move.source, number=n)), True) for n in piles]


def _owner(state: GameState, name: Optional[str]):
    seat = state.turn if name is None else state.seat_of(name)
    return None if seat is None else state.players[seat]


def _distinct(moves: list[Move]) -> list[Move]:
    """The moves without repeats; a pile with and without its top card named is one move."""
    seen: dict[object, Move] = {}
    for move in moves:
        key = (move.source, move.target) if isinstance(move, Transfer) else move
        seen.setdefault(key, move)
    return list(seen.values())


def _spelled_as_seated(state: GameState, move: Move) -> Move:
    """The move with its owners spelled as the table spells them (``anna`` -> ``Anna``)."""
    if not isinstance(move, Transfer):
        return move
    return replace(move, source=_place_spelled(state, move.source), target=_place_spelled(state, move.target))


def _place_spelled(state: GameState, place: Place) -> Place:
    seat = None if place.owner is None else state.seat_of(place.owner)
    return place if seat is None else replace(place, owner=state.players[seat].name)


def _ambiguity(state: GameState, text: str, moves: list[Move]) -> AmbiguousMove:
    readings, descriptions, forms = [], [], []
    for move in moves:
        ruling = check_move(state, move)
        readings.append((move, ruling))
        verdict = ruling.verdict.value + (f", {ruling.rule}" if ruling.rule else "")
        pile = move.source.number
        top = _owner(state, move.source.owner).discard_top(pile - 1)
        if move.card is None:
            key = "pile" if top is not None else "pile-unseen"
            descriptions.append(TEXTS[key].format(pile=pile, card=card_label(top), verdict=verdict))
        else:
            descriptions.append(TEXTS["card"].format(card=card_label(move.card), pile=pile, verdict=verdict))
        named = move if move.card is not None or top is None else replace(move, card=top)
        forms.append(format_move(named))
    return AmbiguousMove(text, readings, descriptions, forms)


def written(state: GameState, move: Move) -> str:
    """``move`` in the canonical form, naming the card where the short form would be ambiguous in ``state``."""
    text = format_move(move)
    if not (isinstance(move, Transfer) and move.source.kind is PileKind.DISCARD and move.card is None):
        return text
    try:
        if read_move(state, text) == move:
            return text
    except AmbiguousMove:
        pass
    top = _owner(state, move.source.owner).discard_top(move.source.number - 1)
    return format_move(replace(move, card=top))
