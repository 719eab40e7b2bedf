"""Outputs: the terminal drawing, SVG/HTML and the JSON export."""
