"""Loading scenario files safely, with every problem placed at its line and column.

The YAML is composed into nodes with PyYAML's safe loader and turned into
plain data here, so that each value keeps its position in the file, aliases
cannot expand without bound, and no tag outside YAML's core schema is
accepted. Oversized and binary files are refused before parsing, and
nesting deeper than MAX_DEPTH before composing.
"""

from __future__ import annotations

import os
import re
from dataclasses import field
from typing import Any, NamedTuple, Optional

import yaml

from ..engine.collector import collector_paused
from ..engine.position import Path, PositionError, Problem, position_from_data
from ..engine.state import GameState
from ..engine.values import Value
from ..i18n import N_, _
from ..files.reading import FileTooLarge, NotARegularFile, read_regular_file
from .schema import KEY, ListLength, shape_problems

MAX_FILE_BYTES = 256 * 1024
MAX_NUMBER_DIGITS = 12
MAX_VALUES = 20_000  # values after alias expansion: stops alias bombs early
MAX_DEPTH = 50


class YamlLimits(NamedTuple):
    """How much a YAML file of one kind may hold: bytes on disk, and values after alias expansion."""

    max_bytes: int
    max_values: int


SCENARIO_LIMITS = YamlLimits(MAX_FILE_BYTES, MAX_VALUES)

_CORE_TAGS = {
    "tag:yaml.org,2002:" + name for name in ("str", "int", "float", "bool", "null", "seq", "map")
}
_SCALAR_CONSTRUCTOR = yaml.constructor.SafeConstructor()
_FAST_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml's safe loader when present: faster
# libyaml composes nested collections by recursing in C. Some builds set no limit (10,000 levels
# compose, 100,000 crash the process); others stop reading at 1,000 levels, ahead of the parser.
# Its event stream is parsed without recursion, so the nesting is measured on it first
# (_refuse_unbounded), and nothing deeper than MAX_DEPTH, which the data may not exceed anyway,
# is composed: a file of any length that is not deep goes to libyaml.
TOO_DEEP = N_("the YAML is nested too deeply")
_LIBYAML_TOO_DEEP = "maximum nesting depth"  # what libyaml 0.2.5 built with a nesting limit says (1,000 levels)
TOO_MANY_VALUES = N_("the YAML holds or expands to too many values")


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


class Scenario(Value):
    """A loaded scenario: its position, its texts, and its data with positions."""

    source: str
    title: str
    description: str
    state: GameState
    data: dict[str, Any]
    marks: dict[Path, tuple[int, int]] = field(repr=False, default_factory=dict)

    def __init__(self, source: str, title: str, description: str, state: GameState, data: dict[str, Any],
                 marks: Optional[dict[Path, tuple[int, int]]] = None) -> None:
        self.__dict__.update(source=source, title=title, description=description, state=state, data=data,
                             marks={} if marks is None else marks)

    def locate(self, path: Path) -> tuple[int, int]:
        return locate(self.marks, path)


