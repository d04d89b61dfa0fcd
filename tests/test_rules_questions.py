"""Questions in plain words: the bank per language, the ranking measured on the part it never sees, and the
direct answer (yes or no first) that `tutor rules` and `tutor check` give."""

from __future__ import annotations

import difflib
import json
import re
from importlib import resources

import pytest
from hypothesis import given, settings, strategies as st
from typer.testing import CliRunner

from tutor.cli.app import build_app
from tutor.engine.state import MAX_PLAYERS, MIN_PLAYERS
from tutor.i18n import LANGUAGES, use
from tutor.lessons.answer_quality import quality
from tutor.lessons.question_bank import PARTS, question_bank
from tutor.lessons.ranking import Ranker, plain_letters, words_of
from tutor.lessons.spelling import KnownWords, slips
from tutor.lessons.asking import LONGEST_QUESTION, ask
from tutor.lessons.question_words import question_words, question_words_of
from tutor.lessons.yes_or_no import REPLY_NEIGHBOURS, SAME, agreed_reply, asks_yes_or_no, leaning_reply, negated
from tutor.lessons.reference import ReferenceError, reference_entries
from tutor.lessons.strict_yaml import load_unique

runner = CliRunner()
SIZES = {"en": 200, "sv": 100, "da": 80}  # the fewest questions each language's bank holds
# The least share of held-out questions answered first, and in the top three: the figures measured (docs/rules.md),
# so that no change of the ranking loses ground unseen; the goal is 90% and 98% in every language.
TOP_ONE = {"en": 0.92, "sv": 0.93, "da": 0.91}
TOP_THREE = {"en": 0.99, "sv": 0.995, "da": 0.99}
# The same for each tuning question asked of a ranking that has not read it (leave-one-out).
UNSEEN_TOP_ONE = {"en": 0.919, "sv": 0.875, "da": 0.86}
UNSEEN_TOP_THREE = {"en": 0.98, "sv": 0.965, "da": 0.96}
# The most tuning questions labelled yes or no not read as asking one, and unlabelled ones read as asking one
# (some of the Danish ask one beside what they ask, and SPEC does not settle it: "min ene smidebunke er blevet kæmpe
# høj, er det et problem?"; some written blind say no verb, "skipbo card wild?", or put it after a noun that is no
# subject, "..., but can opponents see my HAND irl?").
DETECTION_MISSES = {"en": 18, "sv": 3, "da": 3}
DETECTION_READ_WRONGLY = {"en": 5, "sv": 2, "da": 12}
WRONG_REPLIES = {"en": 0, "sv": 0, "da": 0}  # the most wrong yes-or-no replies, held-out and leave-one-out together
# The least share of the yes-or-no leans said as unsure on leave-one-out that are right (the figures measured,
# docs/rules.md), and the most yes-or-no questions left with no lean, or not read as asking one.
LEAN_RIGHT = {"en": 0.82, "sv": 0.79, "da": 0.78}
UNTOLD = {"en": 19, "sv": 7, "da": 6}


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


NEARLY_THE_SAME = 0.85  # the share of its words a tuning question may have in common with a held-out one


@pytest.mark.parametrize("spoken", LANGUAGES)
def test_no_tuning_question_is_nearly_a_held_out_one(spoken):
    """The held-out part measures questions the ranking has not read: none is a tuning question in other words
    (85% of the words the same, the common words aside, Nordic letters or not)."""
    common = set(question_words_of(spoken)["ignore"])

    def words(question):
        said = {plain_letters(word) for word in words_of(question)}
        return said - common or said

    bank = question_bank(spoken)
    held_out = [words(item.question) for item in bank.held_out]
    near = [item.question for item in bank.tuning for other in held_out
            if len(words(item.question) & other) >= NEARLY_THE_SAME * max(len(words(item.question)), len(other))]
    assert not near


@pytest.mark.parametrize("spoken", LANGUAGES)
def test_the_tuning_questions_labelled_yes_or_no_are_read_as_asking_one_and_no_others(spoken):

    tuning = question_bank(spoken).tuning
    missed = [i.question for i in tuning if i.reply is not None and not asks_yes_or_no(i.question, spoken)]
    read_wrongly = [i.question for i in tuning if i.reply is None and asks_yes_or_no(i.question, spoken)]
    assert len(missed) <= DETECTION_MISSES[spoken], missed
    assert len(read_wrongly) <= DETECTION_READ_WRONGLY[spoken], read_wrongly


