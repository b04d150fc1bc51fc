"""What every game's command line does around a command: the same exit statuses and messages.

    run_command(prog, command) -- ``command()``'s status; an engine error (bad input) prints
        ``PROG: error: ...`` and gives 2, Ctrl-C ``PROG: interrupted`` and 130, a reader that went
        away (``| head``) 1, quietly.

>>> run_command("demo", lambda: 0)
0
"""

from __future__ import annotations

import sys
from collections.abc import Callable

from .errors import EngineError


def run_command(prog: str, command: Callable[[], int]) -> int:
    """Run one command of a command line; see the module's docstring for the statuses."""
    try:
        return command()
    except EngineError as err:
        sys.stderr.write(f"{prog}: error: {err}\n")
        return 2
    except KeyboardInterrupt:
        sys.stderr.write(f"{prog}: interrupted\n")
        return 130
    except BrokenPipeError:  # the reader went away (``| head``): stop quietly, no traceback
        return 1
