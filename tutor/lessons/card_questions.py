"""Questions that put one card on another (``can I put a 7 on a 5?``) or start a build pile with one (``can I
start a build pile with a 3?``), a wild card said to be played as a value among them (``a joker as a 7 on a
5``), answered by the rules themselves rather than by like questions.

The words are each reference file's ``questions: cards`` section: the words
that put a card on another (``on``), that start a pile (``start``), the wild
card's names (``wild``), the words that say what value it is played as
(``as``), the names of values that are also counts (``names``,
a card only after one of ``articles``), the endings written after a digit
(``endings``: the Danish ``8'er``, the Swedish ``8:a``), the words for a
build pile and for playing a card on one (``pile``, all that a question that
starts a pile says beside its card and the common words), the words of a
count (``counted``: ``2 cards`` names no card), the beginnings of the words that
put the cards elsewhere than on a build pile (``elsewhere``) and the words
that ask more than whether the card goes there (``beyond``: ``the only
card``, ``must I``, ``is it smart``). A question is answered only where it
names exactly the cards the pattern needs, every word between them is a
common one and it says none of ``elsewhere`` and ``beyond``.
"""

from __future__ import annotations

from ..engine.cards import HIGHEST, SKIP_BO, goes_on

# the entries such a question is about: the rules answer it only where one of them ranks first
ABOUT_CARDS = frozenset({"build.sequence", "build.start", "building", "wild-cards"})
GAP = 3  # at most this many common words between a card and the word that puts it on another


def card_reply(words: list[str], found: dict) -> bool | None:
    """The yes or no the rules give a question (its words, ``words_of``) that puts one named card on another or
    starts a build pile with one, given the language's question words (``question_words_of``); None where it is
    not such a question."""
    cards_words = found["cards"]
    elsewhere = tuple(cards_words["elsewhere"])
    if set(words) & set(cards_words["beyond"]) or any(word.startswith(elsewhere) for word in words):
        return None
    cards = _as_played(words, _cards(words, found), found)
    if len(cards) == 2:
        return _on_reply(words, cards, found)
    if len(cards) == 1:
        return _start_reply(words, cards[0], found)
    return None


def _cards(words: list[str], found: dict) -> list[tuple[int, int]]:
    """The cards the words name, as (where, value), where not followed by a word of a count: a digit from 1 to 12,
    a card's name (``stems``), a wild card's name, or one of ``names`` after an article."""
    cards_words = found["cards"]
    cards = []
    for place, word in enumerate(words):
        following = words[place + 1:place + 2]
        if following and following[0] in cards_words["counted"]:
            continue
        if word in cards_words["names"]:  # a card only after an article, whatever its stem
            value = cards_words["names"][word] if place and words[place - 1] in cards_words["articles"] else ""
        elif word in cards_words["wild"]:
            value = "wild"
        else:
            value = found["stems"].get(word) or word
        if value == "wild":
            cards.append((place, SKIP_BO))
        elif value.isdecimal() and 1 <= int(value) <= HIGHEST:
            cards.append((place, int(value)))
    return cards


def _as_played(words: list[str], cards: list[tuple[int, int]], found: dict) -> list[tuple[int, int]]:
    """The cards, a wild card said to be played as a value read as that value (``a skip-bo played as a 5``): where
    the words between the two are a word of ``as`` and common words or words of ``pile`` (``played``)."""
    cards_words = found["cards"]
    between_words = set(found["ignore"]).union(cards_words["as"], cards_words["articles"], cards_words["pile"])
    read = []
    for (place, value), following in zip(cards, [*cards[1:], None]):
        if read and read[-1] == (place, value):
            continue  # read already: the value the wild card before it is played as
        between = words[place + 1:following[0]] if following else []
        if value == SKIP_BO and following and set(between) & set(cards_words["as"]) and set(between) <= between_words:
            read.append(following)
        else:
            read.append((place, value))
    return read


def _on_reply(words: list[str], cards: list[tuple[int, int]], found: dict) -> bool | None:
    """Card one goes on card two (``a 7 on a 5``): only the card one higher, or a wild card, and nothing on a 12,
    whose pile is complete and gone. No reply for a card on a wild card, which depends on what the wild card was
    played as."""
    (first_place, played), (second_place, under) = cards
    if under == SKIP_BO or not _joins(words[first_place + 1:second_place], found):
        return None
    return goes_on(played, under)


def _start_reply(words: list[str], card: tuple[int, int], found: dict) -> bool | None:
    """Card starts a build pile (``start a pile with a 3``, ``a 2 on an empty build pile``): only a 1 or a wild
    card does. Every other word must be one such a question says (``_placed``): ``after a pile is cleared at 12,
    can I start a new one?`` names the 12 for something else."""
    place, value = card
    if not set(words) & set(found["cards"]["start"]) or not _placed(words[:place] + words[place + 1:], found):
        return None
    return goes_on(value, 0)


def _placed(words: list[str], found: dict) -> bool:
    """True when every word is a common one, or one of the words of a question that starts a build pile with a
    card: ``start``, ``on``, ``pile``, ``articles``, ``endings``, and the wild card's names and ``as`` (a wild
    card played as the card)."""
    cards_words = found["cards"]
    known = set(found["ignore"]).union(cards_words["start"], cards_words["pile"], cards_words["articles"],
                                       cards_words["endings"], cards_words["wild"], cards_words["as"],
                                       [name for name, value in cards_words["names"].items() if value == "wild"],
                                       *(phrase.split() for phrase in cards_words["on"]))
    return set(words) <= known


def _joins(between: list[str], found: dict) -> bool:
    """True when the words between two cards are one of the words that put a card on another, with no more than
    ``GAP`` common words or a digit's endings on each side of it (``a 7 straight on``: no, another word)."""
    common = set(found["ignore"]) | set(found["cards"]["endings"]) | set(found["cards"]["articles"])
    for phrase in found["cards"]["on"]:
        said = phrase.split()
        for start in range(len(between) - len(said) + 1):
            before, after = between[:start], between[start + len(said):]
            if between[start:start + len(said)] == said and len(before) <= GAP and len(after) <= GAP \
                    and set(before) <= common and set(after) <= common:
                return True
    return False
