"""unlev: run NetHack special-level des-files (UnNetHack dialect) without the game."""

__version__ = "0.1.0"
