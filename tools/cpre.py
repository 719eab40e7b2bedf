"""The C preprocessor the data importer uses, kept importable here for old scripts:
it lives in :mod:`unlev.tools.data.cpre`."""

from unlev.tools.data.cpre import *  # noqa: F401,F403
from unlev.tools.data.cpre import __all__  # noqa: F401
