"""Every way to finish a turn, and the best one.

``TurnSearch(view)`` searches the turn of the player to move in ``view`` (a
``player_view``: the search never looks at hidden cards). It plays every
sequence of cards from the hand, the stock tops and the discard tops of the
mover's side (partners included) onto the build piles, wild cards taking any
value a pile needs, and ends each line with every possible discard. Lines that
reach the same position are merged: a node is keyed by the build values
(sorted: which slot holds a pile does not matter), the sorted hand, the stocks
and the discard piles.

Where cards turn up, the turn's value is an expectation. A hand emptied
mid-turn (or empty with nothing to draw until a completed pile gives the
draw pile cards) is refilled: the search goes on over ``Weights.deals``
sampled deals of the cards the mover cannot see, each searched as the turn
it would be with those cards in hand, and the refill is worth their mean (a
round won in a deal counts ``Weights.round_win``; each card drawn adds
``Weights.drawn_card``). A refill inside a sampled
deal, and a stock card turned up while planning, are unknown: the line
continues only with the cards still in sight and is valued by expectation.
A player acting on a line plays it up to such a card and then searches again.

The search works on small tuples rather than ``GameState``; ``Turn.moves``
gives each line back as engine moves. What a hand, a side's discard piles
and the build values can give (the plays from them, the cards left) is
worked out once and shared by every position holding them.
"""

from __future__ import annotations

from typing import Callable, Iterable, Iterator, NamedTuple, Optional

from ..engine.cards import SKIP_BO
from ..engine.collector import collector_paused
from ..engine.moves import EndTurn, Move, PileKind, Place, Transfer
from ..engine.rules import awaits_refill
from ..engine.state import BUILD_SLOTS, COMPLETE_AT, HAND_SIZE, GameState, Phase
from ..engine.view import unseen_in
from .chances import Chance, sampled
from .evaluation import (
    DEFAULT_WEIGHTS, UNKNOWN, WIN, Opponent, Weights, completion_part, discard_endings, hand_parts, parts_total,
    scorer_for, table_parts,
)
from .risk import EndgameRisk, RefillChance, Threat, helpers_of, last_card_chance, seed_of, spread_deals

# A play is (kind, seat index in the side, discard pile or -1, card, value of the target pile).
# kind: "h" hand, "s" stock, "d" discard pile. An ending is ("x", card, pile), ("?",) or ("end",).
Play = tuple
Node = tuple  # (builds, hand, stocks, discards, draws)


NODE_BUDGET = 25_000  # positions one search may hold before its lines are cut short
# positions a search tries depth first, for a player alone and for partners (whose searches, over both
# partners' discard piles, rarely stop between a few thousand positions and the budget)
DEPTH_FIRST = {False: 15_000, True: 5_000}


DEALS_BUDGET = 3_000  # positions a search with its refills over sampled deals may hold; else they are not dealt


class _OverBudget(Exception):
    """The search holds more positions than its budget allows."""


class SearchError(ValueError):
    """The position has no turn to search (the round is over, or the hand is still to be drawn)."""


class Turn(NamedTuple):
    """One way to finish the turn: the moves, their value, and how the line ends.

    ``ending`` is ``discard`` (the last move is the discard), ``win`` (the last
    stock card is played), ``end`` (an empty hand and nothing to draw),
    ``refill`` (the hand was emptied: what follows depends on the new cards)
    or ``unseen-hand`` (the position does not show the hand, so the discard
    is left open). A refill searched over sampled deals has their best turns
    in ``deals`` (each from the refill on): its value and parts are their mean.
    """

    moves: tuple[Move, ...]
    value: float
    ending: str
    stock_played: int
    wilds_played: int
    parts: tuple[tuple[str, float], ...]
    builds: tuple[int, ...]  # the build piles' values at the end, slot by slot (0 = free)
    deals: tuple[Turn, ...] = ()
    refill: Optional[tuple] = None  # the search's position at a refill searched over deals (``win_chance``)

    def part(self, name: str) -> float:
        return dict(self.parts).get(name, 0.0)


