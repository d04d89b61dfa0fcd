"""Chances worked out by sampling the cards the mover cannot see.

Two questions need the unseen cards, and both are answered the same honest
way: deal the hidden cards at random from the *unseen pool* (every card of
the deck the mover's view does not show; never the real hidden cards), a
fixed number of times, from a seed taken from the view itself, so a position
that looks the same always gets the same answer.

- ``EndgameRisk``: the chance that an opponent close to winning plays out
  their whole stock on their next turn, from the build piles the mover
  leaves. The opponent holds five unseen cards then and has their discard
  tops; the stock cards under the top are unseen too.
- ``RefillChance``: the chance that five fresh cards, drawn when the mover
  empties the hand mid-turn, let the stock top be played.

Both are estimates of a player's next few plays, not a search: the sampled
player uses hand cards and discard tops to bridge the gap from the highest
build pile below each stock card, wild cards last.
"""

from __future__ import annotations

import random
import zlib
from collections.abc import Mapping
from typing import NamedTuple, Optional

from ..engine.cards import SKIP_BO
from ..engine.state import COMPLETE_AT, HAND_SIZE
from .chances import Chance, covered_chance, mean_over_deals, sampled
from .evaluation import BETWEEN, UNKNOWN, Opponent, card_bits

SAMPLES = 48  # deals of the unseen cards per question the evaluation asks: chances to within about 1/7
STATED_SAMPLES = 4_000  # deals behind a sampled chance the coach says: to within about 1/60
RISK_CARDS = 3  # an opponent with at most this many stock cards may play them all out in one turn


def seed_of(*seen: object) -> int:
    """A seed from what the mover sees (stable across processes, unlike ``hash``)."""
    return zlib.crc32(repr(seen).encode())


def sample_deals(unseen: Mapping[int, int], size: int, seed: int, samples: int = SAMPLES) -> tuple[tuple[int, ...], ...]:
    """``samples`` draws of ``size`` cards without replacement from the ``unseen`` pool (card -> count)."""
    pool = [card for card, count in sorted(unseen.items()) for _ in range(count)]
    if not pool:
        return ()
    rng = random.Random(seed)
    size = min(size, len(pool))
    return tuple(tuple(rng.sample(pool, size)) for _ in range(samples))


def spread_deals(unseen: Mapping[int, int], size: int, seed: int, count: int) -> tuple[tuple[int, ...], ...]:
    """``count`` hands of ``size`` cards dealt one after the other from a shuffle of the ``unseen`` pool (a fresh
    shuffle when it runs out): together they hold the pool's cards in its proportions, which makes a mean over
    few deals steadier than independent draws."""
    pool = [card for card, count in sorted(unseen.items()) for _ in range(count)]
    if not pool:
        return ()
    rng = random.Random(seed)
    size = min(size, len(pool))
    hands: list[tuple[int, ...]] = []
    deck: list[int] = []
    while len(hands) < count:
        if len(deck) < size:
            deck = pool[:]
            rng.shuffle(deck)
        hands.append(tuple(deck[:size]))
        deck = deck[size:]
    return tuple(hands)


def plays_out(stock: tuple[int, ...], builds: tuple[int, ...], helpers: tuple[int, ...],
              free_slot: bool = False) -> bool:
    """Whether the ``stock`` cards (top first) can all be played, one after the other, using ``helpers``.

    ``builds`` are the pile values (0 = free slot). Each stock card goes on the
    pile that needs the fewest wild cards to reach it; number cards bridge the
    gap before wild cards (each value once: a second equal helper is not
    counted), and a completed pile frees its slot. With ``free_slot``, a pile
    at or above the card may be completed with helpers to free a slot for it
    (a 1 under four piles in play).
    """
    return _plays_out(stock, builds, card_bits(helpers), helpers.count(SKIP_BO), free_slot)


