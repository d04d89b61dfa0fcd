"""``tutor hint``: the best turn for the player to move, step by step, with runners-up."""

from __future__ import annotations

from typing import Any, Optional

import typer

from ..engine import Draw, Move, Phase, PileKind, Transfer, apply_move, format_move
from ..coach.chances import Chance
from ..coach.principles import along
from ..coach.reasons import Step, achievements, turn_steps
from ..coach.templates import MOVES, TURNS, chance_in_words, in_stock_cards, say
from ..coach.verdicts import BEST_MARGIN, misses_win
from ..coach.search import Turn, TurnSearch
from ..engine.collector import collector_paused
from ..engine.rules import awaits_refill
from ..engine.view import player_view
from ..i18n import _, language
from ..i18n.tables import TextTable
from .output import print_json, unusable
from .positions import load_position, with_quick_position
from .quick import QuickPosition

TIE = 1e-6  # values this close are equally good
ENDINGS = TextTable("hint-ending", {
    "discard": "The discard ends the turn.",
    "win": "The stock is empty: the round is won.",
    "end": "The hand is empty and nothing is left to draw: the turn ends.",
    "refill": "The hand is refilled with five unseen cards: ask again once you see them.",
    "refill-wins": "The hand is refilled with five unseen cards: ask again once you see them. With them the turn "
                   "wins the round in {chance}.",
    "unseen-hand": "The position does not show your hand: end the turn with a discard of your choice.",
})
# the best turn plays nothing and nothing is left to draw (``stalemate`` in the JSON: ``now`` or ``possible``)
STALEMATE = TextTable("hint-stalemate", {
    "now": "Nothing is played and nothing is left to draw: after this turn the round ends in a stalemate.",
    "possible": "Nothing is played and nothing is left to draw: if the other players cannot play either, the round "
                "ends in a stalemate.",
})


@with_quick_position
def hint_command(
    scenario: Optional[str] = typer.Argument(None, metavar="[SCENARIO]", help="A scenario file (or a one-line position)."),
    runners_up: int = typer.Option(3, "--runners-up", min=0, max=20, help="How many other turns to show."),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON document."),
    quick: QuickPosition = None,  # type: ignore[assignment]
) -> None:
    """The best turn for the player to move, with the reason for each step, and the runners-up.

    Only what that player can see is used. Exit status: 0 a hint is given, 2 the input is unusable.
    """
    loaded = load_position(scenario, quick, as_json=as_json)
    state = loaded.state
    if state.phase in (Phase.OVER, Phase.ENDED):
        problem = (_("{source}: no turn to hint: the round is over") if state.phase is Phase.OVER
                   else _("{source}: no turn to hint: the turn has ended"))
        unusable([problem.format(source=loaded.source)], as_json=as_json, kind="position")
    prelude: list[dict[str, Any]] = []
    if state.phase is Phase.START or awaits_refill(state):
        prelude.append(_step_json(Step(Draw(), say(MOVES, "draw"), achievements(state, Draw(), ()))))
        state = apply_move(state, Draw()).state
    view = player_view(state, state.turn)
    value, searched, best, others, reveals, chances = _best_turns(view, runners_up)
    best_json = _turn_json(view, best, value, chances[0], prelude)
    stalemate = _stalemate(state, best)
    if stalemate:
        best_json["stalemate"] = stalemate
    document = {
        "player": state.mover.name,
        "value": round(value, 2),
        "best": best_json,
        "runners_up": [_turn_json(view, turn, value, chance, reveal=reveal)
                       for turn, reveal, chance in zip(others, reveals, chances[1:])],
        "positions_searched": searched,
    }
    if as_json:
        print_json(document)
    else:
        typed = _typed(loaded.state, view, best, others, reveals, drew=bool(prelude)) if language() != "en" else None
        _print(loaded, document, typed)


@collector_paused()  # the search is let go before the collector runs again: its passes over the tables find nothing
def _best_turns(view, runners_up: int) -> tuple[float, int, Turn, list[Turn], list[Optional[Move]],
                                                list[Optional[Chance]]]:
    """The search's value and positions, the best turn, the runners-up, the stock card each could play first,
    and each turn's chance to win after its refill (the best turn's first)."""
    search = TurnSearch(view)
    best, others = _stock_soonest(search.best(), search.runners_up(runners_up))
    reveals = [_reveal_first(search, turn) for turn in others]
    chances = [search.win_chance(turn) for turn in (best, *others)]
    return search.value, search.nodes, best, others, reveals, chances


def _typed(before, view, best: Turn, others: list[Turn], reveals: list[Optional[Move]], drew: bool) -> dict[str, Any]:
    """The moves of the best turn (after the draw from ``before`` when it ``drew``), the runners-up and their
    ``reveals`` as a player of the language in use types them: each said in the position it is played in,
    reading back as that move."""
    from ..play.words import move_to_type

    def line(turn: Turn) -> list[str]:
        return [move_to_type(state, move) for state, move in along(view, turn.moves)]

    return {"best": [move_to_type(before, Draw())] * drew + line(best),
            "runners_up": [line(turn) for turn in others],
            "reveal_first": [None if reveal is None else move_to_type(view, reveal) for reveal in reveals]}


