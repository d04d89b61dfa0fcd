"""Reading a phrase in a position (``read_move``): the readings the position bears out, and the doubt it leaves."""

from __future__ import annotations

import pytest

from tutor.engine.notation import format_move, parse_phrase
from tutor.engine.reading import AmbiguousMove, read_move
from tutor.engine.rules import Verdict, check_move
from tutor.engine.state import GameState

from position_helpers import seat, table

# the one-line position of docs/check.md: build piles 6, -, 2, -; stock 7; discard piles 11 10 9 and 3
AT_THE_TABLE = table(
    seat(stock=7, hand=(3, 5, "SB", 9, 12), discards=[(11, 10, 9), (3,)]),
    seat("Anna", stock=8, hand=5, discards=[(4,)]),
    build=[6, None, 2, None],
)

# the team game: Cleo is your partner; her stock shows a 9 and her piles a 4 and a 12
TEAMS = table(
    seat(stock=7, hand=(3, 5, "SB", 9, 12)),
    seat("Bo", stock=2, hand=5),
    seat("Cleo", stock=9, hand=5, discards=[(4,), (12,)]),
    seat("Dan", stock=5, hand=5, discards=[(9,)]),
    build=[8, None, 3, 11],
    rules={"teams": [["you", "Cleo"], ["Bo", "Dan"]]},
)

# (what a player says, the canonical move it must read as in the position, the ruling's rule if illegal)
CARD_ONLY = [
    (AT_THE_TABLE, "my 7 on build 1", "stock 7 to build 1", None),  # only the stock shows a 7
    (AT_THE_TABLE, "seven onto build one", "stock 7 to build 1", None),
    (AT_THE_TABLE, "play the SB on build 2", "hand SB to build 2", None),  # only the hand holds an SB
    (AT_THE_TABLE, "put 5 on build pile 2", "hand 5 to build 2", "build.start"),
    (AT_THE_TABLE, "the 12 > build 4", "hand 12 to build 4", "build.start"),
    (AT_THE_TABLE, "the 4 to build 3", "hand 4 to build 3", "source.hand"),  # nothing shows a 4: the first reading
    (AT_THE_TABLE, "the 11 to build 1", "hand 11 to build 1", "source.hand"),  # the 11 lies under the 10 and the 9
    (AT_THE_TABLE, "the 5 to discard 3", "hand 5 to discard 3", None),  # the end-of-turn discard
    (AT_THE_TABLE, "Anna's 8 to build 1", "Anna:stock 8 to build 1", "source.not-yours"),  # an owner: no hand
    (AT_THE_TABLE, "Anna's 4 onto build 3", "Anna:discard 1 4 to build 3", "source.not-yours"),
    (AT_THE_TABLE, "Anna's 9 to build 1", "Anna:stock 9 to build 1", "source.not-yours"),
    (TEAMS, "Cleo's 9 to build 1", "Cleo:stock 9 to build 1", None),  # a partner's
    (TEAMS, "Cleo's 4 to build 3", "Cleo:discard 1 4 to build 3", None),
    (TEAMS, "the 4 from Cleo's discard to build 3", "Cleo:discard 1 4 to build 3", None),
    (TEAMS, "cleo's 12 onto build 4", "Cleo:discard 2 12 to build 4", None),
    (TEAMS, "Cleo's 5 to build 2", "Cleo:stock 5 to build 2", "source.stock-top"),  # nothing shows it: the stock
    (TEAMS, "Cleo's 3 to build 2", "Cleo:stock 3 to build 2", "source.stock-top"),  # your 3 is not Cleo's
]


@pytest.mark.parametrize("state, said, canonical, rule", CARD_ONLY, ids=[row[1] for row in CARD_ONLY])
def test_a_card_named_alone_reads_as_the_place_that_shows_it(state, said, canonical, rule):
    move = read_move(state, said)
    assert format_move(move) == canonical
    assert check_move(state, move).rule == rule


def ambiguity(state: GameState, said: str) -> AmbiguousMove:
    with pytest.raises(AmbiguousMove) as raised:
        read_move(state, said)
    return raised.value


def test_a_card_in_the_hand_and_on_the_stock_is_never_guessed():
    state = table(seat(stock=5, hand=(5, 7, 9)), seat("Anna", stock=8), build=[4])
    error = ambiguity(state, "the 5 to build 1")
    assert [format_move(move) for move, _ in error.readings] == ["hand 5 to build 1", "stock 5 to build 1"]
    assert all(ruling.legal for _, ruling in error.readings)
    assert error.forms == ["hand 5 to build 1", "stock 5 to build 1"]
    assert error.message == ("'the 5 to build 1' can mean the 5 from your hand (legal) or the 5 on your stock "
                             "(legal): write 'hand 5 to build 1' or 'stock 5 to build 1'")


