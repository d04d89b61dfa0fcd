"""The grammar of a move said: the reader that takes a move's source, target, card and value off its tokens."""

from __future__ import annotations

from typing import NamedTuple, Optional

from ...i18n.grammar import genitive
from ..cards import SKIP_BO, Card, CardError, parse_card, quoted, the_card
from ..moves import PARTNER as PARTNER_OWNER
from ..moves import Draw, EndTurn, Move, PileKind, Place, Transfer
from ..words import (AS, CARD, COUNT, DRAW, EMPTY, END, FILLER, FROM, JOIN, NUMBER, ORDINAL, PARTNER, PILE,
                     PILE_WORD, QUESTION, SEPARATOR, Vocabulary)
from .messages import TEXTS, NotationError, example_move, said_example, said_words
from .tokens import NAME, OTHER, Token, nearest_word

#: Words read past between the parts of a move.
_PASSED = (FILLER, COUNT, FROM, PILE_WORD, QUESTION, SEPARATOR)
MOST_DRAWN = 5
#: Where a card said with no pile may be, in the order of its readings: the hand, a stock, a discard pile.
CARD_PLACES = (PileKind.HAND, PileKind.STOCK, PileKind.DISCARD)


class _Side(NamedTuple):
    kind: Optional[PileKind]  # None: a card named with no pile ("the 3 onto build 3")
    owner: Optional[str]
    numbers: list[Token]
    first: Optional[Token]  # a card named before its pile ("the 5 from my hand")
    letter: bool  # the pile was written by its letter (the compact form)
    pile_said: bool = False  # "discard pile 2", "the second discard pile": the number names a pile
    empty: bool = False  # "my empty pile", "a new pile": the pile the position shows empty


