"""``unlev test`` and ``pytest --unlev``: regression tests for des-files.

Why a package: a level can break on some seeds only (stairs cut off by water, a
monster walled in, a maze cut in two), and players find it before the author does.
Both entry points run every LEVEL under many seeds through the same pieces:
``config`` (seed lists; checks switched off per level by a des-file comment or
``unlev-test.ini``), ``jobs`` (one LEVEL x seed: build, check, compare its snapshot;
cheap to send to a worker process), ``invariants`` (what must hold on every level:
reachable stairs, nothing embedded in rock, doors in walls, mazes in one piece, the
stairs asked for), ``snapshot`` (stored screens and JSON, and readable diffs),
``report`` (table, JUnit XML, JSON, HTML, each written a row at a time), ``rows``
(the run's plan and its result rows in a temporary file: memory does not grow with
the runs).  ``command`` is ``unlev test``;
``pytest_plugin`` makes each job a pytest item (registered in setup.cfg).
"""
