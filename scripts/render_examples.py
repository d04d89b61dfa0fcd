"""Write the rendered classroom examples in docs/examples: a worksheet (HTML, and PDF where Chromium is
installed) and a board diagram (SVG).

Run after changing the diagram or the worksheet: python scripts/render_examples.py
"""

import shutil
import subprocess
import tempfile
from pathlib import Path

from tutor.classroom.diagram import board_svg
from tutor.classroom.worksheet import worksheet_html
from tutor.scenario.files import check_file

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "docs" / "examples"
WORKSHEET = ["scenarios/rules/stock-first.yaml", "scenarios/wild-cards/wild-keeps-its-value.yaml",
             "scenarios/strategy/save-wilds-weak.yaml"]
TITLE = "Skip-Bo worksheet: stock, wild cards"
DIAGRAM = "scenarios/rules/stock-first.yaml"


def rendered() -> dict[str, str]:
    """The text of each example file, by name."""
    return {
        "worksheet.html": worksheet_html([check_file(ROOT / name) for name in WORKSHEET], TITLE),
        "stock-first.svg": board_svg(check_file(ROOT / DIAGRAM).scenario),
    }


def main() -> None:
    for name, text in rendered().items():
        (EXAMPLES / name).write_text(text, encoding="utf-8")
        print(f"wrote docs/examples/{name}")
    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    if browser is None:
        print("no chromium: docs/examples/worksheet.pdf left as it was")
        return
    with tempfile.TemporaryDirectory() as profile:
        subprocess.run([browser, "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                        "--disable-component-update", "--disable-sync", "--no-first-run",
                        f"--user-data-dir={profile}", "--no-pdf-header-footer",
                        f"--print-to-pdf={EXAMPLES / 'worksheet.pdf'}", (EXAMPLES / "worksheet.html").as_uri()],
                       check=True, capture_output=True, timeout=180)
    print("wrote docs/examples/worksheet.pdf")


if __name__ == "__main__":
    main()
