"""The scenario format as a JSON Schema: one definition for the loader and for editors.

``SCHEMA`` is a plain JSON Schema (draft 2020-12). It covers the position
(SPEC §2) and the teaching parts of a file: ``question``, ``answer``,
``expect`` (the rulings the position expects) and ``avoid``. The package ships
it as ``scenario.schema.json`` for editors. ``shape_problems`` checks data
against it with the subset of keywords the schema uses, and words each
problem for a person ("unknown key 'hnad': did you mean 'hand'?").
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Iterable, Iterator

from ..engine.position import Path, Problem
from ..engine.rules import RULES
from ..i18n import N_, _, ngettext

if TYPE_CHECKING:
    from pathlib import Path as FilePath

KEY = "<key>"  # a path ending in KEY points at a mapping key, not its value
SCHEMA_ID = "https://skipbo-tutor.example/scenario.schema.json"


def schema_file() -> FilePath:
    """Where the package ships the schema for editors."""
    from pathlib import Path as FilePath  # only the authors' commands need it

    return FilePath(__file__).with_name("scenario.schema.json")


_CARD = {
    "description": "A card: 1 to 12, or SB for the wild Skip-Bo card (any case).",
    "anyOf": [
        {"type": "integer", "minimum": 1, "maximum": 12},
        {"type": "string", "pattern": "^[Ss][Bb]$"},
    ],
    "errorMessage": N_("not a card: cards are 1 to 12 and SB"),
}
_CARDS = {"type": "array", "items": {"$ref": "#/$defs/card"}}
_COUNT = {"type": "integer", "minimum": 0}
_NAME = {"type": "string", "minLength": 1, "maxLength": 40}

# the ids of coach.principles.PRINCIPLES, written out: importing that module would load the search
PRINCIPLE_IDS = (
    "strategy.stock-first",
    "strategy.save-wilds",
    "strategy.descending-discards",
    "strategy.spread-discards",
    "strategy.mind-opponents",
)
QUALITIES = ("best", "good", "weak")

_MOVE = {"type": "string", "minLength": 1,
         "description": "A move in the notation of `tutor check`: stock to build 1, h5>b2, hand 9 to discard 1, "
                        "draw, end."}
_MOVE_LIST = {"type": "array", "minItems": 1, "items": {"$ref": "#/$defs/move"}}
_MOVES = {
    "description": "A move, or a list of moves played in order by the player to move.",
    "anyOf": [{"$ref": "#/$defs/move"}, _MOVE_LIST],
    "errorMessage": N_("not a move: give a move, or a list of moves"),
}
_EXPECTATION = {
    "type": "object",
    "description": "A ruling the scenario expects, on a move, a turn, or several turns.",
    "additionalProperties": False,
    "properties": {
        "moves": {"$ref": "#/$defs/moves"},
        "turns": {"type": "array", "minItems": 1, "items": _MOVE_LIST,
                  "description": "Several turns, each a list of moves; after each turn ends, play passes on "
                                 "(and a stalemate is noticed)."},
        "legal": {"type": "boolean", "description": "true: every move is legal; false: the last move is illegal."},
        "rule": {"enum": list(RULES), "description": "The rule the last move breaks (with legal: false)."},
        "undecidable": {"type": "boolean",
                        "description": "true: the last move turns on a card the position does not show."},
        "quality": {"enum": list(QUALITIES), "description": "How good the last move is: best, good or weak."},
        "principle": {"enum": list(PRINCIPLE_IDS),
                      "description": "A principle the analysis names for the last move (usually with quality: weak)."},
        "best": {"type": "boolean", "description": "true: the last move is among the best at its moment."},
        "then": {"$ref": "#/$defs/outcome"},
        "note": {"type": "string", "description": "Why, in a few words; shown when the expectation fails."},
    },
    "oneOf": [{"required": ["moves"]}, {"required": ["turns"]}],
    "oneOfMessage": N_("an expectation gives either moves: (in one turn) or turns: (several turns), and not both"),
    "allOf": [
        {"if": {"required": ["legal"], "properties": {"legal": {"const": False}}},
         "then": {"required": ["rule"]},
         "thenMessage": N_("an illegal move breaks a rule: with legal: false, name it in rule: (e.g. build.sequence)")},
    ],
}
_OUTCOME = {
    "type": "object",
    "description": "What the table looks like after the moves.",
    "additionalProperties": False,
    "properties": {
        "build": {"type": "array", "maxItems": 4, "description": "The build piles' tops: null for a free slot.",
                  "items": {"anyOf": [{"type": "null"}, {"type": "integer", "minimum": 1, "maximum": 11}],
                            "errorMessage": N_("not a build top: give null (a free slot) or a number 1-11")}},
        "hand": {"$ref": "#/$defs/cards", "description": "The hand of the player who moved, in any order."},
        "hand_size": {"type": "integer", "minimum": 0, "maximum": 5},
        "stock_top": {"anyOf": [{"type": "null"}, {"$ref": "#/$defs/card"}],
                      "errorMessage": N_("not a stock top: give a card, or null for an empty stock"),
                      "description": "The mover's stock top afterwards (null: the stock is empty)."},
        "stock_count": {"type": "integer", "minimum": 0},
        "draw_pile": {"type": "integer", "minimum": 0, "description": "Cards left in the draw pile."},
        "completed": {"type": "integer", "minimum": 0, "description": "Cards set aside in completed piles."},
        "turn_over": {"type": "boolean", "description": "true: the turn has ended."},
        "round_over": {"type": "boolean", "description": "true: the round has ended."},
        "winners": {"type": "array", "items": {"$ref": "#/$defs/name"},
                    "description": "Who won the round ([] for a stalemate without a winner)."},
        "points": {"type": "integer", "minimum": 0, "description": "What the round scores for the winners."},
        "turn": {"$ref": "#/$defs/name", "description": "Whose turn it is afterwards."},
        "events": {"type": "array", "items": {"type": "string", "minLength": 1},
                   "description": "Words that must appear among what the moves made happen."},
    },
}

SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "$id": SCHEMA_ID,
    "title": "Skip-Bo scenario",
    "description": "One Skip-Bo position. Piles are written bottom to top: the last card is the top.",
    "type": "object",
    "required": ["title", "players"],
    "additionalProperties": False,
    "properties": {
        "title": {"type": "string", "minLength": 1, "description": "A short name for the position."},
        "description": {"type": "string", "description": "Free text about the position."},
        "rules": {
            "type": "object",
            "description": "The rules the position is played by.",
            "additionalProperties": False,
            "properties": {
                "stock_size": {"type": "integer", "minimum": 1, "maximum": 30,
                               "description": "Cards in each stock at the deal (30 with 2-4 players, 20 with 5-6)."},
                "teams": {
                    "type": "array",
                    "description": "Teams of two, by player name, e.g. [[you, Cleo], [Bo, Dan]].",
                    "maxItems": 3,
                    "items": {"type": "array", "items": {"$ref": "#/$defs/name"}},
                },
                "stalemate": {"enum": ["no-winner", "fewest-stock"],
                              "description": "A stalemate ends the round with no winner, or (house rule) the "
                                             "fewest stock cards win."},
                "target_score": {"type": "integer", "minimum": 1,
                                 "description": "Points that win the match (500)."},
            },
        },
        "turn": {"$ref": "#/$defs/name", "description": "The player to move (the first player if left out)."},
        "phase": {"enum": ["play", "start"],
                  "description": "play: the hand is drawn (default); start: before the draw."},
        "build": {
            "type": "array",
            "description": "Up to four build-pile slots: null (free), the top number, SB=N (an SB standing for N "
                           "on top), or the pile's cards.",
            "maxItems": 4,
            "items": {"anyOf": [{"type": "null"}, {"type": "integer"}, {"$ref": "#/$defs/cards"},
                                {"type": "string", "pattern": "^[Ss][Bb]=([1-9]|1[01])$"}],
                      "errorMessage": N_("not a build slot: give null, a number 1-11, SB=7 (an SB standing for 7) "
                                         "or a list of cards")},
        },
        "draw_pile": {
            "description": "How many cards the draw pile holds, optionally with the next cards drawn "
                           "(without a count, the rest of the deck lies under them).",
            "anyOf": [
                {"type": "integer"},
                {"type": "object", "additionalProperties": False,
                 "properties": {"count": {"type": "integer"}, "next": {"$ref": "#/$defs/cards"}}},
            ],
            "errorMessage": N_("not a draw pile: give a count, or {count: N, next: [cards]}"),
        },
        "completed": {"type": "integer", "description": "Cards set aside in completed build piles."},
        "question": {"type": "string", "description": "The question the position asks the reader."},
        "answer": {"type": "string", "description": "The answer in words, for the teacher."},
        "tags": {"type": "array", "items": {"type": "string", "minLength": 1},
                 "description": "Words that sort positions; a worksheet or quiz leaves out those with a word given "
                                "to --leave-out. The gallery tags the positions about the tutor itself (how it "
                                "rules on a file that leaves cards unknown) with `tutor`."},
        "expect": {"type": "array", "items": {"$ref": "#/$defs/expectation"},
                   "description": "Rulings the position expects; `tutor scenario test` checks them."},
        "avoid": {"type": "array", "items": {"$ref": "#/$defs/moves"},
                  "description": "Tempting moves that are legal but not among the best."},
        "players": {
            "type": "array",
            "description": "The players in turn order, 2 to 6 of them.",
            "minItems": 2,
            "maxItems": 6,
            "items": {"$ref": "#/$defs/player"},
        },
    },
    "$defs": {
        "card": _CARD,
        "cards": _CARDS,
        "name": _NAME,
        "move": _MOVE,
        "moves": _MOVES,
        "expectation": _EXPECTATION,
        "outcome": _OUTCOME,
        "player": {
            "type": "object",
            "required": ["name", "stock"],
            "additionalProperties": False,
            "properties": {
                "name": {"$ref": "#/$defs/name"},
                "stock": {
                    "type": "object",
                    "description": "The stock: its face-up top (unknown if left out) and how many cards it "
                                   "holds, top included.",
                    "required": ["count"],
                    "additionalProperties": False,
                    "properties": {
                        "top": {"$ref": "#/$defs/card"},
                        "count": {"type": "integer"},
                        "next": {"$ref": "#/$defs/cards", "description": "Cards turned up next, in order."},
                    },
                },
                "hand": {
                    "description": "The hand's cards, or how many when they are unknown.",
                    "anyOf": [{"type": "integer"}, {"$ref": "#/$defs/cards"}],
                    "errorMessage": N_("not a hand: give a list of cards, or a count"),
                },
                "discards": {
                    "type": "array",
                    "description": "Up to four discard piles, each bottom to top.",
                    "items": {"$ref": "#/$defs/cards"},
                },
            },
        },
    },
}


def schema_text() -> str:
    """``SCHEMA`` as the JSON text of the shipped ``scenario.schema.json``."""
    import json

    return json.dumps(SCHEMA, indent=2, ensure_ascii=False) + "\n"


_TYPES = {
    "object": lambda v: isinstance(v, dict),
    "array": lambda v: isinstance(v, list),
    "string": lambda v: isinstance(v, str),
    "integer": lambda v: isinstance(v, int) and not isinstance(v, bool),
    "number": lambda v: isinstance(v, (int, float)) and not isinstance(v, bool),
    "boolean": lambda v: isinstance(v, bool),
    "null": lambda v: v is None,
}


def describe_value(value: Any) -> str:
    """How a value's type reads to a person: a number, a list, text ..."""
    if value is None:
        return _("nothing (null)")
    if isinstance(value, bool):
        return _("a yes/no value ({value})").format(value=str(value).lower())
    if isinstance(value, int):
        return _("the number {value}").format(value=value)
    if isinstance(value, str):
        return _("the text {value!r}").format(value=value)
    if isinstance(value, list):
        return _("a list")
    if isinstance(value, dict):
        return _("a mapping")
    return _("a {type}").format(type=type(value).__name__)