@pytest.mark.parametrize("spoken, question, asks", [
    ("en", "can I play a 2 on an empty build pile?", True),
    ("en", "if I play all my hand cards, can I draw again?", True),
    ("en", "if I use all my cards do I keep going", True),
    ("en", "when the draw pile is empty do we just keep playing?", True),
    ("en", "I thought you could discard from the stock", True),
    ("en", "SB on an empty pile allowed?", True),
    ("en", "the first to empty the stock wins, right?", True),
    ("en", "play is optional?", True),  # a statement with a question mark
    ("en", "stock card is face up?", True),
    ("en", "any tips?", False),  # bare words asking for advice
    ("en", "jokers from finished piles, wild again?", False),  # its last clause says no verb
    ("en", "play is optional.", False),
    ("en", "should I play my stock card or my hand card?", False),
    ("en", "when exactly does a round end?", False),
    ("en", "how many cards can I play?", False),
    ("en", "in a team game whose piles can I play?", False),
    ("en", "my son says you must play, who is right?", False),
    ("en", "all four build piles are going and I have a 1, what now?", False),
    ("en", "He said the 9 was in his hand. Does the play count?", True),  # a sentence is a clause
    ("en", "which way does play go, left or right?", False),  # a choice, though it ends with "right"
    ("en", "can you explain what a turn looks like?", False),  # asks for an explanation
    ("en", "could someone please tell me how scoring works", False),
    ("en", "can you play a 2 on a 1?", True),
    ("en", "wait so only the top stock card counts?", True),
    ("en", "wait so what happens now?", False),
    ("en", "bro can u take from someone elses stock", True),
    ("en", "so that move just doesnt work?", True),
    ("en", "whos discard piles can i play on", False),
    ("en", "when we play for points are the rules any different", True),  # "the" opens what the verb asks about
    ("en", "if i still have cards when my stock is gone do I still win?", True),  # "when my ...": a condition
    ("en", "what if I play out my hand, does my turn stop?", True),
    ("en", "My family says you must play if you can. Which of our rules is wrong?", False),  # the last sentence asks
    ("en", "We let people play the same number on itself, like a 4 on a 4. Legit?", True),
    ("en", "Are the build piles mine or shared? My opponent keeps playing on my pile at 5.", False),
    ("sv", "om jag lägger ut alla handkort, får jag nya kort direkt?", True),
    ("sv", "i lagspel, får jag lägga av på min partners avläggshög?", True),
    ("sv", "till hur många poäng spelar man?", False),
    ("sv", "kan du förklara hur en tur går till?", False),
    ("sv", "man får spela från avläggshögen, eller hur?", True),
    ("sv", "ska jag lägga tian på en tom hög eller på trean?", False),
    ("da", "hvis jeg spiller hele hånden, må jeg så trække igen?", True),
    ("da", "blander man de færdige bunker med det samme?", True),
    ("da", "hvad sker der, hvis jeg spiller alle fem kort fra hånden?", False),
    ("da", "hvor mange kort skal jeg trække, når det bliver min tur?", False),
    ("da", "hvis vi spiller hold og min stakbunke er tom skal jeg så spille?", True),
    ("da", "hvis tur er det, når jeg har lagt af?", False),
    ("da", "kan nogen forklare hvordan man tæller point?", False),
    ("da", "Jeg lagde en 7'er, og så kunne min bror lægge sin 8'er. Hvordan undgår jeg det?", False),
    ("da", "kan jeg se, hvad mit næste stakkort er?", True),  # a comma before "hvad" opens no sentence
    ("da", "Vi lader folk åbne en byggebunke med 1, 2 eller 3. Er det forkert?", True),  # a choice told, not asked
    ("da", "hva gør man når trækbunken er tom", False),
])
def test_a_question_is_read_as_asking_a_yes_or_no_wherever_its_asking_clause_stands(spoken, question, asks):

    assert asks_yes_or_no(question, spoken) is asks


@pytest.mark.parametrize("spoken", LANGUAGES)
def test_the_held_out_questions_are_answered_first_and_in_the_top_three(spoken):
    measured = quality(spoken, "held-out")
    assert measured.share(measured.first) >= TOP_ONE[spoken], measured.misses
    assert measured.share(measured.top_three) >= TOP_THREE[spoken], measured.misses


