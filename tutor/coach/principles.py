"""The strategy principles of SPEC section 4, each a named detector, and moves described in words.

A detector looks at a move, the best turn before it and the best turn still
open after it, and returns a ``Finding`` -- what the move did wrong, as data:
which template speaks for it, the fields that fill it in, every card, pile
and player it names (``Named``), and how likely its threat is -- or nothing.
``detect`` runs them all; a weak move always gets at least one finding (the
evaluation part that lost most, when no detector recognises the pattern).
The words come from ``templates``.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Callable, Iterator, Mapping, NamedTuple, Optional

from ..engine.cards import SKIP_BO, a_card, card_label, n_cards, the_card
from ..i18n.grammar import genitive
from ..engine.moves import EndTurn, Move, PileKind, Transfer
from ..engine.play import apply_move
from ..engine.state import BUILD_SLOTS, COMPLETE_AT, GameState, Phase
from .chances import Chance, as_chance, sampled
from .search import Turn, discard_run
from .evaluation import DEFAULT_WEIGHTS, STRONG_BOT_WEIGHTS, bridge_mask, completing_runs, gap_to
from .templates import FINDINGS, MOVES, cards_in_words, chance_in_words, gap_in_words, n_wild_cards, say, sentence

STOCK_FIRST = "strategy.stock-first"
SAVE_WILDS = "strategy.save-wilds"
DESCENDING = "strategy.descending-discards"
SPREAD = "strategy.spread-discards"
MIND_OPPONENTS = "strategy.mind-opponents"

PRINCIPLES: dict[str, str] = {
    STOCK_FIRST: "get the stock top out whenever a line of play allows it",
    SAVE_WILDS: "spend a Skip-Bo card only where it frees a stock card",
    DESCENDING: "keep discard piles descending so their cards come out in a run",
    SPREAD: "use empty discard piles before burying cards",
    MIND_OPPONENTS: "avoid building to one below a card an opponent shows on their stock",
}

# which principle speaks for each part of the evaluation, when no detector recognises a loss
# (cards played and kept in hand are no principle's: emptying the hand is not one of SPEC's five)
PART_PRINCIPLE: dict[str, Optional[str]] = {
    "stock": STOCK_FIRST, "reach": STOCK_FIRST, "hand": None,
    "wilds": SAVE_WILDS, "discards": DESCENDING, "opponents": MIND_OPPONENTS, "risk": MIND_OPPONENTS,
    "completion": None,
}


class Context(NamedTuple):
    """A move under judgement: the mover's view before it, the best turn, and the best turn after it.

    ``chances`` may give, for an opponent's seat, the chance that they win on
    their next turn after the best turn that follows the move (an estimate
    the search may make); findings about that opponent then say it.
    ``best_chances``: the same after the best turn.
    """

    view: GameState
    move: Move
    best: Turn
    after: Turn
    chances: Mapping[int, Chance | float] = {}
    best_chances: Mapping[int, Chance | float] = {}
    win_chance: Optional[Chance] = None  # the best turn's chance to win after its refill (``TurnSearch.win_chance``)
    after_win_chance: Optional[Chance] = None  # the same for the best turn after the move

    def drop(self, part: str) -> float:
        """How much the evaluation part ``part`` is worse after the move than in the best turn."""
        return self.best.part(part) - self.after.part(part)


class Named(NamedTuple):
    """A card, pile or player a finding names, as the position must show it.

    ``pile`` is ``stock``, ``hand``, ``discard`` or ``build``; ``player`` the
    owner's name (the mover's for ``hand``); ``number`` the pile's number
    (1-4); ``card`` the card (for ``build``: the pile's value, 0 for free;
    for an empty discard pile: None); ``depth`` 1 for the top card, 2 for the
    one below it. ``when`` says in which position: ``before`` the move,
    ``after`` the best turn that follows the move, ``best`` the best turn.
    """

    pile: str
    card: Optional[int]
    player: str
    number: Optional[int] = None
    depth: int = 1
    when: str = "before"

    def to_json(self) -> dict[str, Any]:
        entry: dict[str, Any] = {"pile": self.pile, "player": self.player, "when": self.when}
        if self.number is not None:
            entry["number"] = self.number
        if self.pile == "build":
            entry["value"] = self.card
        else:
            entry["card"] = card_label(self.card) if self.card is not None else None
            if self.depth != 1:
                entry["depth"] = self.depth
        return entry


class Finding(NamedTuple):
    """What a detector found: the template that says it, with its fields, and all it names.

    ``principle`` is the SPEC principle broken (None where the loss is none
    of theirs); ``weight`` how much of the loss it accounts for; ``chance``
    how likely the threat it names is, where that was estimated.
    """

    kind: str
    principle: Optional[str]
    weight: float
    fields: Mapping[str, Any]
    names: tuple[Named, ...] = ()
    chance: Optional[Chance | float] = None  # a float: an exact chance

    @property
    def sentence(self) -> str:
        if self.chance is not None and f"{self.kind}-chance" in FINDINGS:
            return sentence(say(FINDINGS, f"{self.kind}-chance", chance=chance_in_words(self.chance), **self.fields))
        return sentence(say(FINDINGS, self.kind, **self.fields))

    def to_json(self) -> dict[str, Any]:
        entry: dict[str, Any] = {"id": self.kind, "principle": self.principle, "text": self.sentence,
                                 "weight": round(self.weight, 2), "names": [name.to_json() for name in self.names]}
        if self.chance is not None:
            chance = as_chance(self.chance)
            entry["chance"] = round(chance.value, 2)
            entry.update(chance.to_json("chance_"))
        return entry


# -- describing moves in words -------------------------------------------------------


def source_seat(view: GameState, move: Transfer) -> int:
    """The seat whose pile or hand a transfer takes its card from."""
    return view.turn if move.source.owner is None else view.seat_of(move.source.owner)


def played_card(view: GameState, move: Transfer) -> Optional[int]:
    """The card a transfer takes, as far as the view shows it: the top of the pile it names, else the card it
    names (for a move that is not legal, too: a pile that does not exist or is not said shows no card)."""
    source = move.source
    if source.kind is PileKind.HAND:
        return move.card
    if source.kind is PileKind.BUILD:
        pile = _numbered(view.build, source.number)
        return (pile[-1] if pile[-1] is not None else len(pile)) if pile else move.card  # a build pile shows its value
    player = view.players[source_seat(view, move)]
    if source.kind is PileKind.STOCK:
        return player.stock_top if player.stock_top is not None else move.card
    pile = _numbered(player.discards, source.number)
    return pile[-1] if pile else move.card


def _numbered(piles: tuple, number: Optional[int]) -> Optional[tuple]:
    """Pile ``number`` (1-based) of ``piles``; None for a number not said or past the piles."""
    return piles[number - 1] if number is not None and 1 <= number <= len(piles) else None


def describe_move(view: GameState, move: Move, doing: bool = False) -> str:
    """``the stock 5 on build pile 1``, ``the SB from your hand on build pile 2 as a 4``, ``discard the 9 ...``.

    ``doing``: a discard as the subject of a sentence (``discarding the 9 ...``).
    """
    if isinstance(move, EndTurn):
        return say(MOVES, "end")
    if not isinstance(move, Transfer):
        return say(MOVES, "draw")
    played = played_card(view, move)
    card = the_card(played)
    if move.is_discard:
        top = view.mover.discard_top(move.target.number - 1)
        verb = "discarding" if doing else "discard"
        if top is None:
            return say(MOVES, f"{verb}-empty", card=card, pile=move.target.number)
        return say(MOVES, f"{verb}-on", card=card, top=the_card(top), pile=move.target.number)
    slot = move.target.number
    if played == SKIP_BO:
        onto = say(MOVES, "onto-as", slot=slot, value=a_card(view.build_value(slot - 1) + 1))
    else:
        onto = say(MOVES, "onto", slot=slot)
    whose = view.whose(source_seat(view, move))
    kind = {PileKind.STOCK: "stock", PileKind.HAND: "hand"}.get(move.source.kind, "discard")
    return say(MOVES, kind, card=card, whose=whose, pile=move.source.number, onto=onto)


def phrase_of(view: GameState, move: Move) -> str:
    """The move as an instruction: ``play the 3 from your hand on build pile 1``, ``discard the 9 ...``."""
    if isinstance(move, Transfer) and not move.is_discard:
        return say(MOVES, "play", move=describe_move(view, move))
    return describe_move(view, move)


def along(view: GameState, moves: tuple[Move, ...]) -> Iterator[tuple[GameState, Move]]:
    """Each move of a line with the position it is played in (the build plays before it applied)."""
    state = view
    for move in moves:
        yield state, move
        state = _built(state, move)


def end_of(view: GameState, moves: tuple[Move, ...]) -> GameState:
    """The position after the build plays of a line (its discard aside)."""
    state = view
    for move in moves:
        state = _built(state, move)
    return state


def _built(state: GameState, move: Move) -> GameState:
    """The position after ``move`` if it is a build play; a discard or an end leaves it as it is."""
    if isinstance(move, Transfer) and not move.is_discard and state.phase is Phase.PLAY:
        return apply_move(state, move).state
    return state


def _doing(view: GameState, move: Move) -> str:
    """The move as the subject of a sentence: ``playing the 5 from your hand on build pile 2``."""
    if isinstance(move, Transfer) and not move.is_discard:
        return say(MOVES, "playing", move=describe_move(view, move))
    return describe_move(view, move, doing=True)


def _stock_named(view: GameState, seat: int, when: str = "before") -> Named:
    return Named("stock", view.players[seat].stock_top, view.players[seat].name, when=when)


# -- the detectors -------------------------------------------------------------------


def stock_first(ctx: Context) -> Optional[Finding]:
    """The best turn gets more stock cards out than any turn after the move."""
    missed = ctx.best.stock_played - ctx.after.stock_played
    won = ctx.best.ending == "win" and ctx.after.ending != "win"
    if missed <= 0 and not won or goes_on(ctx.after) and not won:
        return None  # a line that goes on past a refill may yet play the stock
    view = ctx.view
    # the stock the best turn plays from and the line after the move does not (a partner's may still go out)
    played = {source_seat(view, move) for move in _stock_plays(ctx.after)}
    seat = next((seat for move in _stock_plays(ctx.best) if (seat := source_seat(view, move)) not in played),
                view.turn)
    fields = {"doing": _doing(view, ctx.move), "card": the_card(view.players[seat].stock_top),
              "whose": view.whose(seat), "best": n_cards(ctx.best.stock_played),
              "after": n_cards(ctx.after.stock_played)}
    kind = "round-missed" if won else "stock-stuck-refill" if goes_on(ctx.best) else "stock-stuck"
    return Finding(kind, STOCK_FIRST, ctx.drop("stock") + ctx.drop("reach"), fields, (_stock_named(view, seat),))


def _stock_plays(turn: Turn) -> list[Transfer]:
    """The turn's plays of stock cards, in order."""
    return [move for move in turn.moves if isinstance(move, Transfer) and move.source.kind is PileKind.STOCK]


