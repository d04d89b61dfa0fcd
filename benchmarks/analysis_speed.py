"""Speed of the analysis: verdicts on hard positions and bot games per second.

Each figure comes with a baseline measured in the same run:

- a verdict (``assess_move``) on a hard position -- three wild cards among the
  hand and the discard tops, all four build piles in play, long discard runs --
  against ruling on every legal move of that position with ``check_move``;
- a hint (the search, the best turn and the runners-up) on the same positions;
- strong-bot games per second against greedy-only games per second, and
  against the ``strong-v1`` and ``strong-v2`` baseline bots' games per second.

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
from tutor.coach.evaluation import STRONG_V1_WEIGHTS
from tutor.coach.search import TurnSearch
from tutor.coach.simulation import Series, Summary, run_series
from tutor.coach.verdicts import assess_move
from tutor.engine.view import player_view
from tutor.cli.hint import _best_turns

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
TEAM_EIGHT_RUNS = {  # TEAM with a run, not an SB, on the last of Bo's discard piles
    **TEAM,
    "title": "team game: three SBs in hand, runs on all eight discard piles of the side",
    "players": [*TEAM["players"][:2],
                {**TEAM["players"][2], "discards": [[9, 8, 7], [6, 5, 4], [12, 11, 10], [4, 3, 2]]},
                TEAM["players"][3]],
}
POSITIONS = (HARD, HARDER, TEAM, TEAM_EIGHT_RUNS)
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
    for data in POSITIONS:
        state = position_from_data(data)
        search = TurnSearch(player_view(state, state.turn))
        legal = legal_moves(state)
        baseline = timed(lambda: [check_move(state, move) for move in legal])
        worst = previous = 0.0
        for text in MOVES:
            move = parse_move(text)
            if check_move(state, move).legal:
                worst = max(worst, timed(lambda: assess_move(state, move)))
                previous = max(previous, timed(lambda: assess_move(state, move, STRONG_V1_WEIGHTS)))
        hint = timed(lambda: _hint(state))
        limit = f" (lines cut at {search.depth} plays)" if search.depth else ""
        print(f"{data['title']}: {search.nodes} positions searched{limit}; slowest verdict {worst * 1000:.0f} ms, "
              f"hint {hint * 1000:.0f} ms (target < 500 ms); ruling on all {len(legal)} legal moves "
              f"{baseline * 1000:.1f} ms; ratios {worst / baseline:.0f}x and {hint / baseline:.0f}x; "
              f"verdict with strong-v1's weights {previous * 1000:.0f} ms (ratio {worst / previous:.2f})")


def _hint(state) -> None:
    """What ``tutor hint`` asks of the analysis: one search, its best turn and the runners-up."""
    _best_turns(player_view(state, state.turn), 3)


def game_figures(games: int, seed: int) -> None:
    greedy = run_series(Series(("greedy", "greedy"), players=2, stock=20, seed=seed), games)
    strong = run_series(Series(("strong", "greedy"), players=2, stock=20, seed=seed), games)
    both, previous, second = _interleaved(("strong", "strong-v1", "strong-v2"), games // 2, seed)
    print(f"greedy vs greedy: {greedy.games_per_second:.1f} games/s (baseline)")
    print(f"strong vs greedy: {strong.games_per_second:.1f} games/s "
          f"({strong.games_per_second / greedy.games_per_second:.2f}x the baseline; target 40)")
    print(f"strong vs strong: {both.games_per_second:.1f} games/s; strong-v1 vs strong-v1: "
          f"{previous.games_per_second:.1f} games/s (ratio {both.games_per_second / previous.games_per_second:.2f}, "
          f"target >= 1); strong-v2 vs strong-v2: {second.games_per_second:.1f} games/s "
          f"(ratio {both.games_per_second / second.games_per_second:.2f})")
    print(f"strong won {strong.wins['strong']} of {strong.games} against greedy")


def _interleaved(bots: tuple[str, ...], games: int, seed: int, chunks: int = 5) -> list[Summary]:
    """Each bot against itself over the same ``games`` deals, played in turns of a few games each, so that a
    change of the machine's load falls on every bot alike."""
    totals = {bot: [0, 0.0] for bot in bots}
    for chunk in range(chunks):
        for bot in bots:
            part = run_series(Series((bot, bot), players=2, stock=20, seed=seed + chunk), max(1, games // chunks))
            totals[bot][0] += part.games
            totals[bot][1] += part.seconds
    return [Summary(played, {}, 0, 0.0, seconds, False) for played, seconds in totals.values()]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    verdict_figures()
    game_figures(args.games, args.seed)


if __name__ == "__main__":
    main()
