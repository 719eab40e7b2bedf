"""Editor support: the language server (``unlev lsp``: ``lsp``, ``analysis``) and its
command (``command``).

Why a package of its own: it sits on top of the tools (it lints, reads the project's
configuration and runs levels for its preview), and nothing of unlev imports it but
the command table in ``unlev/cli.py``.  The Pygments lexer it shares with the tools is
:mod:`unlev.output.pygments_lexer`.
"""