def goes_on(turn: Turn) -> bool:
    """Whether the line stops at a refill, the turn going on with new cards: it does not end where it stops."""
    return turn.ending == "refill"


def side_stock(view: GameState, seat: int) -> int:
    """The stock cards of ``seat``'s side: a side wins when all of them are out."""
    return sum(len(view.players[partner].stock) for partner in view.team_of(seat))


def save_wilds(ctx: Context) -> Optional[Finding]:
    """The move spends an SB where a natural card would do, or one that frees no stock card, or buries one."""
    move, view = ctx.move, ctx.view
    if not isinstance(move, Transfer):
        return None
    doing = {"doing": _doing(view, move)}
    if move.is_discard:
        top = view.mover.discard_top(move.target.number - 1)
        if top == SKIP_BO and move.card != SKIP_BO:
            return Finding("wild-buried", SAVE_WILDS, max(ctx.drop("wilds"), ctx.drop("discards")), doing,
                           (Named("discard", SKIP_BO, view.mover.name, move.target.number),))
        if move.card == SKIP_BO and not _discards_wild(ctx.best):
            return Finding("wild-discarded", SAVE_WILDS, ctx.drop("wilds"), doing,
                           (Named("hand", SKIP_BO, view.mover.name),))
        return None
    if move.source.kind is PileKind.STOCK or played_card(view, move) != SKIP_BO:
        return None
    source = Named("hand", SKIP_BO, view.mover.name) if move.source.kind is PileKind.HAND else \
        Named("discard", SKIP_BO, view.players[source_seat(view, move)].name, move.source.number)
    natural = _natural_for(view, view.build_value(move.target.number - 1) + 1)
    if natural is not None:
        return Finding(f"wild-wasted-{natural.pile}", SAVE_WILDS, max(ctx.drop("wilds"), 0.0),
                       {**doing, "card": the_card(natural.card), "pile": natural.number}, (source, natural))
    if ctx.after.wilds_played <= ctx.best.wilds_played:
        return None
    if ctx.after.stock_played > ctx.best.stock_played:
        return Finding("wild-dear", SAVE_WILDS, ctx.drop("wilds"), doing, (source,))
    if ctx.after.stock_played == 0 and not goes_on(ctx.after):
        return Finding("wild-spent", SAVE_WILDS, ctx.drop("wilds"), doing, (source,))
    return Finding("wilds-more", SAVE_WILDS, ctx.drop("wilds"),
                   {**doing, "after": ctx.after.wilds_played, "best": ctx.best.wilds_played,
                    "after_cards": n_wild_cards(ctx.after.wilds_played),
                    "best_cards": n_wild_cards(ctx.best.wilds_played)}, (source,))


