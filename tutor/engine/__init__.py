"""The Skip-Bo rules engine: pure, deterministic, no printing and no file access.

- ``cards``: cards (ints 1-12, ``SKIP_BO`` = 0, ``None`` = unseen) and the deck
- ``state``: ``GameState``, ``Player``, ``Rules``, ``Phase``
- ``moves``: ``Transfer``, ``Draw``, ``EndTurn``, ``Place``, ``PileKind``
- ``notation``: ``parse_move``, ``format_move``, ``format_compact``
- ``rules``: ``check_move`` -> ``Ruling`` (verdict, rule id, reason), ``RULES``
- ``play``: ``play``/``apply_move`` -> ``Outcome`` (new state, events), ``next_turn``, ``advice_penalty``
- ``legal``: ``legal_moves``, ``build_plays``
- ``position``: ``position_from_data`` (a scenario's data -> ``GameState``)
- ``dealing``: ``deal`` a seeded round, ``partner_teams``; ``scoring``: ``score_round``, ``Match``
- ``values``: ``Value``, the dataclass base of the values above, whose methods are written once
- ``collector``: ``collector_paused``, the cyclic garbage collector held off while a large acyclic structure is built
"""

from importlib import import_module
from typing import Any

_EXPORTS = {
    "cards": ["SKIP_BO", "Card", "card_colour", "card_label", "parse_card"],
    "dealing": ["Deal", "StartRule", "deal", "partner_teams"],
    "legal": ["build_plays", "legal_moves"],
    "moves": ["Draw", "EndTurn", "Move", "PileKind", "Place", "Transfer"],
    "notation": ["NotationError", "format_compact", "format_move", "parse_move"],
    "play": ["IllegalMove", "Outcome", "advice_penalty", "apply_move", "next_turn", "play"],
    "rules": ["RULES", "Ruling", "UnknownPlayer", "Verdict", "check_move"],
    "scoring": ["Match", "MatchOver", "PointValues", "RoundScore", "score_round"],
    "state": ["GameState", "Phase", "Player", "Rules", "Stalemate"],
}
_HOME = {name: module for module, names in _EXPORTS.items() for name in names}
__all__ = sorted(_HOME)


# ``play`` is both a module and a function: bind the function now, so that importing the
# module later cannot shadow it.
from .play import play  # noqa: E402


def __getattr__(name: str) -> Any:
    """Import each part of the engine only when it is first used, so commands start fast."""
    if name not in _HOME:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f".{_HOME[name]}", __name__), name)
    globals()[name] = value
    return value