def _plays_out(stock: tuple[int, ...], builds: tuple[int, ...], spare: int, wilds: int, free_slot: bool) -> bool:
    """``plays_out`` with the number helpers as a bit set ``spare`` and ``wilds`` wild cards."""
    piles = list(builds)
    needs_of = _NEEDS[free_slot]
    for card in stock:
        if card == SKIP_BO:
            at = piles.index(min(piles))
            piles[at] = _raised(piles[at] + 1)
            continue
        needs = needs_of[card]
        lacking = ~spare
        fewest = wilds + 1  # the fewest wild cards a pile needs for the card (the first such pile is taken)
        for at, value in enumerate(piles):
            needed = needs[value]
            if needed is not None:
                short = (needed & lacking).bit_count()
                if short < fewest:
                    fewest, chosen, taken = short, at, needed
        if fewest > wilds:
            return False
        spare &= ~taken
        wilds -= fewest
        piles[chosen] = _raised(card)
    return True


def last_card_chance(top: int, builds: tuple[int, ...], tops: tuple[int, ...], pool: Mapping[int, int], drawn: int,
                     free_slot: bool) -> float:
    """The exact chance that ``drawn`` cards from ``pool``, with the discard ``tops``, play a last stock card
    ``top`` out from the sorted ``builds``: each card between the pile that needs fewest (the highest below it;
    with ``free_slot``, else the highest, completed to free a slot) drawn or stood in for by an SB."""
    if top == SKIP_BO:
        return 1.0
    needed = _NEEDS[free_slot][top][_closest(top, builds, free_slot)]
    if needed is None:
        return 0.0
    return covered_chance(needed & ~card_bits(tops), tops.count(SKIP_BO), pool, drawn)


def helpers_of(top: int, builds: tuple[int, ...]) -> int:
    """The bit set of every number card that may help a stock card ``top`` out from ``builds`` (any pile, a
    slot freed by completing one included)."""
    bits = 0
    for value in builds:
        bits |= _NEEDS[True][top][value] or 0
    return bits


def _starts(card: int, spare: int, wilds: int, free_slot: bool) -> int:
    """The bit set of the pile values (0-11, and 12 for "no pile below") from which ``card`` can be played with
    the helpers ``spare`` and ``wilds``, as ``_plays_out`` tries it."""
    if card == SKIP_BO:
        return (1 << COMPLETE_AT + 1) - 1
    starts = 0
    for value, needed in enumerate(_NEEDS[free_slot][card][:COMPLETE_AT]):
        if needed is not None and (needed & ~spare).bit_count() <= wilds:
            starts |= 1 << value
    return starts


# TO_COMPLETE[value]: the bit set of the cards that carry a pile at ``value`` to completion
TO_COMPLETE = [sum(1 << card for card in range(value + 1, COMPLETE_AT + 1)) for value in range(COMPLETE_AT + 1)]

# _NEEDS[free_slot][card][value]: the helpers a number ``card`` needs to go on a pile at ``value`` (0-12): the
# cards between, or (``free_slot``, a pile at or above it) those completing the pile and then up from a free slot;
# None where it cannot go
_NEEDS = tuple(
    tuple(tuple(BETWEEN[value][card] if value < card else TO_COMPLETE[value] | BETWEEN[0][card] if free_slot else None
                for value in range(COMPLETE_AT + 1)) for card in range(COMPLETE_AT + 1))
    for free_slot in (False, True))


def _raised(value: int) -> int:
    return 0 if value >= COMPLETE_AT else value


class Threat(NamedTuple):
    """An opponent's chance to win on their next turn from the build piles left, and where."""

    seat: int  # index in ``EndgameRisk.opponents``
    chance: float
    card: int  # their stock top
    pile_value: Optional[int]  # the value of the build pile they would play it on (None: none below it)
    said: Chance  # the chance as the coach says it, with its method (``EndgameRisk.stated``)


