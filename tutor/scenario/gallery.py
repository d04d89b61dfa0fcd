"""The gallery's words in Swedish and Danish.

The gallery is the folder ``scenarios/`` of the source tree. Its files stay
in English (a scenario file reads the same in every language); the title,
description, question and answer of each are translated in
``gallery.LANG.yaml`` beside this module, keyed by the file's path in the
gallery without ``.yaml`` (``rules/build-piles-stay``). A scenario read
from the gallery speaks the language in use; any other file is shown as
written.
"""

from __future__ import annotations

import os
from dataclasses import replace
from functools import cache
from pathlib import Path
from typing import Any, Optional

from ..i18n import language
from ..i18n.data import translation_data, translation_entry

GALLERY = Path(__file__).resolve().parents[2] / "scenarios"
TEXTS = ("title", "description", "question", "answer")


def gallery_key(source: str) -> Optional[str]:
    """``rules/build-piles-stay`` for a file of the gallery, else None."""
    resolved = Path(os.path.realpath(source))
    if GALLERY not in resolved.parents or resolved.suffix != ".yaml":
        return None
    return resolved.relative_to(GALLERY).with_suffix("").as_posix()


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
    return replace(scenario, title=words["title"], description=words["description"], data=data)
