"""Artifacts on a new level (unlev.populate.artifacts) against the game's C:
artifact.c mk_artifact (the candidates of the object's kind that may be made at
random and do not exist yet, one picked by rn2(n), no draw without one) and do_name.c
oname (a des-file's artifact name makes the artifact once)."""

from __future__ import annotations

from unlev.model.level import Level, Monster, Object
from unlev.populate import artifacts
from unlev.stdlib import data

import drawkit


Scripted = drawkit.Scripted


def _obj(name):
    kind = data.object_named(name)
    assert kind is not None, name
    return Object(1, 1, kind.name), kind


def test_a_long_sword_picks_among_the_five_it_may_become():
    # Excalibur is SPFX_NOGEN; Frost Brand, Fire Brand, Demonbane, Vorpal Blade and
    # Sunsword are long swords made at random, in artilist[] order
    level = Level()
    obj, _ = _obj("long sword")
    rng = Scripted([2])
    artifacts.mk_artifact(level, obj, rng)
    assert rng.asked == [("rn2", 5)]
    assert obj.attrs["artifact"] == "Demonbane"


def test_an_artifact_that_exists_is_not_a_candidate():
    level = Level()
    held = Object(0, 0, "long sword", attrs={"artifact": "Frost Brand"})
    level.monsters.append(Monster(5, 5, "soldier", attrs={"inventory": [held]}))
    box = Object(3, 3, "chest")
    box.contents.append(Object(3, 3, "long sword", attrs={"artifact": "Sunsword"}))
    level.objects.append(box)
    obj, _ = _obj("long sword")
    rng = Scripted([0])
    artifacts.mk_artifact(level, obj, rng)
    assert rng.asked == [("rn2", 3)] and obj.attrs["artifact"] == "Fire Brand"


def test_no_candidate_no_draw():
    # a two-handed sword's only artifact, Thiefbane, is never made at random; a
    # dagger has none
    for name in ("two-handed sword", "dagger"):
        obj, _ = _obj(name)
        rng = Scripted([])
        artifacts.mk_artifact(Level(), obj, rng)
        assert rng.asked == [] and "artifact" not in obj.attrs


def test_a_des_file_name_makes_its_artifact_once():
    level = Level()
    opal, _ = _obj("black opal")
    artifacts.named(level, opal, "The Moonstone")
    assert opal.attrs["artifact"] == "The Moonstone"
    level.objects.append(opal)
    again, _ = _obj("black opal")
    artifacts.named(level, again, "The Moonstone")
    assert "artifact" not in again.attrs
    # a name that is an artifact's of another kind, or no artifact's, is a plain name
    diamond, _ = _obj("diamond")
    artifacts.named(level, diamond, "The Moonstone")
    artifacts.named(level, diamond, "Sparkly")
    assert "artifact" not in diamond.attrs


def test_every_artifact_is_made_of_an_object_unlev_knows():
    for name, made_of, _nogen in artifacts.ARTIFACTS:
        assert data.object_named(made_of) is not None, (name, made_of)
