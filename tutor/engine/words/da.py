"""The Danish words of table talk (from the project's glossary, ``i18n/GLOSSARY.md``).

"læg 9'eren på afkastbunke 2", "træk fem kort", "Annas stakbunke på
byggebunke 1". ``to`` is the number 2 here; where a move needs a join and a
pile follows, it joins, so the canonical forms (``hand 5 to build 1``) read
too. Plain data, read by ``tutor.engine.words.vocabulary``.
"""


def _forms(*stems: str) -> tuple[str, ...]:
    """A pile noun with its definite and plural forms: bunke, bunken, bunker, bunkerne."""
    return tuple(stem + ending for stem in stems for ending in ("", "n", "r", "rne"))


PILES = {
    "stock": ("stock", "s", *_forms("stakbunke")),
    "hand": ("hand", "h", "hånd", "hånden", "håndkort"),
    "discard": ("discard", "d", *_forms("afkastbunke")),
    "build": ("build", "b", *_forms("byggebunke")),
}
PILE = ("pile", "bunke", "bunken", "nr", "nummer")
JOINS = ("på", "til", "onto", "on", ">", "->")
FROM = ("fra", "from", "i")
FILLERS = ("min", "mit", "mine", "din", "dit", "dine", "den", "det", "en", "et", "læg", "lægger", "lægge", "lagde",
           "spil", "spille", "spiller", "spillede", "smid", "smider", "smed", "flyt", "flytter", "flyttede", "tag", "tager",
           "tog", "brug", "bruger", "jeg", "han", "hun", "hans", "hendes", "sin", "sit", "sine", "nu", "af", "kortet",
           "tur", "turen", "over", "ned", "the", "my", "play", "put")
#: Words said between two moves ("stock to build 1, derefter hand 5 to build 2"); a comma or a full stop does the
#: same.
SEPARATORS = ("så", "og", "derefter", "bagefter")
#: A pile named as the empty one ("tolveren på min tomme bunke", "start en ny bunke med esset").
EMPTY = ("tom", "tomme", "tomt", "ny", "nye", "nyt")
#: The words that open a move asked about, read past: "må jeg lægge syveren på sekseren?" (regular expressions).
OPENINGS = (r"(?:er|var) det (?:lovligt|tilladt|ok|okay|i orden|muligt|rigtigt)(?: for mig)?(?: at| hvis)?"
            r"(?: jeg)?", r"(?:må|kan|skal) (?:jeg|man)")
WILDS = ("sb", "skip-bo", "skipbo", "skip-bo-kort", "skip-bo-kortet", "joker", "jokeren", "jokerkort", "wild")
WILD_PAIRS = (("skip", "bo"),)
AS = ("som", "er", "as")
NUMBERS = {
    "nul": 0, "én": 1, "to": 2, "tre": 3, "fire": 4, "fem": 5, "seks": 6, "syv": 7, "otte": 8, "ni": 9, "ti": 10,
    "elleve": 11, "tolv": 12,
    # the cards as nouns, indefinite and definite: en syver, syveren
    **{noun: value for value, stem in enumerate(
        ("ener", "toer", "treer", "firer", "femmer", "sekser", "syver", "otter", "nier", "tier", "elver",
         "tolver"), start=1) for noun in (stem, stem + "en")},
}
ORDINALS = {"første": 1, "anden": 2, "andet": 2, "tredje": 3, "fjerde": 4}
COUNT = ("kort", "cards", "card")
DRAW = ("træk", "trækker", "trak", "draw")
DRAW_UP_TO = ("op", "til")
END = ("afslut", "afslutter", "afsluttede", "færdig", "står", "end")
POSSESSIVE = "'s"
BARE_GENITIVE = True
#: "9'eren", "7'er", "10'eren": a digit with the ending of its card noun.
CARD_ENDINGS = ("'eren", "'erne", "'er", "'en")
#: "2. byggebunke": a digit with a full stop names a pile when a pile word follows.
ORDINAL_ENDINGS = (".",)
#: Articles that say a count of one before a count word ("træk et kort").
ONE = ("en", "et")
#: Numbers that join a move where a join is due and a pile follows: "hand 5 to build 1".
JOINS_TOO = ("to",)
PARTNER = ("makkers", "makker", "makkeren", "makkerens", "partner", "partners")
QUESTIONS = ("hvad", "hvordan", "hvorfor", "hvornår", "hvem", "hvilken", "hvilket", "kan", "må", "skal", "er")
#: Pile words that are also a verb ("discard 9 on discard pile 2"): a number after one may be a card.
PILE_VERBS = ("discard",)
#: Verbs of the discard: after one, a bare pile word ("pile 2") names a discard pile.
DISCARD_VERBS = ("smid", "smider", "smed", "af")
#: Verbs after a name said first, as the one who plays: "Bo plays his 3" is Bo's 3.
SUBJECT_VERBS = ("spiller", "spillede", "lægger", "lagde", "tager", "tog", "flytter", "flyttede")
