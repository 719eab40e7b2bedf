"""``unlev compare``."""
