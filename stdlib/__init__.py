"""The runtime library of unlev: selections, built-ins, the seeded RNG, NetHack data."""
