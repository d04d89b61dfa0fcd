"""What diagrams, worksheets and quizzes say, kept in one place so that it can be translated.

Each text is a template for ``str.format``; ``text(key, **values)`` fills one in, in the language in use.
"""

from __future__ import annotations

from ..i18n.tables import TextTable

TEXTS = TextTable("classroom", {
    # the diagram
    "build-piles": "Build piles",
    "free-slot": "free",
    "draw-pile": "Draw pile",
    "set-aside": "{count} set aside",
    "cards": "{count} cards",
    "one-card": "1 card",
    "stock": "Stock",
    "stock-empty": "empty",
    "hand": "Hand",
    "hand-empty": "no cards",
    "discard-piles": "Discard piles (bottom to top)",
    "to-move": "to move",
    "partner": "partner",
    "question": "Question: {question}",
    "sb-as": "as {value}",
    # writing a picture or a sheet
    "output-over-input": "{path}: is one of the files read to make it; write to another file",
    # the worksheet
    "sheet-title": "Skip-Bo worksheet",
    "name-line": "Name:",
    "answer-room": "Your answer:",
    "position": "Position {number}",
    "key-title": "Answer key",
    "key-moves": "Moves",
    "key-ruling": "Ruling",
    "key-why": "Why",
    "key-answer": "In words",
    "no-question": "What would you play here, and why?",
    "legal": "legal",
    # the quiz
    "quiz-heading": "Question {number} of {total}: {title}",
    "quiz-ask-points": "Answer with a whole number.",
    "quiz-ask-play": "Answer with a move, or a turn with moves separated by ';', ',' or 'then' (e.g. hand 5 to build 1; stock to build 1).",
    "quiz-ask-legal": "Which of these moves are legal? Answer with their numbers (e.g. 1 3), or none.",
    "quiz-option": "{number}. {moves}",
    "quiz-prompt": "answer> ",
    "quiz-commands": "(skip: go on without answering; q: stop the quiz)",
    "quiz-right": "Right!",
    "quiz-wrong": "Not right.",
    "quiz-skipped": "Skipped.",
    "quiz-score": "Score: {right} of {total}",
    "quiz-stopped": "Stopped after {answered} of {total} questions.",
    "quiz-no-key": "{source}: no expectations to judge answers by; left out of the quiz",
    "quiz-no-questions": "none of the files has expectations to judge answers by",
    "quiz-key-answer": "The answer: {answer}",
    "quiz-want-number": "Type a whole number (the points), skip, or q.",
    "quiz-want-options": "Type the numbers of the legal moves (1 to {count}), none, skip, or q.",
    "quiz-want-move": "Type a move in the notation of tutor check, skip, or q.",
    "quiz-points-right": "It scores {points}.",
    "quiz-points-wrong": "It scores {points}.",
    "quiz-option-verdict": "{number}. {moves}: {verdict}{mark}.",
    "quiz-missed-mark": " (you had this one wrong)",
    "quiz-illegal": "That is not allowed: {reason}",
    "quiz-rule": "{words} ({rule})",
    "quiz-note": "Note: {note}",
    "quiz-by-key": "The key says of that move: {expected}.",
    "quiz-no-analysis": "The move analysis is not available to judge a move the key does not cover.",
    "quiz-not-best": "Legal, but not the best: {explanation}",
    "quiz-stronger": "there is a stronger move.",
    "quiz-best": "Legal, and as good as any move here.",
})


text = TEXTS.text
