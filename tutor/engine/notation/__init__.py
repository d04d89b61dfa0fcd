"""Reading and writing moves: the canonical and compact notations, and table talk.

Canonical form: ``stock to build 2``, ``hand 5 to build 1``, ``Anna:discard 2
to build 4``, ``hand 9 to discard 2``, ``draw``, ``draw 3 7 SB 9 1``, ``draw 5
cards``, ``end``. Compact form: ``s>b2``, ``h5>b1``, ``Anna:d2>b4``, ``h9>d2``.

Table talk reads too, through one grammar over a language's words (the
tables of ``tutor.engine.words``; English unless a language is given):
``my`` and ``the`` are filler; ``on``, ``onto``, ``to`` and ``>`` join the
source and the target; the card may come first (``the 5 from my hand on build
pile 1``) or alone (``the 3 onto build 3``); a possessive names an owner
(``Cleo's stock``, ``Cleo's 9``); several moves may come in one text, a new
move starting after each target. ``discard pile 2`` (the word ``pile`` said)
names a pile; with a discard pile as the target, ``discard 9`` is the verb and
the 9 a hand card. Text is normalised first (NFKC, case folding), so
``ſtock`` is ``stock``.

A reading places every word said: a move is read only up to words that
cannot be placed, and one read before them is kept only where a separator
(``then``, a comma) ends it, so no ruling is ever given on part of a phrase
with the rest dropped. A bare ``pile 3`` is either kind (a discard pile after
a discard verb, a build pile with a wild's value said); ``the empty pile`` is
one the position shows empty.

A phrase may have more than one reading: ``discard 3`` is discard pile 3, or
the 3 on top of one of your discard piles; a card alone is the card in the
hand, on the stock or on a discard pile (``CARD_PLACES``). ``parse_phrase``
gives every reading (the first is the canonical one); ``reading.read_move``
picks the one a position allows, or reports the ambiguity.
"""

from .messages import EXAMPLES, SAID, NotationError, example_move, said_words
from .phrases import Phrase, is_question, parse_move, parse_phrase, parse_phrases, read_phrases
from .writing import format_compact, format_move

__all__ = ["EXAMPLES", "SAID", "NotationError", "Phrase", "example_move", "format_compact", "format_move",
           "is_question", "parse_move", "parse_phrase", "parse_phrases", "read_phrases", "said_words"]