@pytest.mark.parametrize("spoken", LANGUAGES)
def test_the_tuning_questions_left_out_one_at_a_time_are_answered_first_and_in_the_top_three(spoken):
    measured = quality(spoken, "leave-one-out")
    assert measured.share(measured.first) >= UNSEEN_TOP_ONE[spoken], measured.misses
    assert measured.share(measured.top_three) >= UNSEEN_TOP_THREE[spoken], measured.misses
    assert measured.wrong + quality(spoken, "held-out").wrong <= WRONG_REPLIES[spoken], measured.misses
    assert measured.leaned / (measured.leaned + measured.lean_wrong) >= LEAN_RIGHT[spoken]
    assert measured.untold + measured.unread <= UNTOLD[spoken]
    assert measured.replied + measured.wrong + measured.leaned + measured.lean_wrong + measured.untold \
        + measured.unread == measured.yes_or_no


def test_a_tuning_question_left_out_is_ranked_as_by_a_ranking_that_never_read_it():
    from tutor.lessons.asking import _ranker

    use("en")
    question = question_bank("en").tuning[0].question
    assert ask(question).ranked != ask(question, unseen=True).ranked
    documents = {"a": [("cards piles", 1.0)], "b": [("cards piles", 1.0)]}
    read = Ranker(documents, "en", asked={"b": ["how do the piles work"], "a": ["what are cards"]})
    unread = Ranker(documents, "en", asked={"a": ["what are cards"]})
    assert read.rank("how do the piles work")[0][0] == "b"
    assert [key for key, _ in read.rank("how do the piles work", without="how do the piles work")] == \
        [key for key, _ in unread.rank("how do the piles work")]
    assert _ranker("en").nearest(question, question_bank("en").tuning[0].entries[0], without=question)[0][1] < 0.999


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


QUESTION_WORDS = st.lists(st.sampled_from(["can", "i", "play", "if", "my", "what", "or", "eller", "får", "jag",
                                             "må", "jeg", "hvis", "om", "right", "when", "the", "pile", ",", "?"]),
                          max_size=12)


@settings(max_examples=150, deadline=None)
@given(spoken=st.sampled_from(LANGUAGES), words=QUESTION_WORDS)
def test_reading_a_question_as_asking_a_yes_or_no_ignores_case_and_a_question_mark_only_makes_a_statement_ask(
        spoken, words):
    question = " ".join(words)
    asks = asks_yes_or_no(question, spoken)
    assert asks_yes_or_no(question.upper(), spoken) is asks
    if asks_yes_or_no(question.rstrip(" ?"), spoken):
        assert asks_yes_or_no(question.rstrip(" ?") + "?", spoken)  # what asks without one asks with one
    choice = question_words_of(spoken)["either-or"][0]
    assert not asks_yes_or_no(f"{question} {choice} {question}", spoken) or \
        asks_yes_or_no(question, spoken)  # a choice asks a yes or no only where it ends asking to be confirmed


@pytest.mark.parametrize("spoken, question, first_line", [
    ("en", "if my hand is empty, may I draw five more right away?", "Not sure; probably yes (the entry below settles it):"),
    ("en", "after I discard, can I still play a card?", "Not sure; probably no (the entry below settles it):"),
    ("sv", "om handen är tom, får jag dra fem nya kort?", "Osäkert; troligen ja (posten nedan avgör):"),
    ("sv", "efter att jag lagt av, får jag spela ett kort till?", "Osäkert; troligen nej (posten nedan avgör):"),
    ("da", "hvis hånden er tom, må jeg så trække fem nye kort?",
     "Usikkert; sandsynligvis ja (opslaget nedenfor afgør det):"),
    ("da", "når jeg har lagt af, må jeg så spille videre?", "Usikkert; sandsynligvis nej (opslaget nedenfor afgør det):"),
])
def test_a_yes_or_no_the_bank_does_not_settle_is_said_as_unsure_in_each_language(spoken, question, first_line):
    result = runner.invoke(build_app(), ["rules", "--lang", spoken, question])
    assert result.exit_code == 0 and result.stdout.startswith(first_line)
    use(spoken)
    answered = ask(question)
    assert answered.asks and answered.reply is None and answered.lean is not None
    assert answered.entries[0].answer in " ".join(result.stdout.split())
    document = json.loads(runner.invoke(build_app(), ["rules", "--lang", spoken, "--json", question]).stdout)
    assert document["reply"] is None and document["reply_sure"] is False and document["asks_yes_or_no"] is True
    assert document["lean"] == ("yes" if answered.lean else "no") and document["answer"].startswith(first_line)


