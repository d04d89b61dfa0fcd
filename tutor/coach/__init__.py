"""The analysis above the rules: search, evaluation, verdicts, findings, bots and simulation.

- ``search``: ``TurnSearch(view)``, every way to finish a turn and the best one
- ``evaluation``: ``Weights`` and the parts of a position's value
- ``verdicts``: ``assess_move(state, move)`` -> best, good or weak, with the principle broken
- ``principles``: one detector per strategy principle; ``reasons``: why each step of a turn is played
- ``bots``: the ``random``, ``greedy`` and ``strong`` players; ``simulation``: seeded series of games

It reads positions only through ``tutor.engine`` and never prints or touches files.
"""
