"""Whether a question asks a yes or a no, and the yes or no that like questions of the bank agree or lean on.

A question asks one where one of its clauses opens with a word of the
language's ``yes-no`` list, or where it asks to be confirmed; the bank
questions most like it vote, each by how alike it is (``agreed_reply`` for a
sure reply, ``leaning_reply`` for one said as unsure).
"""

from __future__ import annotations

import re

from .question_words import question_words_of

ALIKE = 0.6  # how alike (cosine) the most alike bank question must be for a yes-or-no question to take a reply
SAME = 0.999  # as alike as this, a bank question is the question itself, and its reply is the reply
REPLY_NEIGHBOURS = 5  # how many of the most alike bank questions vote on a reply
REPLY_MARGIN = 0.99  # how far their votes must lean one way: 1 is all agreeing


def asks_yes_or_no(question: str, spoken: str) -> bool:
    """True when the question asks for a yes or a no.

    - It ends with a word that asks to be confirmed (``..., right?``, not ``left or right?``): it asks one.
    - Its last sentence, or another with a question mark, offers a choice (``... my stock card or my hand card?``;
      not a choice told in a sentence before, ``We start with a 1, 2 or 3. Is that wrong?``): it asks none.
    - Its last sentence, after others, opens with a word of ``asking`` (``My family says you must play. Which of
      our rules is wrong?``): it asks none.
    - It opens with a word of ``asking``: only a later clause that opens with a word of ``yes-no`` asks one
      (``what if I play out my hand, does my turn stop?``, not ``whats wrong with that, my brother does it``).
    - Otherwise it asks one where it opens with a word that asks to be confirmed (``I thought ...``), where one of
      its clauses asks one (``_clause_asks``; a clause that opens with a word of ``conditions`` leads to the
      question where a clause follows it: ``if my stock and my hand both have the 6 the pile needs, which ...``),
      or where it is a statement with a question mark (``_states``: ``play is optional?``).
    """
    from .ranking import words_of  # the ranking library is loaded only when a question is asked

    asked = question_words_of(spoken)
    clauses = [words for words in map(words_of, _CLAUSE_BREAK.split(question)) if words]
    if not clauses:
        return False
    words = [word for clause in clauses for word in clause]
    sentences = [(sentence.rstrip().endswith("?"), said)  # (whether it has a question mark, its words)
                 for sentence in _SENTENCE_BREAK.split(question.strip()) if (said := words_of(sentence))]
    confirming = [phrase for phrase in map(words_of, asked["confirming"]) if phrase]
    either_or, asking, conditions = set(asked["either-or"]), set(asked["asking"]), set(asked["conditions"])
    if any(words[-len(phrase):] == phrase and not set(clauses[-1][:-len(phrase)]) & (either_or | asking)
           for phrase in confirming):
        return True
    earlier, last_said = sentences[:-1], sentences[-1][1]
    if set(last_said) & either_or or any(set(said) & either_or for marked, said in earlier if marked):
        return False
    if earlier and last_said[0] in asking - conditions:
        return False
    if words[0] in asking - conditions:
        return any(clause[0] in asked["yes-no"] for clause in clauses[1:])
    opens_confirming = any(words[:len(phrase)] == phrase and not set(words[len(phrase):len(phrase) + 1]) & asking
                           for phrase in confirming)  # ``I thought ...``, but not ``wait so what ...``
    asking_clauses = [clause for clause in clauses[:-1] if clause[0] not in conditions] + clauses[-1:]
    return opens_confirming or any(_clause_asks(clause, asked) for clause in asking_clauses) \
        or _states(question, words, clauses[-1], asked)


def _states(question: str, words: list[str], last: list[str], asked: dict) -> bool:
    """True for a statement put as a question: it ends with a question mark, asks nothing with a word of
    ``asking``, and its last clause holds a word of ``yes-no`` after its first word (``play is optional?``,
    ``..., men stämmer verkligen det?``; not ``jokers from finished piles, wild again?``, whose last clause says
    no verb, nor bare words asking for advice, ``any tips?``, nor a request, ``could you list the myths that are
    common?``)."""
    return question.rstrip().endswith("?") and not set(words) & set(asked["asking"]) and \
        bool(set(last[1:]) & set(asked["yes-no"])) and not _requests(words, asked)


# a sentence ends with a full stop, a question mark or an exclamation mark
_SENTENCE_BREAK = re.compile(r"(?<=[.!?])\s")
# a clause ends at a comma, a dash between spaces, and a sentence's end
_CLAUSE_BREAK = re.compile(r"[,;:]|\s[-–—]\s|" + _SENTENCE_BREAK.pattern)