class TurnSearch:
    """The search tree of one turn, built once and queried many times."""

    def __init__(self, view: GameState, weights: Weights = DEFAULT_WEIGHTS, budget: int = NODE_BUDGET,
                 within: Optional[Iterable[TurnSearch]] = None):
        """Search the turn in ``view``; ``within``: the earlier searches of a series (see ``_share``), whose
        positions, tables and plays this one may take."""
        if view.phase is not Phase.PLAY:
            raise SearchError(f"no turn to search in phase {view.phase.value!r}")
        if awaits_refill(view):
            raise SearchError("no turn to search before the refill: the empty hand draws five first")
        self.view = view
        self.weights = weights
        self.scorer = scorer_for(weights)
        self.scorer.trim()
        self.side = _side(view)
        self.names = tuple(None if seat == view.turn else view.players[seat].name for seat in self.side)
        self.opponents = _opponents(view, weights.later_opponent, bool(weights.sides), bool(weights.discard_runs))
        self._opponent_names = _opponent_names(view)
        self._opponent_threat = self.scorer.threats(self.opponents)
        total = sum((unseen := unseen_in(view)).values())
        self._unseen_counts = unseen  # what the sampled estimates and deals are drawn from
        self.unseen = {card: n / total for card, n in unseen.items()} if total else {}
        self._unseen_items = tuple(self.unseen.items())
        self.slots = tuple(view.build_value(slot) for slot in range(BUILD_SLOTS))
        self.root = _root(view, self.side)
        self._unseen_ending = "unseen-hand" if UNKNOWN in self.root[1] else "refill"
        seed = seed_of(self.opponents, sorted(unseen.items()))  # the same all turn, so searches share
        dealt = self._unseen_ending == "refill" and sum(count for _, count in self.root[2]) <= weights.deals_within
        self._deal_hands = _deal_hands(unseen, seed, weights.deals) if dealt else {}
        self._dealing = False  # inside a sampled deal: a further refill is valued by expectation alone
        self._memo: dict[Node, tuple[float, Optional[Play], Optional[Node]]] = {}
        self._taken = 0  # of the positions in ``_memo``, those an earlier search valued (see ``_share``)
        self._hands = self.scorer.best_endings  # shared by every search with these weights
        self._parent: dict[Node, tuple[Optional[Node], Optional[Play]]] = {}  # filled by turns()
        self.depth: Optional[int] = None  # at most this many cards played in a line; None: no limit
        within = tuple(within) if within is not None else None
        alike = next((earlier for earlier in within or () if earlier._values_as(self)), None)
        if alike is not None:  # the same estimates and tables: take them with what they hold
            self.risk, self._refill = alike.risk, alike._refill
            self._table, self._totals, self._unknown = alike._table, alike._totals, alike._unknown
        else:
            self.risk = EndgameRisk(self.opponents, unseen, seed, free_slot=bool(weights.free_slot)) \
                if weights.round_loss else None
            if self.risk is not None and not self.risk.active:
                self.risk = None
            self._refill = RefillChance(unseen, seed) if weights.fresh_hand and self._unseen_ending == "refill" \
                else None
            self._table: dict[tuple, dict[str, float]] = {}
            self._totals: dict[tuple, float] = {}
            self._unknown: dict[tuple[int, ...], float] = {}
        # the plays from each position, kept for later searches when this one is part of a series
        self._kids: Optional[dict[Node, list[tuple[Play, Node]]]] = None
        if within is not None:
            self._kids = next((earlier._kids for earlier in within if earlier._kids is not None), {})
        self.value = self._search(budget, within or ())

    def _values_as(self, other: TurnSearch) -> bool:
        """True when this search values the end of a turn as ``other`` does: the same weights, opponents and
        unseen cards give the same estimates (``risk``, ``_refill``) and tables of build values and stocks."""
        return (self.weights == other.weights and self.opponents == other.opponents
                and self._unseen_counts == other._unseen_counts and self._unseen_ending == other._unseen_ending)

    def _holds(self, other: TurnSearch) -> bool:
        """True when this full search reached ``other``'s root and valued it as ``other`` would.

        Then ``other`` can share its positions: a position's value in a full
        search does not depend on the line that led to it. Cards that came
        into sight since (a stock top turned up, a refill) change the root or
        the unseen cards, and so the answer.
        """
        return (self.depth is None and other.root in self._memo and self._values_as(other) and self.side == other.side
                and bool(self._deal_hands) == bool(other._deal_hands))

    def _share(self, within: tuple[TurnSearch, ...]) -> None:
        """Take the positions of an earlier search that holds this one's root (see ``_holds``), if there is one."""
        shared = next((earlier for earlier in within if earlier._holds(self)), None)
        if shared is not None:
            self._memo = shared._memo
        self._taken = len(self._memo)

    def _search(self, budget: int, within: tuple[TurnSearch, ...]) -> float:
        """The root's value: in full, or with the longest lines cut short when the budget runs out.

        A node's depth (the cards played to reach it) is the same along every
        path, so a depth limit keeps merged positions exact; a position at the
        limit is valued as if the turn ended there. The deepest limit whose
        search fits the budget is kept (see ``_depth_limit``).

        Searches go depth first, the refills over sampled deals as long as
        that takes at most ``DEALS_BUDGET`` positions (else again without
        them). One that outgrows ``DEPTH_FIRST`` positions (partners: one
        that outgrew ``DEALS_BUDGET`` with its deals, at once)
        starts again level by level (``_reach``): that counts the
        positions at each depth once, so the depth limit is known before any
        line is valued, and every position is expanded and valued once --
        not again for each limit tried.
        """
        with collector_paused():
            depth_first = DEPTH_FIRST[len(self.side) > 1]
            if self._deal_hands:
                self._share(within)
                self._budget = min(budget, DEALS_BUDGET)
                try:
                    self._count()
                    return self._value(self.root)  # a shared search may hold the root already
                except _OverBudget:  # too big to search the deals: a refill is valued by expectation alone
                    self._memo, self._deal_hands = {}, {}
                    if len(self.side) > 1:  # partners past these positions nearly always outgrow ``DEPTH_FIRST``
                        depth_first = 0
            self._share(within)
            if self.root in self._memo:
                return self._memo[self.root][0]
            if depth_first:
                self._budget = min(budget, depth_first)
                try:
                    self._count()
                    return self._value(self.root)
                except _OverBudget:
                    self._memo, self._taken = {}, 0
            self._budget = budget
            reached = _reach(self.root, budget, self._plays)
            if not reached.complete:
                self.depth = _depth_limit(reached.starts, budget)
            self._value_reached(reached)
        return self._memo[self.root][0]

    def _value_reached(self, reached: _Reached) -> None:
        """Value the ``reached`` positions down to the depth limit, the deepest first (at the limit by
        their endings alone)."""
        starts = reached.starts
        last = len(starts) - 2 if self.depth is None else self.depth  # the deepest level valued
        end = starts[last + 1]
        cut = end if self.depth is None else starts[last]  # from here on no children are tried
        nodes, plays, targets = reached.nodes, reached.plays, reached.targets
        values = [0.0] * end
        memo = self._memo
        for at in range(end - 1, -1, -1):
            node = nodes[at]
            if _won(node):
                values[at] = _win_value(node)
                memo[node] = (values[at], ("win",), None)
                continue
            best_value, best_play = self._best_ending(node)
            best_child = None
            if at < cut:
                for play, target in zip(plays[at], targets[at]):
                    value = values[target]
                    if value > best_value:
                        best_value, best_play, best_child = value, play, nodes[target]
            values[at] = best_value
            memo[node] = (best_value, best_play, best_child)

    def _count(self) -> None:
        """Raise ``_OverBudget`` where searching depth first from the root would, without valuing a position.

        Only in a series, whose searches take one another's plays: there the
        count costs a fraction of valuing the positions of a search that is
        then given up. It visits the positions in ``_expand``'s order (which
        does not depend on their values), refills over sampled deals included.
        """
        if self._kids is None or self.root in self._memo:
            return
        counted: set[Node] = set(self._memo)
        dealing = False

        def expand(node: Node) -> None:
            nonlocal dealing
            if len(counted) >= self._budget:
                raise _OverBudget
            if _won(node):
                pass
            elif node[1] and node[1][0] == UNKNOWN and self._deal_hands and not dealing:
                dealing = True
                try:
                    for hand in self._dealt(node):
                        if hand not in counted:
                            expand(hand)
                finally:
                    dealing = False
            else:
                for _, child in self._plays(node):
                    if child not in counted:
                        expand(child)
            counted.add(node)

        try:
            expand(self.root)
        finally:
            del expand  # it refers to itself: without it, this search would live until the collector's next pass

    def _plays(self, node: Node) -> list[tuple[Play, Node]]:
        """``_children(node)``, kept for the later searches of a series."""
        if self._kids is None:
            return _children(node)
        found = self._kids.get(node)
        if found is None:
            found = self._kids[node] = _children(node)
        return found

    # -- queries ---------------------------------------------------------------

    @property
    def nodes(self) -> int:
        """Distinct positions reached while searching."""
        return len(self._memo)

    @property
    def positions_added(self) -> int:
        """The positions this search valued itself, not taken from an earlier search of its series."""
        return len(self._memo) - self._taken

    def best(self) -> Turn:
        """The best turn from the root."""
        return self._turn(self.root, ())

    def best_moves(self) -> tuple[Move, ...]:
        """The moves of ``best()``, without valuing the turn's parts: all a player acting on it needs."""
        _, steps, ending = self._best_line(self.root, ())
        slots = list(self.slots)
        moves = [self._move_of(play, slots) for _, play in steps]
        if ending[0] == "x" or ending[0] == "end":
            moves.append(self._move_of(ending, slots))
        return tuple(moves)

    def reveal_before(self, move: Move) -> Optional[Move]:
        """The stock card that turns up the next one and that the best line after ``move`` could play before it,
        losing nothing: the move commits a card before seeing what that stock card turns up (or empties the hand
        for new cards while it could be played: ``_children``). None if there is none (or ``move`` is itself such
        a play, a discard or not a play the search can follow)."""
        node, play = self.after(move)
        if node is None or _reveals(self.root, play):
            return None
        plays = _children(self.root)
        if (play, node) not in plays:  # the last card in hand, played to draw while a stock card could go first
            return next(self._move_of(stock, list(self.slots)) for stock, _ in plays if stock[0] == "s")
        self._value(node, 1)
        end, steps, _ = self._best_line(node, ((self.root, play),))
        plays = [step for _, step in steps]
        for at, (before, step) in enumerate(steps[1:], start=1):
            if _reveals(before, step):
                moved = _replay(self.root, [step, *plays[:at], *plays[at + 1:]])
                if moved is not None and moved[1] == end:
                    return self._move_of(step, list(self.slots))
        return None

    def stop_values(self) -> list[float]:
        """The value of ending the turn in the best way right after each of the best turn's plays (after the first,
        the first two, ...), up to a play that empties the hand."""
        end, steps, _ = self._best_line(self.root, ())
        values = []
        for node in [node for node, _ in steps[1:]] + [end]:
            if _hand_emptied(node):
                break  # a refill or the end: no stop with a discard
            values.append(self._best_ending(node)[0])
        return values

    def value_alone(self, move: Move) -> Optional[float]:
        """The value of playing ``move`` (a root play onto a build pile) and then ending the turn in the best way at
        once; None for a move that is no such play or empties the hand."""
        node, play = self.after(move)
        if node is None or _hand_emptied(node):
            return None
        return self._best_ending(node)[0]

    def value_after(self, move: Move) -> float:
        """The value of the best turn that still begins with ``move`` (a legal move of the root)."""
        node, play = self.after(move)
        if play is None:
            return self.value
        if node is None:
            return self._ending_value(self.root, play)
        return self._valued(node)

    def best_after(self, move: Move) -> Turn:
        """The best turn that begins with ``move``."""
        node, play = self.after(move)
        if play is None:
            return self.best()
        if node is not None:
            self._valued(node)
        return self._best_beginning(play, node)

    def _valued(self, node: Node) -> float:
        """The value of a root move's ``node``: one the search holds, or one stock first left out (the last hand
        card played for new cards while a stock card could go first), valued now with room beyond the budget."""
        if node in self._memo:
            return self._memo[node][0]
        budget = self._budget
        self._budget = len(self._memo) + NODE_BUDGET
        try:
            return self._value(node, 1)
        except _OverBudget:  # too big to search its refill over the deals: valued by expectation alone
            self._budget = len(self._memo) + NODE_BUDGET
            self._dealing = True
            try:
                return self._value(node, 1)
            finally:
                self._dealing = False
        finally:
            self._budget = budget

    def after(self, move: Move) -> tuple[Optional[Node], Optional[Play]]:
        """The node a root move leads to and the play or ending it is; (None, None) if not searchable."""
        play = self._play_of(move)
        if play is None:
            return None, None
        if play[0] in ("x", "?", "end"):
            return None, play
        return _apply(self.root, play), play

    def opponent_wins_next(self, turn: Turn) -> Optional[dict]:
        """The opponent most likely to play out their stock on their next turn after ``turn``, as data.

        ``{"player", "chance", "method", "card", "pile"}``: ``card`` is their stock top,
        ``pile`` the build pile (1-4) they would play it on, None when none is
        below it or the turn goes on past a refill (then the chance is the
        mean over the sampled deals, from where each one's turn ends). The
        chance is as ``EndgameRisk.stated`` says it, ``method`` ``exact`` or
        ``sampled`` (with ``deals``, and ``won`` where it is the share of deals
        won). None when no opponent is close to winning (or the turn wins).
        """
        threat = self.threat(turn)
        if threat is None:
            return None
        return {"player": self._opponent_names[threat.seat], "chance": round(threat.said.value, 2),
                **threat.said.to_json(), "card": threat.card, "pile": _pile_number(turn.builds, threat)}

    def win_chance(self, turn: Turn) -> Optional[Chance]:
        """The chance that the turn, going on past its refill, wins the round with the cards drawn; None when it
        does not end at a refill searched over deals.

        Exact when the side has one stock card left in sight and no card under
        a discard top can help it out (then the cards drawn win exactly when
        they and the discard tops carry a pile up to it: ``last_card_chance``);
        else the share of the sampled deals whose turn wins.
        """
        if not turn.deals:
            return None
        builds, hand, stocks, discards, _ = turn.refill
        left = [top for top, count in stocks for _ in range(count)]
        beneath = [card for piles in discards for pile in piles for card in pile[:-1]]
        if len(left) == 1 and left[0] != UNKNOWN:
            helpers = helpers_of(left[0], builds) if left[0] != SKIP_BO else 0
            if not any(card == SKIP_BO or helpers >> card & 1 for card in beneath):
                tops = tuple(pile[-1] for piles in discards for pile in piles if pile)
                return Chance(last_card_chance(left[0], builds, tops, self._unseen_counts, len(hand), True))
        return sampled(sum(deal.ending == "win" for deal in turn.deals), len(turn.deals))

    def threat(self, turn: Turn) -> Optional[Threat]:
        """``opponent_wins_next`` as the risk's ``Threat`` (its ``seat`` an index into ``opponent_seat``)."""
        if self.risk is None or turn.ending == "win":
            return None
        if turn.deals:
            return self.risk.expected([None if deal.ending == "win" else deal.builds for deal in turn.deals])
        return self.risk.worst(turn.builds)

    def opponent_seat(self, threat: Threat) -> int:
        """The seat in the view of the opponent a ``threat`` is about."""
        return self.view.seat_of(self._opponent_names[threat.seat])

    def options(self) -> int:
        """How many distinct first moves (plays and discards) the position offers."""
        return sum(1 for _ in self._root_options())

    def turns(self) -> list[Turn]:
        """Every distinct way to finish the turn, best first (positions reached twice counted once)."""
        self._find_parents()
        seen: set = set()
        found: list[Turn] = []
        lines: dict[Node, tuple] = {}
        for node, (_, play, _) in list(self._memo.items()):
            if node not in self._parent:
                continue  # a position of a shared search that this root does not lead to
            for ending in [play] if play in (("win",), ("deal",)) else self._endings(node):
                end = _end_key(node, ending)
                if end in seen:
                    continue
                seen.add(end)
                found.append(self._finish(node, (), ending, self._line_to(node, lines)))
        found.sort(key=lambda turn: (-turn.value, len(turn.moves)))
        return found

    def runners_up(self, count: int = 3) -> list[Turn]:
        """The best turn for each other first move, best first."""
        best = self.best()
        seen = {best.moves[0] if best.moves else None}
        alternatives: list[Turn] = []
        for play, child in self._root_options():
            if play[0] == "?":
                continue  # "discard one of the unseen cards" is no move to show
            move = self._move_of(play, list(self.slots))
            if move in seen:
                continue
            seen.add(move)
            alternatives.append(self._best_beginning(play, child))
        alternatives.sort(key=lambda turn: (-turn.value, len(turn.moves)))
        return alternatives[:count]

    def _best_beginning(self, play: Play, child: Optional[Node]) -> Turn:
        """The best turn that begins with the root's ``play``, which leads to ``child`` (None: it ends the turn)."""
        if child is None:
            return self._finish(self.root, (), play)
        return self._turn(child, ((self.root, play),))

    # -- the search ------------------------------------------------------------

    def _value(self, node: Node, depth: int = 0) -> float:
        """The value of the best way to finish the turn from ``node``, reached after ``depth`` plays."""
        known = self._memo.get(node)
        if known is not None:
            return known[0]
        return self._expand(node, depth)

    def _expand(self, node: Node, depth: int) -> float:
        """``_value`` of a node not searched yet: its endings and children, memoised."""
        memo = self._memo
        if len(memo) >= self._budget:
            raise _OverBudget
        if _won(node):
            won = _win_value(node)
            memo[node] = (won, ("win",), None)
            return won
        hand = node[1]
        if hand and hand[0] == UNKNOWN and self._deal_hands and not self._dealing and self.depth is None:
            return self._deal(node, depth)
        best_value, best_play = self._best_ending(node)
        best_child = None
        if self.depth is None or depth < self.depth:
            deeper = depth + 1
            for play, child in self._plays(node):
                known = memo.get(child)
                value = known[0] if known is not None else self._expand(child, deeper)
                if value > best_value:
                    best_value, best_play, best_child = value, play, child
        memo[node] = (best_value, best_play, best_child)
        return best_value

    def _deal(self, node: Node, depth: int) -> float:
        """The value of a refill: the mean over the sampled deals of the turn with those cards in hand, and
        ``drawn_card`` for each card drawn (cards a line that stops short of the refill does not get)."""
        self._dealing = True
        try:
            total = 0.0
            dealt = self._dealt(node)
            for hand in dealt:
                value = self._value(hand, depth)
                total += self.weights.round_win if value >= WIN else value
        finally:
            self._dealing = False
        value = total / len(dealt) + self.weights.drawn_card * len(node[1])
        self._memo[node] = (value, ("deal",), None)
        return value

    def _dealt(self, node: Node) -> tuple[Node, ...]:
        """The refill ``node`` with each sampled deal in hand."""
        builds, hand, stocks, discards, draws = node
        return tuple((builds, dealt, stocks, discards, draws) for dealt in self._deal_hands[len(hand)])

    def _find_parents(self) -> None:
        """Record for each searched node the first play that reaches it (a line to every position)."""
        if self._parent:
            return
        self._parent[self.root] = (None, None)
        waiting = [self.root]
        while waiting:
            node = waiting.pop()
            if self._memo[node][1] in (("win",), ("deal",)):
                continue
            for play, child in _children(node):
                if child in self._memo and child not in self._parent:
                    self._parent[child] = (node, play)
                    waiting.append(child)

    def _root_options(self) -> Iterator[tuple[Play, Optional[Node]]]:
        """Every first move: each play with the node it leads to, then each ending (with None)."""
        yield from _children(self.root)
        for ending in self._endings(self.root):
            yield ending, None

    def _table_value(self, node: Node) -> dict[str, float]:
        key = (node[0], node[2])
        parts = self._table.get(key)
        if parts is None:
            chance = self.risk.weighted(node[0]) if self.risk is not None else 0.0
            parts = table_parts(self.weights, node[0], node[2], self.opponents, self.unseen, chance)
            self._table[key] = parts
        return parts

    def _table_total(self, builds: tuple[int, ...], stocks: tuple) -> float:
        """``parts_total`` of ``table_parts``, from tables cached by build values (memoised in ``_totals``)."""
        left = sum(count for _, count in stocks)
        if left == 0:
            total = WIN
        else:
            reach = self.scorer.reach_vector(builds)
            total = -self.weights.stock_card * left - self._opponent_threat(builds)
            if self.risk is not None:
                total -= self.weights.round_loss * self.risk.weighted(builds)
            for top, count in stocks:
                if count:
                    total += self._unknown_reach(builds, reach) if top == UNKNOWN else reach[top]
        self._totals[builds, stocks] = total
        return total

    def _unknown_reach(self, builds: tuple[int, ...], reach: tuple[float, ...]) -> float:
        """The expected reach of a stock top turned up unseen, over the cards the mover has not seen."""
        value = self._unknown.get(builds)
        if value is None:
            value = self._unknown[builds] = sum(p * reach[card] for card, p in self._unseen_items)
        return value

    def _best_ending(self, node: Node) -> tuple[float, Play]:
        """The value of ending the turn at ``node`` in the best way, and that ending."""
        builds, hand, stocks, discards, _ = node
        table = self._totals.get((builds, stocks))
        if table is None:
            table = self._table_total(builds, stocks)
        known = self._hands.get((hand, discards[0]))
        if known is None:
            known = self._hands[hand, discards[0]] = self.scorer.best_ending(hand, discards[0])
        if known[2]:  # cards at hand that may bridge the gap to the own stock top (only with ``bridge``)
            bridging = self.scorer.bridging(builds, stocks[0][0]) & known[2]
            if bridging:  # the best ending with those cards bridging, kept with the plain one
                bridged = known[3].get(bridging)
                if bridged is None:
                    bridged = known[3][bridging] = self.scorer.best_ending(hand, discards[0], bridging)
                known = bridged
        value = table + known[0] + self.scorer.completion(builds, discards[0])
        if self._refill is not None and hand and hand[0] == UNKNOWN:
            return value + self._fresh_hand(node), known[1]
        return value, known[1]

    def _fresh_hand(self, node: Node) -> float:
        """What a hand refilled mid-turn is worth: ``fresh_hand`` times the chance it frees the stock top."""
        builds, _, stocks, discards, _ = node
        top, count = stocks[0]
        if not count:
            return 0.0
        tops = tuple(pile[-1] for pile in discards[0] if pile and pile[-1] != UNKNOWN)
        return self.weights.fresh_hand * self._refill(top, builds, tops)

    def _ending_value(self, node: Node, ending: Play) -> float:
        hand = self.scorer.endings(node[1], node[3][0], [ending], self._bridging(node))[0]
        return parts_total(self._table_value(node)) + hand + self.scorer.completion(node[0], node[3][0])

    def _bridging(self, node: Node) -> int:
        """The cards that bridge the gap to the mover's stock top at ``node`` (``Scorer.bridging``)."""
        return self.scorer.bridging(node[0], node[2][0][0])

    def _endings(self, node: Node) -> list[Play]:
        return discard_endings(node[1], node[3][0])

    # -- turning lines into moves -----------------------------------------------

    def _turn(self, node: Node, path: tuple[tuple[Node, Play], ...]) -> Turn:
        """The best line from ``node``, after the plays of ``path``."""
        self._value(node, len(path))
        return self._finish(*self._best_line(node, path))

    def _best_line(self, node: Node, path: tuple[tuple[Node, Play], ...]) -> tuple[Node, tuple, Play]:
        """Where the best line from the searched ``node`` ends, the steps of ``path`` and the line, and its ending."""
        steps = list(path)
        while True:
            _, play, child = self._memo[node]
            if child is None:
                break
            steps.append((node, play))
            node = child
        if self.weights.reveal_first and len(steps) > len(path) + 1:
            steps[len(path):] = _reveals_first(steps[len(path):], node)
        return node, tuple(steps), play

    def _finish(self, node: Node, path: tuple[tuple[Node, Play], ...], ending: Play,
                line: Optional[tuple] = None) -> Turn:
        """The turn of the plays of ``path`` ending with ``ending``; ``line`` is ``_line_to(node)`` if known."""
        if line is None:
            line = self._line(path)
        moves, builds, stock_played, wilds_played = line
        moves = list(moves)
        slots = list(builds)
        deals: tuple[Turn, ...] = ()
        if ending[0] == "win":
            parts = {"stock": WIN, "wilds": _kept_wilds(node), "hand": _kept_cards(node)}
            kind = "win"
        elif ending[0] == "deal":
            deals = self._deal_turns(node, builds)
            parts = _mean_parts([{"stock": self.weights.round_win} if turn.ending == "win" else dict(turn.parts)
                                 for turn in deals])
            parts["hand"] = parts.get("hand", 0.0) + self.weights.drawn_card * len(node[1])
            kind = "refill"
        else:
            parts = dict(self._table_value(node))
            hand, piles = _after_ending(node[1], node[3][0], ending)
            parts.update(hand_parts(self.weights, hand, piles, self._bridging(node)))
            if self.weights.completing_run:
                parts["completion"] = completion_part(self.weights, node[0], node[3][0])
            if self._refill is not None and node[1] and node[1][0] == UNKNOWN:
                parts["refill"] = self._fresh_hand(node)
            if ending[0] == "x" or ending[0] == "end":
                moves.append(self._move_of(ending, slots))
            kind = {"x": "discard", "end": "end", "?": self._unseen_ending}[ending[0]]
        return Turn(
            moves=tuple(moves),
            value=parts_total(parts),
            ending=kind,
            stock_played=stock_played,
            wilds_played=wilds_played,
            parts=tuple(parts.items()),
            builds=tuple(slots),
            deals=deals,
            refill=node if deals else None,
        )

    def _deal_turns(self, node: Node, slots: tuple[int, ...]) -> tuple[Turn, ...]:
        """The best turn from the refill ``node`` with each sampled deal in hand; the build piles stand at
        ``slots``."""
        turns = []
        for dealt in self._dealt(node):
            self._value(dealt)
            end, steps, ending = self._best_line(dealt, ())
            turns.append(self._finish(end, steps, ending, self._line(steps, slots)))
        return tuple(turns)

    def _line(self, path: tuple[tuple[Node, Play], ...], start: Optional[tuple[int, ...]] = None) -> tuple:
        """(moves, build values slot by slot, stock cards played, wild cards played) after ``path``, the build
        piles standing at ``start`` (the root's by default) before it."""
        slots = list(self.slots if start is None else start)
        moves = tuple(self._move_of(play, slots) for _, play in path)
        plays = [play for _, play in path]
        return (moves, tuple(slots), sum(1 for play in plays if play[0] == "s"),
                sum(1 for play in plays if play[3] == SKIP_BO))

    def _line_to(self, node: Node, lines: dict) -> tuple:
        """``_line`` of the first path found to ``node``, built on its parent's (memoised in ``lines``)."""
        line = lines.get(node)
        if line is None:
            parent, play = self._parent[node]
            if parent is None:
                line = ((), self.slots, 0, 0)
            else:
                moves, builds, stock_played, wilds_played = self._line_to(parent, lines)
                slots = list(builds)
                move = self._move_of(play, slots)
                line = (moves + (move,), tuple(slots), stock_played + (play[0] == "s"),
                        wilds_played + (play[3] == SKIP_BO))
            lines[node] = line
        return line

    def _move_of(self, play: Play, slots: list[int]) -> Move:
        """The engine move of ``play``, tracking which slot holds which value in ``slots``."""
        if play[0] == "end":
            return EndTurn()
        if play[0] == "x":
            return Transfer(Place(PileKind.HAND), Place(PileKind.DISCARD, play[2] + 1), play[1])
        kind, index, pile, card, target = play
        slot = slots.index(target)
        value = target + 1
        slots[slot] = 0 if value == COMPLETE_AT else value
        owner = self.names[index]
        if kind == "h":
            return Transfer(Place(PileKind.HAND), Place(PileKind.BUILD, slot + 1), card)
        if kind == "s":
            return Transfer(Place(PileKind.STOCK, owner=owner), Place(PileKind.BUILD, slot + 1), card)
        return Transfer(Place(PileKind.DISCARD, pile + 1, owner), Place(PileKind.BUILD, slot + 1), card)

    def _play_of(self, move: Move) -> Optional[Play]:
        """The play or ending a root move is, or None when the search cannot follow it."""
        if isinstance(move, EndTurn):
            return ("end",) if not self.root[1] else None
        if not isinstance(move, Transfer):
            return None
        if move.target.kind is PileKind.DISCARD:
            if move.card is None or move.card not in self.root[1]:
                return None
            return ("x", move.card, move.target.number - 1)
        if move.target.kind is not PileKind.BUILD or not 1 <= (move.target.number or 0) <= BUILD_SLOTS:
            return None
        target = self.slots[move.target.number - 1]
        source = move.source
        if source.kind is PileKind.HAND:
            return ("h", 0, -1, move.card, target) if move.card in self.root[1] and move.card is not None else None
        owner = self.view.seat_of(source.owner) if source.owner else self.view.turn
        if owner not in self.side:
            return None
        index = self.side.index(owner)
        if source.kind is PileKind.STOCK:
            top = self.root[2][index][0]
            return ("s", index, -1, top, target) if top != UNKNOWN and self.root[2][index][1] else None
        if source.kind is PileKind.DISCARD and source.number and 1 <= source.number <= 4:
            pile = self.root[3][index][source.number - 1]
            return ("d", index, source.number - 1, pile[-1], target) if pile and pile[-1] != UNKNOWN else None
        return None


