"""``tutor worksheet``: one self-contained printable page, checked as HTML and rendered by headless Chromium."""

from html.parser import HTMLParser
from pathlib import Path

from typer.testing import CliRunner

from browser import pdf_pages, png_size_and_inks, render
from tutor.cli.app import build_app

ROOT = Path(__file__).resolve().parent.parent
STOCK_FIRST = ROOT / "scenarios" / "rules" / "stock-first.yaml"
SAVE_WILDS = ROOT / "scenarios" / "strategy" / "save-wilds-weak.yaml"
runner = CliRunner()


class Outline(HTMLParser):
    """What a page is made of: its tags with their classes, outside references, and its text."""

    def __init__(self, html):
        super().__init__()
        self.classes, self.references, self.tags, self.words = [], [], [], []
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        self.tags.append(tag)
        self.classes += (attributes.get("class") or "").split()
        self.references += [value for name, value in attrs if name in ("src", "href") and value]

    def handle_data(self, data):
        self.words.append(data)

    @property
    def text(self):
        return " ".join(" ".join(self.words).split())


def worksheet(tmp_path, *paths, name="sheet.html"):
    target = tmp_path / name
    result = runner.invoke(build_app(), ["worksheet", *map(str, paths), "-o", str(target)])
    assert result.exit_code == 0, result.output
    return target


def test_the_page_holds_positions_questions_and_an_answer_key_and_nothing_from_outside(tmp_path):
    page = Outline(worksheet(tmp_path, STOCK_FIRST, SAVE_WILDS).read_text(encoding="utf-8"))
    assert page.classes.count("position") == 2 and page.classes.count("answer") == 2
    assert page.tags.count("svg") == 2 and "script" not in page.tags and "link" not in page.tags
    assert page.references == []  # nothing fetched: styles and pictures are inline
    text = page.text
    assert "Can the 7 on your stock go on build pile 1?" in text
    key = text[text.index("Answer key"):]
    assert "stock to build 1" in key and "illegal: a build pile rises by exactly one" in key
    assert "A build pile rises by exactly one" in key  # the rule in words
    assert "strategy.save-wilds" in key and "Keep Skip-Bo cards for your stock" in key  # the principle
    assert "As a 5 it frees no stock card" in key  # the scenario's answer


def test_folders_are_searched_and_broken_files_refused_with_their_line(tmp_path):
    result = runner.invoke(build_app(), ["worksheet", str(ROOT / "scenarios" / "scoring"), "-o",
                                         str(tmp_path / "all.html")])
    assert result.exit_code == 0
    assert Outline((tmp_path / "all.html").read_text(encoding="utf-8")).classes.count("position") == \
        len(list((ROOT / "scenarios" / "scoring").glob("*.yaml")))
    broken = tmp_path / "broken.yaml"
    broken.write_text("title: x\nbuild: [13]\nplayers: []\n", encoding="utf-8")
    result = runner.invoke(build_app(), ["worksheet", str(broken), "-o", str(tmp_path / "no.html")])
    assert result.exit_code == 2 and f"{broken}:2:" in result.stderr
    assert not (tmp_path / "no.html").exists()


def test_chromium_prints_the_answer_key_on_a_page_of_its_own(tmp_path):
    one = worksheet(tmp_path, STOCK_FIRST, name="one.html")
    render(one, tmp_path, "--no-pdf-header-footer", f"--print-to-pdf={tmp_path / 'one.pdf'}")
    assert pdf_pages(tmp_path / "one.pdf") == 2  # the position fits one page; the key takes the next
    three = worksheet(tmp_path, STOCK_FIRST, SAVE_WILDS, STOCK_FIRST, name="three.html")
    render(three, tmp_path, "--no-pdf-header-footer", f"--print-to-pdf={tmp_path / 'three.pdf'}")
    assert pdf_pages(tmp_path / "three.pdf") >= 3


