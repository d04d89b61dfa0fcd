"""Every sentence the coach says, as templates with named fields, in one place.

Code never assembles advice from pieces of English: it picks a template by
its id and fills in the fields (cards, pile numbers, whose piles, a chance),
so the texts are translated as tables. ``say(table, id, **fields)`` fills
one in, in the language in use. Field values are words already: a card
with its article (``the 7``, ``an 8``), ``your`` or ``Anna's``.
"""

from __future__ import annotations

from ..engine.cards import SKIP_BO, the_card
from ..i18n import ngettext
from ..i18n.numbers import decimal, percent
from ..i18n.tables import TextTable
from .chances import Chance, as_chance
from .evaluation import DEFAULT_WEIGHTS

# A move as a phrase: what was played, from where, onto which pile.
MOVES = TextTable("coach-move", {
    "stock": "{card} on {whose} stock {onto}",
    "hand": "{card} from your hand {onto}",
    "discard": "{card} from {whose} discard pile {pile} {onto}",
    "onto": "on build pile {slot}",
    "onto-as": "on build pile {slot} as {value}",
    "discard-on": "discard {card} on {top} on discard pile {pile}",
    "discard-empty": "discard {card} on the empty discard pile {pile}",
    "discarding-on": "discarding {card} on {top} on discard pile {pile}",
    "discarding-empty": "discarding {card} on the empty discard pile {pile}",
    "playing": "playing {move}",
    "end": "end the turn",
    "draw": "draw",
    "play": "play {move}",
})

