"""``python -m unlev``: the same as the ``unlev`` command."""

import sys

from .cli import main

sys.exit(main())
