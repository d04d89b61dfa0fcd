"""Data translated per language (the rules reference) holds exactly the ids and fields of the English."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from tutor.cli.app import build_app
from tutor.i18n import LANGUAGES, use
from tutor.lessons.reference import TRANSLATED_FIELDS, lookup, reference_data, reference_entries, search

TRANSLATED = [language for language in LANGUAGES if language != "en"]
runner = CliRunner()


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_reference_has_every_id_with_the_english_fields(language):
    english, translated = reference_data("en"), reference_data(language)
    assert set(translated) == set(english)
    for section, entries in english.items():
        assert list(translated[section]) == list(entries), (language, section)
        for key, fields in entries.items():
            wanted = {field for field in fields if field in TRANSLATED_FIELDS}
            assert set(translated[section][key]) == wanted, (language, key)
            assert all(translated[section][key][field] for field in wanted), (language, key)


@pytest.mark.parametrize("language, word, key, title", [
    ("sv", "slänghög", "discard-piles", "Avläggshögar"),
    ("sv", "grundhög", "piles", "De fyra sorternas högar"),
    ("da", "makkerspil", "teams", "Makkerspil"),
    ("da", "wild", "wild-cards", "Skip-Bo-kort (jokerkort)"),  # the English aliases still find their entry
])
def test_a_lookup_finds_the_languages_aliases_and_the_english_ones(language, word, key, title):
    use(language)
    entry = lookup(word)
    assert entry is not None and (entry.key, entry.title) == (key, title)


def test_a_search_reads_the_text_of_the_language_in_use():
    use("sv")
    assert "build.sequence" in [entry.key for entry in search("stiger")]
    use("en")
    assert search("stiger") == []
    assert reference_entries()["build.sequence"].title == "A build pile rises by exactly one"


def test_tutor_rules_in_danish():
    result = runner.invoke(build_app(), ["rules", "--lang", "da", "build.start"])
    assert result.exit_code == 0
    assert "En ny byggebunke begynder med 1" in result.stdout and "Eksempel:" in result.stdout
