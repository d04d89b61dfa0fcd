"""The files of a folder someone handed over that may be read: its own regular files, judged by resolved path.

A folder of scenarios or a course is data. A link in it that leads out of it
(to ``../secret.yaml``, to ``/etc/passwd``) is not read, nor is a named pipe,
a device or a socket named like one of its files (a read would wait for ever
or never end). A link to another file inside the folder is read as that file.
Each file is to be read from its resolved path with links refused there
(``read_regular_file(..., follow_link=False)``), so a link planted after the
check is not followed either. The folder itself, and a file named on the
command line, are the person's own choice: their links are followed.
"""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass
from pathlib import Path

from ..i18n import _


@dataclass(frozen=True)
class FolderFile:
    """A file of the folder: ``name`` as the person sees it, ``resolved`` to read, ``refused`` why it is not read."""

    name: str
    resolved: str
    refused: str = ""


def folder_files(folder: str | os.PathLike[str], suffixes: tuple[str, ...], *,
                 throughout: bool = False) -> list[FolderFile]:
    """The files of ``folder`` whose names end in one of ``suffixes``, in name order, each judged.

    ``throughout`` searches the folders within too (never a linked folder); otherwise a folder named
    like a file is refused.
    """
    root = Path(folder)
    inside = os.path.realpath(root)
    found = sorted(root.rglob("*") if throughout else root.iterdir())
    judged = [_judged(path, inside, str(folder), throughout) for path in found if path.name.endswith(suffixes)]
    return [file for file in judged if file is not None]


def _judged(path: Path, inside: str, shown: str, throughout: bool) -> FolderFile | None:
    """``path`` as a file of the folder ``inside`` (named ``shown``); None for a folder searched rather than read."""
    name, resolved = str(path), os.path.realpath(path)
    if os.path.commonpath([inside, resolved]) != inside:
        return FolderFile(name, resolved, _("is a link to {target}, outside the folder {folder}: not read").format(
            target=resolved, folder=shown))
    try:
        mode = os.stat(resolved).st_mode
    except OSError:
        return FolderFile(name, resolved)  # a link to nothing: reading it says so
    if stat.S_ISDIR(mode) and (throughout or path.is_symlink()):
        return None
    if not stat.S_ISREG(mode):
        return FolderFile(name, resolved, _not_a_file(mode))
    return FolderFile(name, resolved)


def _not_a_file(mode: int) -> str:
    """Why a folder, a pipe, a device or a socket named like a file of the folder is not read."""
    if stat.S_ISDIR(mode):
        return _("is a folder, not a file: not read")
    if stat.S_ISFIFO(mode):
        return _("is a named pipe, not a file: not read")
    if stat.S_ISSOCK(mode):
        return _("is a socket, not a file: not read")
    return _("is a device, not a file: not read")