class Reader:
    """Reads moves off a list of tokens, one at a time."""

    def __init__(self, text: str, clean: str, tokens: list[Token], words: Vocabulary):
        self.text, self.clean, self.tokens, self.words, self.position = text, clean, tokens, words, 0
        self.started = 0  # where the move being read starts

    def more(self) -> bool:
        self.skip_filler()
        return self.position < len(self.tokens)

    def peek(self) -> Optional[Token]:
        return self.tokens[self.position] if self.position < len(self.tokens) else None

    def take(self) -> Token:
        token = self.tokens[self.position]
        self.position += 1
        return token

    def joining(self, index: Optional[int] = None) -> bool:
        """True when the token at ``index`` (the next one) joins a source to a target: a joining word, or a
        number the language also joins with (Danish ``to``) when a pile or an owner follows it."""
        index = self.position if index is None else index
        if index >= len(self.tokens):
            return False
        token = self.tokens[index]
        if token.kind == JOIN:
            return True
        after = self.tokens[index + 1] if index + 1 < len(self.tokens) else None
        return (token.text.casefold() in self.words.joins_too and after is not None
                and after.kind in (PILE, NAME, PARTNER, ORDINAL))

    def skip_filler(self) -> None:
        while self.peek() is not None and self.peek().kind in _PASSED:
            self.position += 1

    def fail(self, problem: str, understood: str = "", shown: Optional[str] = None) -> NotationError:
        """The error for ``problem`` (a text of ``TEXTS``, filled in), with ``understood`` and the example
        ``shown`` (the general examples by default)."""
        return NotationError(self.text, problem, understood, self.example("general") if shown is None else shown)

    def example(self, key: str) -> str:
        """The example ``key`` said in the language this reader reads."""
        return example_move(key, self.words.language)

    def said(self, key: str) -> str:
        """The words ``key`` of ``SAID`` in the language this reader reads."""
        return said_words(key, self.words.language)

    def unjoined(self, understood: str = "") -> NotationError:
        """The error for a move whose source and target are not joined."""
        return self.fail(TEXTS.text("joined", join=self.said("join")), understood)

    def unplaced(self, card: Token) -> NotationError:
        """The error for a card said with no pile it comes from."""
        problem = TEXTS.text("card-from-where", card=card.text, sources=self.said("sources"))
        return self.fail(problem, shown=self.example("card-first"))

    # -- a whole move --

    def move(self) -> tuple[Move, ...]:
        self.skip_filler()
        token = self.peek()
        if token.kind == AS and self.position + 1 < len(self.tokens) and self.tokens[self.position + 1].kind == END:
            self.take()  # "jag är färdig": the verb "to be", before the end of the turn
            token = self.peek()
        if token.kind == END:
            self.take()
            return (EndTurn(),)
        if token.kind == DRAW:
            self.take()
            return (self.draw(),)
        if self.joining():
            return self.target_first()
        try:
            source = self.side(is_source=True)
        except NotationError as error:
            raise self.with_target_understood(error) from None
        value = self.value_said()  # "SB as a 4 on build 3"
        self.skip_filler()
        if not self.joining():
            raise self.unjoined(TEXTS.text("from", place=self.describe(source)))
        self.take()
        self.skip_filler()
        if self.peek() is None:
            raise self.unjoined(TEXTS.text("from", place=self.describe(source)))
        try:
            onto = self.side(is_source=False)
            value = self.value_said() if value is None else value  # "the wild on build 1 as a 5"
            discarding = self.discarding(source)
            targets = self.targets(onto, value, discarding)
        except NotationError as error:
            if error.understood:
                raise
            raise self.fail(error.problem, TEXTS.text("from", place=self.describe(source)), error.example) from None
        if source.kind is None and self.peek() is not None and self.peek().kind == FROM:
            source = self.source_after(source)
        return self.transfers(source, targets, value)

    def target_first(self) -> tuple[Move, ...]:
        """A move that says where the card goes first: ``on build 2, my 7``."""
        self.take()
        self.skip_filler()
        if self.peek() is None:
            raise self.unjoined()
        onto = self.side(is_source=False)
        value = self.value_said()
        targets = self.targets(onto, value, discarding=False)
        self.skip_filler()
        if self.peek() is None or self.peek().kind in (END, DRAW) or self.joining():
            raise self.unjoined(TEXTS.text("onto", place=place_words(targets[0])))
        source = self.side(is_source=True, alone=True)
        return self.transfers(source, targets, self.value_said() if value is None else value)

    def transfers(self, source: _Side, targets: tuple[Place, ...], value: Optional[Card]) -> tuple[Transfer, ...]:
        moves = []
        for target in targets:
            if value is not None and target.kind is not PileKind.BUILD:
                raise self.fail(TEXTS.text("value-onto-build"), TEXTS.text("onto", place=place_words(target)),
                                self.example("wild"))
            moves += [Transfer(place, target, card, value) for place, card in self.sources(source, target)]
        return tuple(moves)

    def value_said(self) -> Optional[Card]:
        """The value a wild is said to stand for (``as a 5``), or None."""
        if self.peek() is None or self.peek().kind != AS:
            return None
        self.take()
        self.skip_filler()
        token = self.peek()
        if token is None or token.kind != NUMBER:
            problem = TEXTS.text("say-value", example=repr(said_example("wild", self.words.language)))
            raise self.fail(problem, TEXTS.text("a-wild-value"), self.example("wild"))
        return self.card(self.take(), TEXTS.text("a-wild-value"), self.example("wild"))

    def with_target_understood(self, error: NotationError) -> NotationError:
        """A source that cannot be read: say what the target reads as, if it can be read."""
        joins = [i for i in range(self.position, len(self.tokens)) if self.joining(i)]
        if error.understood or not joins:
            return error
        ahead = Reader(self.text, self.clean, self.tokens, self.words)
        ahead.position = joins[0] + 1
        try:
            target = ahead.target(ahead.side(is_source=False))
        except NotationError:
            return error
        return self.fail(error.problem, TEXTS.text("onto", place=place_words(target)), error.example)

    def draw(self) -> Draw:
        up_to = False
        while self.peek() is not None and self.peek().text.casefold() in self.words.draw_up_to:  # "draw up to five"
            up_to = bool(self.take())
        if up_to and self.peek() is not None and self.peek().kind == NUMBER and self.peek().value == MOST_DRAWN:
            self.take()  # "draw up to five" is the draw to a full hand, however many cards that takes
            if self.peek() is not None and self.peek().kind == COUNT:
                self.take()
            return Draw()
        numbers: list[Token] = []
        after = self.tokens[self.position + 1] if self.position + 1 < len(self.tokens) else None
        if self.peek() is not None and self.peek().text.casefold() in self.words.one and after is not None and (
                after.kind == COUNT):  # "draw a card": a count of one
            self.position += 2
            return Draw(count=1)
        while self.peek() is not None and self.peek().kind in (NUMBER, CARD, OTHER):
            numbers.append(self.take())
            if self.listing_on():  # "draw 3, 7, SB": the cards drawn, a comma between two
                self.take()
        counted = self.peek() is not None and self.peek().kind == COUNT
        if counted:
            self.take()
        if counted or (len(numbers) == 1 and numbers[0].spelled):
            if len(numbers) != 1 or numbers[0].kind != NUMBER:
                raise self.fail(TEXTS.text("how-many", example=repr(said_example("draw-count", self.words.language))),
                                TEXTS.text("a-draw"), self.example("draw"))
            count = numbers[0].value
            if count > MOST_DRAWN:
                raise self.fail(TEXTS.text("at-most", count=count), TEXTS.text("a-draw"), self.example("draw"))
            return Draw(count=count)
        if len(numbers) > MOST_DRAWN:
            raise self.fail(TEXTS.text("at-most", count=len(numbers)), TEXTS.text("a-draw"), self.example("draw-named"))
        return Draw(tuple(self.card(token, TEXTS.text("a-draw"), self.example("draw")) for token in numbers))

    def listing_on(self) -> bool:
        """True at a mark (a comma) between two cards of one list."""
        after = self.tokens[self.position + 1] if self.position + 1 < len(self.tokens) else None
        return (self.peek() is not None and self.peek().kind == SEPARATOR and not self.peek().text.isalpha()
                and after is not None and after.kind in (NUMBER, CARD))

    # -- one side of a transfer --

    def side(self, *, is_source: bool, alone: bool = False) -> _Side:
        """One side of a move: an owner, a card said first, a pile and its numbers (``alone``: the card may end the
        move, as in ``on build 2, my 7``)."""
        self.skip_filler()
        first = self.card_named_first() if is_source else None
        owner = self.owner()
        self.skip_filler()
        if is_source and first is None and owner is not None:  # "Cleo's 9"
            first = self.card_named_first()
        ordinal = self.take() if self.peek() is not None and self.peek().kind == ORDINAL else None
        token = self.peek()
        if ordinal is not None and token is not None and token.kind == PILE_WORD:  # "my second pile"
            self.take()
            return _Side(None, owner, [_as_number(ordinal)], first, False, pile_said=True)
        if not is_source and ordinal is None and token is not None and token.kind == EMPTY:  # "my empty pile"
            return self.empty_side(owner)
        if first is not None and ordinal is None and self.joining():
            located = self.located(first)  # "the 6 on my stock onto build 1"
            if located is not None:
                return located
            return _Side(None, owner, [], first, False)  # "the 3 onto build 3": no pile named
        if first is not None and ordinal is None and (token is None or token.kind == AS or (
                alone and token.kind != PILE)):  # "SB as a 4 on build 3"; "on build 2, my 7"
            if token is None and not alone:
                raise self.unplaced(first)
            return _Side(None, owner, [], first, False)
        if not is_source and ordinal is None and token is not None and token.kind in (NUMBER, CARD):
            if self.position and self.tokens[self.position - 1].kind == PILE_WORD:  # "on pile 3": no kind said
                return _Side(None, owner, [self.take()], None, False, pile_said=True)
            return _Side(None, owner, [], self.take(), False)  # "my 4 on the 3": the build pile showing a 3
        if token is None or token.kind != PILE:
            if first is not None:
                raise self.unplaced(first)
            shown = token.text if token is not None else TEXTS.text("nothing")
            problem = (TEXTS.text("no-pile-source", word=quoted(shown), piles=self.said("piles")) if is_source
                       else TEXTS.text("no-pile-target", word=quoted(shown), piles=self.said("targets")))
            raise self.fail(problem + nearest_word(shown, self.words))
        return self.pile_side(owner, first, ordinal, is_source)

    def empty_side(self, owner: Optional[str]) -> _Side:
        """``empty pile``, ``new build pile``: a target the position shows empty."""
        self.take()
        kind = self.take().value if self.peek() is not None and self.peek().kind == PILE else None
        if self.peek() is not None and self.peek().kind == PILE_WORD:
            self.take()
        return _Side(kind, owner, [], None, False, pile_said=True, empty=True)

    def source_after(self, source: _Side) -> _Side:
        """The pile a card comes from, said after the target (``the 5 onto the 4 from my hand``); the card alone
        when no pile follows."""
        start = self.position
        ahead = self._source_pile_ahead()
        if ahead is not None:
            owner, ordinal = ahead
            return self.pile_side(owner or source.owner, source.first, ordinal, is_source=True)
        self.position = start
        return source

    def located(self, first: Token) -> Optional[_Side]:
        """``on my stock`` after a card, when a join follows it: where the card lies. None (nothing read) when the
        words after the join are the move's target instead."""
        start = self.position
        ahead = self._source_pile_ahead()
        if ahead is not None:
            owner, ordinal = ahead
            side = self.pile_side(owner, first, ordinal, is_source=True)
            self.skip_filler()
            if self.joining() or (self.peek() is not None and self.peek().kind == AS):
                return side
        self.position = start
        return None

    def _source_pile_ahead(self) -> Optional[tuple[Optional[str], Optional[Token]]]:
        """Past the join word at hand, a pile a card can come from (any but a build pile): its owner and ordinal,
        the reader left on its pile word; None when no such pile is said next."""
        self.take()
        self.skip_filler()
        owner = self.owner()
        self.skip_filler()
        ordinal = self.take() if self.peek() is not None and self.peek().kind == ORDINAL else None
        token = self.peek()
        if token is not None and token.kind == PILE and token.value is not PileKind.BUILD:
            return owner, ordinal
        return None

    def pile_side(self, owner: Optional[str], first: Optional[Token], ordinal: Optional[Token],
                  is_source: bool) -> _Side:
        """The side from its pile word on: ``build pile 2``, ``discard 3 9``, ``the second discard pile``."""
        token = self.take()
        pile_said = ordinal is not None
        one = None
        while self.peek() is not None and self.peek().kind in _PASSED and self.peek().kind != FROM:  # "build pile 2"
            if ordinal is None and self.says_one():  # "stapel ett", "byggebunke en": pile 1
                one = Token(NUMBER, 1, self.peek().text, self.peek().start, self.take().end, spelled=True)
                break
            pile_said = self.take().kind == PILE_WORD or pile_said
        if ordinal is not None:  # "the second build pile"
            numbers = [_as_number(ordinal)]
        elif one is not None:
            numbers = [one, *(self.side_numbers(is_source) if is_source else [])]
        else:
            numbers = self.side_numbers(is_source)
        for number in numbers:
            if number.kind == OTHER:
                raise self.fail(TEXTS.text("not-a-number", word=quoted(number.text)),
                                self.kind_words(token.value, owner), self.example(token.value.value))
        pile_said = pile_said or token.text.casefold() not in self.words.pile_verbs  # "avläggshög 9" is a pile
        return _Side(token.value, owner, numbers, first, len(token.text) == 1, pile_said)

    def says_one(self) -> bool:
        """True when the next word, an article that also counts one (Swedish ``ett``), is the number of the pile
        before it: no card or number follows it."""
        after = self.tokens[self.position + 1] if self.position + 1 < len(self.tokens) else None
        return self.peek().text.casefold() in self.words.one and (after is None or after.kind not in (
            NUMBER, CARD, COUNT, OTHER))

    def side_numbers(self, is_source: bool) -> list[Token]:
        """The numbers after a pile: its number, and the card on it (a target takes one number)."""
        numbers = []
        while self.peek() is not None and self.peek().kind in (NUMBER, CARD, OTHER) and not self.joining():
            numbers.append(self.take())
            if not is_source:  # a target takes one number; what follows starts the next move
                break
            self.skip_filler()
        return numbers

    def owner(self) -> Optional[str]:
        """The owner a possessive names (``Cleo's``, ``Cleo:``, ``my partner's``, in Swedish and Danish ``Annas``
        before a pile or a card), or None."""
        token = self.peek()
        if token is not None and token.kind == OTHER and self.words.bare_genitive and token.text[-1:] in "s'":
            after = self.tokens[self.position + 1] if self.position + 1 < len(self.tokens) else None
            if after is not None and after.kind in (PILE, NUMBER, CARD):
                return self.take().text  # "Annas": a position tells Anna from a player called Annas
        if token is None or token.kind not in (NAME, PARTNER):
            return None
        self.take()
        return PARTNER_OWNER if token.kind == PARTNER else token.value

    def card_named_first(self) -> Optional[Token]:
        """A card said before its pile (``the 5 from my hand``), or before the join when no pile is said."""
        if self.peek() is None or self.peek().kind not in (NUMBER, CARD):
            return None
        first = self.take()
        self.skip_filler()
        return first

    def discarding(self, source: _Side) -> bool:
        """True when the move is said with a discard verb: ``discard the 9``, Swedish ``släng nian``."""
        return (source.kind is PileKind.DISCARD and not (source.pile_said or source.letter)) or any(
            token.text.casefold() in self.words.discard_verbs for token in self.tokens[self.started:self.position])

    def targets(self, side: _Side, value: Optional[Card], discarding: bool) -> tuple[Place, ...]:
        """Every pile the card may go to. A bare ``pile 3`` is a discard pile after the verb (``discard the 9 on
        pile 3``), a build pile for a wild's ``value``, else either; ``the empty pile`` is a pile of that kind
        that the position shows empty."""
        if side.kind is None and side.pile_said:
            kinds = ((PileKind.DISCARD,) if discarding else (PileKind.BUILD,) if value is not None
                     else (PileKind.BUILD, PileKind.DISCARD))
            if side.empty:
                return tuple(Place(kind) for kind in kinds)
            if side.numbers[0].kind != NUMBER:
                raise self.fail(TEXTS.text("which-pile"), "", self.example("build-pile"))
            return tuple(Place(kind, side.numbers[0].value) for kind in kinds)
        if side.empty:
            if side.kind not in (PileKind.BUILD, PileKind.DISCARD):
                raise self.fail(TEXTS.text(f"not-onto-{side.kind.value}"), "", self.example("onto"))
            return (Place(side.kind, None, side.owner),)
        return (self.target(side, value),)

    def target(self, side: _Side, value: Optional[Card] = None) -> Place:
        """Where the card goes; ``value``, a wild's value said, makes a bare ``pile 3`` a build pile."""
        if side.kind is None and side.pile_said:
            if value is None or side.numbers[0].kind != NUMBER:
                raise self.fail(TEXTS.text("which-pile"), "", self.example("build-pile"))
            return Place(PileKind.BUILD, side.numbers[0].value)
        if side.kind is None:  # a build pile named by its top card
            if side.owner is not None:
                raise self.fail(TEXTS.text("nobodys-build"), "", self.example("to-build"))
            top = self.card(side.first, TEXTS.text("a-build-by-card"), self.example("to-card"))
            return Place(PileKind.BUILD, top=top)
        if side.kind not in (PileKind.BUILD, PileKind.DISCARD):
            raise self.fail(TEXTS.text(f"not-onto-{side.kind.value}"), "", self.example("onto"))
        if len(side.numbers) != 1 or side.numbers[0].kind != NUMBER:
            raise self.fail(TEXTS.text(f"which-{side.kind.value}"), TEXTS.text(f"onto-a-{side.kind.value}"),
                            self.example(f"to-{side.kind.value}"))
        return Place(side.kind, side.numbers[0].value, side.owner)

    def sources(self, side: _Side, target: Place) -> list[tuple[Place, Optional[Card]]]:
        """Every reading of the source side: the pile, and the card it names."""
        kind, owner, numbers, first = side.kind, side.owner, side.numbers, side.first
        onto = TEXTS.text("onto", place=place_words(target))
        cards = [first] if first is not None else []
        if kind is None:  # the card alone: each pile of the owner that could show it, the hand first
            card = self.card(first, onto, self.example("card-first"))
            if owner is None and target.kind is PileKind.DISCARD:  # only a hand card is discarded
                return [(Place(PileKind.HAND), card)]
            if owner is None:
                return [(Place(shown_by), card) for shown_by in CARD_PLACES]
            # a named owner's hand comes last: it is only a reading when they are the player to move
            return [(Place(shown_by, None, owner), card) for shown_by in CARD_PLACES[1:] + CARD_PLACES[:1]]
        if kind is PileKind.HAND:
            if owner is not None:
                raise self.fail(TEXTS.text("others-hand"), onto, self.example(kind.value))
            if len(cards + numbers) != 1:
                raise self.fail(TEXTS.text("one-hand-card"), TEXTS.text("a-hand-card"), self.example(kind.value))
            card = self.card((cards + numbers)[0], TEXTS.text("a-card-from-hand"), self.example(kind.value))
            return [(Place(kind), card)]
        if kind is PileKind.STOCK:
            if len(cards + numbers) > 1:
                raise self.fail(TEXTS.text("single-card"), TEXTS.text("a-stock-card"), self.example(kind.value))
            shown = cards + numbers
            return [(Place(kind, None, owner),
                     self.card(shown[0], TEXTS.text("a-stock-card"), self.example(kind.value)) if shown else None)]
        if kind is PileKind.BUILD:
            if len(numbers) != 1 or numbers[0].kind != NUMBER:
                raise self.fail(TEXTS.text("which-build"), TEXTS.text("a-build-pile"), self.example(kind.value))
            return [(Place(kind, numbers[0].value), None)]
        which = self.fail(TEXTS.text("which-discard"), TEXTS.text("a-discard-card"), self.example(kind.value))
        if first is not None or len(numbers) == 2:  # a pile and its card, or the card alone ("the 8 from discard")
            piles, named = (numbers, first) if first is not None else (numbers[:1], numbers[1])
            if len(piles) > 1 or (piles and piles[0].kind != NUMBER):
                raise which
            number = piles[0].value if piles else None
            card = self.card(named, TEXTS.text("a-discard-pile-card"), self.example(kind.value))
            return [(Place(kind, number, owner), card)]
        if not numbers:
            return [(Place(kind, None, owner), None)]  # "from my discard pile": the one pile with cards
        if len(numbers) != 1:
            raise which
        only = numbers[0]
        pile_named = side.letter or side.pile_said  # "d9", "discard pile 9": a pile, never a card
        if not pile_named and owner is None and target.kind is PileKind.DISCARD:  # "discard 9 on discard pile 2"
            return [(Place(PileKind.HAND), self.card(only, TEXTS.text("a-card-from-hand"), self.example("hand")))]
        if only.kind == CARD or (4 < only.value <= 12 and not pile_named):  # a number no pile has: the card
            card = self.card(only, TEXTS.text("a-discard-pile-card"), self.example(kind.value))
            return [(Place(kind, None, owner), card)]
        readings: list[tuple[Place, Optional[Card]]] = [(Place(kind, only.value, owner), None)]
        if 1 <= only.value <= 4 and not pile_named:  # "discard 3": pile 3, or the 3 on one of the piles
            readings.append((Place(kind, None, owner), only.value))
        return readings

    def card(self, token: Token, understood: str, shown: str) -> Card:
        if token.kind == CARD:
            return SKIP_BO
        try:
            return parse_card(token.value if token.spelled else token.text)
        except CardError:
            raise self.fail(TEXTS.text("not-a-card", word=quoted(token.text)), understood, shown) from None

    @staticmethod
    def kind_words(kind: PileKind, owner: Optional[str]) -> str:
        if owner:
            return TEXTS.text(f"owned-pile-{kind.value}", owner=genitive(owner))
        return TEXTS.text(f"a-pile-{kind.value}")

    @staticmethod
    def describe(side: _Side) -> str:
        if side.kind is None:
            if side.owner:
                return TEXTS.text("owned-card-said", owner=genitive(side.owner), card=side.first.text)
            return TEXTS.text("card-said", card=side.first.text)
        said = " ".join([TEXTS.text(f"place-{side.kind.value}"), *(n.text for n in side.numbers)])
        return TEXTS.text("owned-place", owner=side.owner, place=said) if side.owner else said


def _as_number(ordinal: Token) -> Token:
    """An ordinal said as the number of the pile it names: ``the second`` pile is pile 2."""
    return Token(NUMBER, ordinal.value, ordinal.text, ordinal.start, ordinal.end, spelled=True)


def place_words(place: Place) -> str:
    """``place`` as a message of the reader names it, in the language in use: ``build 1``, ``the 3``."""
    if place.number is None and place.top is not None:
        return the_card(place.top)
    said = " ".join([TEXTS.text(f"place-{place.kind.value}"), *([str(place.number)] if place.number else [])])
    return TEXTS.text("owned-place", owner=place.owner, place=said) if place.owner else said
