"""A series is summed up as its games finish: the same summary as from every result kept, none of them kept."""

from __future__ import annotations

import gc
import weakref

import pytest

from tutor.coach.simulation import Series, play_game, run_series

SERIES = Series(("greedy", "random"), players=2, stock=5, seed=21)


def counted_from_every_result(series: Series, games: int) -> dict:
    """The summary's counts from the results of every game, all held at once (as a series once did)."""
    results = [play_game(series, index) for index in range(games)]
    wins = {bot: sum(bot in result.winning_bots for result in results) for bot in series.bots}
    turns = sum(result.turns for result in results)
    return {"games": games, "wins": wins, "stalemates": sum(result.stalemate for result in results),
            "mean_turns": turns / games}


@pytest.mark.parametrize("workers", [1, 2])
def test_a_series_summary_is_the_one_counted_from_every_result_for_its_seed(workers):
    summary = run_series(SERIES, 30, workers)
    assert {"games": summary.games, "wins": summary.wins, "stalemates": summary.stalemates,
            "mean_turns": summary.mean_turns} == counted_from_every_result(SERIES, 30)
    assert list(summary.wins) == ["greedy", "random"] and not summary.interrupted


def test_a_result_is_let_go_once_it_is_counted():
    seen: list[weakref.ref] = []

    def progress(result) -> None:
        gc.collect()
        assert all(earlier() is None for earlier in seen[:-1]), "a series keeps the results of its games"
        seen.append(weakref.ref(result))

    run_series(Series(("greedy", "random"), stock=5, seed=3, record=True), 8, progress=progress)
    assert len(seen) == 8


def test_ctrl_c_stops_the_series_with_the_summary_of_the_games_finished():
    def progress(result) -> None:
        progress.calls += 1
        if progress.calls == 5:
            raise KeyboardInterrupt

    progress.calls = 0
    summary = run_series(SERIES, 30, progress=progress)
    assert summary.interrupted and summary.games == 5
    assert summary.wins == counted_from_every_result(SERIES, 5)["wins"]
