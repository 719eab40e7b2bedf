"""The des-file language: lexer, parser, AST, diagnostics and evaluator."""
