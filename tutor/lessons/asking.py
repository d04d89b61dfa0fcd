"""Questions in plain words answered from the rule reference: the entries ranked, and a yes or no where the
question bank settles it.

``ask`` serves ``tutor rules "<question>"`` and ``tutor check`` given a
question: the entries are ranked by the questions of the bank (``question_bank``)
that each answers and by their own words (``ranking``); the words a question
counts little, the synonyms and the words that turn a question round are each
reference file's ``questions`` section.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from ..i18n import language
from .reference import Entry, ReferenceError, entries_in, reference_data, reference_file


@dataclass(frozen=True)
class Answer:
    """The entries that answer a question, best first with their scores, and its yes or no where it asks one.

    ``reply`` is True for yes, False for no, and None where the question asks no yes or no, or where the
    questions of the bank that this one is like do not settle it.
    """

    question: str
    ranked: tuple[tuple[Entry, float], ...]
    reply: bool | None = None

    @property
    def entries(self) -> list[Entry]:
        return [entry for entry, _score in self.ranked]


def ask(question: str, limit: int = 3, unseen: bool = False) -> Answer:
    """The entries that answer a question in plain words, best first, and its yes or no.

    The entries are ranked (``ranking``) by the questions of the bank that
    each answers and by BM25 over the stems of their title, aliases and short
    answer (weighed most), their text and example. A yes-or-no question takes
    the reply that the bank questions most like it about the best entry agree
    on (``_reply``); where the next entry scores close to the best, its bank
    questions must agree too, unless the bank holds the question itself.
    ``unseen`` answers a question of the bank as if the bank did not hold it
    (leave-one-out).
    """
    spoken = language()
    ranker = _ranker(spoken)
    entries = entries_in(spoken)
    without = question if unseen else None
    scored = ranker.rank(question, without)
    ranked = tuple((entries[key], round(score, 3)) for key, score in scored[:limit])
    reply = None
    if ranked and _asks_yes_or_no(question, spoken):
        reply = _reply(question, scored[0][0], spoken, without)
        if not _clear_lead(scored) and not _held(question, scored[0][0], spoken, without) \
                and _reply(question, scored[1][0], spoken, without) is not reply:
            reply = None
    return Answer(question, ranked, reply)


def answer(question: str, limit: int = 3) -> list[Entry]:
    """The entries that answer a question in plain words, best first."""
    return ask(question, limit).entries


QUESTION_WEIGHTS = {"head": 3.0, "answer": 3.0, "text": 0.5}  # how much a word of an entry counts, by field
LEAD = 0.8  # above this share of the best entry's score, the next entry's bank questions must agree on a yes or no
ALIKE = 0.6  # how alike (cosine) the most alike bank question must be for a yes-or-no question to take a reply
SAME = 0.999  # as alike as this, a bank question is the question itself, and its reply is the reply
REPLY_NEIGHBOURS = 5  # how many of the most alike bank questions vote on a reply
REPLY_MARGIN = 0.99  # how far their votes must lean one way: 1 is all agreeing


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
    """True when the question opens with a word that asks for a yes or a no (``can``, ``får``, ``må`` ...) and
    does not offer a choice (``... my stock card or my hand card?``)."""
    from .ranking import words_of

    words = words_of(question)
    asked = _question_words(spoken)
    return (bool(words) and words[0] in asked.get("yes-no", ())
            and not set(words) & set(asked.get("either-or", ())))


def _clear_lead(scored: list[tuple[str, float]]) -> bool:
    """True when the best entry leads the next by enough to take a yes or no from its bank questions alone."""
    return len(scored) < 2 or scored[1][1] <= LEAD * scored[0][1]


def _held(question: str, key: str, spoken: str, without: str | None = None) -> bool:
    """True when the bank holds ``question`` itself (in other case or punctuation), naming entry ``key``."""
    nearest = _ranker(spoken).nearest(question, key, without)
    return bool(nearest) and nearest[0][1] >= SAME


def _reply(question: str, key: str, spoken: str, without: str | None = None) -> bool | None:
    """The yes or no that the bank questions about entry ``key`` most like ``question`` agree on, if they do
    (``agreed_reply``). Only a bank question that says ``not`` as this one does (or does not) votes: turning a
    reply round is not safe (``can't I ...?`` is answered ``yes`` when you can, and in Swedish ``jo``)."""
    ranker = _ranker(spoken)
    replies = _replies(spoken)
    negated = _negated(question, spoken)
    return agreed_reply([(alike, replies[asked]) for asked, alike in ranker.nearest(question, key, without)
                         if replies.get(asked) is not None and _negated(asked, spoken) == negated])


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
    (``synonyms``), the stems of words the stemmer cuts wrongly (``stems``), the words that open a yes-or-no question (``yes-no``), that make it ask a choice
    (``either-or``) and that turn it round (``negation``): the reference file's ``questions``, each
    language's own."""
    return question_words(reference_data(spoken).get("questions", {}), reference_file(spoken))


WORD_LISTS = ("ignore", "yes-no", "either-or", "negation")  # the lists of words of a reference file's ``questions``


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
