"""The scenario gallery: a teaching set by topic whose every expectation the engine agrees with."""

import json
from collections import Counter
from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

from tutor.cli.app import build_app
from tutor.engine.rules import RULES
from tutor.scenario import load_scenario

ROOT = Path(__file__).resolve().parent.parent
GALLERY = ROOT / "scenarios"
FILES = sorted(GALLERY.rglob("*.yaml"))
TOPICS = ["rules", "misconceptions", "wild-cards", "endgame", "teams", "scoring", "strategy"]


def _data(path: Path) -> dict:
    return yaml.safe_load(path.read_text(encoding="utf-8"))


DATA = {path: _data(path) for path in FILES}
TAUGHT = {path: data for path, data in DATA.items() if data.get("expect")}


def _expectations():
    for data in TAUGHT.values():
        yield from data["expect"]


def test_the_gallery_passes_tutor_scenario_test():
    result = CliRunner().invoke(build_app(), ["scenario", "test", str(GALLERY), "--json"])
    document = json.loads(result.stdout)
    failing = {f["file"]: f.get("problems") or [e for e in f.get("expectations", []) if not e["passed"]]
               for f in document["files"] if f["status"] in ("failed", "unusable")}
    assert failing == {}
    assert result.exit_code == 0
    assert document["passed"] >= 45


def test_the_gallery_is_organised_by_topic():
    counts = Counter(path.relative_to(GALLERY).parts[0] for path in FILES)
    assert set(TOPICS) <= set(counts), counts
    assert all(counts[topic] >= 3 for topic in TOPICS), counts
    assert len(TAUGHT) >= 45


@pytest.mark.parametrize("path", list(TAUGHT), ids=lambda p: str(p.relative_to(GALLERY)))
def test_each_teaching_scenario_is_complete_and_loads(path):
    data = TAUGHT[path]
    assert data["title"] and data["description"].strip() and data["question"].strip() and data["answer"].strip()
    assert path.read_text(encoding="utf-8").startswith(
        "# yaml-language-server: $schema=../../tutor/scenario/scenario.schema.json")
    load_scenario(path)


def test_titles_are_unique():
    titles = Counter(data["title"] for data in TAUGHT.values())
    assert [title for title, n in titles.items() if n > 1] == []


def test_every_rule_id_has_an_illegal_and_the_gallery_legal_examples():
    broken = {item["rule"] for item in _expectations() if item.get("legal") is False}
    assert set(RULES) - broken == set()
    assert sum(item.get("legal") is True for item in _expectations()) >= 40


def _has(predicate) -> bool:
    return any(predicate(data) for data in TAUGHT.values())


def _outcomes(data):
    return [item.get("then", {}) for item in data["expect"]]


@pytest.mark.parametrize("corner, predicate", [
    ("a refill from a fixed draw pile", lambda d: isinstance(d.get("draw_pile"), dict)
     and "next" in d["draw_pile"] and any("five new cards" in e for t in _outcomes(d) for e in t.get("events", []))),
    ("recycling completed piles", lambda d: d.get("completed", 0) > 0 and d.get("draw_pile") == 0
     and any("shuffled" in e for t in _outcomes(d) for e in t.get("events", []))),
    ("a wild completing a pile at 12", lambda d: any(
        "SB" in str(item.get("moves")) and "reaches 12" in str(item.get("then", {}).get("events")) for item in d["expect"])),
    ("a partner's stock", lambda d: d.get("rules", {}).get("teams") and any(
        ":stock" in str(item.get("moves")) and item.get("legal") for item in d["expect"])),
    ("own discard piles only in teams", lambda d: d.get("rules", {}).get("teams") and any(
        item.get("rule") == "discard.own-piles" for item in d["expect"])),
    ("a team win", lambda d: any(len(t.get("winners", [])) == 2 for t in _outcomes(d))),
    ("round over", lambda d: any(item.get("rule") == "round.over" for item in d["expect"])),
    ("stalemate", lambda d: any(t.get("winners") == [] and t.get("round_over") for t in _outcomes(d))),
    ("an undecidable move", lambda d: any(item.get("undecidable") is True for item in d["expect"])),
    ("phase start", lambda d: d.get("phase") == "start"),
    ("quality expectations", lambda d: any("quality" in item for item in d["expect"]) and d.get("avoid")),
    ("best moves", lambda d: any(item.get("best") is True for item in d["expect"])),
    ("scores", lambda d: any("points" in t for t in _outcomes(d))),
])
def test_the_gallery_covers_the_tricky_corners(corner, predicate):
    assert _has(predicate), corner


def test_the_readme_example_is_legal():
    result = CliRunner().invoke(build_app(), ["check", str(GALLERY / "rules" / "stock-first.yaml"),
                                              "stock to build 1", "--json"])
    assert result.exit_code == 0
    assert json.loads(result.stdout)["legal"] is True


def _tutor(*args):
    return CliRunner().invoke(build_app(), list(args))


def test_tutor_gallery_lists_every_position_by_name_and_title():
    result = _tutor("gallery", "list", "--json")
    assert result.exit_code == 0, result.output
    listed = {entry["name"]: entry["title"] for entry in json.loads(result.stdout)["positions"]}
    assert set(listed) == {str(path.relative_to(GALLERY).with_suffix("").as_posix()) for path in FILES}
    assert listed["rules/stock-first"] == "Stock first"


def test_a_gallery_name_is_taken_wherever_a_scenario_file_is(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    checked = _tutor("check", "rules/stock-first", "stock to build 1", "--json")
    assert checked.exit_code == 0 and json.loads(checked.stdout)["legal"] is True
    tested = _tutor("scenario", "test", "rules/stock-first", "--json")
    assert tested.exit_code == 0 and json.loads(tested.stdout)["passed"] == 1
    sheet = _tutor("worksheet", "rules", "-o", "sheet.html")
    assert sheet.exit_code == 0
    assert (tmp_path / "sheet.html").read_text(encoding="utf-8").count('class="position"') == len(
        list((GALLERY / "rules").glob("*.yaml")))


@pytest.mark.parametrize("name", ["../README", "/etc/passwd", "rules/../../README", "nothing/here"])
def test_a_name_outside_the_gallery_is_no_gallery_name(tmp_path, monkeypatch, name):
    monkeypatch.chdir(tmp_path)
    result = _tutor("gallery", "show", name)
    assert result.exit_code == 2
    assert "is not a position of the gallery" in result.stderr


def test_tutor_gallery_copy_writes_a_folder_of_ones_own_and_never_over_a_file(tmp_path):
    target = tmp_path / "mine"
    assert _tutor("gallery", "copy", "rules/stock-first", "teams", "--to", str(target)).exit_code == 0
    copied = sorted(path.relative_to(target).as_posix() for path in target.rglob("*.yaml"))
    assert copied == ["rules/stock-first.yaml", *sorted(f"teams/{p.name}" for p in (GALLERY / "teams").glob("*.yaml"))]
    assert load_scenario(target / "rules" / "stock-first.yaml").title == "Stock first"
    (target / "rules" / "stock-first.yaml").write_text("mine", encoding="utf-8")
    again = _tutor("gallery", "copy", "rules/stock-first", "--to", str(target))
    assert again.exit_code == 2 and "already exists" in again.stderr
    assert (target / "rules" / "stock-first.yaml").read_text(encoding="utf-8") == "mine"
