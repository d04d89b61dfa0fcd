"""A game record as data: who played, by which rules, and every move of every round.

A record is plain data (``GameRecord.to_data``) written as YAML (see
``files`` and docs/records.md). The deal is fixed by each round's seed
(``engine.dealing.deal``); completed piles shuffled back into the draw pile
are written out card by card (``RoundRecord.shuffles``), so a record replays
exactly without any random numbers.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Optional

from ..engine.cards import Card, CardError, card_label, parse_card
from ..engine.dealing import Deal, StartRule, deal, partner_teams
from ..engine.moves import Move, Transfer
from ..engine.notation import NotationError, format_move, parse_move
from ..engine.position import Path, Problem
from ..engine.scoring import Match, RoundScore
from ..engine.state import MAX_PLAYERS, MIN_PLAYERS, Rules, Stalemate
from ..engine.text import fold, name_problem, normalised
from ..i18n import N_, _
from ..scenario.loader import MAX_NUMBER_DIGITS

FORMAT = "skipbo-record/1"
HUMAN = "human"
MAX_NAME = 40
NUMBER_LIMIT = 10 ** MAX_NUMBER_DIGITS  # seeds and targets stay below it: longer numbers are refused when read


@dataclass(frozen=True)
class Seat:
    """A player: a name, and who plays the seat (``human`` or a bot's name)."""

    name: str
    plays: str = HUMAN


@dataclass(frozen=True)
class Setup:
    """What every round of a game is dealt and played by."""

    seats: tuple[Seat, ...]
    stock_size: int
    teams: tuple[tuple[str, ...], ...] = ()
    start: StartRule = StartRule.CUT
    youngest: Optional[str] = None  # who starts under the youngest-starts rule
    stalemate: Stalemate = Stalemate.NO_WINNER
    target: Optional[int] = None  # a match to this many points; None: a single round

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(seat.name for seat in self.seats)

    def seat_of(self, name: str) -> int:
        return self.names.index(name)

    def team_seats(self) -> tuple[tuple[int, ...], ...]:
        return tuple(tuple(self.seat_of(name) for name in team) for team in self.teams)

    def rules(self) -> Rules:
        return Rules(stock_size=self.stock_size, stalemate=self.stalemate,
                     target_score=self.target if self.target is not None else Rules.target_score)

    def deal(self, seed: int) -> Deal:
        youngest = self.seat_of(self.youngest) if self.youngest else 0
        return deal(self.names, seed=seed, stock_size=self.stock_size, teams=self.team_seats(),
                    start=self.start, youngest=youngest, rules=self.rules())


@dataclass(frozen=True)
class Undo:
    """A move taken back with the coach's leave; ``at`` counts the turn's moves kept before it."""

    move: Move
    at: int


@dataclass
class TurnRecord:
    """One player's turn: the moves in order (draws naming the cards drawn), and any undone."""

    player: str
    moves: list[Move] = field(default_factory=list)
    undone: list[Undo] = field(default_factory=list)


@dataclass(frozen=True)
class Result:
    """How a round ended: the winners (none after a stalemate), stock cards left, points scored."""

    winners: tuple[str, ...]
    stocks: dict[str, int]
    points: int
    finished: bool = True  # False: the round was stopped unfinished (a simulation's turn limit)


@dataclass
class RoundRecord:
    """One round: its deal's seed, its turns, the draw piles made from completed piles, the result."""

    seed: int
    turns: list[TurnRecord] = field(default_factory=list)
    shuffles: list[tuple[Card, ...]] = field(default_factory=list)
    result: Optional[Result] = None


@dataclass
class GameRecord:
    """A whole game: the setup and its rounds (the last one may still be in play)."""

    setup: Setup
    rounds: list[RoundRecord] = field(default_factory=list)
    coach: Optional[str] = None  # how the coach stood by a human player: on, quiet or off

    @property
    def finished(self) -> bool:
        return bool(self.rounds) and self.rounds[-1].result is not None and self.champion() is not None

    def match(self) -> Match:
        """The points of the finished rounds by side (seats), kept as the engine keeps a match."""
        setup = self.setup
        match = Match(target=setup.target) if setup.target is not None else Match()
        for played in self.rounds:
            result = played.result
            if result is not None and result.winners:
                seats = tuple(setup.seat_of(name) for name in result.winners)
                left = sum(count for name, count in result.stocks.items() if name not in result.winners)
                match.record(RoundScore(seats, left, result.points))
        return match

    def champion(self) -> Optional[tuple[str, ...]]:
        """Who won the game: the round's winners, or in a match the side first to reach the target.

        ``()`` for a single round without a winner; None while the game goes on.
        """
        if not self.rounds or self.rounds[-1].result is None:
            return None
        if self.setup.target is None:
            return self.rounds[-1].result.winners
        side = self.match().champion
        return tuple(self.setup.names[seat] for seat in side) if side is not None else None

    # -- as data ----------------------------------------------------------------

    def to_data(self) -> dict[str, Any]:
        setup = self.setup
        rules: dict[str, Any] = {"stock_size": setup.stock_size, "start": setup.start.value}
        if setup.youngest:
            rules["youngest"] = setup.youngest
        if setup.teams:
            rules["teams"] = [list(team) for team in setup.teams]
        if setup.stalemate is not Stalemate.NO_WINNER:
            rules["stalemate"] = setup.stalemate.value
        if setup.target is not None:
            rules["target_score"] = setup.target
        data: dict[str, Any] = {
            "format": FORMAT,
            "players": [{"name": seat.name, "plays": seat.plays} for seat in setup.seats],
            "rules": rules,
        }
        if self.coach:
            data["coach"] = self.coach
        data["rounds"] = [_round_data(played) for played in self.rounds]
        return data


def _round_data(played: RoundRecord) -> dict[str, Any]:
    data: dict[str, Any] = {"seed": played.seed, "turns": [_turn_data(turn) for turn in played.turns]}
    if played.shuffles:
        data["shuffles"] = [[_card_data(card) for card in cards] for cards in played.shuffles]
    if played.result is not None:
        result = played.result
        data["result"] = {"winners": list(result.winners), "stocks": dict(result.stocks), "points": result.points}
        if not result.finished:
            data["result"]["finished"] = False
    return data


def _turn_data(turn: TurnRecord) -> dict[str, Any]:
    data: dict[str, Any] = {"player": turn.player, "moves": [format_move(move) for move in turn.moves]}
    if turn.undone:
        data["undone"] = [{"move": format_move(undo.move), "at": undo.at} for undo in turn.undone]
    return data


def _card_data(card: Card) -> int | str:
    return card if card else card_label(card)


# -- from data ----------------------------------------------------------------------


class _Reader:
    """Builds a ``GameRecord`` from data, gathering every problem with its path."""

    def __init__(self) -> None:
        self.problems: list[Problem] = []
        self.moves: dict[str, Move] = {}  # each different text read once: a match repeats most of its moves

    def fail(self, path: Path, message: str) -> None:
        self.problems.append(Problem(path, message))

    def mapping(self, value: Any, path: Path, required: tuple[str, ...], optional: tuple[str, ...]) -> dict:
        if not isinstance(value, dict):
            self.fail(path, _("must be a mapping"))
            return {}
        for key in value:
            if key not in required + optional:
                self.fail(path + (key,), _("unknown key {key!r}").format(key=key))
        for key in required:
            if key not in value:
                self.fail(path, _("the key {key!r} is missing").format(key=key))
        return value

    def integer(self, value: Any, path: Path, low: int = 0) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or value < low:
            self.fail(path, _("must be a whole number of at least {low}").format(low=low))
            return low
        return value

    def name(self, value: Any, path: Path, names: tuple[str, ...]) -> str:
        if value not in names:
            self.fail(path, _("{name!r} is not one of the players ({names})").format(name=value, names=", ".join(names)))
        return str(value)

    def move(self, value: Any, path: Path, names: tuple[str, ...]) -> Optional[Move]:
        """The move written ``value``; None, with the problem, if it cannot be read or names a stranger."""
        if not isinstance(value, str):
            self.fail(path, _("must be a move, written as text"))
            return None
        if value not in self.moves:
            try:
                self.moves[value] = parse_move(value)
            except NotationError as error:
                self.fail(path, error.message)
                return None
        move = self.moves[value]
        strangers = [owner for owner in _owners(move) if fold(owner) not in {fold(name) for name in names}]
        if strangers:
            self.fail(path, _("{name!r} is not one of the players ({names})").format(name=strangers[0],
                                                                                    names=", ".join(names)))
            return None
        return move

    def choice(self, value: Any, path: Path, enum: type, default: Any) -> Any:
        try:
            return enum(value)
        except ValueError:
            self.fail(path, _("must be one of {values}").format(values=", ".join(member.value for member in enum)))
            return default


def _owners(move: Move) -> list[str]:
    """The players a move names as the owners of its piles."""
    if not isinstance(move, Transfer):
        return []
    return [place.owner for place in (move.source, move.target) if place.owner is not None]


def record_from_data(data: Any) -> tuple[Optional[GameRecord], list[Problem]]:
    """The record ``data`` describes, or None with every problem found (each with its path)."""
    read = _Reader()
    top = read.mapping(data, (), ("format", "players", "rules", "rounds"), ("coach",))
    if read.problems:
        return None, read.problems
    if top["format"] != FORMAT:
        read.fail(("format",), _("must be {format!r}").format(format=FORMAT))
    seats = _seats(read, top["players"])
    setup = _setup(read, top["rules"], seats)
    coach = top.get("coach")
    if coach is not None and coach not in ("on", "quiet", "off"):
        read.fail(("coach",), _("must be on, quiet or off"))
    rounds_data = top["rounds"]
    if not isinstance(rounds_data, list) or not rounds_data:
        read.fail(("rounds",), _("must be a list of rounds, at least one"))
        rounds_data = []
    rounds = [_round(read, value, ("rounds", index), setup.names) for index, value in enumerate(rounds_data)]
    if read.problems:
        return None, read.problems
    return GameRecord(setup, rounds, coach), []


def _seats(read: _Reader, value: Any) -> tuple[Seat, ...]:
    if not isinstance(value, list) or not MIN_PLAYERS <= len(value) <= MAX_PLAYERS:
        read.fail(("players",), _("must list {least} to {most} players in turn order").format(least=MIN_PLAYERS,
                                                                                              most=MAX_PLAYERS))
        return ()
    seats = []
    for index, entry in enumerate(value):
        path = ("players", index)
        entry = read.mapping(entry, path, ("name", "plays"), ())
        name, plays = entry.get("name"), entry.get("plays")
        if not isinstance(name, str) or not name.strip() or not name.isprintable() or len(name) > MAX_NAME:
            read.fail(path + ("name",), _("must be a name of printable characters, at most {most}").format(
                most=MAX_NAME))
        elif name_problem(name):
            read.fail(path + ("name",), name_problem(name))
        elif normalised(name).strip() != name:  # the table would know the player by another name
            read.fail(path + ("name",), _("must be written as {name!r} (no spaces around it, letters in their "
                                          "usual form)").format(name=normalised(name).strip()))
        if not isinstance(plays, str) or not plays.isprintable() or len(plays) > MAX_NAME:
            read.fail(path + ("plays",), _("must be human or a bot's name"))
        seats.append(Seat(str(name), str(plays)))
    if len({fold(seat.name) for seat in seats}) != len(seats):
        read.fail(("players",), _("every player needs a different name"))
    return tuple(seats)


def _setup(read: _Reader, value: Any, seats: tuple[Seat, ...]) -> Setup:
    names = tuple(seat.name for seat in seats)
    rules = read.mapping(value, ("rules",), ("stock_size",),
                         ("start", "youngest", "teams", "stalemate", "target_score"))
    stock = read.integer(rules.get("stock_size", 1), ("rules", "stock_size"), 1)
    start = read.choice(rules.get("start", "cut"), ("rules", "start"), StartRule, StartRule.CUT)
    stalemate = read.choice(rules.get("stalemate", "no-winner"), ("rules", "stalemate"), Stalemate,
                            Stalemate.NO_WINNER)
    youngest = rules.get("youngest")
    if youngest is not None:
        youngest = read.name(youngest, ("rules", "youngest"), names)
    target = rules.get("target_score")
    if target is not None:
        target = read.integer(target, ("rules", "target_score"), 1)
    teams_data = rules.get("teams", [])
    teams: list[tuple[str, ...]] = []
    if not isinstance(teams_data, list):
        read.fail(("rules", "teams"), _("must be a list of teams"))
        teams_data = []
    for index, team in enumerate(teams_data):
        path = ("rules", "teams", index)
        if not isinstance(team, list) or len(team) != 2:
            read.fail(path, _("a team is two players"))
            continue
        teams.append(tuple(read.name(member, path + (n,), names) for n, member in enumerate(team)))
    if teams and not read.problems and not _partners_opposite(teams, names):
        read.fail(("rules", "teams"), _(_TEAMS_RULE))
    return Setup(seats, stock, tuple(teams), start, youngest, stalemate, target)


_TEAMS_RULE = N_("the team game is played by 4 or 6 players in teams of two, partners sitting opposite")


def _partners_opposite(teams: list[tuple[str, ...]], names: tuple[str, ...]) -> bool:
    """True when ``teams`` are the partners of the team game at this table, in any order."""
    if len(names) not in (4, 6):
        return False
    return {frozenset(team) for team in teams} == {frozenset(names[s] for s in team)
                                                   for team in partner_teams(len(names))}


def _round(read: _Reader, value: Any, path: Path, names: tuple[str, ...]) -> RoundRecord:
    data = read.mapping(value, path, ("seed", "turns"), ("shuffles", "result"))
    played = RoundRecord(read.integer(data.get("seed", 0), path + ("seed",)))
    turns = data.get("turns", [])
    if not isinstance(turns, list):
        read.fail(path + ("turns",), _("must be a list of turns"))
        turns = []
    played.turns = [_turn(read, turn, path + ("turns", index), names) for index, turn in enumerate(turns)]
    shuffles = data.get("shuffles", [])
    if not isinstance(shuffles, list):
        read.fail(path + ("shuffles",), _("must be a list of card lists"))
        shuffles = []
    played.shuffles = [_cards(read, cards, path + ("shuffles", index)) for index, cards in enumerate(shuffles)]
    if "result" in data:
        played.result = _result(read, data["result"], path + ("result",), names)
    return played


def _turn(read: _Reader, value: Any, path: Path, names: tuple[str, ...]) -> TurnRecord:
    data = read.mapping(value, path, ("player", "moves"), ("undone",))
    turn = TurnRecord(read.name(data.get("player"), path + ("player",), names))
    moves = data.get("moves", [])
    if not isinstance(moves, list):
        read.fail(path + ("moves",), _("must be a list of moves"))
        moves = []
    turn.moves = [m for i, text in enumerate(moves)
                  if (m := read.move(text, path + ("moves", i), names)) is not None]
    undone = data.get("undone", [])
    if not isinstance(undone, list):
        read.fail(path + ("undone",), _("must be a list of moves taken back"))
        undone = []
    for index, entry in enumerate(undone):
        where = path + ("undone", index)
        entry = read.mapping(entry, where, ("move", "at"), ())
        move = read.move(entry.get("move", ""), where + ("move",), names)
        at = read.integer(entry.get("at", 0), where + ("at",))
        if move is not None:
            turn.undone.append(Undo(move, at))
    return turn


def _cards(read: _Reader, value: Any, path: Path) -> tuple[Card, ...]:
    if not isinstance(value, list):
        read.fail(path, _("must be a list of cards"))
        return ()
    cards = []
    for index, card in enumerate(value):
        try:
            cards.append(parse_card(card))
        except CardError as error:
            read.fail(path + (index,), str(error))
    return tuple(cards)


def _result(read: _Reader, value: Any, path: Path, names: tuple[str, ...]) -> Result:
    data = read.mapping(value, path, ("winners", "stocks", "points"), ("finished",))
    winners = data.get("winners", [])
    if not isinstance(winners, list):
        read.fail(path + ("winners",), _("must be a list of players"))
        winners = []
    stocks = data.get("stocks", {})
    if not isinstance(stocks, dict):
        read.fail(path + ("stocks",), _("must map each player to the stock cards left"))
        stocks = {}
    finished = data.get("finished", True)
    if not isinstance(finished, bool):
        read.fail(path + ("finished",), _("must be true or false"))
    return Result(
        tuple(read.name(name, path + ("winners", i), names) for i, name in enumerate(winners)),
        {read.name(name, path + ("stocks", name), names): read.integer(count, path + ("stocks", name))
         for name, count in stocks.items()},
        read.integer(data.get("points", 0), path + ("points",)),
        finished is not False,
    )
