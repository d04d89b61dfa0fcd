"""Building a game state from a scenario's data (SPEC §2), with every problem found.

The data is what a scenario file holds once parsed (and checked for shape
by the schema): plain dicts, lists, ints and strings. Each problem names
the path of the offending value, so a loader can point at its line.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, NamedTuple, Optional

from ..i18n import _, ngettext
from .cards import (
    DECK_COUNTS, DECK_SIZE, SKIP_BO, CardError, MaybeCard, a_card, excess_cards, many_of, parse_card,
)
from .state import (
    BUILD_SLOTS, COMPLETE_AT, DISCARD_PILES, HAND_SIZE, MAX_PLAYERS, MIN_PLAYERS, GameState, Phase, Player, Rules,
    Stalemate, standard_stock_size,
)
from .text import fold, name_problem, normalised

TEAM_PLAYERS = (4, 6)  # two or three pairs

Path = tuple[Any, ...]


class Problem(NamedTuple):
    """One thing wrong with a scenario: where (a path into the data) and what."""

    path: Path
    message: str


class PositionError(ValueError):
    """A scenario that describes no possible position."""

    def __init__(self, problems: list[Problem]):
        self.problems = problems
        super().__init__("; ".join(p.message for p in problems))


def position_from_data(data: dict[str, Any]) -> GameState:
    """The position a scenario describes; raises ``PositionError`` listing every problem."""
    builder = _Builder(data)
    state = builder.build()
    if builder.problems:
        raise PositionError(builder.problems)
    return state


class _Builder:
    def __init__(self, data: dict[str, Any]):
        self.data = data
        self.problems: list[Problem] = []
        self.known: list[tuple[MaybeCard, Path]] = []  # every card the file shows, with where
        self.hidden = 0  # cards the file counts without showing them

    def problem(self, path: Path, message: str) -> None:
        self.problems.append(Problem(path, message))

    def card(self, value: Any, path: Path) -> MaybeCard:
        try:
            card = parse_card(value)
        except CardError as error:
            self.problem(path, str(error))
            return None
        self.known.append((card, path))
        return card

    def cards(self, values: list[Any], path: Path) -> tuple[MaybeCard, ...]:
        return tuple(self.card(value, path + (i,)) for i, value in enumerate(values))

    def unknown(self, count: int) -> tuple[MaybeCard, ...]:
        self.hidden += count
        return (None,) * count

    @property
    def counted(self) -> int:
        """The cards the file accounts for so far, shown or not."""
        return len(self.known) + self.hidden

    # -- the whole position ------------------------------------------------------

    def build(self) -> GameState:
        data = self.data
        rules_data = data.get("rules") or {}
        entries = data.get("players") or []
        rules = Rules(
            stock_size=rules_data.get("stock_size", standard_stock_size(len(entries))),
            stalemate=Stalemate(rules_data.get("stalemate", Stalemate.NO_WINNER)),
            target_score=rules_data.get("target_score", 500),
        )
        # the team game's advice penalty adds cards to a stock, so there a stock may outgrow the deal
        dealt = None if rules_data.get("teams") else rules.stock_size
        players = self.players(entries, dealt)
        names = [p.name for p in players]
        seats = {name.casefold(): seat for seat, name in enumerate(names)}
        teams = self.teams(rules_data.get("teams") or [], seats, names)
        turn = self.turn(data.get("turn"), seats, names)
        build = tuple(self.build_pile(slot, i) for i, slot in enumerate(data.get("build") or []))
        build = build + (None,) * (BUILD_SLOTS - len(build))
        completed = self.unknown(self.completed(data.get("completed", 0)))
        spec = data.get("draw_pile")
        draw_pile = self.draw_pile(spec) if spec is not None else None
        self.check_deck()
        if draw_pile is None:  # the draw pile holds whatever the file leaves out
            draw_pile = (None,) * max(DECK_SIZE - self.counted, 0)
        state = GameState(
            players=tuple(players),
            build=build,
            draw_pile=draw_pile,
            completed=completed,
            turn=turn,
            phase=Phase(data.get("phase", "play")),
            teams=teams,
            rules=rules,
        )
        return self.finished(state)

    def finished(self, state: GameState) -> GameState:
        """The state as a finished round when a side has emptied its stocks (both partners in the team game)."""
        sides = dict.fromkeys(state.team_of(seat) for seat in range(len(state.players)))
        done = [side for side in sides if all(not state.players[s].stock for s in side)]
        if len(done) > 1:
            names = ", ".join(state.players[s].name for side in done for s in side)
            self.problem(("players",), _("only one side can empty its stock: the round ended the moment the first "
                                         "did, yet {names} all show empty stocks").format(names=names))
        if len(done) != 1:
            return state
        return replace(state, phase=Phase.OVER, winners=done[0])

    def completed(self, value: int) -> int:
        count = self.count(value, ("completed",))
        if count % COMPLETE_AT:
            self.problem(("completed",), _("completed piles are set aside whole, twelve cards each, so their count "
                                           "is a multiple of 12, not {count}").format(count=count))
            return 0
        return count

    def count(self, value: int, path: Path) -> int:
        if value < 0:
            self.problem(path, _("a count cannot be negative ({value})").format(value=value))
            return 0
        if value > DECK_SIZE:
            self.problem(path, _("a count of {value} is more than the whole deck ({deck} cards)").format(
                value=value, deck=DECK_SIZE))
            return 0
        return value

    def players(self, entries: list[dict[str, Any]], dealt: Optional[int]) -> list[Player]:
        if not MIN_PLAYERS <= len(entries) <= MAX_PLAYERS:
            self.problem(("players",), _("Skip-Bo is played by 2 to 6 players; the file lists {count}").format(
                count=len(entries)))
        seen: dict[str, int] = {}
        players = []
        for seat, entry in enumerate(entries):
            path = ("players", seat)
            name = normalised(str(entry.get("name", _("player {number}").format(number=seat + 1)))).strip()
            problem = name_problem(name)
            if problem:
                self.problem(path + ("name",), problem)
            if name.casefold() in seen:
                self.problem(path + ("name",), _("two players are called {name!r}").format(name=name))
            seen[name.casefold()] = seat
            players.append(Player(
                name=name,
                stock=self.stock(entry.get("stock") or {"count": 0}, path + ("stock",), dealt),
                hand=self.hand(entry.get("hand", 0), path + ("hand",)),
                discards=self.discards(entry.get("discards") or [], path + ("discards",)),
            ))
        return players

    def stock(self, stock: dict[str, Any], path: Path, dealt: Optional[int]) -> tuple[MaybeCard, ...]:
        count = stock.get("count", 0)
        top = stock.get("top")
        upcoming = stock.get("next") or []
        if not 0 <= count <= DECK_SIZE:
            self.count(count, path + ("count",))
            return ()
        if count == 0:
            if top is not None:
                self.problem(path + ("top",), _("an empty stock (count 0) shows no top card"))
            return ()
        if len(upcoming) > count - 1:
            self.problem(path + ("next",), ngettext("the stock holds {count} card, so at most {under} lie under the top",
                                                    "the stock holds {count} cards, so at most {under} lie under the top",
                                                    count).format(count=count, under=count - 1))
            upcoming = upcoming[: count - 1]
        if dealt is not None and count > dealt:
            self.problem(path + ("count",), _("a stock of {count} cards is more than the {dealt} dealt").format(
                count=count, dealt=dealt))
        below = self.cards(upcoming, path + ("next",))
        top_card = self.card(top, path + ("top",)) if top is not None else self.unknown(1)[0]  # None: unknown
        return self.unknown(count - 1 - len(below)) + tuple(reversed(below)) + (top_card,)

    def hand(self, hand: int | list[Any], path: Path) -> tuple[MaybeCard, ...]:
        size = hand if isinstance(hand, int) else len(hand)
        if size > HAND_SIZE:
            self.problem(path, _("a hand holds five cards at most, not {size}").format(size=size))
            if isinstance(hand, int):
                return self.unknown(HAND_SIZE)
        if isinstance(hand, int):
            return self.unknown(self.count(hand, path))
        return self.cards(hand, path)

    def discards(self, piles: list[list[Any]], path: Path) -> tuple[tuple[MaybeCard, ...], ...]:
        if len(piles) > DISCARD_PILES:
            self.problem(path, _("a player has four discard piles at most, not {count}").format(count=len(piles)))
            piles = piles[:DISCARD_PILES]
        found = [self.cards(pile or [], path + (i,)) for i, pile in enumerate(piles)]
        return tuple(found) + ((),) * (DISCARD_PILES - len(found))

    def build_pile(self, slot: None | int | list[Any], index: int) -> Optional[tuple[MaybeCard, ...]]:
        path = ("build", index)
        if index >= BUILD_SLOTS:
            if index == BUILD_SLOTS:
                self.problem(("build",), _("there are four build piles at most"))
            return None
        if slot is None:
            return None
        if isinstance(slot, str):  # "SB=7": an SB standing for 7, over six unseen cards
            value = int(slot.partition("=")[2])
            return self.unknown(value - 1) + (self.card("SB", path),)
        if isinstance(slot, int):
            if not 1 <= slot < COMPLETE_AT:
                if slot >= COMPLETE_AT:
                    self.problem(path, _("a build pile shows 1 to 11, not {slot}: a pile that reaches 12 is set aside "
                                         "at once").format(slot=slot))
                else:
                    self.problem(path, _("a build pile shows 1 to 11, not {slot}: use null for a free slot").format(
                        slot=slot))
                return None
            return self.unknown(slot)
        cards = self.cards(slot, path)
        if not cards:
            return None
        if len(cards) >= COMPLETE_AT:
            self.problem(path, _("a build pile that reaches 12 is set aside at once; it cannot stand on the table"))
        for value, card in enumerate(cards, start=1):
            if card is not None and card not in (SKIP_BO, value):
                self.problem(path + (value - 1,),
                             _("build piles rise from 1 by one: card {number} of this pile must be {wanted} or "
                               "an SB, not {card}").format(number=value, wanted=a_card(value), card=a_card(card)))
                break
        return cards

    def teams(self, teams: list[list[str]], seats: dict[str, int], names: list[str]) -> tuple[tuple[int, ...], ...]:
        placed: set[int] = set()
        result = []
        for t, team in enumerate(teams):
            members = []
            for m, name in enumerate(team):
                seat = seats.get(fold(str(name)).strip())
                if seat is None:
                    self.problem(("rules", "teams", t, m), _("team member {name!r} is not among the players").format(
                        name=name))
                elif seat in placed:
                    self.problem(("rules", "teams", t, m), _("{name!r} is in two teams").format(name=name))
                else:
                    placed.add(seat)
                    members.append(seat)
            if len(team) != 2:
                self.problem(("rules", "teams", t), _("teams are of two players, not {count}").format(count=len(team)))
            result.append(tuple(members))
        if teams and len(names) not in TEAM_PLAYERS:
            self.problem(("rules", "teams"), _("the team game is played by two or three pairs (4 or 6 players), "
                                               "not by {count} players").format(count=len(names)))
            return ()
        if teams and len(placed) != len(names) and not any(p.path[:2] == ("rules", "teams") for p in self.problems):
            missing = [n for s, n in enumerate(names) if s not in placed]
            self.problem(("rules", "teams"), _("in the team game everyone is in a team; missing: {names}").format(
                names=", ".join(missing)))
        return tuple(result)

    def turn(self, name: Optional[str], seats: dict[str, int], names: list[str]) -> int:
        if name is None:
            return 0
        seat = seats.get(fold(str(name)).strip())
        if seat is not None:
            return seat
        self.problem(("turn",), _("{name!r} is not among the players ({names})").format(name=name,
                                                                                     names=", ".join(names)))
        return 0

    def draw_pile(self, spec: int | dict[str, Any]) -> tuple[MaybeCard, ...]:
        if isinstance(spec, int):
            spec = {"count": spec}
        upcoming = spec.get("next") or []
        if "count" not in spec:  # the next cards named, and the rest of the deck under them
            rest = DECK_SIZE - self.counted - len(upcoming)
            spec = {"count": max(rest, 0) + len(upcoming), "next": upcoming}
        count = self.count(spec["count"], ("draw_pile",))
        if len(upcoming) > count:
            self.problem(("draw_pile", "next"), _("the draw pile holds {count} cards, fewer than the {named} named"
                                                  ).format(count=count, named=len(upcoming)))
            upcoming = upcoming[:count]
        named = self.cards(upcoming, ("draw_pile", "next"))
        return self.unknown(count - len(named)) + tuple(reversed(named))

    def check_deck(self) -> None:
        for card, n in excess_cards(card for card, _ in self.known).items():
            last_path = [path for c, path in self.known if c == card][-1]
            self.problem(last_path, _("the position shows {cards}; the deck has {deck}").format(
                cards=many_of(card, n), deck=DECK_COUNTS[card]))
        if self.counted > DECK_SIZE:
            self.problem((), _("the position holds {count} cards; the deck has {deck}").format(count=self.counted,
                                                                                             deck=DECK_SIZE))

