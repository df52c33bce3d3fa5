"""The game state: a plain JSON-safe dict, and the small helpers every rules module uses on it.

Pieces are dicts {"token", "side", "char", "region", "revealed", "known", "permanent"}:
`revealed` means face up right now; `known` means the opponent has seen it and not lost track since
(a shuffle makes them lose track); `permanent` means it stays face up for the rest of the game.
"""
from __future__ import annotations

from cards.confrontation import components
from engine.kernel import IllegalAction

from .board import ENEMY, SIDES

_C = components()
CHARS = {cid: (c.side, c.strength, c.face, c.tile) for cid, c in _C.characters.items()}
STRENGTH = {cid: c.strength for cid, c in _C.characters.items()}
SIDE_OF = {cid: c.side for cid, c in _C.characters.items()}
# Tile -> (classic face, variant face), per side, in the order of the data file.
TILES = {
    side: {c.tile: (c.tile, next(v for v, x in _C.characters.items() if x.tile == c.tile and x.face == "variant"))
           for cid, c in _C.characters.items() if c.side == side and c.face == "classic"}
    for side in SIDES
}
FULL_HAND: dict[str, list[str]] = {side: list(cards) for side, cards in _C.combat_cards.items()}
CARD_VALUE: dict[str, dict[str, int | None]] = {side: {k: c.value for k, c in cards.items()} for side, cards in _C.combat_cards.items()}
SPECIALS = {side: [k for k, c in _C.special_cards.items() if c.side == side] for side in SIDES}

# Both faces of a tile share the name the rulebook's texts use ("the Orcs", "Gandalf"...).
FRODO = ("frodo", "frodo_v")
SAM = ("sam", "sam_v")
GANDALF = ("gandalf", "gandalf_v")
ARAGORN = ("aragorn", "aragorn_v")
ORCS = ("orcs", "orcs_v")
WITCH_KING = ("witch_king", "witch_king_v")
NAZGUL = ("flying_nazgul", "flying_nazgul_v")


def clone(s: dict) -> dict:
    """A copy deep enough that the rules can mutate it freely (events in the log are never mutated)."""
    n = dict(s)
    n["pieces"] = [dict(p) for p in s["pieces"]]
    n["hands"] = {k: list(v) for k, v in s["hands"].items()}
    n["discards"] = {k: list(v) for k, v in s["discards"].items()}
    n["defeated"] = {k: list(v) for k, v in s["defeated"].items()}
    n["specials"] = {k: {"held": list(v["held"]), "used": list(v["used"])} for k, v in s["specials"].items()}
    n["log"] = list(s["log"])
    n["palantir"] = list(s["palantir"])
    if s["combat"] is not None:
        c = dict(s["combat"])
        c["cards"] = dict(c["cards"])
        c["chosen"] = dict(c["chosen"])
        c["stages"] = list(c["stages"])
        n["combat"] = c
    return n


def emit(s: dict, etype: str, **fields) -> None:
    fields["type"] = etype
    fields["n"] = len(s["log"])
    s["log"].append(fields)


def piece(s: dict, token) -> dict:
    if not isinstance(token, str):
        raise IllegalAction("unknown_piece", piece=token)
    for p in s["pieces"]:
        if p["token"] == token:
            return p
    raise IllegalAction("unknown_piece", piece=token)


def find(s: dict, token: str) -> dict | None:
    for p in s["pieces"]:
        if p["token"] == token:
            return p
    return None


def by_char(s: dict, char: str) -> dict | None:
    for p in s["pieces"]:
        if p["char"] == char:
            return p
    return None


def in_region(s: dict, region: str, side: str | None = None) -> list[dict]:
    return [p for p in s["pieces"] if p["region"] == region and (side is None or p["side"] == side)]


def counts(s: dict) -> dict[str, dict[str, int]]:
    # The busiest helper of a playout: written for speed (one lookup per piece).
    f: dict[str, int] = {}
    sa: dict[str, int] = {}
    for p in s["pieces"]:
        c = f if p["side"] == "fellowship" else sa
        r = p["region"]
        c[r] = c.get(r, 0) + 1
    return {"fellowship": f, "sauron": sa}


def side_of_player(s: dict, player) -> str | None:
    for side, pid in s["sides"].items():
        if pid == player:
            return side
    return None


def knows(viewer_side: str | None, p: dict) -> bool:
    """Whether a viewer on `viewer_side` (None: the public) may know the character of piece p."""
    return p["side"] == viewer_side or p["revealed"] or p["known"]


def possible_chars(s: dict, side: str) -> set[str]:
    """The characters the enemy of `side` must consider possible for `side`'s unknown pieces."""
    mode = s["options"]["mode"]
    if mode == "draft":
        picks = s["draft"][side]
    elif mode == "hidden_draft":
        picks = [c for pair in TILES[side].values() for c in pair]
    else:
        face = 0 if mode == "classic" else 1
        picks = [pair[face] for pair in TILES[side].values()]
    return set(picks) - set(s["defeated"][side])


def enemy(side: str) -> str:
    return ENEMY[side]
