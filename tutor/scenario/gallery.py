"""The gallery: a teaching set of scenario files by topic, shipped with the tutor, and its words in Swedish and Danish.

The gallery is kept as the folder ``scenarios/`` at the top of the source
tree and installed as the package data ``tutor/gallery``; ``GALLERY`` is
whichever of the two this copy of the tutor has. A file of the gallery is
named by its path in the gallery without ``.yaml`` (``rules/stock-first``),
and that name is accepted wherever a scenario file is.

Its files stay in English (a scenario file reads the same in every
language); the title, description, question and answer of each, and the
``note`` of an expectation (under ``notes``, by its place in the ``expect``
list), are translated in ``gallery.LANG.yaml`` beside this module, keyed by
that name.
A scenario read from the gallery speaks the language in use; any other file
is shown as written.
"""

from __future__ import annotations

import os
from dataclasses import replace
from functools import cache
from pathlib import Path
from typing import Any, Optional

from ..i18n import language
from ..i18n.data import translation_data, translation_entry

_INSTALLED = Path(__file__).resolve().parents[1] / "gallery"
GALLERY = _INSTALLED if _INSTALLED.is_dir() else Path(__file__).resolve().parents[2] / "scenarios"
TEXTS = ("title", "description", "question", "answer")


def gallery_key(source: str) -> Optional[str]:
    """``rules/build-piles-stay`` for a file of the gallery, else None."""
    resolved = Path(os.path.realpath(source))
    if GALLERY not in resolved.parents or resolved.suffix != ".yaml":
        return None
    return resolved.relative_to(GALLERY).with_suffix("").as_posix()


def gallery_names() -> list[str]:
    """The name of every file of the gallery, by topic and then name."""
    return sorted(path.relative_to(GALLERY).with_suffix("").as_posix() for path in GALLERY.rglob("*.yaml"))


def gallery_path(name: str) -> Optional[Path]:
    """The gallery's file or topic folder that ``name`` names (``rules/stock-first``, ``rules``), or None.

    Only names of the gallery are looked up: ``..``, absolute paths and links never lead out of it.
    """
    parts = Path(name.strip().removesuffix(".yaml")).parts
    if not parts or any(part in ("..", ".", "") or part.startswith(("/", "\\")) for part in parts) \
            or Path(name).is_absolute():
        return None
    folder = GALLERY.joinpath(*parts)
    for candidate in (folder.with_name(folder.name + ".yaml"), folder):
        if candidate.exists() and not candidate.is_symlink() and GALLERY in candidate.resolve().parents:
            return candidate
    return None


def scenario_source(given: str) -> str:
    """The file or folder ``given`` names: itself when it exists, else the gallery's of that name, else ``given``."""
    if os.path.lexists(given):
        return given
    found = gallery_path(given)
    return str(found) if found is not None else given


@cache
def gallery_words(spoken: str) -> dict[str, dict[str, str]]:
    """The gallery's texts in language ``spoken``, by key."""
    return translation_data("tutor.scenario", f"gallery.{spoken}.yaml")


@cache
def gallery_entry(spoken: str, key: str) -> Optional[dict[str, str]]:
    """The texts of the gallery's file ``key`` in language ``spoken`` (only its entry is read), or None."""
    return translation_entry("tutor.scenario", key, f"gallery.{spoken}.yaml")


def in_language(scenario: Any) -> Any:
    """``scenario`` with the gallery's words in the language in use, when it is a file of the gallery."""
    spoken = language()
    key = gallery_key(scenario.source) if spoken != "en" else None
    words = gallery_entry(spoken, key) if key else None
    if not words:
        return scenario
    data = {**scenario.data, **{field: words[field] for field in ("question", "answer") if field in words}}
    notes = words.get("notes") or {}
    if notes:  # an expectation's note, by its place in the expect list
        data["expect"] = [{**item, "note": notes[index]} if index in notes else item
                          for index, item in enumerate(data["expect"])]
    return replace(scenario, title=words["title"], description=words["description"], data=data)
