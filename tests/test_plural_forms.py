"""Counts meet words by each language's plural rule: every message with a count, for 0, 1 and 2."""

from __future__ import annotations

import gettext
import importlib.util
import re
from pathlib import Path

import pytest

from tutor.engine.cards import many_of, n_cards, n_wild_cards
from tutor.i18n import DOMAIN, LOCALE_DIR, speaking
from tutor.play import texts

_spec = importlib.util.spec_from_file_location("messages", Path(__file__).resolve().parents[1] / "scripts" / "messages.py")
messages = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(messages)
FIELD = re.compile(r"\{(\w+)[^{}]*\}")
LANGUAGES = ("sv", "da")


def plural_messages(language: str):
    for message in messages.read(messages.po_path(language), language):
        if message.id and isinstance(message.id, tuple):
            yield message


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("count", [0, 1, 2])
def test_every_plural_message_takes_the_form_its_count_asks_for(language, count):
    catalogue = gettext.translation(DOMAIN, LOCALE_DIR, [language])
    found = 0
    for message in plural_messages(language):
        singular, plural = message.id
        said = catalogue.npgettext(message.context, singular, plural, count) if message.context else \
            catalogue.ngettext(singular, plural, count)
        assert said == message.string[0 if count == 1 else 1], (language, message.id, count)
        fields = {name: count if name == "count" else name for name in FIELD.findall(said)}
        filled = said.format(**fields)
        if "count" in FIELD.findall(plural):  # the count is said as a number wherever the plural names it
            assert str(count) in filled or count == 1, (language, message.id, filled)
        found += 1
    assert found >= 10


@pytest.mark.parametrize("language, count, wild, tally, drawn", [
    ("sv", 0, "0 vilda kort", "0 godkända", "dra 0 kort"),
    ("sv", 1, "1 vilt kort", "1 godkänd", "dra 1 kort"),
    ("sv", 2, "2 vilda kort", "2 godkända", "dra 2 kort"),
    ("da", 0, "0 jokerkort", "0 bestået", "træk 0 kort"),
    ("da", 1, "1 jokerkort", "1 bestået", "træk 1 kort"),
    ("da", 2, "2 jokerkort", "2 bestået", "træk 2 kort"),
])
def test_counted_words_agree_with_their_count(language, count, wild, tally, drawn):
    from tutor.i18n import ngettext

    with speaking(language):
        assert n_wild_cards(count) == wild
        assert ngettext("{count} passed", "{count} passed", count).format(count=count) == tally
        assert texts.words_draw_count(count) == drawn
        assert texts.rounds_counted(count) == {"sv": ("0 rundor", "1 runda", "2 rundor"),
                                               "da": ("0 runder", "1 runde", "2 runder")}[language][count]
        assert n_cards(count) == f"{count} kort"


@pytest.mark.parametrize("language, unusable", [("sv", ("0 oanvändbara", "1 oanvändbar", "2 oanvändbara")),
                                                ("da", ("0 ubrugelige", "1 ubrugelig", "2 ubrugelige"))])
def test_an_adjective_after_a_count_agrees_with_it(language, unusable):
    from tutor.i18n import ngettext

    with speaking(language):
        assert tuple(ngettext("{count} unusable", "{count} unusable", n).format(count=n) for n in (0, 1, 2)) == unusable
        checked = [ngettext("({count} expectation checked)", "({count} expectations checked)", n).format(count=n)
                   for n in (0, 1, 2)]
    assert checked == {"sv": ["(0 förväntningar kontrollerade)", "(1 förväntning kontrollerad)",
                              "(2 förväntningar kontrollerade)"],
                       "da": ["(0 forventninger kontrolleret)", "(1 forventning kontrolleret)",
                              "(2 forventninger kontrolleret)"]}[language]


@pytest.mark.parametrize("language, sevens, wilds", [("sv", "14 sjuor", "19 Skip-Bo-kort"),
                                                     ("da", "14 syvere", "19 Skip-Bo-kort"),
                                                     ("en", "14 7s", "19 SB cards")])
def test_more_of_a_card_than_the_deck_holds_is_said_with_the_card_noun(language, sevens, wilds):
    with speaking(language):
        assert many_of(7, 14) == sevens and many_of(0, 19) == wilds
