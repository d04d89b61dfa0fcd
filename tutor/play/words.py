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

from ..engine.cards import Card, a_card, card_label, the_card
from ..engine.moves import Draw, Move, PileKind, Transfer
from ..engine.notation import format_move
from ..engine.reading import written
from ..engine.state import GameState
from ..i18n import language
from ..i18n.grammar import genitive
from . import texts


def move_in_words(move: Move, card: Optional[Card] = None, *, yours: bool = False) -> str:
    """``move`` in words; ``card``: the card it takes where the move does not name it;
    ``yours``: the player reading it made the move (``your hand``, not ``the hand``)."""
    if isinstance(move, Draw):
        if move.cards:
            return texts.WORDS_DRAW_CARDS.format(cards=" ".join(map(card_label, move.cards)))
        return texts.WORDS_DRAW if move.count is None else texts.words_draw_count(move.count)
    if not isinstance(move, Transfer):
        return texts.WORDS_END
    card = move.card if card is None else card
    source = move.source
    if not _said_in_words(move) or card is None and move.target.owner is not None:
        return format_move(move)
    if source.owner:
        sources, owner = texts.SOURCES_OF, genitive(source.owner)
    else:
        sources, owner = (texts.SOURCES_YOURS if yours else texts.SOURCES_OWN), ""
    where = sources[source.kind.value].format(owner=owner, pile=source.number)
    if card is None:  # a pile whose top the position does not show, or an empty one
        template = texts.WORDS_PILE_DISCARD if move.is_discard else texts.WORDS_PILE_BUILD
        return template.format(source=where, pile=move.target.number, slot=move.target.number)
    if move.target.owner is not None:  # onto another player's discard pile
        return texts.WORDS_DISCARD_OF.format(card=the_card(card), source=where, pile=move.target.number,
                                             target_owner=genitive(move.target.owner))
    if move.value is not None:  # a value said with the move ("as 7"): said back, as it may be what breaks a rule
        return texts.WORDS_BUILD_AS.format(card=the_card(card), source=where, slot=move.target.number,
                                           value=a_card(move.value))
    template = texts.WORDS_DISCARD if move.is_discard else texts.WORDS_BUILD
    return template.format(card=the_card(card), source=where, pile=move.target.number, slot=move.target.number)


def _said_in_words(move: Transfer) -> bool:
    """The words name each pile of ``move``: a numbered pile has its number (the notation says the rest, such as
    a discard pile left unsaid)."""
    numbered = move.source.kind in (PileKind.DISCARD, PileKind.BUILD)
    return move.source.number is not None or not numbered


def move_said(state: GameState, move: Move, yours: bool = True) -> str:
    """``move``, the mover's in ``state``, in words naming the card it takes: the card the move names (a move
    that is not legal may name one its pile does not show), else the one its pile shows; ``yours``: as the mover
    reads it (``your hand``), else as another player does (``the hand``)."""
    from ..coach.principles import played_card  # the coach is loaded only when a move is said this way

    card = played_card(state, move) if isinstance(move, Transfer) and move.card is None else None
    return move_in_words(move, card, yours=yours)


def move_to_type(state: GameState, move: Move, yours: bool = True) -> str:
    """``move`` as a player of the language in use would type it, reading back as ``move`` in ``state``:
    the canonical form in English, words in every other language (``yours``: see ``move_said``)."""
    if language() == "en":
        return written(state, move)
    return move_said(state, move, yours)
