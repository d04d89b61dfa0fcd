"""The wheel as a user installs it: built from the sources, it holds the gallery and its translations, and the
tutor run from it, outside the source tree, finds them.

Slow by nature (building the wheel takes some ten seconds); .ci/run also installs the wheel in an
environment of its own and runs .ci/smoke-installed there.
"""

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
GALLERY_FILES = sorted(path.relative_to(ROOT / "scenarios").as_posix() for path in (ROOT / "scenarios").rglob("*.yaml"))


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    """The wheel built from a copy of the sources (the checkout itself is left untouched)."""
    source = tmp_path_factory.mktemp("source")
    for name in ("pyproject.toml", "setup.py", "README.md"):
        shutil.copy(ROOT / name, source / name)
    for folder in ("tutor", "scenarios"):
        shutil.copytree(ROOT / folder, source / folder, ignore=shutil.ignore_patterns("__pycache__"))
    out = tmp_path_factory.mktemp("wheel")
    built = subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", str(source), "-w", str(out)],
                           capture_output=True, text=True, timeout=600)
    assert built.returncode == 0, built.stderr
    [found] = out.glob("*.whl")
    return found


def test_the_wheel_holds_every_gallery_file_and_its_translations(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    assert len(GALLERY_FILES) >= 70
    assert {f"tutor/gallery/{name}" for name in GALLERY_FILES} <= names
    assert {"tutor/scenario/gallery.sv.yaml", "tutor/scenario/gallery.da.yaml"} <= names


def test_the_tutor_run_from_the_wheel_lists_the_gallery_and_prints_it_in_swedish(wheel, tmp_path):
    unpacked = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(unpacked)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    env = {**os.environ, "PYTHONPATH": str(unpacked), "HOME": str(tmp_path), "NO_COLOR": "1"}

    def tutor(*args: str) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "-m", "tutor", *args], cwd=elsewhere, env=env, capture_output=True,
                              text=True, timeout=300)

    where = subprocess.run([sys.executable, "-c", "import tutor; print(tutor.__file__)"], cwd=elsewhere, env=env,
                           capture_output=True, text=True, timeout=60)
    assert Path(where.stdout.strip()).is_relative_to(unpacked)
    listed = tutor("gallery", "list", "--json")
    assert listed.returncode == 0, listed.stderr
    assert '"name": "rules/stock-first"' in listed.stdout
    sheet = tutor("--lang", "sv", "worksheet", "rules/stock-first", "-o", "sheet.html")
    assert sheet.returncode == 0, sheet.stderr
    html = (elsewhere / "sheet.html").read_text(encoding="utf-8")
    assert "Stockhögen först" in html and "Stock first" not in html
