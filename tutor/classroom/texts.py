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
    "no-cards": "no cards",
    "stock": "Stock",
    "stock-empty": "empty",
    "hand": "Hand",
    "hand-empty": "no cards",
    "discard-piles": "Discard piles (bottom to top)",
    "to-move": "to move",
    "partner": "partner",
    "question": "Question: {question}",
    "sb-as": "as {value}",
    # the board in the terminal
    "board-build-piles": "Build piles  ",
    "board-status": "draw pile {draw} · set aside {aside} (finished piles) · {phase}",
    "board-start": "{name} to move, draws first",
    "board-play": "{name} to move, cards drawn",
    "board-ended": "{name}'s turn is over",
    "board-ended-you": "your turn is over",
    "board-over": "the round is over",
    "board-player": "player",
    "board-stock": "stock",
    "board-hand": "hand",
    "board-discards": "discard piles",
    "board-partner": " (partner)",
    "board-empty": "empty",
    "board-legend": "stock {top} /{count}: {a_top} on top, {cards} in all · * to move · "
                    "discards: bottom to top",
    "board-legend-no-stock": "* to move · discards: bottom to top",
    "board-legend-over": "discards: bottom to top",
    "board-legend-wild": "{legend} · SB={value}: an SB on a build pile, standing for {value}",
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
    "key-unchecked": "Draft: not checked against the engine.",
    "key-engine-legal": "The engine rules otherwise: the move is legal. {reason}",
    "key-turn-of": "{name}: {moves}",  # one turn of several, headed by whose turn it is
    "key-said-to": "To {name}: {reason}",  # the engine's words to the player who made the move
    "key-engine-illegal": "The engine rules otherwise: {reason}",
    "no-answer": "no answer given",
    "no-question": "What would you play here, and why?",
    "legal": "legal",
    # an expectation in words (the key's Ruling)
    "expect-avoid": "legal, but not among the best moves (one to avoid)",
    "expect-illegal": "illegal",
    "expect-illegal-by": "illegal: {rule}",
    "expect-undecidable": "cannot be decided from what the position shows",
    "expect-decidable": "can be decided from what the position shows",
    "quality-best": "the best move",
    "quality-good": "good",
    "quality-weak": "weak",
    "expect-quality-for": "{quality}: {principle}",
    "expect-principle": "the principle at stake: {principle}",
    "expect-best": "among the best moves",
    "expect-not-best": "not among the best moves",
    "expect-then": "then {outcomes}",
    "list-and": "{first} and {last}",
    "quoted": "\u201c{words}\u201d",
    "pile-shows": "pile {pile} shows {card}",
    "then-build": "build {piles}",
    "then-build-one-free": "{shown} (pile {piles} free)",
    "then-build-free": "{shown} (piles {piles} free)",
    "then-build-all-free": "every build pile is free",
    "then-hand": "your hand holds {cards}",
    "then-hand-empty": "your hand is empty",
    "then-hand_size": "your hand holds {cards}",
    "then-stock_count": "your stock holds {cards}",
    "then-draw_pile": "the draw pile holds {cards}",
    "then-completed": "{cards} are set aside from completed piles",
    "then-points": "the round scores {count} points",
    "then-stock-top": "your stock shows {card}",
    "then-stock-empty": "your stock is empty",
    "then-turn_over-true": "your turn is over",
    "then-turn_over-false": "your turn goes on",
    "then-round_over-true": "the round is over",
    "then-round_over-false": "the round goes on",
    "then-winners": "the round is won by {names}",
    "then-no-winner": "nobody wins the round",
    "then-turn": "it is {name}'s turn",
    "then-events": "the game says {events}",
    # the quiz
    "quiz-heading": "Question {number} of {total}: {title}",
    "quiz-ask-points": "Answer with a whole number.",
    "quiz-ask-play": "Answer with a move, or a turn with moves separated by ';', ',' or '{then}' (e.g. hand 5 to build 1; stock to build 1).",
    "quiz-then": "then",  # between the moves of a turn (read beside "then")
    "quiz-ask-legal": "Which of these moves are legal? Answer with their numbers (e.g. 1 3), or {none}.",
    "quiz-none": "none",  # the answer that no option is legal (read beside "none" and 0)
    "quiz-option": "{number}. {moves}",
    "quiz-prompt": "answer> ",
    "quiz-commands": "({skip}: go on without answering; {quit}: stop the quiz)",
    "quiz-right": "Right!",
    "quiz-wrong": "Not right.",
    "quiz-skipped": "Skipped.",
    "quiz-score": "Score: {right} of {total}",
    "quiz-stopped": "Stopped after {answered} of {total} questions.",
    "quiz-no-key": "note: {source}: no expectations to judge answers by; left out of the quiz",
    "quiz-several-turns": "note: {source}: its expectations are played over several turns, and a quiz question "
                          "asks about one turn; left out of the quiz",
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
    "quiz-not-best": "Legal, but not the best move here; the analysis grades it {quality}. {explanation}",
    "quiz-stronger": "there is a stronger move.",
    "quiz-best": "Legal, and as good as any move here.",
    "quiz-short": "Good moves, but they stop short of what the question asks: the key's answer gets {wanted} off "
                  "your stock, yours {got}.",
})


text = TEXTS.text


def cards(count: int) -> str:
    """A number of cards in words: no cards, 1 card, 7 cards."""
    if count == 0:
        return text("no-cards")
    return text("one-card") if count == 1 else text("cards", count=count)
