"""Numbers written as each language writes them (a Swede reads ``20,000`` as twenty)."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from tutor.i18n import speaking
from tutor.i18n.numbers import decimal, percent

NBSP = "\u00a0"


@pytest.mark.parametrize("language, thousands, half, share, both", [
    ("en", "20,000", "0.5", "52.2%", "-1,234.57"),
    ("sv", f"20{NBSP}000", "0,5", f"52,2{NBSP}%", f"-1{NBSP}234,57"),
    ("da", "20.000", "0,5", f"52,2{NBSP}%", "-1.234,57"),
])
def test_each_language_writes_thousands_decimals_and_percentages_its_way(language, thousands, half, share, both):
    with speaking(language):
        assert decimal(20_000) == thousands
        assert decimal(0.5, 1) == half
        assert percent(0.522, 1) == share
        assert decimal(-1234.567, 2) == both


@pytest.mark.parametrize("language, said, not_said", [
    ("sv", f"högst 20{NBSP}000 rundor", "20,000"),
    ("da", "højst 20.000 runder", "20,000"),
    ("en", "at most 20,000 rounds", "20.000"),
])
def test_the_round_limit_is_said_as_the_language_writes_the_number(language, said, not_said):
    env = dict(os.environ, COLUMNS="200", NO_COLOR="1")
    env.pop("SKIPBO_TUTOR_LANG", None)
    result = subprocess.run([sys.executable, "-m", "tutor", "--lang", language, "simulate", "--games", "30000"],
                            capture_output=True, text=True, env=env, timeout=60)
    assert result.returncode == 2
    assert said in result.stderr and not_said not in result.stderr, result.stderr
