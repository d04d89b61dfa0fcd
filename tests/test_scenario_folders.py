"""A folder of scenarios is read only for its own regular files, by every command that takes one."""

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
STOCK_FIRST = ROOT / "scenarios" / "rules" / "stock-first.yaml"
COMMANDS = {
    "scenario validate": ["scenario", "validate"],
    "scenario test": ["scenario", "test"],
    "worksheet": ["worksheet", "-o", "{out}"],
    "quiz": ["quiz", "--json"],
}


def tutor(*args, home: Path):
    """The tutor run as a person runs it, with no answers to give; a read that waited for ever fails it."""
    environment = {**os.environ, "HOME": str(home), "XDG_DATA_HOME": str(home / "data"), "NO_COLOR": "1"}
    return subprocess.run([sys.executable, "-m", "tutor", *map(str, args)], capture_output=True, text=True,
                          stdin=subprocess.DEVNULL, env=environment, timeout=120)


@pytest.fixture
def handed(tmp_path):
    """A folder with a good scenario, a link between two of its files, and links out of it."""
    folder, outside = tmp_path / "handed", tmp_path / "outside"
    (folder / "sub").mkdir(parents=True)
    outside.mkdir()
    shutil.copy(STOCK_FIRST, folder / "good.yaml")
    secret = STOCK_FIRST.read_text(encoding="utf-8").replace("title: ", "title: SECRET-TITLE ", 1)
    (outside / "secret.yaml").write_text(secret, encoding="utf-8")
    (folder / "sub" / "same.yaml").symlink_to("../good.yaml")  # inside the folder: read
    (folder / "secret.yaml").symlink_to("../outside/secret.yaml")
    (folder / "passwd.yaml").symlink_to("/etc/passwd")
    (folder / "away").symlink_to(outside, target_is_directory=True)  # a linked folder is not searched
    return folder


def command(name: str, folder: Path, tmp_path: Path) -> list[str]:
    return [part.format(out=tmp_path / "sheet.html") for part in COMMANDS[name]] + [str(folder)]


@pytest.mark.parametrize("name", COMMANDS)
def test_a_link_out_of_a_scenario_folder_is_named_and_not_read(name, handed, tmp_path):
    result = tutor(*command(name, handed, tmp_path), home=tmp_path / "home")
    shown = result.stdout + result.stderr
    assert result.returncode == 2, shown
    assert f"{handed / 'secret.yaml'}: is a link to {tmp_path / 'outside' / 'secret.yaml'}, outside the folder " \
           f"{handed}: not read" in shown
    assert f"{handed / 'passwd.yaml'}: is a link to /etc/passwd, outside the folder {handed}: not read" in shown
    assert "SECRET-TITLE" not in shown and "root:" not in shown and "away" not in shown
    assert f"{handed / 'sub' / 'same.yaml'}:" not in shown and f"{handed / 'good.yaml'}:" not in shown
    assert not (tmp_path / "sheet.html").exists()


@pytest.mark.parametrize("name", COMMANDS)
def test_a_named_pipe_in_a_scenario_folder_is_refused_not_waited_on(name, tmp_path):
    folder = tmp_path / "handed"
    folder.mkdir()
    shutil.copy(STOCK_FIRST, folder / "good.yaml")
    os.mkfifo(folder / "pipe.yaml")
    result = tutor(*command(name, folder, tmp_path), home=tmp_path / "home")
    assert result.returncode == 2
    assert f"{folder / 'pipe.yaml'}: is a named pipe, not a file: not read" in result.stdout + result.stderr


def test_the_files_of_the_folder_and_links_between_them_are_read(handed, tmp_path):
    for link in ("secret.yaml", "passwd.yaml"):
        (handed / link).unlink()
    result = tutor("scenario", "validate", "--json", handed, home=tmp_path / "home")
    assert result.returncode == 0, result.stdout
    assert [entry["file"] for entry in json.loads(result.stdout)["files"]] == \
        [str(handed / "good.yaml"), str(handed / "sub" / "same.yaml")]
    assert tutor("worksheet", handed, "-o", tmp_path / "sheet.html", home=tmp_path / "home").returncode == 0


def test_a_file_named_on_the_command_line_is_read_wherever_its_link_leads(handed, tmp_path):
    result = tutor("scenario", "validate", handed / "secret.yaml", home=tmp_path / "home")
    assert result.returncode == 0 and f"ok  {handed / 'secret.yaml'}" in result.stdout


def test_the_refusal_is_said_in_the_language_in_use(handed, tmp_path):
    result = tutor("--lang", "sv", "scenario", "validate", handed, home=tmp_path / "home")
    assert f"{handed / 'passwd.yaml'}: är en länk till /etc/passwd, utanför mappen {handed}: läses inte" \
        in result.stdout
