"""Questions in plain words answered from the rule reference: the entries ranked, and a yes or no, sure where
the question bank settles it and unsure where its like questions only lean one way.

``ask`` serves ``tutor rules "<question>"`` and ``tutor check`` given a
question: the entries are ranked by the questions of the bank (``question_bank``)
that each answers and by their own words (``ranking``); the words a question
counts little, the synonyms and the words that tell a yes-or-no question and
turn it round are each reference file's ``questions`` section (``question_words``); whether a
question asks a yes or no, and how the bank's votes are counted, is ``yes_or_no``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from ..i18n import language
from .card_questions import ABOUT_CARDS, card_reply
from .question_words import question_words_of
from .reference import Entry, entries_in
from .yes_or_no import SAME, agreed_reply, asks_yes_or_no, leaning_reply, negated


@dataclass(frozen=True)
class Answer:
    """The entries that answer a question, best first with their scores, and its yes or no where it asks one.

    ``asks`` is True where the question asks for a yes or a no. ``reply`` is its sure yes (True) or no (False):
    None where it asks none, or where the questions of the bank that this one is like do not agree on it.
    ``lean`` is the yes or no those questions lean to (the ``reply`` where there is one), said as unsure where
    there is no ``reply``; None where the question asks none or no like question has a reply. ``ruled`` is True
    where the rules themselves give the ``reply`` (``card_questions``: a named card on another), not the bank.
    """

    question: str
    ranked: tuple[tuple[Entry, float], ...]
    reply: bool | None = None
    asks: bool = False
    lean: bool | None = None
    ruled: bool = False

    @property
    def entries(self) -> list[Entry]:
        return [entry for entry, _score in self.ranked]


LONGEST_QUESTION = 100  # words: the longest question of the banks has 44; a longer text is no question to rank


def is_too_long(question: str) -> bool:
    """True when ``question`` has more words than a question is asked in (``LONGEST_QUESTION``): ranking a
    text of thousands of unknown words would take minutes."""
    return len(question.split()) > LONGEST_QUESTION


def ask(question: str, limit: int = 3, unseen: bool = False) -> Answer:
    """The entries that answer a question in plain words, best first, and its yes or no.

    The entries are ranked (``ranking``) by the questions of the bank that
    each answers and by BM25 over the stems of their title, aliases and short
    answer (weighed most), their text and example. A yes-or-no question takes
    the sure reply that the bank questions most like it about the best entry
    agree on (``_reply``); where the next entry scores close to the best, its
    bank questions must agree too, unless the bank holds the question itself.
    Where they do not agree, it takes the reply they and those of the next
    entry lean to (``_lean``), to be said as unsure. ``unseen`` answers a
    question of the bank as if the bank did not hold it (leave-one-out).
    """
    spoken = language()
    ranker = _ranker(spoken)
    entries = entries_in(spoken)
    without = question if unseen else None
    scored = ranker.rank(question, without)
    ranked = tuple((entries[key], round(score, 3)) for key, score in scored[:limit])
    if not ranked or not asks_yes_or_no(question, spoken):
        return Answer(question, ranked)
    ruled = _ruled_reply(question, scored[0][0], spoken)
    if ruled is not None:
        return Answer(question, ranked, ruled, asks=True, lean=ruled, ruled=True)
    reply = _sure_reply(question, scored, spoken, without)
    lean = reply if reply is not None else _lean(question, scored, spoken, without)
    return Answer(question, ranked, reply, asks=True, lean=lean)


def answer(question: str, limit: int = 3) -> list[Entry]:
    """The entries that answer a question in plain words, best first."""
    return ask(question, limit).entries


QUESTION_WEIGHTS = {"head": 3.0, "answer": 3.0, "text": 0.5}  # how much a word of an entry counts, by field
LEAD = 0.8  # above this share of the best entry's score, the next entry's bank questions must agree on a yes or no
LEAN_NEIGHBOURS = 3  # how many of the most alike bank questions about each of the two best entries vote on a lean
RUNNER_UP = 0.5  # how much the next entry's bank questions count in a lean, times its share of the best's score
UNSAID = 1  # how many words that say something a question may say beyond the bank question that gives its sure reply


@cache
def _ranker(spoken: str):
    """The ranking of the entries of ``spoken`` (the ranking library is loaded only when a question is asked).

    Each entry is known to answer its title, its aliases and the tuning questions of the bank that name it
    first, and less surely those that name it after another."""
    from .question_bank import question_bank
    from .ranking import Ranker

    entries = entries_in(spoken)
    asked: dict[str, list[str]] = {key: [entry.title, *entry.aliases] for key, entry in entries.items()}
    also_asked: dict[str, list[str]] = {}
    for item in question_bank(spoken).tuning:
        asked.setdefault(item.entries[0], []).append(item.question)
        for key in item.entries[1:]:
            also_asked.setdefault(key, []).append(item.question)
    weights = QUESTION_WEIGHTS
    documents = {
        entry.key: [(" ".join((entry.key.replace(".", " "), entry.title, *entry.aliases)), weights["head"]),
                    (entry.answer, weights["answer"]), (f"{entry.text} {entry.example}", weights["text"])]
        for entry in entries.values()}
    words = question_words_of(spoken)
    common = frozenset(words["ignore"])
    return Ranker(documents, spoken, asked, also_asked, common, words["synonyms"], words["stems"])


def _ruled_reply(question: str, best: str, spoken: str) -> bool | None:
    """The reply the rules give a question about building that names its cards (``card_reply``); None for one
    whose best entry is about something else, or that says ``not`` (``can't I ...?`` is answered ``yes`` when you
    can, and in Swedish ``jo``)."""
    from .ranking import words_of

    if best not in ABOUT_CARDS or negated(question, spoken):
        return None
    return card_reply(words_of(question), question_words_of(spoken))


def _sure_reply(question: str, scored: list[tuple[str, float]], spoken: str, without: str | None) -> bool | None:
    """The reply the bank questions about the best entry agree on (``_reply``), and where the next entry scores
    close to the best those about it too, unless the bank holds the question itself. Only a question the bank
    holds or one that opens with a word of ``yes-no`` takes one: after an opening clause (``if I have no cards
    left, can I ...?``) the like questions agree on a wrong reply too often to say it as sure."""
    from .ranking import words_of

    held = _held(question, scored[0][0], spoken, without)
    opening = words_of(question)[:1]
    if not held and (not opening or opening[0] not in question_words_of(spoken)["yes-no"]):
        return None
    reply = _reply(question, scored[0][0], spoken, without)
    if not _clear_lead(scored) and not held and _reply(question, scored[1][0], spoken, without) is not reply:
        return None
    return reply


def _clear_lead(scored: list[tuple[str, float]]) -> bool:
    """True when the best entry leads the next by enough to take a yes or no from its bank questions alone."""
    return len(scored) < 2 or scored[1][1] <= LEAD * scored[0][1]


def _held(question: str, key: str, spoken: str, without: str | None = None) -> bool:
    """True when the bank holds ``question`` itself (in other case or punctuation), naming entry ``key``."""
    nearest = _ranker(spoken).nearest(question, key, without)
    return bool(nearest) and nearest[0][1] >= SAME


def _reply(question: str, key: str, spoken: str, without: str | None = None) -> bool | None:
    """The yes or no that the bank questions about entry ``key`` most like ``question`` agree on, if they do
    (``agreed_reply``), and if the most alike of them says no word that says something that ``question`` does
    not, and all those it says but ``UNSAID`` (``may I play the top of a build pile onto another?`` is not ``may
    I play the top of a discard pile onto a build pile?``; the reply to a question about one kind of pile, ``do
    discard piles have to be in order?``, is not the reply about any pile, ``does a pile have to go in
    order?``)."""
    voters = _voters(question, key, spoken, without)
    reply = agreed_reply([(alike, said) for _asked, alike, said in voters])
    if reply is None or voters[0][1] >= SAME:
        return reply
    ranker = _ranker(spoken)
    said, said_by_bank = ranker.said(question), ranker.said(voters[0][0])
    return reply if said_by_bank <= said and len(said - said_by_bank) <= UNSAID else None


def _lean(question: str, scored: list[tuple[str, float]], spoken: str, without: str | None = None) -> bool | None:
    """The yes or no that the bank questions most like ``question`` lean to (``leaning_reply``): the
    ``LEAN_NEIGHBOURS`` most alike about the best entry, and as many about the next, whose votes count
    ``RUNNER_UP`` times its share of the best entry's score."""
    best = scored[0][1]
    voters = [(alike * (1.0 if place == 0 else RUNNER_UP * score / best), reply)
              for place, (key, score) in enumerate(scored[:2])
              for _asked, alike, reply in _voters(question, key, spoken, without)[:LEAN_NEIGHBOURS]]
    return leaning_reply(voters)


def _voters(question: str, key: str, spoken: str, without: str | None = None) -> list[tuple[str, float, bool]]:
    """The bank questions about entry ``key`` that have a reply, as (the bank question, how alike it is to
    ``question``, its reply), most alike first. Only a bank question that says ``not`` as this one does (or does
    not) votes: turning a reply round is not safe (``can't I ...?`` is answered ``yes`` when you can, and in
    Swedish ``jo``)."""
    replies = _replies(spoken)
    turned = negated(question, spoken)
    return [(asked, alike, replies[asked]) for asked, alike in _ranker(spoken).nearest(question, key, without)
            if replies.get(asked) is not None and negated(asked, spoken) == turned]


@cache
def _replies(spoken: str) -> dict[str, bool | None]:
    """The yes or no of each tuning question of the bank of ``spoken``."""
    from .question_bank import question_bank

    return {item.question: item.reply for item in question_bank(spoken).tuning}


