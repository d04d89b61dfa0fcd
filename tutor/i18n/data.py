"""The tutor's own translated data files (rules reference, course, gallery), read fast.

They ship with the package and are checked by the tests (the ids and fields
of the English, no repeated key), so they are read with libyaml's safe
loader where it is installed, not with the slower checking reader that files
from users go through.
"""

from __future__ import annotations

import re
from importlib import import_module
from pathlib import Path
from typing import Any

import yaml

_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def translation_data(package: str, *parts: str) -> Any:
    """The YAML file ``parts`` of ``package``, as data."""
    return yaml.load(_text(package, *parts), Loader=_LOADER)  # noqa: S506 - a safe loader: the C build of SafeLoader


def translation_entry(package: str, key: str, *parts: str) -> Any:
    """The value of the top-level ``key`` of the YAML file ``parts`` of ``package`` (None where it has none).

    Only that entry is parsed: the lines from ``key:`` to the next line that opens a top-level key. The files
    are the project's own, a mapping with one key a line at the left margin (the tests read them whole).
    """
    found = re.search(rf"^{re.escape(key)}:.*\n(?:[ #].*\n|\n)*", _text(package, *parts), re.M)
    return None if found is None else yaml.load(found[0], Loader=_LOADER)[key]  # noqa: S506 - a safe loader


def _text(package: str, *parts: str) -> str:
    """The text of the file ``parts`` beside the modules of ``package`` (a plain path: the tutor ships unzipped)."""
    folder = Path(import_module(package).__file__).parent  # type: ignore[arg-type]
    return folder.joinpath(*parts).read_text(encoding="utf-8")
