"""Headless Chromium for tests that look at pages as a reader would; skips where no browser is installed."""

import re
import shutil
import struct
import subprocess
import zlib
from pathlib import Path

import pytest

NAMES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run")


def browser() -> str:
    """The browser's path; the test is skipped, saying why, where there is none."""
    found = next((path for path in map(shutil.which, NAMES) if path), None)
    if found is None:
        pytest.skip(f"no headless browser installed (looked for {', '.join(NAMES)}); "
                    "install Debian's chromium to run this test")
    return found


def render(page: Path, folder: Path, *options: str) -> None:
    """Run the browser once on ``page`` with ``options`` and a fresh profile in ``folder``."""
    profile = folder / f"profile-{len(list(folder.glob('profile-*')))}"
    subprocess.run([browser(), *FLAGS, f"--user-data-dir={profile}", *options, page.resolve().as_uri()],
                   check=True, capture_output=True, timeout=180)


def pdf_pages(pdf: Path) -> int:
    """How many pages a PDF written by Chromium holds."""
    return len(re.findall(rb"/Type\s*/Page(?!s)", pdf.read_bytes()))


def png_size_and_inks(png: Path) -> tuple[int, int, int]:
    """Width, height and the number of distinct byte values in the image data (1 for a blank page)."""
    data = png.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    chunks, at = [], 8
    while at < len(data):
        length = struct.unpack(">I", data[at:at + 4])[0]
        kind = data[at + 4:at + 8]
        if kind == b"IDAT":
            chunks.append(data[at + 8:at + 8 + length])
        at += 12 + length
    pixels = zlib.decompress(b"".join(chunks))
    return width, height, len(set(pixels))
