"""Writing a file by replacing it atomically: never through a link, never into a special file.

The text goes to a temporary file in the target's folder, flushed to disk,
then renamed over the target, so a write interrupted at any moment leaves
the old file or the new one, never half of one. A rename replaces a link
itself, not the file it points to: a link planted where the file is to be
written (``schema.json -> ../elsewhere/planted.json``) never carries the
write out of the folder. A named pipe or a device at the target is refused
before anything is written (a write into a pipe would wait for ever).
"""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from pathlib import Path

from .regular_file import NotARegularFile, special_kind


def write_atomically(path: str | os.PathLike[str], text: str) -> None:
    """Write ``text`` (UTF-8) to ``path`` by atomic replace, in a folder that exists.

    ``NotARegularFile`` if a folder or special file stands at ``path``; other ``OSError`` as raised.
    """
    target = Path(path)
    mode = _mode(target)
    handle, temporary = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.chmod(temporary, mode)
        os.replace(temporary, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


def _mode(target: Path) -> int:
    """The permissions of the regular file at ``target``, or those a new file gets (0666 less the umask).

    ``NotARegularFile`` for a folder, a pipe, a device or a socket; a link counts as no file (it is replaced).
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
