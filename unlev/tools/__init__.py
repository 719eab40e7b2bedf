"""The tools behind the ``unlev`` command."""