# What a finding says: the key reason a move is weaker than the best turn, in one sentence.
FINDINGS = TextTable("coach-finding", {
    "stock-stuck": "{doing} leaves {card} on {whose} stock stuck: the best turn plays {best} from the stock, "
                   "while the best turn left after this move plays {after} from it.",
    "stock-stuck-refill": "{doing} leaves {card} on {whose} stock stuck: the best turn plays {best} from the "
                          "stock before it draws new cards, while the best turn left after this move plays {after} "
                          "from it.",
    "round-missed": "{doing} misses the win: the best turn plays out {card}, {whose} last stock card.",
    "wild-wasted-hand": "{doing} spends a wild card where {card} in your hand would do.",
    "wild-wasted-discard": "{doing} spends a wild card where {card} on your discard pile {pile} would do.",
    "wild-spent": "{doing} spends a wild card without freeing a stock card: the best turn keeps it for that.",
    "wild-dear": "{doing} frees stock cards at the cost of more wild cards than they are worth.",
    "wilds-more": "{doing} spends {after_cards} where the best turn spends {best_cards}.",
    "wild-discarded": "{doing} gives up a wild card from your hand: on a discard pile it can be played only while "
                      "it stays on top.",
    "wild-buried": "{doing} covers the SB on that pile: it can be played only after the cards on top of it.",
    "discard-inverted": "{doing} buries {top} under a higher card: that pile no longer comes out in a run.",
    "discard-covers": "{doing} covers {top} while discard pile {empty} is empty.",
    # the covered card is one of those between the highest build pile below the stock card and it
    "discard-covers-bridge": "{doing} covers {top}, one of the cards that lead from build pile {slot} up to {card} "
                             "on your stock: next turn it cannot be played until the card on it is.",
    "opponent-served": "After {move}, your turn still ends with build pile {slot} at {value}, one below "
                       "{card} on {owner} stock.",
    "opponent-run": "After {move}, your turn still ends with build pile {slot} at {value}, which leaves {owner} "
                    "discard run {run} on discard pile {pile} leading up to {card} on {owner} stock.",
    "opponent-wins": "After {move}, your turn still ends with build pile {slot} at {value}, from where {player} "
                     "can play out the last stock card, {card_a}, and win on the next turn.",
    "opponent-wins-chance": "After {move}, your turn still ends with build pile {slot} at {value}, from where "
                            "{player} plays out the last stock card, {card_a}, and wins on the next turn in "
                            "{chance}.",
    "opponent-frees-slot": "After {move}, your turn still ends with build pile {slot} at {value}, which {player} "
                           "can complete with the cards on the discard tops, freeing a slot for the last stock card, "
                           "{card_a}, and win on the next turn.",
    "opponent-frees-slot-chance": "After {move}, your turn still ends with build pile {slot} at {value}, which "
                                  "{player} completes to free a slot for the last stock card, {card_a}, and wins on "
                                  "the next turn in {chance}.",
    "opponent-may-win": "{doing} leaves {player} able to play out the stock, {card} on top, on the next turn in "
                        "{chance}, where after the best turn that happens in {best_chance}.",
    "opponents-closer": "After {move}, your turn still ends with {card} on {owner} stock {gap} build pile "
                        "{slot}, where the best turn leaves it further away.",
    # {cards}: the cards the best turn plays onto the build piles and the best line after the move does not
    "fewer-plays": "{doing} plays fewer cards onto the build piles: the best turn plays {best}, the best after this "
                   "move only {after}, without {cards}.",
    "refill-missed": "{doing} keeps {cards} in hand: the best turn plays {best} onto the build piles, empties the "
                     "hand and goes on with five new cards.",
    "refill-missed-wins": "{doing} keeps {cards} in hand: the best turn plays {best} onto the build piles and "
                          "empties the hand, and with the five new cards it wins the round in {chance}.",
    # the line after the move keeps cards in hand and leaves the stock card where it is; the best turn empties the
    # hand, and the new cards let the stock card out in {chance}
    "refill-frees-stock": "{doing} keeps {cards} in hand and leaves {card} on your stock stuck: the best turn plays "
                          "{best} onto the build piles and empties the hand, and with the five new cards it plays "
                          "{card} in {chance}.",
    # both lines empty the hand; with the new cards the best turn gets the stock card out more often
    "refill-stock-less": "{doing} empties the hand too, but with the new cards it plays {card} on your stock in "
                         "{chance}, where the best turn does in {best_chance}.",
    # both lines empty the hand and go on with five new cards: the chances that they then win the round
    "refill-wins-less": "{doing} empties the hand too, but with the new cards it plays out the stock, {card} on "
                        "top, and wins the round in {chance}, where the best turn wins in {best_chance}.",
    # the line after the move ends the turn with a discard of the last card in hand: empty, but nothing is drawn
    "refill-missed-last": "{doing} ends the turn with the last card in hand, {card}, so no new cards are drawn: the "
                          "best turn plays {best} onto the build piles, empties the hand and goes on with five new "
                          "cards.",
    "refill-missed-last-wins": "{doing} ends the turn with the last card in hand, {card}, so no new cards are drawn: "
                               "the best turn plays {best} onto the build piles and empties the hand, and with the "
                               "five new cards it wins the round in {chance}.",
    "hand-kept": "{doing} keeps {cards} in hand as well: the best turn ends with {best} in hand, this move with "
                 "{after}, so fewer new cards come next turn.",
    # the same number of cards kept, but the higher one: high cards are the hardest to play later
    "hand-higher": "{doing} keeps {card} in hand, which the best turn discards instead: a higher card kept is "
                   "harder to play later.",
    "wilds-fewer": "{doing} spends an SB the best turn keeps: it ends the turn with {after_cards} kept, the best "
                   "turn with {best_cards}.",
    "stock-further": "{doing} leaves {card} on your stock further from the build piles than the best turn does.",
    # the shape of the discard piles: a run the best turn makes or keeps and the line after the move does not ...
    "shape-run": "{doing} gives up a run the best turn ends with: {card} on {top} on discard pile {pile}, which come "
                 "out card after card.",
    # ... or a card the line after the move lays where the best turn does not
    "shape-stacked": "{doing} leads to {card} on {top} on discard pile {pile}, which the best turn avoids: two equal "
                     "cards come out a turn apart at best.",
    "shape-inverted": "{doing} leads to {card} on {top} on discard pile {pile}, which the best turn avoids: the "
                      "lower card waits until the higher one is played.",
    "shape-wild": "{doing} leads to {card} on the SB on discard pile {pile}, which the best turn avoids: the SB "
                  "waits until the card on it is played.",
    "shape-covered-run": "{doing} leads to {card} on the run {run} on discard pile {pile}, which the best turn "
                         "avoids: the run waits until {card} is played.",
    # the same marks made by the discard judged itself (its own words name the card and the pile)
    "shape-stacked-own": "{doing} stacks two equal cards, which the best turn avoids: they come out a turn apart at "
                         "best.",
    "shape-inverted-own": "{doing} lays a higher card on a lower one, which the best turn avoids: the lower card "
                          "waits until the higher one is played.",
    "shape-wild-own": "{doing} covers the SB, which the best turn avoids: the SB waits until the card on it is "
                      "played.",
    "shape-covered-run-own": "{doing} covers the run {run}, which the best turn avoids: the run waits until the "
                             "card on it is played.",
    # a run kept on an own discard pile (or a single 12), though it would complete a build pile now
    "completion-kept": "{doing} keeps the run {run} on your discard pile {pile}, though it could complete build pile "
                       "{slot} this turn: the best turn plays it out, while kept it waits through the other players' "
                       "turns, in which the pile may move on.",
    "completion-kept-card": "{doing} keeps {card} on your discard pile {pile}, though it could complete build pile "
                            "{slot} this turn: the best turn plays it, while kept it waits through the other players' "
                            "turns, in which the pile may move on.",
    # a line that goes on with new cards leaves an opponent's stock card nearer a build pile in some sampled deals
    "refill-feeds-opponent": "After {move} and the new cards, the best line leaves {card} on {owner} stock "
                              "{gap} a build pile in {chance}, where the best turn leaves it further away.",
    # said only where no finding names what the move costs (a weak move must still say something)
    "worth-less": "{doing} is worth less than the best turn.",
    # as good in value as the best, or nearly, but it commits a card before a stock card turns up its next one
    "reveal-first": "{doing} commits a card before {card} on {whose} stock turns up the next one: what turns up "
                    "may change the rest of the turn, and nothing is lost by waiting.",
})

