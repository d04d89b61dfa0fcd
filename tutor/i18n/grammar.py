"""Grammar that differs between the languages and is not a whole message: names, owners, capitals."""

from __future__ import annotations

from . import pgettext

_SIBILANTS = ("s", "x", "z")
PLAYER = "you"  # the name files and games give the person at the keyboard unless told another


def shown_name(name: str) -> str:
    """A player's name as a person reads it: the default ``you`` in the language in use (Swedish "du")."""
    return pgettext("the player's own name", "you") if name == PLAYER else name


def genitive(name: str) -> str:
    """A name as the owner: ``Anna's`` (Swedish and Danish ``Annas``; a name in -s: ``Lars``, ``Lars'``)."""
    if name[-1:].lower() in _SIBILANTS:
        return pgettext("genitive of a name ending in s", "{name}'s").format(name=name)
    return pgettext("genitive", "{name}'s").format(name=name)


def capitalized(sentence: str) -> str:
    """``sentence`` with its first letter a capital (the owner may open it: ``your stock`` -> ``Your stock``)."""
    return sentence[:1].upper() + sentence[1:]