def test_chromium_draws_the_page_on_screen(tmp_path):
    page = worksheet(tmp_path, STOCK_FIRST)
    render(page, tmp_path, "--window-size=1000,1400", "--hide-scrollbars", f"--screenshot={tmp_path / 'shot.png'}")
    width, height, inks = png_size_and_inks(tmp_path / "shot.png")
    assert (width, height) == (1000, 1400)
    assert inks > 50  # cards, colours and text, not a blank or an error page


def test_the_rendered_examples_in_the_docs_are_current():
    import importlib.util

    spec = importlib.util.spec_from_file_location("render_examples", ROOT / "scripts" / "render_examples.py")
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    for name, text in script.rendered().items():
        assert (ROOT / "docs" / "examples" / name).read_text(encoding="utf-8") == text, \
            f"docs/examples/{name} is out of date: run python scripts/render_examples.py"


def test_a_picture_is_never_written_over_the_scenario_it_shows(tmp_path):
    scenario = tmp_path / "stock-first.yaml"
    scenario.write_text(STOCK_FIRST.read_text(encoding="utf-8"), encoding="utf-8")
    for target in (scenario, tmp_path / "." / "stock-first.yaml"):
        result = runner.invoke(build_app(), ["show", str(scenario), "--svg", str(target)])
        assert result.exit_code == 2 and "is one of the files read to make it" in result.stderr
    assert scenario.read_text(encoding="utf-8") == STOCK_FIRST.read_text(encoding="utf-8")
    picture = tmp_path / "stock-first.svg"
    assert runner.invoke(build_app(), ["show", str(scenario), "--svg", str(picture)]).exit_code == 0
    assert picture.read_text(encoding="utf-8").startswith("<svg")


def test_a_worksheet_is_never_written_over_one_of_its_scenarios(tmp_path):
    scenario = tmp_path / "stock-first.yaml"
    scenario.write_text(STOCK_FIRST.read_text(encoding="utf-8"), encoding="utf-8")
    for target in (scenario, tmp_path / "." / "stock-first.yaml"):
        result = runner.invoke(build_app(), ["worksheet", str(tmp_path), "-o", str(target)])
        assert result.exit_code == 2 and "is one of the files read to make it" in result.stderr
    assert scenario.read_text(encoding="utf-8") == STOCK_FIRST.read_text(encoding="utf-8")


MANY = [ROOT / "scenarios" / "misconceptions", ROOT / "scenarios" / "wild-cards"]  # 14 positions


def test_positions_share_pages_and_the_compact_layout_fits_more(tmp_path):
    pages = {}
    for layout in ([], ["--compact"]):
        target = tmp_path / f"sheet{len(layout)}.html"
        result = runner.invoke(build_app(), ["worksheet", *map(str, MANY), *layout, "-o", str(target)])
        assert result.exit_code == 0, result.output
        assert Outline(target.read_text(encoding="utf-8")).classes.count("position") == 14
        render(target, tmp_path, "--no-pdf-header-footer", f"--print-to-pdf={tmp_path / 'sheet.pdf'}")
        pages[tuple(layout)] = pdf_pages(tmp_path / "sheet.pdf")
    # one position to a page, as before, took 19 pages with the key
    assert pages[()] <= 12, pages
    assert pages[("--compact",)] < pages[()], pages


def test_headings_break_between_words_only_and_the_answer_lines_stop_short_of_the_border(tmp_path):
    html = worksheet(tmp_path, STOCK_FIRST).read_text(encoding="utf-8")
    assert '<h1><span class="word">Skip-Bo</span> <span class="word">worksheet</span></h1>' in html
    assert ".word { white-space: nowrap; }" in html
    assert "background-clip: content-box" in html and "padding-bottom: 3mm" in html


def test_a_worksheet_is_never_written_into_a_named_pipe(tmp_path):
    import os
    import subprocess
    import sys

    os.mkfifo(tmp_path / "pipe.html")
    result = subprocess.run([sys.executable, "-m", "tutor", "worksheet", str(ROOT / "scenarios" / "scoring"), "-o",
                             str(tmp_path / "pipe.html")], capture_output=True, text=True, timeout=60)
    assert result.returncode == 2 and "pipe.html is a named pipe, not a file" in result.stderr


