"""The Python kernel the book build runs its chapters in: ipykernel, less one warning.

jupyter_client starts local kernels on TCP without CurveZMQ keys, and ipykernel then warns once per
kernel that "Kernel is running over TCP without encryption" (ten lines per build). The build's kernels
listen on the loopback interface only and live for one chapter, so this is noise here: drop exactly
that message and start ipykernel as usual.
"""

import logging
import sys
from pathlib import Path

# Run as a script, this folder came first on sys.path; a chapter's imports should not see it
if sys.path and Path(sys.path[0]).resolve() == Path(__file__).resolve().parent:
    del sys.path[0]

from ipykernel import kernelapp


class _NoTcpWarning(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        return "Kernel is running over TCP without encryption" not in record.getMessage()


if __name__ == "__main__":
    logging.getLogger("IPKernelApp").addFilter(_NoTcpWarning())
    kernelapp.launch_new_instance()
