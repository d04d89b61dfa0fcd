"""``tutor show --svg``: the picture is well-formed SVG holding every card of the position."""

import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tutor.classroom.diagram import board_svg
from tutor.cli.app import build_app
from tutor.engine.cards import card_label
from tutor.scenario import load_scenario

ROOT = Path(__file__).resolve().parent.parent
GALLERY = sorted((ROOT / "scenarios").rglob("*.yaml"))
SVG = "{http://www.w3.org/2000/svg}"


def cards(svg_text):
    """(pile, label or None for face down) of every card in the picture."""
    root = ET.fromstring(svg_text)
    assert root.tag == f"{SVG}svg"
    return [(g.get("data-pile"), g.get("data-card")) for g in root.iter(f"{SVG}g") if g.get("class") == "card"]


def expected(scenario, reveal=False):
    """What the picture must show: each visible card face up, each hidden one face down."""
    state = scenario.state
    wanted = []
    for slot, pile in enumerate(state.build, start=1):
        if pile:
            wanted.append((f"build {slot}", "SB" if pile[-1] == 0 else str(len(pile))))
    if state.draw_pile:
        wanted.append(("draw pile", None))
    for seat, player in enumerate(state.players):
        if player.stock:
            wanted.append((f"{player.name} stock", None if player.stock_top is None else card_label(player.stock_top)))
        for card in player.hand:
            shown = (seat == state.turn or reveal) and card is not None
            wanted.append((f"{player.name} hand", card_label(card) if shown else None))
        for number, pile in enumerate(player.discards, start=1):
            wanted += [(f"{player.name} discard {number}", None if c is None else card_label(c)) for c in pile]
    return Counter(wanted)


@pytest.mark.parametrize("path", GALLERY, ids=[str(p.relative_to(ROOT)) for p in GALLERY])
def test_every_card_of_every_gallery_position_is_drawn(path):
    scenario = load_scenario(path)
    assert Counter(cards(board_svg(scenario))) == expected(scenario)


def test_hidden_cards_are_face_down_and_reveal_turns_hands_up():
    scenario = load_scenario(ROOT / "scenarios" / "rules" / "stock-first.yaml")
    drawn = cards(board_svg(scenario))
    assert drawn.count(("Anna hand", None)) == 5  # a hand given as a count: backs
    assert ("you hand", "SB") in drawn and ("you stock", "7") in drawn
    assert [c for p, c in drawn if p == "you discard 1"] == ["11", "10", "9"]  # bottom to top, fanned
    teams = load_scenario(ROOT / "scenarios" / "teams" / "discard-on-own-piles.yaml")
    assert Counter(cards(board_svg(teams, reveal=True))) == expected(teams, reveal=True)


def test_title_question_and_mover_are_written_and_text_is_escaped(tmp_path):
    path = tmp_path / "odd.yaml"
    path.write_text('title: "Cards & <piles>"\nquestion: "Is 5 < 6?"\n'
                    "players:\n  - {name: you, stock: {top: 7, count: 3}, hand: [5]}\n"
                    "  - {name: Bo, stock: {top: 1, count: 3}}\n", encoding="utf-8")
    root = ET.fromstring(board_svg(load_scenario(path)))
    words = ["".join(t.itertext()) for t in root.iter(f"{SVG}text")]
    assert "Cards & <piles>" in words and "Question: Is 5 < 6?" in words
    assert any("to move" in word for word in words)


def test_show_writes_the_svg_file_and_refuses_an_unwritable_one(tmp_path):
    runner = CliRunner()
    target = tmp_path / "board.svg"
    result = runner.invoke(build_app(), ["show", str(ROOT / "scenarios" / "rules" / "stock-first.yaml"),
                                         "--svg", str(target)])
    assert result.exit_code == 0, result.output
    assert cards(target.read_text(encoding="utf-8"))
    result = runner.invoke(build_app(), ["show", "--build", "6,-,-,-", "--stock", "7", "--svg", "-"])
    assert result.exit_code == 0 and ("build 1", "6") in cards(result.stdout)
    result = runner.invoke(build_app(), ["show", str(ROOT / "scenarios" / "rules" / "stock-first.yaml"),
                                         "--svg", str(tmp_path / "no" / "such" / "folder.svg")])
    assert result.exit_code == 2 and "cannot be written" in result.stderr


def test_a_title_with_characters_xml_forbids_still_gives_a_well_formed_picture(tmp_path):
    path = tmp_path / "odd.yaml"
    path.write_text('title: "Bell\\x01 and \\x1b[31mred"\n'
                    "players:\n  - {name: you, stock: {top: 7, count: 3}, hand: [5]}\n"
                    "  - {name: Bo, stock: {top: 1, count: 3}}\n", encoding="utf-8")
    root = ET.fromstring(board_svg(load_scenario(path)))  # raises on a document that is not well-formed
    words = ["".join(t.itertext()) for t in root.iter(f"{SVG}text")]
    assert "Bell\ufffd and \ufffd[31mred" in words


def test_show_refuses_to_write_the_picture_into_a_named_pipe(tmp_path):
    import os
    import subprocess
    import sys

    os.mkfifo(tmp_path / "pipe.svg")
    result = subprocess.run([sys.executable, "-m", "tutor", "show", "--build", "6,-,-,-", "--stock", "7", "--svg",
                             str(tmp_path / "pipe.svg")], capture_output=True, text=True, timeout=60)
    assert result.returncode == 2 and "pipe.svg is a named pipe, not a file" in result.stderr


def test_show_never_writes_the_picture_through_a_link_out_of_its_folder(tmp_path):
    runner = CliRunner()
    (tmp_path / "out").mkdir()
    (tmp_path / "out" / "board.svg").symlink_to("../elsewhere.svg")
    result = runner.invoke(build_app(), ["show", "--build", "6,-,-,-", "--stock", "7", "--svg",
                                         str(tmp_path / "out" / "board.svg")])
    assert result.exit_code == 2 and "outside its folder" in result.stderr
    assert not (tmp_path / "elsewhere.svg").exists()


def test_a_long_name_is_narrowed_to_stay_clear_of_the_stock_label(tmp_path):
    from tutor.classroom.diagram import NAME_WIDTH, PILE_X

    scenario = tmp_path / "names.yaml"
    scenario.write_text("title: Names\nplayers:\n  - {name: Bartholomew, stock: {top: 7, count: 12}}\n"
                        "  - {name: Anna, stock: {top: 8, count: 12}}\n", encoding="utf-8")
    root = ET.fromstring(board_svg(load_scenario(scenario)))
    texts = {element.text: element for element in root.iter("{http://www.w3.org/2000/svg}text")}
    long_name, short = texts["Bartholomew"], texts["Anna"]
    assert float(long_name.get("x")) + float(long_name.get("textLength")) < PILE_X["stock"]
    assert long_name.get("textLength") == str(NAME_WIDTH) and long_name.get("lengthAdjust") == "spacingAndGlyphs"
    assert short.get("textLength") is None  # a name that fits is drawn as it is
