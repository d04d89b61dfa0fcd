"""The strategy principles of SPEC section 4, each a named detector.

A detector looks at a move, the best turn before it and the best turn still
open after it, and says in plain words what the move did wrong, or nothing.
``detect`` runs them all; a weak move always gets at least one finding (the
evaluation part that lost most, when no detector recognises the pattern).
"""

from __future__ import annotations

from typing import Callable, Iterator, NamedTuple, Optional

from ..engine.cards import SKIP_BO, a_card, card_label
from ..engine.moves import EndTurn, Move, PileKind, Transfer
from ..engine.play import apply_move
from ..engine.state import GameState, Phase
from .search import Turn

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
PART_PRINCIPLE = {
    "stock": STOCK_FIRST, "reach": STOCK_FIRST, "hand": STOCK_FIRST,
    "wilds": SAVE_WILDS, "discards": DESCENDING, "opponents": MIND_OPPONENTS,
}


class Context(NamedTuple):
    """A move under judgement: the mover's view before it, the best turn, and the best turn after it."""

    view: GameState
    move: Move
    best: Turn
    after: Turn

    def drop(self, part: str) -> float:
        """How much the evaluation part ``part`` is worse after the move than in the best turn."""
        return self.best.part(part) - self.after.part(part)


class Finding(NamedTuple):
    principle: str
    sentence: str
    weight: float  # how much of the loss it accounts for


# -- describing moves in words -------------------------------------------------------


def source_seat(view: GameState, move: Transfer) -> int:
    """The seat whose pile or hand a transfer takes its card from."""
    return view.turn if move.source.owner is None else view.seat_of(move.source.owner)


def played_card(view: GameState, move: Transfer) -> Optional[int]:
    """The card a transfer takes, as far as the view shows it."""
    if move.source.kind is PileKind.HAND:
        return move.card
    player = view.players[source_seat(view, move)]
    if move.source.kind is PileKind.STOCK:
        return player.stock_top if player.stock_top is not None else move.card
    pile = player.discards[move.source.number - 1]
    return pile[-1] if pile else move.card


def describe_move(view: GameState, move: Move) -> str:
    """``the stock 5 on build pile 1``, ``the SB from your hand on build pile 2 as a 4``, ``discard the 9 ...``."""
    if isinstance(move, EndTurn):
        return "end the turn"
    if not isinstance(move, Transfer):
        return "draw"
    card = played_card(view, move)
    label = card_label(card)
    owner = move.source.owner
    whose = f"{owner}'s" if owner else "your"
    if move.is_discard:
        top = view.mover.discard_top(move.target.number - 1)
        onto = f"on the {card_label(top)} on" if top is not None else "on the empty"
        return f"discard the {label} {onto} discard pile {move.target.number}"
    slot = move.target.number
    value = view.build_value(slot - 1)
    where = f"on build pile {slot}" + (f" as {a_card(value + 1)}" if card == SKIP_BO else "")
    if move.source.kind is PileKind.STOCK:
        return f"the {label} on {whose} stock {where}"
    if move.source.kind is PileKind.HAND:
        return f"the {label} from your hand {where}"
    return f"the {label} from {whose} discard pile {move.source.number} {where}"


def along(view: GameState, moves: tuple[Move, ...]) -> Iterator[tuple[GameState, Move]]:
    """Each move of a line with the position it is played in (the build plays before it applied)."""
    state = view
    for move in moves:
        yield state, move
        if isinstance(move, Transfer) and not move.is_discard and state.phase is Phase.PLAY:
            state = apply_move(state, move).state


def describe_turn(view: GameState, moves: tuple[Move, ...]) -> str:
    """A whole line in words: ``play the 3 from your hand on build pile 1, then ...``."""
    phrases = []
    for state, move in along(view, moves):
        phrase = describe_move(state, move)
        phrases.append(phrase if phrase.startswith(("discard", "end")) else "play " + phrase)
    return ", then ".join(phrases) if phrases else "play nothing"


def _doing(view: GameState, move: Move) -> str:
    """The move as the subject of a sentence: ``Playing the 5 from your hand on build pile 2``."""
    phrase = describe_move(view, move)
    if phrase.startswith("discard "):
        return "Discarding " + phrase[len("discard "):]
    return "Playing " + phrase


# -- the detectors -------------------------------------------------------------------


def stock_first(ctx: Context) -> Optional[Finding]:
    """The best turn gets more stock cards out than any turn after the move."""
    missed = ctx.best.stock_played - ctx.after.stock_played
    won = ctx.best.ending == "win" and ctx.after.ending != "win"
    if missed <= 0 and not won:
        return None
    stock = next((m for m in ctx.best.moves if isinstance(m, Transfer) and m.source.kind is PileKind.STOCK), None)
    owner = stock.source.owner if stock else None
    seat = source_seat(ctx.view, stock) if stock else ctx.view.turn
    top = card_label(ctx.view.players[seat].stock_top)
    whose = f"{owner}'s" if owner else "your"
    result = " and with it the round" if won else ""
    return Finding(STOCK_FIRST, f"{_doing(ctx.view, ctx.move)} left the {top} on {whose} stock stuck{result}.",
                   ctx.drop("stock") + ctx.drop("reach"))


