"""Journey Down the Anduin, for the Card Game bot (ai/lcg.py): the Hill Troll.

The first stage cannot be left while the Hill Troll is in play, and each point of its attack beyond what the
character it damages could still take raises the defending player's threat. So the round's plan weighs, beside
the enemies sure to attack, engaging the Troll from the staging area (it counts only when the characters kept
back destroy it that round: a wounded Troll left engaged attacks again next round); its attack is blocked by
the ally absorbing most, the excess counted as threat; Gandalf's damage goes to it.

Everything here reads the bot's Board (its view): the Troll's place, the quest stage, the characters' stats.
"""
from __future__ import annotations

from .lcg_board import Board

TROLL = "hill_troll"
FIRST_STAGE = "to_the_river"
TROLL_KILL = 8.0     # the Troll destroyed on the first stage: the stage can be left (points of threat)
EXCESS = 1.0         # a point of threat raised by the Troll's excess damage


def _stage(b: Board) -> str | None:
    q = b.v["quest"]
    return q["id"] if q else None


def is_troll(b: Board, e: str) -> bool:
    return b.cid(e) == TROLL


def staging_troll(b: Board) -> str | None:
    """The Hill Troll in the staging area on the first stage, if the engagement check is not bringing it."""
    if _stage(b) != FIRST_STAGE:
        return None
    return next((e for e in b.staging_enemies() if is_troll(b, e) and e not in b.coming()), None)


def foe_sets(b: Board) -> list[list[str]]:
    """The enemies that may attack this round: those sure to, and with the staging area's Troll engaged."""
    coming = b.coming()
    troll = staging_troll(b)
    return [coming, coming + [troll]] if troll else [coming]


def excess_cost(b: Board, e: str, atk: int, u: str | None) -> float:
    """The threat the Troll's attack raises beyond what its defender `u` (None: the sturdiest hero,
    undefended) could still take."""
    if not is_troll(b, e):
        return 0.0
    if u is None:
        heroes = [h for h in b.characters() if b.zone.get(h) == "heroes"]
        if not heroes:
            return 0.0
        return EXCESS * max(0, atk - max(b.hp(h) for h in heroes))
    return EXCESS * max(0, atk - b.stat(u, "defense") - b.hp(u))


def kill_bonus(b: Board, e: str) -> float:
    return TROLL_KILL if is_troll(b, e) and _stage(b) == FIRST_STAGE else 0.0


def wound_share(b: Board, e: str) -> float:
    """Damage left on the Troll counts only once it is engaged (engaging it to wound it brings its attacks)."""
    return 0.0 if is_troll(b, e) and b.zone.get(e) == "staging" else 1.0


def chump(b: Board, e: str, allies: list[str]) -> str | None:
    """Against the Troll, the ally that absorbs most of its attack (the rest raises threat)."""
    if not is_troll(b, e):
        return None
    return max(allies, key=lambda u: (b.stat(u, "defense") + b.hp(u), -b.cost(u)))


def damage_target(b: Board, opts: list[str]) -> str | None:
    """Direct damage (Gandalf) on the first stage goes to the Troll."""
    if _stage(b) != FIRST_STAGE:
        return None
    return next((e for e in opts if is_troll(b, e)), None)
