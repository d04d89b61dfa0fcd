"""A chance the coach states, with how it was worked out: exact, or sampled with its 95% interval.

Where the unseen cards decide a question by which values come to hand, the
chance has a closed form: drawing ``n`` cards from the unseen pool is
hypergeometric, and "the values of a set drawn, a wild card standing in for
each one missing" is counted exactly over the cards of each value
(``covered_chance``). Elsewhere a chance is the share of sampled deals in
which it happened (``won`` of ``deals``), or the mean over sampled deals of a
chance worked out in each (``won`` None); its interval says how far the
figure may be from the truth, and the words say a fraction only when the
whole interval rounds to it (``templates.chance_in_words``).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from typing import Any, NamedTuple, Optional

from ..engine.cards import SKIP_BO
from ..engine.state import COMPLETE_AT

Z95 = 1.959964  # the normal quantile of a two-sided 95% interval


class Chance(NamedTuple):
    """A probability and its method: ``exact``, or ``sampled`` over ``deals`` deals (``won`` of them where
    it is the share of deals in which something happened, None where it is a mean of chances)."""

    value: float
    method: str = "exact"
    deals: int = 0
    won: Optional[int] = None

    @property
    def exact(self) -> bool:
        return self.method == "exact"

    def interval(self) -> tuple[float, float]:
        """The 95% interval of the figure: the figure itself when exact; Wilson's score interval for a share of
        deals; Hoeffding's bound for a mean of chances (each between 0 and 1)."""
        if self.exact:
            return self.value, self.value
        n = self.deals
        if self.won is None:
            half = math.sqrt(math.log(2 / 0.05) / (2 * n))
            return max(0.0, self.value - half), min(1.0, self.value + half)
        p, z2 = self.won / n, Z95 * Z95
        centre = (p + z2 / (2 * n)) / (1 + z2 / n)
        half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
        return max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half))  # rounding kept off p

    def to_json(self, prefix: str = "") -> dict[str, Any]:
        """The fields that say how the chance was worked out (the figure itself is the caller's), each name
        after ``prefix``: ``method``, and for a sampled chance ``deals`` and (a share of deals) ``won``."""
        entry: dict[str, Any] = {f"{prefix}method": self.method}
        if not self.exact:
            entry[f"{prefix}deals"] = self.deals
            if self.won is not None:
                entry[f"{prefix}won"] = self.won
        return entry

    @classmethod
    def from_json(cls, chance: float, entry: Mapping[str, Any], prefix: str = "") -> Chance:
        """The chance ``chance`` (as the JSON rounds it) with the method fields of ``entry`` (as
        ``to_json(prefix)`` wrote them); a share of sampled deals is taken at its full precision."""
        deals, won = entry.get(f"{prefix}deals", 0), entry.get(f"{prefix}won")
        return cls(won / deals if won is not None and deals else chance, entry.get(f"{prefix}method", "exact"),
                   deals, won)


def as_chance(chance: Chance | float) -> Chance:
    """``chance`` as a ``Chance``: a plain number is an exact chance."""
    return chance if isinstance(chance, Chance) else Chance(chance)


def sampled(won: int, deals: int) -> Chance:
    """The share of ``deals`` sampled deals in which something happened (``won`` of them)."""
    return Chance(won / deals, "sampled", deals, won)


def mean_over_deals(chances: Iterable[float]) -> Chance:
    """The mean of a chance worked out in each of a number of sampled deals."""
    chances = list(chances)
    return Chance(sum(chances) / len(chances), "sampled", len(chances))


def covered_chance(missing: int, wilds: int, pool: Mapping[int, int], drawn: int) -> float:
    """The exact chance that ``drawn`` cards drawn from ``pool`` (card -> count) leave at most ``wilds`` plus
    the SBs drawn of the values in the bit set ``missing`` without a card (each drawn value covers its bit,
    each SB one more gap)."""
    total = sum(pool.values())
    drawn = min(drawn, total)
    if not drawn:
        return 1.0 if missing.bit_count() <= wilds else 0.0
    counts = [pool.get(value, 0) for value in range(1, COMPLETE_AT + 1) if missing >> value & 1]
    extra = missing.bit_count() - len(counts)  # missing bits of no number card (none in practice)
    wild_count = pool.get(SKIP_BO, 0)
    others = total - sum(counts) - wild_count
    # ways[(taken, uncovered)]: the ways to draw ``taken`` cards of the missing values seen so far, leaving
    # ``uncovered`` of them without a card
    ways: dict[tuple[int, int], int] = {(0, extra): 1}
    for count in counts:
        grown: dict[tuple[int, int], int] = {}
        for (taken, uncovered), number in ways.items():
            for take in range(min(count, drawn - taken) + 1):
                key = (taken + take, uncovered + (take == 0))
                grown[key] = grown.get(key, 0) + number * math.comb(count, take)
        ways = grown
    favourable = 0
    for (taken, uncovered), number in ways.items():
        for take in range(min(wild_count, drawn - taken) + 1):
            if uncovered <= wilds + take:
                favourable += number * math.comb(wild_count, take) * math.comb(others, drawn - taken - take)
    return favourable / math.comb(total, drawn)
