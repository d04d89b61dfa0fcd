"""A question that puts a named card on another, or starts a build pile with one, is answered by the rules: the
reply is the ruling `tutor check` gives that play, in every language, and never given where the question asks
something else."""

from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from position_helpers import rule, seat, table
from tutor.engine.cards import ALL_CARDS, HIGHEST, SKIP_BO, card_label
from tutor.i18n import LANGUAGES, use
from tutor.lessons.asking import ask
from tutor.lessons.card_questions import card_reply
from tutor.lessons.question_words import question_words_of
from tutor.lessons.ranking import words_of

# how each language puts a card on another and starts a pile with one, and names a card
ASKED = {
    "en": ("can I put {card} on {under}?", "can I start a build pile with {card}?",
           lambda card: "a skip-bo" if card == SKIP_BO else f"a {card}"),
    "sv": ("får jag lägga {card} på {under}?", "får man börja en byggstapel med {card}?",
           lambda card: "en joker" if card == SKIP_BO else f"en {card}:a"),
    "da": ("må jeg lægge {card} på {under}?", "må man starte en byggebunke med {card}?",
           lambda card: "en joker" if card == SKIP_BO else f"en {card}'er"),
}


@pytest.fixture(autouse=True)
def english_after():
    yield
    use("en")


def ruled_legal(card: int, under: int | None) -> bool:
    """Whether `tutor check` rules the hand card onto build pile 1, showing ``under`` (None: empty)."""
    state = table(seat(hand=(card_label(card), 2, 3, 4, 5)), seat("Anna"), build=[under] if under else [])
    return rule(state, f"hand {card_label(card)} to build 1").legal


@pytest.mark.parametrize("spoken", LANGUAGES)
def test_a_card_on_another_is_answered_as_check_rules_the_play(spoken):
    use(spoken)
    on, start, name = ASKED[spoken]
    ruled = 0
    for card in ALL_CARDS:
        for under in range(1, HIGHEST):
            answered = ask(on.format(card=name(card), under=name(under)))
            if answered.ruled:  # where the best entry is about building; else the bank's reply, said as it is
                ruled += 1
                assert answered.reply is ruled_legal(card, under), (card, under)
        answered = ask(start.format(card=name(card)))
        assert answered.ruled and answered.reply is ruled_legal(card, None), card
    assert ruled >= 0.9 * len(ALL_CARDS) * (HIGHEST - 1)


# how each language says a wild card is played as a value
PLAYED_AS = {"en": "a skip-bo as {card}", "sv": "en joker som {card}", "da": "en joker som {card}"}


@pytest.mark.parametrize("spoken", LANGUAGES)
def test_a_wild_card_said_to_be_played_as_a_value_is_answered_as_check_rules_that_value(spoken):
    use(spoken)
    on, start, name = ASKED[spoken]
    ruled = 0
    for value in range(1, HIGHEST + 1):
        wild = PLAYED_AS[spoken].format(card=name(value))
        for under in range(1, HIGHEST):
            answered = ask(on.format(card=wild, under=name(under)))
            if answered.ruled:
                ruled += 1
                assert answered.reply is ruled_legal(value, under), (value, under)
        answered = ask(start.format(card=wild))
        assert answered.ruled and answered.reply is ruled_legal(value, None), value
    assert ruled >= 0.9 * HIGHEST * (HIGHEST - 1)


@pytest.mark.parametrize("spoken, question, reply", [
    ("en", "can a 7 go on a 6?", True),
    ("en", "can I build a 6 on top of a 5?", True),
    ("sv", "får en 3:a ligga på en 2:a?", True),  # the verb between the cards puts one on the other
    ("sv", "går det att lägga en nia ovanpå en åtta?", True),
    ("da", "må en 3'er ligge på en 2'er?", True),
    ("da", "må man lægge en syver på en femmer?", False),
])
def test_the_ways_each_language_puts_a_card_on_another_are_read(spoken, question, reply):
    use(spoken)
    answered = ask(question)
    assert answered.ruled and answered.reply is reply


@pytest.mark.parametrize("spoken", LANGUAGES)
def test_nothing_goes_on_a_12_and_a_card_on_a_wild_card_is_left_to_the_bank(spoken):
    on, _start, name = ASKED[spoken]
    found = question_words_of(spoken)
    assert card_reply(words_of(on.format(card=name(SKIP_BO), under=name(HIGHEST))), found) is False
    assert card_reply(words_of(on.format(card=name(1), under=name(HIGHEST))), found) is False
    assert card_reply(words_of(on.format(card=name(5), under=name(SKIP_BO))), found) is None


@pytest.mark.parametrize("spoken, question", [
    ("en", "can I put a 7 on a 6 on my discard pile?"),  # a discard pile takes any card
    ("en", "is a 1 the only card that can start a pile?"),  # the wild card starts one too
    ("en", "must I put a 7 on a 6?"),  # playing is never compulsory
    ("en", "can't I put a 7 on a 6?"),  # a reply is never turned round
    ("en", "can I put a 7 from my hand on a 6?"),  # a word the pattern does not know
    ("en", "can I start a pile with two cards?"),  # a count, not a card
    ("en", "can we start skip-bo with 6 players?"),  # the game, not the wild card
    ("en", "my 1 has nowhere to go because all four piles are in use, can I open another?"),  # a fifth pile
    ("en", "after a pile is cleared at 12, can I start a new one in that spot?"),  # the 12 ends a pile
    ("sv", "när en hög tagits bort vid 12, får jag börja en ny på samma plats?"),
    ("da", "når en bunke er fjernet ved 12, må jeg så starte en ny samme sted?"),
    ("sv", "måste jag lägga en sjua på sexan om jag har en?"),
    ("sv", "får jag lägga en 7:a på en 6:a i avläggshögen?"),
    ("da", "må man åbne en bunke med et andet kort end en ener?"),
    ("da", "er det en dårlig idé at lægge en tier oven på en treer?"),
    ("en", "can I play a skip-bo on a 5 as a 6?"),  # the value after the pile it goes on: not read
    ("en", "may I put an SB on an empty build pile and call it a 5?"),
])
def test_a_question_that_asks_more_than_whether_the_card_goes_there_is_not_answered_by_the_rules(spoken, question):
    use(spoken)
    assert not ask(question).ruled


@pytest.mark.parametrize("spoken", LANGUAGES)
def test_the_bank_questions_the_rules_answer_have_the_rules_reply(spoken):
    from tutor.lessons.question_bank import question_bank

    use(spoken)
    answered = [(item, ask(item.question, unseen=True)) for item in question_bank(spoken).tuning
                if card_reply(words_of(item.question), question_words_of(spoken)) is not None]
    ruled = [(item.question, item.reply, said.reply) for item, said in answered if said.ruled]
    assert len(ruled) >= 15 and all(wanted is reply for _question, wanted, reply in ruled), ruled


CARD_WORDS = ["a", "an", "en", "on", "onto", "på", "start", "börja", "starte", "empty", "tom", "skip-bo", "sb",
              "joker", "two", "fyra", "syver", "sexan", "'er", ":a", "0", "1", "6", "7", "12", "13", "²", "٣",
              "discard", "only", "cards", "not", "?", ","]


@settings(max_examples=150, deadline=None)
@given(spoken=st.sampled_from(LANGUAGES), said=st.lists(st.sampled_from(CARD_WORDS) | st.text(max_size=6), max_size=12))
def test_any_words_get_the_rules_reply_or_none_and_never_raise(spoken, said):
    words = words_of(" ".join(said))
    assert card_reply(words, question_words_of(spoken)) in (True, False, None)