def _clause_asks(words: list[str], asked: dict) -> bool:
    """True when a clause asks for a yes or a no: it opens with a word of ``yes-no`` (``can``, ``får``, ``må``), or
    it holds no word of ``asking`` (``what``, ``how``) and a word of ``yes-no`` comes before a word of ``subjects``
    and after a word that is not of ``subjects`` (``if I use all my cards do I ...?``, not ``... when it is my
    turn``).

    A word of both ``conditions`` and ``asking`` opens a clause that a question follows where the word after it
    is of ``subjects`` or neither of the two words after it is of ``yes-no`` (``when the pile is empty do we
    ...?``, ``hvis vi spiller hold og ... skal jeg ...?``, not ``when exactly does it end?``; Danish ``hvis`` is
    both ``if`` and ``whose``); further on, it is a condition too (``_asks_what``)."""
    yes_no, subjects = set(asked["yes-no"]), set(asked["subjects"])
    if _requests(words, asked):
        return False
    if words[0] in yes_no:
        return True
    opening_clause = words[0] in asked["conditions"] and (bool(set(words[1:2]) & subjects)
                                                          or not set(words[1:3]) & yes_no)
    if any(_asks_what(words, place, asked) for place in range(1 if opening_clause else 0, len(words))):
        return False
    return any(word in yes_no and following in subjects and before not in subjects
               for before, word, following in zip(words, words[1:], words[2:]))


def _asks_what(words: list[str], place: int, asked: dict) -> bool:
    """True where the word at ``place`` of a clause asks what, how or when: a word of ``asking``, unless it is of
    ``conditions`` too and the word after it is of ``subjects`` (``... when my stock is gone do I win?``) or, past
    the clause's first word, is not of ``yes-no`` (``does the game end when just one of us ...?``, but ``so when
    does it end?`` asks when)."""
    word, following = words[place], set(words[place + 1:place + 2])
    if word not in asked["asking"] or word not in asked["conditions"]:
        return word in asked["asking"]
    return not (following & set(asked["subjects"]) or place > 0 and not following & set(asked["yes-no"]))


def _requests(words: list[str], asked: dict) -> bool:
    """True when the clause asks someone to explain rather than for a yes or a no: a word of ``yes-no``, then one
    of the ``requests`` ``who`` and, within the next two words, one of its ``verbs`` (``can you explain ...``,
    ``could someone please tell me ...``, ``kan du förklara ...``)."""
    who, verbs = set(asked["requests"]["who"]), set(asked["requests"]["verbs"])
    return any(word in asked["yes-no"] and following in who and set(words[place + 2:place + 4]) & verbs
               for place, (word, following) in enumerate(zip(words, words[1:])))


def negated(question: str, spoken: str) -> bool:
    """True when the question says ``not`` (``inte``, ``ikke`` ...) an odd number of times."""
    from .ranking import words_of

    return sum(word in question_words_of(spoken).get("negation", ()) for word in words_of(question)) % 2 == 1


def leaning_reply(voters: list[tuple[float, bool]]) -> bool | None:
    """The reply that bank questions lean to, given as (weight, reply): the one with the more weight, None where
    there are none or they weigh the same."""
    lean = _balance(voters)
    return None if abs(lean) < 1e-12 else lean > 0


def agreed_reply(voters: list[tuple[float, bool]]) -> bool | None:
    """The reply that bank questions agree on, given as (how alike each is, its reply), most alike first.

    A bank question as alike as ``SAME`` is the question itself, and its reply is the reply. Otherwise the
    ``REPLY_NEIGHBOURS`` most alike vote, each by how alike it is; the reply is given only when the most alike is
    at least ``ALIKE`` alike and the votes lean at least ``REPLY_MARGIN`` of their weight one way. None means
    that no sure reply is given (the first line then says what the like questions lean to, as unsure).
    """
    voters = voters[:1] if voters and voters[0][0] >= SAME else voters[:REPLY_NEIGHBOURS]
    if not voters or voters[0][0] < ALIKE:
        return None
    lean = _balance(voters) / sum(alike for alike, _reply in voters)
    return None if abs(lean) < REPLY_MARGIN else lean > 0


def _balance(voters: list[tuple[float, bool]]) -> float:
    """The weight of the votes for yes less that of the votes for no."""
    return sum(weight if reply else -weight for weight, reply in voters)
