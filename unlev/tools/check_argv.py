"""``unlev check``'s command line read without argparse, for the plain invocations.

Why a module of its own: argparse (with the ``gettext`` and ``locale`` it imports, and
the parser built with its help texts) is some 3 ms of a 45 ms first check of a small
file (issue 29). A check's words are few and simple: flags, options with one value,
then or before them the files. :func:`check_args` reads the invocations whose meaning
is plain -- each option spelt exactly as ``unlev check --help`` spells it, its value
a separate word not starting with ``-``, a valid ``-j``/``--dialect``/``--output-format``
value, the files in one run of words -- into the same values argparse would give
(``tests/test_check_argv.py`` holds them equal); for anything else (an abbreviation,
``--opt=value``, ``--help``, a bad value, an error) it answers None and the command's
argparse parser reads the words, its messages and exit codes unchanged.

lev_comp reads its options with getopt-like code: this follows no C function.
"""

from __future__ import annotations

import types

# flag -> the attribute argparse sets (store_true)
_FLAGS = {"-q": "quiet", "--quiet": "quiet", "--no-compat-warnings": "no_compat_warnings",
          "--include-anywhere": "include_anywhere", "--show-dialect": "show_dialect",
          "--lenient": "lenient", "--no-cache": "no_cache", "--fix": "fix"}
# option with a value -> (attribute, repeatable: appended to a list)
_VALUED = {"-j": ("jobs", False), "--jobs": ("jobs", False),
           "--select": ("select", True), "--ignore": ("ignore", True),
           "--include-path": ("include_path", True), "--dialect": ("dialect", False),
           "--data": ("data", False), "--output-format": ("output_format", False)}


def defaults() -> dict:
    """The values of a check without options (argparse's defaults), files aside."""
    return {"quiet": False, "jobs": 0, "no_compat_warnings": False,
            "output_format": "text", "select": [], "ignore": [], "no_cache": False,
            "fix": False, "include_path": [], "include_anywhere": False,
            "dialect": "auto", "show_dialect": False, "data": None, "lenient": None}


def check_args(argv: list):
    """The parsed ``unlev check ARGS`` (``argv`` starting with ``check``) as argparse
    would give it -- a namespace with ``command``, ``paths``, the options and ``func``
    -- or None when argparse must read it."""
    if not argv or argv[0] != "check":
        return None
    values = defaults()
    paths: list = []
    run_over = False                # the files' one run of words has ended
    words = iter(argv[1:])
    for word in words:
        if not word.startswith("-"):
            if run_over:
                return None         # argparse: "unrecognized arguments"
            paths.append(word)
            continue
        if paths:
            run_over = True
        if word in _FLAGS:
            values[_FLAGS[word]] = True
            continue
        if word not in _VALUED:
            return None
        value = next(words, None)
        if value is None or value.startswith("-") or not _valid(word, value):
            return None
        name, repeated = _VALUED[word]
        if repeated:
            values[name] = values[name] + [value]
        else:
            values[name] = int(value) if name == "jobs" else value
    if not paths:
        return None
    from unlev.tools.check import cmd_check
    return types.SimpleNamespace(command="check", paths=paths, **values, func=cmd_check)


def _valid(option: str, value: str) -> bool:
    if option in ("-j", "--jobs"):
        return value.isascii() and value.isdigit()
    if option == "--dialect":
        from unlev.lang.dialect import CHOICES
        return value in CHOICES
    if option == "--output-format":
        from unlev.tools.diagnostic_formats import FORMATS
        return value in FORMATS
    return True
