"""``unlev repl``."""