def _stalemate(state, best: Turn) -> Optional[str]:
    """``now`` when the round ends in a stalemate after ``best`` (nothing to draw, nothing played, and every
    other player has had such a turn already: the engine's rule, ``next_turn``), ``possible`` when it will if
    the others cannot play either, else None."""
    starved = not state.draw_pile and not state.completed
    played = state.played_this_turn or any(isinstance(move, Transfer) and not move.is_discard for move in best.moves)
    if not starved or played:
        return None
    return "now" if state.quiet_turns + 1 >= len(state.players) else "possible"


def _stock_soonest(best: Turn, others: list[Turn]) -> tuple[Turn, list[Turn]]:
    """Among turns as good as the best, lead with the one that plays a stock card soonest.

    The card the stock then turns up is news that may change the rest of the turn.
    """
    candidates = [best, *others]
    tied = [turn for turn in candidates if turn.value >= best.value - TIE]
    shown = min(tied, key=_first_stock_step)
    return shown, [turn for turn in candidates if turn is not shown]


def _first_stock_step(turn: Turn) -> int:
    steps = (i for i, move in enumerate(turn.moves)
             if isinstance(move, Transfer) and move.source.kind is PileKind.STOCK and not move.is_discard)
    return next(steps, len(turn.moves))


def _reveal_first(search: TurnSearch, turn: Turn) -> Optional[Move]:
    """The stock card ``turn`` could play before its first move, losing nothing, when it is as good as the best turn:
    the turn commits a card before seeing what that stock card turns up (so it is not called as good)."""
    if not turn.moves or search.value - turn.value > BEST_MARGIN:
        return None
    return search.reveal_before(turn.moves[0]) if search.weights.reveal_first else None


def _turn_json(view, turn: Turn, best_value: float, win: Optional[Chance], prelude: Optional[list] = None,
               reveal: Optional[Move] = None) -> dict[str, Any]:
    """A turn as JSON; ``win``: its chance to win after its refill (``win_chance``, with ``win_chance_method``
    and, sampled, ``win_chance_deals`` and ``win_chance_won``)."""
    steps = list(prelude or [])
    steps += [_step_json(step) for step in turn_steps(view, turn)]
    loss = max(0.0, best_value - turn.value)
    return {
        "moves": [step["move"] for step in steps],
        "steps": steps,
        "ending": turn.ending,
        "stock_cards": turn.stock_played,
        "wild_cards": turn.wilds_played,
        "value": round(turn.value, 2),
        "loss": round(loss, 2),
        "equal": loss <= BEST_MARGIN and reveal is None,
        **({"reveal_first": format_move(reveal, pile_said=True)} if reveal else {}),
        **({"win_chance": round(win.value, 2), **win.to_json("win_chance_")} if win is not None else {}),
    }


def _step_json(step: Step) -> dict[str, Any]:
    """A step: the move, its description, the reason in words and the findings it is made of."""
    return {"move": format_move(step.move, pile_said=True), "description": step.description, "reason": step.reason,
            "findings": [achievement.to_json() for achievement in step.achieves]}


def _print(loaded, document: dict[str, Any], typed: Optional[dict[str, Any]] = None) -> None:
    """The hint for a person; ``typed``: its moves as the language in use says them (else the document's)."""
    from rich.text import Text

    from .output import console
    from .rulings import print_heading, print_wrapped

    out = console()
    print_heading(out, loaded)
    best = document["best"]
    ending = STALEMATE.text(best["stalemate"]) if "stalemate" in best else ENDINGS.text(best["ending"])
    if best.get("win_chance"):
        ending = ENDINGS.text("refill-wins", chance=chance_in_words(Chance.from_json(best["win_chance"], best,
                                                                                     "win_chance_")))
    if not best["steps"]:
        print_wrapped(out, say(TURNS, "no-steps", reason=ending), "bold", indent="")
        return
    out.print(Text(_("Best turn:"), style="bold green"))
    for number, step in enumerate(best["steps"], start=1):
        out.print(Text.assemble(f"{number:>3}. ", (typed["best"][number - 1] if typed else step["move"], "bold")))
        print_wrapped(out, step["reason"], indent="     ")
    print_wrapped(out, ending, "dim", indent="     ")
    if document["runners_up"]:
        out.print(Text(_("Runners-up:"), style="bold"))
        for index, turn in enumerate(document["runners_up"]):
            if turn["equal"]:
                verdict = say(TURNS, "equal")
            elif "reveal_first" in turn:
                reveal = typed["reveal_first"][index] if typed else turn["reveal_first"]
                verdict = say(TURNS, "reveal-later", move=reveal)
            elif misses_win(best["value"], turn["value"]):
                verdict = say(TURNS, "misses-win")
            else:
                verdict = say(TURNS, "worse", loss=in_stock_cards(turn["loss"], 2))
            moves = typed["runners_up"][index] if typed else turn["moves"]
            print_wrapped(out, f"{', '.join(moves)}  ({verdict})", prefix="- ", indent="  ")