# The better turn, after the key reason: its key move and what that move achieves.
BETTER = TextTable("coach-better", {
    "key": "Better: {move}.",
    "key-achieves": "Better: {move}, which {achieves}.",
    "slightly": "Fine, though slightly better: {move}.",
    "slightly-achieves": "Fine, though slightly better: {move}, which {achieves}.",
    # the key move cannot be played yet: it comes after others in the better turn, which begins with {first}
    "key-later": "Better: a line of {count} moves that starts: {first}; in it you {move}.",
    "key-later-achieves": "Better: a line of {count} moves that starts: {first}; in it you {move}, which "
                          "{achieves}.",
    "slightly-later": "Fine, though slightly better: a line of {count} moves that starts: {first}; in it you "
                      "{move}.",
    "slightly-later-achieves": "Fine, though slightly better: a line of {count} moves that starts: {first}; in it "
                               "you {move}, which {achieves}.",
    # the key move alone is worth no more than the judged move: the line that makes the point, its moves joined
    "key-line": "Better: a line of {count} moves: {moves}.",
    "key-line-achieves": "Better: a line of {count} moves: {moves}, which {achieves}.",
    "slightly-line": "Fine, though slightly better: a line of {count} moves: {moves}.",
    "slightly-line-achieves": "Fine, though slightly better: a line of {count} moves: {moves}, which {achieves}.",
    # the move is as good as the best, but a stock card the same line plays could turn up its next card first
    "reveal-first": "Fine, though slightly better: {move} first.",
    "line": "The whole better turn: {line}.",
    "rules": "Nothing to choose here: the rules make this move.",
    "only": "The only move there is.",
    "unseen": "It plays a card the position does not show, so it is not judged.",
})

# What one step of a turn achieves (hint steps and the key move of a better turn); joined with "; ".
ACHIEVES = TextTable("coach-achieves", {
    "wins": "wins the round: {card} is the last card of {whose} stock",
    "stock-out": "gets {card} on {whose} stock out",
    "stock-look": "the next one turns up: look at it before going on",
    "stock-look-first": "the next one turns up before the cards that can wait: it may change the rest of the turn",
    "frees-stock": "frees {card} on {whose} stock",
    "empties-hand": "empties the hand, so five new cards are drawn at once",
    "completes": "completes build pile {slot}, which frees the slot",
    "clears-opponent": "clears build pile {slot} from under {card} on {owner} stock",
    "blocks-one": "fills the last free slot, slot {slot}, which blocks {owner} 1",
    "frees-discard": "frees {card} below it on {whose} discard pile {pile}",
    "wild-as": "uses the SB as {value}",
    "builds-to": "brings build pile {slot} to {value}",
    "starts-pile": "starts build pile {slot}",
    "discard-empty": "starts discard pile {pile} with {card}, burying nothing",
    "discard-run": "puts {card} on {top}, a run that comes out card after card",
    "discard-descending": "keeps the pile descending: {card} on {top}",
    "discard-wild": "puts the SB on {top} on discard pile {pile}, ready for a later turn",
    "discard-least": "covers {top} on discard pile {pile}, which costs least of the discards left",
    "ends": "nothing is left to play or discard",
    "draws": "draws up to five cards, as every turn begins",
    "draws-nothing": "nothing is left to draw: the hand stays as it is",
})

# The words for a move's quality and grade, as people read them (the JSON keeps the English ids).
GRADES = TextTable("coach-grade", {
    "best": "best",
    "good": "good",
    "weak": "weak",
    "inaccuracy": "inaccuracy",
    "mistake": "mistake",
    "blunder": "blunder",
})

