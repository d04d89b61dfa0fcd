"""``tutor scenario``: write, validate, test and show scenario files."""

from __future__ import annotations

import sys
from contextlib import contextmanager
from pathlib import Path as FilePath
from typing import Any, Callable, Iterator, Optional

import typer

from ..files.folders import FolderFile
from ..i18n import _, ngettext
from ..scenario.expectations import Check, default_assess, run_expectations
from ..scenario.files import CheckedFile, check_file, scenario_files
from ..scenario.gallery import GALLERY, scenario_source
from .output import EXIT_ILLEGAL, EXIT_LEGAL, EXIT_UNUSABLE, not_utf8, print_json, printable, unusable
from .positions import load_position, with_quick_position
from .scenario_paths import scenario_paths
from .quick import QuickPosition

scenario_app = typer.Typer(help="Write, validate, test and show scenario files.", no_args_is_help=True)


# -- validate --------------------------------------------------------------------


@scenario_app.command("validate")
def validate_command(
    files: list[str] = typer.Argument(..., metavar="PATH...", help="Scenario files, or folders to search."),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON document."),
) -> None:
    """Check scenario files (folders are searched throughout): every problem, with its line and column.

    Exit status: 0 every file is usable, 2 a file is not.
    """
    checked = scenario_paths(files)
    if not checked:
        unusable([_("no scenario files (*.yaml) under {paths}").format(paths=", ".join(files))], as_json=as_json,
                 kind="usage")
    if as_json:
        print_json({"valid": all(c.usable for c in checked), "files": [_file_json(c) for c in checked]})
    else:
        out = sys.stdout
        for result in checked:
            if result.usable:
                out.write(printable(_("ok  {file} ({expectations})").format(
                    file=result.source, expectations=_expectations(len(result.expectations)))) + "\n")
            else:
                out.write("".join(f"{printable(line)}\n" for line in result.lines()))
        bad = sum(not c.usable for c in checked)
        out.write(_("{valid} valid, {bad} with problems").format(valid=len(checked) - bad, bad=bad) + "\n"
                  if len(checked) > 1 or bad else "")
    raise typer.Exit(EXIT_LEGAL if all(c.usable for c in checked) else EXIT_UNUSABLE)


def _file_json(checked: CheckedFile) -> dict[str, Any]:
    return {
        "file": checked.source,
        "valid": checked.usable,
        "problems": _problems_json(checked),
    }


def _problems_json(checked: CheckedFile) -> list[dict[str, Any]]:
    return [{"line": p.line, "column": p.column, "message": p.message} for p in checked.problems]


def _expectations(count: int) -> str:
    return ngettext("{count} expectation", "{count} expectations", count).format(count=count)


# -- test ------------------------------------------------------------------------


@scenario_app.command("test")
def test_command(
    paths: Optional[list[str]] = typer.Argument(None, metavar="[PATH...]",
                                                help="Scenario files or folders (scenarios/ if none, "
                                                     "else the gallery)."),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON document."),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="List only the files that do not pass."),
) -> None:
    """Check the expectations of every scenario against the engine, like a test runner.

    Exit status: 0 all pass, 1 an expectation fails, 2 a file is unusable.
    """
    paths = paths or ["scenarios" if FilePath("scenarios").is_dir() else str(GALLERY)]
    names, missing = scenario_files(paths)
    if not names and not missing:
        unusable([_("no scenario files (*.yaml) under {paths}").format(paths=", ".join(paths))],
                 as_json=as_json,
                 kind="usage")
    assess = default_assess()
    results = _run_all([*missing, *names], assess, show_progress=not as_json)
    statuses = [_status(checked, checks) for checked, checks in results]
    tally = {status: statuses.count(status) for status in ("passed", "failed", "unusable", "empty")}
    if as_json:
        print_json({**tally, "files": [_test_json(c, checks, s) for (c, checks), s in zip(results, statuses)]})
    else:
        _print_tests(results, statuses, tally, quiet)
    if tally["unusable"]:
        raise typer.Exit(EXIT_UNUSABLE)
    raise typer.Exit(EXIT_ILLEGAL if tally["failed"] else EXIT_LEGAL)


def _run_all(files: list[CheckedFile | str | FolderFile], assess: Any, *,
             show_progress: bool) -> list[tuple[CheckedFile, list[Check]]]:
    """Check and run every file in turn; for a person, a progress line on stderr names the file at work."""
    from contextlib import nullcontext

    results = []
    with _progress(len(files)) if show_progress and len(files) > 1 else nullcontext() as working_on:
        for done, file in enumerate(files):
            checked = file if isinstance(file, CheckedFile) else check_file(file)
            if working_on:
                working_on(done, checked)
            results.append((checked, _run(checked, assess)))
    return results


