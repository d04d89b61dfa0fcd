"""``tutor scenario``: validate, test, new, show and schema, as a teacher uses them."""

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tutor.cli import scenario as scenario_cli
from tutor.cli.app import build_app
from tutor.scenario.schema import SCHEMA

ROOT = Path(__file__).resolve().parent.parent
STOCK_FIRST = ROOT / "scenarios" / "rules" / "stock-first.yaml"

runner = CliRunner()
app = build_app()

POSITION = """\
title: Stock first
build: [6, null, 2, null]
players:
  - name: you
    stock: {top: 7, count: 12, next: [4]}
    hand: [3, 5, SB, 9, 12]
  - name: Anna
    stock: {top: 8, count: 20}
    hand: 5
"""


def run(*args):
    return runner.invoke(app, ["scenario", *map(str, args)])


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


# -- validate ------------------------------------------------------------------


def test_validate_accepts_a_good_file():
    result = run("validate", STOCK_FIRST)
    assert result.exit_code == 0, result.output
    assert "ok" in result.stdout and "stock-first.yaml" in result.stdout


def test_validate_reports_every_problem_of_a_file_with_its_line(tmp_path):
    path = write(tmp_path, "broken.yaml", """\
title: Three problems
build: [6, null, 13, null]
players:
  - name: you
    stock: {top: 7, count: 12}
    hnad: [3, 5]
  - name: Anna
    stock: {top: 8, count: 12}
expect:
  - moves: stock to bild 1
    legal: true
  - moves: hand 5 to build 1
    legal: false
""")
    result = run("validate", path)
    assert result.exit_code == 2
    lines = [line for line in result.stdout.splitlines() if line.startswith(str(path))]
    places = [line[len(str(path)) + 1:].split(":")[0] for line in lines]
    assert places == ["2", "6", "10", "12"], result.stdout
    assert "did you mean 'hand'" in result.stdout
    assert "cannot read the move 'stock to bild 1'" in result.stdout
    assert "rule:" in lines[-1]


def test_validate_checks_all_files_and_reports_json(tmp_path):
    good = write(tmp_path, "good.yaml", POSITION)
    bad = write(tmp_path, "bad.yaml", "title: [unclosed\n")
    result = run("validate", good, bad, tmp_path / "missing.yaml", "--json")
    assert result.exit_code == 2
    document = json.loads(result.stdout)
    assert document["valid"] is False
    assert [f["valid"] for f in document["files"]] == [True, False, False]
    problem = document["files"][1]["problems"][0]
    assert problem["line"] in (1, 2) and "YAML syntax" in problem["message"]
    assert "no such file" in document["files"][2]["problems"][0]["message"]


def test_validate_searches_folders_like_test(tmp_path):
    write(tmp_path, "good.yaml", POSITION)
    (tmp_path / "week-2").mkdir()
    write(tmp_path / "week-2", "bad.yaml", POSITION.replace("hand: [3", "hnad: [3"))
    result = run("validate", tmp_path)
    assert result.exit_code == 2
    assert f"ok  {tmp_path / 'good.yaml'}" in result.stdout
    assert "week-2/bad.yaml:" in result.stdout and "did you mean 'hand'" in result.stdout
    assert "1 valid, 1 with problems" in result.stdout
    empty = tmp_path / "empty"
    empty.mkdir()
    result = run("validate", empty)
    assert result.exit_code == 2 and "no scenario files" in result.stderr


def test_validate_json_of_good_files_says_valid(tmp_path):
    result = run("validate", "--json", write(tmp_path, "a.yaml", POSITION), STOCK_FIRST)
    assert result.exit_code == 0
    assert json.loads(result.stdout)["valid"] is True


# -- test ----------------------------------------------------------------------


def test_test_passes_a_file_whose_expectations_hold():
    result = run("test", STOCK_FIRST)
    assert result.exit_code == 0, result.output
    assert "PASS" in result.stdout and "1 passed, 0 failed" in result.stdout


def test_test_catches_a_wrong_expectation_and_names_it(tmp_path):
    path = write(tmp_path, "wrong.yaml", POSITION + """\
expect:
  - moves: stock to build 1
    legal: true
  - moves: hand 5 to build 3
    legal: true
    note: deliberately wrong
""")
    result = run("test", path)
    assert result.exit_code == 1
    out = result.stdout
    assert "FAIL" in out and "wrong.yaml" in out
    assert "line 13" in out and "hand 5 to build 3" in out
    assert "build.sequence" in out and "deliberately wrong" in out
    assert "0 passed, 1 failed" in out


