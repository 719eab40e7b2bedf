"""What unlev prints for people (issue 18, point 9): objects' full names, and piped
output that keeps its lines whole."""

import pytest

from unlev.cli import main
from unlev.output.words import object_name


@pytest.mark.parametrize("name, cls, shown", [
    ("healing", "!", "potion of healing"), ("identify", "?", "scroll of identify"),
    ("striking", "/", "wand of striking"), ("teleportation", "=", "ring of teleportation"),
    ("blank paper", "+", "spellbook of blank paper"), ("Book of the Dead", "+",
                                                        "Book of the Dead"),
    ("amulet of ESP", '"', "amulet of ESP"), ("ring mail", "[", "ring mail"),
    ("boulder", "`", "boulder"), ("water", "!", "potion of water"),
])
def test_object_names_as_the_game_names_known_objects(name, cls, shown):
    # objnam.c xname(): "potion of", "scroll of", "wand of", "ring of", "spellbook of"
    assert object_name(name, cls) == shown


def test_summary_uses_full_names_and_piped_lines_stay_whole(tmp_path, capsys):
    p = tmp_path / "a.des"
    p.write_text('LEVEL: "a"\nINIT_MAP: solidfill, \'.\'\nOBJECT: (\'!\', "sleeping"), (3,3)\n'
                 'OBJECT: (\'?\', "identify"), (5,5)\n')
    assert main(["run", str(p), "--seed", "1", "--depth", "3"]) == 0
    out = capsys.readouterr().out
    assert "potion of sleeping" in out and "scroll of identify" in out
    head = next(line for line in out.splitlines() if line.startswith("a  seed 1"))
    assert head.rstrip().endswith("depth 3, The Dungeons of Doom")
