"""Data translated per language (rules reference, course, gallery) holds exactly the ids and fields of the English."""

from __future__ import annotations

from importlib import resources

import pytest
from typer.testing import CliRunner

from tutor.cli.app import build_app
from tutor.i18n import LANGUAGES, use
from tutor.lessons.course import course_translation, load_course
from tutor.lessons.course_words import words_of
from tutor.lessons.asking import answer
from tutor.lessons.reference import TRANSLATED_FIELDS, lookup, reference_data, reference_entries, search
from tutor.lessons.strict_yaml import load_unique
from tutor.scenario import load_scenario
from tutor.scenario.gallery import GALLERY, TEXTS as GALLERY_TEXTS, gallery_entry, gallery_words

TRANSLATED = [language for language in LANGUAGES if language != "en"]
runner = CliRunner()


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_reference_has_every_id_with_the_english_fields(language):
    english, translated = reference_data("en"), reference_data(language)
    assert set(translated) == set(english)
    questions = translated.pop("questions")  # the words of a question: each language's own, not a translation
    assert questions["ignore"] and questions["synonyms"]
    for section, entries in english.items():
        if section == "questions":
            continue
        assert list(translated[section]) == list(entries), (language, section)
        for key, fields in entries.items():
            wanted = {field for field in fields if field in TRANSLATED_FIELDS}
            assert set(translated[section][key]) == wanted, (language, key)
            assert all(translated[section][key][field] for field in wanted), (language, key)


@pytest.mark.parametrize("language, word, key, title", [
    ("sv", "slänghög", "discard-piles", "Avläggshögar"),
    ("sv", "grundhög", "piles", "De fyra högarna"),
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


@pytest.mark.parametrize("language, question", [
    ("sv", "vad händer när draghögen tar slut"),
    ("da", "hvad sker der når trækbunken slipper op"),
])
def test_a_question_in_the_language_finds_its_entry_with_the_languages_own_words(language, question):
    use(language)
    assert answer(question)[0].key == "draw-pile"


def test_tutor_rules_in_danish():
    result = runner.invoke(build_app(), ["rules", "--lang", "da", "build.start"])
    assert result.exit_code == 0
    assert "En ny byggebunke begynder med 1" in result.stdout and "Eksempel:" in result.stdout


COURSE = resources.files("tutor.lessons").joinpath("course")
STAGE_FILES = sorted(entry.name for entry in COURSE.iterdir() if entry.name.endswith(".yaml"))


def _shape(words: dict) -> dict:
    """The ids and fields of a course translation, with the length of each list and where it holds nothing."""
    return {"id": words["id"], "fields": sorted(words),
            "steps": [(key, {field: (len(value), [item is None for item in value]) if isinstance(value, list) else ""
                             for field, value in step.items()}) for key, step in words["steps"].items()]}


@pytest.mark.parametrize("language", TRANSLATED)
@pytest.mark.parametrize("name", STAGE_FILES)
def test_each_course_translation_has_the_ids_and_fields_of_its_english_stage(language, name):
    english = words_of(load_unique(COURSE.joinpath(name).read_text(encoding="utf-8")))
    translated = course_translation(language, name)
    assert _shape(translated) == _shape(english)
    texts = [translated["title"], translated["summary"],
             *(text for step in translated["steps"].values() for value in step.values()
               for text in (value if isinstance(value, list) else [value]) if text is not None)]
    assert all(isinstance(text, str) and text.strip() for text in texts)


def test_every_explanation_of_the_course_has_an_id_of_its_own():
    for stage in load_course().stages:
        ids = [step.id for step in stage.steps]
        assert all(ids) and len(set(ids)) == len(ids), stage.id


@pytest.mark.parametrize("language, stage, title, first_words", [
    ("sv", "setup", "Att förbereda en runda", "Blanda alla kort"),
    ("da", "wild", "Skip-Bo-kort", "Et Skip-Bo-kort (SB) er en joker"),
])
def test_the_course_speaks_the_language_in_use(language, stage, title, first_words):
    use(language)
    found = load_course().find(stage)
    assert found.title == title and found.steps[0].text.startswith(first_words)
    choice = next(step for step in found.exercises if step.kind == "choice")
    assert choice.solution == (choice.options[choice.answer - 1],)


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_gallery_translation_has_every_file_with_its_texts(language):
    files = sorted(path.relative_to(GALLERY).with_suffix("").as_posix() for path in GALLERY.rglob("*.yaml"))
    words = gallery_words(language)
    assert sorted(words) == files
    for key, texts in words.items():
        english = load_unique((GALLERY / f"{key}.yaml").read_text(encoding="utf-8"))
        notes = {index: item["note"] for index, item in enumerate(english.get("expect") or []) if "note" in item}
        assert set(texts) == {field for field in GALLERY_TEXTS if field in english} | ({"notes"} if notes else set()), key
        assert set(texts.get("notes", {})) == set(notes), key
        assert all(isinstance(text, str) and text.strip() for field, text in texts.items() if field != "notes"), key


@pytest.mark.parametrize("language", TRANSLATED)
def test_one_file_of_the_gallery_read_alone_is_what_the_whole_translation_holds(language):
    words = gallery_words(language)
    assert all(gallery_entry(language, key) == texts for key, texts in words.items())
    assert gallery_entry(language, "rules/no-such-file") is None
    assert gallery_entry(language, "rules") is None  # a folder's name alone is no key


def test_a_gallery_file_speaks_the_language_and_any_other_file_stays_as_written(tmp_path):
    gallery_file = GALLERY / "rules" / "build-piles-stay.yaml"
    copy = tmp_path / "build-piles-stay.yaml"
    copy.write_text(gallery_file.read_text(encoding="utf-8"), encoding="utf-8")
    use("sv")
    translated = load_scenario(gallery_file)
    assert translated.title == "Kort på en byggstapel ligger kvar"
    assert translated.data["question"].startswith("Får du flytta ett kort")
    assert translated.data["expect"] == load_scenario(copy).data["expect"]  # only the words change
    assert load_scenario(copy).title == "Cards on a build pile stay there"


def test_a_scenario_expecting_an_event_passes_in_every_language():
    """The events a file expects are English words: they are judged against the English events."""
    for language in LANGUAGES:
        result = runner.invoke(build_app(), ["scenario", "test", "--lang", language,
                                             str(GALLERY / "teams" / "empty-stock-plays-on.yaml")])
        assert result.exit_code == 0, (language, result.output)
