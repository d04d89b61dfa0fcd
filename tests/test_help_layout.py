"""``--help`` fills the terminal's width: a paragraph's lines end where the terminal does, not the source."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from tutor.cli.help_texts import flowing

WIDTH = 60
PARAGRAPH_STARTS = {"en": "The coach judges", "sv": "Coachen bedömer", "da": "Træneren bedømmer"}


def help_lines(language: str, *command: str) -> list[str]:
    env = dict(os.environ, COLUMNS=str(WIDTH), NO_COLOR="1")
    env.pop("SKIPBO_TUTOR_LANG", None)
    result = subprocess.run([sys.executable, "-m", "tutor", "--lang", language, *command, "--help"],
                            capture_output=True, text=True, env=env, timeout=60)
    assert result.returncode == 0, result.stderr
    return [line.rstrip() for line in result.stdout.splitlines()]


@pytest.mark.parametrize("language", ["en", "sv", "da"])
def test_a_paragraph_of_help_is_filled_to_the_terminal_width(language):
    lines = help_lines(language, "review")
    start = next(number for number, line in enumerate(lines) if line.strip().startswith(PARAGRAPH_STARTS[language]))
    paragraph = lines[start:lines.index("", start)]
    assert len(paragraph) > 2
    for line, following in zip(paragraph, paragraph[1:]):  # no line ends while the next word would have fitted
        assert len(line) + 1 + len(following.split()[0]) > WIDTH - 1, paragraph


def test_flowing_joins_the_lines_of_a_paragraph_and_keeps_the_paragraphs():
    text = "First line.\n\n    Second paragraph,\n    on two lines.\n\n    Third."
    assert flowing(text) == "First line.\n\nSecond paragraph, on two lines.\n\nThird."