def _discards_wild(turn: Turn) -> bool:
    last = turn.moves[-1] if turn.moves else None
    return isinstance(last, Transfer) and last.is_discard and last.card == SKIP_BO


def _natural_for(view: GameState, value: int) -> Optional[Named]:
    """A number card of ``value`` the mover holds or shows on a discard top, or None."""
    mover = view.mover
    if value in mover.hand:
        return Named("hand", value, mover.name)
    for number, pile in enumerate(mover.discards, 1):
        if pile and pile[-1] == value:
            return Named("discard", value, mover.name, number)
    return None


def descending_discards(ctx: Context) -> Optional[Finding]:
    """The discard buries a lower card under a higher one."""
    move, view = ctx.move, ctx.view
    if not (isinstance(move, Transfer) and move.is_discard) or move.card == SKIP_BO:
        return None
    top = view.mover.discard_top(move.target.number - 1)
    if top is None or top == SKIP_BO or move.card <= top:
        return None
    return Finding("discard-inverted", DESCENDING, ctx.drop("discards"),
                   {"doing": _doing(view, move), "top": the_card(top)},
                   (Named("discard", top, view.mover.name, move.target.number),))


def spread_discards(ctx: Context) -> Optional[Finding]:
    """The discard buries a card although a discard pile is empty (a run on the pile is fine)."""
    move, view = ctx.move, ctx.view
    if not (isinstance(move, Transfer) and move.is_discard):
        return None
    top = view.mover.discard_top(move.target.number - 1)
    empty = next((number for number, pile in enumerate(view.mover.discards, 1) if not pile), None)
    if top is None or move.card == top - 1 or empty is None:
        return None
    return Finding("discard-covers", SPREAD, ctx.drop("discards"),
                   {"doing": _doing(view, move), "top": the_card(top), "empty": empty},
                   (Named("discard", top, view.mover.name, move.target.number),
                    Named("discard", None, view.mover.name, empty)))


def covers_bridge(ctx: Context) -> Optional[Finding]:
    """The discard covers a discard top that leads up to the stock card (an 8 under a stock 9 over a pile at 7),
    which the best turn leaves on top: next turn it cannot be played until the card on it is."""
    move, view = ctx.move, ctx.view
    stock = view.mover.stock_top
    if not (isinstance(move, Transfer) and move.is_discard) or stock in (None, SKIP_BO):
        return None
    pile = move.target.number - 1
    top = view.mover.discard_top(pile)
    if top in (None, SKIP_BO) or move.card == top - 1:  # a run down is still played out card after card
        return None
    builds = tuple(view.build_value(slot) for slot in range(BUILD_SLOTS))
    if not bridge_mask(builds, stock, DEFAULT_WEIGHTS.horizon) >> top & 1:
        return None
    _, best_tops = _end_cards(view, ctx.best)
    if best_tops[pile] != top:  # the best turn covers it too, or plays it
        return None
    below = max(value for value in builds if value < stock)
    fields = {"doing": _doing(view, move), "top": the_card(top), "card": the_card(stock),
              "slot": builds.index(below) + 1}
    return Finding("discard-covers-bridge", SPREAD, STRONG_BOT_WEIGHTS.bridge, fields,
                   (Named("discard", top, view.mover.name, move.target.number), _stock_named(view, view.turn)))


