"""The words of each language's questions: the ``questions`` section of its reference file, checked as words.

They tell the ranking which words count little and what each word stands
for, and tell a yes-or-no question and what turns it round (``yes_or_no``).
"""

from __future__ import annotations

from functools import cache

from .reference import ReferenceError, reference_data, reference_file


@cache
def question_words_of(spoken: str) -> dict:
    """The words that count little in a question of ``spoken`` (``ignore``), the words each stands for
    (``synonyms``), the stems of words the stemmer cuts wrongly (``stems``), the words that open a yes-or-no
    question (``yes-no``), that make it ask a choice (``either-or``), that turn it round (``negation``), that make
    a clause ask what or how (``asking``), that open a clause a question may follow (``conditions``), that follow
    a word of ``yes-no`` when it asks (``subjects``), that make a question ask to be confirmed where it opens
    or ends with them (``confirming``) and that make it ask for an explanation instead (``requests``: ``can you
    explain ...``): the reference file's ``questions``, each language's own."""
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
    words["cards"] = _card_words(data.get("cards", {}), f"{file}: questions: cards")
    requests = data.get("requests", {})
    if not isinstance(requests, dict):
        raise ReferenceError(f"{file}: questions: requests: not a mapping")
    words["requests"] = {part: _words(requests.get(part, ()), f"{file}: questions: requests: {part}")
                         for part in ("who", "verbs")}
    return words


# the lists of words of the ``cards`` section, for the questions the rules answer themselves (``card_questions``)
CARD_WORD_LISTS = ("on", "start", "wild", "as", "articles", "endings", "pile", "counted", "elsewhere", "beyond")


def _card_words(data: object, where: str) -> dict:
    """The ``cards`` section: its lists of words, and ``names``, each value's name and the value it names."""
    if not isinstance(data, dict):
        raise ReferenceError(f"{where}: not a mapping")
    words: dict = {name: _words(data.get(name, ()), f"{where}: {name}") for name in CARD_WORD_LISTS}
    names = data.get("names") or {}
    if not isinstance(names, dict):
        raise ReferenceError(f"{where}: names: not a mapping")
    words["names"] = {_word(name, f"{where}: names"): _word(value, f"{where}: names: {name}")
                      for name, value in names.items()}
    if not all(value.isdecimal() or value == "wild" for value in words["names"].values()):
        raise ReferenceError(f"{where}: names: every name stands for a value from 1 to 12, or for the wild card")
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
