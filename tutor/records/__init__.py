"""Game records: every move of a game, written as YAML, replayed exactly through the engine.

- ``model``: ``GameRecord`` and its parts, to and from plain data
- ``recording``: ``RoundRecorder`` and the shufflers that keep new draw piles' order
- ``replay``: ``replay_round``, ``round_steps`` (each move with the table before and after)
- ``files``: ``read_record``, ``write_record`` (atomic), ``record_text``
"""