def shape_problems(data: Any, schema: dict[str, Any] = SCHEMA) -> list[Problem]:
    """Every way ``data`` breaks the schema, each with its path."""
    return list(_check(data, schema, (), schema))


def _resolve(schema: dict[str, Any], root: dict[str, Any]) -> dict[str, Any]:
    while "$ref" in schema:
        name = schema["$ref"].rsplit("/", 1)[-1]
        extra = {k: v for k, v in schema.items() if k != "$ref"}
        schema = {**root["$defs"][name], **extra}
    return schema


def _check(value: Any, schema: dict[str, Any], path: Path, root: dict[str, Any]) -> Iterator[Problem]:
    schema = _resolve(schema, root)
    if "anyOf" in schema:
        branches = [list(_check(value, branch, path, root)) for branch in schema["anyOf"]]
        if all(branches):
            deepest = [b for b in branches if b and b[0].path != path]
            yield from deepest[0] if len(deepest) == 1 else [
                Problem(path, _not_allowed(value, schema))]
        return
    if "enum" in schema and value not in schema["enum"]:
        yield Problem(path, _enum_message(value, schema["enum"]))
        return
    if "const" in schema and value != schema["const"]:
        yield Problem(path, _("{value} is not {wanted}").format(value=describe_value(value),
                                                                 wanted=describe_value(schema["const"])))
        return
    if "oneOf" in schema:
        fitting = sum(not list(_check(value, branch, path, root)) for branch in schema["oneOf"])
        if fitting != 1:
            yield Problem(path, _(schema.get("oneOfMessage", N_("fits none or several of the allowed forms"))))
    for part in schema.get("allOf", []):
        yield from _check(value, part, path, root)
    if "if" in schema and not list(_check(value, schema["if"], path, root)):
        broken = list(_check(value, schema.get("then", {}), path, root))
        yield from [Problem(path, _(schema["thenMessage"]))] if broken and "thenMessage" in schema else broken
    kind = schema.get("type")
    if kind and not _TYPES[kind](value):
        yield Problem(path, _("expected {kind}, found {value}").format(kind=_(_KIND_WORDS[kind]),
                                                                       value=describe_value(value)))
        return
    if kind == "object" or (kind is None and isinstance(value, dict)):
        yield from _check_object(value, schema, path, root)
    elif kind == "array":
        yield from _check_array(value, schema, path, root)
    elif kind == "string":
        if len(value) < schema.get("minLength", 0):
            yield Problem(path, _("the text is empty"))
        elif len(value) > schema.get("maxLength", len(value)):
            yield Problem(path, _("the text is longer than {most} characters").format(most=schema["maxLength"]))
        elif "pattern" in schema and not re.search(schema["pattern"], value):
            yield Problem(path, _not_allowed(value, schema))
    elif kind == "integer":
        low, high = schema.get("minimum"), schema.get("maximum")
        if (low is not None and value < low) or (high is not None and value > high):
            if high is None:
                yield Problem(path, _("{value} is out of range ({low} or more)").format(value=value, low=low))
            else:
                yield Problem(path, _("{value} is out of range ({low} to {high})").format(value=value, low=low,
                                                                                       high=high))