def mind_opponents(ctx: Context) -> Optional[Finding]:
    """The move's line ends with a build pile one below an opponent's stock card, where the best turn's does not.

    A discard builds nothing, so it never speaks for one; an opponent on the
    last stock card is ``opponent_wins``' to speak of.
    """
    view, move = ctx.view, ctx.move
    if not isinstance(move, Transfer) or move.is_discard or ctx.drop("opponents") < 0.5 or goes_on(ctx.after):
        return None
    run = _run_served(ctx)
    if run is not None:
        return run
    for seat in view.opponents_of(view.turn):
        player = view.players[seat]
        top = player.stock_top
        if top is None or top == SKIP_BO or top == 1 or side_stock(view, seat) == 1 or top - 1 in ctx.best.builds:
            continue
        served = [slot for slot, value in enumerate(ctx.after.builds, 1) if value == top - 1]
        if served:
            fields = {"move": _doing(view, move), "slot": served[0], "value": top - 1, "card": the_card(top),
                      "player": player.name, "owner": genitive(player.name)}
            return Finding("opponent-served", MIND_OPPONENTS, ctx.drop("opponents"), fields,
                           (Named("build", top - 1, view.mover.name, served[0], when="after"),
                            _stock_named(view, seat)))
    return None


def _run_served(ctx: Context) -> Optional[Finding]:
    """``opponent-run``: the line ends with a build pile from which an opponent's discard run of two cards or more
    leads up to their stock card, where the best turn's does not: "leaves Anna's discard run 7-8 ... into the 9"."""
    view = ctx.view
    for seat in view.opponents_of(view.turn):
        player = view.players[seat]
        top = player.stock_top
        if top is None or top == SKIP_BO or side_stock(view, seat) == 1:
            continue  # a side's last card is ``opponent_wins``' to speak of
        for number, pile in enumerate(player.discards, 1):
            run = discard_run(pile) if pile else ()
            if len(run) < 2 or SKIP_BO in run or run[-1] != top - 1 or run[0] - 1 in ctx.best.builds:
                continue
            slots = [slot for slot, value in enumerate(ctx.after.builds, 1) if value == run[0] - 1]
            if slots:
                fields = {"move": _doing(view, ctx.move), "slot": slots[0], "value": run[0] - 1,
                          "owner": genitive(player.name), "run": "-".join(map(str, run)), "pile": number,
                          "card": the_card(top)}
                names = (Named("build", run[0] - 1, view.mover.name, slots[0], when="after"),
                         *(Named("discard", card, player.name, number, depth) for depth, card in enumerate(run, 1)),
                         _stock_named(view, seat))
                return Finding("opponent-run", MIND_OPPONENTS, ctx.drop("opponents"), fields, names)
    return None


def opponent_wins(ctx: Context) -> Optional[Finding]:
    """The move's line leaves an opponent's last stock card within reach, where the best turn's does not.

    Within reach: a build pile at one below it, or one their discard tops (wild
    ones too) can carry up to it. Their hand is unseen and not counted, so the
    finding says what the opponent can surely do. ``ctx.chances`` may add how
    likely the win is, hand and all.
    """
    view = ctx.view
    if not isinstance(ctx.move, Transfer) or goes_on(ctx.after):
        return None
    for seat in view.opponents_of(view.turn):
        player = view.players[seat]
        top = player.stock_top
        if len(player.stock) != 1 or side_stock(view, seat) != 1 or top is None or top == SKIP_BO:
            continue  # only a side's last stock card wins
        tops = tuple(pile[-1] for pile in player.discards if pile)
        slot = reaching_slot(ctx.after.builds, top, tops)
        if slot is None or reaching_slot(ctx.best.builds, top, tops) is not None:
            continue
        value = ctx.after.builds[slot - 1]
        fields = {"move": _doing(view, ctx.move), "slot": slot, "value": value, "player": player.name,
                  "card_a": a_card(top)}
        kind = "opponent-wins" if value < top else "opponent-frees-slot"
        return Finding(kind, MIND_OPPONENTS, max(ctx.drop("opponents"), ctx.best.value - ctx.after.value),
                       fields, (Named("build", value, view.mover.name, slot, when="after"), _stock_named(view, seat)),
                       ctx.chances.get(seat))
    return None


def _goes_on(ctx: Context) -> bool:
    """Whether either line compared stops at a refill: then neither says where the turn ends."""
    return goes_on(ctx.after) or goes_on(ctx.best)


