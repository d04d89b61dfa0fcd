"""A printable worksheet: positions with their questions and room to answer, then an answer key.

``worksheet_html(files)`` makes one self-contained HTML page (styles and
pictures inline, nothing fetched from the network). On screen it reads as a
page; printed, each position keeps together, and the answer key starts on a
page of its own so that it can be torn off.
"""

from __future__ import annotations

import math
import re
from typing import Optional

from ..i18n import language
from ..scenario.files import CheckedFile
from .answers import KeyEntry, answer_key
from .diagram import board_svg
from .markup import escape
from .texts import text

STYLE = """
:root { color-scheme: light; }
body { font-family: "DejaVu Sans", Verdana, Arial, sans-serif; color: #000; background: #fff;
       max-width: 60rem; margin: 1.5rem auto; padding: 0 1rem; line-height: 1.4; }
header { display: flex; flex-wrap: wrap; justify-content: space-between; align-items: baseline; gap: 0 1rem;
         border-bottom: 2px solid #000; }
h1 { font-size: 1.6rem; margin: 0 0 .4rem; }
.word { white-space: nowrap; }
.name { font-size: 1rem; min-width: 16rem; border-bottom: 1px solid #000; padding-bottom: .2rem; }
.position { break-inside: avoid; page-break-inside: avoid; margin: 1.2rem 0 2rem; }
.position h2 { font-size: 1.2rem; margin: .4rem 0; }
.position svg { width: 100%; height: auto; display: block; }
.board { position: relative; }
.board .answer { position: absolute; top: 0; left: 69.5%; right: 1%; margin-top: 1%; height: auto;
                 aspect-ratio: 248 / 136; box-sizing: border-box; background-color: #fff; }
.description { margin: .3rem 0; }
.question { font-weight: bold; margin: .6rem 0 .3rem; }
.answer { border: 1px solid #000; height: 6rem; padding: 0 .4rem 1rem;
          background: repeating-linear-gradient(transparent, transparent 1.9rem, #bbb 1.9rem, #bbb 2rem);
          background-clip: content-box; }
.answer span { font-size: .8rem; padding: .2rem 0; background: #fff; }
.compact .position { display: grid; grid-template-columns: 62% 1fr; gap: 0 1rem; margin: 0 0 1.2rem; }
.compact .position h2, .compact .description { grid-column: 1 / -1; }
.compact .position svg { grid-row: span 2; }
.compact .question { margin-top: 0; }
.compact .answer { height: 8rem; }
.key { break-before: page; page-break-before: always; }
.key h2 { font-size: 1.4rem; border-bottom: 2px solid #000; }
.key h3 { font-size: 1.1rem; margin: 1.2rem 0 .3rem; }
.key table { border-collapse: collapse; table-layout: fixed; width: 100%; font-size: .9rem; break-inside: auto; }
.key col.moves { width: 22%; } .key col.ruling { width: 28%; }
.key th, .key td { border: 1px solid #000; padding: .3rem .4rem; text-align: left; vertical-align: top; }
.key tr { break-inside: avoid; page-break-inside: avoid; }
.key .entry { break-inside: avoid; page-break-inside: avoid; }
.words { margin: .4rem 0; }
.rule { font-style: italic; }
.unchecked { text-transform: uppercase; }
@page { size: A4; margin: 12mm 14mm; }
@media print {
  body { margin: 0; max-width: none; padding: 0; font-size: 10pt; line-height: 1.3; }
  h1 { font-size: 16pt; }
  .position { margin: 0 0 3mm; }
  .position h2 { font-size: 12pt; margin: 2mm 0 1mm; }
  .board { width: 82%; }
  .question { margin: 1.5mm 0 1mm; }
  .answer { height: 30mm; padding-bottom: 3mm;
            background: repeating-linear-gradient(transparent, transparent 8.6mm, #bbb 8.6mm, #bbb 9mm);
            background-clip: content-box; }
  .board .answer { aspect-ratio: auto; box-sizing: content-box; height: 23mm; padding-bottom: 2mm;
                   background: #fff repeating-linear-gradient(transparent, transparent 7.2mm, #bbb 7.2mm, #bbb 7.6mm);
                   background-clip: content-box; }
  .compact .position { margin: 0 0 4mm; }
  .compact .position svg { width: 100%; }
  .compact .answer { height: 36mm; }
  .key h2 { font-size: 14pt; }
  .key h3 { font-size: 11pt; margin: 3mm 0 1mm; }
  .key table { font-size: 8.5pt; }
  .key th, .key td { padding: 1mm 1.5mm; }
}
"""

# The printed page (A4 less the margins of @page) and the room things take there, for page_order.
PAGE_MM = 297 - 2 * 12
TEXT_WIDTH_MM = 210 - 2 * 14
HEADER_MM = 16  # the sheet's heading and name line
PICTURE_SHARE = 0.82  # of the text width, as .position svg prints
LINE_MM = 4.8  # a line of 10 pt text, with its leading
CHARACTERS_PER_LINE = 105
COMPACT_ANSWER_MM = 36 + 4  # the answer box beside the picture and its margin (in the normal layout it sits
# in the empty right of the picture's top row, beside the draw pile, and takes no height of its own)
GAP_MM, COMPACT_GAP_MM = 3 + 4, 4 + 2  # below a position, and the headings' margins