# -- the compact position ------------------------------------------------------------


def _side(view: GameState) -> tuple[int, ...]:
    team = view.team_of(view.turn)
    return (view.turn, *(seat for seat in team if seat != view.turn))


def _opponents(view: GameState, later: float, by_side: bool = True, runs: bool = True) -> tuple[Opponent, ...]:
    """The opponents in the order they play next; the first carries the full threat (``by_side``: every player of
    the first side to play, since partners play from each other's stocks). Their helpers are their discard tops
    and (``runs``) the run beneath each top, which comes out card after card, sorted: which pile holds which
    tells nothing, and the chances sampled from them (seeded by them) stay the same whatever their order."""
    found: list[Opponent] = []
    rivals = view.opponents_of(view.turn)
    sides = len({min(view.team_of(seat)) for seat in rivals})
    first = None
    for step in range(1, len(view.players)):
        seat = (view.turn + step) % len(view.players)
        if seat in rivals:
            player = view.players[seat]
            first = view.team_of(seat) if first is None else first
            tops = tuple(sorted(_known(card) for pile in player.discards if pile  # sorted: their order tells nothing
                                for card in (discard_run(pile) if runs else pile[-1:])))
            partners = sum(len(view.players[other].stock) for other in view.team_of(seat) if other != seat)
            share = 1.0 if not found or by_side and seat in first else later
            found.append(Opponent(_known(player.stock_top), len(player.stock), tops, share, partners, sides))
    return tuple(found)


