"""The terminal side of ``tutor play``: the board, the prompt, the bots' turns, the coach's word.

``PlayTable`` drives a ``Game`` until it is finished or the player quits; it
saves the game after every move. Every sentence comes from ``tutor.play.texts``.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Callable, Optional

from ..coach.templates import GRADES
from ..engine.cards import SKIP_BO, a_card, card_label, is_short_number, n_cards, the_card
from ..engine.dealing import StartRule
from ..engine.legal import legal_moves
from ..engine.moves import Draw, EndTurn, Move, PileKind, Transfer
from ..engine.notation import NotationError
from ..engine.reading import AmbiguousMove, read_move
from ..engine.rules import Ruling, UnknownPlayer, Verdict, check_move
from ..engine.state import HAND_SIZE, GameState, Phase
from ..engine.view import player_view
from ..i18n import language
from ..i18n.grammar import capitalized, genitive, shown_name
from ..play import texts
from ..play.game import Game
from ..play.words import move_in_words, move_said
from ..records.recording import drawn_cards
from .board import board
from .move_choices import ambiguity_said, move_groups, said_groups, typed_moves
from .output import printable
from .prompt_words import command, offered, shown, shown_words
from .rulings import print_wrapped

if TYPE_CHECKING:
    from rich.console import Console

    from ..coach.verdicts import Assessment

#: The commands typed at the move prompt, besides a move, a number from the list, and quitting.
COMMANDS = ("moves", "hint", "undo", "board", "help")


class PlayTable:
    """One sitting at the table: shows the game, takes the player's moves, narrates the bots'."""

    def __init__(self, out: "Console", game: Game, ask: Callable[..., str], *, pace: float,
                 save: Callable[[], None]):
        self.out = out
        self.game = game
        self.ask = ask
        self.pace = pace
        self.save = save
        self.coach = game.record.coach or "on"
        self.flagged: list[int] = []  # the undo depths of the moves the coach flagged, that can be taken back
        self.quiet_notes: list[tuple[int, str, "Assessment"]] = []  # a turn, a move in words, the coach's word

    def say(self, sentence: str, style: str = "") -> None:
        print_wrapped(self.out, sentence, style, indent="")

    # -- the game --------------------------------------------------------------------------

    def run(self) -> None:
        while True:
            game = self.game
            if game.round_over:
                self.round_ends()
                if game.finished:
                    return
                game.next_round()
                self.save()
                self.announce_round()
            elif game.humans_turn or game.state.turn == game.human:
                self.human_turn()
            else:
                self.bot_turn()

    def announce_round(self) -> None:
        self.out.print()
        game = self.game
        dealt = game.record.setup.deal(game.round.seed)
        names = game.record.setup.names
        template = texts.ROUND_YOUNGEST if game.record.setup.start is StartRule.YOUNGEST else texts.ROUND_CUT
        self.say(template.format(round=game.round_number, dealer=shown_name(names[dealt.dealer]),
                                 first=shown_name(names[dealt.state.turn])),
                 "bold")

    def round_ends(self) -> None:
        game = self.game
        result = game.round.result
        self.out.print()
        if result.winners:
            self.say(capitalized(texts.ROUND_WON.format(winners=texts.AND.join(map(shown_name, result.winners)),
                                                        round=game.round_number, points=result.points)),
                     "bold green")
        else:
            self.say(texts.ROUND_STALEMATE.format(round=game.round_number), "bold yellow")
        if self.coach == "quiet":
            self.quiet_summary()
        if game.record.setup.target is not None:
            self.say(texts.SCORE_TITLE.format(target=game.record.setup.target), "bold")
            names = game.record.setup.names
            totals = game.record.match().totals
            for side in _sides(game):
                self.say(texts.SCORE_LINE.format(side=texts.AND.join(shown_name(names[s]) for s in side),
                                                 points=totals.get(side, 0)))
        if not game.finished:
            self.ask(texts.NEXT_ROUND_PROMPT)

    def quiet_summary(self) -> None:
        notes = self.quiet_notes
        counts = {quality: sum(1 for _, _, a in notes if a.quality == quality) for quality in ("best", "good", "weak")}
        self.say(texts.QUIET_SUMMARY.format(moves=len(notes), **counts), "bold")
        for turn, move, assessment in notes:
            if assessment.quality == "weak":
                self.say(texts.QUIET_WEAK.format(turn=turn, move=move,
                                                 grade=GRADES.text(assessment.grade),
                                                 explanation=assessment.explanation), "yellow")
        self.quiet_notes = []

    # -- the player's turn -------------------------------------------------------------------

    def human_turn(self) -> None:
        game = self.game
        if game.state.phase is Phase.START:
            self.out.print()
            self.say(texts.YOUR_TURN, "bold")
            self.draw()
        self.show_board()
        while True:
            state = game.state
            if state.phase is Phase.PLAY:
                if _only_ending(state):
                    game.play(EndTurn())
                    self.say(texts.TURN_ENDS_EMPTY)
                    continue
                self.command(self.ask(texts.PROMPT, typed_moves(state) + offered(*COMMANDS, "quit")))
                continue
            if state.phase is Phase.ENDED and self.undo_allowed() and self.takes_back_at_the_end():
                continue
            break
        self.flagged = []
        if not game.round_over:
            game.pass_turn()
        self.save()

    def draw(self) -> None:
        before = self.game.state
        full = len(before.mover.hand) >= HAND_SIZE
        self.game.play(Draw())
        if _reshuffled(before, self.game.state):
            self.say(texts.RECYCLED, "bold")
        cards = drawn_cards(self.game.state)
        if cards:
            self.say(texts.YOU_DREW.format(cards=" ".join(card_label(c) for c in cards)))
        else:
            self.say(texts.YOU_DREW_NOTHING if full else texts.NOTHING_TO_DRAW)
        self.save()

    def show_board(self) -> None:
        self.out.print()
        self.out.print(board(player_view(self.game.state, self.game.human)))

    def command(self, text: str) -> None:
        word = text.strip().lower()
        if not word:
            return
        said = command(word, *COMMANDS)
        if said == "moves":
            self.list_moves()
        elif said == "hint":
            self.hint()
        elif said == "undo":
            if self.coach != "on":
                self.say(texts.NO_UNDO_OFF)
            elif self.undo_allowed():
                self.undo()
            else:
                self.say(texts.NO_UNDO)
        elif said == "board":
            self.show_board()
        elif said == "help":
            self.say(texts.HELP.format(partner=self.partner_help(), **shown_words(*COMMANDS, "quit")))
        elif is_short_number(word):
            self.pick(int(word))
        else:
            self.try_move(text)

    def pick(self, number: int) -> None:
        """Play move ``number`` of the list ``?`` shows."""
        state = self.game.state
        groups = move_groups(state)
        if not 1 <= number <= len(groups):
            self.say(texts.NO_SUCH_MOVE.format(number=number, count=len(groups)), "red")
            return
        move = groups[number - 1][0]
        self.play_move(move, check_move(state, move))

    def try_move(self, text: str) -> None:
        state = self.game.state
        try:
            move = read_move(state, text, language())
            ruling = check_move(state, move)
        except NotationError as error:
            self.say(error.message, "red")
            return
        except AmbiguousMove as error:
            self.say(ambiguity_said(error), "red")
            return
        except UnknownPlayer as error:
            self.say(f"{error}.", "red")
            return
        self.play_move(move, ruling)

    def play_move(self, move: Move, ruling: Ruling) -> None:
        """Play ``move`` if ``ruling`` allows it, with the coach's word on it."""
        state = self.game.state
        if ruling.verdict is Verdict.ILLEGAL:
            self.say(texts.ILLEGAL.format(rule=ruling.rule, reason=ruling.reason), "red")
            return
        if ruling.verdict is Verdict.UNDECIDABLE:
            self.say(texts.UNDECIDABLE.format(reason=ruling.reason), "red")
            return
        assessment = self.assess(state, move)
        outcome = self.game.play(move)
        if isinstance(move, Transfer):  # a play or a discard, confirmed as the rules read it
            print_wrapped(self.out, ruling.reason, prefix="-> ", indent="")
        for event in outcome.events:
            print_wrapped(self.out, event, prefix="-> ", indent="")
        self.save()
        self.flagged = [depth for depth in self.flagged if depth < self.game.undo_depth]
        if assessment is None:
            return
        if self.coach == "quiet":
            self.quiet_notes.append((len(self.game.round.turns), move_said(state, move), assessment))
        elif assessment.quality == "weak":
            if self.game.can_undo():
                self.flagged.append(self.game.undo_depth)
            self.say(texts.COACH_WEAK.format(grade=GRADES.text(assessment.grade), explanation=assessment.explanation),
                     "yellow")
            if self.game.can_undo():
                self.say(texts.COACH_UNDO.format(undo=shown("undo")), "yellow")
        if self.game.state.phase is Phase.PLAY and isinstance(move, Transfer) and move.source.kind is PileKind.STOCK:
            self.show_board()

    def assess(self, state: GameState, move: Move) -> Optional["Assessment"]:
        if self.coach == "off" or not isinstance(move, Transfer):
            return None
        from ..coach.verdicts import assess_move

        return assess_move(state, move)

    def undo_allowed(self) -> bool:
        """Whether the coach lets the player take back their last move: it flagged that move or one before it in
        the turn, and no card has been turned up since."""
        return self.coach == "on" and bool(self.flagged) and self.game.can_undo()

    def takes_back_at_the_end(self) -> bool:
        """Ask, at the end of a turn the coach lets the player take back, whether to go on; True when the player
        took the last move back. Every answer is answered: the choices are asked again until one is made."""
        choices = {"undo": shown("undo"), "board": shown("board")}
        while True:
            answer = self.ask(texts.GO_ON_PROMPT.format(undo=choices["undo"]), offered("undo", "board", "quit"))
            if not answer.strip():
                return False
            said = command(answer, "undo", "moves", "hint", "board", "help")
            if said == "undo":
                self.undo()
                return True
            if said == "board":
                self.show_board()
            elif said == "hint":
                self.say(texts.GO_ON_NO_HINT)
            elif said is None:
                self.say(texts.GO_ON_UNKNOWN.format(answer=printable(answer.strip())), "red")
            self.say(texts.GO_ON_CHOICES.format(**choices))

    def undo(self) -> None:
        move = self.game.undo()
        self.flagged = [depth for depth in self.flagged if depth <= self.game.undo_depth]
        self.save()
        self.say(texts.UNDONE.format(move=move_said(self.game.state, move)))
        if self.undo_allowed():
            before, earlier = self.game.undoable_move()
            self.say(texts.UNDO_MORE.format(undo=shown("undo"), move=move_said(before, earlier)))
        self.show_board()

    def partner_help(self) -> str:
        state = self.game.state
        partners = [state.players[s].name for s in state.team_of(self.game.human) if s != self.game.human]
        return texts.HELP_PARTNER.format(partner=partners[0]) if partners else ""

    def list_moves(self) -> None:
        """The legal moves in words, numbered: a number typed at the prompt plays one."""
        state = self.game.state
        groups = said_groups(state)
        self.say(texts.MOVES_TITLE, "bold")
        for number, (_group, words) in enumerate(groups, start=1):
            print_wrapped(self.out, words, prefix=texts.MOVES_NUMBER.format(number=number), indent="")
        if any(len(group) > 1 for group, _words in groups):
            self.say(texts.MOVES_ALIKE_NOTE, "dim")

    def hint(self) -> None:
        state = self.game.state
        if state.phase is not Phase.PLAY or state.turn != self.game.human:
            self.say(texts.HINT_NONE)
            return
        from ..coach.principles import along
        from ..coach.reasons import turn_steps
        from ..coach.search import TurnSearch

        view = player_view(state, self.game.human)
        best = TurnSearch(view).best()
        self.say(texts.HINT_TITLE, "bold green")
        steps = zip(turn_steps(view, best), along(view, best.moves))
        for number, (step, (before, move)) in enumerate(steps, start=1):
            self.say(f"{number:>2}. {move_said(before, move)}", "bold")
            print_wrapped(self.out, step.reason)
        if best.ending == "refill":
            self.say(texts.HINT_REFILL, "dim")

    # -- the bots' turns ---------------------------------------------------------------------

    def bot_turn(self) -> None:
        game = self.game
        self.out.print()
        self.say(texts.BOT_TURN.format(owner=genitive(game.state.mover.name)), "bold")
        game.play_bot_turn(self.narrate)
        if not game.round_over:
            game.pass_turn()
        self.save()

    def narrate(self, before: GameState, move: Move, after: GameState) -> None:
        self.save()
        for line in bot_move_lines(before, move, after, self.game.human):
            self.say(line)
        if self.pace:
            time.sleep(self.pace)


