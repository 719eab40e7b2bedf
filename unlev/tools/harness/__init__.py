"""``unlev test``."""