@pytest.mark.parametrize("spoken, first_line", [("en", "Cannot tell yes or no here"),
                                                ("sv", "Här går det inte att säga ja eller nej"),
                                                ("da", "Her kan der ikke svares ja eller nej")])
def test_a_yes_or_no_question_no_like_question_leans_on_says_so(spoken, first_line):
    from tutor.cli.rules import answer_document, direct_answer
    from tutor.lessons.asking import Answer

    use(spoken)
    entry = reference_entries()["must-play"]
    untold = Answer("?", ((entry, 1.0),), reply=None, asks=True, lean=None)
    assert direct_answer(untold).startswith(first_line) and direct_answer(untold).endswith(entry.answer)
    document = answer_document(untold)
    assert document["lean"] is None and document["reply"] is None and document["reply_sure"] is False


def test_json_says_whether_the_yes_or_no_is_sure_and_what_it_leans_to():
    sure = json.loads(runner.invoke(build_app(), ["rules", "--json", "can I discard a stock card?"]).stdout)
    assert (sure["reply"], sure["lean"], sure["reply_sure"], sure["asks_yes_or_no"]) == ("no", "no", True, True)
    assert sure["reply_by"] == "bank"
    ruled = json.loads(runner.invoke(build_app(), ["rules", "--json", "can I put a 7 on a 5?"]).stdout)
    assert (ruled["reply"], ruled["reply_sure"], ruled["reply_by"]) == ("no", True, "rules")
    assert ruled["answer"].startswith("No. ")
    none = json.loads(runner.invoke(build_app(), ["rules", "--json", "who goes first?"]).stdout)
    assert (none["reply"], none["lean"], none["reply_sure"], none["asks_yes_or_no"]) == (None, None, None, False)
    assert none["reply_by"] is None


@settings(max_examples=200, deadline=None)
@given(voters=st.lists(st.tuples(st.floats(0.0, 1.0), st.booleans()), max_size=8))
def test_a_sure_reply_is_never_said_where_the_like_questions_lean_the_other_way(voters):

    voters = sorted(voters, key=lambda voter: -voter[0])
    agreed = agreed_reply(voters)
    counted = voters[:1] if voters and voters[0][0] >= SAME else voters[:REPLY_NEIGHBOURS]
    if agreed is not None:
        against = sum(alike for alike, reply in counted if reply is not agreed)
        assert leaning_reply(counted) is agreed and against <= 0.01 * sum(alike for alike, _reply in counted)
    lean = leaning_reply(voters)
    assert leaning_reply([(weight, not reply) for weight, reply in voters]) is (None if lean is None else not lean)
    assert leaning_reply(list(reversed(voters))) is lean
    yes = sum(weight for weight, reply in voters if reply)
    no = sum(weight for weight, reply in voters if not reply)
    if abs(yes - no) > 1e-9:
        assert lean is (yes > no)


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
    banked = Ranker(documents, "en", asked={"wild": ["what is a joker"]}, function_words=frozenset({"what", "is", "a"}))
    assert banked.rank("zebra quagga?") == [] and banked.rank("what is a zebra?") == []  # common words alone: none
    assert banked.rank("what is a jokerr?")[0][0] == "wild"
    swedish = Ranker({"discard": [("avläggshög", 1.0)], "stock": [("stockhög", 1.0)]}, "sv")
    assert swedish.rank("avläggshögarna")[0][0] == "discard"


def test_a_question_the_bank_has_is_helped_by_it_over_one_it_has_not():
    documents = {"a": [("cards piles", 1.0)], "b": [("cards piles", 1.0)]}
    ranker = Ranker(documents, "en", asked={"b": ["how do the piles work"]})
    assert ranker.rank("how do the piles work")[0][0] == "b"
    assert Ranker(documents, "en").rank("how do the piles work")[0][0] == "a"  # even scores: the order given


