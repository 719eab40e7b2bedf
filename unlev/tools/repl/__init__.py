"""``unlev repl``: a prompt with a live level to try selections and statements on.

Why a package: a designer's loop (type a selection, see it drawn on the map; run a
statement, see what changed) needs the evaluator kept alive between inputs, a drawing
of the level with coordinates, and a terminal with line editing -- three concerns, and
only the last needs prompt_toolkit.  ``core``: :class:`~.core.Repl`, one live level with
the variables and functions defined so far, fed line by line (usable without a
terminal, as the tests do).  ``view``: the map, ruler and highlighted cells.
``prompt``: the terminal front end (history, completion, highlighting by the des-file
lexer).  ``command``: the options and the command, which joins a Repl to the prompt or
to piped input, so neither of those imports the other.
"""