@contextmanager
def _progress(total: int) -> Iterator[Callable[[int, CheckedFile], None]]:
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

    from .output import error_console

    columns = (TextColumn(_("testing")), BarColumn(), MofNCompleteColumn(), TextColumn("{task.description}"))
    with Progress(*columns, console=error_console(), transient=True) as progress:
        task = progress.add_task("", total=total)

        def working_on(done: int, checked: CheckedFile) -> None:
            progress.update(task, completed=done,
                            description=f"{checked.source} ({_expectations(len(checked.expectations))})")

        yield working_on


def _run(checked: CheckedFile, assess: Any) -> list[Check]:
    if checked.scenario is None:
        return []
    return run_expectations(checked.scenario, checked.expectations, assess)


def _status(checked: CheckedFile, checks: list[Check]) -> str:
    if not checked.usable:
        return "unusable"
    if not checks:
        return "empty"
    return "passed" if all(check.passed for check in checks) else "failed"


def _test_json(checked: CheckedFile, checks: list[Check], status: str) -> dict[str, Any]:
    entry: dict[str, Any] = {"file": checked.source, "status": status}
    if checked.problems:
        entry["problems"] = _problems_json(checked)
    if checked.scenario is not None:
        entry["expectations"] = [_check_json(checked, check) for check in checks]
    return entry


def _check_json(checked: CheckedFile, check: Check) -> dict[str, Any]:
    expectation = check.expectation
    line, column = checked.scenario.locate(expectation.path)
    entry = {"line": line, "column": column, "moves": expectation.moves_text, "expected": expectation.summary,
             "passed": check.passed}
    if check.failures:
        entry["failures"] = list(check.failures)
    if "note" in expectation.wanted:
        entry["note"] = expectation.wanted["note"]
    return entry


_STATUS_STYLES = {"passed": "green", "failed": "bold red", "unusable": "bold red", "empty": "yellow"}


def _status_word(status: str) -> str:
    """PASS, FAIL, ERROR or NONE, in the language in use."""
    return {"passed": _("PASS"), "failed": _("FAIL"), "unusable": _("ERROR"), "empty": _("NONE")}[status]


def _print_tests(results: list[tuple[CheckedFile, list[Check]]], statuses: list[str], tally: dict[str, int],
                 quiet: bool) -> None:
    from rich.text import Text

    from .output import console

    out = console(soft_wrap=True)  # a report line stays one line, however long
    for (checked, checks), status in zip(results, statuses):
        if quiet and status == "passed":
            continue
        word, style = _status_word(status), _STATUS_STYLES[status]
        detail = {"passed": f"  ({_expectations(len(checks))})",
                  "empty": "  " + _("(no expectations)")}.get(status, "")
        out.print(Text.assemble((f"{word:<6}", style), checked.source, (detail, "dim")))
        for line in checked.lines() if status == "unusable" else []:
            out.print(Text(f"    {line}"))
        for check in checks:
            if not check.passed:
                _print_failure(out, checked, check)
    passed, failed, unusable, empty = (tally[status] for status in ("passed", "failed", "unusable", "empty"))
    summary = [ngettext("{count} passed", "{count} passed", passed).format(count=passed),
               ngettext("{count} failed", "{count} failed", failed).format(count=failed)]
    if unusable:
        summary.append(ngettext("{count} unusable", "{count} unusable", unusable).format(count=unusable))
    if empty:
        summary.append(ngettext("{count} without expectations", "{count} without expectations", empty).format(
            count=empty))
    checked_count = sum(len(checks) for _checked, checks in results)
    style = "bold red" if tally["failed"] or tally["unusable"] else "bold green"
    out.print(Text.assemble((", ".join(summary), style),
                            ("  " + ngettext("({count} expectation checked)", "({count} expectations checked)",
                                               checked_count).format(count=checked_count),
                             "dim")))


def _print_failure(out: Any, checked: CheckedFile, check: Check) -> None:
    from rich.text import Text

    expectation = check.expectation
    line, _column = checked.scenario.locate(expectation.path)
    out.print(Text.assemble("    " + _("line {line}:").format(line=line) + " ", (expectation.moves_text, "bold"),
                            "  " + _("expected {summary}").format(summary=expectation.summary)))
    for failure in check.failures:
        out.print(Text(f"      {failure}", style="red"))
    if "note" in expectation.wanted:
        out.print(Text("      " + _("note: {note}").format(note=expectation.wanted["note"]), style="dim"))


# -- new -------------------------------------------------------------------------


