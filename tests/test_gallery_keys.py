"""Every row of every gallery position's answer key, in English, Swedish and Danish, agrees with the engine:
the rule it names is the engine's, that rule's words fit the moment (the opening draw is not a refill; a
stalemate is not an empty stock), the engine's reason is addressed to the player who moved, and a Swedish or
Danish key says its moves, events and notes in its own words."""

import re
from pathlib import Path

import pytest

from tutor.classroom.answers import answer_key
from tutor.engine import Phase, Verdict
from tutor.i18n import speaking
from tutor.lessons.reference import reference_entries
from tutor.scenario.expectations import final_ruling, played_moves
from tutor.scenario.files import check_file

ROOT = Path(__file__).resolve().parent.parent
ENGLISH = re.compile(r"\b(?:to build|to discard|stock to|hand \d+|hand SB|draw \d|discard \d|reaches|turns up|five new|"
                     r"partner's|nothing is left|shows a|so it takes)\b")
FILES = sorted((ROOT / "scenarios").rglob("*.yaml"))


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
            before, _move = played[-1]
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
            addressed = before.mover.name != scenario.state.mover.name
            assert row.reason.startswith(to.format(name=before.mover.name)) == (addressed and bool(row.reason)), row