def test_test_report_has_no_escape_codes_with_no_color():
    result = runner.invoke(app, ["scenario", "test", str(STOCK_FIRST)], env={"NO_COLOR": "1", "FORCE_COLOR": "1"})
    assert result.exit_code == 0
    assert "PASS" in result.stdout and "\x1b" not in result.stdout


def test_test_json_lists_each_expectation(tmp_path):
    path = write(tmp_path, "wrong.yaml", POSITION + """\
expect:
  - moves: stock to build 1
    legal: false
    rule: build.sequence
  - moves: [stock to build 1, stock 4 to build 1]
    legal: false
    rule: build.sequence
""")
    result = run("test", path, "--json")
    assert result.exit_code == 1
    document = json.loads(result.stdout)
    assert (document["passed"], document["failed"], document["unusable"]) == (0, 1, 0)
    first, second = document["files"][0]["expectations"]
    assert first["passed"] is False and first["line"] == 11
    assert "ruled legal" in first["failures"][0]
    assert second["passed"] is True


def test_test_wrong_rule_and_wrong_outcome_are_reported(tmp_path):
    path = write(tmp_path, "rule.yaml", POSITION + """\
expect:
  - moves: hand 5 to build 3
    legal: false
    rule: build.start
  - moves: stock to build 1
    then: {build: [8, null, 2, null], stock_top: 9}
""")
    failures = [f for e in json.loads(run("test", path, "--json").stdout)["files"][0]["expectations"]
                for f in e.get("failures", [])]
    assert any("expected the rule build.start" in f and "build.sequence" in f for f in failures)
    assert "expected build [8, null, 2, null]; found [7, null, 2, null]" in failures
    assert any("expected stock_top 9; found 4" in f for f in failures)


def test_test_plays_several_turns_into_a_stalemate(tmp_path):
    path = write(tmp_path, "stalemate.yaml", """\
title: Stalemate
phase: start
build: [3, 5, 8, 10]
draw_pile: 0
players:
  - {name: you, stock: {top: 7, count: 9}, hand: [12]}
  - {name: Anna, stock: {top: 1, count: 4}, hand: [12]}
expect:
  - turns: [[hand 12 to discard 1], [hand 12 to discard 1]]
    then: {round_over: true, winners: [], points: 0}
  - turns: [[hand 12 to discard 1, end]]
    legal: false
    rule: turn.over
  - turns: [[stock to build 1], [hand 12 to discard 1]]
    legal: true
""")
    result = run("test", path, "--json")
    checks = json.loads(result.stdout)["files"][0]["expectations"]
    assert [c["passed"] for c in checks] == [True, True, False]
    assert "already illegal (build.sequence)" in checks[2]["failures"][0]


def test_test_reports_unusable_files_with_exit_2(tmp_path):
    write(tmp_path, "good.yaml", POSITION + "expect:\n  - moves: stock to build 1\n    legal: true\n")
    write(tmp_path, "bad.yaml", POSITION.replace("top: 7", "top: 14"))
    result = run("test", tmp_path)
    assert result.exit_code == 2
    assert "ERROR" in result.stdout and "bad.yaml:5:" in result.stdout
    assert "1 passed, 0 failed, 1 unusable" in result.stdout


def test_test_of_a_missing_path_is_unusable(tmp_path):
    result = run("test", tmp_path / "nowhere")
    assert result.exit_code == 2
    assert "no such file or folder" in result.stdout


def test_quality_expectations_fail_clearly_without_the_analysis(tmp_path, monkeypatch):
    monkeypatch.setattr(scenario_cli, "default_assess", lambda: None)
    path = write(tmp_path, "quality.yaml", POSITION + """\
expect:
  - moves: stock to build 1
    best: true
avoid: [hand SB to build 1]
""")
    result = run("test", path, "--json")
    assert result.exit_code == 1
    checks = json.loads(result.stdout)["files"][0]["expectations"]
    assert all(c["failures"] == ["quality verdicts are not available"] for c in checks)


def test_quality_expectations_use_the_analysis(tmp_path, monkeypatch):
    verdicts = {"stock to build 1": {"quality": "best", "principles": []},
                "hand SB to build 1": {"quality": "weak", "principles": ["strategy.save-wilds"],
                                       "better": "stock to build 1"}}
    from tutor.engine import format_move

    monkeypatch.setattr(scenario_cli, "default_assess",
                        lambda: lambda state, move: verdicts[format_move(move)])
    path = write(tmp_path, "quality.yaml", POSITION + """\
expect:
  - moves: stock to build 1
    best: true
  - moves: hand SB to build 1
    quality: weak
    principle: strategy.save-wilds
  - moves: hand SB to build 1
    quality: good
avoid: [stock to build 1]
""")
    checks = json.loads(run("test", path, "--json").stdout)["files"][0]["expectations"]
    assert [c["passed"] for c in checks] == [True, True, False, False]
    assert checks[2]["failures"] == ["expected quality good; the analysis grades it weak (better: stock to build 1)"]
    assert "not among the best" in checks[3]["failures"][0]