@with_quick_position
def new_command(
    file: Optional[str] = typer.Argument(None, help="Where to write the template (printed if left out)."),
    title: Optional[str] = typer.Option(None, "--title", help="The scenario's title."),
    force: bool = typer.Option(False, "--force", help="Overwrite an existing file."),
    quick: QuickPosition = None,  # type: ignore[assignment]
) -> None:
    """Write a commented scenario template, from the one-line position options if given."""
    from ..scenario.schema import schema_text
    from .template import schema_reference, template_text

    if title is not None and (problem := not_utf8(title, "--title")):
        unusable([problem], as_json=False, kind="usage")
    position = load_position(None, quick, as_json=False) if quick.given else None
    if file is None:
        _write_or_print(None, template_text(position, title), force, check="validate")
        return
    reference, save_schema = schema_reference(FilePath(file))
    companions = {reference: schema_text()} if save_schema else {}
    _write_or_print(file, template_text(position, title, reference), force, check="validate",
                    companions=companions)


scenario_app.command("new")(new_command)


# -- show ------------------------------------------------------------------------


@scenario_app.command("show")
def show_command(
    file: str = typer.Argument(..., help="A scenario file."),
    reveal: bool = typer.Option(False, "--reveal", help="The teacher's view: hidden cards, expectations, answer."),
) -> None:
    """Draw a scenario as the player to move sees it, or with --reveal as the teacher does."""
    checked = check_file(scenario_source(file))
    if not checked.usable:
        unusable(checked.lines(), as_json=False, kind="scenario")
    from .scenario_view import print_scenario

    print_scenario(checked, reveal=reveal)


# -- schema ----------------------------------------------------------------------


@scenario_app.command("schema")
def schema_command() -> None:
    """Print the JSON Schema of scenario files (for editors and other programs)."""
    from ..scenario.schema import schema_text

    sys.stdout.write(schema_text())


# -- from-record -------------------------------------------------------------------


@scenario_app.command("from-record")
def from_record_command(
    record: str = typer.Argument(..., metavar="RECORD", help="A game record (tutor play, tutor simulate --record)."),
    turn: int = typer.Option(..., "--turn", min=1, help="The turn, numbered through the game as tutor review does."),
    player: Optional[str] = typer.Option(None, "--player", help="Count only this player's turns: --turn 3 is "
                                                                 "their third."),
    output: Optional[str] = typer.Option(None, "--output", "-o", help="Where to write the scenario (printed if "
                                                                       "left out)."),
    force: bool = typer.Option(False, "--force", help="Overwrite an existing file."),
) -> None:
    """Write the position before a recorded turn as a scenario, its moves with the coach's verdicts as expectations."""
    from ..play.exercise import ExerciseError, exercise_data, exercise_origin, exercise_text, find_turn
    from ..records.files import RecordError, read_record

    try:
        game = read_record(record)
        found = find_turn(game, turn, player)
        text = exercise_text(exercise_data(game, found), exercise_origin(found, printable(record, one_line=True)))
    except RecordError as error:
        unusable(error.lines(), as_json=False, kind="record")
    except ExerciseError as error:
        unusable([f"{record}: {error}"], as_json=False, kind="usage")
    _write_or_print(output, text, force, check="test")


def _write_or_print(file: Optional[str], text: str, force: bool, check: str,
                    companions: Optional[dict[str, str]] = None) -> None:
    """Print ``text``, or write it to ``file`` (never over an existing file unless ``force``).

    ``companions`` maps names of files to save beside it (such as the schema) to their text.
    """
    if file is None:
        sys.stdout.write(text)
        return
    from ..files.writing import write_atomically
    from ..files.reading import NotARegularFile

    target = FilePath(file)
    if target.exists() and not target.is_file():  # a folder, or a pipe that would block the write
        unusable([_("{path} is not a regular file: give the name of a file to write").format(path=file)],
                 as_json=False, kind="usage")
    if target.exists() and not force:
        unusable([_("{path} already exists: give --force to overwrite it").format(path=file)], as_json=False,
                 kind="usage")
    companions = companions or {}
    written = file
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        for name, companion in companions.items():
            written = str(target.with_name(name))
            write_atomically(written, companion)
        written = file
        write_atomically(target, text)
    except NotARegularFile as error:
        unusable([_("{path} {problem}: give the name of a file to write").format(path=written, problem=error)],
                 as_json=False, kind="usage")
    except OSError as error:
        unusable([_("{path}: cannot be written: {problem}").format(path=written, problem=error.strerror or error)],
                 as_json=False, kind="usage")
    if companions:
        done = _("wrote {path} and {beside} (the format, for editors); check it with: tutor scenario {check} {path}")
    else:
        done = _("wrote {path}; check it with: tutor scenario {check} {path}")
    beside = ", ".join(str(target.with_name(name)) for name in companions)
    sys.stdout.write(printable(done.format(path=file, beside=beside, check=check)) + "\n")
