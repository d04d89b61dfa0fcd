"""``tutor review``: the coach grades every move of a record; the strong bot plays far better than the random one."""

from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest

from tutor.cli.review import timeline_rows
from tutor.coach.simulation import Series, play_game
from tutor.play.review import review_record
from tutor.records.files import write_record


def recorded_games(count=4, stock=8):
    return [play_game(Series(("strong", "random"), 2, stock, seed=9, record=True), i).record for i in range(count)]


def accuracy_by_bot(records):
    graded = {"strong": [0, 0], "random": [0, 0]}
    for record in records:
        for summary in review_record(record).players:
            moves = sum(summary.counts.values())
            graded[summary.plays][0] += summary.accuracy * moves
            graded[summary.plays][1] += moves
    return {bot: good / moves for bot, (good, moves) in graded.items()}


def test_the_strong_bot_is_rated_clearly_more_accurate_than_the_random_bot():
    accuracy = accuracy_by_bot(recorded_games())
    assert accuracy["strong"] > 0.9
    assert accuracy["random"] < 0.6
    assert accuracy["strong"] - accuracy["random"] > 0.4


def test_every_turn_is_reviewed_and_the_costliest_moves_are_the_weak_ones_by_loss():
    record = recorded_games(1, stock=6)[0]
    review = review_record(record)
    assert len(review.turns) == len(record.rounds[0].turns)
    assert [t.player for t in review.turns] == [t.player for t in record.rounds[0].turns]
    for summary in review.players:
        weak = sorted((m.assessment.loss for t in review.turns if t.player == summary.name for m in t.moves
                       if m.assessment.quality == "weak"), reverse=True)
        assert [m.assessment.loss for m in summary.costliest] == weak[:3]
    last = review.turns[-1]
    assert last.stocks == record.rounds[0].result.stocks


def test_the_timeline_marks_the_turns_with_mistakes():
    review = review_record(recorded_games(1, stock=6)[0])
    rows, step = timeline_rows(review, 1, width=200)
    assert step == 1
    for name, bars, marks in rows:
        mistakes = [t for t in review.turns if t.player == name and t.grade in ("mistake", "blunder")]
        assert marks.count("^") == len(mistakes)
        assert len(bars) == len(review.turns)
    narrow, step = timeline_rows(review, 1, width=10)
    assert step > 1 and all(len(bars) <= 10 for _, bars, _ in narrow)


