"""The tutor's own translated data files (rules reference, course, gallery), read fast.

They ship with the package and are checked by the tests (the ids and fields
of the English, no repeated key), so they are read with libyaml's safe
loader where it is installed, not with the slower checking reader that files
from users go through.
"""

from __future__ import annotations

from typing import Any

import yaml

_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def translation_data(package: str, *parts: str) -> Any:
    """The YAML file ``parts`` of ``package``, as data."""
    from importlib import resources  # imported here: it costs a ruling in English 3 ms of start-up for nothing

    text = resources.files(package).joinpath(*parts).read_text(encoding="utf-8")
    return yaml.load(text, Loader=_LOADER)  # noqa: S506 - a safe loader: the C build of SafeLoader