def read_scenario_text(path: str | os.PathLike[str], *, follow_link: bool = True, name: str = "") -> str:
    """The text of a scenario file, refusing missing, special, oversized and binary files before reading them.

    ``follow_link`` False refuses a link as the file itself; problems name the file ``name`` (default: ``path``).
    """
    return read_yaml_text(path, SCENARIO_LIMITS.max_bytes, _("a scenario file"),
                          _("{size} KiB; a scenario is a few lines of YAML").format(
                              size=SCENARIO_LIMITS.max_bytes // 1024),
                          follow_link=follow_link, name=name)


def read_yaml_text(path: str | os.PathLike[str], max_bytes: int, what: str, limit_words: str, *,
                   follow_link: bool = True, name: str = "") -> str:
    """The text of a YAML file of ours (``what`` it should be), refusing missing, special, oversized
    (more than ``max_bytes``, said as ``limit_words``) and binary files before reading them."""
    name = name or str(path)
    try:
        raw = read_regular_file(path, max_bytes, follow_link=follow_link)
    except FileNotFoundError:
        raise ScenarioError(name, [Located(0, 0, _("no such file"))]) from None
    except NotARegularFile as error:
        raise ScenarioError(name, [Located(0, 0, _("is {kind}, not {what}").format(kind=_(error.kind), what=what))]
                            ) from None
    except FileTooLarge:
        raise ScenarioError(name, [Located(0, 0, _("is larger than {limit}").format(limit=limit_words))]) from None
    except OSError as error:
        raise ScenarioError(name, [Located(0, 0, _("cannot be read: {problem}").format(
            problem=error.strerror or error))]) from None
    if b"\0" in raw:
        raise ScenarioError(name, [Located(0, 0, _("is not a text file (it holds binary data)"))])
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = raw[: error.start].count(b"\n") + 1
        raise ScenarioError(name, [Located(line, 0, _("is not valid UTF-8 text"))]) from None


def load_scenario(path: str | os.PathLike[str]) -> Scenario:
    """Read, check and build the scenario in ``path``; raise ``ScenarioError`` listing every problem."""
    return parse_scenario(read_scenario_text(path), str(path))


def parse_scenario(text: str, source: str = "<scenario>") -> Scenario:
    """Check and build a scenario from its YAML text."""
    return scenario_from_document(parse_yaml(text, source), source)


def scenario_from_data(data: Any, marks: dict[Path, tuple[int, int]], source: str) -> Scenario:
    """Check scenario data against the format and the rules, and build the position."""
    return scenario_from_document(Document(data, marks), source)


def scenario_from_document(document: Document, source: str) -> Scenario:
    """Check a parsed file against the format and the rules, and build the position.

    Each value is judged once: a value that cannot be read, or that breaks the format, is
    reported, and no rule is checked on what would have to be guessed in its place.
    """
    data, marks = document.data, document.marks
    if data is None and not document.problems:
        raise ScenarioError(source, [Located(1, 1, _("the file is empty: a scenario needs at least a title and players"))])
    unreadable = list(document.unreadable)
    problems = [p for p in shape_problems(data) if not _within(p.path, unreadable)]
    taken = unreadable + [_value_path(p) for p in problems if not isinstance(p, ListLength)]
    taken = [path for path in taken if path]  # taken away before the rules are checked
    try:
        state = position_from_data(_without_paths(data, taken) if taken else data)
    except PositionError as error:
        reported = unreadable + [p.path for p in problems]
        guessed = [path for path in taken if path[-1:] != (KEY,) and path not in _key_values(problems)]
        problems += [p for p in error.problems if not _judged_from_unknown(p.path, reported, guessed)]
    except (TypeError, ValueError, AttributeError, KeyError):
        pass  # the rules cannot be checked on what is left of a badly broken file
    if problems or document.problems:
        placed = [*document.problems, *placed_problems(problems, marks)]
        raise ScenarioError(source, sorted(placed, key=lambda p: (p.line, p.column)))
    from .gallery import in_language

    return in_language(Scenario(source, data["title"], data.get("description", ""), state, data, marks))


def _value_path(problem: Problem) -> Path:
    """The value a problem is about (a key's problem is about the value it names)."""
    return problem.path[:-1] if problem.path[-1:] == (KEY,) else problem.path


def _within(path: Path, paths: list[Path]) -> bool:
    """True when ``path`` is one of ``paths`` or lies inside one of them."""
    return any(path[: len(other)] == other for other in paths)


def _key_values(problems: list[Problem]) -> list[Path]:
    """The values of the unknown keys: the rules never read them."""
    return [p.path[:-1] for p in problems if p.path[-1:] == (KEY,)]


def _judged_from_unknown(path: Path, reported: list[Path], guessed: list[Path]) -> bool:
    """True when a rule's problem at ``path`` is already reported or rests on a value that was not read.

    That is a problem about a value already reported or about anything holding one (the whole
    position's card count, a player), or about a sibling of a value taken away, in the same
    mapping below the top level (a stock's top when its count is unknown). With a whole player
    taken away, what rests on who sits at the table (the teams, the rules for so many players,
    whose turn it is) is judged from an unknown too.
    """
    player_taken = any(len(other) == 2 and other[0] == "players" for other in guessed)
    return (any(other[: len(path)] == path for other in reported)
            or any(len(other) > 1 and path[: len(other) - 1] == other[:-1] for other in guessed)
            or (player_taken and path[:1] in (("rules",), ("turn",))))


def _without_paths(data: Any, paths: list[Path]) -> Any:
    """A copy of ``data`` without the values at ``paths``, so the rules can be checked on the rest."""
    import copy  # only a file that breaks the format gets here

    pruned = copy.deepcopy(data)
    doomed: dict[int, tuple[Any, set[Any]]] = {}
    for path in paths:
        parent = pruned
        try:
            for step in path[:-1]:
                parent = parent[step]
        except (KeyError, IndexError, TypeError):
            continue  # inside a value already taken away
        doomed.setdefault(id(parent), (parent, set()))[1].add(path[-1])
    for parent, steps in doomed.values():
        for step in sorted(steps, reverse=True):
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


class Document(NamedTuple):
    """Parsed YAML as plain data, with each value's position and the values that could not be read.

    A value that cannot be read stands as None in ``data``; its path is in ``unreadable`` and its
    problem in ``problems``, so that nothing is judged from it a second time.
    """

    data: Any
    marks: dict[Path, tuple[int, int]]
    problems: tuple[Located, ...] = ()
    unreadable: frozenset[Path] = frozenset()


@collector_paused()  # a long record composes into a million nodes, values and marks, none in a cycle
def parse_yaml(text: str, source: str, limits: YamlLimits = SCENARIO_LIMITS) -> Document:
    """Compose ``text`` with the safe loader and build plain data with each value's position.

    Only broken YAML syntax and unbounded documents (more values than ``limits`` allow) raise
    ``ScenarioError``; a value or key that cannot be read is a problem of the document, and the
    rest of the file is still read.
    """
    try:
        if _FAST_LOADER is not yaml.SafeLoader or len(text) > limits.max_values:
            _refuse_unbounded(text, source, _FAST_LOADER, limits.max_values)
        node = yaml.compose(text, Loader=_FAST_LOADER)
    except yaml.MarkedYAMLError as error:
        if _LIBYAML_TOO_DEEP in (error.problem or ""):  # a libyaml with a nesting limit stops before the scan can
            _refuse_unbounded(text, source, yaml.SafeLoader, limits.max_values)
        raise ScenarioError(source, [_syntax_problem(error, text)]) from None
    except yaml.YAMLError as error:
        raise ScenarioError(source, [Located(0, 0, _("YAML syntax: {problem}").format(problem=error))]) from None
    except RecursionError:  # PyYAML's own loader, where libyaml is missing, stops deep nesting here
        raise ScenarioError(source, [Located(0, 0, _(TOO_DEEP))]) from None
    if node is None:
        return Document(None, {})
    builder = _DataBuilder(source, limits.max_values)
    data = builder.value(node, ())
    return Document(data, builder.marks, tuple(builder.problems), frozenset(builder.unreadable))


# What a parser's complaint usually means, in plain words, keyed by the start of its text.
SYNTAX_HINTS = {
    "found character that cannot start any token": N_("a character YAML cannot read here; "
                                                      "text starting with @, ` or % needs quotes"),
    "did not find expected '-' indicator": N_("a line in a list is indented differently from the items "
                                              "above it: line up each '- ' with the others"),
    "did not find expected key": N_("a line is indented differently from the keys above it: line up "
                                    "the keys of one mapping"),
    "could not find expected ':'": N_("a line that is neither 'key: value' nor a list item; "
                                      "text spread over lines needs quotes or '|'"),
    "mapping values are not allowed": N_("a second ': ' on one line; put text holding ': ' in quotes"),
    "found unexpected end of stream": N_("a quote or bracket is opened but never closed"),
    "did not find expected ',' or ']'": N_("a list in [brackets] is not closed, or lacks a comma"),
    "did not find expected ',' or '}'": N_("a mapping in {braces} is not closed, or lacks a comma"),
    "found undefined alias": N_("a *name refers to an &name that is not defined above it"),
    "found duplicate anchor": N_("two values carry the same &name"),
}
TAB_HINT = N_("a tab: indent with spaces, never tabs")


def _syntax_problem(error: yaml.MarkedYAMLError, text: str) -> Located:
    """A YAML syntax error placed where the parser stopped, with what it usually means."""
    mark = error.problem_mark or error.context_mark
    problem = error.problem or error.context or _("malformed YAML")
    where = (mark.line + 1, mark.column + 1) if mark else (0, 0)
    glued = _key_without_space(text, mark.line) if mark and problem.startswith(_GLUED_SYMPTOMS) \
        else None
    if glued is not None:  # the line above read as plain text, so the key on this line came as a surprise
        line, column, written = glued
        key, _colon, value = written.partition(":")
        return Located(line, column, _("YAML syntax: {written!r} has no space after the colon, so it reads as text, "
                                       "not as a key: write '{key}: {value}'").format(written=written, key=key,
                                                                                       value=value))
    if mark and _indented_with_tab(text, mark.line):
        hint = _(TAB_HINT)
    else:
        hint = next((_(words) for start, words in SYNTAX_HINTS.items() if problem.startswith(start)), None)
    if hint:
        return Located(*where, _("YAML syntax: {problem} ({hint})").format(problem=problem, hint=hint))
    return Located(*where, _("YAML syntax: {problem}").format(problem=problem))


_GLUED_SYMPTOMS = ("mapping values are not allowed", "could not find expected ':'")  # after a glued key
_GLUED_KEY = re.compile(r"^(\s*)([A-Za-z_][\w-]*:[^\s:/][^#]*?)\s*$")


def _key_without_space(text: str, line: int) -> Optional[tuple[int, int, str]]:
    """The line, column and text of a ``key:value`` written without a space, on a line above ``line``
    (the nearest with text, at the same indentation or less), or None."""
    lines = text.split("\n")
    below = lines[line] if line < len(lines) else ""
    indent = len(below) - len(below.lstrip(" "))
    for number in range(min(line, len(lines)) - 1, -1, -1):
        content = lines[number]
        if not content.strip() or content.lstrip().startswith("#"):
            continue
        found = _GLUED_KEY.match(content)
        if found and len(found.group(1)) <= indent:
            return number + 1, len(found.group(1)) + 1, found.group(2)
        return None
    return None


def _indented_with_tab(text: str, line: int) -> bool:
    lines = text.split("\n")
    if line >= len(lines):
        return False
    content = lines[line]
    return "\t" in content[: len(content) - len(content.lstrip(" \t"))]


def _refuse_unbounded(text: str, source: str, loader: type, max_values: int) -> None:
    """Raise ``ScenarioError`` at the first collection nested deeper than MAX_DEPTH allows, or at the first
    value past ``max_values``, before anything is composed.

    The parser's event stream is read one event at a time, in constant memory: every level opened in block
    or flow style is counted, and nothing inside quotes, comments or block text; every value is counted
    as it goes by, keys not (an alias counts once here; its expansion is counted as it is built). A file of
    millions of tiny values is so refused after reading no more than the values allowed. (PyYAML's own
    parser, slower, places the level where a libyaml with a nesting limit of its own gave up reading ahead.)
    """
    values, state, enclosing = 0, _IN_LIST, []  # state: where in the open collection the next node stands
    for event in yaml.parse(text, Loader=loader):
        kind = type(event)
        if kind is yaml.SequenceEndEvent or kind is yaml.MappingEndEvent:
            state = enclosing.pop()
            continue
        opens = kind is yaml.SequenceStartEvent or kind is yaml.MappingStartEvent
        if not opens and kind is not yaml.ScalarEvent and kind is not yaml.AliasEvent:
            continue  # the stream's and the document's own events
        if state == _AT_KEY:
            state = _AT_VALUE
        else:
            state = _AT_KEY if state == _AT_VALUE else _IN_LIST
            values += 1
            if values > max_values:
                raise ScenarioError(source, [Located(*_mark(event), _(TOO_MANY_VALUES))])
        if opens:
            enclosing.append(state)
            if len(enclosing) > MAX_DEPTH + 1:  # the top collection is at depth 0 of the data
                raise ScenarioError(source, [Located(*_mark(event), _(TOO_DEEP))])
            state = _AT_KEY if kind is yaml.MappingStartEvent else _IN_LIST


_IN_LIST, _AT_KEY, _AT_VALUE = range(3)
_NODE_KINDS = {"tag:yaml.org,2002:seq": yaml.SequenceNode, "tag:yaml.org,2002:map": yaml.MappingNode}


class _DataBuilder:
    def __init__(self, source: str, max_values: int):
        self.source = source
        self.max_values = max_values
        self.marks: dict[Path, tuple[int, int]] = {}
        self.problems: list[Located] = []
        self.unreadable: list[Path] = []
        self.values = 0

    def value(self, node: yaml.Node, path: Path, depth: int = 0) -> Any:
        """The data of ``node``; None, with a problem placed at the node, when it cannot be read."""
        self.values += 1
        if self.values > self.max_values or depth > MAX_DEPTH:
            reason = TOO_MANY_VALUES if depth <= MAX_DEPTH else TOO_DEEP
            raise ScenarioError(self.source, [Located(*_mark(node), _(reason))])
        self.marks.setdefault(path, _mark(node))
        if node.tag not in _CORE_TAGS:
            return self.unread(node, path, _("the tag {tag!r} is not allowed: scenarios use plain YAML values").format(
                tag=node.tag))
        if not isinstance(node, _NODE_KINDS.get(node.tag, yaml.ScalarNode)):
            return self.unread(node, path, _("the tag {tag} does not fit {node}").format(
                tag=_short_tag(node.tag), node=_(_NODE_WORDS[type(node)])))
        if isinstance(node, yaml.MappingNode):
            return self.mapping(node, path, depth)
        if isinstance(node, yaml.SequenceNode):
            return [self.value(item, path + (i,), depth + 1) for i, item in enumerate(node.value)]
        return self.scalar(node, path)

    def scalar(self, node: yaml.ScalarNode, path: Path) -> Any:
        """A plain value; numbers longer than any count, seed or score of ours are refused, not built.

        The problem is placed at the value's field, so the message need not guess what the number counts.
        """
        if node.tag == "tag:yaml.org,2002:int" and len(node.value) > MAX_NUMBER_DIGITS:
            return self.unread(node, path, _("the number {start}... is too long: a number has at most {digits} digits"
                                             ).format(start=node.value[:MAX_NUMBER_DIGITS], digits=MAX_NUMBER_DIGITS))
        try:
            return _SCALAR_CONSTRUCTOR.construct_object(node, deep=True)
        except (ValueError, KeyError, IndexError, TypeError, OverflowError, yaml.YAMLError):
            return self.unread(node, path, _("{value!r} cannot be read as {tag}").format(
                value=node.value, tag=_short_tag(node.tag)))

    def mapping(self, node: yaml.MappingNode, path: Path, depth: int) -> dict[str, Any]:
        result: dict[str, Any] = {}
        for key_node, value_node in node.value:
            if not isinstance(key_node, yaml.ScalarNode) or key_node.tag not in _CORE_TAGS:
                self.fail(key_node, _("a key must be a plain word"))
                continue
            key = self.scalar(key_node, path + (KEY,))
            if key is None and key_node.tag != "tag:yaml.org,2002:null":
                continue  # the key could not be read: said so, and its value is not guessed at
            key = str(key)
            if key in result:
                self.fail(key_node, _("the key {key!r} appears twice (the first one is used)").format(key=key))
                continue
            self.marks[path + (key, KEY)] = _mark(key_node)
            result[key] = self.value(value_node, path + (key,), depth + 1)
        return result

    def unread(self, node: yaml.Node, path: Path, message: str) -> None:
        """Report a value that cannot be read; it stands as None and is judged no further."""
        self.problems.append(Located(*_mark(node), _path_words(path) + message))
        if path[-1:] != (KEY,):  # a key that cannot be read is left out with its value
            self.unreadable.append(path)
        return None

    def fail(self, node: yaml.Node, message: str) -> None:
        self.problems.append(Located(*_mark(node), message))


_NODE_WORDS = {yaml.ScalarNode: N_("a single value"), yaml.SequenceNode: N_("a list"), yaml.MappingNode: N_("a mapping")}


def _short_tag(tag: str) -> str:
    """``!!int`` for YAML's ``tag:yaml.org,2002:int``."""
    return tag.replace("tag:yaml.org,2002:", "!!")


def _mark(node: yaml.Node | yaml.Event) -> tuple[int, int]:
    """Where ``node`` (or a parser's event) starts: 1-based line and column."""
    return node.start_mark.line + 1, node.start_mark.column + 1
