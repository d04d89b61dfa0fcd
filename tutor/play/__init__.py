"""Playing against bots with the coach at your side, and reviewing games afterwards.

- ``game``: ``Game``, a game in progress: the table, its record kept move by move, bots, undo
- ``review``: every turn of a record graded by the coach, accuracy and the costliest moments
- ``texts``: every sentence ``tutor play`` and ``tutor review`` show
"""