def test_a_document_asked_in_many_ways_is_met_by_what_its_questions_share(monkeypatch):
    from tutor.lessons import ranking

    for weight in ("TEXT_WEIGHT", "NEAREST_WEIGHT", "CLASSIFIER_WEIGHT"):
        monkeypatch.setattr(ranking, weight, 0.0)  # the centroid alone
    documents = {"one way": [("cards", 1.0)], "many ways": [("cards", 1.0)]}
    asked = {"many ways": ["stock first", "wild later", "discard high"], "one way": ["stock wild team score deck"]}
    ranker = Ranker(documents, "en", asked)
    assert ranker.rank("stock wild discard")[0][0] == "many ways"  # no one question holds two of the words
    assert ranker.rank("stock wild team score deck")[0] == ("one way", pytest.approx(1.0))
    left_out = ranker.rank("stock wild team score deck", without="stock wild team score deck")
    assert [key for key, _score in left_out] == ["many ways"]  # the one question taken out of its centroid


def test_a_common_word_counts_a_little_instead_of_not_at_all():
    documents = {"other": [("piles", 1.0)], "own": [("piles", 1.0)]}
    asked = {"other": ["play from the discard pile"], "own": ["play from my discard pile"]}
    ranker = Ranker(documents, "en", asked, function_words=frozenset({"my", "the", "from"}))
    assert ranker.rank("play from my discard pile")[0][0] == "own"
    assert ranker.rank("play from the discard pile")[0][0] == "other"


def test_a_possessive_separates_entries():
    documents = {"own": [("your discard piles", 1.0)], "theirs": [("another player's piles", 1.0)]}
    asked = {"own": ["can I play from my discard pile?"], "theirs": ["can I play from my opponent's discard pile?"]}
    ranker = Ranker(documents, "en", asked, function_words=frozenset({"can", "i", "from", "my", "s"}))
    assert ranker.rank("may I use my discard pile?")[0][0] == "own"
    assert ranker.rank("may I use my opponent's discard pile?")[0][0] == "theirs"


def test_a_typo_is_read_as_the_one_known_word_a_slip_away_and_never_replaces_a_real_word():
    assert slips("discrad", "discard") == 1 and slips("dicsard", "discard") == 1 and slips("card", "cart") == 1
    documents = {"plays": [("the player plays", 1.0)], "plating": [("plating", 1.0)],
                 "stock": [("stocks", 1.0)], "stack": [("stacks", 1.0)]}
    ranker = Ranker(documents, "en")
    assert ranker.rank("playing")[0][0] == "plays"  # its stem is known: never read as plating
    assert ranker.rank("platting")[0][0] == "plating"  # one slip from one known word
    assert ranker.rank("stecks") == []  # as near to stocks as to stacks: left as written


def _read_by_difflib(word, known):
    """The reading of a misspelling as it was before the index: ``difflib`` asked of every known word."""
    most = 1 if len(word) < 8 else 2
    near = sorted(pair for pair in ((slips(word, other), other) for other in
                                    difflib.get_close_matches(word, list(known), n=5, cutoff=0.7)) if pair[0] <= most)
    return word if not near or (len(near) > 1 and near[1][0] == near[0][0]) else near[0][1]


def _slipped(word):
    """``word`` with its first two letters swapped, its middle letter dropped, and its last letter doubled."""
    middle = len(word) // 2
    return [word[1] + word[0] + word[2:], word[:middle] + word[middle + 1:], word + word[-1]]


@pytest.mark.parametrize("spoken", LANGUAGES)
def test_the_index_of_letters_reads_every_word_of_the_bank_as_difflib_over_every_known_word_does(spoken):
    from tutor.lessons.asking import _ranker

    use(spoken)
    known = _ranker(spoken)._known
    bank = question_bank(spoken)
    words = {word for item in bank.tuning + bank.held_out for word in words_of(item.question) if len(word) >= 5}
    asked = sorted(words | {slip for word in sorted(words)[::7] for slip in _slipped(word)})
    read = {word: known.correction(word) for word in asked}
    assert read == {word: _read_by_difflib(word, known) for word in asked}
    assert any(read[word] != word for word in asked)  # some are read as another word


@settings(max_examples=100, deadline=None)
@given(st.lists(st.text("abé", min_size=3, max_size=11), max_size=30), st.text("abé", min_size=5, max_size=9))
def test_a_misspelling_is_read_as_difflib_over_every_known_word_reads_it_whatever_words_are_known(known, word):
    words = KnownWords()
    for other in known:
        words.add(other)
        words.correction(word)  # a correction remembered must be forgotten when a word near it is added
    assert words.correction(word) == _read_by_difflib(word, set(known))


