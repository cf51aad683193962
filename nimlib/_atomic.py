"""Write a file whole or not at all: the one way nimlib writes files.

``atomic_write(path)`` opens a temporary file in the same folder as ``path``;
when the block ends without an error the data is flushed and fsynced and the
temporary file renamed over ``path`` (``os.replace``, atomic on POSIX and
Windows), so a reader of ``path`` sees the old file or the new one, never a
part. On any error (a full disk, a file-size limit, Ctrl-C) the temporary file
is removed, ``path`` is left as it was and the error propagates, an ``OSError``
with the path in its message and the original ``errno``.

Only the standard library: ``import nimlib`` stays fast.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import IO

__all__ = ["TEMP_SUFFIX", "atomic_write", "temp_files"]

# The temporary file is ".NAME.PID.RANDOM.tmp" beside NAME: hidden, per process and per call
TEMP_SUFFIX = ".tmp"


def _temp_name(target: Path) -> Path:
    return target.with_name(f".{target.name}.{os.getpid()}.{os.urandom(4).hex()}{TEMP_SUFFIX}")


def temp_files(path: str | os.PathLike) -> list[Path]:
    """The temporary files ``atomic_write(path)`` may have left beside ``path`` (none unless a process was killed)."""
    target = Path(path)
    folder = target.parent
    if not folder.is_dir():
        return []
    prefix = f".{target.name}."
    return sorted(p for p in folder.iterdir() if p.name.startswith(prefix) and p.name.endswith(TEMP_SUFFIX))


@contextmanager
def atomic_write(
    path: str | os.PathLike,
    mode: str = "w",
    *,
    encoding: str | None = "utf-8",
    what: str = "the file",
    exclusive: bool = False,
) -> Iterator[IO]:
    """Yield a file to write; on success it replaces ``path`` whole, on any error nothing changes.

    ``mode`` is ``"w"`` (text, in ``encoding``) or ``"wb"``. A symbolic link at ``path`` is written
    through (its target is replaced). An existing file's permission bits are kept; a new file gets the
    usual ones (0o666 less the umask). An ``OSError`` is raised again as the same kind of error (a
    ``FileExistsError`` stays one) saying "cannot write WHAT to PATH: reason" (one line naming the
    file; ``errno`` kept). With ``exclusive`` the file is created only if ``path`` does not exist
    (``FileExistsError`` otherwise, ``path`` untouched): a lock, taken with its content whole.
    """
    if mode not in ("w", "wb"):
        raise ValueError(f"mode must be 'w' or 'wb', got {mode!r}")
    target = Path(os.path.realpath(path))
    tmp = _temp_name(target)
    try:
        fd = os.open(tmp, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o666)
    except OSError as error:
        raise _named(error, what, path) from None
    try:
        if os.path.isfile(target):
            with suppress(OSError):  # keeping the old mode is a courtesy, not a condition
                os.chmod(fd, os.stat(target).st_mode & 0o7777)
        binary = mode == "wb"
        file = os.fdopen(fd, mode, encoding=None if binary else encoding, newline=None if binary else "")
        with file:
            yield file
            file.flush()
            os.fsync(file.fileno())
        if exclusive:
            _link_new(tmp, target)
        else:
            os.replace(tmp, target)
    except BaseException as error:
        with suppress(OSError):
            os.unlink(tmp)
        if isinstance(error, OSError):
            raise _named(error, what, path) from None
        raise
    _sync_folder(target.parent)


def _link_new(tmp: Path, target: Path) -> None:
    """Give the finished ``tmp`` the name ``target`` only if no file has it (a hard link never replaces), then
    drop ``tmp``. Where the file system has no hard links, ``target`` is created exclusively and the bytes copied
    (a crash mid-copy could then leave it short; a lock's reader treats a short one as stale)."""
    try:
        os.link(tmp, target)
    except FileExistsError:
        raise
    except OSError:
        data = tmp.read_bytes()
        fd = os.open(target, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o666)
        with os.fdopen(fd, "wb") as file:
            file.write(data)
            file.flush()
            os.fsync(file.fileno())
    os.unlink(tmp)


def _named(error: OSError, what: str, path: str | os.PathLike) -> OSError:
    """The same kind of error, its message one line saying what could not be written where."""
    reason = error.strerror or str(error) or type(error).__name__
    message = f"cannot write {what} to {os.fspath(path)}: {reason}"
    try:
        named = type(error)(message)  # one argument: str() is the message alone
    except Exception:  # an OSError subclass with a constructor of its own
        named = OSError(message)
    named.errno = error.errno
    return named


def _sync_folder(folder: Path) -> None:
    """fsync the folder, so that the rename itself survives a crash (where the system allows it)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
