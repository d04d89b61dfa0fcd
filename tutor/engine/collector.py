"""Holding off Python's cyclic garbage collector while a large acyclic structure is built.

A search or a long record makes hundreds of thousands of objects and no cycles;
the collector's passes over them, set off by their number alone, find nothing
and can cost as much as the work itself.
"""

from __future__ import annotations

import gc
from contextlib import contextmanager
from typing import Iterator


@contextmanager
def collector_paused() -> Iterator[None]:
    """The cyclic garbage collector held off (and running again after, if it ran before); also a decorator."""
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()