def test_a_question_the_bank_names_an_entry_for_first_leads_one_it_names_it_for_after_another():
    documents = {"after": [("piles", 1.0)], "first": [("piles", 1.0)]}
    ranker = Ranker(documents, "en", asked={"first": ["how do the piles work"]},
                    also_asked={"after": ["how do the piles work"]})
    assert [key for key, _score in ranker.rank("how do the piles work")] == ["first", "after"]


def test_a_misspelling_in_a_bank_question_is_read_as_the_word_it_misspells():
    ranker = Ranker({"discard": [("discard pile", 1.0)]}, "en", asked={"discard": ["play from my discrad pile"]})
    assert ranker.nearest("play from my discard pile", "discard")[0][1] > 0.999


def test_a_reply_is_given_only_when_the_most_alike_bank_questions_agree_by_the_margin():
    from tutor.lessons.asking import _clear_lead

    assert agreed_reply([(0.9, True), (0.8, True)]) is True
    assert agreed_reply([(0.9, False)]) is False
    assert agreed_reply([(0.9, True), (0.85, False)]) is None  # the votes do not lean far enough
    assert agreed_reply([(0.9, True), (0.8, True), (0.7, True), (0.7, True), (0.6, False)]) is None  # nor here
    assert agreed_reply([(0.5, True)]) is None  # not alike enough
    assert agreed_reply([(1.0, True), (0.95, False)]) is True  # the bank holds the question itself
    assert agreed_reply([]) is None
    assert _clear_lead([("a", 1.0), ("b", 0.75)]) and not _clear_lead([("a", 1.0), ("b", 0.85)])  # a close second


def test_a_sure_reply_is_taken_only_from_a_bank_question_that_says_no_word_more_and_one_word_less_at_most():
    use("en")
    # the most alike bank question asks about a discard pile's top ("... of my discard pile onto a build pile?"),
    # and its yes would be wrong here: two words apart, it gives no sure reply
    assert ask("is it allowed to play the top of a build pile onto a different build pile?", unseen=True).reply is None
    # the most alike asks about discard piles ("do discard piles have to be in order?"), and its no would be wrong
    # for any pile, the build piles too: saying a word the question does not, it gives no sure reply
    assert ask("does a pile have to go in order?", unseen=True).reply is None
    assert ask("can I play from my opponents discard pile?").reply is False  # one word apart: sure


@pytest.mark.parametrize("spoken, question, players", [
    ("en", "can 3 people play?", 3), ("en", "can 5 people play?", 5), ("en", "can seven people play?", 7),
    ("en", "Can 8 people play Skip-Bo?", 8), ("sv", "kan man spela med fler än sex spelare?", 7),
    ("sv", "kan åtta personer spela?", 8), ("da", "kan otte personer spille?", 8), ("da", "ni spillere, går det?", 9),
])
def test_a_sure_reply_on_how_many_may_play_is_the_number_of_players_a_game_is_dealt_for(spoken, question, players):
    use(spoken)
    assert ask(question).reply is (MIN_PLAYERS <= players <= MAX_PLAYERS)


def test_a_question_that_says_not_takes_no_reply_from_a_like_question_that_does_not():

    assert negated("can't I play a 2?", "en") and not negated("can I play a 2?", "en")
    assert negated("cant I play a 2?", "en")  # typed without the apostrophe
    assert negated("får man inte spela?", "sv") and negated("må man ikke spille?", "da")
    use("en")
    assert ask("can I play from my opponent's discard pile?").reply is False
    assert ask("can't I play from my opponent's discard pile?").reply is None  # turned round, it would say yes


QUESTION_TEXT = st.text(st.sampled_from("abcdeiklnoprstuvy '-?åäö12"), max_size=40)
SMALL_BANK = {"stock": ["can I play my stock card", "which stock card is played"],
              "discard": ["can I play from my discard pile", "how many discard piles", "can I discard a stock card"],
              "build": ["can I play a 2 on an empty build pile", "what starts a build pile"]}
SMALL_DOCUMENTS = {"stock": [("stock top card", 1.0)], "discard": [("discard piles", 1.0)],
                   "build": [("build piles start with a 1", 1.0)]}