# -- new -----------------------------------------------------------------------


def test_new_writes_a_template_that_validate_and_test_accept(tmp_path):
    path = tmp_path / "lesson" / "new.yaml"
    result = run("new", path)
    assert result.exit_code == 0, result.output
    text = path.read_text(encoding="utf-8")
    assert text.startswith("# yaml-language-server: $schema=scenario.schema.json\n")
    assert json.loads((path.parent / "scenario.schema.json").read_text(encoding="utf-8")) == SCHEMA
    assert "question:" in text and "expect:" in text and "answer:" in text
    assert run("validate", path).exit_code == 0
    assert run("test", path).exit_code == 0


def test_new_points_at_the_schema_with_a_path_that_travels_with_the_files(tmp_path):
    assert run("new", tmp_path / "course" / "a.yaml").exit_code == 0
    assert run("new", tmp_path / "course" / "week-1" / "b.yaml").exit_code == 0
    nested = (tmp_path / "course" / "week-1" / "b.yaml").read_text(encoding="utf-8")
    assert nested.startswith("# yaml-language-server: $schema=../scenario.schema.json\n")
    assert not (tmp_path / "course" / "week-1" / "scenario.schema.json").exists()  # the one above serves
    assert "site-packages" not in nested and str(tmp_path) not in nested
    project = tmp_path / "project"  # a checkout of the project: its own copy of the schema serves
    (project / "tutor" / "scenario").mkdir(parents=True)
    (project / "tutor" / "scenario" / "scenario.schema.json").write_text("{}", encoding="utf-8")
    in_gallery = project / "scenarios" / "rules" / "new.yaml"
    assert run("new", in_gallery).exit_code == 0
    assert in_gallery.read_text(encoding="utf-8").startswith(
        "# yaml-language-server: $schema=../../tutor/scenario/scenario.schema.json\n")


def test_new_never_overwrites_without_force(tmp_path):
    path = write(tmp_path, "mine.yaml", "keep me\n")
    result = run("new", path)
    assert result.exit_code == 2
    assert "--force" in result.stderr
    assert path.read_text(encoding="utf-8") == "keep me\n"
    assert run("new", path, "--force").exit_code == 0
    assert path.read_text(encoding="utf-8") != "keep me\n"


def test_new_from_the_one_line_position(tmp_path):
    path = tmp_path / "quick.yaml"
    result = run("new", path, "--title", "Nine on eight", "--build", "8,-,-,-", "--stock", "9",
                 "--hand", "1,4,4,11,12", "--opponent", "Anna:3")
    assert result.exit_code == 0, result.output
    text = path.read_text(encoding="utf-8")
    assert "title: Nine on eight" in text and "build: [8, null, null, null]" in text
    assert "moves: stock to build 1" in text
    assert run("validate", path).exit_code == 0
    assert run("test", path).exit_code == 0


def test_new_prints_to_stdout_without_a_file():
    result = run("new")
    assert result.exit_code == 0
    assert result.stdout.count("title:") == 1


def test_new_refuses_a_broken_one_line_position(tmp_path):
    result = run("new", tmp_path / "x.yaml", "--build", "13")
    assert result.exit_code == 2
    assert not (tmp_path / "x.yaml").exists()


# -- show and schema -----------------------------------------------------------


def test_show_draws_the_players_view(tmp_path):
    path = write(tmp_path, "show.yaml", POSITION + "question: Which card?\nanswer: The seven.\n")
    result = run("show", path)
    assert result.exit_code == 0, result.output
    assert "Stock first" in result.stdout and "Which card?" in result.stdout
    assert "The seven." not in result.stdout and "Hidden" not in result.stdout


def test_show_reveal_lists_hidden_cards_and_the_answer(tmp_path):
    path = write(tmp_path, "show.yaml", POSITION + "question: Which card?\nanswer: The seven.\n"
                 "expect:\n  - moves: stock to build 1\n    legal: true\n")
    result = run("show", path, "--reveal")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Hidden from the player to move" in out
    assert "your stock under the top (next first): 4" in out
    assert "stock to build 1: legal" in out and "The seven." in out


