"""What diagrams, worksheets and quizzes say, kept in one place so that it can be translated.

Each text is a template for ``str.format``; ``text(key, **values)`` fills one in.
"""

from __future__ import annotations

TEXTS: dict[str, str] = {
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
    "illegal": "illegal: breaks {rule}",
    "undecidable": "cannot be decided: it turns on a card the position does not show",
    "quality": "a {quality} move",
    "best-move": "among the best moves",
    "not-best-move": "legal, but not among the best",
    "avoid": "tempting, but not among the best",
    "principle": "principle {principle}",
    "then": "afterwards: {what}",
    # the quiz
    "quiz-right": "Right! {why}",
    "quiz-wrong": "Not right: {why}",
    "quiz-unknown": "The answer key does not cover {answer}: {ruling}",
    "quiz-score": "Score: {right} of {total}",
    "quiz-prompt": "Your answer (a move, moves separated by ';', or 'skip'): ",
    "quiz-skipped": "Skipped. The key: {key}",
    "quiz-position": "Question {number} of {total}: {title}",
    "quiz-no-key": "{source} has no expectations to judge answers by",
}


def text(key: str, **values: object) -> str:
    """The text ``key`` with ``values`` filled in."""
    return TEXTS[key].format(**values)
