"""Table talk in Swedish and Danish: the same grammar over each language's own words (GLOSSARY.md).

Each row is a position, what a player says in the language, and what the check
must make of it, as in ``test_table_talk``; the canonical and compact forms
read in every language.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from position_helpers import seat, table
from test_table_talk import AT_THE_TABLE, DISCARDING, FOUR_IN_HAND, TEAMS, Ambiguous, Illegal, Legal, Unreadable, \
    outcome_of
from tutor.engine.notation import parse_move

# Anna and Lars at the table: Lars's name ends in -s, as a Swedish or Danish genitive does
LARS = table(seat(stock=7, hand=(3, 5, "SB", 9, 12)), seat("Anna", stock=8, hand=5),
             seat("Lars", stock=6, hand=5, discards=[(2,)]), build=[6, None, 2, None])

SWEDISH = [
    # the glossary's phrasings
    (AT_THE_TABLE, "lägg sjuan från stockhögen på byggstapel 1", Legal("stock 7 to build 1")),
    (FOUR_IN_HAND, "dra fem kort", Illegal("draw 5 cards", "turn.draw-first")),
    (FOUR_IN_HAND, "dra ett kort", Legal("draw 1 card")),
    (FOUR_IN_HAND, "dra en", Legal("draw")),
    (FOUR_IN_HAND, "dra", Legal("draw")),
    (FOUR_IN_HAND, "dra upp till fem", Illegal("draw 5 cards", "turn.draw-first")),
    (FOUR_IN_HAND, "dra 1", Legal("draw 1 card")),
    (AT_THE_TABLE, "Annas stockhög på bygghög 1", Illegal("Anna:stock to build 1", "source.not-yours")),
    (LARS, "Lars stockhög på bygghög 1", Illegal("Lars:stock to build 1", "source.not-yours")),
    (LARS, "Lars' stockhög på bygghög 1", Illegal("Lars:stock to build 1", "source.not-yours")),
    # card nouns and digits with their endings
    (AT_THE_TABLE, "lägg 9:an på avläggshög 2", Legal("hand 9 to discard 2")),
    (AT_THE_TABLE, "lägg 7:an på byggstapel 1", Legal("stock 7 to build 1")),
    (AT_THE_TABLE, "12:an på avläggshög 4", Legal("hand 12 to discard 4")),
    (AT_THE_TABLE, "sjuan på byggstapel 1", Legal("stock 7 to build 1")),
    (AT_THE_TABLE, "en sjua på byggstapel 1", Legal("stock 7 to build 1")),
    (AT_THE_TABLE, "lägg femman på byggstapel 1", Illegal("hand 5 to build 1", "build.sequence")),
    (AT_THE_TABLE, "lägg tolvan på avläggshög 3", Legal("hand 12 to discard 3")),
    (AT_THE_TABLE, "nian på byggstapel 1", Ambiguous(("hand 9 to build 1", "discard 1 9 to build 1"))),
    (AT_THE_TABLE, "trean på byggstapel 3", Ambiguous(("hand 3 to build 3", "discard 2 3 to build 3"))),
    (AT_THE_TABLE, "lägg tre på bygghög 3", Ambiguous(("hand 3 to build 3", "discard 2 3 to build 3"))),
    (AT_THE_TABLE, "lägg en fyra på byggstapel 3", Illegal("hand 4 to build 3", "source.hand")),
    (AT_THE_TABLE, "elvan på byggstapel 1", Illegal("hand 11 to build 1", "source.hand")),
    # the piles' many names and forms
    (AT_THE_TABLE, "stockhögen på byggstapel 1", Legal("stock to build 1")),
    (AT_THE_TABLE, "grundhögen på bygghögen 1", Legal("stock to build 1")),
    (AT_THE_TABLE, "lagerhög till stapel 1", Legal("stock to build 1")),
    (AT_THE_TABLE, "trean från slänghög 2 på bygghög 3", Legal("discard 2 3 to build 3")),
    (AT_THE_TABLE, "avläggningshög 2 på byggstapel 3", Legal("discard 2 to build 3")),
    (AT_THE_TABLE, "avläggshög 1 på byggstapel 1", Illegal("discard 1 to build 1", "build.sequence")),
    (AT_THE_TABLE, "avläggshög 3 på byggstapel 3", Illegal("discard 3 to build 3", "source.empty")),  # a pile
    (AT_THE_TABLE, "femman från handen på byggstapel 2", Illegal("hand 5 to build 2", "build.start")),
    (AT_THE_TABLE, "handkort 3 på bygghög 3", Legal("hand 3 to build 3")),
    (AT_THE_TABLE, "trean i handen på byggstapel 3", Legal("hand 3 to build 3")),
    (AT_THE_TABLE, "lägg nian från min hand på min avläggshög 2", Legal("hand 9 to discard 2")),
    (AT_THE_TABLE, "avläggshög nr 2 på byggstapel 3", Legal("discard 2 to build 3")),
    # ordinals
    (AT_THE_TABLE, "lägg sjuan på första byggstapeln", Legal("stock 7 to build 1")),
    (AT_THE_TABLE, "lägg trean från andra avläggshögen på tredje bygghögen", Legal("discard 2 3 to build 3")),
    (AT_THE_TABLE, "lägg nian på tredje avläggshögen", Legal("hand 9 to discard 3")),
    (AT_THE_TABLE, "tolvan på fjärde avläggshögen", Legal("hand 12 to discard 4")),
    (AT_THE_TABLE, "lägg sjuan på 1:a byggstapeln", Legal("stock 7 to build 1")),
    (AT_THE_TABLE, "trean från 2:a avläggshögen på 3:e bygghögen", Legal("discard 2 3 to build 3")),
    (AT_THE_TABLE, "lägg nian på 2:a avläggshögen", Legal("hand 9 to discard 2")),
    (AT_THE_TABLE, "1:a avläggshögen på 4:e byggstapeln", Illegal("discard 1 to build 4", "build.start")),
    (AT_THE_TABLE, "lägg sjuan på 5:e byggstapeln", Illegal("stock 7 to build 5", "build.four-piles")),
    (AT_THE_TABLE, "nian på 3:e byggstapeln", Ambiguous(("hand 9 to build 3", "discard 1 9 to build 3"))),
    (AT_THE_TABLE, "lägg 2:a på byggstapel 3", Illegal("hand 2 to build 3", "source.hand")),  # a card: no pile follows
    (AT_THE_TABLE, "1:a avläggshögen", Unreadable(("where it goes",))),
    # the wild and its value
    (AT_THE_TABLE, "lägg SB som en sjua på byggstapel 1", Legal("hand SB to build 1 as 7")),
    (AT_THE_TABLE, "lägg jokern som en femma på byggstapel 1", Illegal("hand SB to build 1 as 5", "build.sequence")),
    (AT_THE_TABLE, "Skip-Bo-kortet på bygghög 2", Legal("hand SB to build 2")),
    (AT_THE_TABLE, "skip bo på bygghög 2", Legal("hand SB to build 2")),
    (AT_THE_TABLE, "ett vilt kort på byggstapel 4", Legal("hand SB to build 4")),
    (AT_THE_TABLE, "vild på byggstapel 2 som etta", Legal("hand SB to build 2 as 1")),
    # partners
    (TEAMS, "partnerns stockhög på byggstapel 1", Legal("Cleo:stock to build 1")),
    (TEAMS, "Cleos stockhög på byggstapel 1", Legal("Cleo:stock to build 1")),
    (TEAMS, "Cleos fyra på byggstapel 3", Legal("Cleo:discard 1 4 to build 3")),
    (TEAMS, "Bos stockhög på byggstapel 2", Illegal("Bo:stock to build 2", "source.not-yours")),
    # the discard, the end and conversation
    (DISCARDING, "lägg nian på avläggshög 2", Legal("hand 9 to discard 2")),
    (DISCARDING, "lägg av nian på avläggshög 2", Legal("hand 9 to discard 2")),
    (DISCARDING, "släng nian på avläggshög 2", Legal("hand 9 to discard 2")),
    (DISCARDING, "kasta nian på slänghög 3", Legal("hand 9 to discard 3")),
    (DISCARDING, "jag lägger tolvan på avläggshög 5", Illegal("hand 12 to discard 5", "discard.four-piles")),
    (DISCARDING, "avläggshög 1 på avläggshög 2", Illegal("discard pile 1 to discard 2", "discard.from-hand")),
    (AT_THE_TABLE, "avsluta turen", Illegal("end", "turn.discard-to-end")),
    (AT_THE_TABLE, "kan jag lägga sjuan på byggstapel 1?", Legal("stock 7 to build 1")),
    (AT_THE_TABLE, "på byggstapel 1, sjuan", Legal("stock 7 to build 1")),
    (AT_THE_TABLE, "min sjua på sexan", Legal("stock 7 to build 1")),
    (AT_THE_TABLE, "sjuan på stockhögen till byggstapel 1", Legal("stock 7 to build 1")),
    # canonical and compact forms in Swedish too
    (AT_THE_TABLE, "stock to build 1", Legal("stock to build 1")),
    (AT_THE_TABLE, "s>b1", Legal("stock to build 1")),
    (AT_THE_TABLE, "hand 3 to build 3", Legal("hand 3 to build 3")),
    (AT_THE_TABLE, "h9>d2", Legal("hand 9 to discard 2")),
    (AT_THE_TABLE, "Anna:s>b1", Illegal("Anna:stock to build 1", "source.not-yours")),
    (AT_THE_TABLE, "d2>b3", Legal("discard 2 to build 3")),
    # words that name no move
    (AT_THE_TABLE, "flyg på byggstapel 1", Unreadable(("names no pile",))),
    (AT_THE_TABLE, "vad händer när draghögen tar slut?", Unreadable(("names no pile",))),
]

DANISH = [
    # the glossary's phrasings
    (AT_THE_TABLE, "læg 9'eren på afkastbunke 2", Legal("hand 9 to discard 2")),
    (FOUR_IN_HAND, "træk fem kort", Illegal("draw 5 cards", "turn.draw-first")),
    (FOUR_IN_HAND, "træk", Legal("draw")),
    (FOUR_IN_HAND, "træk op til fem", Illegal("draw 5 cards", "turn.draw-first")),
    (FOUR_IN_HAND, "træk et kort", Legal("draw 1 card")),
    (FOUR_IN_HAND, "træk en", Legal("draw")),
    (AT_THE_TABLE, "Annas stakbunke på byggebunke 1", Illegal("Anna:stock to build 1", "source.not-yours")),
    (LARS, "Lars' stakbunke på byggebunke 1", Illegal("Lars:stock to build 1", "source.not-yours")),
    # Danish "to" is 2, and joins the canonical form
    (AT_THE_TABLE, "hand 3 to build 3", Legal("hand 3 to build 3")),
    (AT_THE_TABLE, "stock to build 1", Legal("stock to build 1")),
    (AT_THE_TABLE, "læg to på byggebunke 3", Illegal("hand 2 to build 3", "source.hand")),
    (AT_THE_TABLE, "toeren på byggebunke 3", Illegal("hand 2 to build 3", "source.hand")),
    (AT_THE_TABLE, "discard 2 to build 3", Legal("discard 2 to build 3")),
    (AT_THE_TABLE, "hand SB to build 2", Legal("hand SB to build 2")),
    # card nouns and digits with their endings
    (AT_THE_TABLE, "læg syveren fra stakbunken på byggebunke 1", Legal("stock 7 to build 1")),
    (AT_THE_TABLE, "læg 7'eren på byggebunke 1", Legal("stock 7 to build 1")),
    (AT_THE_TABLE, "en syver på byggebunke 1", Legal("stock 7 to build 1")),
    (AT_THE_TABLE, "læg 12'eren på afkastbunke 4", Legal("hand 12 to discard 4")),
    (AT_THE_TABLE, "femmeren fra hånden på byggebunke 1", Illegal("hand 5 to build 1", "build.sequence")),
    (AT_THE_TABLE, "nieren på byggebunke 1", Ambiguous(("hand 9 to build 1", "discard 1 9 to build 1"))),
    (AT_THE_TABLE, "tre på byggebunke 3", Ambiguous(("hand 3 to build 3", "discard 2 3 to build 3"))),
    # piles, ordinals, owners
    (AT_THE_TABLE, "stakbunken på byggebunke 1", Legal("stock to build 1")),
    (AT_THE_TABLE, "afkastbunke 2 på byggebunke 3", Legal("discard 2 to build 3")),
    (AT_THE_TABLE, "treeren fra afkastbunke 2 på tredje byggebunke", Legal("discard 2 3 to build 3")),
    (AT_THE_TABLE, "læg syveren på første byggebunke", Legal("stock 7 to build 1")),
    (AT_THE_TABLE, "læg nieren på fjerde afkastbunke", Legal("hand 9 to discard 4")),
    (AT_THE_TABLE, "læg syveren på 1. byggebunke", Legal("stock 7 to build 1")),
    (AT_THE_TABLE, "treeren fra 2. afkastbunke på 3. byggebunke", Legal("discard 2 3 to build 3")),
    (AT_THE_TABLE, "læg 9'eren på 5. afkastbunke", Illegal("hand 9 to discard 5", "discard.four-piles")),
    (AT_THE_TABLE, "nieren på 3. byggebunke", Ambiguous(("hand 9 to build 3", "discard 1 9 to build 3"))),
    (AT_THE_TABLE, "læg syveren på byggebunke 1.", Legal("stock 7 to build 1")),  # a full stop, no ordinal
    (AT_THE_TABLE, "2. afkastbunke", Unreadable(("where it goes",))),
    (TEAMS, "makkers stakbunke på byggebunke 1", Legal("Cleo:stock to build 1")),
    (TEAMS, "Cleos stakbunke på byggebunke 1", Legal("Cleo:stock to build 1")),
    # the wild, the discard, the end
    (AT_THE_TABLE, "læg SB som en syver på byggebunke 1", Legal("hand SB to build 1 as 7")),
    (AT_THE_TABLE, "jokeren på byggebunke 2", Legal("hand SB to build 2")),
    (AT_THE_TABLE, "skip bo på byggebunke 2", Legal("hand SB to build 2")),
    (DISCARDING, "læg 9'eren af på afkastbunke 2", Legal("hand 9 to discard 2")),
    (DISCARDING, "smid 9'eren på afkastbunke 2", Legal("hand 9 to discard 2")),
    (DISCARDING, "afkastbunke 1 på afkastbunke 2", Illegal("discard pile 1 to discard 2", "discard.from-hand")),
    (AT_THE_TABLE, "afslut turen", Illegal("end", "turn.discard-to-end")),
    (AT_THE_TABLE, "kan jeg lægge syveren på byggebunke 1?", Legal("stock 7 to build 1")),
    (AT_THE_TABLE, "s>b1", Legal("stock to build 1")),
    (AT_THE_TABLE, "flyv på byggebunke 1", Unreadable(("names no pile",))),
]

ROWS = [("sv", *row) for row in SWEDISH] + [("da", *row) for row in DANISH]


@pytest.mark.parametrize("language, state, said, expected", ROWS, ids=[f"{row[0]}: {row[2]}" for row in ROWS])
def test_what_a_player_says_in_swedish_or_danish_reads_as_they_mean_it(language, state, said, expected):
    outcome_of(state, said, expected, language)


def test_each_language_reads_only_its_own_words():
    assert parse_move("hand 5 to build 1", "da") == parse_move("hand 5 to build 1")  # "to" joins here
    with pytest.raises(ValueError):
        parse_move("lägg sjuan på byggstapel 1", "da")
    with pytest.raises(ValueError):
        parse_move("læg syveren på byggebunke 1", "sv")
    with pytest.raises(ValueError):
        parse_move("lägg sjuan på byggstapel 1")


def test_enough_phrasings_in_each_language():
    assert len(SWEDISH) >= 60 and len(DANISH) >= 30


def _gallery_positions():
    from tutor.scenario.loader import load_scenario

    root = Path(__file__).resolve().parent.parent / "scenarios"
    return [load_scenario(path).state for path in sorted(root.glob("*/*.yaml"))]


@pytest.mark.parametrize("language", ["sv", "da"])
def test_every_move_check_and_moves_print_reads_back_in_the_language(language):
    from tutor.engine.legal import legal_moves
    from tutor.engine.play import play
    from tutor.engine.reading import read_move
    from tutor.i18n import speaking
    from tutor.play.words import move_to_type

    said_all = []
    with speaking(language):
        for state in _gallery_positions():
            for move in legal_moves(state):
                said = move_to_type(state, move)
                assert play(state, read_move(state, said, language)) == play(state, move), said
                said_all.append(said)
    in_english = [said for said in said_all if " to build " in said or " to discard " in said]
    assert len(said_all) > 200 and len(in_english) < len(said_all) / 20, in_english


@pytest.mark.parametrize("language", ["sv", "da"])
def test_the_hint_says_its_moves_in_the_language_and_they_are_the_coach_s_moves(language):
    scenario = Path(__file__).resolve().parent.parent / "scenarios" / "strategy" / "dig-for-the-stock.yaml"
    env = dict(os.environ, NO_COLOR="1", COLUMNS="400", SKIPBO_TUTOR_LANG=language)
    run = lambda *extra: subprocess.run([sys.executable, "-m", "tutor", "hint", str(scenario), *extra],
                                        capture_output=True, text=True, env=env, timeout=120)
    coach = [parse_move(move) for move in json.loads(run("--json").stdout)["best"]["moves"]]
    printed = [line.split(". ", 1)[1] for line in run().stdout.splitlines() if re.match(r"\s+\d+\. ", line)]
    assert len(printed) == len(coach) > 3
    assert [parse_move(text, language) for text in printed] == coach
    assert not any(" to build " in text or " to discard " in text for text in printed)


def test_the_hint_names_the_stock_card_to_play_first_in_the_language():
    args = ["hint", "--build", "6,-,2,-", "--stock", "7", "--hand", "3,5,SB,9,12", "--opponent", "Anna:12"]
    env = dict(os.environ, NO_COLOR="1", COLUMNS="400", SKIPBO_TUTOR_LANG="da")
    text = subprocess.run([sys.executable, "-m", "tutor", *args], capture_output=True, text=True, env=env,
                          timeout=120).stdout
    assert "men syveren fra din stakbunke til byggebunke 1 bør komme først" in text