class EndgameRisk:
    """The chance that each opponent close to winning plays out their stock next turn, by build values."""

    def __init__(self, opponents: tuple[Opponent, ...], unseen: Mapping[int, int], seed: int,
                 samples: int = SAMPLES, free_slot: bool = False):
        self.opponents = opponents
        self.free_slot = free_slot
        self._unseen, self._seed = unseen, seed
        # per opponent with more than one stock card: (stock, helper bits, wilds, bit sets of the pile values the
        # top and the card under it can be played from, each with every helper at hand: every value for an SB or
        # no card) for each sampled deal; a last stock card's chance is worked out exactly
        self._deals: dict[int, tuple[tuple[tuple[int, ...], int, int, int, int], ...]] = {}
        self._stated: dict[int, tuple[tuple[tuple[int, ...], int, int, int, int], ...]] = {}  # more deals, to say
        self._near = tuple(index for index, opponent in enumerate(opponents) if _close(opponent))
        # per opponent: the bit set of the pile value their top leaves (every value for an SB: it goes anywhere)
        self._landed: dict[int, int] = {}
        for index in self._near:
            opponent = opponents[index]
            if opponent.count > 1:
                self._deals[index] = self._sampled(index, samples)
            self._landed[index] = _starts(SKIP_BO, 0, 0, free_slot) if opponent.top == SKIP_BO \
                else 1 << _raised(opponent.top)
        self._known: dict[tuple[int, tuple[int, ...]], float] = {}
        self._said: dict[tuple[int, tuple[int, ...]], Chance] = {}

    def _sampled(self, index: int, samples: int) -> tuple[tuple[tuple[int, ...], int, int, int, int], ...]:
        """``samples`` deals of opponent ``index``'s hand and hidden stock cards, each with its helpers."""
        opponent, free_slot = self.opponents[index], self.free_slot
        deals = sample_deals(self._unseen, HAND_SIZE + opponent.count - 1, self._seed + index, samples)
        return tuple(
            ((opponent.top, *deal[HAND_SIZE:]), spare, wilds, _starts(opponent.top, spare, wilds, free_slot),
             _starts(deal[HAND_SIZE] if len(deal) > HAND_SIZE else SKIP_BO, spare, wilds, free_slot))
            for deal in deals
            for spare, wilds in [(card_bits(deal[:HAND_SIZE] + opponent.tops),
                                  (deal[:HAND_SIZE] + opponent.tops).count(SKIP_BO))])

    @property
    def active(self) -> bool:
        """Whether any opponent is close enough to winning to be sampled."""
        return bool(self._near)

    def chance(self, index: int, builds: tuple[int, ...]) -> float:
        """The chance that opponent ``index`` plays out their stock next turn from the sorted ``builds``."""
        if index not in self._landed:
            return 0.0
        opponent = self.opponents[index]
        key = (index, builds if opponent.count > 1 else (_closest(opponent.top, builds, self.free_slot),))
        chance = self._known.get(key)
        if chance is None:
            if opponent.count == 1:
                chance = self._last_card(opponent, key[1][0])
            else:
                deals = self._deals[index]
                chance = self._share(deals, builds, index) / len(deals) if deals else 0.0
            self._known[key] = chance
        return chance

    def stated(self, index: int, builds: tuple[int, ...]) -> Chance:
        """``chance`` as the coach says it: exact for a last stock card, else over ``STATED_SAMPLES`` deals (the
        same deals for every turn compared), whose interval is narrow enough to be said in words."""
        if index not in self._landed or self.opponents[index].count == 1:
            return Chance(self.chance(index, builds))
        key = (index, builds)
        said = self._said.get(key)
        if said is None:
            if index not in self._stated:
                self._stated[index] = self._sampled(index, STATED_SAMPLES)
            deals = self._stated[index]
            said = self._said[key] = sampled(self._share(deals, builds, index), len(deals)) if deals else Chance(0.0)
        return said

    def _last_card(self, opponent: Opponent, pile: int) -> float:
        """The exact chance that five cards drawn from the unseen pool, with the opponent's discard tops, carry
        the pile at ``pile`` (12: none will do) up to their last stock card."""
        if pile == COMPLETE_AT and opponent.top != SKIP_BO:
            return 0.0
        return last_card_chance(opponent.top, (pile,), opponent.tops, self._unseen, HAND_SIZE, self.free_slot)

    def _share(self, deals, builds: tuple[int, ...], index: int) -> int:
        """In how many of ``deals`` opponent ``index`` plays out their stock from the sorted ``builds``.

        A deal is lost before the rest is tried when no pile takes its top, or
        when none of the piles then in play (those now and the one the top
        leaves) takes the card under it, even with every helper still at hand.
        """
        values = 0
        for value in builds:
            values |= 1 << value
        won = 0
        free_slot = self.free_slot
        then = values | self._landed[index]
        for stock, spare, wilds, starts, next_starts in deals:
            if starts & values and next_starts & then and _plays_out(stock, builds, spare, wilds, free_slot):
                won += 1
        return won

    def weighted(self, builds: tuple[int, ...]) -> float:
        """The opponents' chances of winning next turn, each times their ``share`` (later players count less)."""
        return sum(self.opponents[index].share * self.chance(index, builds) for index in self._near)

    def worst(self, builds: tuple[int, ...]) -> Optional[Threat]:
        """The opponent most likely to win next turn from ``builds`` (values slot by slot), or None."""
        piles = tuple(sorted(builds))
        chances = {index: self.chance(index, piles) for index in self._near}
        index = max(chances, key=chances.__getitem__, default=None)
        if index is None or not chances[index]:
            return None
        top = self.opponents[index].top
        below = [value for value in builds if value < top] if top != SKIP_BO else []
        return Threat(index, chances[index], top, max(below) if below else None, self.stated(index, piles))

    def expected(self, ends: list[Optional[tuple[int, ...]]]) -> Optional[Threat]:
        """The opponent most likely to win next turn over several ways the turn may end (build values slot by
        slot; None: the turn wins the round), each equally likely; the pile they would use is left open."""
        piles = [None if builds is None else tuple(sorted(builds)) for builds in ends]
        chances = {index: sum(self.chance(index, each) for each in piles if each is not None) / len(piles)
                   for index in self._near}
        index = max(chances, key=chances.__getitem__, default=None)
        if index is None or not chances[index]:
            return None
        said = mean_over_deals(0.0 if each is None else self.stated(index, each).value for each in piles)
        return Threat(index, chances[index], self.opponents[index].top, None, said)


