"""Reading a user's file with bounds: only a regular file, only up to a size, both checked before any read.

A named pipe given as a file would block the read for ever, and a link to
``/dev/zero`` would read without end. The file is opened without blocking,
and what was opened (not what the name pointed at a moment before) is
checked: its kind, then its size.
"""

from __future__ import annotations

import errno
import os
import stat

from ..i18n import N_, _

_KINDS = (
    (stat.S_ISDIR, N_("a folder")),
    (stat.S_ISFIFO, N_("a named pipe")),
    (stat.S_ISCHR, N_("a device")),
    (stat.S_ISBLK, N_("a device")),
    (stat.S_ISSOCK, N_("a socket")),
)


class NotARegularFile(OSError):
    """The name is a folder, a pipe, a device or a socket: ``kind`` says which (in English; ``_`` translates it)."""

    def __init__(self, kind: str):
        super().__init__(_("is {kind}, not a file").format(kind=_(kind)))
        self.kind = kind


class FileTooLarge(OSError):
    """The file holds more than the bytes allowed."""

    def __init__(self, limit: int):
        super().__init__(_("is larger than {size} KiB").format(size=limit // 1024))
        self.limit = limit


def special_kind(mode: int) -> str:
    """What a file of ``mode`` is, in words, when it is not a regular file."""
    return next((kind for test, kind in _KINDS if test(mode)), N_("a special file"))


def read_regular_file(path: str | os.PathLike[str], max_bytes: int, *, follow_link: bool = True) -> bytes:
    """The bytes of the regular file at ``path``; ``NotARegularFile`` or ``FileTooLarge`` before reading otherwise.

    With ``follow_link`` False, a link as the last part of ``path`` is refused (``OSError`` ELOOP).
    Other failures (a missing file, no permission) raise the ``OSError`` that ``open`` raises.
    """
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    if not follow_link:
        flags |= getattr(os, "O_NOFOLLOW", 0)
    try:
        descriptor = os.open(path, flags)
    except ValueError:  # a name holding a null byte names no file
        raise FileNotFoundError(errno.ENOENT, os.strerror(errno.ENOENT)) from None
    try:
        mode = os.fstat(descriptor).st_mode
        if not stat.S_ISREG(mode):
            raise NotARegularFile(special_kind(mode))
        if os.fstat(descriptor).st_size > max_bytes:
            raise FileTooLarge(max_bytes)
        with os.fdopen(descriptor, "rb", closefd=False) as handle:
            data = handle.read(max_bytes + 1)  # a file that grew since fstat is still bounded
    finally:
        os.close(descriptor)
    if len(data) > max_bytes:
        raise FileTooLarge(max_bytes)
    return data
