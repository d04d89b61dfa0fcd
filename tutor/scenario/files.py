"""Scenario files for teachers: every problem of a file at once, and finding the files under a folder."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path as FilePath
from typing import Optional

from ..engine import Transfer
from ..engine.position import Problem
from ..files.folders import FolderFile, folder_files
from ..i18n import _
from .expectations import Assess, Expectation, read_expectations, run_expectations
from .gallery import scenario_source
from .loader import (
    Located, Scenario, ScenarioError, parse_yaml, placed_problems, read_scenario_text, scenario_from_document,
)

SCENARIO_SUFFIXES = (".yaml", ".yml")
MAX_EXPECTATIONS = 200  # per file: each may run a search of a whole turn


@dataclass
class CheckedFile:
    """A scenario file with everything wrong in it; ``scenario`` is None when it cannot be used."""

    source: str
    scenario: Optional[Scenario] = None
    expectations: list[Expectation] = field(default_factory=list)
    problems: list[Located] = field(default_factory=list)

    @property
    def usable(self) -> bool:
        return not self.problems

    def lines(self) -> list[str]:
        """The problems as ``file:line:column: message`` lines."""
        return ScenarioError(self.source, self.problems).lines()


def check_file(path: str | os.PathLike[str] | FolderFile) -> CheckedFile:
    """Load a scenario and read its expectations, gathering the problems of both.

    A file of a folder (``FolderFile``) is read from its resolved path, links refused there, or not at all
    when it is refused.
    """
    if isinstance(path, FolderFile):
        if path.refused:
            return CheckedFile(path.name, problems=[Located(0, 0, path.refused)])
        source, text = path.name, lambda: read_scenario_text(path.resolved, follow_link=False, name=path.name)
    else:
        source, text = str(path), lambda: read_scenario_text(path)
    try:
        document = parse_yaml(text(), source)
    except ScenarioError as error:
        return CheckedFile(source, problems=error.problems)
    data, marks = document.data, document.marks
    checked = CheckedFile(source)
    try:
        checked.scenario = scenario_from_document(document, source)
    except ScenarioError as error:
        checked.problems.extend(error.problems)
    # read from the scenario where there is one: a gallery file's notes are in the language in use
    checked.expectations, notation = read_expectations(checked.scenario.data if checked.scenario else data)
    checked.problems.extend(placed_problems(notation + _too_many(checked.expectations), marks))
    if checked.scenario is not None:
        checked.problems.extend(placed_problems(_strangers(checked.scenario, checked.expectations), marks))
    checked.problems.sort(key=lambda p: (p.line, p.column))
    if checked.problems:
        checked.scenario = None
    return checked


def failed_expectations(files: list[CheckedFile], assess: Optional[Assess]) -> list[str]:
    """Every expectation of the usable ``files`` the engine disagrees with, as ``file:line:column: moves: why``
    lines (the check of ``tutor scenario test``)."""
    lines = []
    for checked in files:
        if checked.scenario is None:
            continue
        for check in run_expectations(checked.scenario, checked.expectations, assess):
            line, column = checked.scenario.locate(check.expectation.path)
            lines += [f"{checked.source}:{line}:{column}: {check.expectation.moves_text}: {failure}"
                      for failure in check.failures]
    return lines


def _too_many(expectations: list[Expectation]) -> list[Problem]:
    """A file with more expectations than one run checks: it is refused whole rather than checked in part."""
    if len(expectations) <= MAX_EXPECTATIONS:
        return []
    return [Problem(expectations[MAX_EXPECTATIONS].path,
                    _("the file holds {count} expectations (aliases included); at most {most} are checked in one "
                      "file: split it into several files").format(count=len(expectations), most=MAX_EXPECTATIONS))]


def _strangers(scenario: Scenario, expectations: list[Expectation]) -> list[Problem]:
    """Moves of the expectations that name a player who is not at the table."""
    names = ", ".join(player.name for player in scenario.state.players)
    problems = []
    for expectation in expectations:
        for turn in expectation.turns:
            for text, move in turn:
                owners = (move.source.owner, move.target.owner) if isinstance(move, Transfer) else ()
                for owner in owners:
                    if owner is not None and scenario.state.seat_of(owner) is None:
                        problems.append(Problem(expectation.path, _("the move {move!r} names {owner!r}, who is not "
                                                                    "at the table (players: {names})").format(
                            move=text, owner=owner, names=names)))
    return problems


def scenario_files(paths: list[str]) -> tuple[list[str | FolderFile], list[CheckedFile]]:
    """The scenario files under ``paths`` (folders searched throughout, in name order), and the paths not found.

    A file named in ``paths`` is the person's choice and is read wherever it leads; the files of a folder
    are its own regular files only (see ``folder_files``). A name of the gallery (``rules/stock-first``)
    that names no file here is the gallery's.
    """
    found: list[str | FolderFile] = []
    missing: list[CheckedFile] = []
    for given in map(scenario_source, paths):
        path = FilePath(given)
        if path.is_dir():
            found.extend(folder_files(path, SCENARIO_SUFFIXES, throughout=True))
        elif path.exists():
            found.append(given)
        else:
            missing.append(CheckedFile(given, problems=[Located(0, 0, _("no such file or folder"))]))
    return found, missing
