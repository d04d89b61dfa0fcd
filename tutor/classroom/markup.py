"""Text from files put into SVG and HTML: escaped, and with every character XML forbids replaced.

A title holding a control character such as ``\\x01`` would make the picture
a document no XML reader accepts; such characters (and lone surrogates,
``\\ufffe``, ``\\uffff``) become U+FFFD, the replacement character.
"""

from __future__ import annotations

import html
import re

_FORBIDDEN_IN_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")
REPLACEMENT = "\ufffd"


def escape(text: str) -> str:
    """``text`` ready for an SVG or HTML document: markup characters escaped, characters XML forbids replaced."""
    return html.escape(_FORBIDDEN_IN_XML.sub(REPLACEMENT, text))
