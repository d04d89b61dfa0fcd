"""Writing a file by replacing it atomically: never through a link out of its folder, never into a special file.

The text goes to a temporary file in the target's folder, flushed to disk,
then renamed over the target, so a write interrupted at any moment leaves
the old file or the new one, never half of one. A link at the target is
followed only to a file in the same folder (the file it names is replaced);
a link that leads out of the folder (``schema.json -> ../elsewhere/planted.json``,
``/dev/stdout``) is refused, and a rename never writes through a link planted
after that check. A named pipe or a device at the target is refused before
anything is written (a write into a pipe would wait for ever).
"""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from pathlib import Path

from ..i18n import N_, _
from .reading import NotARegularFile, special_kind


def write_atomically(path: str | os.PathLike[str], text: str) -> None:
    """Write ``text`` (UTF-8) to ``path`` by atomic replace, in a folder that exists.

    A character that stands for a byte of a name that is not UTF-8 (a folder named ``\xd6vningar``) is written as
    that byte, as the name has it.

    ``NotARegularFile`` if a folder, a special file or a link out of the folder stands at ``path``
    (``LinkOutOfFolder``); other ``OSError`` as raised.
    """
    target = _within_folder(Path(path))
    mode = _mode(target)
    handle, temporary = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8", errors="surrogateescape") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.chmod(temporary, mode)
        os.replace(temporary, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


def check_target(path: str | os.PathLike[str]) -> None:
    """Raise what ``write_atomically`` would raise about the target itself, writing nothing."""
    _mode(_within_folder(Path(path)))


class LinkOutOfFolder(NotARegularFile):
    """The target is a link to a file outside the target's folder: it is not written through."""

    def __init__(self, resolved: str):
        OSError.__init__(self, _("is a link to {target}, outside its folder, and is not written through").format(
            target=resolved))
        self.kind = N_("a link")


def _within_folder(target: Path) -> Path:
    """The file to replace: ``target``, or the file in the same folder that the link ``target`` names."""
    if not target.is_symlink():
        return target
    resolved = os.path.realpath(target)
    if os.path.dirname(resolved) != os.path.realpath(target.parent):
        raise LinkOutOfFolder(resolved)
    return Path(resolved)


def _mode(target: Path) -> int:
    """The permissions of the regular file at ``target``, or those a new file gets (0666 less the umask).

    ``NotARegularFile`` for a folder, a pipe, a device or a socket.
    """
    try:
        found = os.lstat(target).st_mode
    except (FileNotFoundError, NotADirectoryError):
        found = None
    if found is not None and stat.S_ISREG(found):
        return stat.S_IMODE(found)
    if found is not None and not stat.S_ISLNK(found):
        raise NotARegularFile(special_kind(found))
    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask
