"""The feature macros a variant's own build turns on, read from its ``include/config.h``.

Why: monst.c and objects.c hide whole rows behind ``#ifdef`` (SLASH'EM's
``#ifdef YEOMAN``, ``#ifdef CONVICT``...), so the tables depend on what the variant's
config.h defines.  The macros config.h defines with an empty body (``#define KOPS``)
are the build's switches; they are handed to the importer as ``-D``.  ``#include`` is
not followed (as everywhere in the importer), so unixconf.h and friends add nothing.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import List, Sequence

from .cpre import Preprocessor, UnknownName

_SWITCH = re.compile(r"[A-Z][A-Z0-9_]*$")


def config_features(sources: Sequence[Path]) -> List[str]:
    """Names config.h defines empty, in its order (header guards such as ``CONFIG_H``
    left out); [] without a config.h or when it cannot be read."""
    path = next((Path(s) / "include" / "config.h" for s in sources
                 if (Path(s) / "include" / "config.h").is_file()), None)
    if path is None:
        return []
    pp = Preprocessor(defines={"UNIX": "1"})
    try:
        pp.process_file(path)
    except (UnknownName, SyntaxError, ValueError, IndexError, KeyError):
        return []
    return [n for n, m in pp.macros.items()
            if m.params is None and not m.body and _SWITCH.match(n)
            and not n.endswith("_H") and n != "UNIX"]