def test_review_json_is_one_document_and_human_output_fits_60_columns(tmp_path):
    path = tmp_path / "game.yaml"
    write_record(path, recorded_games(1, stock=5)[0])
    run = subprocess.run([sys.executable, "-m", "tutor", "review", str(path), "--json"], capture_output=True,
                         text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    document = json.loads(run.stdout)
    assert set(document["players"]) == {"strong-1", "random-2"}
    assert all("grade" in turn for turn in document["turns"])
    human = subprocess.run([sys.executable, "-m", "tutor", "review", str(path)], capture_output=True, text=True,
                           timeout=120, env={**__import__("os").environ, "COLUMNS": "60", "NO_COLOR": "1"})
    assert human.returncode == 0
    assert "\x1b[" not in human.stdout
    lines = human.stdout.splitlines()
    assert max(len(line) for line in lines if str(path) not in line) <= 60  # a path is never broken, however long
    assert any(str(path) in line for line in lines)
    assert "The costliest moments" in human.stdout and "Accuracy" in human.stdout
    random_player = document["players"]["random-2"]["mean_loss"]
    assert f"mean loss {random_player / 10:.2f} stock cards a move" in " ".join(human.stdout.split())
    weak = [turn for turn in document["turns"] if turn["loss"] >= 0.5]
    assert weak, "a random player loses something"
    for turn in weak:  # each turn's loss in stock cards, as the mean loss is, never the JSON's tenths
        assert f"-{turn['loss'] / 10:.1f} stock cards]" in " ".join(human.stdout.split())


@pytest.mark.parametrize("content, message", [
    ("format: skipbo-record/1\nplayers: [", "YAML syntax"),
    ("title: not a record\n", "unknown key 'title'"),
])
def test_a_broken_record_is_refused_with_exit_2(tmp_path, content, message):
    path = tmp_path / "bad.yaml"
    path.write_text(content)
    run = subprocess.run([sys.executable, "-m", "tutor", "review", str(path)], capture_output=True, text=True,
                         timeout=60)
    assert run.returncode == 2 and message in run.stderr and "Traceback" not in run.stderr


def test_a_turn_without_a_choice_has_no_grade(tmp_path):
    from tutor.records.model import record_from_data

    record = recorded_games(1, stock=5)[0]
    data = record.to_data()
    first = data["rounds"][0]
    first["turns"] = first["turns"][:1] + [{"player": first["turns"][1]["player"],
                                            "moves": first["turns"][1]["moves"][:1]}]
    del first["result"]
    shortened, problems = record_from_data(data)
    assert not problems
    review = review_record(shortened)
    drawn_only = review.turns[-1]
    assert drawn_only.moves == [] and drawn_only.grade is None
    assert drawn_only.to_json()["grade"] is None
    path = tmp_path / "game.yaml"
    write_record(path, shortened)
    human = subprocess.run([sys.executable, "-m", "tutor", "review", str(path)], capture_output=True, text=True,
                           timeout=120, env={**__import__("os").environ, "NO_COLOR": "1"})
    line = next(line for line in human.stdout.splitlines() if line.strip().startswith("2."))
    assert "(no choice)" in line and "[" not in line


def test_a_turn_line_wraps_under_its_moves_and_shows_no_loss_of_zero(tmp_path):
    path = tmp_path / "game.yaml"
    write_record(path, recorded_games(1, stock=5)[0])
    human = subprocess.run([sys.executable, "-m", "tutor", "review", str(path)], capture_output=True, text=True,
                           timeout=120, env={**__import__("os").environ, "COLUMNS": "40", "NO_COLOR": "1"})
    turns = human.stdout[human.stdout.index("Round 1"):human.stdout.index("Accuracy")].splitlines()[1:]
    assert all(line.startswith("     ") or line[:5].strip().rstrip(".").isdigit() for line in turns if line)
    assert "-0.0" not in human.stdout and "[best]" in human.stdout


def test_a_round_stopped_before_its_end_is_not_called_a_round_without_winner(tmp_path):
    from tutor.records.recording import round_result
    from tutor.records.replay import replay_round

    record = recorded_games(1, stock=8)[0]
    played = record.rounds[0]
    played.turns = played.turns[:6]
    played.result = None
    played.result = round_result(replay_round(record.setup, played), finished=False)
    path = tmp_path / "stopped.yaml"
    write_record(path, record)
    human = subprocess.run([sys.executable, "-m", "tutor", "review", str(path)], capture_output=True, text=True,
                           timeout=120, env={**__import__("os").environ, "NO_COLOR": "1"})
    assert human.returncode == 0, human.stderr
    assert "Round 1: stopped before its end" in human.stdout


def review(home, *args, columns="80"):
    env = {**__import__("os").environ, "SKIPBO_TUTOR_HOME": str(home), "COLUMNS": columns, "NO_COLOR": "1"}
    return subprocess.run([sys.executable, "-m", "tutor", "review", *args], capture_output=True, text=True,
                          timeout=120, env=env)


def test_without_a_record_the_latest_game_is_reviewed_and_list_shows_where_they_are_kept(tmp_path):
    import os

    nothing = review(tmp_path)
    assert nothing.returncode == 2 and "Missing argument" not in nothing.stderr
    assert f"no game records are kept in {tmp_path / 'records'} yet" in nothing.stderr
    records = tmp_path / "records"
    records.mkdir()
    older, newer = recorded_games(2, stock=5)
    write_record(records / "game-20261130-090000.yaml", older)
    write_record(records / "game-20261201-090000.yaml", newer)
    os.utime(records / "game-20261130-090000.yaml", (1_000_000, 1_000_000))
    latest = review(tmp_path)
    assert latest.returncode == 0, latest.stderr
    assert "Review of the latest game record," in latest.stdout
    assert (latest.stdout + latest.stderr).count("game-20261201-090000.yaml") == 1  # the path said once
    assert any(str(records / "game-20261201-090000.yaml") in line for line in latest.stdout.splitlines())
    assert " onto build pile " in latest.stdout  # moves said in words
    listing = review(tmp_path, "--list")
    assert listing.returncode == 0
    lines = listing.stdout.splitlines()
    assert str(records) in lines[0]
    assert [line.split()[0] for line in lines[1:3]] == [str(records / "game-20261130-090000.yaml"),
                                                        str(records / "game-20261201-090000.yaml")]
    assert "strong-1 and random-2; 1 round" in lines[1]
    document = json.loads(review(tmp_path, "--list", "--json").stdout)
    assert document["folder"] == str(records) and len(document["records"]) == 2


def test_a_move_naming_a_player_not_at_the_table_is_refused_and_json_stays_json(tmp_path):
    from tutor.records.files import record_text

    record = recorded_games(1, stock=5)[0]
    text = record_text(record).replace("moves: [draw", "moves: ['Zed:stock to build 1', draw", 1)
    path = tmp_path / "zed.yaml"
    path.write_text(text)
    run = subprocess.run([sys.executable, "-m", "tutor", "review", str(path), "--json"], capture_output=True,
                         text=True, timeout=60)
    assert run.returncode == 2 and "Traceback" not in run.stderr
    error = json.loads(run.stdout)["error"]
    assert error["kind"] == "record" and "'Zed' is not one of the players" in error["problems"][0]


MISSES_THE_WIN = '''
from tutor.coach.bots import StrongBot
from tutor.engine.moves import PileKind, Place, Transfer


class MissesTheWin(StrongBot):
    """Plays as the strong bot, but the first time its last stock card could win the round it discards instead."""

    def __init__(self):
        super().__init__()
        self.missed = False

    def plan(self, view, rng):
        moves = super().plan(view, rng)
        mover = view.mover
        hand = [card for card in mover.hand if card is not None]
        wins = any(move.source.kind is PileKind.STOCK for move in moves if isinstance(move, Transfer))
        if self.missed or len(mover.stock) != 1 or not wins or not hand:
            return moves
        self.missed = True
        return [Transfer(Place(PileKind.HAND), Place(PileKind.DISCARD, 1), hand[0])]
'''


def test_a_missed_win_is_said_in_words_and_kept_out_of_the_mean_loss(tmp_path):
    from tutor.coach.evaluation import WIN

    bot = tmp_path / "misses.py"
    bot.write_text(MISSES_THE_WIN)
    name = f"{bot}:MissesTheWin"
    games = (play_game(Series(("strong", name), 2, 3, seed=4, record=True), index) for index in range(6))
    record = next(game.record for game in games if _missed(game.record))
    record = _as_played_by_a_person(record, name)
    review = review_record(record)
    missed = [m for t in review.turns for m in t.moves if m.assessment.misses_win]
    assert len(missed) == 1 and missed[0].assessment.grade == "blunder" and missed[0].assessment.loss > WIN / 2
    assert missed[0].assessment.to_json()["misses_win"] is True
    summary = next(s for s in review.players if s.plays == "human")
    others = [m.assessment.loss for t in review.turns if t.player == summary.name for m in t.moves
              if not m.assessment.misses_win]
    assert summary.wins_missed == 1 and summary.to_json()["wins_missed"] == 1
    assert summary.mean_loss == pytest.approx(sum(others) / len(others))
    assert summary.costliest[0] is missed[0]
    path = tmp_path / "game.yaml"
    write_record(path, record)
    human = subprocess.run([sys.executable, "-m", "tutor", "review", str(path)], capture_output=True, text=True,
                           timeout=120, env={**__import__("os").environ, "NO_COLOR": "1", "COLUMNS": "200"})
    assert human.returncode == 0, human.stderr
    assert human.stdout.count("[blunder, misses the win]") == 2  # the turn, and the costliest moment
    assert "Wins missed: 1 (left out of the mean loss)." in human.stdout
    assert "1,00" not in human.stdout  # no loss of a thousand stock cards


def _as_played_by_a_person(record, bot: str):
    """``record`` with the seat of the bot from outside (whose name a record cannot hold) played by Cleo, a person."""
    import yaml

    from tutor.records.model import record_from_data

    text = yaml.safe_dump(record.to_data()).replace(f"{bot}-1", "Cleo").replace(f"{bot}-2", "Cleo")
    text = text.replace(bot, "human")
    played, problems = record_from_data(yaml.safe_load(text))
    assert not problems
    return played


def _missed(record) -> bool:
    return any(m.assessment.misses_win for t in review_record(record).turns for m in t.moves)


def test_a_long_path_is_never_broken_across_lines(tmp_path):
    """A person copies a path from the screen: however long, it stands whole on one line, at any width."""
    home = tmp_path / ("a-long-temporary-folder-" * 6) / "home"
    records = home / "records"
    records.mkdir(parents=True)
    path = records / "game-20261201-090000.yaml"
    write_record(path, recorded_games(1, stock=5)[0])
    for columns in ("40", "80"):
        for args in ((), ("--list",), (str(path),)):
            result = review(home, *args, columns=columns)
            assert result.returncode == 0, result.stderr
            assert any(str(path) in line for line in result.stdout.splitlines()), result.stdout
    listing = review(home, "--list", columns="40")
    assert any(str(records) in line for line in listing.stdout.splitlines())


@pytest.mark.parametrize("language, loss_said, accuracy_said", [
    ("en", "(A loss in stock cards: how much less the coach values the best turn still open after a move",
     "Accuracy is the share of a player's graded moves"),
    ("sv", "(En förlust i stockhögskort: hur mycket lägre coachen värderar den bästa tur som återstår",
     "Träffsäkerheten är andelen av en spelares bedömda"),
    ("da", "(Et tab i stakbunkekort: hvor meget lavere træneren vurderer den bedste tur, der er tilbage",
     "Præcisionen er andelen af en spillers bedømte"),
])
def test_the_figures_are_explained_once_where_they_first_appear(language, loss_said, accuracy_said):
    import io

    from rich.console import Console

    from tutor.cli.review import print_review
    from tutor.coach.templates import in_stock_cards
    from tutor.i18n import use

    review = review_record(recorded_games(1, stock=6)[0])
    use(language)
    try:
        out = Console(file=io.StringIO(), width=100, color_system=None)
        print_review(out, review, "game.yaml")
        shown = " ".join(out.file.getvalue().split())
        first_loss = next(turn for turn in review.turns if turn.grade and not turn.misses_win
                          and in_stock_cards(turn.loss) != in_stock_cards(0))
        figure = f"-{in_stock_cards(first_loss.loss)} "
    finally:
        use("en")
    assert shown.count(loss_said) == 1 and shown.count(accuracy_said) == 1
    before = shown[:shown.index(loss_said)]
    assert re.findall(r"-\d+[.,]\d ", before) == [figure]  # right under the first figure of a loss
    assert shown.index(accuracy_said) < shown.index("%")  # before the first accuracy figure
