"""A Ctrl-C that lands in a clean-up callback (a weak reference's, as an object is freed) is not lost."""

from __future__ import annotations

import subprocess
import sys

# A Ctrl-C landing while a weak reference's callback runs, then a prompt waiting for input that never comes.
PROGRAM = """
import sys, weakref
from tutor.cli.interrupts import keep_interrupts
if sys.argv[1] == "kept":
    keep_interrupts()
class Freed:
    pass
def clean_up(_):
    raise KeyboardInterrupt
try:
    freed = Freed()
    reference = weakref.ref(freed, clean_up)
    del freed
    input("move> ")
    print("lost")
except KeyboardInterrupt:
    print("interrupted")
"""


def run(way: str) -> subprocess.CompletedProcess:
    waiting = subprocess.Popen(["sleep", "5"], stdout=subprocess.PIPE)  # an input that stays open, then ends
    try:
        return subprocess.run([sys.executable, "-c", PROGRAM, way], stdin=waiting.stdout, capture_output=True,
                              text=True, timeout=30)
    finally:
        waiting.kill()
        waiting.wait()


def test_an_interrupt_swallowed_by_a_clean_up_callback_is_raised_again_where_the_command_takes_it():
    result = run("kept")
    assert result.stdout.endswith("interrupted\n"), result
    assert "Exception ignored" not in result.stderr and "Traceback" not in result.stderr


def test_without_it_python_prints_a_traceback_and_the_prompt_waits_on():
    result = run("default")
    assert "interrupted" not in result.stdout
    assert "Exception ignored in" in result.stderr and "KeyboardInterrupt" in result.stderr


def test_other_exceptions_of_clean_up_callbacks_are_reported_as_python_reports_them():
    program = ("import weakref\nfrom tutor.cli.interrupts import keep_interrupts\nkeep_interrupts()\n"
               "class Freed: pass\n"
               "def clean_up(_): raise ValueError('in a callback')\n"
               "freed = Freed(); reference = weakref.ref(freed, clean_up); del freed\nprint('went on')\n")
    result = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, timeout=30)
    assert result.stdout == "went on\n"
    assert "ValueError: in a callback" in result.stderr