@settings(max_examples=60, deadline=None)
@given(question=QUESTION_TEXT, order=st.randoms(use_true_random=False))
def test_ranking_never_raises_and_never_depends_on_the_order_the_bank_lists_questions(question, order):
    keys = list(SMALL_BANK)
    order.shuffle(keys)
    shuffled = {key: order.sample(SMALL_BANK[key], len(SMALL_BANK[key])) for key in keys}
    listed = Ranker(SMALL_DOCUMENTS, "en", SMALL_BANK, function_words=frozenset({"can", "i", "my", "a"}))
    reordered = Ranker(SMALL_DOCUMENTS, "en", shuffled, function_words=frozenset({"can", "i", "my", "a"}))
    assert listed.rank(question) == reordered.rank(question)
    assert listed.nearest(question, "discard") == reordered.nearest(question, "discard")


@settings(max_examples=60, deadline=None)
@given(spoken=st.sampled_from(LANGUAGES), question=st.text(max_size=60))
def test_any_text_asked_of_the_reference_gets_entries_or_none_and_never_raises(spoken, question):
    use(spoken)
    answered = ask(question, unseen=True)
    scores = [score for _entry, score in answered.ranked]
    assert scores == sorted(scores, reverse=True) and all(score >= 0 for score in scores)
    assert answered.reply is None or answered.ranked
    assert answered.lean is answered.reply or answered.reply is None  # a sure reply is the lean
    assert answered.asks or (answered.reply is None and answered.lean is None)


@pytest.mark.parametrize("spoken, question", [("en", "what about zzz?"), ("en", "zzz qqq"), ("sv", "vad om zzz?"),
                                              ("da", "hvad med zzz?")])
def test_a_plain_question_no_entry_answers_says_so_and_exits_0(spoken, question):
    result = runner.invoke(build_app(), ["rules", "--lang", spoken, question])
    assert result.exit_code == 0 and "tutor rules" in result.stdout and "zzz" in result.stdout
    use("en")
    document = json.loads(runner.invoke(build_app(), ["rules", "--json", question]).stdout)
    assert document["entries"] == [] and document["answer"] is None


def test_a_text_longer_than_any_question_is_refused_before_it_is_ranked(monkeypatch):
    # ranking 16,000 unknown words once took nearly a minute; the text is refused, naming its length
    words = " ".join(f"wrd{index}" for index in range(LONGEST_QUESTION))
    assert runner.invoke(build_app(), ["rules", words]).exit_code == 0
    monkeypatch.setattr("tutor.cli.rules.ask", lambda *args, **kwargs: pytest.fail("a text too long was ranked"))
    result = runner.invoke(build_app(), ["rules", "--json", words + " more?"])
    assert result.exit_code == 2
    assert f"is {LONGEST_QUESTION + 1} words long" in result.stderr
    assert json.loads(result.stdout)["error"]["kind"] == "question"


def test_a_single_word_no_entry_or_topic_matches_is_an_error():
    result = runner.invoke(build_app(), ["rules", "scorng"])
    assert result.exit_code == 0  # a slip of an entry's word still finds it
    assert runner.invoke(build_app(), ["rules", "zzzq"]).exit_code == 2


@pytest.mark.parametrize("spoken", LANGUAGES)
def test_the_question_words_of_every_reference_file_are_words(spoken):
    words = question_words_of(spoken)
    listed = [*words["ignore"], *words["yes-no"], *words["negation"], *words["synonyms"], *words["asking"],
              *words["conditions"], *words["subjects"], *words["confirming"],
              *(other for others in words["synonyms"].values() for other in others),
              *words["stems"], *words["stems"].values()]
    assert all(isinstance(word, str) for word in listed)
    assert spoken != "en" or "on" in words["ignore"]


@pytest.mark.parametrize("data, problem", [
    ({"ignore": ["of", True]}, "rules.yaml: questions: ignore: True is not a word"),
    ({"synonyms": {"five": "5"}}, "rules.yaml: questions: synonyms: five: not a list of words"),
    ({"synonyms": {"five": [None]}}, "rules.yaml: questions: synonyms: five: None is not a word"),
    ({"negation": {"not": 1}}, "rules.yaml: questions: negation: not a list of words"),
    ({"confirming": ["right", True]}, "rules.yaml: questions: confirming: True is not a word"),
    ({"stems": ["femmer"]}, "rules.yaml: questions: stems: not a mapping"),
    ({"stems": {"femmer": None}}, "rules.yaml: questions: stems: femmer: None is not a word"),
    ({"requests": ["you"]}, "rules.yaml: questions: requests: not a mapping"),
    ({"requests": {"who": ["you", True]}}, "rules.yaml: questions: requests: who: True is not a word"),
    ({"cards": {"pile": ["pile", None]}}, "rules.yaml: questions: cards: pile: None is not a word"),
])
def test_question_words_that_are_not_words_are_named_with_their_file(data, problem):
    with pytest.raises(ReferenceError, match=re.escape(problem)):
        question_words(data, "rules.yaml")


