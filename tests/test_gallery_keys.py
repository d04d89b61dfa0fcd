"""Every row of every gallery position's answer key, in English, Swedish and Danish, agrees with the engine:
the engine's sentence names only the cards and piles of its move and is addressed to the player who moved, the
rule is the engine's and its words fit the moment (the opening draw is not a refill; a stalemate is not an
empty stock), and a Swedish or Danish key says its moves, events and notes in its own words."""

import re
from pathlib import Path

import pytest

from tutor.classroom.answers import answer_key
from tutor.coach.principles import played_card
from tutor.engine import Phase, Verdict
from tutor.engine.cards import SKIP_BO, the_card
from tutor.engine.moves import PileKind, Transfer
from tutor.i18n import speaking
from tutor.lessons.reference import reference_entries
from tutor.scenario.expectations import final_ruling, played_moves
from tutor.scenario.files import check_file

ROOT = Path(__file__).resolve().parent.parent
ENGLISH = re.compile(r"\b(?:to build|to discard|stock to|hand \d+|hand SB|draw \d|discard \d|reaches|turns up|five new|"
                     r"partner's|nothing is left|shows a|so it takes)\b")
FILES = sorted((ROOT / "scenarios").rglob("*.yaml"))
#: The words of a numbered pile in each language's sentences: "build pile 2", "byggstapel 2", "byggebunke 2".
PILE_WORDS = {"en": {"build": "build pile", "discard": "discard pile"},
              "sv": {"build": "byggstapel", "discard": "avläggshög"},
              "da": {"build": "byggebunke", "discard": "afkastbunke"}}


def _names_its_own_cards_and_piles(before, move, reason, language):
    """The engine's sentence on a move names only the piles the move takes from and goes to, and only the card it
    plays, the card it names and the card it covers, each in the language's own words ("byggstapel 1",
    "femman")."""
    kinds = {words: kind for kind, words in PILE_WORDS[language].items()}
    said_piles = re.findall(rf"\b({'|'.join(kinds)}) (\d)\b", reason, re.IGNORECASE)
    piles = {(kinds[words.casefold()], number) for words, number in said_piles}
    assert piles <= {(place.kind.value, str(place.number)) for place in (move.source, move.target)}, reason
    covered = None
    if move.target.kind is PileKind.DISCARD and move.target.number <= len(before.mover.discards):
        pile = before.mover.discards[move.target.number - 1]
        covered = pile[-1] if pile else None
    phrases = {the_card(card).casefold(): card for card in (*range(1, 13), SKIP_BO)}
    said_cards = re.findall(rf"(?<![\w-])({'|'.join(map(re.escape, phrases))})(?![\w-])", reason, re.IGNORECASE)
    cards = {phrases[phrase.casefold()] for phrase in said_cards}
    assert cards <= {played_card(before, move), move.card, covered}, reason


@pytest.mark.parametrize("language", ["en", "sv", "da"])
@pytest.mark.parametrize("path", FILES, ids=lambda p: p.relative_to(ROOT / "scenarios").as_posix())
def test_every_key_row_agrees_with_the_engine(path, language):
    with speaking(language):
        checked = check_file(path)
        scenario = checked.scenario
        rows = answer_key(scenario, checked.expectations)
        to = {"en": "To {name}:", "sv": "Till {name}:", "da": "Til {name}:"}[language]
        for expectation, row in zip(checked.expectations, rows):
            ruling = final_ruling(scenario.state, expectation)
            played = played_moves(scenario.state, expectation)
            before, move = played[-1]
            if ruling.verdict is Verdict.ILLEGAL:
                assert row.rule == ruling.rule, row
                assert reference_entries()[ruling.rule].title in row.rule_words
            if row.rule == "turn.draw-when-empty":
                assert before.phase is not Phase.START, (row.moves, "the opening draw is no refill")
            if row.rule == "round.over" and before.winners == ():
                assert "stock is empty" not in row.rule_words and "stockhög är tom" not in row.rule_words
            if language != "en":  # moves, events and notes in the sheet's own words
                said = f"{row.moves} {row.expected} {row.note}"
                assert not ENGLISH.search(said), (language, said)
            if isinstance(move, Transfer) and row.reason == ruling.reason:
                _names_its_own_cards_and_piles(before, move, row.reason, language)
            addressed = before.mover.name != scenario.state.mover.name
            assert row.reason.startswith(to.format(name=before.mover.name)) == (addressed and bool(row.reason)), row
