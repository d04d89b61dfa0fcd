"""The analysis above the rules: search, evaluation, verdicts, findings, bots and simulation.

- ``search``: ``TurnSearch(view)``, every way to finish a turn and the best one
- ``evaluation``: ``Weights`` and the parts of a position's value
- ``verdicts``: ``assess_move(state, move)`` -> best, good or weak, with the principle broken; ``Judge``
- ``principles``: one detector per strategy principle (structured findings); ``reasons``: what each step achieves
- ``bots``: the ``random``, ``greedy`` and ``strong`` players; ``custom_bots``: bots named ``module:Class``
- ``simulation``: seeded series of games; ``templates``: every sentence the coach says

It reads positions only through ``tutor.engine`` and never prints or touches files.
"""
