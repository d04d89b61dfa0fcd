"""Scenario files named on the command line, folders searched throughout, each checked before use."""

from __future__ import annotations

import shlex

from ..i18n import _, ngettext
from ..scenario.files import CheckedFile, check_file, failed_expectations, scenario_files
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


def checked_scenarios(paths: list[str], *, as_json: bool, unchecked: bool) -> list[CheckedFile]:
    """The usable scenario files under ``paths`` whose every expectation the engine agrees with.

    Exit 2 listing the expectations it disagrees with, and how to see them with ``tutor scenario test``;
    ``unchecked`` (a draft) skips the check.
    """
    from ..scenario.expectations import default_assess

    files = usable_scenarios(paths, as_json=as_json)
    if unchecked:
        return files
    failures = failed_expectations(files, default_assess())
    if failures:
        command = "tutor scenario test " + " ".join(shlex.quote(path) for path in paths)
        advice = ngettext("the engine disagrees with the expectation above: see it with: {command}; a draft is "
                          "made without this check with --unchecked",
                          "the engine disagrees with the {count} expectations above: see them with: {command}; a "
                          "draft is made without this check with --unchecked", len(failures))
        unusable([*failures, advice.format(count=len(failures), command=command)], as_json=as_json, kind="scenario")
    return files


def without_tags(files: list[CheckedFile], tags: list[str]) -> list[CheckedFile]:
    """``files`` less those whose scenario has one of ``tags`` (any case); exit 2 if that leaves none."""
    left_out = {tag.casefold() for tag in tags}
    kept = [file for file in files
            if not left_out & {str(tag).casefold() for tag in file.scenario.data.get("tags") or ()}]
    if not kept:
        unusable([_("every position has a tag left out ({tags}): nothing is left").format(tags=", ".join(tags))],
                 as_json=False, kind="usage")
    return kept