def _not_allowed(value: Any, schema: dict[str, Any]) -> str:
    """A value that fits none of the forms a field allows, said with the field's own message if it has one."""
    if "errorMessage" in schema:
        return _("{value} is {message}").format(value=describe_value(value), message=_(schema["errorMessage"]))
    return _("{value} is not allowed here").format(value=describe_value(value))


def _enum_message(value: Any, options: list[Any]) -> str:
    close = _closest(value, options)
    if close:
        return _("{value} is not allowed here: did you mean {close!r}?").format(value=describe_value(value),
                                                                                close=close)
    return _("{value} is not one of: {options}").format(value=describe_value(value),
                                                        options=", ".join(str(option) for option in options))


def _closest(word: Any, options: Iterable[Any]) -> str | None:
    """The option that ``word`` most likely misspells, if any."""
    import difflib  # only a misspelt key or value needs it

    close = difflib.get_close_matches(str(word), [str(option) for option in options], n=1, cutoff=0.6)
    return close[0] if close else None


_KIND_WORDS = {
    "object": N_("a mapping (key: value lines)"), "array": N_("a list"), "string": N_("text"),
    "integer": N_("a whole number"), "number": N_("a number"), "boolean": N_("yes or no"), "null": N_("null"),
}


def _check_object(value: dict[str, Any], schema: dict[str, Any], path: Path, root: dict[str, Any]) -> Iterator[Problem]:
    properties = schema.get("properties", {})
    for key in schema.get("required", []):
        if key not in value:
            yield Problem(path, _("missing the required key {key!r}").format(key=key))
    for key, item in value.items():
        if key in properties:
            yield from _check(item, properties[key], path + (key,), root)
        elif schema.get("additionalProperties") is False:
            close = _closest(key, properties)
            if close:
                problem = _("unknown key {key!r}: did you mean {close!r}?").format(key=key, close=close)
            else:
                problem = _("unknown key {key!r} (known keys: {keys})").format(key=key, keys=", ".join(properties))
            yield Problem(path + (key, KEY), problem)


class ListLength(Problem):
    """A list with too few or too many items: its items are still worth checking."""


def _check_array(value: list[Any], schema: dict[str, Any], path: Path, root: dict[str, Any]) -> Iterator[Problem]:
    if len(value) < schema.get("minItems", 0):
        yield ListLength(path, ngettext("the list needs at least {least} item, not {count}",
                                        "the list needs at least {least} items, not {count}",
                                        schema["minItems"]).format(least=schema["minItems"], count=len(value)))
    if "maxItems" in schema and len(value) > schema["maxItems"]:
        yield ListLength(path, ngettext("the list holds at most {most} item, not {count}",
                                        "the list holds at most {most} items, not {count}",
                                        schema["maxItems"]).format(most=schema["maxItems"], count=len(value)))
    if "items" in schema:
        for index, item in enumerate(value):
            yield from _check(item, schema["items"], path + (index,), root)

