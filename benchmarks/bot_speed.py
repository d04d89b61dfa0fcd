"""Games and turns per second of the strong bot against its baseline ``strong-v1``, measured in one run.

Two measures, both on the same deals for every bot:

- self-play: each bot plays itself over the same seat-swapped two-player
  rounds, the bots taking turns a few rounds at a time so that a change of
  the machine's load falls on all alike. Games per second depend on how long
  the rounds are, so turns per second are printed too;
- mixed: the first bot named (``strong``) against ``strong-v1`` in the same rounds, the time each
  spends planning per turn it plays (the length of the round is the same for both),
  and where the first bot's planning time goes: the endgame risk, the searches
  that go on over refill deals and those whose deals outgrew ``DEALS_BUDGET``
  (searched again without them).

Each bot's figure is given as a ratio to strong-v1's, in processor time (the
machine may be shared) and in wall time. A digest of every move played is
printed with each bot's figures: a change made only for speed must leave it
as it was (``--expect BOT=DIGEST`` checks it and exits 1 if it differs).

    python benchmarks/bot_speed.py [--games 40] [--seed 1] [--stock 20] [--bots strong,strong-v2,strong-v1]
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import random
import sys
import time
from dataclasses import dataclass, field

from tutor.coach.bot_protocol import Bot
from tutor.coach.bots import make_bot
from tutor.coach.risk import EndgameRisk
from tutor.coach.search import TurnSearch
from tutor.coach.simulation import game_seed, play_round
from tutor.engine.collector import collector_paused
from tutor.engine.dealing import deal

BASELINE = "strong-v1"


@dataclass
class Tally:
    """What one bot (or pairing) played and the time it took."""

    games: int = 0
    turns: int = 0
    cpu: float = 0.0
    wall: float = 0.0
    digest: "hashlib._Hash" = field(default_factory=hashlib.sha256)

    def add(self, games: int, turns: int, cpu: float, wall: float) -> None:
        self.games += games
        self.turns += turns
        self.cpu += cpu
        self.wall += wall


class Timed:
    """A bot whose planning time and turns are counted."""

    def __init__(self, bot: Bot):
        self.bot = bot
        self.cpu = self.wall = 0.0
        self.views: list = []

    def plan(self, view, rng):
        cpu, wall = time.process_time(), time.perf_counter()
        moves = self.bot.plan(view, rng)
        self.cpu += time.process_time() - cpu
        self.wall += time.perf_counter() - wall
        self.views.append(view)
        return moves


def play(names: tuple[str, str], seed: int, index: int, stock: int, bots: list, digest) -> int:
    """Round ``index`` of a seat-swapped series seeded ``seed`` (``bots`` in ``names``' seats); its turns."""
    shared = game_seed(seed, index // 2)
    state = deal([f"{name}-{seat + 1}" for seat, name in enumerate(names)], seed=shared, stock_size=stock).state
    final, turns = play_round(state, bots, random.Random(game_seed(seed, index)),
                              watch=lambda before, move, after: digest.update(repr(move).encode()))
    digest.update(repr((final.winners, turns)).encode())
    return turns


def self_play(bots: list[str], games: int, seed: int, stock: int, chunk: int) -> dict[str, Tally]:
    """Each bot against itself over the same rounds, ``chunk`` rounds of each bot in turn."""
    tallies = {bot: Tally() for bot in bots}
    for first in range(0, games, chunk):
        for bot in bots:
            tally = tallies[bot]
            cpu, wall = time.process_time(), time.perf_counter()
            turns = sum(play((bot, bot), seed, index, stock, [make_bot(bot), make_bot(bot)], tally.digest)
                        for index in range(first, min(first + chunk, games)))
            tally.add(min(chunk, games - first), turns, time.process_time() - cpu, time.perf_counter() - wall)
    return tallies


def mixed(bot: str, games: int, seed: int, stock: int) -> tuple[dict[str, Tally], dict[str, list]]:
    """``bot`` against ``BASELINE`` in seat-swapped rounds: each one's planning time and turns, and the views
    each planned on."""
    tallies = {bot: Tally(), BASELINE: Tally()}
    digest = tallies[bot].digest
    views: dict[str, list] = {bot: [], BASELINE: []}
    for index in range(games):
        names = (bot, BASELINE) if index % 2 == 0 else (BASELINE, bot)
        timed = [Timed(make_bot(name)) for name in names]
        turns = play(names, seed, index, stock, timed, digest)
        for seat, (name, player) in enumerate(zip(names, timed)):
            tallies[name].add(0, (turns + 1 - seat) // 2, player.cpu, player.wall)
            views[name] += player.views
    tallies[BASELINE].digest = digest
    return tallies, views


@contextlib.contextmanager
def timing(cls: type, names: tuple[str, ...], spent: list[float]):
    """``cls``'s methods ``names`` add the processor time they take to ``spent[0]`` while in this block."""
    originals = {name: getattr(cls, name) for name in names}

    def timed(method):
        def run(*args, **kwargs):
            start = time.process_time()
            try:
                return method(*args, **kwargs)
            finally:
                spent[0] += time.process_time() - start
        return run

    for name, method in originals.items():
        setattr(cls, name, timed(method))
    try:
        yield
    finally:
        for name, method in originals.items():
            setattr(cls, name, method)


def parts(views: dict[str, list]) -> None:
    """Where the first bot's planning time goes, each bot's searches made again on the views it planned on."""
    spent = {}
    for bot, seen in views.items():
        weights = make_bot(bot).weights
        risk = [0.0]
        total = dealt = given_up = other_risk = 0.0
        with timing(EndgameRisk, ("__init__", "weighted"), risk):
            for view in seen:
                start, risk_before = time.process_time(), risk[0]
                with collector_paused():
                    search = TurnSearch(view, weights)
                    search.best_moves()
                took = time.process_time() - start
                total += took
                if search._deal_hands:
                    dealt += took
                elif _deals_given_up(search):
                    given_up += took
                else:
                    other_risk += risk[0] - risk_before
        spent[bot] = (len(seen), total, dealt, given_up, other_risk)
    (bot, (count, total, dealt, given_up, risk)), (_, (base_count, base_total, *_)) = spent.items()
    rest = total - dealt - given_up - risk
    print(f"  {bot}'s {count} searches made again: {total:.2f} s ({BASELINE}'s {base_count}: {base_total:.2f} s); "
          f"{dealt / total:.0%} in searches over refill deals, {given_up / total:.0%} in those whose deals outgrew "
          f"the budget, {risk / total:.0%} in the endgame risk of the others; the rest {rest:.2f} s")


def _deals_given_up(search: TurnSearch) -> bool:
    """Whether ``search`` was to go on over refill deals (as its ``__init__`` decides) but had to give them up."""
    stock = sum(count for _, count in search.root[2])
    return (search.weights.deals > 0 and search._unseen_ending == "refill" and bool(search.unseen)
            and stock <= search.weights.deals_within)


def report(title: str, tallies: dict[str, Tally], per: str) -> None:
    base = tallies[BASELINE]
    print(title)
    for bot, tally in tallies.items():
        if per == "game":
            games, turns = tally.games / tally.cpu, tally.turns / tally.cpu
            line = (f"  {bot:10} {tally.games} rounds, {tally.turns / tally.games:.1f} turns each: "
                    f"{games:.2f} games/s ({games / (base.games / base.cpu):.2f}x), "
                    f"{turns:.0f} turns/s ({turns / (base.turns / base.cpu):.2f}x) "
                    f"in processor time; in wall time {tally.games / tally.wall / (base.games / base.wall):.2f}x "
                    f"and {tally.turns / tally.wall / (base.turns / base.wall):.2f}x")
        else:
            line = (f"  {bot:10} {tally.turns} turns, {tally.cpu / tally.turns * 1000:.2f} ms of planning each "
                    f"(turns per second {base.cpu / base.turns / (tally.cpu / tally.turns):.2f}x in processor time, "
                    f"{base.wall / base.turns / (tally.wall / tally.turns):.2f}x in wall time)")
        print(f"{line}; moves digest {tally.digest.hexdigest()[:16]}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=40, help="rounds per bot (even: seats are swapped)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--stock", type=int, default=20)
    parser.add_argument("--bots", default="strong,strong-v1", help="bots compared with strong-v1 (comma-separated)")
    parser.add_argument("--chunk", type=int, default=4, help="rounds of one bot before the next bot's turn")
    parser.add_argument("--expect", action="append", default=[], metavar="BOT=DIGEST",
                        help="the moves digest a bot's self-play must give (mixed: BOT+mixed=DIGEST)")
    args = parser.parse_args()
    bots = list(dict.fromkeys([*args.bots.split(","), BASELINE]))
    solo = self_play(bots, args.games, args.seed, args.stock, args.chunk)
    report(f"self-play, {args.games} rounds each, {args.stock}-card stocks, seed {args.seed} "
           f"(ratios to {BASELINE}, the same run):", solo, "game")
    digests = {bot: tally.digest.hexdigest()[:16] for bot, tally in solo.items()}
    if bots[0] != BASELINE:
        both, views = mixed(bots[0], args.games, args.seed, args.stock)
        report(f"{bots[0]} against {BASELINE}, the same {args.games} rounds (planning time per turn):", both, "plan")
        parts(views)
        digests[f"{bots[0]}+mixed"] = both[bots[0]].digest.hexdigest()[:16]
    wrong = [f"{bot}: {digests.get(bot)} instead of {digest}"
             for bot, digest in (entry.split("=", 1) for entry in args.expect) if digests.get(bot) != digest]
    if wrong:
        print("different moves: " + "; ".join(wrong), file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
