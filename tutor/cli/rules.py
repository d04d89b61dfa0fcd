"""``tutor rules [TOPIC]``: the rule reference, by rule id, topic or search word."""

from __future__ import annotations

from typing import Optional

import typer

from ..engine.cards import quoted
from ..i18n import _, language
from ..lessons.asking import LONGEST_QUESTION, Answer, ask, is_too_long
from ..lessons.reference import Entry, close_matches, is_strong_match, lookup, reference_entries, search
from .output import console as output_console, print_json, unusable


def _kind_headings() -> dict[str, str]:
    return {"topic": _("Topics"), "rule": _("Rule ids"), "principle": _("Strategy principles")}


def rules_command(
    topic: Optional[list[str]] = typer.Argument(None, help="A rule id (build.sequence), a topic (scoring) or a word to search for."),
    as_json: bool = typer.Option(False, "--json", help="Print the matching entries as one JSON document."),
) -> None:
    """Look up the rules: a rule id, a topic, or any word."""
    word = " ".join(topic or []).strip()
    if not word:
        entries = list(reference_entries().values())
        _emit(entries, as_json, index=True)
        return
    entry = lookup(word)
    if entry is not None:
        _emit([entry], as_json)
        return
    if is_too_long(word):
        unusable([_("the question is {count} words long; ask it in at most {limit} words.").format(
            count=len(word.split()), limit=LONGEST_QUESTION)], as_json=as_json, kind="question")
    asked = word.endswith("?") or len(word.split()) > 2
    found = [] if asked else search(word)
    if not found:
        answered = ask(word)
        if answered.ranked:
            emit_answer(answered, as_json)
            return
    if len(found) == 1:
        _emit(found, as_json)
        return
    if found:
        _emit_search(word, found, as_json)
        return
    if word.endswith("?") or len(word.split()) > 1:
        _emit_unanswered(word, as_json)
        return
    suggestions = close_matches(word)
    if suggestions:
        problem = _("no rule or topic matches {word}. Close matches: {matches}. Run 'tutor rules' for the full "
                    "list.").format(word=quoted(word), matches=", ".join(suggestions))
    else:
        problem = _("no rule or topic matches {word}. Run 'tutor rules' for the full list.").format(word=quoted(word))
    unusable([problem], as_json=as_json, kind="topic")


def _emit(entries: list[Entry], as_json: bool, index: bool = False) -> None:
    if as_json:
        print_json({"entries": [_as_dict(e) for e in entries]})
        return
    console = output_console()
    if index:
        _print_index(console, entries)
    else:
        for entry in entries:
            _print_entry(console, entry)


def _emit_search(word: str, found: list[Entry], as_json: bool) -> None:
    if as_json:
        _emit(found, as_json)
        return
    from rich.text import Text

    console = output_console()
    strong = [e for e in found if is_strong_match(e, word)]
    weak = [e for e in found if not is_strong_match(e, word)]
    console.print(Text(_("Entries about '{word}':").format(word=word), style="bold"))
    for entry in strong or weak[:8]:
        console.print(Text.assemble("  ", (entry.key, "cyan"), "  ", entry.title), overflow="fold")
        console.print(Text(f"    {entry.example}", style="dim"), overflow="fold")
    rest = weak if strong else weak[8:]
    if rest:
        console.print(Text(_("Also mentioned in: {ids}").format(ids=", ".join(e.key for e in rest))), overflow="fold")
    console.print(Text(_("Show one entry with: tutor rules <id or topic>"), style="dim"))


def emit_answer(answered: Answer, as_json: bool) -> None:
    """The direct answer to a question (after its yes or no), the entry that gives it in full, and the next best
    by name; under ``--json`` the ranked entries with their scores."""
    if as_json:
        print_json(answer_document(answered))
        return
    from rich.text import Text

    console = output_console()
    best = answered.entries[0]
    console.print(Text(direct_answer(answered), style="bold"), overflow="fold")
    console.print()
    _print_entry(console, best)
    for entry in answered.entries[1:]:
        console.print(Text.assemble(_("Also:") + " ", (entry.key, "cyan"), "  ", entry.title), overflow="fold")


