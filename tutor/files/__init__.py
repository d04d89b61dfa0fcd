"""The files a person hands over and the files the tutor keeps.

- ``reading``: ``read_regular_file`` (only a regular file, only up to a size), ``NotARegularFile``,
  ``FileTooLarge``
- ``writing``: ``write_atomically`` (never half a file, never through a link out of its folder),
  ``check_target``, ``LinkOutOfFolder``
- ``folders``: ``folder_files``, the files of a handed-over folder that may be read
"""
