"""Outputs: what a finished :class:`~unlev.model.level.Level` looks like to a person or a
program.

Why a package: ``unlev run``, the REPL, the regression snapshots and outside tools all
need the same pictures of a level, and none of them may change the level.
``render``: the game's screen, fully revealed -- NetHack's default symbols and colours
(``defsyms[]`` in drawing.c, the monster and object classes' glyphs) as rich text, which
the terminal shows and ``unlev run`` saves as SVG or HTML, plus the summary table and
the display rows the JSON carries.  ``export``: the level as documented, versioned JSON
(docs/json-schema.md, schema in ``schema/``), byte-identical for the same seed.
``pygments_lexer``: des-file source highlighted (``pygmentize -l des``, ``unlev parse
--highlight``, the source lines of diagnostics).
"""