def discard_run(pile) -> tuple:
    """The cards a discard pile (bottom to top) gives in turn onto one build pile: its top, then each card
    below that is one higher (a run: 9, 8, 7 from the bottom gives 7, 8, 9). A wild or unseen top gives itself."""
    run = [pile[-1]]
    for card in reversed(pile[:-1]):
        if run[-1] in (None, SKIP_BO) or card != run[-1] + 1:
            break
        run.append(card)
    return tuple(run)


def _opponent_names(view: GameState) -> tuple[str, ...]:
    """The names of the opponents, in the order of ``_opponents``."""
    rivals = view.opponents_of(view.turn)
    seats = ((view.turn + step) % len(view.players) for step in range(1, len(view.players)))
    return tuple(view.players[seat].name for seat in seats if seat in rivals)


def _pile_number(builds: tuple[int, ...], threat: Threat) -> Optional[int]:
    """The build slot (1-4) holding ``threat``'s pile value, the first free one for 0; None if there is none."""
    if threat.pile_value is None:
        return None
    return builds.index(threat.pile_value) + 1


def _deal_hands(unseen: dict[int, int], seed: int, count: int) -> dict[int, tuple[tuple[int, ...], ...]]:
    """For each refill size (1-5 cards), ``count`` hands dealt from a shuffle of the unseen cards, sorted (the
    same deals serve every refill of the search, so positions reached in several of them are searched once)."""
    if not count:
        return {}
    deals = spread_deals(unseen, HAND_SIZE, seed + 1, count)
    if not deals:
        return {}
    return {size: tuple(tuple(sorted(deal[:size])) for deal in deals) for size in range(1, HAND_SIZE + 1)}


