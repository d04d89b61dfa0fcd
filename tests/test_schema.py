"""The scenario JSON Schema: the shipped file, the gallery, broken files, and the loader's own checks."""

import copy
import json
from pathlib import Path

import jsonschema
import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from tutor.scenario.schema import SCHEMA, schema_file, schema_text, shape_problems

ROOT = Path(__file__).resolve().parent.parent
GALLERY = sorted((ROOT / "scenarios").rglob("*.yaml"))
BROKEN = sorted((ROOT / "tests" / "fixtures" / "broken").glob("*.yaml"))
VALIDATOR = jsonschema.Draft202012Validator(SCHEMA)


def _data(path: Path):
    return yaml.safe_load(path.read_text(encoding="utf-8"))


def test_schema_is_a_valid_draft_2020_12_schema():
    jsonschema.Draft202012Validator.check_schema(SCHEMA)


def test_shipped_schema_file_equals_schema():
    shipped = json.loads(schema_file().read_text(encoding="utf-8"))
    assert shipped == json.loads(json.dumps(SCHEMA)), "run: python scripts/generate_schema.py"
    assert schema_file().read_text(encoding="utf-8") == schema_text()


def test_gallery_and_fixtures_exist():
    assert len(GALLERY) >= 45
    assert len(BROKEN) >= 8


@pytest.mark.parametrize("path", GALLERY, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_gallery_file_fits_the_schema(path):
    data = _data(path)
    errors = [error.message for error in VALIDATOR.iter_errors(data)]
    assert errors == []
    assert shape_problems(data) == []


@pytest.mark.parametrize("path", BROKEN, ids=lambda p: p.name)
def test_broken_fixtures_are_rejected_by_jsonschema_and_by_the_loader_check(path):
    data = _data(path)
    assert list(VALIDATOR.iter_errors(data)), f"{path.name} should break the schema"
    assert shape_problems(data), f"{path.name} should be refused by shape_problems"


def _messages(data):
    return [problem.message for problem in shape_problems(data)]


PLAYERS = [{"name": "you", "stock": {"top": 7, "count": 12}}, {"name": "Anna", "stock": {"count": 3}}]


@pytest.mark.parametrize("expectation", [
    {"moves": "stock to build 1", "legal": True},
    {"moves": ["hand 3 to build 1", "stock to build 1"], "legal": False, "rule": "build.sequence"},
    {"moves": "stock to build 1", "undecidable": True},
    {"moves": "hand SB to build 2", "quality": "weak", "principle": "strategy.save-wilds"},
    {"moves": "stock to build 1", "best": True, "note": "the stock first"},
    {"turns": [["hand 9 to discard 1"], ["hand 4 to discard 1"]], "then": {"round_over": True, "winners": []}},
    {"moves": "stock to build 1", "then": {"build": [7, None], "hand": ["SB", 3], "stock_top": None,
                                           "points": 60, "events": ["win"]}},
])
def test_expectation_forms_fit_both_checkers(expectation):
    data = {"title": "t", "question": "q?", "answer": "a", "players": PLAYERS, "expect": [expectation],
            "avoid": ["hand 5 to build 1", ["draw", "hand 5 to build 1"]]}
    assert _messages(data) == []
    assert not list(VALIDATOR.iter_errors(data))


@pytest.mark.parametrize("expectation, words", [
    ({"moves": "stock to build 1", "legal": False}, "name it in rule:"),
    ({"moves": "s>b1", "legal": False, "rule": "build.seqence"}, "did you mean 'build.sequence'"),
    ({"moves": "s>b1", "quality": "wek"}, "did you mean 'weak'"),
    ({"legal": True}, "either moves:"),
    ({"moves": "s>b1", "turns": [["s>b1"]], "legal": True}, "not both"),
    ({"moves": "s>b1", "then": {"hnad": [3]}}, "did you mean 'hand'"),
    ({"moves": "s>b1", "then": {"build": [12]}}, "not a build top"),
    ({"moves": 7, "legal": True}, "not a move"),
])
def test_broken_expectations_are_refused_in_plain_words(expectation, words):
    data = {"title": "t", "players": PLAYERS, "expect": [expectation]}
    messages = _messages(data)
    assert any(words in message for message in messages), messages
    assert list(VALIDATOR.iter_errors(data))


_LEAVES = st.one_of(st.none(), st.booleans(), st.integers(-3, 40),
                    st.sampled_from(["SB", "sb", "x", "", "build.sequence", "weak", "stock to build 1", "you"]))
_VALUES = st.recursive(_LEAVES, lambda inner: st.one_of(
    st.lists(inner, max_size=5),
    st.dictionaries(st.sampled_from(["moves", "legal", "rule", "top", "count", "name", "then", "build", "x"]),
                    inner, max_size=4)), max_leaves=10)
_GALLERY_DATA = [_data(path) for path in GALLERY]


def _paths(value, prefix=()):
    if prefix:
        yield prefix
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for step, item in items:
        yield from _paths(item, prefix + (step,))


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_the_loader_check_and_jsonschema_agree_on_damaged_gallery_files(data):
    scenario = copy.deepcopy(data.draw(st.sampled_from(_GALLERY_DATA)))
    path = data.draw(st.sampled_from(list(_paths(scenario))))
    parent = scenario
    for step in path[:-1]:
        parent = parent[step]
    if isinstance(parent, dict) and data.draw(st.booleans()):
        del parent[path[-1]]
    else:
        parent[path[-1]] = data.draw(_VALUES)
    assert bool(shape_problems(scenario)) == bool(list(VALIDATOR.iter_errors(scenario)))
