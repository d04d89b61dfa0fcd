"""A printable worksheet: positions with their questions and room to answer, then an answer key.

``worksheet_html(files)`` makes one self-contained HTML page (styles and
pictures inline, nothing fetched from the network). On screen it reads as a
page; printed, each position keeps together, and the answer key starts on a
page of its own so that it can be torn off.
"""

from __future__ import annotations

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
header { display: flex; justify-content: space-between; align-items: baseline; border-bottom: 2px solid #000; }
h1 { font-size: 1.6rem; margin: 0 0 .4rem; }
.name { font-size: 1rem; min-width: 16rem; border-bottom: 1px solid #000; padding-bottom: .2rem; }
.position { break-inside: avoid; page-break-inside: avoid; margin: 1.2rem 0 2rem; }
.position h2 { font-size: 1.2rem; margin: .4rem 0; }
.position svg { width: 100%; height: auto; display: block; }
.description { margin: .3rem 0; }
.question { font-weight: bold; margin: .6rem 0 .3rem; }
.answer { border: 1px solid #000; min-height: 6.5rem;
          background: repeating-linear-gradient(#fff, #fff 1.9rem, #bbb 1.9rem, #bbb 2rem); }
.answer span { font-size: .8rem; padding: .2rem .4rem; background: #fff; }
.key { break-before: page; page-break-before: always; }
.key h2 { font-size: 1.4rem; border-bottom: 2px solid #000; }
.key h3 { font-size: 1.1rem; margin: 1.2rem 0 .3rem; }
.key table { border-collapse: collapse; width: 100%; font-size: .9rem; break-inside: auto; }
.key th, .key td { border: 1px solid #000; padding: .3rem .4rem; text-align: left; vertical-align: top; }
.key tr { break-inside: avoid; page-break-inside: avoid; }
.key .entry { break-inside: avoid; page-break-inside: avoid; }
.words { margin: .4rem 0; }
.rule { font-style: italic; }
@page { size: A4; margin: 14mm; }
@media print {
  body { margin: 0; max-width: none; padding: 0; font-size: 11pt; }
  .position { margin: 0 0 8mm; }
}
"""


def worksheet_html(files: list[CheckedFile], title: Optional[str] = None) -> str:
    """The worksheet of the usable scenario files ``files``, as one HTML document."""
    heading = escape(title or text("sheet-title"))
    positions = "\n".join(_position(number, checked) for number, checked in enumerate(files, start=1))
    key = "\n".join(_key(number, checked) for number, checked in enumerate(files, start=1))
    return f"""<!DOCTYPE html>
<html lang="{language()}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{heading}</title>
<style>{STYLE}</style>
</head>
<body>
<header><h1>{heading}</h1><div class="name">{escape(text("name-line"))}</div></header>
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


def _position(number: int, checked: CheckedFile) -> str:
    scenario = checked.scenario
    assert scenario is not None
    question = scenario.data.get("question")
    question = question if isinstance(question, str) and question.strip() else text("no-question")
    description = (f'<p class="description">{escape(scenario.description.strip())}</p>'
                   if scenario.description.strip() else "")
    heading = escape(text("position", number=number) + ": " + scenario.title)
    return (f'<section class="position" id="position-{number}">\n<h2>{heading}</h2>\n{description}\n'
            f'{board_svg(scenario, ident=f"p{number}", caption=False)}'
            f'<p class="question">{escape(question)}</p>\n'
            f'<div class="answer"><span>{escape(text("answer-room"))}</span></div>\n</section>')


def _key(number: int, checked: CheckedFile) -> str:
    scenario = checked.scenario
    assert scenario is not None
    rows = "\n".join(_key_row(entry) for entry in answer_key(scenario, checked.expectations))
    table = (f"<table><thead><tr><th>{escape(text('key-moves'))}</th><th>{escape(text('key-ruling'))}</th>"
             f"<th>{escape(text('key-why'))}</th></tr></thead>\n<tbody>\n{rows}\n</tbody></table>") if rows else ""
    answer = scenario.data.get("answer")
    words = (f'<p class="words"><strong>{escape(text("key-answer"))}:</strong> {escape(" ".join(answer.split()))}</p>'
             if isinstance(answer, str) and answer.strip() else "")
    heading = escape(text("position", number=number) + ": " + scenario.title)
    return f'<div class="entry" id="key-{number}">\n<h3>{heading}</h3>\n{words}\n{table}\n</div>'


def _key_row(entry: KeyEntry) -> str:
    why = [escape(entry.reason)] if entry.reason else []
    if entry.rule_words:
        why.append(f'<span class="rule">{escape(entry.rule_words)} ({escape(entry.rule or "")})</span>')
    if entry.note:
        why.append(escape(entry.note))
    return (f"<tr><td>{escape(entry.moves)}</td><td>{escape(entry.expected)}</td>"
            f"<td>{'<br>'.join(why)}</td></tr>")