def test_a_card_in_the_hand_and_on_a_discard_pile_lists_both_with_their_rulings():
    error = ambiguity(AT_THE_TABLE, "the 3 onto build 3")
    assert error.forms == ["hand 3 to build 3", "discard 2 3 to build 3"]
    assert error.descriptions == ["the 3 from your hand (legal)", "the 3 on discard pile 2 (legal)"]
    error = ambiguity(AT_THE_TABLE, "the 9 to build 1")
    assert error.descriptions == ["the 9 from your hand (illegal, build.sequence)",
                                  "the 9 on discard pile 1 (illegal, build.sequence)"]


def test_every_place_that_shows_the_card_is_a_reading():
    state = table(seat(stock=5, hand=(5, 7), discards=[(5,), (6,), (8, 5)]), seat("Anna", stock=8), build=[4])
    error = ambiguity(state, "five onto build one")
    assert error.forms == ["hand 5 to build 1", "stock 5 to build 1", "discard 1 5 to build 1",
                           "discard 3 5 to build 1"]


def test_a_partners_card_on_stock_and_discard_pile_names_whose_stock():
    state = table(*[seat(name, stock=9 if name == "Cleo" else 2, hand=5, discards=[(9,)] if name == "Cleo" else [])
                    for name in ("you", "Bo", "Cleo", "Dan")],
                  build=[8], rules={"teams": [["you", "Cleo"], ["Bo", "Dan"]]})
    error = ambiguity(state, "Cleo's 9 to build 1")
    assert error.forms == ["Cleo:stock 9 to build 1", "Cleo:discard 1 9 to build 1"]
    assert error.descriptions[0] == "the 9 on Cleo's stock (legal)"


def test_the_card_in_the_hand_alone_is_the_hand():
    state = table(seat(stock=7, hand=(5, 9)), seat("Anna", stock=5, discards=[(5,)]), build=[4])
    assert format_move(read_move(state, "the 5 to build 1")) == "hand 5 to build 1"  # Anna's 5s are not yours


def test_a_card_in_sight_comes_before_an_unseen_stock_top_which_comes_before_nothing():
    state = table(seat(stock=None, count=10, hand=(7, 9)), seat("Anna", stock=8), build=[6])
    assert format_move(read_move(state, "the 7 to build 1")) == "hand 7 to build 1"  # the hand shows it
    hidden = table(seat(stock=None, count=10, hand=(9, 10)), seat("Anna", stock=8), build=[6])
    move = read_move(hidden, "the 7 to build 1")  # only the unseen stock top can be a 7: the phrase names it
    assert format_move(move) == "stock 7 to build 1" and check_move(hidden, move).verdict is Verdict.LEGAL
    shown = table(seat(stock=5, count=10, hand=(9, 10)), seat("Anna", stock=8), build=[6])
    assert format_move(read_move(shown, "the 7 to build 1")) == "hand 7 to build 1"  # nothing shows it


def test_a_card_named_alone_has_a_reading_for_each_place_of_its_owner():
    readings = parse_phrase("the 3 onto build 3").readings
    assert [format_move(move) for move in readings] == [
        "hand 3 to build 3", "stock 3 to build 3", "3 from discard to build 3"]
    assert [format_move(move) for move in parse_phrase("Cleo's 9 to build 4").readings][:2] == [
        "Cleo:stock 9 to build 4", "Cleo:discard 9 to build 4"]  # then her hand, if she is the one to move


def test_the_player_to_move_may_name_their_own_hand_card():
    # Ada is to move: "Ada's 5" is the 5 in her hand, as "my 5" would be, and "Ada's 7" her stock top
    ada = table(seat("Ada", stock=7, hand=(3, 5, "SB", 9, 12)), seat("Anna", stock=8, hand=5),
                build=[4, None, 2, None])
    assert format_move(read_move(ada, "Ada's 5 to build 1")) == "hand 5 to build 1"
    assert check_move(ada, read_move(ada, "Ada's 5 to build 1")).verdict is Verdict.LEGAL
    assert format_move(read_move(ada, "Ada's 7 to build 1")) == "Ada:stock 7 to build 1"
    # Anna's hand is never a reading, even for a card the mover holds
    assert format_move(read_move(ada, "Anna's 3 to build 3")) == "Anna:stock 3 to build 3"
