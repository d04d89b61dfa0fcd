"""Hostile scenario YAML: tags, unreadable values, syntax slips and follow-on errors, each placed once."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

import pexpect
import pytest
import yaml
from hypothesis import example, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from tutor.cli.app import build_app
from tutor.lessons.strict_yaml import load_unique
from tutor.scenario import ScenarioError, parse_scenario
from tutor.scenario.files import MAX_EXPECTATIONS, check_file
from tutor.scenario import loader
from tutor.scenario.loader import MAX_DEPTH, MAX_FILE_BYTES, TOO_DEEP, Located
from test_scenarios_loading import TWO_PLAYERS
from terminal import exit_status

GOOD = "title: Good\n" + TWO_PLAYERS + """\
expect:
  - moves: hand 3 to build 1
    legal: false
    rule: build.start
"""

PLAYERS = GOOD.split("players:\n", 1)[1].split("expect:", 1)[0]


def problems(text: str) -> list[str]:
    with pytest.raises(ScenarioError) as raised:
        parse_scenario(text, "case.yaml")
    return raised.value.lines()


@pytest.mark.parametrize("line, where, words", [
    ("!!int abc: 1", "case.yaml:1:1:", "'abc' cannot be read as !!int"),
    ("!!float abc: 1", "case.yaml:1:1:", "'abc' cannot be read as !!float"),
    ("description: !!bool maybe", "case.yaml:1:14:", "description: 'maybe' cannot be read as !!bool"),
    ("description: !!int ''", "case.yaml:1:14:", "description: '' cannot be read as !!int"),
    ("description: !!map abc", "case.yaml:1:14:", "description: the tag !!map does not fit a single value"),
    ("description: !!seq abc", "case.yaml:1:14:", "description: the tag !!seq does not fit a single value"),
    ("description: !!str [1]", "case.yaml:1:14:", "description: the tag !!str does not fit a list"),
    ("description: !!float [1]", "case.yaml:1:14:", "description: the tag !!float does not fit a list"),
    ("!!map {}: 1", "case.yaml:1:1:", "a key must be a plain word"),
])
def test_a_core_tag_that_does_not_fit_is_a_placed_problem(line, where, words):
    found = problems(line + "\n" + GOOD)
    assert found == [f"{where} {words}"], found


def test_an_unreadable_value_is_reported_once_and_nothing_is_judged_from_a_guess():
    for count, found in (("ten", "the text 'ten'"), ("2.5", "a float"), ("true", "a yes/no value (true)"),
                         ("!!int ten", None)):
        text = GOOD.replace("{top: 7, count: 12}", f"{{top: 7, count: {count}}}")
        lines = problems(text)
        assert len(lines) == 1, lines
        assert lines[0].startswith("case.yaml:4:28: players[1].stock.count:"), lines
        assert found is None or found in lines[0]
    lines = problems(GOOD.replace("count: 20}", "count: 20, next: !!int x}").replace("count: 12}", "count: ten}"))
    assert [line.split(": ")[1] for line in lines] == ["players[1].stock.count", "players[2].stock.next"], lines


def test_an_unreadable_title_is_not_also_missing():
    assert problems(GOOD.replace("title: Good", "title: !!bool maybe")) == [
        "case.yaml:1:8: title: 'maybe' cannot be read as !!bool"]


def test_a_duplicate_key_does_not_stop_the_check_of_the_rest_of_the_file():
    text = GOOD.replace("    hand: 5\n", "    hand: 5\n    hand: 4\n").replace("top: 7,", "top: 13,")
    found = problems(text)
    assert any(line.startswith("case.yaml:9:5:") and "the key 'hand' appears twice" in line for line in found), found
    assert any(line.startswith("case.yaml:4:") and "13" in line for line in found), found


@pytest.mark.parametrize("text, line, words", [
    ("title: T\nplayers:\n\t- name: you\n", 3, "indent with spaces"),
    ("title: T\nplayers:\n  - name: a\n    stock: {count: 3}\n   hand: 4\n", 5, "line up each '- '"),
    ("title: T\ndescription: a: b\n", 2, "put text holding ': ' in quotes"),
    ("title: \"T\nplayers: []\n", 3, "never closed"),
])
def test_a_yaml_syntax_error_is_explained_in_plain_words_beside_the_parser_text(text, line, words):
    [found] = problems(text)
    assert found.startswith(f"case.yaml:{line}:") and "YAML syntax: " in found and words in found, found


# -- arbitrary documents: a position or placed problems, nothing else -------------

TAGS = st.sampled_from(["", "", "", "", "", "", "", "",  # untagged values most often
                        "!!int ", "!!float ", "!!bool ", "!!str ", "!!null ", "!!seq ", "!!map ", "!!binary ",
                        "!!timestamp ", "!!set ", "!!omap ", "!local ", "!<tag:yaml.org,2002:int> "])
KEYS = st.sampled_from(["expect", "avoid", "players", "build", "title", "description", "build", "draw_pile",
                        "completed", "players", "name", "stock",
                        "top", "count", "next", "hand", "discards", "turn", "phase", "rules", "teams", "expect",
                        "moves", "legal", "rule", "quality", "avoid", "turns", "é", "ſtock", "x y"])
WORDS = st.one_of(
    st.sampled_from(["", "''", "maybe", "yes", "1", "-1", "0x1f", "0o17", "1e400", ".nan", "12", "SB", "~", "null",
                     "2001-12-14", "1_000", "99999999999999999999", "ten", "[]", "{}", "[1, SB]", "{count: 3}"]),
    st.text(st.characters(blacklist_categories=("Cs",)), max_size=8).map(json.dumps),
)


def _node(depth: int) -> st.SearchStrategy[str]:
    scalar = st.builds(lambda tag, word: tag + word, TAGS, WORDS)
    if depth == 0:
        return scalar
    inner = _node(depth - 1)
    flow_list = st.builds(lambda tag, items: tag + "[" + ", ".join(items) + "]", TAGS, st.lists(inner, max_size=3))
    flow_map = st.builds(lambda tag, pairs: tag + "{" + ", ".join(f"{k}{key}: {v}" for k, key, v in pairs) + "}",
                         TAGS, st.lists(st.tuples(TAGS, KEYS, inner), max_size=3))
    return st.one_of(scalar, flow_list, flow_map)


DOCUMENTS = st.lists(st.tuples(TAGS, KEYS, _node(2)), max_size=6).map(
    lambda pairs: "".join(f"{tag}{key}: {value}\n" for tag, key, value in pairs))


@settings(max_examples=400, deadline=None)
@given(DOCUMENTS, st.booleans())
@example("expect: 1\n", True)
@example("avoid: yes\n", True)
@example("expect: [{turns: .nan, legal: true}]\n", True)
@example("!!int abc: 1\ntitle: !!bool maybe\n", False)
def test_any_yaml_document_gives_a_position_or_placed_problems(text, with_players):
    if with_players:
        text = "players:\n" + PLAYERS + text
    try:
        parse_scenario(text, "case.yaml")
    except ScenarioError as error:
        assert error.problems and all(isinstance(p, Located) and isinstance(p.line, int) for p in error.problems)
        assert all(re.match(r"case\.yaml:(\d+:\d+: | )\S", line) for line in error.lines()), error.lines()
    with tempfile.TemporaryDirectory() as folder:  # the whole check of scenario test: expectations too
        path = Path(folder) / "case.yaml"
        path.write_text(text, encoding="utf-8", errors="surrogatepass")
        checked = check_file(path)
        assert checked.usable == (checked.scenario is not None)
        assert all(line.startswith(str(path)) for line in checked.lines())


def test_one_broken_file_does_not_stop_scenario_test_reporting_the_others(tmp_path: Path):
    (tmp_path / "a-good.yaml").write_text(GOOD, encoding="utf-8")
    (tmp_path / "b-tagged.yaml").write_text("!!int abc: 1\n" + GOOD, encoding="utf-8")
    (tmp_path / "c-bool.yaml").write_text(GOOD.replace("title: Good", "title: !!bool maybe"), encoding="utf-8")
    (tmp_path / "d-good.yaml").write_text(GOOD, encoding="utf-8")
    result = CliRunner().invoke(build_app(), ["scenario", "test", str(tmp_path), "--json"])
    assert result.exit_code == 2, result.output
    report = json.loads(result.stdout)
    assert [entry["status"] for entry in report["files"]] == ["passed", "unusable", "unusable", "passed"]


# -- bounded work: special files, oversized files, too many expectations ----------

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("make", [lambda path: os.mkfifo(path), lambda path: path.symlink_to("/dev/zero")],
                         ids=["fifo", "dev-zero"])
def test_a_special_file_given_as_a_scenario_is_refused_without_reading(tmp_path: Path, make):
    special = tmp_path / "special.yaml"
    make(special)
    for args in (["check", str(special), "end"], ["scenario", "validate", str(special)],
                 ["scenario", "test", str(special)]):
        result = subprocess.run([sys.executable, "-m", "tutor", *args], capture_output=True, text=True, timeout=30,
                                cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)})
        assert result.returncode == 2, result
        assert re.search(r"special\.yaml: is a (named pipe|device), not a scenario file", result.stdout + result.stderr)


def test_an_oversized_file_is_refused_before_parsing(tmp_path: Path):
    path = tmp_path / "big.yaml"
    path.write_text(GOOD + "#" * (MAX_FILE_BYTES + 1), encoding="utf-8")
    [problem] = problems_of(path)
    assert problem == f"{path}: is larger than {MAX_FILE_BYTES // 1024} KiB; a scenario is a few lines of YAML"


def test_a_file_with_more_expectations_than_the_cap_is_refused_whole(tmp_path: Path):
    many = GOOD.replace("expect:\n  - moves", "expect:\n  - &one\n    moves") + "  - *one\n" * MAX_EXPECTATIONS
    path = tmp_path / "many.yaml"
    path.write_text(many, encoding="utf-8")
    [problem] = problems_of(path)
    assert f"holds {MAX_EXPECTATIONS + 1} expectations" in problem and "split it" in problem
    path.write_text(many.replace("  - *one\n", "", 1), encoding="utf-8")
    assert check_file(path).usable


def problems_of(path: Path) -> list[str]:
    return check_file(path).lines()


def test_scenario_test_shows_which_file_it_is_testing_in_a_terminal(tmp_path: Path):
    for number in range(3):
        (tmp_path / f"s{number}.yaml").write_text(GOOD, encoding="utf-8")
    child = pexpect.spawn(sys.executable, ["-m", "tutor", "scenario", "test", str(tmp_path)], encoding="utf-8",
                          env={**os.environ, "PYTHONPATH": str(ROOT), "TERM": "xterm"}, timeout=60,
                          dimensions=(30, 120))
    child.expect(r"testing .*s\d\.yaml \(1 expectation\)")
    child.expect_exact("3 passed, 0 failed")
    assert exit_status(child) == 0


@settings(max_examples=200, deadline=None)
@given(DOCUMENTS)
@example("a: !!int abc\n")
@example("!!float abc: 1\n")
@example("a: !!bool maybe\n")
@example("a: !!map x\n")
@example("a: !!int ''\n")
def test_lesson_yaml_gives_data_or_a_placed_yaml_error(text):
    try:
        load_unique(text)
    except yaml.MarkedYAMLError as error:
        assert error.problem_mark is not None or error.context_mark is not None


def test_scenario_new_refuses_to_write_into_a_pipe(tmp_path: Path):
    pipe = tmp_path / "pipe.yaml"
    os.mkfifo(pipe)
    result = subprocess.run([sys.executable, "-m", "tutor", "scenario", "new", str(pipe), "--force"],
                            capture_output=True, text=True, timeout=30, cwd=ROOT,
                            env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert result.returncode == 2 and "is not a regular file" in result.stderr


# -- nesting: measured on libyaml's event stream before its composer recurses in C ----------------------

def composed_with(monkeypatch) -> list[type]:
    """The loaders ``yaml.compose`` is called with from now on."""
    loaders: list[type] = []
    compose = yaml.compose
    monkeypatch.setattr(yaml, "compose", lambda text, Loader: loaders.append(Loader) or compose(text, Loader=Loader))
    return loaders


@pytest.mark.skipif(not yaml.__with_libyaml__, reason="PyYAML is installed without libyaml")
def test_brackets_and_dashes_that_open_nothing_do_not_count_as_nesting(monkeypatch):
    """Brackets and indicators in quotes, comments and block text are text: the file is composed by libyaml."""
    text = ("# " + "[{-:? " * 2000 + "\n"
            "title: '" + "[" * 3000 + "{" * 3000 + "'\n"
            "description: |\n" + "  - - [[ {{ ? a: b\n" * 2000 + TWO_PLAYERS)
    loaders = composed_with(monkeypatch)
    scenario = parse_scenario(text, "case.yaml")
    assert scenario.title == "[" * 3000 + "{" * 3000 and scenario.description.count("[[") == 2000
    assert loaders == [yaml.CSafeLoader]


@pytest.mark.parametrize("levels, refused_at", [(MAX_DEPTH, None), (MAX_DEPTH + 1, "case.yaml:2:60:")])
@pytest.mark.parametrize("fast", [True, False], ids=["libyaml", "pure-python"])
def test_nesting_is_refused_beyond_the_limit_at_the_first_level_too_deep(monkeypatch, levels, refused_at, fast):
    """The check on the event stream refuses what building the data refuses, at the same place."""
    if not fast:
        monkeypatch.setattr(loader, "_FAST_LOADER", yaml.SafeLoader)
    text = "title: X\nplayers: " + "[" * levels + "]" * levels + "\n"
    found = problems(text)
    if refused_at:
        assert found == [f"{refused_at} {TOO_DEEP}"]
    else:
        assert not any(TOO_DEEP in line for line in found), found


@pytest.mark.parametrize("text, where", [
    ("title: X\nplayers:\n" + "- " * 100_000 + "x\n", "3:101"),  # block lists opened on one line
    ("title: X\n" + "? " * 100_000 + "x\n: 1\n", "2:103"),  # keys that are mappings: libyaml composes them too
    ("title: X\nplayers:\n" + "".join("  " * level + "a:\n" for level in range(1, 60)), "53:103"),  # by indentation
    ("title: X\nplayers: [" + '"]", ' * 5000 + "[" * 120_000 + "\n", "2:25060"),  # after brackets in quotes
], ids=["block-lists-on-one-line", "mapping-keys", "indented-mappings", "flow-after-quoted-brackets"])
def test_deep_nesting_of_every_kind_is_refused_at_its_line_without_a_crash(tmp_path: Path, text, where):
    """libyaml 0.2.5 composes 100,000 levels by recursing in C, which crashes: nothing that deep reaches it."""
    path = tmp_path / "deep.yaml"
    path.write_text(text, encoding="utf-8")
    result = subprocess.run([sys.executable, "-m", "tutor", "scenario", "test", str(path)],
                            capture_output=True, text=True, timeout=60, cwd=ROOT,
                            env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert result.returncode == 2, (result.returncode, result.stderr[-500:])
    assert f"{path}:{where}: {TOO_DEEP}" in result.stdout + result.stderr
    assert "Traceback" not in result.stdout + result.stderr


@pytest.mark.parametrize("collecting", [True, False])
def test_reading_a_file_leaves_the_cycle_collector_as_it_found_it(collecting):
    """Paused while a file is composed, the collector runs again after it, even when the file is refused."""
    import gc

    (gc.enable if collecting else gc.disable)()
    try:
        parse_scenario(GOOD, "case.yaml")
        assert gc.isenabled() == collecting
        problems("title: X\nplayers: " + "[" * 100 + "\n")
        assert gc.isenabled() == collecting
    finally:
        gc.enable()
