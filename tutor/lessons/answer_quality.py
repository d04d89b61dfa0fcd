"""How well ``tutor rules`` answers the question bank: top-1, top-3 and yes-or-no, per language and part.

Besides the bank's two parts, ``leave-one-out`` asks each tuning question of a ranking that has not read it
(the bank without that one question): a measure of how the ranking does on questions it has not seen, on many
more questions than the held-out part has. Run ``python -m tutor.lessons.answer_quality`` for the table of
docs/rules.md.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from ..i18n import LANGUAGES, use
from .question_bank import Asked, question_bank
from .asking import Answer, ask


@dataclass(frozen=True)
class Quality:
    """Of ``asked`` questions: how many got an entry that answers them first, or in the top three. Of the
    ``yes_or_no`` questions: how many got their yes or no right on the first line said as sure (``replied``) and
    how many the wrong one (``wrong``); how many got it right said as unsure (``leaned``) and how many the wrong
    one (``lean_wrong``); how many were read as asking one but got neither (``untold``: no like question has a
    reply), and how many were not read as asking one (``unread``)."""

    asked: int
    first: int
    top_three: int
    yes_or_no: int
    replied: int
    wrong: int
    misses: tuple[str, ...]
    leaned: int = 0
    lean_wrong: int = 0
    untold: int = 0
    unread: int = 0

    def share(self, count: int, of: int | None = None) -> float:
        return count / (of if of is not None else self.asked) if (of or self.asked) else 1.0


MEASURES = ("tuning", "leave-one-out", "held-out")


def quality(spoken: str, part: str = "held-out") -> Quality:
    """The answers to the bank's ``part`` of language ``spoken``: ``tuning``, ``held-out``, or ``leave-one-out``
    (each tuning question asked as if the bank did not hold it)."""
    use(spoken)
    bank = question_bank(spoken)
    items: tuple[Asked, ...] = bank.held_out if part == "held-out" else bank.tuning
    unseen = part == "leave-one-out"
    first = top_three = 0
    said: Counter[str] = Counter()
    misses = []
    for item in items:
        answer = ask(item.question, unseen=unseen)
        keys = [entry.key for entry in answer.entries]
        first += bool(keys) and keys[0] in item.entries
        top_three += any(key in item.entries for key in keys[:3])
        if item.reply is not None:
            said[_told(answer, item.reply)] += 1
        if not keys or keys[0] not in item.entries or (item.reply is not None and answer.lean is not item.reply):
            misses.append(f"{item.question} -> {', '.join(keys)} (reply {answer.reply}, lean {answer.lean}, "
                          f"wanted {item.reply})")
    return Quality(len(items), first, top_three, sum(said.values()), said["sure right"], said["sure wrong"],
                   tuple(misses), said["unsure right"], said["unsure wrong"], said["untold"], said["unread"])


def _told(answer: Answer, wanted: bool) -> str:
    """How the first line gave the yes or no of a question that asks one: sure or unsure, right or wrong, with
    no lean (``untold``), or not read as asking one (``unread``)."""
    if not answer.asks:
        return "unread"
    if answer.lean is None:
        return "untold"
    return f"{'unsure' if answer.reply is None else 'sure'} {'right' if answer.lean is wanted else 'wrong'}"


def main() -> None:
    print("| language | part | questions | top-1 | top-3 | yes or no said sure, right / wrong / not said | "
          "said unsure, right / wrong | no lean / not read as asking one |")
    print("|---|---|---|---|---|---|---|---|")
    for spoken in LANGUAGES:
        for part in MEASURES:
            q = quality(spoken, part)
            print(f"| {spoken} | {part} | {q.asked} | {q.share(q.first):.0%} | {q.share(q.top_three):.0%} | "
                  f"{q.replied} / {q.wrong} / {q.yes_or_no - q.replied - q.wrong} of {q.yes_or_no} | "
                  f"{q.leaned} / {q.lean_wrong} | {q.untold} / {q.unread} |")
    use("en")


if __name__ == "__main__":
    main()
