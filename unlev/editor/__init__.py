"""Editor support: a Pygments lexer for des-files (``pygmentize -l des``).

Why a package of its own: it serves tools outside unlev (Pygments, editors) and
needs none of the level half.
"""
