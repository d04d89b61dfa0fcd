"""Numbers as the language in use writes them: 20,000 and 0.5 in English, 20 000 and 0,5 in Swedish,
20.000 and 0,5 in Danish (a Swede reads ``20,000`` as twenty)."""

from __future__ import annotations

from . import pgettext


def decimal(value: float, places: int = 0) -> str:
    """``value`` rounded to ``places`` decimals, with the language's thousands separator and decimal point."""
    separators = {ord(","): pgettext("thousands separator", ","), ord("."): pgettext("decimal point", ".")}
    return f"{value:,.{places}f}".translate(separators)


def percent(fraction: float, places: int = 0) -> str:
    """``fraction`` as a percentage: ``52.2%`` in English, ``52,2 %`` in Swedish and Danish."""
    return pgettext("percentage", "{number}%").format(number=decimal(fraction * 100, places))
