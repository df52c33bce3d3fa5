"""Action dice: how many each side rolls, the Hunt allocation, the roll, what each face allows,
passing, skipping and the three Elven Rings."""
from __future__ import annotations

from engine.wotr.state import BASE_DICE, CHARS, FACES, FP, MAX_DICE, SH, in_play, log_event, rolls

# Which faces pay for which kind of action. The Will of the West stands for any other result (p.21).
PAYS = {
    "character": ("character", "will_of_the_west"),
    "muster": ("muster", "muster_army", "will_of_the_west"),
    "army": ("army", "muster_army", "will_of_the_west"),
    "event": ("event", "will_of_the_west"),
    "will_of_the_west": ("will_of_the_west",),
}


def dice_count(s: dict, side: str) -> int:
    """Base dice plus one per character in play whose card shows a die bonus (p.19)."""
    bonus = sum(n for c, n in _DIE_BONUS[side] if in_play(s, c))
    return min(BASE_DICE[side] + bonus, MAX_DICE[side])


_DIE_BONUS = {side: tuple((c, d["die_bonus"]) for c, d in CHARS.items() if d["side"] == side and d["die_bonus"])
              for side in (FP, SH)}


def messenger_ready(s: dict, side: str) -> bool:
    """Messenger of the Dark Tower: once a turn, with the Mouth in play, a Muster die pays for an Army
    action (abilities.note_messenger counts the use)."""
    return side == SH and in_play(s, "mouth_of_sauron") and "messenger" not in s["abilities_used"]


def allocation_range(s: dict) -> tuple[int, int]:
    """The Shadow's Hunt allocation: up to the companions in the Fellowship (at least 1 may always be
    put), and at least 1 if a Free Peoples die moved the Fellowship last turn (p.18-19)."""
    most = max(1, len(s["fellowship"]["companions"]))
    most = min(most, s["dice_count"][SH])
    least = 1 if s["hunt"]["fp_box_last_turn"] else 0
    return least, most


def allocate(s: dict, ev: list, n: int) -> None:
    s["hunt"]["box"][SH] = n
    log_event(s, ev, "hunt_allocation", dice=n)


def roll_action_dice(s: dict, ev: list) -> None:
    """The action roll: the Shadow's Eyes go straight to the Hunt box (p.19)."""
    for side in (FP, SH):
        n = s["dice_count"][side] - (s["hunt"]["box"][SH] if side == SH else 0)
        faces = sorted(FACES[side][v - 1] for v in rolls(s, n))
        eyes = faces.count("eye")
        s["dice"][side] = [f for f in faces if f != "eye"]
        s["hunt"]["box"][SH] += eyes
        log_event(s, ev, "action_roll", side=side, faces=faces, eyes=eyes)


def spend(s: dict, side: str, face: str) -> None:
    s["dice"][side].remove(face)


def may_pass(s: dict, side: str) -> bool:
    other = SH if side == FP else FP
    return len(s["dice"][side]) < len(s["dice"][other])


def ring_changes(s: dict, side: str) -> list[tuple[str, str]]:
    """(from, to) face changes an Elven Ring allows now: one Ring per side per turn; the Free Peoples
    may not make a Will of the West; the Shadow may make an Eye (the die goes to the Hunt box)."""
    if s["ring_used"][side] or not s["rings"][side]:
        return []
    targets = sorted(set(FACES[side]) - ({"will_of_the_west"} if side == FP else set()))
    return [(f, t) for f in sorted(set(s["dice"][side])) for t in targets if t != f]


def use_ring(s: dict, ev: list, side: str, face: str, to: str) -> None:
    s["dice"][side].remove(face)
    if to == "eye":
        s["hunt"]["box"][SH] += 1
    else:
        s["dice"][side].append(to)
        s["dice"][side].sort()
    s["rings"][side] -= 1
    if side == FP:
        s["rings"][SH] += 1   # a ring the Free Peoples used passes to the Shadow, who discards it after use
    s["ring_used"][side] = True
    log_event(s, ev, "elven_ring", side=side, face=face, to=to)
