"""What an expectation expects, in plain words: the Ruling of an answer key and a quiz.

``expected_in_words(expectation)`` says ``legal; then build pile 1 shows 7
and your stock holds 11 cards`` where ``tutor scenario test`` says
``legal; then build [7, null, null, null], stock_count 11``: every value in
words, every rule and principle by its title.
"""

from __future__ import annotations

from typing import Any, Optional

from ..engine.cards import CardError, card_label, parse_card
from ..lessons.reference import reference_entries
from ..scenario.expectations import Expectation
from .texts import cards, text


def expected_in_words(expectation: Expectation, *, events: Optional[list[str]] = None) -> str:
    """What ``expectation`` expects, in a sentence a student can read; ``events``: the game's own sentences
    in the language in use for the events the file expects (in English, its own words are quoted)."""
    if expectation.avoid:
        return text("expect-avoid")
    wanted = expectation.wanted
    parts = []
    if wanted.get("legal") is True:
        parts.append(text("legal"))
    if wanted.get("legal") is False:
        rule = wanted.get("rule")
        parts.append(text("expect-illegal-by", rule=title_of(rule)) if rule else text("expect-illegal"))
    if "undecidable" in wanted:
        parts.append(text("expect-undecidable" if wanted["undecidable"] else "expect-decidable"))
    if "quality" in wanted:
        quality = text(f"quality-{wanted['quality']}")
        principle = wanted.get("principle")
        parts.append(text("expect-quality-for", quality=quality, principle=title_of(principle)) if principle
                     else quality)
    elif "principle" in wanted:
        parts.append(text("expect-principle", principle=title_of(wanted["principle"])))
    if "best" in wanted:
        parts.append(text("expect-best" if wanted["best"] else "expect-not-best"))
    then = wanted.get("then")
    if isinstance(then, dict) and then:
        parts.append(text("expect-then", outcomes=listed([_outcome(key, events if key == "events" and events
                                                                   else value) for key, value in then.items()])))
    return "; ".join(parts)


def title_of(rule_id: str) -> str:
    """A rule's or principle's title as words inside a sentence (``a build pile rises by exactly one``)."""
    entry = reference_entries().get(rule_id)
    if entry is None:
        return rule_id
    title = entry.title
    first = title.split()[0]
    return title if any(letter.isupper() for letter in first[1:]) else title[0].lower() + title[1:]


def listed(items: list[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    if len(items) < 2:
        return "".join(items)
    return text("list-and", first=", ".join(items[:-1]), last=items[-1])


def _outcome(key: str, value: Any) -> str:
    """One outcome in words; the scenario schema has checked its type."""
    if key == "build":
        return _build(value)
    if key == "hand":
        return text("then-hand", cards=listed([_card(card) for card in value])) if value else text("then-hand-empty")
    if key in ("hand_size", "stock_count", "draw_pile", "completed", "points"):
        return text(f"then-{key}", count=value, cards=cards(value))
    if key == "stock_top":
        return text("then-stock-top", card=_card(value)) if value is not None else text("then-stock-empty")
    if key in ("turn_over", "round_over"):
        return text(f"then-{key}-{str(bool(value)).lower()}")
    if key == "winners":
        return text("then-winners", names=listed([str(name) for name in value])) if value else text("then-no-winner")
    if key == "turn":
        return text("then-turn", name=value)
    return text("then-events", events=listed([text("quoted", words=event) for event in value]))


def _build(tops: list[Any]) -> str:
    tops = tops + [None] * (4 - len(tops))
    shown = [text("pile-shows", pile=slot, card=top) for slot, top in enumerate(tops, start=1) if top is not None]
    free = [str(slot) for slot, top in enumerate(tops, start=1) if top is None]
    if not shown:
        return text("then-build-all-free")
    said = text("then-build", piles=listed(shown))
    if not free:
        return said
    return text("then-build-one-free" if len(free) == 1 else "then-build-free", shown=said, piles=listed(free))


def _card(value: Any) -> str:
    try:
        return card_label(parse_card(value) if isinstance(value, str) else value)
    except (CardError, TypeError, ValueError):
        return str(value)