def worksheet_html(files: list[CheckedFile], title: Optional[str] = None, *, compact: bool = False,
                   unchecked: bool = False) -> str:
    """The worksheet of the usable scenario files ``files``, as one HTML document.

    ``compact`` puts each question and its answer box beside the diagram instead of under it,
    so that more positions go on a page. ``unchecked``: the expectations were not checked against the
    engine (a draft), and each row of the key says so.
    """
    plain_title = title or text("sheet-title")
    pictures = [board_svg(checked.scenario, ident=f"p{index}", caption=False) for index, checked in enumerate(files)]
    order = page_order([_printed_height(checked, picture, compact) for checked, picture in zip(files, pictures)])
    files, pictures = [files[index] for index in order], [pictures[index] for index in order]
    positions = "\n".join(_position(number, checked, picture, compact)
                          for number, (checked, picture) in enumerate(zip(files, pictures), start=1))
    key = "\n".join(_key(number, checked, unchecked) for number, checked in enumerate(files, start=1))
    return f"""<!DOCTYPE html>
<html lang="{language()}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{escape(plain_title)}</title>
<style>{STYLE}</style>
</head>
<body{' class="compact"' if compact else ""}>
<header><h1>{_unbroken_words(plain_title)}</h1><div class="name">{escape(text("name-line"))}</div></header>
<main>
{positions}
</main>
<section class="key">
<h2>{escape(text("key-title"))}</h2>
{key}
</section>
</body>
</html>
"""


def page_order(heights: list[float]) -> list[int]:
    """The order to print positions of these printed heights (mm) in: the order given, except that where the
    next one does not fit the room left on a page, the first later one that does is moved up to fill it (a
    3- or 4-player position then shares its page with a smaller one instead of leaving half of it empty)."""
    remaining = list(range(len(heights)))
    order: list[int] = []
    room = PAGE_MM - HEADER_MM
    while remaining:
        fitting = next((index for index in remaining if heights[index] <= room), None)
        if fitting is None:  # nothing fits what is left of this page: the next position starts a new one
            room, fitting = PAGE_MM, remaining[0]
        order.append(fitting)
        remaining.remove(fitting)
        room -= heights[fitting]
    return order


def _printed_height(checked: CheckedFile, picture: str, compact: bool) -> float:
    """About how tall a position prints (mm), from the print styles below; rather more than less."""
    scenario = checked.scenario
    found = re.search(r'viewBox="0 0 (\d+) (\d+)"', picture)
    width, height = (int(found.group(1)), int(found.group(2))) if found else (1, 0)
    question = str(scenario.data.get("question") or text("no-question"))
    lines = math.ceil(len(scenario.description) / CHARACTERS_PER_LINE) + 1  # the heading
    if compact:
        beside = math.ceil(len(question) / (CHARACTERS_PER_LINE * 0.35)) * LINE_MM + COMPACT_ANSWER_MM
        return lines * LINE_MM + max(height * TEXT_WIDTH_MM * 0.62 / width, beside) + COMPACT_GAP_MM
    question_lines = math.ceil(len(question) / CHARACTERS_PER_LINE)
    return (lines + question_lines) * LINE_MM + height * TEXT_WIDTH_MM * PICTURE_SHARE / width + GAP_MM


def _position(number: int, checked: CheckedFile, picture: str, compact: bool) -> str:
    """A position: heading, description, picture, question and answer box; in the normal layout the question
    comes before the picture and the answer box sits in the picture's top row, right of the draw pile."""
    scenario = checked.scenario
    assert scenario is not None
    question = scenario.data.get("question")
    question = question if isinstance(question, str) and question.strip() else text("no-question")
    description = (f'<p class="description">{escape(scenario.description.strip())}</p>'
                   if scenario.description.strip() else "")
    heading = _unbroken_words(text("position", number=number) + ": " + scenario.title)
    asked = f'<p class="question">{escape(question)}</p>\n'
    answer = f'<div class="answer"><span>{escape(text("answer-room"))}</span></div>\n'
    start = f'<section class="position" id="position-{number}">\n<h2>{heading}</h2>\n{description}\n'
    if compact:
        return f"{start}{picture}{asked}{answer}</section>"
    return f'{start}{asked}<div class="board">\n{picture}{answer}</div>\n</section>'


def _key(number: int, checked: CheckedFile, unchecked: bool) -> str:
    scenario = checked.scenario
    assert scenario is not None
    rows = "\n".join(_key_row(entry, unchecked) for entry in answer_key(scenario, checked.expectations))
    table = (f'<table><col class="moves"><col class="ruling"><col>'
             f"<thead><tr><th>{escape(text('key-moves'))}</th><th>{escape(text('key-ruling'))}</th>"
             f"<th>{escape(text('key-why'))}</th></tr></thead>\n<tbody>\n{rows}\n</tbody></table>") if rows else ""
    answer = scenario.data.get("answer")
    said = " ".join(answer.split()) if isinstance(answer, str) and answer.strip() else text("no-answer")
    words = f'<p class="words"><strong>{escape(text("key-answer"))}:</strong> {escape(said)}</p>'
    heading = _unbroken_words(text("position", number=number) + ": " + scenario.title)
    return f'<div class="entry" id="key-{number}">\n<h3>{heading}</h3>\n{words}\n{table}\n</div>'


def _key_row(entry: KeyEntry, unchecked: bool) -> str:
    why = [f'<strong class="unchecked">{escape(text("key-unchecked"))}</strong>'] if unchecked else []
    why += [escape(entry.reason)] if entry.reason else []
    if entry.rule_words:
        why.append(f'<span class="rule">{escape(entry.rule_words)} ({escape(entry.rule or "")})</span>')
    if entry.note:
        why.append(escape(entry.note))
    return (f"<tr><td>{escape(entry.moves)}</td><td>{escape(entry.expected)}</td>"
            f"<td>{'<br>'.join(why)}</td></tr>")


def _unbroken_words(words: str) -> str:
    """``words`` as HTML that a line may break between words but never inside one (not after "Skip-")."""
    return " ".join(f'<span class="word">{escape(word)}</span>' for word in words.split())
