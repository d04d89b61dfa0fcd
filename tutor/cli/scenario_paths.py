"""Scenario files named on the command line, folders searched throughout, each checked before use."""

from __future__ import annotations

from ..i18n import _
from ..scenario.files import CheckedFile, check_file, scenario_files
from .output import unusable


def scenario_paths(paths: list[str]) -> list[CheckedFile]:
    """Every scenario file under ``paths``, checked, in the order given (a missing path as a problem)."""
    checked: list[CheckedFile] = []
    for given in paths:
        names, missing = scenario_files([given])
        checked += [*missing, *map(check_file, names)]
    return checked


def usable_scenarios(paths: list[str], *, as_json: bool) -> list[CheckedFile]:
    """The scenario files under ``paths``; exit 2 naming every problem if any file is unusable or none is found."""
    checked = scenario_paths(paths)
    if not checked:
        unusable([_("no scenario files (*.yaml) under {paths}").format(paths=", ".join(paths))], as_json=as_json, kind="usage")
    problems = [line for file in checked if not file.usable for line in file.lines()]
    if problems:
        unusable(problems, as_json=as_json, kind="scenario")
    return checked
