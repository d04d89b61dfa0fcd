"""Whether a stream can carry every character, or only some (``PYTHONIOENCODING=ascii``, a C locale)."""

from __future__ import annotations

import sys


def encodes_everything(stream) -> bool:
    """True when ``stream``'s encoding can write any character (a UTF encoding)."""
    try:
        "\u00eb\u2500\U0001f600".encode(stream.encoding or "ascii")
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def stdout_encodes_everything() -> bool:
    """True when standard output can carry any character: else JSON is written in ASCII."""
    return encodes_everything(sys.stdout)