def bot_move_lines(before: GameState, move: Move, after: GameState, human: Optional[int] = None) -> list[str]:
    """What the player sees of a bot's move: never the cards it draws or holds unplayed."""
    from ..coach.principles import played_card, source_seat

    name = before.mover.name
    human = human if human is not None else -1
    recycled = [texts.RECYCLED] if _reshuffled(before, after) else []
    if isinstance(move, Draw):
        return recycled + [texts.BOT_DRAWS.format(name=name, count=n_cards(after.drawn)) if after.drawn
                           else texts.BOT_DRAWS_NOTHING.format(name=name)]
    if isinstance(move, EndTurn):
        return [texts.BOT_ENDS.format(name=name)]
    card = played_card(before, move)
    if move.is_discard:
        return [texts.BOT_DISCARDS.format(name=name, card=the_card(card), pile=move.target.number)]
    words = move_in_words(move, card)
    if card == SKIP_BO:  # a wild card: the value it stands for on the pile
        value = before.build_value(move.target.number - 1) + 1
        lines = [texts.BOT_PLAYS_WILD.format(name=name, move=words, value=a_card(value))]
    else:
        lines = [texts.BOT_PLAYS.format(name=name, move=words)]
    if len(after.completed) > len(before.completed):
        lines.append(texts.PILE_DONE.format(pile=move.target.number))
    if move.source.kind is PileKind.STOCK and not after.is_over:
        seat = source_seat(before, move)
        owner = after.players[seat]
        if owner.stock:
            template = texts.YOUR_STOCK_SHOWS if seat == human else texts.BOT_STOCK_SHOWS
            lines.append(template.format(owner=genitive(owner.name), card=a_card(owner.stock_top),
                                         count=len(owner.stock)))
    if after.phase is Phase.PLAY and after.drawn:
        lines += recycled + [texts.REFILLED.format(owner=genitive(name))]
    return lines


def _reshuffled(before: GameState, after: GameState) -> bool:
    """True when the finished piles were shuffled into a new draw pile between the two positions."""
    return len(after.completed) < len(before.completed)


def _only_ending(state: GameState) -> bool:
    """True when all the player can do is end the turn (an empty hand, nothing to play or draw)."""
    moves = legal_moves(state)
    return bool(moves) and all(isinstance(move, (EndTurn, Draw)) for move in moves) and not state.mover.hand


def _sides(game: Game) -> list[tuple[int, ...]]:
    state = game.state
    return list(dict.fromkeys(state.team_of(seat) for seat in range(len(state.players))))
