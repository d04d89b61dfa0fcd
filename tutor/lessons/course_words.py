"""The built-in course in another language: ``course/LANG/NN-name.yaml`` beside each English stage file.

A translation holds the stage's ``id``, ``title`` and ``summary``, and under
``steps`` every step by its id, with the texts a person reads: an
explanation's ``say``; an exercise's ``ask``, ``hint`` and ``done``, a
choice's ``options``, and ``wrong``: the ``say`` of each wrong answer in the
English order (null where the English has none, as a wrong move that a rule
refuses explains itself). Positions, moves, answers and rules are the
English file's: a translation changes only words.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from .stages import Exercise, Explanation, Stage, reflow

EXERCISE_TEXTS = ("ask", "hint", "done")


def words_of(stage_data: dict[str, Any]) -> dict[str, Any]:
    """What a translation of the English stage file ``stage_data`` holds, with the English words."""
    steps: dict[str, Any] = {}
    for step in stage_data["steps"]:
        if "say" in step:
            steps[step["id"]] = {"say": step["say"]}
            continue
        words = {key: step[key] for key in EXERCISE_TEXTS}
        if "options" in step:
            words["options"] = list(step["options"])
        if step.get("wrong"):
            words["wrong"] = [wrong.get("say") for wrong in step["wrong"]]
        steps[str(step["exercise"])] = words
    return {"id": stage_data["id"], "title": stage_data["title"], "summary": stage_data["summary"], "steps": steps}


def translated(stage: Stage, words: dict[str, Any]) -> Stage:
    """``stage`` with the words of its translation."""
    steps = []
    for step in stage.steps:
        said = words["steps"][step.id]
        if isinstance(step, Explanation):
            steps.append(replace(step, text=reflow(said["say"])))
        else:
            steps.append(_exercise(step, said))
    return replace(stage, title=words["title"].strip(), summary=words["summary"].strip(), steps=tuple(steps))


def _exercise(exercise: Exercise, said: dict[str, Any]) -> Exercise:
    options = tuple(said.get("options", exercise.options))
    wrong = tuple(replace(answer, say=reflow(text) if text else answer.say)
                  for answer, text in zip(exercise.wrong, said.get("wrong", [None] * len(exercise.wrong))))
    solution = (options[exercise.answer - 1],) if exercise.kind == "choice" else exercise.solution
    return replace(exercise, ask=reflow(said["ask"]), hint=reflow(said["hint"]), done=reflow(said["done"]),
                   options=options, wrong=wrong, solution=solution)
