"""``Value``: the engine's values behave as the frozen dataclasses they were, without compiling methods."""

from __future__ import annotations

import copy
import dataclasses
import functools
import pickle
from dataclasses import FrozenInstanceError, dataclass, field
from typing import Optional

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tutor.engine.moves import Draw, EndTurn, PileKind, Place, Transfer
from tutor.engine.state import GameState, Player, Rules
from tutor.engine.values import Value


class Pile(Value):
    """A value of the shape tested here."""

    kind: str
    number: Optional[int] = None
    cards: tuple[int, ...] = ()
    note: str = field(repr=False, default="")

    def __init__(self, kind: str, number: Optional[int] = None, cards: tuple[int, ...] = (), note: str = "") -> None:
        self.__dict__.update(kind=kind, number=number, cards=cards, note=note)


@dataclass(frozen=True)
class FrozenPile:
    """The frozen dataclass ``Pile`` stands for."""

    kind: str
    number: Optional[int] = None
    cards: tuple[int, ...] = ()
    note: str = field(repr=False, default="")


class Nothing(Value):
    """A value without fields."""


@dataclass(frozen=True)
class FrozenNothing:
    """The frozen dataclass ``Nothing`` stands for."""


piles = st.tuples(st.sampled_from(["build", "discard"]), st.none() | st.integers(1, 4),
                  st.lists(st.integers(0, 12), max_size=4).map(tuple), st.sampled_from(["", "seen"]))


@given(piles, piles)
def test_a_value_is_equal_hashed_and_shown_as_its_frozen_dataclass(first, second):
    value, other, frozen, other_frozen = Pile(*first), Pile(*second), FrozenPile(*first), FrozenPile(*second)
    assert (value == other) == (frozen == other_frozen)
    assert (value != other) == (frozen != other_frozen)
    assert hash(value) == hash(frozen)
    assert repr(value) == repr(frozen).replace("FrozenPile", "Pile", 1)
    assert (value == frozen) is False and value != first


def test_only_the_fields_make_a_value_equal_as_for_a_frozen_dataclass():
    class Counted(Pile):
        """A value that keeps a figure worked out from its fields."""

        @functools.cached_property
        def total(self) -> int:
            return sum(self.cards)

    worked, fresh = Counted("build", 1, (1, 2)), Counted("build", 1, (1, 2))
    assert worked.total == 3 and "total" in vars(worked) and "total" not in vars(fresh)
    assert worked == fresh and hash(worked) == hash(fresh)


def test_a_value_without_fields_is_one_value():
    assert Nothing() == Nothing() and hash(Nothing()) == hash(FrozenNothing()) and repr(Nothing()) == "Nothing()"
    assert EndTurn() == EndTurn() and EndTurn() != Draw() and {EndTurn(): 1}[EndTurn()] == 1


def test_a_value_cannot_be_changed_as_a_frozen_dataclass_cannot():
    value, frozen = Pile("build", 1), FrozenPile("build", 1)
    for thing in value, frozen:
        with pytest.raises(FrozenInstanceError, match="cannot assign to field 'number'"):
            thing.number = 2
        with pytest.raises(FrozenInstanceError, match="cannot delete field 'number'"):
            del thing.number
    assert value.number == 1


def test_a_value_is_a_dataclass_to_dataclasses_copy_and_pickle():
    value = Pile("discard", 2, (9, 8), "seen")
    assert [f.name for f in dataclasses.fields(value)] == [f.name for f in dataclasses.fields(FrozenPile)]
    assert dataclasses.replace(value, number=3) == Pile("discard", 3, (9, 8), "seen")
    assert dataclasses.asdict(value) == dataclasses.asdict(FrozenPile("discard", 2, (9, 8), "seen"))
    assert Pile.__match_args__ == FrozenPile.__match_args__
    for copied in copy.copy(value), copy.deepcopy(value), pickle.loads(pickle.dumps(value)):
        assert copied == value and copied is not value
    with pytest.raises(FrozenInstanceError):
        pickle.loads(pickle.dumps(value)).kind = "build"


def test_the_engine_values_keep_their_defaults_and_match_by_field():
    state = GameState((Player("you"), Player("Anna")))
    assert state.rules == Rules() and state.build == (None,) * 4 and state.winners is None
    assert dataclasses.replace(state, turn=1).players == state.players
    move = Transfer(Place(PileKind.HAND), Place(PileKind.BUILD, 2), 5)
    match move:
        case Transfer(source=Place(kind=PileKind.HAND), target=Place(number=slot), card=card):
            assert (slot, card) == (2, 5)
        case _:
            pytest.fail("a transfer matches its fields")
    assert Draw(count=3).says == 3 and Draw((4, 7)).says == 2
