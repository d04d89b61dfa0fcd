"""What the lesson judge and runner say, kept in one place so that it can be translated.

Each text is a template for ``str.format``; ``text(key, **values)`` fills one in, in the language in use.
"""

from __future__ import annotations

from ..i18n.tables import TextTable

TEXTS = TextTable("lesson", {
    # the judge: about the answer just given
    "another-way": "That does it too. The lesson's own answer was: {solution}. {done}",
    "another-way-weak": "That does it too, but the coach finds it {grade}. {reason} The lesson's own answer was: "
                        "{solution}. {done}",
    "turn-over": "Legal, but '{move}' ended your turn before the task was done.",
    "not-without-play": "Legal, but this time the task was to end the turn without playing a card.",
    "not-called-for": "Legal, but '{move}' is not the move this position calls for.",
    "not-best": "Legal, but {grade}. {reason}",
    "stronger-exists": "Legal, but there is a stronger move than '{move}' here.",
    "wrong-option": "Option {number}, \"{option}\", is not the right one.",
    "wrong-number": "{number} is not the answer.",
    "option-range": "Choose one of the options, 1 to {count}.",
    "grade-inaccuracy": "an inaccuracy",
    "grade-mistake": "a mistake",
    "grade-blunder": "a blunder",
    "grade-other": "not the best",
    # the runner
    "right": "Right! {message}",
    "ok": "OK: {message}",
    "not-quite": "Not quite. {message}",  # message: a sentence, opening with a capital
    "hint": "Hint: {hint}",
    "solution": "Solution: {solution}",
    "type-choice": "Type the number of your choice, or: {moves} the options again, {hint}, {quit} stop.",
    "type-number": "Type a whole number, or: {hint}, {quit} stop.",
    "type-move": "Type a move (e.g. stock to build 1; Tab completes it), or: {moves} list moves, {hint}, {board}, "
                 "{quit} stop.",
    "pick-number": "Type a number to make that move.",
    "alike-note": "Empty piles are alike: one line stands for the move onto any of them.",
    "no-such-move": "There is no move {number}; type ? to list the {count} legal moves.",
    "back-to-start": "Back to the starting position.",
    "go-on": "[Enter] to go on, {quit} to stop: ",
    "answer-prompt": "answer> ",
    "move-prompt": "move> ",
    "saved": "Progress saved. Run '{command}' to continue.",
    "stopped": "Stopped.",
    "stage-complete": "Stage {number} complete: {solved} of {total} exercises solved.",
    "stage-unaided": "Right at the first try and without a hint: {unaided} of the {taken} taken this time.",
    "interrupted-saved": "Interrupted; progress saved. Run '{command}' to continue where you stopped.",
    "interrupted": "Interrupted. Run '{command} {stage}' to start this stage again.",
    "no-stage": "there is no stage {word}; the stages are: {names}",
    "which-stage": "{word} could mean more than one stage: {names}; type more of the name or its number",
    "list-help": "Start or resume: {command}   Jump: {command} STAGE",
    "course-done": "You have finished the whole course. Revisit a stage with: {command} STAGE",
    "course-broken": "the course in {folder} does not agree with the engine; see: tutor course validate {folder}",
    "builtin-broken": "a lesson file is broken: {error}",
    "stage-again": "You finished this stage before; going through it again keeps it finished.",
    "stage-heading": "Stage {number}/{count}: {title}",
    "step-of": "Step {number} of {count}",
    "next-stage": "Next: stage {number}, {title}.",
    "last-stage": "That was the last stage. Well played! Now play a whole game against the bots: {play}",
    "see-rule": "(rule {rule}; see: tutor rules {rule})",
    "see-principle": "(principle {principle}; see: tutor rules {principle})",
    "cannot-keep": "warning: {problem}; progress will not be kept this time (set {variable} to a writable folder).",
    # the list of stages and the progress file
    "state-done": "done",
    "state-step": "step {step}/{steps}",
    "state-new": "new",
    "state-solved": "{state}, {solved}/{total} solved",
    "progress-cleared": "Progress cleared.",
    "no-progress": "There was no progress to clear.",
    "json-with-list": "--json goes with --list: tutor learn --list --json",
})


text = TEXTS.text
