"""A move said in words for the player: ``the 9 from discard pile 1 onto build pile 1``.

``tutor play`` narrates the bots' moves, lists the legal moves under ``?``,
gives its hints and says what was taken back in these words, and ``tutor
review`` lists each turn in them; a move of the player's own said with its
card (``move_said``) is read back by the reader as that move, in the
language in use. The notation (``discard 1 to build 1``) stays what Tab
completes.
"""

from __future__ import annotations

from typing import Optional

from ..engine.cards import Card, the_card
from ..engine.moves import Draw, Move, Transfer
from ..engine.reading import written
from ..engine.state import GameState
from ..i18n import language
from ..i18n.grammar import genitive
from . import texts


def move_in_words(move: Move, card: Optional[Card] = None, *, yours: bool = False) -> str:
    """``move`` in words; ``card``: the card it takes where the move does not name it;
    ``yours``: the player reading it made the move (``your hand``, not ``the hand``)."""
    if isinstance(move, Draw):
        return texts.WORDS_DRAW
    if not isinstance(move, Transfer):
        return texts.WORDS_END
    card = move.card if card is None else card
    source = move.source
    if source.owner:
        sources, owner = texts.SOURCES_OF, genitive(source.owner)
    else:
        sources, owner = (texts.SOURCES_YOURS if yours else texts.SOURCES_OWN), ""
    where = sources[source.kind.value].format(owner=owner, pile=source.number)
    template = texts.WORDS_DISCARD if move.is_discard else texts.WORDS_BUILD
    said = the_card(card) if card is not None else texts.WORDS_UNSEEN_CARD  # a pile that shows no card
    return template.format(card=said, source=where, pile=move.target.number, slot=move.target.number)


def move_said(state: GameState, move: Move) -> str:
    """``move``, the mover's in ``state``, in words naming the card it takes, as the mover reads it."""
    from ..coach.principles import played_card  # the coach is loaded only when a move is said this way

    card = played_card(state, move) if isinstance(move, Transfer) else None
    return move_in_words(move, card, yours=True)


def move_to_type(state: GameState, move: Move) -> str:
    """``move`` as a player of the language in use would type it, reading back as ``move`` in ``state``:
    the canonical form in English, words in every other language (a draw naming its cards stays canonical)."""
    if language() == "en" or (isinstance(move, Draw) and move.says is not None):
        return written(state, move)
    return move_said(state, move)
