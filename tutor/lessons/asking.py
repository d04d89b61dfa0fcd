"""Questions in plain words answered from the rule reference: the entries ranked, and a yes or no, sure where
the question bank settles it and unsure where its like questions only lean one way.

``ask`` serves ``tutor rules "<question>"`` and ``tutor check`` given a
question: the entries are ranked by the questions of the bank (``question_bank``)
that each answers and by their own words (``ranking``); the words a question
counts little, the synonyms and the words that tell a yes-or-no question and
turn it round are each reference file's ``questions`` section.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from ..i18n import language
from .reference import Entry, ReferenceError, entries_in, reference_data, reference_file


@dataclass(frozen=True)
class Answer:
    """The entries that answer a question, best first with their scores, and its yes or no where it asks one.

    ``asks`` is True where the question asks for a yes or a no. ``reply`` is its sure yes (True) or no (False):
    None where it asks none, or where the questions of the bank that this one is like do not agree on it.
    ``lean`` is the yes or no those questions lean to (the ``reply`` where there is one), said as unsure where
    there is no ``reply``; None where the question asks none or no like question has a reply.
    """

    question: str
    ranked: tuple[tuple[Entry, float], ...]
    reply: bool | None = None
    asks: bool = False
    lean: bool | None = None

    @property
    def entries(self) -> list[Entry]:
        return [entry for entry, _score in self.ranked]


LONGEST_QUESTION = 100  # words: the longest question of the banks has 33; a longer text is no question to rank


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
    if not ranked or not _asks_yes_or_no(question, spoken):
        return Answer(question, ranked)
    reply = _sure_reply(question, scored, spoken, without)
    lean = reply if reply is not None else _lean(question, scored, spoken, without)
    return Answer(question, ranked, reply, asks=True, lean=lean)


def answer(question: str, limit: int = 3) -> list[Entry]:
    """The entries that answer a question in plain words, best first."""
    return ask(question, limit).entries


QUESTION_WEIGHTS = {"head": 3.0, "answer": 3.0, "text": 0.5}  # how much a word of an entry counts, by field
LEAD = 0.8  # above this share of the best entry's score, the next entry's bank questions must agree on a yes or no
ALIKE = 0.6  # how alike (cosine) the most alike bank question must be for a yes-or-no question to take a reply
SAME = 0.999  # as alike as this, a bank question is the question itself, and its reply is the reply
REPLY_NEIGHBOURS = 5  # how many of the most alike bank questions vote on a reply
REPLY_MARGIN = 0.99  # how far their votes must lean one way: 1 is all agreeing
LEAN_NEIGHBOURS = 3  # how many of the most alike bank questions about each of the two best entries vote on a lean
RUNNER_UP = 0.5  # how much the next entry's bank questions count in a lean, times its share of the best's score


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
    words = _question_words(spoken)
    common = frozenset(words["ignore"])
    return Ranker(documents, spoken, asked, also_asked, common, words["synonyms"], words["stems"])


def _asks_yes_or_no(question: str, spoken: str) -> bool:
    """True when the question asks for a yes or a no: it ends with a word that asks to be confirmed (``..., right?``),
    or it offers no choice (``... my stock card or my hand card?``) and opens with such a word (``I thought ...``)
    or one of its clauses asks one (``_clause_asks``: ``if I play all my cards, can I draw again?``)."""
    from .ranking import words_of

    asked = _question_words(spoken)
    clauses = [words_of(clause) for clause in _CLAUSE_BREAK.split(question)]
    clauses = [words for words in clauses if words]
    if not clauses:
        return False
    words = [word for clause in clauses for word in clause]
    confirming = [phrase for phrase in map(words_of, asked["confirming"]) if phrase]
    if not set(clauses[-1]) & set(asked["asking"]) and any(words[-len(phrase):] == phrase for phrase in confirming):
        return True
    if set(words) & set(asked["either-or"]):
        return False
    return any(words[:len(phrase)] == phrase for phrase in confirming) or \
        any(_clause_asks(clause, asked) for clause in clauses)


_CLAUSE_BREAK = re.compile(r"[,;:]")


def _clause_asks(words: list[str], asked: dict) -> bool:
    """True when a clause asks for a yes or a no: it opens with a word of ``yes-no`` (``can``, ``får``, ``må``), or
    it holds no word of ``asking`` (``what``, ``how``) and a word of ``yes-no`` comes before a word of ``subjects``
    and after a word that is not of ``subjects`` (``if I use all my cards do I ...?``, not ``... when it is my
    turn``).

    A word of both ``conditions`` and ``asking`` opens a clause that a question follows where the word after it
    is of ``subjects`` or neither of the two words after it is of ``yes-no`` (``when the pile is empty do we
    ...?``, ``hvis vi spiller hold og ... skal jeg ...?``, not ``when exactly does it end?``; Danish ``hvis`` is
    both ``if`` and ``whose``)."""
    yes_no, subjects = set(asked["yes-no"]), set(asked["subjects"])
    if words[0] in yes_no:
        return True
    opening_clause = words[0] in asked["conditions"] and (bool(set(words[1:2]) & subjects)
                                                          or not set(words[1:3]) & yes_no)
    if set(words[1 if opening_clause else 0:]) & set(asked["asking"]):
        return False
    return any(word in yes_no and following in subjects and before not in subjects
               for before, word, following in zip(words, words[1:], words[2:]))


def _sure_reply(question: str, scored: list[tuple[str, float]], spoken: str, without: str | None) -> bool | None:
    """The reply the bank questions about the best entry agree on (``_reply``), and where the next entry scores
    close to the best those about it too, unless the bank holds the question itself. Only a question the bank
    holds or one that opens with a word of ``yes-no`` takes one: after an opening clause (``if I have no cards
    left, can I ...?``) the like questions agree on a wrong reply too often to say it as sure."""
    from .ranking import words_of

    held = _held(question, scored[0][0], spoken, without)
    opening = words_of(question)[:1]
    if not held and (not opening or opening[0] not in _question_words(spoken)["yes-no"]):
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
    (``agreed_reply``)."""
    return agreed_reply(_voters(question, key, spoken, without))


