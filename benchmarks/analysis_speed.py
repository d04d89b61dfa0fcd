"""Speed of the analysis: verdicts on hard positions and bot games per second.

Each figure comes with a baseline measured in the same run:

- a verdict (``assess_move``) on a hard position -- three wild cards among the
  hand and the discard tops, all four build piles in play, long discard runs --
  against ruling on every legal move of that position with ``check_move``;
- strong-bot games per second against greedy-only games per second.

    python benchmarks/analysis_speed.py [--games 100] [--seed 1]
"""

from __future__ import annotations

import argparse
import statistics
import time

from tutor.engine.legal import legal_moves
from tutor.engine.notation import parse_move
from tutor.engine.position import position_from_data
from tutor.engine.rules import check_move
from tutor.coach.search import TurnSearch
from tutor.coach.simulation import Series, run_series
from tutor.coach.verdicts import assess_move
from tutor.engine.view import player_view

HARD = {
    "title": "three wilds, four piles",
    "build": [1, 4, 2, 7],
    "players": [
        {"name": "you", "stock": {"top": 9, "count": 11}, "hand": ["SB", "SB", 3, 5, 7],
         "discards": [[12, 11, 10, "SB"], [8, 7, 6], [11, 4], [2]]},
        {"name": "Anna", "stock": {"top": 6, "count": 11}, "hand": 5, "discards": [[9]]},
    ],
}
HARDER = {
    "title": "three wilds in hand, four piles, runs on every discard pile",
    "build": [1, 3, 5, 8],
    "players": [
        {"name": "you", "stock": {"top": 12, "count": 11}, "hand": ["SB", "SB", "SB", 4, 10],
         "discards": [[11, 10, 9], [8, 7, 6], [7, 6, 5, 4, 3], [12, 11]]},
        {"name": "Anna", "stock": {"top": 6, "count": 11}, "hand": 5, "discards": [[9]]},
    ],
}
TEAM = {
    "title": "team game: four SBs, both partners' discard runs (lines cut by the node budget)",
    "rules": {"teams": [["you", "Bo"], ["Cleo", "Dan"]]},
    "build": [1, 3, 5, 8],
    "players": [
        {"name": "you", "stock": {"top": 12, "count": 11}, "hand": ["SB", "SB", "SB", 4, 10],
         "discards": [[11, 10, 9], [8, 7, 6], [7, 6, 5, 4, 3], [12, 11]]},
        {"name": "Cleo", "stock": {"top": 6, "count": 11}, "hand": 5},
        {"name": "Bo", "stock": {"top": 2, "count": 11}, "hand": 5,
         "discards": [[9, 8, 7], [6, 5, 4], [12, 11, 10], ["SB"]]},
        {"name": "Dan", "stock": {"top": 9, "count": 11}, "hand": 5},
    ],
}
MOVES = ["hand SB to build 2", "hand 3 to build 3", "hand 7 to discard 4", "hand SB to build 1"]


def timed(work, repeat: int = 5) -> float:
    """The median seconds of ``work()`` over ``repeat`` runs."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def verdict_figures() -> None:
    for data in (HARD, HARDER, TEAM):
        state = position_from_data(data)
        search = TurnSearch(player_view(state, state.turn))
        legal = legal_moves(state)
        baseline = timed(lambda: [check_move(state, move) for move in legal])
        worst = 0.0
        for text in MOVES:
            move = parse_move(text)
            if check_move(state, move).legal:
                worst = max(worst, timed(lambda: assess_move(state, move)))
        limit = f" (lines cut at {search.depth} plays)" if search.depth else ""
        print(f"{data['title']}: {search.nodes} positions searched{limit}; slowest verdict {worst * 1000:.0f} ms "
              f"(target < 1000 ms); ruling on all {len(legal)} legal moves {baseline * 1000:.1f} ms; "
              f"ratio {worst / baseline:.0f}x")


def game_figures(games: int, seed: int) -> None:
    greedy = run_series(Series(("greedy", "greedy"), players=2, stock=20, seed=seed), games)
    strong = run_series(Series(("strong", "greedy"), players=2, stock=20, seed=seed), games)
    both = run_series(Series(("strong", "strong"), players=2, stock=20, seed=seed), games // 2)
    print(f"greedy vs greedy: {greedy.games_per_second:.1f} games/s (baseline)")
    print(f"strong vs greedy: {strong.games_per_second:.1f} games/s "
          f"({strong.games_per_second / greedy.games_per_second:.2f}x the baseline; target 40)")
    print(f"strong vs strong: {both.games_per_second:.1f} games/s")
    print(f"strong won {strong.wins['strong']} of {strong.games} against greedy")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    verdict_figures()
    game_figures(args.games, args.seed)


if __name__ == "__main__":
    main()
