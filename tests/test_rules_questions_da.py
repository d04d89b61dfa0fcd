"""Danish questions in the words players use: every entry asked about in many ways, the names players give the
piles, and no yes or no that says the opposite of the rule."""

from __future__ import annotations

from collections import Counter

import pytest

from tutor.i18n import use
from tutor.lessons.question_bank import question_bank
from tutor.lessons.asking import ask
from tutor.lessons.reference import reference_entries

BUSY = ("source.", "build.", "discard.", "turn.", "strategy")  # the entries most asked about, by the start of their id
BUSY_TOPICS = {"wild-cards", "scoring", "teams", "setup", "must-play", "stalemate", "stock-size"}


@pytest.fixture(autouse=True)
def danish():
    use("da")
    yield
    use("en")


def test_every_entry_is_asked_about_in_many_ways():
    asked = Counter(item.entries[0] for item in question_bank("da").tuning)
    wanted = {key: 11 if key.startswith(BUSY) or key in BUSY_TOPICS else 9 for key in reference_entries()}
    assert {key: asked[key] for key, least in wanted.items() if asked[key] < least} == {}


@pytest.mark.parametrize("question, reply", [
    ("skal man altid spille stakkortet, når man kan?", False),
    ("skal jeg spille mit stakkort, hvis det passer?", False),
    ("er det forbudt at lade være med at spille?", False),
    ("må jeg spille mit stakkort på en byggebunke?", True),
    ("kan jeg spille et kort midt i min afkastbunke?", False),
    ("kan man spille et kort fra hånden, som man lige har fået?", True),
    ("må man spille et kort fra en andens hånd?", False),
    ("er der regler for, hvilke kort der må ligge på en afkastbunke?", False),
    ("må man spille et kort på byggebunken, når man har lagt af?", False),
    ("tæller kortene i hånden, når runden er slut?", False),
    ("vinder man, når man har tømt hånden?", False),
])
def test_a_yes_or_no_never_says_the_opposite_of_the_rule(question, reply):
    assert ask(question).reply in (reply, None)  # not saying is allowed; a wrong yes or no is the worst answer


@pytest.mark.parametrize("question, keys", [
    ("må man kigge i sin grundbunke?", {"source.stock-top", "out-of-turn"}),
    ("hvad er lagerbunken?", {"piles", "source.stock-top"}),
    ("må jeg spille fra smidebunken?", {"source.discard-top", "discard-piles"}),
    ("må jeg spille fra kassebunken?", {"source.discard-top", "discard-piles"}),
    ("kan man tage et kort op fra midterbunken igen?", {"source.build-pile"}),
    ("hvad gør vi, når kortbunken er tom?", {"draw-pile"}),
    ("hvad sker der, når handen er tom midt i turen?", {"turn.draw-when-empty"}),
    ("hvad kan en joker?", {"wild-cards"}),
])
def test_the_names_players_give_the_piles_find_the_entry(question, keys):
    assert keys & {entry.key for entry in ask(question).entries}
