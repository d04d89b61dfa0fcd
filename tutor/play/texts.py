"""Every sentence ``tutor play`` and ``tutor review`` show a player, in one place for translation.

Placeholders are filled with ``str.format``; names, cards and moves are
filled in by the code, the words come from here. ``texts.WELCOME`` is the
template in the language in use; ``texts.SOURCES_OF`` and the like are
tables of such templates by pile kind.
"""

from ..i18n import ngettext
from ..i18n.tables import TextTable

BOT_NAMES = ("Anna", "Bo", "Cleo", "Dan", "Eve")  # the bots' seats, in order round the table
DEFAULT_NAME = "you"

TEXTS = TextTable("play", {
    # -- the start -----------------------------------------------------------------------
    "WELCOME": "Skip-Bo: {players}. Stocks of {stock} cards{match}.",
    "MATCH_TO": ", a match to {target} points",
    "MATCH_TOO_LONG": "--match {target}: at this table such a match could take {rounds} rounds, more than the {most} "
                      "a game record holds: choose at most {largest} points",
    "PLAYER_BOT": "{name} ({bot})",
    "PARTNER": "Your partner is {name}, sitting opposite.",
    "HOW_TO": "Type a move (as in tutor check; Tab completes it), {moves} for the legal moves numbered, {hint}, "
              "{undo}, {board} to draw the table again, or {quit} to save and quit.",
    "COACH_ON": "The coach is on: weak moves are flagged at once, and you may take them back.",
    "COACH_QUIET": "The coach watches quietly and sums up at the end of each round.",
    "RESUMED": "Resuming the saved game: round {round}, {player} to move.",
    "ROUND_CUT": "Round {round}. Dealer: {dealer} (the highest cut). First to play: {first}.",
    "ROUND_YOUNGEST": "Round {round}. First to play: {first}, the youngest.",

    # -- the player's turn ---------------------------------------------------------------
    "PROMPT": "your move> ",
    "GO_ON_PROMPT": "[Enter] to go on, {undo} to take it back> ",
    "GO_ON_CHOICES": "Your turn is over: press Enter to go on, type {undo} to take back your last move, or {board} to "
                     "see the table.",
    "GO_ON_NO_HINT": "No hint now: your turn is over.",
    "GO_ON_UNKNOWN": "Not a choice here: {answer}.",
    "NEXT_ROUND_PROMPT": "[Enter] for the next round> ",
    "YOUR_TURN": "Your turn.",
    "YOU_DREW": "You draw {cards}.",
    "YOU_DREW_NOTHING": "Your hand holds five: no draw.",
    "NOTHING_TO_DRAW": "Nothing is left to draw.",
    "TURN_ENDS_EMPTY": "Your hand is empty and nothing is left to draw: the turn ends.",
    "ILLEGAL": "Not allowed ({rule}): {reason}",
    "UNDECIDABLE": "That cannot be played: {reason}",
    "HELP": "Moves: stock to build 2 (s>b2), hand 5 to build 1 (h5>b1), discard 3 to build 1 (d3>b1), "
            "hand 9 to discard 2 (h9>d2){partner}. Commands: {moves} legal moves, {hint} the coach's best turn, "
            "{undo} (when the coach allows it), {board}, {help} this help, {quit} save and quit.",
    "HELP_PARTNER": ", {partner}:stock to build 1 (your partner's piles)",

    # -- a move in words ---------------------------------------------------------------
    "WORDS_BUILD": "{card} from {source} onto build pile {slot}",  # card: with its article
    # a wild played with the value it stands for said, as typed: value with its article, "a 7"
    "WORDS_BUILD_AS": "{card} from {source} onto build pile {slot} as {value}",
    "WORDS_DISCARD": "{card} from {source} onto discard pile {pile}",
    # a discard onto another player's pile, which no move may do: said where such a move is ruled on
    "WORDS_DISCARD_OF": "{card} from {source} onto {target_owner} discard pile {pile}",
    "WORDS_PILE_BUILD": "{source} onto build pile {slot}",  # a move whose card is not known
    "WORDS_PILE_DISCARD": "{source} onto discard pile {pile}",
    "SOURCES_YOURS.stock": 'your stock',
    "SOURCES_YOURS.hand": 'your hand',
    "SOURCES_YOURS.discard": 'your discard pile {pile}',
    "SOURCES_YOURS.build": 'build pile {pile}',  # an illegal move's source: a build pile is nobody's
    "SOURCES_OWN.stock": 'the stock',  # the mover's own
    "SOURCES_OWN.hand": 'the hand',  # the mover's own
    "SOURCES_OWN.discard": 'discard pile {pile}',  # the mover's own
    "SOURCES_OWN.build": 'build pile {pile}',
    "SOURCES_OF.stock": "{owner} stock",  # owner: the name as the owner, "Anna's"
    "SOURCES_OF.hand": "{owner} hand",
    "SOURCES_OF.discard": "{owner} discard pile {pile}",
    "SOURCES_OF.build": "build pile {pile}",
    "WORDS_DRAW": "draw",
    "WORDS_DRAW_CARDS": "draw {cards}",  # cards: the cards drawn, as typed (7 SB 9)
    "WORDS_END": "end the turn",

    # -- the legal moves ---------------------------------------------------------------
    "MOVES_TITLE": "Legal moves (type a number, or the move):",
    "MOVES_NUMBER": "{number:>3}. ",
    "MOVES_ALIKE": "{move} (or pile {piles})",
    "MOVES_ENDS": "{move}: ends the turn",
    "MOVES_ALIKE_NOTE": "Empty piles are alike: one line stands for the move onto any of them.",
    "NO_SUCH_MOVE": "There is no move {number}; type ? to list the {count} legal moves.",
    "OR": " or ",
    "LIST_SEPARATOR": ", ",

    # -- hints and the coach -------------------------------------------------------------
    "HINT_TITLE": "The coach's best turn:",
    "HINT_REFILL": "Then you get five new cards: ask again once you see them.",
    "HINT_NONE": "No hint now: it is not your turn to play.",
    "COACH_WEAK": "Coach: {grade}. {explanation}",
    "COACH_UNDO": "Type {undo} to take it back.",
    "UNDONE": "Taken back: {move}.",
    "UNDO_MORE": "Type {undo} again to take back {move} too.",
    "NO_UNDO": "Nothing to undo: once the coach has flagged a move this turn, you may take back your moves one by one, "
               "back to that move, but never past a card turned up.",
    "NO_UNDO_OFF": "Undo is for games with the coach on (--coach on).",
    "QUIET_SUMMARY": "Coach's summary of your moves this round: {moves} in all; best {best}, good {good}, weak {weak}.",
    "QUIET_WEAK": "Turn {turn}: {move}: {grade}. {explanation}",

    # -- the bots' turns -----------------------------------------------------------------
    "BOT_TURN": "{owner} turn.",  # owner: the name as the owner, "Anna's"
    "BOT_DRAWS": "{name} draws {count}.",
    "BOT_DRAWS_NOTHING": "{name} draws nothing.",
    "BOT_PLAYS": "{name} plays {move}.",  # move: in words
    "BOT_PLAYS_WILD": "{name} plays {move} as {value}.",  # value: the number the SB stands for, "a 5"
    "BOT_STOCK_SHOWS": "{owner} stock now shows {card} ({count} left).",  # card: "a 9"
    "YOUR_STOCK_SHOWS": "Your stock now shows {card} ({count} left).",  # card: "a 9"
    "BOT_DISCARDS": "{name} discards {card} on discard pile {pile}.",  # card: "the 12", as a play names it
    "BOT_ENDS": "{name} ends the turn with an empty hand.",
    "PILE_DONE": "Build pile {pile} reaches 12 and is set aside.",
    "REFILLED": "{owner} hand is empty: five new cards.",
    "RECYCLED": "The draw pile ran out: the completed piles are shuffled into a new one.",

    # -- the end -------------------------------------------------------------------------
    "ROUND_WON": "{winners} won round {round}: {points} points.",
    "ROUND_STALEMATE": "Round {round} ends in a stalemate: nobody could play and nothing was left to draw.",
    "SCORE_TITLE": "Scores (to {target}):",
    "SCORE_LINE": "{side}: {points}",
    "AND": " and ",
    "GAME_WON": "{winners} won the game.",
    "GAME_OVER_NO_WINNER": "The game is over without a winner.",
    "RECORD_SAVED": "The record of this game: {path}  (tutor review {path})",
    "SAVING": "Saving the game...",
    "SAVED": "Game saved. Run 'tutor play --resume' to go on.",
    "INTERRUPTED": "Interrupted; the game is saved: 'tutor play --resume' goes on.",
    "SAVE_WAITING": "a saved game is waiting: 'tutor play --resume' goes on with it, "
                    "'tutor play --new' starts another and discards it",
    "NO_SAVE": "there is no saved game to resume; start one with 'tutor play'",
    "SAVE_BROKEN": "the saved game cannot be resumed: {problem}",
    "JOURNAL_DAMAGED": "is not a change the tutor wrote (the journal was edited or damaged); delete {path} to resume "
                       "the game as it was last saved whole",
    "JOURNAL_TOO_LARGE": "is larger than {size} MiB: it is not a journal the tutor wrote",
    "JOURNAL_UNREADABLE": "cannot be read: {problem}",
    "CUSTOM_BOT_NOT_NAMED": "a seat is played by the bot {bot}, code from outside the tutor that a saved game never "
                            "runs by itself; if you trust that code, name the bot to resume: "
                            "tutor play --resume --bots {bot}",
    "CANNOT_SAVE": "cannot save the game in {path}: {problem}",
    "LOCK_NOT_A_FILE": "the saved game's lock {path} is {kind}, not a file: the tutor makes that file itself; "
                       "remove what stands there and start again",
    "SAVE_NOT_WRITABLE": "the saved game {path} {problem}: put the saved game itself there, or remove it to start a "
                         "new game",
    "RECORD_NOT_A_FILE": "--record: {path} is not a file the record can be written to (a folder or a device?)",
    "RECORD_MANAGED": "--record: {path} is a file the tutor keeps for itself in {home} (the saved game, its lock, "
                      "journal, snapshot or key, or progress): choose another path",
    "SAVE_HELD": "the saved game {path} is in use by another tutor play (process {process}): go on in that one, or "
                 "quit it with q (the game is saved) and run tutor play --resume here",
    "RECORD_LINK_OUT": "--record: {path} {problem}",
    "RECORD_NO_FOLDER": "--record: {path} cannot be written: {folder} is not a folder",

    # -- tutor review ----------------------------------------------------------------------
    "REVIEW_LATEST": "Review of the latest game record, {source}: {players}",
    "REVIEW_LIST_TITLE": "Game records kept in {folder} (newest last):",
    "REVIEW_LIST_LINE": "{path}  ({players}; {rounds})",
    "REVIEW_LIST_UNREADABLE": "{path}  (cannot be read: {problem})",
    "REVIEW_LIST_HOW": "Review one with: tutor review FILE (with no FILE, the newest).",
    "REVIEW_NO_RECORDS": "no game records are kept in {folder} yet: a game of tutor play is kept there when it ends; "
                         "or name a record file: tutor review FILE",
    "REVIEW_TITLE": "Review of {source}: {players}",
    "REVIEW_TO_PLAYER": "To {player}: {explanation}",  # the coach speaks to the mover: "your stock" is theirs
    "PLAYS_HUMAN": "human",  # the seat a person plays, beside a bot's name: "you (human), Anna (strong)"
    "REVIEW_ROUND": "Round {round}: {outcome}",
    "REVIEW_ROUND_WON": "{winners} won ({points} points)",
    "REVIEW_ROUND_NO_WINNER": "no winner",
    "REVIEW_ROUND_OPEN": "still in play",
    "REVIEW_ROUND_STOPPED": "stopped before its end (a simulation's turn limit), so no winner",
    "REVIEW_TURN": "{turn:>3}. {player}: {moves}",
    "REVIEW_TURN_GRADE": "  [{grade}, -{loss} stock cards]",
    "REVIEW_TURN_GRADE_NO_LOSS": "  [{grade}]",
    "REVIEW_TURN_GRADE_MISSED_WIN": "  [{grade}, misses the win]",
    "REVIEW_NO_MOVES": "(no choice)",
    "REVIEW_LOSS_MEANING": "(A loss in stock cards: how much less the coach values the best turn still open after a "
                           "move than the best turn before it, one stock card played out counting 1. A turn shows the "
                           "sum of its moves' losses and the grade of its worst move; a move is a mistake from a loss "
                           "of {mistake}, a blunder from {blunder}.)",
    "ACCURACY_TITLE": "Accuracy",
    "ACCURACY_MEANING": "Accuracy is the share of a player's graded moves that were best or good; the mean loss is "
                        "their average loss in stock cards.",
    "ACCURACY_LINE": "{player} ({plays}): accuracy {accuracy}, mean loss {mean_loss} stock cards a move; graded "
                     "moves {moves}: "
                     "best {best}, good {good}, inaccuracies {inaccuracy}, mistakes {mistake}, blunders {blunder}.",
    "ACCURACY_MISSED_WINS": " Wins missed: {count} (left out of the mean loss).",
    "ACCURACY_NONE": "{player} ({plays}): no graded moves.",
    "COSTLIEST_TITLE": "The costliest moments",
    "COSTLY_LINE": "{player}, turn {turn} (round {round}): {move}  [{grade}, -{loss} stock cards]",
    "COSTLY_LINE_MISSED_WIN": "{player}, turn {turn} (round {round}): {move}  [{grade}, misses the win]",
    "COSTLY_NONE": "{player}: no weak move.",
    "TIMELINE_TITLE": "Stock cards over the turns of round {round} (^ a mistake or blunder)",
    "TIMELINE_SPAN": "turns {first}-{last}, one column per {step}",
    "TIMELINE_TURN": "turn",
    "TIMELINE_TURNS": "{count} turns",

    # -- tutor scenario from-record ----------------------------------------------------------
    "EXERCISE_TITLE": "Turn {turn}: {player} to play",
    "EXERCISE_DESCRIPTION": "A position from a game of Skip-Bo, {player} to play with the hand drawn. The table is "
                            "shown as {player} saw it: the stocks' top cards, the build and discard piles, and the "
                            "other hands only by their size.",
    "EXERCISE_ORIGIN": "# From turn {turn} (round {round}) of the game recorded in {source}.\n",
    "EXERCISE_ANSWER": "The coach's best turn: {moves}.",
    "EXERCISE_THEN": ", then ",
    "EXERCISE_QUESTION": "What is the best way to play this turn?",
    "EXERCISE_NOTE": "played in the game; the review graded it {grade} (a loss of {loss} stock cards)",
    "EXERCISE_NOTE_MISSED_WIN": "played in the game; the review graded it {grade}: it misses the win",
    "NO_SUCH_TURN": "the game has {count} turns; there is no turn {turn}",
    "NO_SUCH_PLAYER_TURN": "{player} played {count} turns; there is no turn {turn} of theirs",
    "NOT_A_PLAYER": "{player!r} did not play in this game ({players})",
    "TURN_RESHUFFLED": "the draw pile was reshuffled during turn {turn}: a scenario cannot fix the cards drawn; "
                       "choose another turn",
    "TURN_NOT_A_SCENARIO": "the table of this turn cannot be written as a scenario: {problem}",
    "TURN_WITHOUT_CHOICE": "turn {turn} holds no choice to judge (nothing was played)",
})


def rounds_counted(count: int) -> str:
    """How many rounds a game record holds: ``1 round``, ``3 rounds``."""
    return ngettext("{count} round", "{count} rounds", count).format(count=count)


def words_draw_count(count: int) -> str:
    """A draw that says how many cards it takes, as it is typed: ``draw 3 cards``."""
    return ngettext("draw {count} card", "draw {count} cards", count).format(count=count)


_TABLES = {'SOURCES_YOURS', 'SOURCES_OWN', 'SOURCES_OF'}  # templates by pile kind


def __getattr__(name: str) -> object:
    """A template by its name (or a table of them by pile kind), in the language in use."""
    if name in TEXTS:
        return TEXTS.entry(name)
    if name in _TABLES:
        prefix = name + "."
        return {key[len(prefix):]: TEXTS.entry(key) for key in TEXTS if key.startswith(prefix)}
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
