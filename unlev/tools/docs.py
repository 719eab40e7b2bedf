"""``unlev docs [TOPIC]``: the project's documentation from the installed package.

Why a command: ``--help`` texts and ``unlev compare``'s report name docs/json-schema.md
and docs/known-differences.md, which an installed package has no folder for; the docs
are package data of ``unlev.docs`` and this prints them.
"""

from __future__ import annotations

import sys
from importlib import resources


def topics() -> dict:
    """topic -> its file name, for every document installed with unlev."""
    found = {}
    for entry in resources.files("unlev.docs").iterdir():
        if entry.name.endswith(".md"):
            found[entry.name[:-3]] = entry.name
    return dict(sorted(found.items()))


def add_parser(subparsers) -> None:
    p = subparsers.add_parser(
        "docs", help="print unlev's documentation (json-schema, known-differences, ...)",
        description="Print one of the documents installed with unlev; without TOPIC, "
                    "list them.")
    p.add_argument("--no-pager", action="store_true",
                   help="print the Markdown as it is, even on a terminal")
    p.add_argument("topic", nargs="?", help="e.g. json-schema, known-differences, "
                   "architecture (a docs/TOPIC.md name also works)")
    p.set_defaults(func=cmd_docs)


def cmd_docs(args) -> int:
    known = topics()
    if not args.topic:
        for name in known:
            print(name)
        return 0
    topic = args.topic
    for prefix in ("docs/",):
        topic = topic[len(prefix):] if topic.startswith(prefix) else topic
    topic = topic[:-3] if topic.endswith(".md") else topic
    if topic not in known:
        print(f"unlev docs: error: no document {args.topic!r}; there are: "
              f"{', '.join(known)}", file=sys.stderr)
        return 2
    text = resources.files("unlev.docs").joinpath(known[topic]).read_text("utf-8")
    if sys.stdout.isatty() and not args.no_pager:
        show_in_pager(text)
    else:
        sys.stdout.write(text)       # piped: the Markdown as it is
    return 0


def show_in_pager(text: str) -> None:
    """On a terminal: the document rendered (rich's Markdown) through $PAGER, else
    ``less -R`` (colours kept, quits when it fits), as git and man do; without a pager
    program, printed."""
    import os
    import shutil
    import subprocess
    from rich.console import Console
    from rich.markdown import Markdown
    console = Console()
    with console.capture() as cap:
        console.print(Markdown(text))
    rendered = cap.get()
    pager = os.environ.get("PAGER") or ("less -R -F -X" if shutil.which("less") else "")
    if not pager:
        sys.stdout.write(rendered)
        return
    try:
        proc = subprocess.Popen(pager, shell=True, stdin=subprocess.PIPE)
        proc.communicate(rendered.encode("utf-8", "replace"))
    except OSError:
        sys.stdout.write(rendered)