def reaching_slot(builds: tuple[int, ...], card: int, helpers: tuple[Optional[int], ...]) -> Optional[int]:
    """The build slot (1-4) from which ``card`` can be played next, the ``helpers`` (discard tops) filling the gap.

    Each helper card is played at most once; an SB among them stands for any
    card. A free slot (0) starts from nothing. When no pile is below the card,
    the helpers may complete the highest pile to free a slot for it. None when
    no slot reaches it.
    """
    wild = sum(1 for helper in helpers if helper == SKIP_BO)
    numbers = {helper for helper in helpers if helper is not None and helper != SKIP_BO}
    for slot, value in enumerate(builds[:BUILD_SLOTS], 1):
        if value < card < COMPLETE_AT + 1 and len(set(range(value + 1, card)) - numbers) <= wild:
            return slot
    if any(value < card for value in builds[:BUILD_SLOTS]) or not 0 < card <= COMPLETE_AT:
        return None
    highest = max(builds[:BUILD_SLOTS])
    needed = set(range(highest + 1, COMPLETE_AT + 1)) | set(range(1, card))
    return builds.index(highest) + 1 if len(needed - numbers) <= wild else None


DETECTORS: dict[str, Callable[[Context], Optional[Finding]]] = {
    STOCK_FIRST: stock_first,
    SAVE_WILDS: save_wilds,
    DESCENDING: descending_discards,
    SPREAD: spread_discards,
    MIND_OPPONENTS: mind_opponents,
}
EXTRA_DETECTORS: tuple[Callable[[Context], Optional[Finding]], ...] = (opponent_wins, covers_bridge)  # more than one
# per principle


def detect(ctx: Context) -> list[Finding]:
    """Every finding about the move, the weightiest first; never empty.

    Besides the detectors' findings, the evaluation part that lost most speaks
    (with a sentence true of both lines) when it outweighs them all, or when
    no detector speaks.
    """
    detectors = (*DETECTORS.values(), *EXTRA_DETECTORS)
    findings = [finding for detector in detectors if (finding := detector(ctx)) is not None]
    largest = _largest_loss(ctx)
    if all(largest.weight > finding.weight and largest.kind != finding.kind for finding in findings):
        findings.append(largest)  # the pattern seen is not what costs most
    findings.sort(key=lambda finding: -finding.weight)
    return findings


def _largest_loss(ctx: Context) -> Finding:
    """A true sentence about the evaluation part that lost most, naming the cards or piles that make the
    difference (or a plain one, the move is worth less, where none is found)."""
    part = max(PART_PRINCIPLE, key=ctx.drop)
    view, weight = ctx.view, ctx.drop(part)
    doing = {"doing": _doing(view, ctx.move)}
    if part in ("stock", "reach") and (stock := stock_first(ctx)) is not None:  # a stock card left: the point
        return stock._replace(weight=weight)
    if part != "risk" and goes_on(ctx.best) and not goes_on(ctx.after):  # what the refill brings: the reason
        return _refill_missed(ctx, weight, stock_point=part in ("stock", "reach"))
    if goes_on(ctx.best) and goes_on(ctx.after):
        found = _refill_less(ctx, weight)
        if found is not None:
            return found
    if part == "reach" and view.mover.stock_top is not None:
        return Finding("stock-further", STOCK_FIRST, weight, {**doing, "card": the_card(view.mover.stock_top)},
                       (_stock_named(view, view.turn),))
    if part == "hand":
        found = _hand_lost(ctx, weight)
        if found is not None:
            return found
    if part == "wilds":
        best, after = _wilds_kept(view, ctx.best), _wilds_kept(view, ctx.after)
        if best > after:
            return Finding("wilds-fewer", SAVE_WILDS, weight, {**doing, "best": best, "after": after,
                                                               "best_cards": n_wild_cards(best),
                                                               "after_cards": n_wild_cards(after)},
                           (_wild_kept_named(view, ctx.best),))
    if part == "discards" and (shape := _shape_lost(ctx)) is not None:
        return shape._replace(weight=weight)
    if part == "completion" and (kept := _completion_kept(ctx, weight)) is not None:
        return kept
    if part == "risk" and ctx.chances:
        seat, chance = max(ctx.chances.items(), key=lambda item: as_chance(item[1]).value)
        best_chance = ctx.best_chances.get(seat, 0.0)
        if chance_in_words(chance) != chance_in_words(best_chance):  # say only what differs
            return Finding("opponent-may-win", MIND_OPPONENTS, weight,
                           {**doing, "player": view.players[seat].name, "chance": chance_in_words(chance),
                            "card": the_card(view.players[seat].stock_top),
                            "best_chance": chance_in_words(best_chance)}, (_stock_named(view, seat),), chance)
    if part == "opponents" and isinstance(ctx.move, Transfer):
        closer = _closer_opponent(ctx) if not _goes_on(ctx) else _closer_in_deals(ctx)
        if closer is not None:
            return closer._replace(weight=weight)
    return Finding("worth-less", None, weight, doing)


def _refill_missed(ctx: Context, weight: float, stock_point: bool) -> Finding:
    """The best turn empties the hand and goes on with new cards, the line after the move does not: the cards it
    keeps (or the last one it discards), and what the new cards bring -- the round won, or (``stock_point``: the
    stock is what the move loses most) the stock card out."""
    view = ctx.view
    doing = {"doing": _doing(view, ctx.move), "best": n_cards(_build_plays(ctx.best))}
    hand, _ = _end_cards(view, ctx.after)
    if hand:
        kind, fields = "refill-missed", {**doing, "cards": cards_in_words(hand)}
        names = tuple(Named("hand", card, view.mover.name, when="after") for card in sorted(set(hand)))
    elif isinstance(last := ctx.after.moves[-1] if ctx.after.moves else None, Transfer) and last.is_discard:
        # the line discards the last card in hand: empty, but the turn ends with nothing drawn ("keeps" is false)
        kind, fields = "refill-missed-last", {**doing, "card": the_card(last.card)}
        names = (Named("discard", last.card, view.mover.name, last.target.number, when="after"),)
    else:
        return Finding("worth-less", None, weight, {"doing": doing["doing"]})
    wins = ctx.win_chance
    if wins is not None and wins.value:
        return Finding(f"{kind}-wins", STOCK_FIRST, weight, {**fields, "chance": chance_in_words(wins)}, names,
                       chance=wins)
    stock = _stock_in_deals(view, ctx.best)
    if stock_point and hand and stock is not None and stock.value and not _own_stock_played(ctx.best) \
            and not _own_stock_played(ctx.after):  # the stock card in sight is the one the new cards meet
        card = the_card(view.mover.stock_top)
        return Finding("refill-frees-stock", STOCK_FIRST, weight, {**fields, "card": card,
                                                                     "chance": chance_in_words(stock)},
                       (*names, _stock_named(view, view.turn)), chance=stock)
    return Finding(kind, None, weight, fields, names)