def _mean_parts(parts: list[dict[str, float]]) -> dict[str, float]:
    """The mean of each part over ``parts`` (a part missing from one counts 0 there)."""
    names = dict.fromkeys(name for entry in parts for name in entry)
    return {name: sum(entry.get(name, 0.0) for entry in parts) / len(parts) for name in names}


def _known(card) -> int:
    return UNKNOWN if card is None else card


def _root(view: GameState, side: tuple[int, ...]) -> Node:
    builds = tuple(sorted(view.build_value(slot) for slot in range(BUILD_SLOTS)))
    hand = tuple(sorted(_known(card) for card in view.mover.hand))
    stocks = tuple((_known(view.players[seat].stock_top), len(view.players[seat].stock)) for seat in side)
    discards = tuple(tuple(tuple(_known(c) for c in pile) for pile in view.players[seat].discards) for seat in side)
    draws = len(view.draw_pile) + len(view.completed)
    return (builds, hand, stocks, discards, draws)


# Of two winning lines, the one that spends fewer cards is shown and played (what a player is taught: play the
# stock card out at once, and spend an SB only where it is needed); both are graded the same.
KEPT_WILD = 0.01  # each SB the winning line keeps in hand ...
KEPT_CARD = 0.001  # ... and each other card: less than one SB together


