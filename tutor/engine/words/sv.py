"""The Swedish words of table talk (from the project's glossary, ``i18n/GLOSSARY.md``).

"lägg sjuan från stockhögen på byggstapel 1", "dra fem kort", "Annas
stockhög på bygghög 1". The canonical and compact forms (``stock to build
2``, ``s>b2``) read too. Plain data, read by ``tutor.engine.words.vocabulary``.
"""


def _forms(*stems: str) -> tuple[str, ...]:
    """A pile noun with its definite and plural forms: hög, högen, högar, högarna."""
    endings = {"hög": ("", "en", "ar", "arna"), "stapel": ("", "n"), "hand": ("", "en")}
    words = []
    for stem in stems:
        last = next(end for end in endings if stem.endswith(end))
        words += [stem + ending for ending in endings[last]]
    return tuple(words)


PILES = {
    "stock": ("stock", "s", "stocken", *_forms("stockhög", "grundhög", "lagerhög")),
    "hand": ("h", *_forms("hand"), "handkort"),
    "discard": ("discard", "d", *_forms("avläggshög", "slänghög", "avläggningshög")),
    "build": ("build", "b", *_forms("byggstapel", "bygghög", "stapel"), "staplar", "staplarna"),
}
PILE = ("pile", "hög", "högen", "nr", "nummer")
JOINS = ("to", "på", "till", "onto", "on", ">", "->")
FROM = ("från", "ur", "from", "i")
FILLERS = ("min", "mitt", "mina", "din", "ditt", "dina", "den", "det", "en", "ett", "lägg", "lägger", "lägga",
           "la", "lade", "släng", "slänger", "slängde", "kasta", "kastar", "kastade", "flytta", "flyttar", "flyttade",
           "spela", "spelar", "spelas", "spelade", "bygg", "bygger", "byggde", "ta", "tar", "tog", "använd",
           "använder", "jag", "han", "hon", "hans", "hennes", "sin", "sitt", "sina", "nu", "av", "kortet", "tur",
           "turen", "ner", "släpp", "släpper", "the", "my", "play", "put")
#: Words said between two moves ("stock to build 1, sen hand 5 to build 2"); a comma or a full stop does the same.
SEPARATORS = ("sen", "sedan", "därefter", "och", "så")
#: A pile named as the empty one ("tolvan på min tomma hög", "börja en ny hög med ettan").
EMPTY = ("tom", "tomma", "tomt", "ny", "nya", "nytt")
#: The words that open a move asked about, read past: "får jag lägga sjuan på sexan?" (regular expressions).
OPENINGS = (r"(?:är|var|vore) det (?:tillåtet|ok|okej|lagligt|regelrätt|möjligt|rätt)(?: för mig)?(?: att| om)?"
            r"(?: jag)?", r"(?:får|kan|ska|måste) (?:jag|man)")
WILDS = ("sb", "skip-bo", "skipbo", "skip-bo-kort", "skip-bo-kortet", "skippo", "skippon", "joker", "jokern",
         "jokerkort", "vilt",
         "vild", "wild")
WILD_PAIRS = (("skip", "bo"), ("vilt", "kort"))
AS = ("som", "är", "as")
NUMBERS = {
    "noll": 0, "två": 2, "tre": 3, "fyra": 4, "fem": 5, "sex": 6, "sju": 7, "åtta": 8, "nio": 9, "tio": 10,
    "elva": 11, "tolv": 12,
    # the cards as nouns, indefinite and definite: en sjua, sjuan
    **{noun: value for value, nouns in enumerate(
        (("etta", "ettan"), ("tvåa", "tvåan"), ("trea", "trean"), ("fyra", "fyran"), ("femma", "femman"),
         ("sexa", "sexan"), ("sjua", "sjuan"), ("åtta", "åttan"), ("nia", "nian"), ("tia", "tian"),
         ("elva", "elvan"), ("tolva", "tolvan")), start=1) for noun in nouns},
}
ORDINALS = {"första": 1, "andra": 2, "tredje": 3, "fjärde": 4}
COUNT = ("kort", "cards", "card")
DRAW = ("dra", "drar", "drog", "draw")
DRAW_UP_TO = ("upp", "till")
END = ("avsluta", "avslutar", "avslutade", "klar", "färdig", "slut", "passar", "passa", "end")
#: No apostrophe: a name takes a bare -s (Annas stockhög), which a position settles.
POSSESSIVE = "'s"
BARE_GENITIVE = True
#: "7:an", "7:a", "10:an": a digit with the ending of its card noun.
CARD_ENDINGS = (":an", ":a", ":orna", ":or")
#: "2:a byggstapeln", "3:e avläggshögen": a digit with an ordinal ending names a pile when a pile word follows.
ORDINAL_ENDINGS = (":a", ":e")
#: Articles that say a count of one before a count word ("dra ett kort").
ONE = ("en", "ett")
JOINS_TOO = ()
PARTNER = ("partnerns", "partners", "partner")
QUESTIONS = ("vad", "hur", "varför", "när", "vem", "vilken", "vilket", "kan", "får", "måste", "ska", "är")
#: Pile words that are also a verb ("discard 9 on discard pile 2"): a number after one may be a card.
PILE_VERBS = ("discard",)
#: Verbs of the discard: after one, a bare pile word ("pile 2") names a discard pile.
DISCARD_VERBS = ("släng", "slänger", "slängde", "kasta", "kastar", "kastade")
#: Verbs after a name said first, as the one who plays: "Bo plays his 3" is Bo's 3.
SUBJECT_VERBS = ("spelar", "spelade", "lägger", "lade", "la", "tar", "tog", "flyttar", "flyttade")
