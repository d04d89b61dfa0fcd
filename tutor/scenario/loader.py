"""Loading scenario files safely, with every problem placed at its line and column.

The YAML is composed into nodes with PyYAML's safe loader and turned into
plain data here, so that each value keeps its position in the file, aliases
cannot expand without bound, and no tag outside YAML's core schema is
accepted. Oversized and binary files are refused before parsing.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import Any, NamedTuple

import yaml

from ..engine.position import Path, PositionError, Problem, position_from_data
from ..engine.state import GameState
from .schema import KEY, ListLength, shape_problems

MAX_FILE_BYTES = 256 * 1024
MAX_NUMBER_DIGITS = 12
MAX_VALUES = 20_000  # values after alias expansion: stops alias bombs early
MAX_DEPTH = 50

_CORE_TAGS = {
    "tag:yaml.org,2002:" + name for name in ("str", "int", "float", "bool", "null", "seq", "map")
}
_SCALAR_CONSTRUCTOR = yaml.constructor.SafeConstructor()
_FAST_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml's safe loader when present: faster
_FAST_LOADER_NESTING = 1000  # libyaml nests by recursing in C: far deeper files would crash the process


class Located(NamedTuple):
    """A problem placed in a file (1-based line and column; 0 when not known)."""

    line: int
    column: int
    message: str


class ScenarioError(ValueError):
    """A scenario file that cannot be used, with every problem found in it."""

    def __init__(self, source: str, problems: list[Located]):
        self.source = source
        self.problems = problems
        super().__init__(self.message)

    @property
    def message(self) -> str:
        return "\n".join(self.lines())

    def lines(self) -> list[str]:
        return [f"{self.source}:{_where(p)}{p.message}" for p in self.problems]


def _where(problem: Located) -> str:
    if problem.line:
        return f"{problem.line}:{problem.column}: "
    return " "


@dataclass(frozen=True)
class Scenario:
    """A loaded scenario: its position, its texts, and its data with positions."""

    source: str
    title: str
    description: str
    state: GameState
    data: dict[str, Any]
    marks: dict[Path, tuple[int, int]] = field(repr=False, default_factory=dict)

    def locate(self, path: Path) -> tuple[int, int]:
        return locate(self.marks, path)


def read_scenario_text(path: str | os.PathLike[str]) -> str:
    """The text of a scenario file, refusing missing, oversized and binary files."""
    name = str(path)
    try:
        if os.path.isdir(path):
            raise ScenarioError(name, [Located(0, 0, "is a folder, not a scenario file")])
        with open(path, "rb") as handle:
            raw = handle.read(MAX_FILE_BYTES + 1)
    except FileNotFoundError:
        raise ScenarioError(name, [Located(0, 0, "no such file")]) from None
    except OSError as error:
        raise ScenarioError(name, [Located(0, 0, f"cannot be read: {error.strerror or error}")]) from None
    if len(raw) > MAX_FILE_BYTES:
        raise ScenarioError(name, [Located(0, 0, f"is larger than {MAX_FILE_BYTES // 1024} KiB; a scenario is "
                                                 "a few lines of YAML")])
    if b"\0" in raw:
        raise ScenarioError(name, [Located(0, 0, "is not a text file (it holds binary data)")])
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = raw[: error.start].count(b"\n") + 1
        raise ScenarioError(name, [Located(line, 0, "is not valid UTF-8 text")]) from None


def load_scenario(path: str | os.PathLike[str]) -> Scenario:
    """Read, check and build the scenario in ``path``; raise ``ScenarioError`` listing every problem."""
    return parse_scenario(read_scenario_text(path), str(path))


def parse_scenario(text: str, source: str = "<scenario>") -> Scenario:
    """Check and build a scenario from its YAML text."""
    data, marks = parse_yaml(text, source)
    return scenario_from_data(data, marks, source)


def scenario_from_data(data: Any, marks: dict[Path, tuple[int, int]], source: str) -> Scenario:
    """Check parsed scenario data against the format and the rules, and build the position."""
    if data is None:
        raise ScenarioError(source, [Located(1, 1, "the file is empty: a scenario needs at least a title and players")])
    problems = shape_problems(data)
    try:
        state = position_from_data(_without_paths(data, problems) if problems else data)
    except PositionError as error:
        shape_paths = [p.path for p in problems]
        problems += [p for p in error.problems if not any(q[: len(p.path)] == p.path for q in shape_paths)]
    except (TypeError, ValueError, AttributeError, KeyError):
        pass  # the rules cannot be checked on what is left of a badly broken file
    if problems:
        raise ScenarioError(source, placed_problems(problems, marks))
    return Scenario(source, data["title"], data.get("description", ""), state, data, marks)


def _without_paths(data: Any, problems: list[Problem]) -> Any:
    """A copy of ``data`` without the values that break the format, so the rules can be checked on the rest."""
    import copy  # only a file that breaks the format gets here

    pruned = copy.deepcopy(data)
    doomed: dict[int, tuple[Any, set[Any]]] = {}
    for problem in problems:
        path = problem.path[:-1] if problem.path[-1:] == (KEY,) else problem.path
        if not path or isinstance(problem, ListLength):  # the rules check the items of a list too long or short
            continue
        parent = pruned
        for step in path[:-1]:
            parent = parent[step]
        doomed.setdefault(id(parent), (parent, set()))[1].add(path[-1])
    for parent, steps in doomed.values():
        for step in sorted(steps, key=str, reverse=True):
            del parent[step]
    return pruned


def placed_problems(problems: list[Problem], marks: dict[Path, tuple[int, int]]) -> list[Located]:
    """The problems placed at their lines and columns, in the order of the file."""
    placed = []
    for problem in problems:
        line, column = locate(marks, problem.path)
        placed.append(Located(line, column, _path_words(problem.path) + problem.message))
    return sorted(placed, key=lambda p: (p.line, p.column))


def locate(marks: dict[Path, tuple[int, int]], path: Path) -> tuple[int, int]:
    """The line and column of the value at ``path``, or of its nearest enclosing value."""
    while path not in marks and path:
        path = path[:-1]
    return marks.get(path, (0, 0))


def _path_words(path: Path) -> str:
    steps = [str(step) if isinstance(step, str) else f"[{step + 1}]" for step in path if step != KEY]
    return (".".join(steps).replace(".[", "[") + ": ") if steps else ""


# -- YAML to data, keeping positions -------------------------------------------


def parse_yaml(text: str, source: str) -> tuple[Any, dict[Path, tuple[int, int]]]:
    """Compose ``text`` with the safe loader and build plain data with each value's position."""
    try:
        node = yaml.compose(text, Loader=_loader_for(text))
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        problem = error.problem or error.context or "malformed YAML"
        where = (mark.line + 1, mark.column + 1) if mark else (0, 0)
        raise ScenarioError(source, [Located(*where, f"YAML syntax: {problem}")]) from None
    except yaml.YAMLError as error:
        raise ScenarioError(source, [Located(0, 0, f"YAML syntax: {error}")]) from None
    except RecursionError:
        raise ScenarioError(source, [Located(0, 0, "the YAML is nested too deeply")]) from None
    if node is None:
        return None, {}
    builder = _DataBuilder(source)
    data = builder.value(node, ())
    if builder.problems:
        raise ScenarioError(source, builder.problems)
    return data, builder.marks