def _emit_unanswered(question: str, as_json: bool) -> None:
    """A plain question that no entry answers: said so, with how to list the topics (not an error)."""
    if as_json:
        print_json({"question": question, "answer": None, "reply": None, "asks_yes_or_no": False, "lean": None,
                    "reply_sure": None, "reply_by": None, "entries": []})
        return
    from rich.text import Text

    output_console().print(Text(_("No entry answers {question}. Run 'tutor rules' for the list of rules and topics, "
                                  "or ask in other words.").format(question=quoted(question))), overflow="fold")


def question_answer(text: str) -> Optional[Answer]:
    """The answer to ``text`` when it is a question that some entry answers (for ``tutor check`` given one)."""
    from ..engine.notation import is_question

    if is_too_long(text) or not is_question(text, language()):
        return None
    answered = ask(text)
    return answered if answered.ranked else None


def direct_answer(answered: Answer) -> str:
    """The best entry's short answer, after the question's yes or no where it asks one: said as sure where the
    bank settles it, as unsure where its like questions only lean one way, and as unknown where none of them has
    a reply."""
    short = answered.entries[0].answer
    if not answered.asks:
        return short
    if answered.reply is not None:
        return (_("Yes.") if answered.reply else _("No.")) + " " + short
    if answered.lean is None:
        return _("Cannot tell yes or no here; the entry below answers it: {answer}").format(answer=short)
    if answered.lean:
        return _("Not sure; probably yes (the entry below settles it): {answer}").format(answer=short)
    return _("Not sure; probably no (the entry below settles it): {answer}").format(answer=short)


def answer_document(answered: Answer) -> dict[str, object]:
    """The answer to a question as JSON: the direct answer; ``reply``, its sure yes or no; ``lean``, the yes or no
    the first line gives, sure or not, and ``reply_sure``, whether it is sure (both null where the question asks
    none); ``reply_by``, what gives the sure reply (``rules`` for a named card on another, ``bank`` for like
    questions that agree); and the entries ranked, with scores."""
    by = None if answered.reply is None else "rules" if answered.ruled else "bank"
    return {"question": answered.question, "answer": direct_answer(answered), "reply": _yes_or_no(answered.reply),
            "asks_yes_or_no": answered.asks, "lean": _yes_or_no(answered.lean),
            "reply_sure": answered.reply is not None if answered.asks else None, "reply_by": by,
            "entries": [{**_as_dict(entry), "score": score} for entry, score in answered.ranked]}


def _yes_or_no(reply: bool | None) -> str | None:
    return None if reply is None else "yes" if reply else "no"


def _as_dict(entry: Entry) -> dict[str, object]:
    return {"id": entry.key, "kind": entry.kind, "title": entry.title, "answer": entry.answer, "text": entry.text,
            "example": entry.example, "see": list(entry.see)}


def _print_entry(console, entry: Entry) -> None:
    from rich.text import Text

    console.print(Text.assemble((entry.title, "bold"), "  ", (entry.key, "cyan")))
    console.print(Text(entry.text))
    console.print(Text.assemble((_("Example:") + " ", "bold"), entry.example))
    if entry.see:
        console.print(Text(_("See also: {ids}").format(ids=", ".join(entry.see)), style="dim"))
    console.print()


def _print_index(console, entries: list[Entry]) -> None:
    from rich.text import Text

    for kind, title in _kind_headings().items():
        group = [e for e in entries if e.kind == kind]
        if not group:
            continue
        console.print(Text(title, style="bold underline"))
        width = max(len(e.key) for e in group)
        for entry in group:
            line = Text.assemble("  ", (entry.key.ljust(width), "cyan"), "  ", entry.title)
            console.print(line, overflow="fold")
        console.print()
    console.print(Text(_("Show one entry with: tutor rules <id or topic>"), style="dim"))
