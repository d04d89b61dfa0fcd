"""The expert set: positions judged by reasoning as a strong player would, run against the analysis.

Each position in ``tests/expert/*.yaml`` says, with its reason in ``why``,
which turn a strong player plays (``best``: every step of it must be graded
best where it is played; ``a | b`` lists equal choices) and how some
tempting candidates rate (``grades``: a grade, ``weak`` for any weak grade,
or a list of acceptable grades), judged from the root position. The
expectations were written from the reasoning, not read off the engine; where
the analysis still judges otherwise, ``known_miss`` says why and the test is
expected to fail (strictly: it flags when the analysis learns the position).
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from tutor.coach.verdicts import assess_move
from tutor.engine.notation import parse_move
from tutor.engine.play import apply_move
from tutor.engine.position import position_from_data
from tutor.engine.rules import check_move

EXPERT = Path(__file__).parent / "expert"
WEAK_GRADES = ("inaccuracy", "mistake", "blunder")


def _seat(name: str, data: dict) -> dict:
    stock: dict = {"count": data.get("count", 10)}
    if stock["count"]:
        stock["top"] = data["stock"]
    if "next" in data:
        stock["next"] = data["next"]
    return {"name": name, "stock": stock, "hand": data.get("hand", 5), "discards": data.get("discards", [])}


def expert_position(entry: dict):
    """The game state of one expert position (you to move, hand drawn; Anna and any others in turn order)."""
    data = {"title": entry["id"], "build": entry["build"], "draw_pile": entry.get("draw_pile", 60),
            "players": [_seat("you", entry["you"]), _seat("Anna", entry["anna"]),
                        *(_seat(name, seat) for name, seat in entry.get("others", {}).items())]}
    if "rules" in entry:
        data["rules"] = entry["rules"]
    return position_from_data(data)


def _entries() -> list:
    found = []
    for path in sorted(EXPERT.glob("*.yaml")):
        for entry in yaml.safe_load(path.read_text()):
            marks = [pytest.mark.xfail(strict=True, reason=entry["known_miss"])] if "known_miss" in entry else []
            found.append(pytest.param(entry, id=f"{path.stem}/{entry['id']}", marks=marks))
    return found


ENTRIES = _entries()


def _judged(state, text: str):
    move = parse_move(text)
    assert check_move(state, move).legal, f"{text} is not legal here"
    return move, assess_move(state, move)


def _accepts(expected, grade: str) -> bool:
    allowed = expected if isinstance(expected, list) else [expected]
    return grade in allowed or ("weak" in allowed and grade in WEAK_GRADES)


def test_the_set_is_large_and_covers_its_themes():
    assert len(ENTRIES) >= 40
    assert {path.stem for path in EXPERT.glob("*.yaml")} >= {"endgame", "wilds", "hand", "discards", "help"}


@pytest.mark.parametrize("entry", ENTRIES)
def test_the_best_turn_is_graded_best_step_by_step(entry):
    state = expert_position(entry)
    for step in entry["best"]:
        choices = [text.strip() for text in step.split("|") if check_move(state, parse_move(text)).legal]
        assert choices, f"no choice of {step!r} is legal here"
        grades = {text: _judged(state, text)[1].grade for text in choices}
        assert "best" in grades.values(), f"{step}: graded {grades}"
        chosen = next(text for text in choices if grades[text] == "best")
        state = apply_move(state, parse_move(chosen)).state


@pytest.mark.parametrize("entry", ENTRIES)
def test_the_candidates_get_their_grades(entry):
    state = expert_position(entry)
    for text, expected in entry.get("grades", {}).items():
        grade = _judged(state, text)[1].grade
        assert _accepts(expected, grade), f"{text}: graded {grade}, expected {expected}"
