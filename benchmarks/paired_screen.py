"""Screen changes of the strong bot's weights against a baseline bot, paired with the unchanged bot.

Each variant (``name=value[,name=value...]`` applied to ``STRONG_BOT_WEIGHTS``;
``deals=0`` turns a model part off) and the unchanged strong bot play the same
seat-swapped two-player rounds against the baseline (``--against``, by default
``strong-v3``), dealt as
``tune_weights.py`` deals them. Where a variant plays as the unchanged bot, a
round comes out the same; so the difference between the two lies in the
rounds whose winner changed, which are far fewer than the rounds played:
``net`` (the variant's wins less the unchanged bot's, both over those rounds)
is much less noisy than two independent series would be. Its own noise is
about the square root of ``changed`` (each changed round a coin flip if the
change is worth nothing).

    python benchmarks/paired_screen.py --games 400 --stock 20 --seed 7 [--against strong-v2] covered_run=0 opponent=16
"""

from __future__ import annotations

import argparse
from concurrent.futures import ProcessPoolExecutor

from tune_weights import duel

from tutor.coach.bots import BOTS, StrongBot
from tutor.coach.evaluation import STRONG_BOT_WEIGHTS, Weights
from tutor.coach.simulation import wilson


def variant(text: str) -> Weights:
    """``STRONG_BOT_WEIGHTS`` with the changes of ``text`` (``name=value`` pairs, comma-separated)."""
    changes = {}
    for pair in text.split(","):
        name, _, value = pair.partition("=")
        if name not in Weights._fields:
            raise SystemExit(f"error: no weight called {name!r}")
        changes[name] = type(getattr(STRONG_BOT_WEIGHTS, name))(float(value))
    return STRONG_BOT_WEIGHTS._replace(**changes)


def outcomes(weights: Weights, args: argparse.Namespace, pool) -> list[int]:
    """Each round's result for ``weights`` against the baseline: 1 won, -1 lost, 0 neither."""
    jobs = [(weights, args.baseline, args.seed, index, args.stock) for index in range(args.games)]
    return list(pool.map(duel, jobs, chunksize=10))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("variants", nargs="+", metavar="NAME=VALUE[,NAME=VALUE]")
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--stock", type=int, default=20)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--workers", type=int, default=1)
    baselines = [name for name, bot in BOTS.items() if issubclass(bot, StrongBot) and name != "strong"]
    parser.add_argument("--against", choices=baselines, default="strong-v3", help="the baseline bot")
    args = parser.parse_args()
    args.baseline = BOTS[args.against]().weights
    variants = [(text, variant(text)) for text in args.variants]
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        base = outcomes(STRONG_BOT_WEIGHTS, args, pool)
        report("strong", base, base)
        for text, weights in variants:
            report(text, outcomes(weights, args, pool), base)


def report(label: str, results: list[int], base: list[int]) -> None:
    won, lost = results.count(1), results.count(-1)
    low, high = wilson(won, won + lost)
    changed = [(mine, theirs) for mine, theirs in zip(results, base) if mine != theirs]
    net = sum((mine == 1) - (theirs == 1) for mine, theirs in changed)
    print(f"{label:>32}: {won / (won + lost):.1%} ({low:.1%}-{high:.1%}) of {won + lost} decided; "
          f"changed {len(changed)}, net {net:+d}", flush=True)


if __name__ == "__main__":
    main()
