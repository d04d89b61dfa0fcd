"""The rule reference: one entry per rule id, strategy principle and topic.

The text lives in ``rules.yaml`` next to this module, and in each other
language in ``rules.LANG.yaml``: the same ids with their title, short
answer, text, example and aliases in that language (the ``see`` links hold
for all). The entries are in the language in use; a lookup knows the English
aliases too. ``rule_reference`` gives the plain text of one entry, for any
program that wants to explain a ruling; ``lookup`` and ``search`` serve
``tutor rules``, and ``asking`` answers its questions in plain words.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from functools import cache
from importlib import resources

from ..i18n import _, language
from ..i18n.data import translation_data
from .strict_yaml import load_unique

TRANSLATED_FIELDS = ("title", "answer", "text", "example", "aliases")  # what a translation gives for each entry


@dataclass(frozen=True)
class Entry:
    """One reference entry: a rule id (``build.sequence``) or a topic (``scoring``)."""

    key: str
    kind: str  # "rule", "principle" or "topic"
    title: str
    answer: str  # the short, direct answer: what a player asking about this entry needs first
    text: str
    example: str
    aliases: tuple[str, ...] = ()
    see: tuple[str, ...] = ()

    def plain(self) -> str:
        """Title, text and example as plain text."""
        return f"{self.title} ({self.key})\n{self.text}\n" + _("Example: {example}").format(example=self.example)

    def words(self) -> str:
        """Everything a search looks through, in lower case."""
        return " ".join((self.key, self.title, self.text, self.example, *self.aliases)).lower()


class ReferenceError(ValueError):
    """The reference file is malformed."""


def _normal(word: str) -> str:
    return re.sub(r"[\s_]+", "-", word.strip().lower())


def _entry(key: str, kind: str, data: object, words: dict, file: str) -> Entry:
    """The entry ``key`` from its English ``data`` and the ``words`` of the language in use."""
    if not isinstance(data, dict) or not isinstance(words, dict):
        raise ReferenceError(f"{file}: entry {key!r} is not a mapping")
    missing = [field for field in ("title", "answer", "text", "example") if not isinstance(words.get(field), str)]
    if missing:
        raise ReferenceError(f"{file}: entry {key!r} lacks {', '.join(missing)}")
    aliases = [*words.get("aliases", ()), *(data.get("aliases", ()) if words is not data else ())]
    return Entry(
        key=key,
        kind=kind,
        title=words["title"].strip(),
        answer=" ".join(words["answer"].split()),
        text=" ".join(words["text"].split()),
        example=words["example"].strip(),
        aliases=tuple(dict.fromkeys(_normal(str(a)) for a in aliases)),
        see=tuple(data.get("see", ())),
    )


def reference_file(spoken: str) -> str:
    """The name of the reference file of language ``spoken``."""
    return "rules.yaml" if spoken == "en" else f"rules.{spoken}.yaml"


def reference_data(spoken: str) -> dict:
    """The reference file of language ``spoken``, as data."""
    if spoken == "en":
        return load_unique(resources.files("tutor.lessons").joinpath("rules.yaml").read_text(encoding="utf-8"))
    return translation_data("tutor.lessons", reference_file(spoken))


def reference_entries() -> dict[str, Entry]:
    """Every entry by key, in the language in use: rule ids first, then principles, then topics."""
    return entries_in(language())


@cache
def entries_in(spoken: str) -> dict[str, Entry]:
    """Every entry by key, in language ``spoken``."""
    data = reference_data("en")
    words = data if spoken == "en" else reference_data(spoken)
    file = reference_file(spoken)
    entries: dict[str, Entry] = {}
    for section in ("rules", "topics"):
        for key, value in data.get(section, {}).items():
            kind = "topic" if section == "topics" else "principle" if key.startswith("strategy.") else "rule"
            entries[key] = _entry(key, kind, value, words.get(section, {}).get(key), file)
    return entries


def lookup(word: str) -> Entry | None:
    """The entry whose key or alias is ``word`` (any case, spaces or hyphens)."""
    wanted = _normal(word)
    entries = reference_entries()
    if wanted in entries:
        return entries[wanted]
    for entry in entries.values():
        if wanted in entry.aliases:
            return entry
    return None


def search(word: str) -> list[Entry]:
    """Entries that mention every word of ``word``, strongest first (hits in the key or title lead)."""
    terms = [t for t in re.split(r"\s+", word.strip().lower()) if t]
    if not terms:
        return []
    found = [e for e in reference_entries().values() if all(t in e.words() for t in terms)]
    return sorted(found, key=lambda e: not is_strong_match(e, word))


def is_strong_match(entry: Entry, word: str) -> bool:
    """True when a search word appears in the entry's key, title or aliases."""
    head = " ".join((entry.key, entry.title, *entry.aliases)).lower()
    return any(t in head for t in word.lower().split())


def close_matches(word: str, limit: int = 5) -> list[str]:
    """Keys and aliases that look like ``word`` (for 'did you mean')."""
    names = list(reference_entries())
    names += [a for e in reference_entries().values() for a in e.aliases]
    matches = difflib.get_close_matches(_normal(word), names, n=limit * 2, cutoff=0.6)
    keys: list[str] = []
    for name in matches:
        entry = lookup(name)
        if entry is not None and entry.key not in keys:
            keys.append(entry.key)
    return keys[:limit]


def rule_reference(rule_id: str) -> str:
    """The reference text of a rule id, principle or topic; ``KeyError`` if there is none."""
    entry = reference_entries().get(rule_id) or lookup(rule_id)
    if entry is None:
        raise KeyError(rule_id)
    return entry.plain()
