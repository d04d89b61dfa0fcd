"""The rule reference: every rule id has an entry, lookups and searches work."""

import json

import pytest
from typer.testing import CliRunner

from tutor.cli.app import build_app
from tutor.engine.rules import RULES
from tutor.lessons import rule_reference
from tutor.lessons.asking import answer
from tutor.lessons.reference import close_matches, lookup, reference_entries, search

runner = CliRunner()
app = build_app()

PRINCIPLES = ["strategy.stock-first", "strategy.save-wilds", "strategy.descending-discards",
              "strategy.spread-discards", "strategy.mind-opponents"]
TOPICS = ["deck", "piles", "setup", "turn", "building", "wild-cards", "draw-pile", "winning",
          "scoring", "teams", "misconceptions", "strategy"]


@pytest.mark.parametrize("rule_id", sorted(RULES) + PRINCIPLES + TOPICS)
def test_every_rule_id_principle_and_topic_has_an_entry(rule_id):
    text = rule_reference(rule_id)
    entry = reference_entries()[rule_id]
    assert entry.title and entry.text and entry.example
    assert rule_id in text and entry.example in text


def test_see_also_names_existing_entries():
    keys = set(reference_entries())
    for entry in reference_entries().values():
        assert set(entry.see) <= keys, entry.key


def test_unknown_rule_id_raises_key_error():
    with pytest.raises(KeyError):
        rule_reference("build.sideways")


def test_aliases_and_spelling_variants_find_topics():
    assert lookup("wild cards").key == "wild-cards"
    assert lookup("Jokers").key == "wild-cards"
    assert lookup("points").key == "scoring"
    assert lookup("BUILD.SEQUENCE").key == "build.sequence"


def test_search_puts_title_hits_first():
    found = [e.key for e in search("discard")]
    assert "discard.from-hand" in found
    assert found.index("discard-piles") < found.index("winning")


def test_close_matches_for_a_typo():
    assert close_matches("scorign") == ["scoring"]


def test_cli_shows_one_entry():
    result = runner.invoke(app, ["rules", "build.sequence"])
    assert result.exit_code == 0
    assert "rises by exactly one" in result.stdout
    assert "Example:" in result.stdout


def test_cli_index_lists_every_rule_id():
    result = runner.invoke(app, ["rules"], env={"COLUMNS": "60"})
    assert result.exit_code == 0
    for rule_id in RULES:
        assert rule_id in result.stdout


def test_cli_search_by_word():
    result = runner.invoke(app, ["rules", "discard"])
    assert result.exit_code == 0
    assert "discard.from-hand" in result.stdout
    assert "Also mentioned in" in result.stdout


def test_cli_search_with_one_hit_shows_the_entry():
    result = runner.invoke(app, ["rules", "youngest"])
    assert result.exit_code == 0
    assert "Setting up a round" in result.stdout
    assert "Example:" in result.stdout


def test_cli_unknown_topic_suggests_close_matches_and_exits_2():
    result = runner.invoke(app, ["rules", "dek"])
    assert result.exit_code == 2
    assert "deck" in result.stderr
    assert "Traceback" not in result.output


def test_cli_unknown_topic_with_json_prints_one_error_document():
    result = runner.invoke(app, ["rules", "dek", "--json"])
    assert result.exit_code == 2
    assert json.loads(result.stdout)["error"]["kind"] == "topic"
    assert "deck" in result.stderr


def test_a_misspelt_word_is_read_as_the_word_it_looks_like():
    result = runner.invoke(app, ["rules", "scorign"])
    assert result.exit_code == 0
    assert reference_entries()["scoring"].answer in " ".join(result.stdout.split())


def test_cli_json_is_one_document():
    result = runner.invoke(app, ["rules", "teams", "--json"])
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data["entries"][0]["id"] == "teams"


# (a question in plain words, the entry that must answer it first)
QUESTIONS = [
    ("what happens when the draw pile runs out?", "draw-pile"),
    ("can a wild be any number", "wild-cards"),
    ("can a joker be any number?", "wild-cards"),
    ("do I have to play", "must-play"),
    ("who starts?", "setup"),
    ("how many points for a win", "scoring"),
    ("can my partner play from my stock", "teams"),
    ("what happens when a build pile reaches 12", "building"),
    ("can I take a card back from a build pile", "source.build-pile"),
    ("can I discard a stock card?", "discard.from-hand"),
    ("how many cards in the stock", "stock-size"),
]


@pytest.mark.parametrize("question, first", QUESTIONS, ids=[q for q, _ in QUESTIONS])
def test_a_question_in_plain_words_is_answered_by_the_entry_about_it(question, first):
    assert answer(question)[0].key == first
    result = runner.invoke(app, ["rules", question])
    assert result.exit_code == 0 and reference_entries()[first].title in result.stdout


def test_a_question_as_separate_words_and_in_json_ranks_the_same_entries():
    words = "what happens when the draw pile runs out?".split()
    result = runner.invoke(app, ["rules", *words, "--json"])
    document = json.loads(result.stdout)
    assert document["question"] == " ".join(words)
    assert [entry["id"] for entry in document["entries"]] == [entry.key for entry in answer(" ".join(words))]
    assert len(document["entries"]) <= 3


def test_a_question_nothing_answers_is_answered_so_with_status_0():
    assert answer("what about zzz?") == []
    result = runner.invoke(app, ["rules", "what about zzz?"])
    assert result.exit_code == 0 and result.stdout.startswith("No entry answers 'what about zzz?'.")
