"""The gettext catalogues: in step with the code, complete in Swedish and Danish, and shipped compiled."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog

from tutor.i18n import LANGUAGES

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("messages", ROOT / "scripts" / "messages.py")
messages = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(messages)
TRANSLATED = [language for language in LANGUAGES if language != "en"]
FIELD = re.compile(r"\{[^{}]*\}")


def keys(catalog) -> set:
    return {(message.context, message.id) for message in catalog if message.id}


def test_the_committed_template_is_what_extraction_finds():
    assert keys(messages.read(messages.TEMPLATE)) == keys(messages.extracted())


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_message_is_translated_and_none_is_fuzzy(language):
    catalog = messages.read(messages.po_path(language), language)
    assert keys(catalog) == keys(messages.read(messages.TEMPLATE))
    for message in catalog:
        if not message.id:
            continue
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        assert all(strings), f"{language}: untranslated {message.id!r}"
        assert not message.fuzzy, f"{language}: fuzzy {message.id!r}"
        assert not list(message.check(catalog)), f"{language}: {message.id!r}"  # Babel's format checks


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_translation_keeps_its_placeholders(language):
    for message in messages.read(messages.po_path(language), language):
        if not message.id:
            continue
        originals = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        wanted = set(FIELD.findall(originals[-1]))
        for string in strings:
            # a singular may leave out the count it states in words ("This is the card just drawn.")
            assert set(FIELD.findall(string)) <= wanted, (language, message.id, string)
        assert set(FIELD.findall(strings[-1])) == wanted, (language, message.id, strings[-1])


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_shipped_mo_is_a_fresh_compile_of_the_po(language):
    path = messages.po_path(language)
    assert path.with_suffix(".mo").read_bytes() == messages.compiled(messages.read(path, language))


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_plural_rule_is_the_languages_own(language):
    catalog = messages.read(messages.po_path(language), language)
    assert catalog.plural_forms == Catalog(locale=language).plural_forms
