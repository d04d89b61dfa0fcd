"""Lessons: the course behind ``tutor learn`` and the reference behind ``tutor rules``.

- ``reference``: ``rule_reference(rule_id)``, ``lookup``, ``search``
"""

from .reference import rule_reference

__all__ = ["rule_reference"]