def _close(opponent: Opponent) -> bool:
    return 0 < opponent.count <= RISK_CARDS and opponent.top != UNKNOWN and not opponent.partners_left


def _closest(top: int, builds: tuple[int, ...], free_slot: bool) -> int:
    """The one pile that decides whether a last stock card ``top`` gets out: the highest below it, else (with
    ``free_slot``) the highest pile, the cheapest to complete; else 12."""
    below = _highest_below(top, builds)
    return max(builds) if below == COMPLETE_AT and free_slot and top != SKIP_BO else below


def _highest_below(top: int, builds: tuple[int, ...]) -> int:
    below = [value for value in builds if value < top]
    return max(below) if below else COMPLETE_AT


class RefillChance:
    """The chance that a refilled hand of five unseen cards lets the mover's stock top be played."""

    def __init__(self, unseen: Mapping[int, int], seed: int, samples: int = SAMPLES):
        hands = sample_deals(unseen, HAND_SIZE, seed, samples)
        self._hands = tuple((card_bits(hand), hand.count(SKIP_BO)) for hand in hands)
        total = sum(unseen.values())
        self._tops = tuple((card, count / total) for card, count in sorted(unseen.items())) if total else ()
        self._known: dict[tuple[int, int], float] = {}

    def __call__(self, top: int, builds: tuple[int, ...], tops: tuple[int, ...]) -> float:
        """The chance for stock ``top`` (UNKNOWN: turned up unseen) on ``builds``, with the discard ``tops``."""
        at_hand, wilds = card_bits(tops), tops.count(SKIP_BO)
        if top != UNKNOWN:
            return self._chance(top, builds, at_hand, wilds)
        return sum(p * self._chance(card, builds, at_hand, wilds) for card, p in self._tops)

    def _chance(self, top: int, builds: tuple[int, ...], at_hand: int, wilds: int) -> float:
        """The chance that the cards between the highest pile below ``top`` and ``top`` come to hand."""
        if top == SKIP_BO:
            return 1.0
        below = _highest_below(top, builds)
        if below == COMPLETE_AT or not self._hands:
            return 0.0
        missing = BETWEEN[below][top] & ~at_hand
        key = (missing, wilds)
        chance = self._known.get(key)
        if chance is None:
            hits = sum(1 for drawn, drawn_wilds in self._hands if (missing & ~drawn).bit_count() <= wilds + drawn_wilds)
            chance = self._known[key] = hits / len(self._hands)
        return chance