def _lean(question: str, scored: list[tuple[str, float]], spoken: str, without: str | None = None) -> bool | None:
    """The yes or no that the bank questions most like ``question`` lean to (``leaning_reply``): the
    ``LEAN_NEIGHBOURS`` most alike about the best entry, and as many about the next, whose votes count
    ``RUNNER_UP`` times its share of the best entry's score."""
    best = scored[0][1]
    voters = [(alike * (1.0 if place == 0 else RUNNER_UP * score / best), reply)
              for place, (key, score) in enumerate(scored[:2])
              for alike, reply in _voters(question, key, spoken, without)[:LEAN_NEIGHBOURS]]
    return leaning_reply(voters)


def _voters(question: str, key: str, spoken: str, without: str | None = None) -> list[tuple[float, bool]]:
    """The bank questions about entry ``key`` that have a reply, as (how alike each is to ``question``, its reply),
    most alike first. Only a bank question that says ``not`` as this one does (or does not) votes: turning a
    reply round is not safe (``can't I ...?`` is answered ``yes`` when you can, and in Swedish ``jo``)."""
    replies = _replies(spoken)
    negated = _negated(question, spoken)
    return [(alike, replies[asked]) for asked, alike in _ranker(spoken).nearest(question, key, without)
            if replies.get(asked) is not None and _negated(asked, spoken) == negated]


def leaning_reply(voters: list[tuple[float, bool]]) -> bool | None:
    """The reply that bank questions lean to, given as (weight, reply): the one with the more weight, None where
    there are none or they weigh the same."""
    lean = sum(weight * (1 if reply else -1) for weight, reply in voters)
    return None if abs(lean) < 1e-12 else lean > 0


