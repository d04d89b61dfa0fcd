"""The ruling on one move of a check, with what it made happen: what ``tutor check`` reports, in words or JSON."""

from __future__ import annotations

from dataclasses import field
from typing import Any, Optional

from ..engine import Move, Ruling, Verdict
from ..engine.values import Value


class MoveReport(Value):
    """The ruling on one move, with what it made happen; ``shown`` is the move as written in its position,
    ``said`` as a player of the language in use types it; ``extra``, the verdict of the analysis on a legal move."""

    text: str
    move: Move
    shown: str
    said: str
    ruling: Ruling
    events: tuple[str, ...] = ()
    extra: dict[str, Any] = field(default_factory=dict)

    def __init__(self, text: str, move: Move, shown: str, said: str, ruling: Ruling, events: tuple[str, ...] = (),
                 extra: Optional[dict[str, Any]] = None) -> None:
        self.__dict__.update(text=text, move=move, shown=shown, said=said, ruling=ruling, events=events,
                             extra={} if extra is None else extra)

    def to_json(self) -> dict[str, Any]:
        entry: dict[str, Any] = {"move": self.shown, "legal": legal_value(self.ruling.verdict)}
        if self.ruling.verdict is Verdict.ILLEGAL:
            entry["rule"] = self.ruling.rule
        if self.ruling.verdict is Verdict.UNDECIDABLE:
            entry["undecidable"] = True
        entry["reason"] = self.ruling.reason
        entry.update(self.extra)
        if self.events:
            entry["events"] = list(self.events)
        if self.text != entry["move"]:
            entry["input"] = self.text
        return entry


def legal_value(verdict: Verdict) -> Optional[bool]:
    """A verdict as JSON tells it: true, false, or null when it cannot be decided."""
    return {Verdict.LEGAL: True, Verdict.ILLEGAL: False}.get(verdict)
