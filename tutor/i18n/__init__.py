"""The language the tutor speaks and its translations.

Every text a person reads goes through the functions here. The catalogues
are gettext ``.mo`` files shipped in ``tutor/locale``; English is the source
language and needs none. ``use(language)`` installs a language for the run
(the command line does it once, before any text is made); until then the
tutor speaks English. Table texts keyed by an id are looked up with that id
as the message context (``pgettext``), so two tables may hold the same
English words with different translations.

A catalogue that is missing or cannot be read (deleted, empty, cut short, not
a catalogue at all, a folder in its place) does not stop the tutor: it
speaks English instead, and says so once on standard error.
"""

from __future__ import annotations

import contextlib
import gettext as _gettext
import struct
import sys
from pathlib import Path
from typing import Iterator

LANGUAGES = ("en", "sv", "da")  # English first: the source language
DOMAIN = "tutor"
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"

#: Said (in English: there is no catalogue to say it in) when a language's catalogue cannot be read.
UNREADABLE_CATALOGUE = (
    "warning: the {language} catalogue {path} cannot be read ({problem}): the tutor speaks English instead\n")

_translations: _gettext.NullTranslations = _gettext.NullTranslations()
_language = "en"
_unreadable: set[str] = set()  # the languages whose catalogue could not be read, said once each
_typed_language = "en"


def use(language: str, typed: str | None = None) -> None:
    """Speak ``language`` (one of ``LANGUAGES``) from now on, and read what a person types in ``typed`` (the same
    unless given: a ``--json`` run writes English prose for scripts but reads the moves its user types in theirs)."""
    global _translations, _language, _typed_language
    for name in (language, typed or language):
        if name not in LANGUAGES:
            raise ValueError(f"unknown language {name!r}")
    _typed_language = typed or language
    _translations = _catalogue(language)
    _language = language if language not in _unreadable else "en"


def language() -> str:
    """The language in use: ``en``, ``sv`` or ``da``."""
    return _language


def typed_language() -> str:
    """The language a person types in: that of their moves and answers (``en``, ``sv`` or ``da``)."""
    return _typed_language


def _(message: str) -> str:
    """``message`` in the language in use."""
    return _translations.gettext(message)


def N_(message: str) -> str:
    """``message`` unchanged, marked for the catalogue: a constant translated with ``_`` where it is used."""
    return message


def pgettext(context: str, message: str) -> str:
    """``message``, known by ``context`` (a table's id), in the language in use."""
    return _translations.pgettext(context, message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """The singular or plural ``count`` asks for, in the language in use (its own plural rule)."""
    return _translations.ngettext(singular, plural, count)


@contextlib.contextmanager
def speaking(language: str) -> Iterator[None]:
    """``language`` for a moment, whatever the run speaks (its texts and ``language()``): for the words a reader of
    that language reads."""
    global _translations, _language
    kept = _translations, _language
    if language != _language:
        _translations = _catalogue(language)
        _language = language if language not in _unreadable else "en"
    try:
        yield
    finally:
        _translations, _language = kept


def english() -> contextlib.AbstractContextManager[None]:
    """English for a moment: for texts that are compared with words a file wrote in English."""
    return speaking("en")


def _catalogue(language: str) -> _gettext.NullTranslations:
    """The translations of ``language``; none (English) when its catalogue cannot be read, said once on stderr."""
    if language == "en" or language in _unreadable:
        return _gettext.NullTranslations()
    try:
        return _gettext.translation(DOMAIN, LOCALE_DIR, [language])
    except (OSError, ValueError, LookupError, struct.error) as error:  # what parsing a damaged .mo file raises
        _unreadable.add(language)
        problem = getattr(error, "strerror", None) or str(error) or type(error).__name__
        path = LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.mo"
        sys.stderr.write(UNREADABLE_CATALOGUE.format(language=language, path=path, problem=problem))
        return _gettext.NullTranslations()