def _win_value(node: Node) -> float:
    """The value of a won position: WIN, and a trace more for each card the winning line did not need."""
    return WIN + _kept_wilds(node) + _kept_cards(node)


def _kept_wilds(node: Node) -> float:
    return KEPT_WILD * node[1].count(SKIP_BO)


def _kept_cards(node: Node) -> float:
    return KEPT_CARD * (len(node[1]) - node[1].count(SKIP_BO))


def _won(node: Node) -> bool:
    """Whether the side's stocks are all played out at ``node``."""
    stocks = node[2]
    return stocks[0][1] == 0 and all(count == 0 for _, count in stocks)


class _Reached(NamedTuple):
    """The positions reachable from a root, in order of depth (see ``_reach``)."""

    nodes: list[Node]  # the root first, then each level (``k`` cards played) in turn
    starts: list[int]  # where each whole level begins in ``nodes``, and where the last one ends
    plays: list[list[Play]]  # each expanded node's plays (none for a win) ...
    targets: list[list[int]]  # ... and the indices in ``nodes`` of the positions they lead to
    complete: bool  # whether that is every position


def _reach(root: Node, budget: int, children: Callable[[Node], list[tuple[Play, Node]]]) -> _Reached:
    """The positions reachable from ``root``, level by level, up to ``budget`` of them.

    When there are more, it stops at the first position past the budget: the
    levels up to the one being expanded are whole, and every node above that
    level is expanded. A node's depth is the same along every path, so every
    child of a node lies on the next level.
    """
    index = {root: 0}
    nodes = [root]
    starts = [0]
    plays: list[list[Play]] = []
    targets: list[list[int]] = []
    while True:
        end = len(nodes)
        for at in range(starts[-1], end):
            node = nodes[at]
            moves: list[Play] = []
            ids: list[int] = []
            for play, child in [] if _won(node) else children(node):
                known = index.get(child)
                if known is None:
                    known = index[child] = len(nodes)
                    nodes.append(child)
                moves.append(play)
                ids.append(known)
            plays.append(moves)
            targets.append(ids)
            if len(nodes) > budget:
                starts.append(end)
                return _Reached(nodes, starts, plays, targets, False)
        starts.append(end)
        if len(nodes) == end:
            return _Reached(nodes, starts, plays, targets, True)


