"""The des-file language: lexer, parser, AST, the lowering pass after parsing
(``lowering``), checker, diagnostics, evaluator, and the run's settings (``settings``,
with its ``limits``)."""