def test_a_position_without_an_answer_says_so_in_the_key(tmp_path):
    bare = tmp_path / "bare.yaml"
    bare.write_text(STOCK_FIRST.read_text(encoding="utf-8").split("answer:")[0], encoding="utf-8")
    key = Outline(worksheet(tmp_path, bare).read_text(encoding="utf-8")).text
    assert "In words: no answer given" in key[key.index("Answer key"):]


WRONG_KEY = ROOT / "tests" / "fixtures" / "classroom" / "wrong-key.yaml"


def test_a_sheet_whose_key_the_engine_disagrees_with_is_refused_naming_each_failure(tmp_path):
    target = tmp_path / "sheet.html"
    result = runner.invoke(build_app(), ["worksheet", str(WRONG_KEY), "-o", str(target)])
    assert result.exit_code == 2 and not target.exists()
    assert "wrong-key.yaml:16:5: stock to build 1: expected points 35; found 85" in result.stderr
    assert "wrong-key.yaml:18:5: hand 4 to build 2: expected illegal (build.sequence); ruled legal" in result.stderr
    assert "wrong-key.yaml:21:5: hand 9 to discard 1: expected among the best; the analysis grades it weak" \
        in result.stderr
    assert "tutor scenario test" in result.stderr and "--unchecked" in result.stderr


def test_a_draft_sheet_marks_every_row_unchecked_and_no_row_contradicts_the_engine(tmp_path):
    target = tmp_path / "sheet.html"
    result = runner.invoke(build_app(), ["worksheet", str(WRONG_KEY), "--unchecked", "-o", str(target)])
    assert result.exit_code == 0, result.output
    html = target.read_text(encoding="utf-8")
    rows = html[html.index("<tbody>"):].split("<tr>")[1:]
    assert len(rows) == 3 and all("Draft: not checked against the engine." in row for row in rows)
    illegal_row = next(row for row in rows if "hand 4 to build 2" in row)
    assert "The engine rules otherwise: the move is legal." in illegal_row


def test_a_position_that_fits_the_room_left_on_a_page_is_moved_up_to_fill_it():
    from tutor.classroom.worksheet import HEADER_MM, PAGE_MM, page_order

    first = PAGE_MM - HEADER_MM
    assert page_order([100, 100, 100]) == [0, 1, 2]
    # a tall position does not fit after two small ones: the small one after it fills the first page
    assert page_order([90, 90, first - 150, 60, 80]) == [0, 1, 3, 2, 4]
    assert sorted(page_order([200, 150, 120, 60, 30, 250])) == list(range(6))


def test_the_diagrams_labels_print_at_eight_points_and_the_answer_box_holds_three_lines():
    import re as regex

    from tutor.classroom.diagram import SMALL, WIDTH
    from tutor.classroom.worksheet import PICTURE_SHARE, STYLE, TEXT_WIDTH_MM

    printed_pt = SMALL * TEXT_WIDTH_MM * PICTURE_SHARE / WIDTH / 25.4 * 72
    assert printed_pt >= 7.8
    assert f"width: {round(PICTURE_SHARE * 100)}%" in STYLE  # the share the estimate assumes is the printed one
    box = float(regex.search(r"@media print.*?\.answer \{ height: (\d+)mm", STYLE, regex.S).group(1))
    spacing = float(regex.search(r"@media print.*?transparent ([\d.]+)mm, #bbb", STYLE, regex.S).group(1))
    assert box // spacing >= 3
    beside = regex.search(r"@media print.*?\.board \.answer \{.*?height: ([\d.]+)mm.*?transparent ([\d.]+)mm, #bbb",
                          STYLE, regex.S)
    assert float(beside.group(1)) // float(beside.group(2)) >= 3