def _refill_less(ctx: Context, weight: float) -> Optional[Finding]:
    """Both lines empty the hand: the best turn's new cards win the round, or get the stock card out, more often."""
    view, doing = ctx.view, {"doing": _doing(ctx.view, ctx.move)}
    if ctx.win_chance and ctx.after_win_chance is not None and view.mover.stock_top is not None:
        best, after = chance_in_words(ctx.win_chance), chance_in_words(ctx.after_win_chance)
        if ctx.win_chance.value > ctx.after_win_chance.value and best != after:  # say only what differs
            return Finding("refill-wins-less", STOCK_FIRST, weight, {**doing, "chance": after, "best_chance": best,
                                                                     "card": the_card(view.mover.stock_top)},
                           (_stock_named(view, view.turn),), chance=ctx.after_win_chance)
    if _own_stock_played(ctx.best) or _own_stock_played(ctx.after):
        return None  # the stock top the new cards meet is not the one in sight
    best, after = _stock_in_deals(view, ctx.best), _stock_in_deals(view, ctx.after)
    if best is None or after is None or best.value <= after.value or chance_in_words(best) == chance_in_words(after):
        return None
    return Finding("refill-stock-less", STOCK_FIRST, weight,
                   {**doing, "card": the_card(view.mover.stock_top), "chance": chance_in_words(after),
                    "best_chance": chance_in_words(best)}, (_stock_named(view, view.turn),), chance=after)


def _own_stock_played(turn: Turn) -> bool:
    """Whether the turn plays from the mover's own stock (so the card on it is no longer the one in sight)."""
    return any(move.source.kind is PileKind.STOCK and move.source.owner is None for move in _stock_plays(turn))


def _stock_in_deals(view: GameState, turn: Turn) -> Optional[Chance]:
    """The share of a refill's sampled deals whose turn plays the mover's stock card; None without deals or a
    stock card in sight."""
    if not turn.deals or view.mover.stock_top is None:
        return None
    played = sum(1 for deal in turn.deals if any(move.source.kind is PileKind.STOCK and move.source.owner is None
                                                 for move in deal.moves if isinstance(move, Transfer)))
    return sampled(played, len(turn.deals))


def _hand_lost(ctx: Context, weight: float) -> Optional[Finding]:
    """Fewer cards played (naming those the best turn plays besides), more cards kept (naming them), or the
    higher card kept."""
    view, doing = ctx.view, {"doing": _doing(ctx.view, ctx.move)}
    best, after = _build_plays(ctx.best), _build_plays(ctx.after)
    if best > after:
        extra = _played_besides(view, ctx.best, ctx.after)
        if extra:
            return Finding("fewer-plays", None, weight,
                           {**doing, "best": n_cards(best), "after": n_cards(after),
                            "cards": cards_in_words(card for card, _ in extra)}, tuple(named for _, named in extra))
    kept = _kept(view, ctx.best), _kept(view, ctx.after)
    if None not in kept and kept[1] > kept[0]:
        best_hand, after_hand = _end_cards(view, ctx.best)[0], _end_cards(view, ctx.after)[0]
        more = list(after_hand)
        for card in best_hand:
            if card in more:
                more.remove(card)
        if more:
            return Finding("hand-kept", None, weight, {**doing, "best": n_cards(kept[0]), "after": n_cards(kept[1]),
                                                       "cards": cards_in_words(more)},
                           tuple(Named("hand", card, view.mover.name, when="after") for card in sorted(set(more))))
    if None not in kept and (higher := _kept_higher(view, ctx)) is not None:
        return Finding("hand-higher", None, weight, {**doing, "card": the_card(higher)},
                       (Named("hand", higher, view.mover.name, when="after"),))
    return None


def _played_besides(view: GameState, best: Turn, after: Turn) -> list[tuple[int, Named]]:
    """The cards the best turn plays onto the build piles and the line after the move does not, each with its
    place before the turn."""
    def plays(turn: Turn) -> list[tuple[int, Named]]:
        found = []
        taken: Counter = Counter()  # cards the line has taken off each discard pile so far
        for state, move in along(view, turn.moves):
            if isinstance(move, Transfer) and not move.is_discard and move.source.kind is not PileKind.STOCK:
                card = played_card(state, move)
                owner = state.players[source_seat(state, move)].name
                if move.source.kind is PileKind.HAND:
                    found.append((card, Named("hand", card, owner)))
                else:
                    taken[owner, move.source.number] += 1
                    found.append((card, Named("discard", card, owner, move.source.number,
                                              taken[owner, move.source.number])))
        return found

    left = plays(after)
    extra = []
    for card, named in plays(best):
        match = next((index for index, (other, _) in enumerate(left) if other == card), None)
        if match is None:
            extra.append((card, named))
        else:
            del left[match]
    return extra