def test_a_number_among_the_synonyms_is_the_word_for_it_and_ranks():
    words = question_words({"synonyms": {"five": [5], 12: ["twelve"]}}, "rules.yaml")
    assert words["synonyms"] == {"five": ("5",), "12": ("twelve",)}
    ranker = Ranker({"a": [("5 cards", 1.0)], "b": [("twelve cards", 1.0)]}, "en", synonyms=words["synonyms"])
    assert ranker.rank("five")[0][0] == "a" and ranker.rank("12")[0][0] == "b"


def test_a_word_given_its_stem_meets_that_stem_and_not_the_stemmers():
    documents = {"count": [("otte spillere", 1.0)], "card": [("8 på 7", 1.0)]}
    assert Ranker(documents, "da").rank("otteren")[0][0] == "count"  # the stemmer cuts both to ott
    assert Ranker(documents, "da", stems={"otteren": "8"}).rank("otteren")[0][0] == "card"


@pytest.mark.parametrize("spoken, question, unrelated", [
    ("da", "må jeg spille en femmer på en firer?", "stock-size"),  # fem spillere
    ("da", "kan en firer starte en byggebunke?", "build.four-piles"),  # fire byggebunker
    ("sv", "får jag spela en sexa på en femma?", "many-players"),  # sex spelare
    ("sv", "kan man lägga en sjua på en sexa?", "many-players"),
])
def test_a_cards_name_is_its_value_and_not_the_number_word_it_looks_like(spoken, question, unrelated):
    use(spoken)
    assert unrelated not in [entry.key for entry in ask(question, unseen=True).entries]


@pytest.mark.parametrize("spoken, written, typed", [("sv", "avläggshögen", "avlaggshogen"), ("sv", "hög", "hog"),
                                                    ("da", "hånd", "hand"), ("da", "bøger", "boger")])
def test_a_word_typed_without_its_nordic_letters_meets_the_word(spoken, written, typed):
    ranker = Ranker({"pile": [(written, 1.0)], "other": [("kort", 1.0)]}, spoken)
    assert ranker.rank(typed)[:1] == ranker.rank(written)[:1] and ranker.rank(typed)[0][0] == "pile"


@pytest.mark.parametrize("text", ["skip-bo", "Skip Bo", "SKIPBO", "skip-bo card"])
def test_the_games_name_is_one_word_however_it_is_written(text):
    assert words_of(text)[0] == "skipbo" and "skip" not in words_of(text) and "bo" not in words_of(text)


@pytest.mark.parametrize("text, word", [("skip-bo-kort", "skipbokort"), ("Skip-Bo-kortene", "skipbokortene")])
def test_a_word_joined_to_the_games_name_by_a_hyphen_is_one_word_with_it(text, word):
    assert words_of(text) == [word]  # the card, not the game


def test_a_word_that_only_begins_like_the_games_name_is_its_own():
    assert words_of("skip boards") == ["skip", "boards"]


@pytest.mark.parametrize("spoken, question", [("en", "what is skip-bo?"), ("en", "what is skip bo"),
                                              ("sv", "vad är skip-bo?"), ("sv", "vad är skip bo"),
                                              ("da", "hvad er skip-bo?"), ("da", "hvad er skipbo"),
                                              ("da", "skip-bo regler")])
def test_what_is_skip_bo_asks_about_the_game(spoken, question):
    use(spoken)
    assert ask(question).entries[0].key == "game"
    assert ask(question, unseen=True).entries[0].key == "game"  # and so it would if the bank did not ask it


@pytest.mark.parametrize("spoken, question", [("sv", "vad är ett skip-bo-kort?"), ("da", "hvad er et skip-bo-kort?")])
def test_what_is_a_skip_bo_card_asks_about_the_wild_cards(spoken, question):
    use(spoken)
    assert ask(question, unseen=True).entries[0].key == "wild-cards"
