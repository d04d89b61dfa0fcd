"""Grammar that differs between the languages and is not a whole message: owners' names, capitals."""

from __future__ import annotations

from . import pgettext

_SIBILANTS = ("s", "x", "z")


def genitive(name: str) -> str:
    """A name as the owner: ``Anna's`` (Swedish and Danish ``Annas``; a name in -s: ``Lars``, ``Lars'``)."""
    if name[-1:].lower() in _SIBILANTS:
        return pgettext("genitive of a name ending in s", "{name}'s").format(name=name)
    return pgettext("genitive", "{name}'s").format(name=name)


def capitalized(sentence: str) -> str:
    """``sentence`` with its first letter a capital (the owner may open it: ``your stock`` -> ``Your stock``)."""
    return sentence[:1].upper() + sentence[1:]