def _depth_limit(starts: list[int], budget: int) -> int:
    """The depth limit of a search too big for ``budget``, from the ``starts`` of its whole levels.

    The deepest even limit whose positions fit the budget; a deeper limit is
    not taken when the last step's growth would carry it past twice the
    budget. 0 when not even two cards deep fit: the turn is judged by its
    endings alone.
    """
    depth, previous = 0, 1
    for limit in range(2, len(starts) - 1, 2):
        depth, nodes = limit, starts[limit + 1]  # the positions at this depth or less
        if nodes * nodes / previous > 2 * budget:  # the next limit would grow as this one did: far past the budget
            break
        previous = nodes
    return depth


class _Worked(dict):
    """A cache that works out a missing entry with ``work``, emptied once it holds ``limit`` entries."""

    def __init__(self, work: Callable, limit: int):
        super().__init__()
        self.work, self.limit = work, limit

    def __missing__(self, key):
        if len(self) >= self.limit:
            self.clear()
        value = self[key] = self.work(key)
        return value


def _children(node: Node, stock_first: bool = True) -> list[tuple[Play, Node]]:
    """Every play from ``node`` with the node it leads to (one per distinct target value).

    ``stock_first``: while a stock card can be played, the last card in hand
    is not played to draw five new ones (the stock card goes first: what it
    turns up is seen before the refill, and the new cards may fit it).
    """
    builds, hand, stocks, discards, draws = node
    onto = _LANDINGS[builds]
    found: list[tuple[Play, Node]] = []
    wild: list[tuple[Play, Node]] = []  # wild cards from hand and discard tops come last: of equal lines the
    stock_ready = stock_first and len(hand) == 1 and any(count and onto[top] for top, count in stocks)
    for card, rest in _PICKS[hand]:     # first found is kept, so a line that needs no wild card spends none
        if landings := onto[card]:
            if stock_ready:
                landings = tuple(landing for landing in landings if not draws + landing[2])
            _add_plays(wild if card == SKIP_BO else found, "h", 0, -1, card, landings, rest, stocks, discards, draws,
                       not rest)
    for index, (top, count) in enumerate(stocks):
        if count and (landings := onto[top]):
            rest = stocks[:index] + ((UNKNOWN, count - 1),) + stocks[index + 1:]
            _add_plays(found, "s", index, -1, top, landings, hand, rest, discards, draws, not hand)
    for index, pile, top, rest in _TOPS[discards]:
        if landings := onto[top]:
            _add_plays(wild if top == SKIP_BO else found, "d", index, pile, top, landings, hand, stocks, rest,
                       draws, not hand)
    return found + wild if wild else found