def _loader_for(text: str) -> type:
    """libyaml's safe loader, unless the text might nest deeper than it can safely go.

    Every level of nesting takes one of ``[ { - : ?``, so their count bounds the depth;
    PyYAML's own safe loader stops deep nesting with a ``RecursionError``.
    """
    indicators = sum(text.count(mark) for mark in "[{-:?")
    return _FAST_LOADER if indicators <= _FAST_LOADER_NESTING else yaml.SafeLoader


class _DataBuilder:
    def __init__(self, source: str):
        self.source = source
        self.marks: dict[Path, tuple[int, int]] = {}
        self.problems: list[Located] = []
        self.values = 0

    def value(self, node: yaml.Node, path: Path, depth: int = 0) -> Any:
        self.values += 1
        if self.values > MAX_VALUES or depth > MAX_DEPTH:
            reason = "expands to too many values (a chain of aliases?)" if depth <= MAX_DEPTH else "is nested too deeply"
            raise ScenarioError(self.source, [Located(*_mark(node), f"the YAML {reason}")])
        self.marks.setdefault(path, _mark(node))
        if node.tag not in _CORE_TAGS:
            self.fail(node, f"the tag {node.tag!r} is not allowed: scenarios use plain YAML values")
            return None
        if isinstance(node, yaml.MappingNode):
            return self.mapping(node, path, depth)
        if isinstance(node, yaml.SequenceNode):
            return [self.value(item, path + (i,), depth + 1) for i, item in enumerate(node.value)]
        return self.scalar(node)

    def scalar(self, node: yaml.ScalarNode) -> Any:
        """A plain value; numbers far beyond any count in a game are refused, not built."""
        if node.tag == "tag:yaml.org,2002:int" and len(node.value) > MAX_NUMBER_DIGITS:
            self.fail(node, f"the number {node.value[:MAX_NUMBER_DIGITS]}... is far more than the whole deck holds")
            return None
        try:
            return _SCALAR_CONSTRUCTOR.construct_object(node, deep=True)
        except (ValueError, OverflowError) as error:
            self.fail(node, f"the value cannot be read: {error}")
            return None

    def mapping(self, node: yaml.MappingNode, path: Path, depth: int) -> dict[str, Any]:
        result: dict[str, Any] = {}
        for key_node, value_node in node.value:
            if not isinstance(key_node, yaml.ScalarNode) or key_node.tag not in _CORE_TAGS:
                self.fail(key_node, "a key must be a plain word")
                continue
            key = str(_SCALAR_CONSTRUCTOR.construct_object(key_node))
            if key in result:
                self.fail(key_node, f"the key {key!r} appears twice")
                continue
            self.marks[path + (key, KEY)] = _mark(key_node)
            result[key] = self.value(value_node, path + (key,), depth + 1)
        return result

    def fail(self, node: yaml.Node, message: str) -> None:
        self.problems.append(Located(*_mark(node), message))


def _mark(node: yaml.Node) -> tuple[int, int]:
    """Where ``node`` starts: 1-based line and column."""
    return node.start_mark.line + 1, node.start_mark.column + 1
