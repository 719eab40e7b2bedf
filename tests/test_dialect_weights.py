"""``--dialect auto`` weighs the words each dialect owns (issue 30): ``noflip`` is
UnNetHack's and also NetHack 3.6-based variants' (EvilHack, xNetHack, SpliceHack), so
it decides only when nothing of another dialect is in the file (lang/dialect.py
``detect``)."""

from __future__ import annotations

from unlev.lang.dialect import detect

MAZE_NOFLIP = 'MAZE: "minetn", \' \'\nFLAGS: noteleport, noflip\nGEOMETRY:center,center\n'


def test_a_shared_word_does_not_outweigh_a_maze_header():
    d = detect(MAZE_NOFLIP)
    assert d.dialect == "nethack36" and d.reason.startswith("a MAZE: header")


def test_a_shared_word_alone_still_says_unnethack():
    d = detect('LEVEL: "x"\nFLAGS: noflipx\n')
    assert d.dialect == "unnethack" and "'noflipx'" in d.reason


def test_a_word_only_unnethack_has_still_wins():
    d = detect(MAZE_NOFLIP + "SOUNDS: 10\n")
    assert d.dialect == "unnethack"


def test_a_3_4_3_file_with_noflip_is_3_4_3s():
    d = detect('MAZE: "x", \' \'\nFLAGS: noflip\nRANDOM_PLACES: (1,1), (2,2)\n')
    assert d.dialect == "nethack343"