def test_positions_about_the_tutor_are_tagged_and_a_sheet_can_leave_them_out(tmp_path):
    import yaml

    gallery = ROOT / "scenarios"
    about_the_tutor = {path.relative_to(gallery).as_posix() for path in gallery.rglob("*.yaml")
                       if "tutor" in str(yaml.safe_load(path.read_text(encoding="utf-8")).get("question", ""))}
    tagged = {path.relative_to(gallery).as_posix() for path in gallery.rglob("*.yaml")
              if "tutor" in (yaml.safe_load(path.read_text(encoding="utf-8")).get("tags") or [])}
    assert about_the_tutor and about_the_tutor == tagged
    target = tmp_path / "sheet.html"
    result = runner.invoke(build_app(), ["worksheet", str(gallery / "rules"), "--leave-out", "tutor", "-o", str(target)])
    assert result.exit_code == 0, result.output
    html = target.read_text(encoding="utf-8")
    assert html.count('class="position"') == len(list((gallery / "rules").glob("*.yaml"))) - len(tagged)
    assert "A stock top the file does not show" not in html


TEAM_OF_FOUR = ROOT / "scenarios" / "teams" / "partner-discard-pile.yaml"


def test_a_four_player_position_and_a_two_player_one_share_the_first_page():
    from tutor.classroom.diagram import board_svg
    from tutor.classroom.worksheet import HEADER_MM, PAGE_MM, _printed_height, page_order
    from tutor.scenario.files import check_file

    files = [check_file(TEAM_OF_FOUR), check_file(STOCK_FIRST)]
    pictures = [board_svg(checked.scenario, caption=False) for checked in files]
    heights = [_printed_height(checked, picture, False) for checked, picture in zip(files, pictures)]
    assert len(files[0].scenario.state.players) == 4 and len(files[1].scenario.state.players) == 2
    assert sum(heights) <= PAGE_MM - HEADER_MM, heights
    assert page_order(heights) == [0, 1]


def test_the_answer_box_sits_in_the_top_row_of_the_picture_beside_the_draw_pile(tmp_path):
    import re as regex

    from tutor.classroom.diagram import WIDTH
    from tutor.classroom.worksheet import PICTURE_SHARE, STYLE, TEXT_WIDTH_MM

    html = worksheet(tmp_path, TEAM_OF_FOUR).read_text(encoding="utf-8")
    board = html[html.index('<div class="board">'):]
    assert board.index("</svg>") < board.index('<div class="answer">') < board.index("</div>\n</section>")
    assert html.index('<p class="question">') < html.index('<div class="board">')
    # the first player's row starts with a rule across the picture: the box ends above it
    top_row = int(regex.search(r'<line x1="8" y1="(\d+)"', board).group(1))
    printed = top_row * TEXT_WIDTH_MM * PICTURE_SHARE / WIDTH
    rule = regex.search(r"@media print.*?\.board \.answer \{[^}]*?height: ([\d.]+)mm; padding-bottom: ([\d.]+)mm",
                        STYLE, regex.S)
    margin = float(regex.search(r"\.board \.answer \{[^}]*?margin-top: ([\d.]+)%", STYLE).group(1))
    box = float(rule.group(1)) + float(rule.group(2)) + 0.6 + margin / 100 * TEXT_WIDTH_MM * PICTURE_SHARE
    assert box <= printed, (box, printed)
    # and it starts right of the draw pile's words, the longest of them in any language
    left = float(regex.search(r"\.board \.answer \{[^}]*?left: ([\d.]+)%", STYLE).group(1)) / 100 * WIDTH
    assert left > 424 + len("48 lagt til side") * 16 * 0.62, left


def test_chromium_prints_a_four_player_and_a_two_player_position_on_one_page(tmp_path):
    target = worksheet(tmp_path, TEAM_OF_FOUR, STOCK_FIRST)
    keyless = tmp_path / "keyless.html"
    html = target.read_text(encoding="utf-8")
    keyless.write_text(html[:html.index('<section class="key">')] + "</body></html>", encoding="utf-8")
    render(keyless, tmp_path, "--no-pdf-header-footer", f"--print-to-pdf={tmp_path / 'keyless.pdf'}")
    assert pdf_pages(tmp_path / "keyless.pdf") == 1
