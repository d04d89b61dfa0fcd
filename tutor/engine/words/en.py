"""The English words of table talk: what a player at the table says for piles, cards and moves.

Plain data, read by ``tutor.engine.words.vocabulary``; the grammar that puts
these words together lives once in ``tutor.engine.notation``. Every word is
lower case, as the reader compares words case-folded.
"""

#: The pile kinds and the words for each (one letter is the compact form).
PILES = {
    "stock": ("stock", "s", "stockpile"),
    "hand": ("hand", "h"),
    "discard": ("discard", "d", "discards", "discarding", "discarded"),
    "build": ("build", "b", "building"),
}
#: The word said after a pile kind; ``discard pile 2`` names discard pile 2, never a card.
PILE = ("pile", "piles", "number", "no")
#: Words joining where a card comes from to where it goes.
JOINS = ("to", "onto", "on", "into", "in", "starts", "start", ">", "->")
#: Words saying where the card comes from ("the 5 from my hand").
FROM = ("from", "off", "out")
#: Words that carry nothing for the move.
FILLERS = ("my", "the", "a", "an", "your", "of", "play", "plays", "played", "playing", "put", "puts", "putting",
           "move", "moves", "moved", "turn", "goes", "go", "went", "i", "i'll", "ill", "i'm", "im", "will", "just",
           "now", "top", "card", "please", "lay", "lays", "laid", "place", "places", "placed", "it", "its", "that",
           "this", "with", "let", "me", "lets", "let's", "want", "gonna", "you", "he", "she", "they", "his", "her",
           "their", "he's", "she's", "use", "uses", "used", "take", "takes", "took", "taking", "get", "gets", "got",
           "going", "am", "was", "has", "had", "have", "be", "stick", "chuck", "drop", "slap", "down")
#: Words said between two moves ("stock to build 1, then hand 5 to build 2"); a comma or a full stop does the same.
SEPARATORS = ("then", "and", "next", "after", "afterwards")
#: A pile named as the empty one ("the 12 on my empty pile", "start a new pile with the 1").
EMPTY = ("empty", "new")
#: The words that open a move asked about, read past: "is it legal to put my 7 on the 6?" (regular expressions).
OPENINGS = (r"(?:is|was|would) (?:it|that|this) (?:be )?(?:legal|ok|okay|allowed|fine|alright|all right|possible)"
            r"(?: for me)?(?: to| if)?(?: i)?",
            r"am i (?:allowed|permitted|able) to", r"(?:can|may|could|should) i")
#: Words for the wild Skip-Bo card.
WILDS = ("sb", "skip-bo", "skipbo", "wild", "wildcard", "joker")
#: A wild said as two words ("skip bo").
WILD_PAIRS = (("skip", "bo"),)
#: Words saying the value a wild is played as ("the wild on build 1 as a 5").
AS = ("as", "is")
#: The numbers as words.
NUMBERS = {"zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
           "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "ace": 1, "queen": 12}
#: Ordinals name a pile ("the first build pile").
ORDINALS = {"first": 1, "1st": 1, "second": 2, "2nd": 2, "third": 3, "3rd": 3, "fourth": 4, "4th": 4}
#: Words after a count of cards ("draw 5 cards").
COUNT = ("card", "cards")
#: A draw, and the words that may follow it ("draw up to five").
DRAW = ("draw", "draws", "drew", "drawing", "refill")
DRAW_UP_TO = ("up", "to")
#: Ending the turn with no discard.
END = ("end", "ends", "ended", "pass", "passes", "passed", "done", "finished")
#: The possessive ending ("Cleo's stock"), and the words for your partner in the team game.
POSSESSIVE = "'s"
PARTNER = ("partner", "partner's", "partners")
#: Words that open a question: read past before a move ("can I play the 5 ...?"); a text that opens with one
#: and holds no move is a question for the rules reference.
QUESTIONS = ("what", "what's", "whats", "how", "why", "when", "who", "which", "where", "can", "could", "may",
             "do", "does", "is", "are", "should", "must", "if")
#: A name takes "'s"; a bare -s genitive ("Annas") is not English.
BARE_GENITIVE = False
#: No digit takes the ending of a card noun in English.
CARD_ENDINGS = ()
#: No digit takes an ordinal ending in English ("1st" is a word of its own, in ``ORDINALS``).
ORDINAL_ENDINGS = ()
#: Articles that say a count of one before a count word ("draw a card").
ONE = ("a", "an")
#: No number joins a move in English.
JOINS_TOO = ()
#: Pile words that are also a verb ("discard 9 on discard pile 2"): a number after one may be a card.
PILE_VERBS = ("discard", "discarding", "discarded")
#: Verbs of the discard: after one, a bare pile word ("pile 2") names a discard pile.
DISCARD_VERBS = ("discarding", "discarded")
#: Verbs after a name said first, as the one who plays: "Bo plays his 3" is Bo's 3.
SUBJECT_VERBS = ("plays", "played", "puts", "put", "takes", "took", "moves", "moved", "lays", "laid", "uses", "used",
                 "will")