def agreed_reply(voters: list[tuple[float, bool]]) -> bool | None:
    """The reply that bank questions agree on, given as (how alike each is, its reply), most alike first.

    A bank question as alike as ``SAME`` is the question itself, and its reply is the reply. Otherwise the
    ``REPLY_NEIGHBOURS`` most alike vote, each by how alike it is; the reply is given only when the most alike is
    at least ``ALIKE`` alike and the votes lean at least ``REPLY_MARGIN`` of their weight one way. None means
    that the first line is the entry's short answer alone.
    """
    voters = voters[:1] if voters and voters[0][0] >= SAME else voters[:REPLY_NEIGHBOURS]
    if not voters or voters[0][0] < ALIKE:
        return None
    lean = sum(alike * (1 if reply else -1) for alike, reply in voters) / sum(alike for alike, _reply in voters)
    return None if abs(lean) < REPLY_MARGIN else lean > 0


def _negated(question: str, spoken: str) -> bool:
    """True when the question says ``not`` (``inte``, ``ikke`` ...) an odd number of times."""
    from .ranking import words_of

    return sum(word in _question_words(spoken).get("negation", ()) for word in words_of(question)) % 2 == 1


@cache
def _replies(spoken: str) -> dict[str, bool | None]:
    """The yes or no of each tuning question of the bank of ``spoken``."""
    from .question_bank import question_bank

    return {item.question: item.reply for item in question_bank(spoken).tuning}


@cache
def _question_words(spoken: str) -> dict:
    """The words that count little in a question of ``spoken`` (``ignore``), the words each stands for
    (``synonyms``), the stems of words the stemmer cuts wrongly (``stems``), the words that open a yes-or-no
    question (``yes-no``), that make it ask a choice (``either-or``), that turn it round (``negation``), that make
    a clause ask what or how (``asking``), that open a clause a question may follow (``conditions``), that follow
    a word of ``yes-no`` when it asks (``subjects``) and that make a question ask to be confirmed where it opens
    or ends with them (``confirming``): the reference file's ``questions``, each language's own."""
    return question_words(reference_data(spoken).get("questions", {}), reference_file(spoken))


# the lists of words of a reference file's ``questions``
WORD_LISTS = ("ignore", "yes-no", "either-or", "negation", "asking", "conditions", "subjects", "confirming")


def question_words(data: object, file: str) -> dict:
    """The ``questions`` section of reference file ``file`` with every word as text (a number is the word for
    it: ``5``); ``ReferenceError`` naming the section and the word where a list is no list or a word is none
    (``on`` or ``no`` unquoted, which YAML reads as true or false)."""
    if not isinstance(data, dict):
        raise ReferenceError(f"{file}: questions: not a mapping")
    words = dict(data)
    for name in WORD_LISTS:
        words[name] = _words(data.get(name, ()), f"{file}: questions: {name}")
    synonyms = data.get("synonyms", {})
    if not isinstance(synonyms, dict):
        raise ReferenceError(f"{file}: questions: synonyms: not a mapping")
    words["synonyms"] = {_word(word, f"{file}: questions: synonyms"): _words(others, f"{file}: questions: synonyms: "
                                                                                      f"{word}")
                         for word, others in synonyms.items()}
    stems = data.get("stems", {})
    if not isinstance(stems, dict):
        raise ReferenceError(f"{file}: questions: stems: not a mapping")
    words["stems"] = {_word(word, f"{file}: questions: stems"): _word(stem, f"{file}: questions: stems: {word}")
                      for word, stem in stems.items()}
    return words


def _words(data: object, where: str) -> tuple[str, ...]:
    if not isinstance(data, (list, tuple)):
        raise ReferenceError(f"{where}: not a list of words")
    return tuple(_word(word, where) for word in data)


def _word(word: object, where: str) -> str:
    if isinstance(word, bool) or not isinstance(word, (str, int, float)):
        raise ReferenceError(f"{where}: {word!r} is not a word (quote it: YAML reads on, off, yes and no unquoted as "
                             f"true or false)")
    return str(word)
