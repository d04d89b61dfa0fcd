"""Questions in plain words: the bank per language, the ranking measured on the part it never sees, and the
direct answer (yes or no first) that `tutor rules` and `tutor check` give."""

from __future__ import annotations

import json
from importlib import resources

import pytest
from typer.testing import CliRunner

from tutor.cli.app import build_app
from tutor.i18n import LANGUAGES, use
from tutor.lessons.answer_quality import quality
from tutor.lessons.question_bank import PARTS, question_bank
from tutor.lessons.ranking import Ranker
from tutor.lessons.reference import ask, reference_entries
from tutor.lessons.strict_yaml import load_unique

runner = CliRunner()
SIZES = {"en": 200, "sv": 100, "da": 80}  # the fewest questions each language's bank holds
# The least share of held-out questions answered first, and in the top three: the figures measured (docs/rules.md),
# so that no change of the ranking loses ground unseen; the goal is 90% and 98% in every language.
TOP_ONE = {"en": 0.575, "sv": 0.595, "da": 0.645}
TOP_THREE = {"en": 0.785, "sv": 0.815, "da": 0.785}


@pytest.fixture(autouse=True)
def english_after():
    yield
    use("en")


@pytest.mark.parametrize("spoken", LANGUAGES)
def test_the_bank_names_existing_entries_and_repeats_no_question(spoken):
    text = resources.files("tutor.lessons").joinpath("questions", f"{spoken}.yaml").read_text(encoding="utf-8")
    assert set(load_unique(text)) == set(PARTS)  # the strict reader: a question written twice is an error
    bank = question_bank(spoken)
    keys = set(reference_entries())
    items = bank.tuning + bank.held_out
    assert len(items) >= SIZES[spoken] and len(bank.held_out) >= 20
    assert all(set(item.entries) <= keys for item in items), [i.question for i in items if set(i.entries) - keys]
    assert not {i.question for i in bank.tuning} & {i.question for i in bank.held_out}


@pytest.mark.parametrize("spoken", LANGUAGES)
def test_every_yes_or_no_question_of_the_bank_says_which(spoken):
    from tutor.lessons.reference import _asks_yes_or_no

    bank = question_bank(spoken)
    unlabelled = [i.question for i in bank.tuning + bank.held_out if _asks_yes_or_no(i.question, spoken)
                  and i.reply is None]
    assert unlabelled == []


@pytest.mark.parametrize("spoken", LANGUAGES)
def test_the_held_out_questions_are_answered_first_and_in_the_top_three(spoken):
    measured = quality(spoken, "held-out")
    assert measured.share(measured.first) >= TOP_ONE[spoken], measured.misses
    assert measured.share(measured.top_three) >= TOP_THREE[spoken], measured.misses


@pytest.mark.parametrize("spoken, question, key, first_line", [
    ("en", "can I play from my discard pile?", "source.discard-top", "Yes."),
    ("en", "do I have to play a card if I can?", "must-play", "No."),
    ("en", "what if nobody can play anymore?", "stalemate", "If nothing can be drawn"),
    ("en", "how many build piles can there be?", "build.four-piles", "Four at most"),
    ("en", "how many stock cards with five players?", "stock-size", "30 stock cards each"),
    ("en", "can i play from my discrad pile", "source.discard-top", "Yes."),
    ("sv", "får man spela från avläggshögen?", "source.discard-top", "Ja."),
    ("sv", "vad är ett skip-bo-kort?", "wild-cards", "Ett Skip-Bo-kort"),
    ("sv", "måste man lägga kort om man kan?", "must-play", "Nej."),
    ("da", "tæller kortene på hånden med i pointtællingen?", "scoring", "Nej."),
    ("da", "hvad sker der, hvis jeg spiller alle fem kort fra hånden?", "turn.draw-when-empty", "Efter trækket"),
])
def test_a_question_gets_its_direct_answer_on_the_first_line(spoken, question, key, first_line):
    result = runner.invoke(build_app(), ["rules", "--lang", spoken, question])
    assert result.exit_code == 0
    assert result.stdout.startswith(first_line)
    use(spoken)
    assert ask(question).entries[0].key == key
    assert reference_entries()[key].answer in " ".join(result.stdout.split())


def test_json_gives_the_ranked_entries_with_scores_and_the_direct_answer():
    result = runner.invoke(build_app(), ["rules", "can I discard a stock card?", "--json"])
    document = json.loads(result.stdout)
    assert document["reply"] == "no" and document["answer"].startswith("No. Only a card from your hand")
    scores = [entry["score"] for entry in document["entries"]]
    assert document["entries"][0]["id"] == "discard.from-hand" and scores == sorted(scores, reverse=True)
    assert {"id", "kind", "title", "text", "example", "see", "answer", "score"} <= set(document["entries"][0])


def test_a_question_asking_no_yes_or_no_gets_none():
    assert ask("who goes first?").reply is None


@pytest.mark.parametrize("spoken", LANGUAGES)
def test_every_entry_has_a_short_answer_in_every_language(spoken):
    use(spoken)
    for entry in reference_entries().values():
        assert entry.answer and len(entry.answer) < 300 and entry.answer not in entry.text, entry.key


def test_the_ranking_stems_matches_synonyms_and_reads_misspellings():
    documents = {"stock": [("Only the stock's top card is played", 1.0)],
                 "wild": [("Skip-Bo cards are wild", 1.0)]}
    ranker = Ranker(documents, "en", synonyms={"joker": ["wild"]})
    assert ranker.rank("stocks")[0][0] == "stock"  # a plural meets its stem
    assert ranker.rank("joker")[0][0] == "wild"  # a word meets the word it stands for
    assert ranker.rank("wildd")[0][0] == "wild"  # a misspelt word is read as the word it looks like
    assert ranker.rank("zebra") == []
    swedish = Ranker({"discard": [("avläggshög", 1.0)], "stock": [("stockhög", 1.0)]}, "sv")
    assert swedish.rank("avläggshögarna")[0][0] == "discard"


def test_a_question_the_bank_has_is_helped_by_it_over_one_it_has_not():
    documents = {"a": [("cards piles", 1.0)], "b": [("cards piles", 1.0)]}
    ranker = Ranker(documents, "en", asked={"b": ["how do the piles work"]})
    assert ranker.rank("how do the piles work")[0][0] == "b"
    assert Ranker(documents, "en").rank("how do the piles work")[0][0] == "a"  # even scores: the order given