def _end_piles(view: GameState, turn: Turn) -> tuple[tuple[int, ...], ...]:
    """The mover's discard piles where ``turn`` stops (its final discard laid)."""
    piles = [tuple(pile) for pile in end_of(view, turn.moves).mover.discards]
    last = turn.moves[-1] if turn.moves else None
    if isinstance(last, Transfer) and last.is_discard:
        piles[last.target.number - 1] += (last.card,)
    return tuple(piles)


def _completion_kept(ctx: Context, weight: float) -> Optional[Finding]:
    """A run (or a single 12) that the line after the move leaves on an own discard pile, though it would
    complete a build pile then and there (``evaluation.completing_runs``), and that the best turn plays out;
    named as the line leaves it."""
    view = ctx.view
    state = end_of(view, ctx.after.moves)
    builds = tuple(state.build_value(slot) for slot in range(BUILD_SLOTS))
    piles = state.mover.discards
    best_piles = end_of(view, ctx.best.moves).mover.discards
    # the runs the best turn plays out (both lines only take cards off the tops before their final discard)
    kept = [(index, cards) for index, cards in completing_runs(builds, piles)
            if len(best_piles[index]) <= len(piles[index]) - cards]
    if not kept:
        return None
    index, cards = kept[0]
    run = piles[index][-cards:]
    covered = len(_end_piles(view, ctx.after)[index]) - len(piles[index])  # the final discard on it
    slot = builds.index(run[-1] - 1) + 1
    fields = {"doing": _doing(view, ctx.move), "pile": index + 1, "slot": slot,
              "run": "-".join(map(card_label, run)), "card": the_card(run[-1])}
    names = tuple(Named("discard", card, view.mover.name, index + 1, cards - at + covered, "after")
                  for at, card in enumerate(run))
    return Finding("completion-kept" if cards > 1 else "completion-kept-card", None, weight, fields,
                   (*names, Named("build", run[-1] - 1, view.mover.name, slot, when="after")))


# what each mark of a discard pile's shape is worth, as ``evaluation.pile_score`` weighs it (the run's links apart)
SHAPE_WEIGHTS = {"run": DEFAULT_WEIGHTS.run, "stacked": DEFAULT_WEIGHTS.stacked,
                 "inverted": DEFAULT_WEIGHTS.inversion, "wild": DEFAULT_WEIGHTS.buried_wild}


def _shape_marks(piles: tuple[tuple[int, ...], ...]) -> Counter:
    """Each mark ``evaluation.pile_score`` scores on the piles, as (kind, pile, card below, card on it): a run
    link, equal cards stacked, a low card under a higher one, a buried SB, a run covered (with the run's cards)."""
    marks: Counter = Counter()
    for number, pile in enumerate(piles, 1):
        run: list[int] = []
        for below, above in zip(pile, pile[1:]):
            if below == SKIP_BO:
                marks[("wild", number, below, above)] += 1
            elif above == SKIP_BO or above is None or below is None:
                continue
            elif above == below - 1:
                marks[("run", number, below, above)] += 1
                run = run or [below]
                run.append(above)
                continue
            elif above == below:
                marks[("stacked", number, below, above)] += 1
            elif above > below:
                marks[("inverted", number, below, above)] += 1
            if run:
                marks[("covered", number, tuple(run), above)] += 1
            run = []
    return marks


def _shape_lost(ctx: Context) -> Optional[Finding]:
    """The mark of the discard piles that costs most: a run the best turn ends with and the line after the move
    does not, or a card the line after the move lays where the best turn does not."""
    view = ctx.view
    best, after = _shape_marks(_end_piles(view, ctx.best)), _shape_marks(_end_piles(view, ctx.after))

    def cost(mark: tuple) -> float:
        return DEFAULT_WEIGHTS.covered_run * (len(mark[2]) - 1) if mark[0] == "covered" else SHAPE_WEIGHTS[mark[0]]

    candidates = [(cost(mark), 1, mark) for mark in after - best if mark[0] != "run"]
    candidates += [(cost(mark), 0, mark) for mark in best - after if mark[0] == "run"]
    if not candidates:
        return None
    _, _, (kind, number, below, above) = max(candidates)
    when = "best" if kind == "run" else "after"
    pile = _end_piles(view, ctx.best if kind == "run" else ctx.after)[number - 1]
    under = below[-1] if kind == "covered" else below
    at = max(index for index in range(len(pile) - 1) if pile[index] == under and pile[index + 1] == above)
    depth = len(pile) - at  # of the card below the mark's top card
    fields = {"doing": _doing(view, ctx.move), "pile": number, "card": the_card(above)}
    if kind == "covered":
        fields["run"] = "-".join(map(card_label, below))
        names = tuple(Named("discard", card, view.mover.name, number, depth + len(below) - 1 - index, when)
                      for index, card in enumerate(below))
    else:
        fields["top"] = the_card(below)
        names = (Named("discard", below, view.mover.name, number, depth, when),)
    move = ctx.move
    own = isinstance(move, Transfer) and move.is_discard and move.target.number == number and move.card == above
    name = "shape-covered-run" if kind == "covered" else f"shape-{kind}"
    return Finding(name + ("-own" if own and kind != "run" else ""), DESCENDING, 0.0, fields,
                   (*names, Named("discard", above, view.mover.name, number, depth - 1, when)))


