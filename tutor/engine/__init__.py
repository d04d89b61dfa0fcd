"""The Skip-Bo rules engine: pure, deterministic, no printing and no file access.

- ``cards``: cards (ints 1-12, ``SKIP_BO`` = 0, ``None`` = unseen) and the deck
- ``state``: ``GameState``, ``Player``, ``Rules``, ``Phase``
- ``moves``: ``Transfer``, ``Draw``, ``EndTurn``, ``Place``, ``PileKind``
- ``notation``: ``parse_move``, ``format_move``, ``format_compact``
- ``rules``: ``check_move`` -> ``Ruling`` (verdict, rule id, reason), ``RULES``
- ``play``: ``play``/``apply_move`` -> ``Outcome`` (new state, events), ``next_turn``
- ``legal``: ``legal_moves``
- ``position``: ``position_from_data`` (a scenario's data -> ``GameState``)
- ``deal``: ``deal`` a seeded round; ``scoring``: ``score_round``, ``Match``
"""

from .cards import SKIP_BO, Card, card_colour, card_label, parse_card
from .deal import Deal, StartRule, deal, partner_teams
from .legal import build_plays, legal_moves
from .moves import Draw, EndTurn, Move, PileKind, Place, Transfer
from .notation import NotationError, format_compact, format_move, parse_move
from .play import IllegalMove, Outcome, apply_move, next_turn, play
from .rules import RULES, Ruling, UnknownPlayer, Verdict, check_move
from .scoring import Match, RoundScore, score_round
from .state import GameState, Phase, Player, Rules, Stalemate

__all__ = [
    "SKIP_BO", "Card", "card_colour", "card_label", "parse_card",
    "Deal", "StartRule", "deal", "partner_teams",
    "build_plays", "legal_moves",
    "Draw", "EndTurn", "Move", "PileKind", "Place", "Transfer",
    "NotationError", "format_compact", "format_move", "parse_move",
    "IllegalMove", "Outcome", "apply_move", "next_turn", "play",
    "RULES", "Ruling", "UnknownPlayer", "Verdict", "check_move",
    "Match", "RoundScore", "score_round",
    "GameState", "Phase", "Player", "Rules", "Stalemate",
]
