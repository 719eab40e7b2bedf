"""``unlev serve``: the browser preview of a des-file that follows its edits (command),
the answers of its back end (state), the HTTP server (server) and the zero-install
playground (static)."""