def _opponents_stock_tops(view: GameState) -> Iterator[tuple[int, int, tuple[int, ...]]]:
    """Each opponent of the mover with a stock card in sight: their seat, that card and the cards that lead up
    to it (their discard tops and the run beneath each)."""
    for seat in view.opponents_of(view.turn):
        player = view.players[seat]
        if player.stock_top is None or not player.stock:
            continue
        yield seat, player.stock_top, tuple(card for pile in player.discards if pile and pile[-1] is not None
                                            for card in discard_run(pile))


def _closer_in_deals(ctx: Context) -> Optional[Finding]:
    """A line after the move that goes on with new cards: the opponent whose stock card its sampled deals leave
    nearest a build pile (in how many of them), where the best turn, which ends, leaves it further away."""
    view = ctx.view
    if goes_on(ctx.best) or not ctx.after.deals:
        return None
    found = None
    for seat, top, tops in _opponents_stock_tops(view):
        best = min(gap_to(top, (value,), tops) for value in ctx.best.builds)
        gaps = [min(gap_to(top, (value,), tops) for value in deal.builds) for deal in ctx.after.deals]
        nearest = min(gaps)
        if nearest < best and nearest < COMPLETE_AT and (found is None or nearest < found[0]):
            found = (nearest, gaps.count(nearest), seat)
    if found is None:
        return None
    gap, count, seat = found
    player = view.players[seat]
    chance = sampled(count, len(ctx.after.deals))
    fields = {"move": _doing(view, ctx.move), "card": the_card(player.stock_top), "owner": genitive(player.name),
              "gap": gap_in_words(gap), "chance": chance_in_words(chance)}
    return Finding("refill-feeds-opponent", MIND_OPPONENTS, 0.0, fields, (_stock_named(view, seat),), chance)


def reveal_first(view: GameState, move: Move, reveal: Transfer) -> Finding:
    """The move commits a card before the stock card ``reveal`` turns up the next one, which the same line could
    play first."""
    seat = source_seat(view, reveal)
    fields = {"doing": _doing(view, move), "card": the_card(view.players[seat].stock_top), "whose": view.whose(seat)}
    return Finding("reveal-first", STOCK_FIRST, 0.0, fields, (_stock_named(view, seat),))


def _closer_opponent(ctx: Context) -> Optional[Finding]:
    """The opponent whose stock card the move's line leaves nearest a build pile, compared with the best turn's."""
    view = ctx.view
    found = None
    for seat, top, tops in _opponents_stock_tops(view):
        after = min((gap_to(top, (value,), tops), slot) for slot, value in enumerate(ctx.after.builds, 1))
        best = min(gap_to(top, (value,), tops) for value in ctx.best.builds)
        if after[0] < best and after[0] < COMPLETE_AT and (found is None or after[0] < found[0]):
            found = (after[0], after[1], seat)
    if found is None:
        return None
    gap, slot, seat = found
    player = view.players[seat]
    fields = {"move": _doing(view, ctx.move), "card": the_card(player.stock_top), "owner": genitive(player.name),
              "gap": gap_in_words(gap), "slot": slot}
    return Finding("opponents-closer", MIND_OPPONENTS, 0.0, fields,
                   (Named("build", ctx.after.builds[slot - 1], view.mover.name, slot, when="after"),
                    _stock_named(view, seat)))


def _build_plays(turn: Turn) -> int:
    return sum(1 for move in turn.moves if isinstance(move, Transfer) and not move.is_discard)


def _end_cards(view: GameState, turn: Turn) -> tuple[tuple, tuple]:
    """The mover's hand and discard tops at the end of ``turn`` (unseen refilled cards as None)."""
    end = end_of(view, turn.moves)
    hand = list(end.mover.hand)
    tops = [pile[-1] if pile else None for pile in end.mover.discards]
    last = turn.moves[-1] if turn.moves else None
    if isinstance(last, Transfer) and last.is_discard and last.card in hand:
        hand.remove(last.card)
        tops[last.target.number - 1] = last.card
    return tuple(hand), tuple(tops)


def _kept_higher(view: GameState, ctx: Context) -> Optional[int]:
    """The number card the best turn discards and the line after the move keeps in hand instead of a lower
    one, or None."""
    best_hand, _ = _end_cards(view, ctx.best)
    after_hand, _ = _end_cards(view, ctx.after)
    last = ctx.best.moves[-1] if ctx.best.moves else None
    if not (isinstance(last, Transfer) and last.is_discard) or last.card in (None, SKIP_BO):
        return None
    kept = last.card
    if after_hand.count(kept) > best_hand.count(kept) and sum(after_hand) > sum(best_hand):
        return kept
    return None


def _kept(view: GameState, turn: Turn) -> Optional[int]:
    """Cards the turn keeps in hand, or None where a refill's cards are unseen."""
    hand, _ = _end_cards(view, turn)
    return None if turn.ending != "discard" or None in hand else len(hand)


def _wild_kept_named(view: GameState, turn: Turn) -> Named:
    """Where the turn keeps an SB at its end: in hand, else on a discard top."""
    hand, tops = _end_cards(view, turn)
    number = None if SKIP_BO in hand else tops.index(SKIP_BO) + 1
    return Named("hand" if number is None else "discard", SKIP_BO, view.mover.name, number, when="best")


def _wilds_kept(view: GameState, turn: Turn) -> int:
    hand, tops = _end_cards(view, turn)
    return sum(1 for card in (*hand, *tops) if card == SKIP_BO)
