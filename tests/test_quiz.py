"""``tutor quiz``: questions made from scenarios, answers judged by their expectations, driven in a terminal."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pexpect
import pytest

from tutor.classroom.quiz import AnswerError, judge, make_question
from tutor.scenario.expectations import default_assess
from tutor.scenario.files import check_file
from terminal import exit_status, interrupt_until

ROOT = Path(__file__).resolve().parent.parent
STOCK_FIRST = ROOT / "scenarios" / "rules" / "stock-first.yaml"
WINNER = ROOT / "scenarios" / "scoring" / "winner-scores.yaml"
SAVE_WILDS = ROOT / "scenarios" / "strategy" / "save-wilds-weak.yaml"


def question(path):
    return make_question(check_file(path))


def test_the_kind_of_question_follows_the_expectations():
    assert question(STOCK_FIRST).kind == "legal"
    assert [o.moves_text for o in question(STOCK_FIRST).options][0] == "stock to build 1"
    assert question(WINNER).kind == "points" and question(WINNER).points == 60
    assert question(SAVE_WILDS).kind == "play"


def test_legal_options_are_judged_as_a_set_and_each_explained():
    q = question(STOCK_FIRST)  # 1 and 2 are legal, 3 breaks build.sequence
    assert judge(q, "1 2").right and judge(q, "2, 1").right
    wrong = judge(q, "1")
    assert not wrong.right
    assert "(you had this one wrong)" in wrong.explanation[1]
    assert "build.sequence" in wrong.explanation[2] and "A build pile rises by exactly one" in wrong.explanation[2]
    assert wrong.explanation[2].endswith("(build.sequence) Note: pile 3 shows a 2, so it takes a 3 (or an SB)")
    for unreadable in ("4", "one", ""):
        with pytest.raises(AnswerError):
            judge(q, unreadable)


def test_a_move_in_table_talk_is_read_against_the_position_and_an_ambiguous_one_refused():
    q = question(ROOT / "tests" / "fixtures" / "table-talk.yaml")
    assert q.kind == "play"
    assert judge(q, "the 5 from my hand on build pile 1").right
    assert not judge(q, "put the SB from my hand onto build 1").right
    with pytest.raises(AnswerError, match=r"can mean discard pile 3 \(the 5: illegal.*'discard 1 3 to build 2'"):
        judge(q, "discard 3 to build 2")


def test_points_are_judged_against_the_expected_score():
    assert judge(question(WINNER), "60").right
    wrong = judge(question(WINNER), "35")
    assert not wrong.right and "It scores 60." in wrong.explanation
    with pytest.raises(AnswerError):
        judge(question(WINNER), "sixty")


def test_moves_are_judged_by_the_key_then_by_the_engine_and_the_analysis():
    q = question(SAVE_WILDS)
    assess = default_assess()
    by_key = judge(q, "hSB>b1", assess)  # the key's weak move, in the compact notation
    assert not by_key.right and any("strategy.save-wilds" in line for line in by_key.explanation)
    assert judge(q, "hand 10 to discard 1", assess).right  # the key's best move
    for turn in ("hSB>b1; h10>d1", "hSB>b1, h10>d1", "hand SB to build 1 then hand 10 to discard 1"):
        assert not judge(q, turn, assess).right  # a turn, however its moves are separated, judged as a whole
    illegal = judge(q, "hand 9 to build 1", assess)
    assert not illegal.right and "not allowed" in illegal.explanation[0]
    assert any("(build.sequence)" in line for line in illegal.explanation)
    # legal moves the key does not cover: the analysis decides
    assert judge(q, "hand 11 to discard 2", assess).right  # as good as the key's 10
    weaker = judge(q, "hand 3 to discard 2", assess)
    assert not weaker.right and weaker.explanation[0].startswith("Legal, but not the best move here; the analysis "
                                                                 "grades it ")
    assert "best: " not in weaker.explanation[0]  # the grade and the analysis's words are two sentences
    spent = judge(q, "hand SB to build 2", assess)
    assert not spent.right and any("strategy.save-wilds" in line for line in spent.explanation)
    with pytest.raises(AnswerError):
        judge(q, "hand 5 to nowhere", assess)


def spawn(*args):
    env = dict(os.environ, COLUMNS="80", LINES="40", TERM="dumb", NO_COLOR="1")
    child = pexpect.spawn(sys.executable, ["-m", "tutor", "quiz", *map(str, args)], env=env, encoding="utf-8",
                          timeout=120, dimensions=(40, 80))
    child.logfile_read = open(os.devnull, "w")
    return child


def test_a_student_takes_the_quiz_in_a_terminal():
    child = spawn(STOCK_FIRST, WINNER, SAVE_WILDS)
    child.expect_exact("Question 1 of 3: Stock first")
    child.expect_exact("Which of these moves are legal?")
    child.expect_exact("answer> ")
    child.sendline("1 2")
    child.expect_exact("Right!")
    child.expect_exact("Question 2 of 3")
    child.expect_exact("answer> ")
    child.sendline("a lot")  # unreadable: asked again, at no cost
    child.expect_exact("Type a whole number")
    child.sendline("35")
    child.expect_exact("Not right.")
    child.expect_exact("It scores 60.")
    child.expect_exact("Should the SB go on build pile 1?")
    child.expect_exact("answer> ")
    child.sendline("hand 10 to discard 1")
    child.expect_exact("Right!")
    child.expect_exact("Score: 2 of 3")
    assert exit_status(child) == 0


def test_ctrl_c_stops_the_quiz_with_the_score_so_far():
    child = spawn(STOCK_FIRST, WINNER)
    child.expect_exact("answer> ")
    child.sendline("skip")
    child.expect_exact("Skipped.")
    child.expect_exact("answer> ")
    interrupt_until(child, "Stopped after 1 of 2 questions.")
    child.expect_exact("Score: 0 of 2")
    assert exit_status(child) == 130


def run(*args, answers="", **environ):
    return subprocess.run([sys.executable, "-m", "tutor", "quiz", *map(str, args)], input=answers,
                          capture_output=True, text=True, timeout=120, env=dict(os.environ, NO_COLOR="1", **environ))


def test_json_results_for_the_teacher_are_the_only_thing_on_stdout():
    result = run(STOCK_FIRST, WINNER, SAVE_WILDS, "--json", answers="1 2\n60\n")
    assert result.returncode == 0
    document = json.loads(result.stdout)
    assert (document["score"], document["total"], document["answered"]) == (2, 3, 2)
    first, _, last = document["questions"]
    assert first["answer"] == "1 2" and first["right"] is True and first["kind"] == "legal"
    assert first["key"][2]["rule"] == "build.sequence"
    assert last["unanswered"] is True and last["right"] is False
    assert "Question 1 of 3" in result.stderr


@pytest.mark.parametrize("locale, answers", [
    ("sv_SE.UTF-8", "tian från din hand till avläggshög 1\ninga\nhoppa över\n"),
    ("da_DK.UTF-8", "tieren fra din hånd til afkastbunke 1\ningen\nspring over\n"),
])
def test_json_results_read_the_answers_a_student_types_in_the_language_of_the_locale(locale, answers):
    """The results stay in English for the teacher's scripts; the student's answers are read in their language."""
    quiz = (WINNER, SAVE_WILDS, STOCK_FIRST, WINNER)
    environ = {name: "" for name in ("SKIPBO_TUTOR_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES")}
    result = run(*quiz, "--json", answers="1\n" + answers, LANG=locale, **environ)
    assert result.returncode == 0, result.stderr
    document = json.loads(result.stdout)
    points, play, legal, skipped = document["questions"]
    assert points["right"] is False and play["right"] is True, play["explanation"]
    assert legal["right"] is False and "you had this one wrong" in legal["explanation"][0]  # "none" was read
    assert skipped["skipped"] is True and document["answered"] == 3
    assert document["score"] == 1 and play["explanation"][0].isascii()  # the prose in English


def test_files_without_expectations_are_left_out_and_a_quiz_needs_one(tmp_path):
    bare = tmp_path / "bare.yaml"
    bare.write_text("title: Bare\nplayers:\n  - {name: you, stock: {top: 1, count: 2}}\n"
                    "  - {name: Bo, stock: {top: 2, count: 2}}\n", encoding="utf-8")
    result = run(bare)
    assert result.returncode == 2 and "no expectations" in result.stderr
    result = run(tmp_path, WINNER, answers="60\n")
    assert result.returncode == 0 and "bare.yaml: no expectations" in result.stderr
    assert "Score: 1 of 1" in result.stdout
    broken = tmp_path / "broken.yaml"
    broken.write_text("title: x\nbuild: [13]\nplayers: []\n", encoding="utf-8")
    result = run(broken, "--json")
    assert result.returncode == 2 and json.loads(result.stdout)["error"]["kind"] == "scenario"


def test_every_gallery_position_but_those_judged_over_several_turns_makes_a_question():
    left_out = []
    for path in sorted((ROOT / "scenarios").rglob("*.yaml")):
        checked = check_file(path)
        made = make_question(checked)
        if made is None:
            left_out.append(path.name)
            assert all(expectation.several_turns for expectation in checked.expectations)
    assert left_out == ["stalemate-fewest-stock.yaml", "stalemate.yaml"]


def test_a_description_written_over_several_lines_is_shown_as_one_paragraph():
    result = run(STOCK_FIRST, answers="q\n")
    assert "The stock card is the one that wins the round" in " ".join(result.stdout.split())
    assert "The stock card is the\n" not in result.stdout


def test_the_keys_note_is_shown_when_the_answer_goes_past_its_line(tmp_path):
    noted = tmp_path / "noted.yaml"
    noted.write_text(SAVE_WILDS.read_text(encoding="utf-8").replace(
        "    principle: strategy.save-wilds\n",
        "    principle: strategy.save-wilds\n    note: the SB is worth more kept\n"), encoding="utf-8")
    q = question(noted)
    assess = default_assess()
    assert "Note: the SB is worth more kept" in judge(q, "hand SB to build 1", assess).explanation
    past = judge(q, "hand SB to build 1; hand 10 to discard 1", assess)  # runs past the key's line
    assert not past.right and "Note: the SB is worth more kept" in past.explanation
    assert "Note: the SB is worth more kept" not in judge(q, "hand 11 to discard 2", assess).explanation


def test_skipped_questions_are_not_counted_as_answered():
    document = json.loads(run(STOCK_FIRST, WINNER, SAVE_WILDS, "--json", answers="skip\n60\nskip\n").stdout)
    assert (document["score"], document["total"], document["answered"]) == (1, 3, 1)
    assert [q["skipped"] for q in document["questions"]] == [True, False, True]


def test_the_key_in_the_quiz_speaks_in_words():
    result = run(STOCK_FIRST, SAVE_WILDS, answers="1\nhand SB to build 1\n")
    said = " ".join(result.stdout.split())
    assert "illegal: a build pile rises by exactly one" in said
    assert "The key says of that move: legal; weak: keep Skip-Bo cards for your stock." in said
    for code in ("null", "[", "stock_count", "quality weak", "principle strategy"):
        assert code not in said, code


def test_a_best_move_in_the_quiz_is_explained_by_what_it_achieves():
    q = question(ROOT / "scenarios" / "strategy" / "mind-opponents-good.yaml")
    right = judge(q, "hand 6 to build 1", default_assess())
    assert right.right and "Frees the 7 on your stock." in right.explanation


@pytest.mark.parametrize("language, none", [("en", "none"), ("sv", "inga"), ("da", "ingen")])
def test_no_legal_option_is_answered_in_the_language_or_in_english(language, none):
    from tutor.i18n import use

    q = question(STOCK_FIRST)  # options 1 and 2 are legal: "none" is wrong, and judged
    use(language)
    try:
        for said in (none, none.upper(), "none", "0"):
            assert not judge(q, said).right
    finally:
        use("en")
    with pytest.raises(AnswerError):
        judge(q, "inga")  # a Swedish word is no answer in English


@pytest.mark.parametrize("language, turn", [
    ("sv", "SB från handen på byggstapel 1 sedan tian från handen på avläggshög 1"),
    ("da", "SB fra hånden på byggebunke 1 derefter tieren fra hånden på afkastbunke 1"),
    ("sv", "hand SB to build 1 then hand 10 to discard 1"),
])
def test_the_moves_of_a_turn_are_separated_by_the_language_s_word_for_then(language, turn):
    from tutor.i18n import use

    q = question(SAVE_WILDS)
    use(language)
    try:
        judged = judge(q, turn, default_assess())
        as_a_turn = judge(q, "hSB>b1; h10>d1", default_assess())
        first_alone = judge(q, "hSB>b1", default_assess())
    finally:
        use("en")
    assert not judged.right and judged.explanation == as_a_turn.explanation != first_alone.explanation


WRONG_KEY = ROOT / "tests" / "fixtures" / "classroom" / "wrong-key.yaml"


def test_a_file_whose_key_the_engine_disagrees_with_is_not_put_to_a_student():
    result = run(WRONG_KEY, answers="85\n")
    assert result.returncode == 2
    assert "wrong-key.yaml:16:5: stock to build 1: expected points 35; found 85" in result.stderr
    assert "tutor scenario test" in result.stderr and "Question 1" not in result.stdout
    drafted = run(WRONG_KEY, "--unchecked", answers="35\n")
    assert drafted.returncode == 0 and "Question 1 of 1" in drafted.stdout


def test_a_file_judged_over_several_turns_is_left_out_for_what_it_is(tmp_path):
    result = run(ROOT / "scenarios" / "endgame" / "stalemate.yaml", WINNER, answers="60\n")
    assert result.returncode == 0
    assert "stalemate.yaml: its expectations are played over several turns" in result.stderr
    assert "no expectations" not in result.stderr


def test_good_moves_that_do_not_do_what_the_question_asks_are_not_right():
    q = question(ROOT / "tests" / "fixtures" / "classroom" / "six-off-the-stock.yaml")  # "How can you get the 6 off?"
    assess = default_assess()
    for short in ("hand 1 to build 2", "hand 5 to build 1"):  # good moves, but the 6 stays on the stock
        judged = judge(q, short, assess)
        assert not judged.right
        assert judged.explanation[0] == ("Good moves, but they stop short of what the question asks: the key's "
                                         "answer gets 1 card off your stock, yours no cards.")
    assert judge(q, "hand 5 to build 1; stock to build 1", assess).right
    assert judge(q, "hand 1 to build 2; hand 5 to build 1; stock to build 1", assess).right