# Lines of ``tutor hint`` about turns as a whole.
TURNS = TextTable("coach-turns", {
    "equal": "as good",
    "worse": "worse by {loss} stock cards",  # the loss in stock cards (the evaluation counts 10 a stock card)
    "misses-win": "misses the win",  # the best turn wins the round at once, this one does not
    # as good in value, but it plays a card before a stock card that could turn up its next card first
    "reveal-later": "as good in value, but {move} should come first: it turns up a card",
    "no-steps": "No card to play. {reason}",
})

CHANCE = TextTable("coach-chance", {
    "some": "about {shown} of {out_of} deals",  # "about 2 of 3 deals"
    "every": "every deal",
    "none": "no deal",
    # a sampled chance too uncertain to be said as a fraction: what the sample showed
    "sampled": "{won} of {deals} sampled deals",
    "mean": "{percent} of deals, on average over {deals} sampled refills",  # percent: "62%"
})

# Cards named together: "the 7 and the 9", "the 4, the 7 and the 9" (each already with its article).
LISTS = TextTable("coach-list", {"two": "{first} and {last}", "more": "{first}, {middle} and {last}"})

# The moves of a line in turn: "play the 11 ..., then play the SB ..." (each move an instruction).
LINES = TextTable("coach-line", {"then": "{earlier}, then {later}"})

# How far an opponent's stock card is from a build pile, their discard tops counted (``opponents-closer``).
GAPS = TextTable("coach-gap", {"0": "playable at once on", "1": "one card short of", "more": "{gap} cards short of"})


def say(table: TextTable, template: str, **fields: object) -> str:
    """The template ``template`` of ``table`` with ``fields`` filled in."""
    return table.text(template, **fields)


def sentence(text: str) -> str:
    """``text`` with a capital first letter (templates may start with a field)."""
    return text[:1].upper() + text[1:]


# the fractions a chance is said as: halves to tenths, and below a tenth one in 15, 20, 25, 50 or 100
FRACTIONS = [(shown, n) for n in (2, 3, 4, 5, 10) for shown in range(1, n)] + [(1, n) for n in (15, 20, 25, 50, 100)]


def chance_in_words(chance: Chance | float) -> str:
    """A probability as players say it: ``about 2 of 3 deals``, ``about 1 of 25 deals``; a chance of 1 (as the
    JSON rounds it) as ``every deal``, of 0 as ``no deal``; else the nearest of ``FRACTIONS``. A
    sampled ``Chance`` is said so only when its 95% interval lies within that rounding (the cell of values
    nearest ``shown``/``out_of`` among the ``out_of``ths); else as what the sample showed: ``5 of 8 sampled
    deals``, or for a mean of chances ``31% of deals, on average over 8 sampled refills``."""
    chance = as_chance(chance)
    low, high = chance.interval()
    if round(low, 2) >= 1:
        return CHANCE.text("every")
    if round(high, 2) <= 0:
        return CHANCE.text("none")
    fractions = FRACTIONS
    said = round(chance.value, 2) if chance.exact else chance.value  # an exact chance as the JSON rounds it
    shown, out_of = min(fractions, key=lambda f: (abs(f[0] / f[1] - said), f[1]))
    if chance.exact or ((shown - 0.5) / out_of <= low and high <= (shown + 0.5) / out_of):
        return CHANCE.text("some", shown=shown, out_of=out_of)
    if chance.won is not None:
        return CHANCE.text("sampled", won=chance.won, deals=chance.deals)
    return CHANCE.text("mean", percent=percent(chance.value), deals=chance.deals)


def cards_in_words(cards) -> str:
    """Cards by name, lowest first: ``the 7``, ``the 7 and the 9``, ``the 4, the 7 and the 9``."""
    said = [the_card(card) for card in sorted(cards, key=lambda card: (card == SKIP_BO, card))]
    if len(said) == 1:
        return said[0]
    if len(said) == 2:
        return LISTS.text("two", first=said[0], last=said[1])
    return LISTS.text("more", first=said[0], middle=", ".join(said[1:-1]), last=said[-1])


def n_wild_cards(count: int) -> str:
    """How many wild cards, in words: ``1 wild card``, ``0 wild cards``."""
    return ngettext("{count} wild card", "{count} wild cards", count).format(count=count)


def in_stock_cards(loss: float, places: int = 1) -> str:
    """A loss of the evaluation (tenths of a stock card, as the JSON gives it) in stock cards, as the language
    writes the number: ``1.9``."""
    return decimal(loss / DEFAULT_WEIGHTS.stock_card, places)


def gap_in_words(gap: int) -> str:
    """``playable at once on``, ``one card short of``, ``3 cards short of``."""
    return GAPS.text(str(gap) if str(gap) in GAPS else "more", gap=gap)