def save_wilds(ctx: Context) -> Optional[Finding]:
    """The move spends an SB that frees no stock card, or buries one on a discard pile."""
    move = ctx.move
    if not isinstance(move, Transfer):
        return None
    if move.is_discard:
        top = ctx.view.mover.discard_top(move.target.number - 1)
        if top == SKIP_BO and move.card != SKIP_BO:
            return Finding(SAVE_WILDS, f"{_doing(ctx.view, move)} buried the SB on that pile, where it "
                                       "can no longer be played.", max(ctx.drop("wilds"), ctx.drop("discards")))
        return None
    if move.source.kind is PileKind.STOCK or played_card(ctx.view, move) != SKIP_BO:
        return None
    if ctx.after.wilds_played <= ctx.best.wilds_played:
        return None
    if ctx.after.stock_played > ctx.best.stock_played:
        waste = "frees stock cards at the cost of more wild cards than they are worth"
    else:
        waste = "spends a wild card without freeing a stock card: keep it for when it lets your stock out"
    return Finding(SAVE_WILDS, f"{_doing(ctx.view, move)} {waste}.", ctx.drop("wilds"))


def descending_discards(ctx: Context) -> Optional[Finding]:
    """The discard buries a lower card under a higher one."""
    move = ctx.move
    if not (isinstance(move, Transfer) and move.is_discard) or move.card == SKIP_BO:
        return None
    top = ctx.view.mover.discard_top(move.target.number - 1)
    if top is None or top == SKIP_BO or move.card <= top:
        return None
    return Finding(DESCENDING, f"{_doing(ctx.view, move)} buries the lower {card_label(top)} under a higher card: "
                               "that pile no longer comes out in a run.", ctx.drop("discards"))


def spread_discards(ctx: Context) -> Optional[Finding]:
    """The discard buries a card although a discard pile is empty (a run on the pile is fine)."""
    move = ctx.move
    if not (isinstance(move, Transfer) and move.is_discard):
        return None
    top = ctx.view.mover.discard_top(move.target.number - 1)
    empty = next((number for number, pile in enumerate(ctx.view.mover.discards, 1) if not pile), None)
    if top is None or move.card == top - 1 or empty is None:
        return None
    return Finding(SPREAD, f"{_doing(ctx.view, move)} buries the {card_label(top)} while discard pile {empty} "
                           "is empty.", ctx.drop("discards"))


def mind_opponents(ctx: Context) -> Optional[Finding]:
    """After the move the build piles serve an opponent's stock card the best turn keeps out of reach."""
    if ctx.drop("opponents") < 0.5:
        return None
    view = ctx.view
    for seat in view.opponents_of(view.turn):
        player = view.players[seat]
        top = player.stock_top
        if top is None or top == SKIP_BO:
            continue
        served = [slot + 1 for slot, value in enumerate(ctx.after.builds) if value == top - 1]
        if served and top - 1 not in ctx.best.builds:
            at = f"at {top - 1}" if top > 1 else "empty"
            return Finding(MIND_OPPONENTS, f"{_doing(view, ctx.move)} leaves build pile {served[0]} {at}, "
                                           f"one below the {top} on {player.name}'s stock.",
                           ctx.drop("opponents"))
    return Finding(MIND_OPPONENTS, f"{_doing(view, ctx.move)} builds towards the cards your opponents show on "
                                   "their stocks.", ctx.drop("opponents"))


DETECTORS: dict[str, Callable[[Context], Optional[Finding]]] = {
    STOCK_FIRST: stock_first,
    SAVE_WILDS: save_wilds,
    DESCENDING: descending_discards,
    SPREAD: spread_discards,
    MIND_OPPONENTS: mind_opponents,
}


def detect(ctx: Context) -> list[Finding]:
    """Every principle the move breaks, the weightiest first; never empty.

    Besides the detectors' findings, the evaluation part that lost most names
    its principle when it outweighs them all (or when no detector speaks).
    """
    findings = [finding for detector in DETECTORS.values() if (finding := detector(ctx)) is not None]
    largest = _largest_loss(ctx)
    if all(largest.weight > finding.weight and largest.principle != finding.principle for finding in findings):
        findings.append(largest)  # the pattern seen is not what costs most
    findings.sort(key=lambda finding: -finding.weight)
    return findings


def _largest_loss(ctx: Context) -> Finding:
    part = max(PART_PRINCIPLE, key=ctx.drop)
    best, after = _build_plays(ctx.best), _build_plays(ctx.after)
    reason = {
        "stock": "it gets fewer stock cards out",
        "reach": "it leaves your stock top further from the build piles",
        "hand": f"the best turn plays {best} card{'s' if best != 1 else ''} onto the build piles, "
                f"the best after this move only {after}",
        "wilds": "it leaves you fewer wild cards",
        "discards": "it leaves your discard piles in worse order",
        "opponents": "it helps your opponents' stock cards",
    }[part]
    return Finding(PART_PRINCIPLE[part], f"{_doing(ctx.view, ctx.move)} costs more than it brings: {reason}.",
                   ctx.drop(part))


def _build_plays(turn: Turn) -> int:
    return sum(1 for move in turn.moves if isinstance(move, Transfer) and not move.is_discard)
