"""How good a position is for the side to move, once its turn is over.

The value is a sum of named parts, each a count times a weight (see
``Weights``; docs/analysis.md explains the chosen numbers). Keeping the parts
apart lets a verdict say *why* one turn is worse than another.

Cards here are plain ints as in ``cards`` (``SKIP_BO`` = 0) with ``UNKNOWN``
(-1) for a card the mover cannot see.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import NamedTuple

from ..engine.cards import SKIP_BO
from ..engine.state import COMPLETE_AT

UNKNOWN = -1
WIN = 10_000.0


class Weights(NamedTuple):
    """The weights of the evaluation, tuned by ``benchmarks/tune_weights.py``."""

    stock_card: float = 10.0  # each card still in the side's stocks (subtracted)
    reach: float = 3.0  # own stock top playable on a build pile as it stands ...
    reach_decay: float = 0.25  # ... times this for each card it is short
    wild: float = 5.0  # each SB kept in hand
    wild_on_top: float = 2.0  # each SB on top of an own discard pile
    fresh_card: float = 1.0  # each hand card drawn mid-turn and not yet seen
    hand_card: float = 0.4  # each known card kept in hand (fewer new cards next turn)
    high_card: float = 0.5  # times a kept number card's value / 12: low cards are easier to place
    run: float = 0.6  # a discard card lying on the card one higher (a run)
    buried: float = 0.0  # each discard card with another on top of it
    inversion: float = 1.2  # a lower card buried under a higher one
    buried_wild: float = 2.0  # an SB buried under another card
    opponent: float = 12.0  # next opponent's stock top playable at once ...
    opponent_decay: float = 0.5  # ... times this for each card short, counting their discard tops
    later_opponent: float = 0.5  # share of the threat from opponents further round the table
    horizon: int = 4  # gaps beyond this count as nothing
    wild_decay: float = 0.75  # each further SB kept is worth this share of the one before it
    stacked: float = 1.0  # a discard card lying on an equal card (the pair comes out only one at a time)
    fresh_hand: float = 0.0  # times the chance that a refilled hand lets the stock top be played (6 lost)
    closing: float = 2.0  # an opponent's threat grows by this over their stock count (1 + closing / count)
    round_loss: float = 50.0  # times the chance that an opponent plays out their stock on their next turn
    # the model (0 turns a part off, as the baselines had it)
    deals: int = 8  # an emptied hand is refilled with this many sampled deals of the unseen cards, the turn going on
    deals_within: int = 30  # ... while the side has at most this many stock cards (else valued by expectation)
    round_win: float = 50.0  # a round won in one of those deals, against the stock cards left (an expectation)
    drawn_card: float = 0.4  # each card such a refill draws (as much as a kept card costs): 1 lost to strong-v2
    sides: float = 1.0  # 1: threats work on sides: they close in by the side's stock cards, partners' too, and a
    # side's stocks threaten from the turn of its first player (partners play from each other's stocks)
    free_slot: float = 1.0  # 1: the opponent's reply may complete a build pile to free a slot for their stock card
    reveal_first: float = 1.0  # 1: a line plays a stock card that turns up the next one as early as its order allows
    discard_runs: float = 1.0  # 1: an opponent's helpers are their discard tops and the runs beneath them (0: tops)
    covered_run: float = 1.0  # each run link on an own discard pile covered by a number card that does not go on it
    bridge: float = 0.0  # each card between the own stock top and the build pile below it kept in hand or on a top
    completing_run: float = 0.0  # each run on an own discard pile that would complete a build pile now, kept (and
    # ``hand_card`` for each of its cards: certain to come out now, they wait through the other players' turns)


DEFAULT_WEIGHTS = Weights(completing_run=1.5)

# The strong bot plays with the coach's weights, but searches refills over sampled deals only in the last three
# stock cards of its side, where a refill can win the round: everywhere, they cost it more than half its speed
# for no measurable strength; and it keeps the cards that bridge the gap to its stock top (``bridge``), which wins
# rounds against strong-v2 but would make the coach miss an expert position (docs/analysis.md). The cost of a
# completing run kept (``completing_run``) is the coach's alone: set from the expert positions, not measured in play.
STRONG_BOT_WEIGHTS = DEFAULT_WEIGHTS._replace(deals_within=3, bridge=1.2, completing_run=0.0)

# The strong bot's weights frozen as the ``strong-v3`` baseline (no change measured since has beaten it), every
# weight written out so that a change of the coach's or the bot's weights leaves it as it was.
STRONG_V3_WEIGHTS = Weights(
    stock_card=10.0, reach=3.0, reach_decay=0.25, wild=5.0, wild_on_top=2.0, fresh_card=1.0, hand_card=0.4,
    high_card=0.5, run=0.6, buried=0.0, inversion=1.2, buried_wild=2.0, opponent=12.0, opponent_decay=0.5,
    later_opponent=0.5, horizon=4, wild_decay=0.75, stacked=1.0, fresh_hand=0.0, closing=2.0, round_loss=50.0,
    deals=8, deals_within=3, round_win=50.0, drawn_card=0.4, sides=1.0, free_slot=1.0, reveal_first=1.0,
    discard_runs=1.0, covered_run=1.0, bridge=1.2, completing_run=0.0)

# The strong bot's weights and model before the turn went on past a refill in the search, the threat counted the
# partners' stock cards and the opponent's reply could free a slot: the ``strong-v2`` baseline.
_EARLIER_MODEL = {"deals": 0, "round_win": 0.0, "drawn_card": 0.0, "sides": 0.0, "free_slot": 0.0,
                  "reveal_first": 0.0, "discard_runs": 0.0, "covered_run": 0.0}
STRONG_V2_WEIGHTS = Weights(**_EARLIER_MODEL)

# The strong bot's weights before the opponents' threat was weighed twice as
# heavily and the endgame risk and stacked discards were weighed: kept as the
# ``strong-v1`` baseline.
STRONG_V1_WEIGHTS = Weights(opponent=6.0, opponent_decay=0.4, wild_decay=1.0, stacked=0.0, closing=0.0, round_loss=0.0,
                            **_EARLIER_MODEL)


def gap_to(top: int, builds: tuple[int, ...], helpers: tuple[int, ...] = ()) -> int:
    """How many cards a stock ``top`` is short of a build pile, counting ``helpers`` (cards at hand).

    0 means it can be played at once. ``builds`` are the pile values (0 = free slot).
    """
    if top == SKIP_BO:
        return 0
    wilds = helpers.count(SKIP_BO)
    at_hand = card_bits(helpers)
    best = COMPLETE_AT
    for value in set(builds):
        if value < top:
            missing = (BETWEEN[value][top] & ~at_hand).bit_count()
            best = min(best, max(0, missing - wilds))
    return best


# BETWEEN[low][high]: the bit set of the cards strictly between ``low`` and ``high``
BETWEEN = [[sum(1 << card for card in range(low + 1, high)) for high in range(COMPLETE_AT + 1)]
            for low in range(COMPLETE_AT + 1)]


_HELPED: dict[tuple, int] = {}


def helped_gap(top: int, builds: tuple[int, ...], helpers: tuple[int, ...]) -> int:
    """``gap_to`` with helpers, cached (the table's opponents ask the same question again and again)."""
    key = (top, builds, helpers)
    gap = _HELPED.get(key)
    if gap is None:
        if len(_HELPED) > 100_000:
            _HELPED.clear()
        gap = _HELPED[key] = gap_to(top, builds, helpers)
    return gap


def reach_score(weights: Weights, gap: int) -> float:
    return weights.reach * weights.reach_decay ** gap if gap <= weights.horizon else 0.0


def threat_score(weights: Weights, gap: int, count: int) -> float:
    """The threat of an opponent's stock top ``gap`` cards short, with ``count`` cards left in their stock."""
    if gap > weights.horizon:
        return 0.0
    return weights.opponent * weights.opponent_decay ** gap * (1 + weights.closing / max(count, 1))


def wilds_value(weights: Weights, count: int) -> float:
    """The value of ``count`` SBs kept in hand: ``wild`` for the first, ``wild_decay`` times less for each next."""
    return sum(weights.wild * weights.wild_decay ** held for held in range(count))


def pile_score(weights: Weights, pile: tuple[int, ...]) -> float:
    """The shape of one discard pile: runs are good, buried low cards and wilds are bad, and so is a run
    covered by a number card that does not continue it (``covered_run`` per link: it waits for that card)."""
    score = 0.0
    links = 0  # run links since the last number card that broke a run
    for below, above in zip(pile, pile[1:]):
        score -= weights.buried
        if below == SKIP_BO:
            score -= weights.buried_wild
        elif above == SKIP_BO or above == UNKNOWN or below == UNKNOWN:
            continue
        elif above == below - 1:
            score += weights.run
            links += 1
            continue
        elif above == below:
            score -= weights.stacked
        elif above > below:
            score -= weights.inversion
        score -= weights.covered_run * links
        links = 0
    return score


def exposed_run(pile: tuple[int, ...]) -> int:
    """How many run links lie open at the top of a discard pile, as ``pile_score`` counts them: 9, 8, 7 from the
    bottom gives 2, and so does 9, 8, 7, SB (a wild card covers no run; the next number card on it does)."""
    links = 0
    for below, above in zip(pile, pile[1:]):
        if below == SKIP_BO:
            links = 0
        elif above == SKIP_BO or above == UNKNOWN or below == UNKNOWN:
            continue
        elif above == below - 1:
            links += 1
        else:
            links = 0
    return links


# DESCENDING_TO[top]: the cards from 12 down to ``top``, bottom first, as a run that completes a pile lies
DESCENDING_TO = [tuple(range(COMPLETE_AT, top - 1, -1)) for top in range(COMPLETE_AT + 1)]


def completing_runs(builds: tuple[int, ...], piles: tuple[tuple[int, ...], ...]) -> tuple[tuple[int, int], ...]:
    """The runs on the discard ``piles`` that would complete a build pile now, as (pile index, cards): the top
    one above a pile of ``builds`` (0: a free slot) and the cards beneath it going up to 12, each build pile
    taking one run."""
    open_values = list(builds)
    found = []
    for index, pile in enumerate(piles):
        top = pile[-1] if pile else UNKNOWN
        if top <= 0 or top - 1 not in open_values:
            continue
        cards = COMPLETE_AT - top + 1
        if pile[-cards:] == DESCENDING_TO[top]:
            open_values.remove(top - 1)
            found.append((index, cards))
    return tuple(found)


def completion_part(weights: Weights, builds: tuple[int, ...], piles: tuple[tuple[int, ...], ...]) -> float:
    """The ``completion`` part: for each run of the own discard ``piles`` that would complete a build pile now,
    minus ``completing_run`` (the completion, certain now, waits through the other players' turns, which may move
    the pile on) and ``hand_card`` per card (still to be played, as a card kept in hand is); 0 without
    ``completing_run``."""
    if not weights.completing_run:
        return 0.0
    return -sum(weights.completing_run + weights.hand_card * cards for _, cards in completing_runs(builds, piles))


def _covers(top: int, card: int) -> bool:
    """Whether ``card`` laid on ``top`` shuts in the run below ``top``, as ``pile_score`` has it: any card on a
    wild one, a number card that does not continue the run on a number."""
    return card != UNKNOWN if top == SKIP_BO else 0 < card != top - 1


def bridge_mask(builds: tuple[int, ...], top: int, horizon: int) -> int:
    """The bit set of the cards between a number card ``top`` and the highest build pile below it (0 when
    none is below, the top is a wild or unseen, or more than ``horizon`` cards are missing)."""
    below = [value for value in builds if value < top]
    mask = BETWEEN[max(below)][top] if top > 0 and below else 0
    return mask if mask.bit_count() <= horizon else 0


def card_bits(cards) -> int:
    """The bit set of the number cards among ``cards``."""
    bits = 0
    for card in cards:
        if card > 0:
            bits |= 1 << card
    return bits


def tops_and_hand(hand: tuple[int, ...], piles: tuple[tuple[int, ...], ...]) -> int:
    """``card_bits`` of the cards in ``hand`` and on top of ``piles``: what a player has at hand."""
    return card_bits(hand + tuple(pile[-1] for pile in piles if pile))


def hand_parts(weights: Weights, hand: tuple[int, ...], piles: tuple[tuple[int, ...], ...],
               bridging: int = 0) -> dict[str, float]:
    """The parts that depend on the hand kept and the mover's own discard piles (and ``bridge``: on the
    ``bridge_mask`` of the own stock top, ``bridging``)."""
    tops = [pile[-1] for pile in piles if pile]
    unknown = hand.count(UNKNOWN)
    bridge = {"bridge": weights.bridge * (bridging & tops_and_hand(hand, piles)).bit_count()} if weights.bridge \
        else {}
    return {
        "wilds": wilds_value(weights, hand.count(SKIP_BO)) + weights.wild_on_top * tops.count(SKIP_BO),
        "hand": (weights.fresh_card * unknown - weights.hand_card * (len(hand) - unknown)
                 - weights.high_card * sum(card for card in hand if card > 0) / 12),
        "discards": sum(pile_score(weights, pile) for pile in piles),
        **bridge,
    }


class Opponent(NamedTuple):
    """What the mover sees of one opponent: stock top, stock size, discard tops, and how close they sit."""

    top: int
    count: int
    tops: tuple[int, ...]
    share: float  # 1 for the next opponent to play, less for later ones
    partners_left: int = 0  # cards in their partners' stocks (the team wins only when those are out too)
    rivals: int = 1  # sides racing the mover: feeding one of several costs that much less


def side_count(weights: Weights, opponent: Opponent) -> int:
    """The stock cards between the opponent's side and the win: their own, and their partners' (``sides``)."""
    return opponent.count + (opponent.partners_left if weights.sides else 0)


def table_parts(weights: Weights, builds: tuple[int, ...], stocks: tuple[tuple[int, int], ...],
                opponents: tuple[Opponent, ...], unseen: Mapping[int, float],
                win_chance: float = 0.0) -> dict[str, float]:
    """The parts that depend on the build piles and the side's stocks.

    ``stocks`` holds (top, count) for each stock the mover may play from;
    an UNKNOWN top (just turned up, unseen while planning) is valued by its
    expectation over ``unseen`` (card -> probability). ``win_chance`` is the
    opponents' chance (weighted by their shares) of playing out their stock
    on their next turn from ``builds``.
    """
    left = sum(count for _, count in stocks)
    if left == 0:
        return {"stock": WIN, "reach": 0.0, "opponents": 0.0, "risk": 0.0}
    gaps = card_gaps(builds)
    reach = 0.0
    for top, count in stocks:
        if not count:
            continue
        if top == UNKNOWN:
            reach += sum(p * reach_score(weights, gaps[card]) for card, p in unseen.items())
        else:
            reach += reach_score(weights, gaps[top])
    threat = 0.0
    for opponent in opponents:
        if opponent.count and opponent.top != UNKNOWN:
            gap = helped_gap(opponent.top, builds, opponent.tops)
            threat += opponent.share * threat_score(weights, gap, side_count(weights, opponent)) / opponent.rivals
    return {"stock": -weights.stock_card * left, "reach": reach, "opponents": -threat,
            "risk": -weights.round_loss * win_chance}


def parts_total(parts: Mapping[str, float]) -> float:
    return sum(parts.values())


_SCORERS: dict[Weights, "Scorer"] = {}


def scorer_for(weights: Weights) -> "Scorer":
    """The shared ``Scorer`` of ``weights`` (its caches serve every search with them)."""
    scorer = _SCORERS.get(weights)
    if scorer is None:
        scorer = _SCORERS[weights] = Scorer(weights)
    return scorer


_GAPS: dict[tuple[int, ...], tuple[int, ...]] = {}


def card_gaps(builds: tuple[int, ...]) -> tuple[int, ...]:
    """``gap_to(card, builds)`` for every card 0 (SB) to 12, cached by the build values."""
    gaps = _GAPS.get(builds)
    if gaps is None:
        gaps = _GAPS[builds] = tuple(gap_to(card, builds) for card in range(COMPLETE_AT + 1))
    return gaps


class Threats:
    """What the opponents' stock tops can make of the build piles: the ``opponents`` part, as a positive number.

    A stock top is closest to the highest pile below it (fewer cards are
    missing in between), so each opponent's threat is tabled once by that
    pile's value. Threats are cached by the build values.
    """

    def __init__(self, weights: Weights, opponents: tuple[Opponent, ...]):
        self._tables = tuple((o.top, _threat_table(weights, o)) for o in opponents if o.count and o.top != UNKNOWN)
        self._known: dict[tuple[int, ...], float] = {}

    def __call__(self, builds: tuple[int, ...]) -> float:
        """The threat on the sorted build values ``builds``."""
        threat = self._known.get(builds)
        if threat is None:
            threat = self._known[builds] = sum(table[_highest_below(top, builds)] for top, table in self._tables)
        return threat


def _threat_table(weights: Weights, opponent: Opponent) -> tuple[float, ...]:
    """The opponent's threat when the highest pile below their top shows 0-11; at 12 when no pile is below it."""
    top, tops = opponent.top, opponent.tops
    gaps = [gap_to(top, (value,), tops) for value in range(COMPLETE_AT)] + [gap_to(top, (), tops)]
    count = side_count(weights, opponent)
    return tuple(opponent.share * threat_score(weights, gap, count) / opponent.rivals for gap in gaps)


def _highest_below(top: int, builds: tuple[int, ...]) -> int:
    """The highest of the sorted ``builds`` below ``top``, or 12 (``COMPLETE_AT``) if there is none."""
    for value in reversed(builds):
        if value < top:
            return value
    return COMPLETE_AT


class BoundedCache(dict):
    """A dict that ``trim`` empties once it holds more than ``limit`` entries (stores stay plain dict stores)."""

    def __init__(self, limit: int):
        super().__init__()
        self.limit = limit

    def trim(self) -> None:
        if len(self) > self.limit:
            self.clear()


class Scorer:
    """The evaluation for one set of weights, computed fast from cached tables.

    It gives the same numbers as ``table_parts`` and ``hand_parts`` (which
    name the parts), but works out a discard's effect as a change to the
    hand's and the piles' scores instead of scoring everything again.
    """

    def __init__(self, weights: Weights = DEFAULT_WEIGHTS):
        self.weights = weights
        # each card 0-12 kept in hand (an SB's own worth is in ``_wilds``), and on top of a discard pile
        self._in_hand = [-weights.hand_card] + [
            -weights.hand_card - weights.high_card * card / 12 for card in range(1, COMPLETE_AT + 1)]
        self._on_top = [weights.wild_on_top] + [0.0] * COMPLETE_AT
        self._wilds = [wilds_value(weights, count) for count in range(COMPLETE_AT + 7)]  # 0 to 18 SBs kept
        self._shapes: dict[tuple[int, ...], float] = BoundedCache(100_000)
        self._reach: dict[tuple[int, ...], tuple[float, ...]] = {}
        self._threats: dict[tuple[Opponent, ...], Threats] = BoundedCache(1_000)
        # the best ending for (hand, own discard piles): it depends on nothing else
        self.best_endings: dict[tuple, tuple[float, tuple, int, dict]] = BoundedCache(200_000)
        self._kept: dict[tuple[int, ...], float] = BoundedCache(100_000)  # a kept hand's value
        self._piles: dict[tuple, tuple[float, list]] = BoundedCache(100_000)  # see ``_pile_table``
        # _pairs[below + 1][above + 1]: what laying ``above`` on ``below`` adds to a pile's shape
        self._pairs = [[pile_score(weights, (below, above)) for above in range(UNKNOWN, COMPLETE_AT + 1)]
                       for below in range(UNKNOWN, COMPLETE_AT + 1)]
        self._covering: dict[tuple[int, int], list[float]] = {}  # ``_row`` of a top with open run links
        self._bridges: dict[tuple[int, ...], tuple[int, ...]] = BoundedCache(10_000)  # see ``bridging``
        self._completions: dict[tuple, float] = BoundedCache(100_000)  # see ``completion``

    def trim(self) -> None:
        """Empty the caches that have grown past their limits (called before each search)."""
        for cache in (self._shapes, self._threats, self.best_endings, self._kept, self._piles, self._bridges,
                      self._completions):
            cache.trim()

    def reach_vector(self, builds: tuple[int, ...]) -> tuple[float, ...]:
        """``reach_score`` of a stock top of each card 0-12 on ``builds``."""
        vector = self._reach.get(builds)
        if vector is None:
            gaps = card_gaps(builds)
            vector = self._reach[builds] = tuple(reach_score(self.weights, gaps[card]) for card in range(13))
        return vector

    def bridging(self, builds: tuple[int, ...], top: int) -> int:
        """``bridge_mask`` of the stock ``top`` on ``builds`` (cached by the build values); 0 without ``bridge``."""
        if not self.weights.bridge:
            return 0
        masks = self._bridges.get(builds)
        if masks is None:
            horizon = self.weights.horizon
            masks = self._bridges[builds] = tuple(bridge_mask(builds, card, horizon) for card in range(COMPLETE_AT + 1)) + (0,)
        return masks[top]  # an unseen top (-1) takes the last entry, 0

    def completion(self, builds: tuple[int, ...], piles: tuple[tuple[int, ...], ...]) -> float:
        """``completion_part`` of the own discard ``piles`` on ``builds`` (cached)."""
        if not self.weights.completing_run:
            return 0.0  # the bots' weights: no look-up in the hot loop
        key = (builds, piles)
        value = self._completions.get(key)
        if value is None:
            value = self._completions[key] = completion_part(self.weights, builds, piles)
        return value

    def threats(self, opponents: tuple[Opponent, ...]) -> Threats:
        """The ``Threats`` of ``opponents`` (cached: the same opponents face many searches)."""
        threats = self._threats.get(opponents)
        if threats is None:
            threats = self._threats[opponents] = Threats(self.weights, opponents)
        return threats

    def shape(self, pile: tuple[int, ...]) -> float:
        value = self._shapes.get(pile)
        if value is None:
            value = self._shapes[pile] = pile_score(self.weights, pile)
        return value

    def _hand_value(self, hand: tuple[int, ...]) -> float:
        """The value of keeping ``hand`` (cached)."""
        kept = self._kept.get(hand)
        if kept is None:
            in_hand = self._in_hand
            kept = self._kept[hand] = (self.weights.fresh_card * hand.count(UNKNOWN) + self._wilds[hand.count(SKIP_BO)]
                                       + sum(in_hand[card] for card in hand if card != UNKNOWN))
        return kept

    def _pile_table(self, piles: tuple[tuple[int, ...], ...]) -> tuple[float, list[tuple]]:
        """The own discard ``piles``' value as they are, and their ``_discard_targets`` (cached)."""
        table = self._piles.get(piles)
        if table is None:
            on_top = self._on_top
            shapes = sum(self.shape(pile) + on_top[pile[-1]] if pile[-1] != UNKNOWN else self.shape(pile)
                         for pile in piles if pile)
            table = self._piles[piles] = (shapes, self._discard_targets(piles))
        return table

    def endings(self, hand: tuple[int, ...], piles: tuple[tuple[int, ...], ...], endings: list[tuple],
                bridging: int = 0) -> list[float]:
        """The value of the hand and the own discard piles after each ending in ``endings`` (``bridging``: the
        ``bridge_mask`` of the own stock top)."""
        base = self._hand_value(hand) + self._pile_table(piles)[0]
        if bridging:
            base += self._bridged(bridging, tops_and_hand(hand, piles))
        values = []
        for ending in endings:
            if ending[0] == "x":
                value = self._discard_value(base, ending[1], piles[ending[2]], hand)
                values.append(value - self._bridge_lost(ending[1], ending[2], hand, piles, bridging))
            elif ending[0] == "?":
                values.append(base - self.weights.fresh_card)
            else:
                values.append(base)
        return values

    def _given_up(self, card: int, hand: tuple[int, ...]) -> float:
        """What keeping ``card`` in ``hand`` is worth: lost when it is discarded."""
        if card == SKIP_BO:
            held = hand.count(SKIP_BO)
            return self._in_hand[card] + self._wilds[held] - self._wilds[held - 1]
        return self._in_hand[card]

    def _discard_value(self, base: float, card: int, pile: tuple[int, ...], hand: tuple[int, ...]) -> float:
        """``base`` changed by discarding ``card`` from ``hand`` onto ``pile``."""
        on_top = self._on_top
        value = base - self._given_up(card, hand) + on_top[card]
        if pile:
            top = pile[-1]
            value += self._row(pile)[card + 1]
            if top != UNKNOWN:
                value -= on_top[top]
        return value

    def _bridged(self, bridging: int, at_hand: int) -> float:
        """``bridge`` for each card of the ``bridging`` set among the cards ``at_hand`` (``tops_and_hand``)."""
        return self.weights.bridge * (bridging & at_hand).bit_count()

    def _bridge_lost(self, card: int, index: int, hand: tuple[int, ...], piles: tuple[tuple[int, ...], ...],
                     bridging: int) -> float:
        """The ``bridge`` lost by discarding ``card`` onto pile ``index``: a bridging top covered by another card,
        when no other copy is at hand (the discarded card itself stays at hand, on top)."""
        pile = piles[index]
        if not bridging or not pile:
            return 0.0
        top = pile[-1]
        if top <= 0 or card == top or not bridging >> top & 1 or top in hand:
            return 0.0
        if sum(1 for other in piles if other and other[-1] == top) > 1:
            return 0.0
        return self.weights.bridge

    def _bridge_targets(self, targets: list[tuple], hand: tuple[int, ...], piles: tuple[tuple[int, ...], ...],
                        bridging: int) -> list[tuple]:
        """``targets`` with each row less the ``bridge`` its pile's top loses when covered (``_bridge_lost``)."""
        adjusted = []
        for index, row, covered in targets:
            lost = self._bridge_lost(UNKNOWN, index, hand, piles, bridging)
            if lost:
                top = piles[index][-1]
                row = [value if above == top else value - lost
                       for above, value in zip(range(UNKNOWN, COMPLETE_AT + 1), row)]
            adjusted.append((index, row, covered))
        return adjusted

    def best_ending(self, hand: tuple[int, ...], piles: tuple[tuple[int, ...], ...],
                    bridging: int = 0) -> tuple[float, tuple, int, dict]:
        """The best of ``discard_endings(hand, piles)`` with its value (the first of equals), the bit set of the
        cards in ``hand`` and on the piles' tops (0 without ``bridge``) and an empty dict, where the search keeps
        the best endings with some of those cards bridging; ``bridging``: the ``bridge_mask`` of the own stock top."""
        shapes, targets = self._pile_table(piles)
        base = self._hand_value(hand) + shapes
        at_hand = tops_and_hand(hand, piles) if self.weights.bridge else 0
        if bridging:
            base += self._bridged(bridging, at_hand)
            targets = self._bridge_targets(targets, hand, piles, bridging)
        if not hand:
            return base, ("end",), at_hand, {}
        best_value, best = (base - self.weights.fresh_card, ("?",)) if hand[0] == UNKNOWN else (-math.inf, None)
        on_top = self._on_top
        previous = UNKNOWN
        for card in hand:
            if card == previous:
                continue
            previous = card
            kept = base - self._given_up(card, hand) + on_top[card]
            for index, row, covered in targets:  # as ``_discard_value``, written out: this is the hot loop
                value = kept if row is None else kept + row[card + 1] - covered
                if value > best_value:
                    best_value, best = value, ("x", card, index)
        return best_value, best, at_hand, {}

    def _row(self, pile: tuple[int, ...]) -> list[float]:
        """What laying each card on ``pile`` adds to its shape: the ``_pairs`` row of its top, less
        ``covered_run`` per open run link for a card that shuts the run in (``_covers``)."""
        top, links = pile[-1], exposed_run(pile)
        if not links or not self.weights.covered_run:
            return self._pairs[top + 1]
        row = self._covering.get((top, links))
        if row is None:
            cost = self.weights.covered_run * links
            row = self._covering[top, links] = [value - cost if _covers(top, above) else value
                                                for above, value in zip(range(UNKNOWN, COMPLETE_AT + 1),
                                                                        self._pairs[top + 1])]
        return row

    def _discard_targets(self, piles: tuple[tuple[int, ...], ...]) -> list[tuple]:
        """The piles a discard is tried on (every pile with a top, the first empty one): for each its
        index, the ``_pairs`` row of its top (None when empty) and the top's own value, lost when covered."""
        targets = []
        empty_taken = False
        for index, pile in enumerate(piles):
            if pile:
                top = pile[-1]
                targets.append((index, self._row(pile), self._on_top[top] if top != UNKNOWN else 0.0))
            elif not empty_taken:
                empty_taken = True
                targets.append((index, None, 0.0))
        return targets


def discard_endings(hand: tuple[int, ...], piles: tuple[tuple[int, ...], ...]) -> list[tuple]:
    """Every way to end the turn with the sorted ``hand`` and the own discard ``piles``.

    ``("x", card, pile)`` discards a distinct known card (onto one empty pile
    at most), ``("?",)`` one of the unseen cards, ``("end",)`` ends with an
    empty hand.
    """
    if not hand:
        return [("end",)]
    endings: list[tuple] = []
    if UNKNOWN in hand:
        endings.append(("?",))
    empty_taken = False
    for card in sorted(set(hand) - {UNKNOWN}):
        for pile in range(len(piles)):
            if not piles[pile]:
                if empty_taken:
                    continue
                empty_taken = True
            endings.append(("x", card, pile))
        empty_taken = False
    return endings