def _hand_picks(hand: tuple[int, ...]) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """Each distinct card of the sorted ``hand`` with the hand left without it."""
    return tuple((card, hand[:at] + hand[at + 1:]) for at, card in enumerate(hand) if at == 0 or card != hand[at - 1])


def _discard_tops(discards: tuple) -> tuple[tuple[int, int, int, tuple], ...]:
    """Each discard top in ``discards`` (seat by seat, pile by pile) as (seat index, pile, card, the discard
    piles left without it)."""
    return tuple((index, pile, cards[-1],
                  discards[:index] + (piles[:pile] + (cards[:-1],) + piles[pile + 1:],) + discards[index + 1:])
                 for index, piles in enumerate(discards) for pile, cards in enumerate(piles) if cards)


# what each hand and each side's discard piles can give, worked out once: the positions holding them share it
_PICKS = _Worked(_hand_picks, 20_000)
_TOPS = _Worked(_discard_tops, 20_000)


def _add_plays(found: list, kind: str, index: int, pile: int, card: int, landings: tuple, hand: tuple[int, ...],
               stocks: tuple, discards: tuple, draws: int, refill: bool) -> None:
    """Append the plays of one source card (already taken off its pile) onto each pile that takes it: the play
    is (``kind``, ``index``, ``pile``, ``card``, the target pile's value).

    ``refill``: the hand is empty after the play (the card was the last in hand, or nothing was left to
    draw), so it is refilled with unseen cards if cards are left -- a completed pile frees twelve.
    """
    for target, after, freed in landings:
        left = draws + freed
        if refill and left:
            drawn = min(HAND_SIZE, left)
            child = (after, (UNKNOWN,) * drawn, stocks, discards, left - drawn)
        else:
            child = (after, hand, stocks, discards, left)
        found.append(((kind, index, pile, card, target), child))


def _landings(builds: tuple[int, ...]) -> dict[int, tuple[tuple[int, tuple[int, ...], int], ...]]:
    """Where each card (``UNKNOWN``, SB, 1-12) can be played on the sorted ``builds``.

    For each pile value that takes the card (every distinct one for an SB):
    (that value, the sorted values after the play, the cards it frees for
    drawing: twelve when it completes the pile, else 0).
    """
    steps = {}
    for target in builds:
        if target not in steps:
            rest = list(builds)
            value = target + 1
            rest[rest.index(target)] = 0 if value == COMPLETE_AT else value
            steps[target] = (target, tuple(sorted(rest)), COMPLETE_AT if value == COMPLETE_AT else 0)
    landings = {card: (steps[card - 1],) if card - 1 in steps else () for card in range(1, COMPLETE_AT + 1)}
    landings[SKIP_BO] = tuple(steps.values())
    landings[UNKNOWN] = ()
    return landings


_LANDINGS = _Worked(_landings, 10_000)  # there are few sorted build values


def _apply(node: Node, play: Play) -> Node:
    """The node ``play`` leads to from ``node``."""
    for candidate, child in _children(node, stock_first=False):  # a move the player may make, stock first or not
        if candidate == play:
            return child
    raise ValueError(f"{play!r} is not a play of this position")


def _reveals(node: Node, play: Play) -> bool:
    """Whether ``play`` from ``node`` is a stock card with more below it: it turns up a card nobody has seen."""
    return play[0] == "s" and node[2][play[1]][1] > 1


def _replay(node: Node, plays: list[Play]) -> Optional[tuple[list[Node], Node]]:
    """The nodes ``plays`` start from when played in turn from ``node``, and where they end; None if one of
    them cannot be played where its turn comes."""
    nodes = []
    for play in plays:
        child = next((child for candidate, child in _children(node) if candidate == play), None)
        if child is None:
            return None
        nodes.append(node)
        node = child
    return nodes, node


def _reveals_first(steps: list[tuple[Node, Play]], end: Node) -> list[tuple[Node, Play]]:
    """The ``steps`` of a line, each stock card that turns up the next one moved as early as it can go without
    changing where the line ends: what turns up may change the rest of the turn, and the cards played before it
    lose nothing by waiting. Such a stock card moves only past another card (never past such stock cards alone), so
    the moves come to an end."""
    plays = [play for _, play in steps]
    reveals = [play for node, play in steps if _reveals(node, play)]  # one at most from each stock
    moved = bool(reveals)
    while moved:  # a stock card moved forward may let another go before the cards it waited for
        moved = False
        for play in reveals:
            at = plays.index(play)
            waited = [index for index in range(at) if plays[index] not in reveals]
            for earlier in range(waited[-1] + 1 if waited else 0):  # past one card at least: no endless swaps
                order = plays[:earlier] + [play] + plays[earlier:at] + plays[at + 1:]
                replayed = _replay(steps[0][0], order)
                if replayed is not None and replayed[1] == end:
                    plays, moved = order, True
                    break
    if plays == [play for _, play in steps]:
        return steps
    return list(zip(_replay(steps[0][0], plays)[0], plays))


def _after_ending(hand: tuple[int, ...], piles: tuple[tuple[int, ...], ...],
                  ending: Play) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]:
    if ending[0] == "x":
        _, card, pile = ending
        at = hand.index(card)
        return hand[:at] + hand[at + 1:], piles[:pile] + (piles[pile] + (card,),) + piles[pile + 1:]
    if ending[0] == "?":
        return hand[1:], piles
    return hand, piles


def _end_key(node: Node, ending: Play) -> tuple:
    hand, piles = _after_ending(node[1], node[3][0], ending)
    return (node[0], hand, node[2], (piles,) + node[3][1:], ending[0])


def _hand_emptied(node) -> bool:
    """Whether the hand is empty at ``node``, or holds new cards not yet seen: no discard can end the turn there."""
    return not node[1] or node[1][0] == UNKNOWN