def test_show_of_a_broken_file_is_unusable(tmp_path):
    result = run("show", write(tmp_path, "bad.yaml", "title: x\n"))
    assert result.exit_code == 2
    assert "players" in result.stderr


def test_schema_prints_the_json_schema():
    result = run("schema")
    assert result.exit_code == 0
    assert json.loads(result.stdout) == json.loads(json.dumps(SCHEMA))


def test_validate_refuses_moves_naming_a_stranger(tmp_path):
    path = write(tmp_path, "stranger.yaml", POSITION + """\
expect:
  - moves: Bob:stock to build 1
    legal: false
    rule: source.not-yours
""")
    result = run("validate", path)
    assert result.exit_code == 2
    assert f"{path}:11:5: expect[1]: the move 'Bob:stock to build 1' names 'Bob'" in result.stdout


def test_new_from_a_position_before_the_draw_expects_the_draw(tmp_path):
    path = tmp_path / "start.yaml"
    assert run("new", path, "--phase", "start", "--stock", "1", "--hand", "2,3", "--draw-next", "4,5,6").exit_code == 0
    assert "moves: draw" in path.read_text(encoding="utf-8")
    assert run("test", path).exit_code == 0


def test_expectations_read_table_talk_and_never_guess_between_two_readings():
    result = run("test", Path(__file__).resolve().parent / "fixtures" / "which-discard-pile.yaml", "--json")
    expectations = json.loads(result.stdout)["files"][0]["expectations"]
    assert [e["passed"] for e in expectations] == [False, True, True]
    assert "can mean discard pile 3" in json.dumps(expectations[0])


def test_new_never_writes_through_a_link_out_of_the_folder(tmp_path):
    folder, outside = tmp_path / "lesson", tmp_path / "outside"
    folder.mkdir()
    outside.mkdir()
    (folder / "scenario.schema.json").symlink_to("../outside/planted.json")  # dangling: the write would create it
    result = run("new", folder / "lesson.yaml")
    assert result.exit_code == 2
    assert f"scenario.schema.json is a link to {outside / 'planted.json'}, outside its folder" in result.stderr
    assert list(outside.iterdir()) == [] and not (folder / "lesson.yaml").exists()
    (folder / "scenario.schema.json").unlink()
    (folder / "scenario.schema.json").symlink_to("schema-v1.json")  # a link within the folder is followed
    assert run("new", folder / "lesson.yaml").exit_code == 0
    assert json.loads((folder / "schema-v1.json").read_text(encoding="utf-8"))["title"]


@pytest.mark.parametrize("language, comment, title", [("sv", "# krävs: ett kort namn", "title: Stockhögen först"),
                                                      ("da", "# påkrævet: et kort navn", "title: Stakbunken først")])
def test_new_writes_its_comments_and_example_in_the_language_and_the_file_reads_in_every_language(
        tmp_path, language, comment, title):
    from tutor.i18n import use

    path = tmp_path / "ny.yaml"
    try:
        assert run("new", path, "--lang", language).exit_code == 0
    finally:
        use("en")
    text = path.read_text(encoding="utf-8")
    assert comment in text and title in text
    assert "moves: stock to build 1" in text and "players:" in text  # the format's keys and moves
    assert run("validate", path).exit_code == 0 and run("test", path).exit_code == 0  # read in English


def test_a_player_without_a_stock_in_a_team_game_is_the_one_problem_reported(tmp_path):
    text = (ROOT / "scenarios" / "teams" / "partner-stock.yaml").read_text(encoding="utf-8")
    without = text.replace("  - name: Bo\n    stock: {top: 7, count: 12, next: [8]}\n", "  - name: Bo\n")
    assert without != text
    result = run("validate", write(tmp_path, "team.yaml", without))
    assert result.exit_code == 2
    problems = [line for line in result.stdout.splitlines() if "team.yaml:" in line]
    assert problems == [f"{tmp_path / 'team.yaml'}:18:5: players[3]: missing the required key 'stock'"]


@pytest.mark.parametrize("glued, line", [("title:Stock first", 1), ("question:Why not", 2)])
def test_a_key_without_a_space_after_its_colon_is_named_on_its_line(tmp_path, glued, line):
    lines = POSITION.splitlines()
    lines.insert(line - 1, glued) if glued.startswith("question") else lines.__setitem__(0, glued)
    result = run("validate", write(tmp_path, "glued.yaml", "\n".join(lines) + "\n"))
    assert result.exit_code == 2
    key, _, value = glued.partition(":")
    assert f"glued.yaml:{line}:1: YAML syntax: '{glued}' has no space after the colon, so it reads as text, not " \
           f"as a key: write '{key}: {value}'" in result.stdout
