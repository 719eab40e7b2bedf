"""A Pygments lexer for des-files, the three dialects in one (``pygmentize -l des``).

Why a plain RegexLexer and a word list of its own: highlighting must be fast and must
not load unlev's PLY front end, so the words are copied here from the dialects'
lexicons (``tests/test_pygments_lexer.py`` fails when they drift apart).  Used by
``unlev parse --highlight``; registered through Pygments' ``pygments.lexers`` entry
point.
"""

from __future__ import annotations

from pygments.lexer import RegexLexer, bygroups, words
from pygments.token import (Comment, Keyword, Name, Number, Operator, Punctuation, String,
                            Text, Whitespace)

# the statement keywords of the three dialects (UPPER CASE)
STATEMENTS = (
    'ALTAR', 'BRANCH', 'BREAK', 'CASE', 'CHANCE', 'CONTAINER', 'CORRIDOR', 'DEFAULT',
    'DOOR', 'DRAWBRIDGE', 'ELSE', 'ENGRAVING', 'EXIT', 'FLAGS', 'FOR', 'FOUNTAIN',
    'FUNCTION', 'GEOMETRY', 'GOLD', 'GRAVE', 'IF', 'INCLUDE', 'INIT_MAP', 'LADDER',
    'LEVEL', 'LOOP', 'MAZE', 'MAZEWALK', 'MESSAGE', 'MINERALIZE', 'MONSTER',
    'MON_GENERATION', 'NAME', 'NOMAP', 'NON_DIGGABLE', 'NON_PASSWALL', 'OBJECT', 'POOL',
    'PORTAL', 'RANDOM_CORRIDORS', 'RANDOM_MONSTERS', 'RANDOM_OBJECTS', 'RANDOM_PLACES',
    'REGION', 'REPLACE_TERRAIN', 'ROOM', 'ROOMDOOR', 'SHUFFLE', 'SINK', 'SOUNDS', 'SPILL',
    'STAIR', 'SUBROOM', 'SWITCH', 'TELEPORT_REGION', 'TERRAIN', 'TO', 'TRAP', 'VAULTGEN',
    'WALLIFY', 'WALLWALK',
)

# the lower-case words: options, states, flags, selection functions
OPTIONS = (
    'align', 'all', 'altar', 'any', 'arboreal', 'asleep', 'avenge', 'awake', 'blessed',
    'blinded', 'blood', 'bottom', 'broken', 'buried', 'burn', 'cancelled', 'center',
    'chaos', 'circle', 'closed', 'coaligned', 'complement', 'confused', 'contained',
    'corrmaze', 'cursed', 'down', 'dry', 'dust', 'east', 'ellipse', 'engrave', 'eroded',
    'erodeproof', 'false', 'feel', 'female', 'filled', 'fillrect', 'filter', 'fleeing',
    'floodfill', 'gradient', 'graveyard', 'greased', 'grow', 'half-left', 'half-right',
    'hardfloor', 'hear', 'horizontal', 'hostile', 'hot', 'icedpools', 'inaccessibles',
    'invisible', 'irregular', 'joined', 'law', 'left', 'levregion', 'limited', 'line',
    'lit', 'locked', 'm_feature', 'm_monster', 'm_object', 'mark', 'mazegrid', 'mazelevel',
    'mines', 'monster', 'montype', 'name', 'neutral', 'noalign', 'nodoor', 'noflip',
    'noflipx', 'noflipy', 'nommap', 'noncoaligned', 'none', 'north', 'not_trapped',
    'noteleport', 'obj', 'object', 'open', 'paralyzed', 'peaceful', 'place', 'pline',
    'premapped', 'quantity', 'radial', 'randline', 'random', 'recharged', 'rect',
    'regular', 'revived', 'right', 'rndcoord', 'rndvault', 'rogue', 'sanctum', 'secret',
    'seen_traps', 'selection', 'sheol', 'sheollev', 'shortsighted', 'shrine', 'shroud',
    'sky', 'solid', 'solidfill', 'solidify', 'south', 'square', 'stormy', 'stunned',
    'terrain', 'top', 'trapped', 'true', 'uncursed', 'unfilled', 'unjoined', 'unlimited',
    'unlit', 'up', 'verbal', 'vertical', 'west', 'wet',
)

# core functions (level.depth, rnd, ...) and parameter types
FUNCTIONS = (
    'coord', 'hero.carrying', 'hero.name', 'hero.race', 'hero.role', 'int', 'integer',
    'level.depth', 'level.difficulty', 'level.mon_at', 'level.obj_at', 'region', 'rnd',
    'room.height', 'room.width', 'room.x', 'room.y', 'str', 'string', 'time.aprilfoolsday',
    'time.discordian_holiday', 'time.friday_13th', 'time.midnight', 'time.night',
    'time.phase_of_the_moon', 'time.piday', 'time.pirateday', 'time.towelday',
    'time.yyyymmdd',
)


class DesLexer(RegexLexer):
    """NetHack special-level des-files: UnNetHack, NetHack 3.6 and 3.4.3."""

    name = "des"
    aliases = ["des", "des-file", "nethack-des"]
    filenames = ["*.des"]
    mimetypes = ["text/x-nethack-des"]

    tokens = {
        "root": [
            (r"^[ \t]*#.*?$", Comment.Single),
            (r"^(MAP)([ \t]*\r?\n)", bygroups(Keyword, Whitespace), "map"),
            (r"[ \t]+", Whitespace),
            (r"\r?\n", Whitespace),
            (r'"[^"]*"', String.Double),
            (r"'(\\.|[^\\\n]|\\)'", String.Char),
            (r"\$[A-Za-z_][A-Za-z_0-9]*(\.[A-Za-z_]+)?", Name.Variable),
            (r"\d+d\d+", Number),
            (r"\d+%", Number),
            (r"[-+]?\d+", Number.Integer),
            (words(FUNCTIONS, suffix=r"\b(?!-)"), Name.Builtin),
            (words(STATEMENTS, suffix=r"\b"), Keyword),
            (words(OPTIONS, suffix=r"\b(?!-)"), Keyword.Constant),
            (r"[A-Za-z_][A-Za-z_0-9]*", Name),
            (r"\.\.|[-+*/%&|~=<>!]=?|\.", Operator),
            (r"[{}()\[\],:]", Punctuation),
        ],
        "map": [
            (r"^(ENDMAP)\b", Keyword, "#pop"),
            (r"[^\n]*\n", String.Other),
        ],
    }
