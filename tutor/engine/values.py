"""Immutable values whose methods are written once, not compiled for each class at import.

``@dataclass(frozen=True)`` writes the source of six methods for each class and
compiles it when its module is imported: 2-7 million instructions a class; the
engine's seven values alone took a tenth of the start-up of ``tutor check``. A
``Value`` subclass is a dataclass all the same (``dataclasses.replace``,
``fields`` and ``asdict`` work on it, and it is equal, hashed, shown and frozen
as a frozen dataclass is), but its equality, hash, ``repr`` and immutability
are the ones below, shared by all, and it writes its own ``__init__``, which
stores the fields through ``__dict__``.
"""

from __future__ import annotations

from dataclasses import FrozenInstanceError, dataclass
from operator import attrgetter
from typing import Any, Callable


class Value:
    """A frozen dataclass of the annotated fields, in order, with the methods it would generate."""

    __slots__ = ()
    _shown: tuple[str, ...] = ()  # the fields ``repr`` shows (not those declared with ``field(repr=False)``)
    _key: Callable[[Any], tuple[Any, ...]]  # the fields' values, in order

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        dataclass(init=False, repr=False, eq=False)(cls)  # the fields only: no method is generated
        fields = cls.__dataclass_fields__  # type: ignore[attr-defined]
        cls._shown = tuple(name for name, field in fields.items() if field.repr)
        cls._key = staticmethod(_values_of(tuple(fields)))  # type: ignore[method-assign]

    def __eq__(self, other: object) -> bool:
        if other.__class__ is self.__class__:
            key = self._key
            return key(self) == key(other)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._key(self))

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self._shown)
        return f"{self.__class__.__qualname__}({shown})"

    def __setattr__(self, name: str, value: Any) -> None:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete field {name!r}")


def _values_of(fields: tuple[str, ...]) -> Callable[[Any], tuple[Any, ...]]:
    """A function giving a value's fields as a tuple (``attrgetter`` gives a lone field bare, and needs one)."""
    if len(fields) > 1:
        return attrgetter(*fields)
    if fields:
        one = attrgetter(fields[0])
        return lambda value: (one(value),)
    return lambda value: ()
