"""Characters' special abilities that are not a move nor a Hunt step (the character cards): the
political abilities of Boromir, Legolas and Gimli, Strider's hiding as a guide, Gandalf the Grey's and
the Witch-king's extra draw, the Mouth of Sauron's Messenger, the Voice of Saruman, the Servants of the
White Hand, the Captains of the West and Shadowfax. The Hunt abilities (Meriadoc, Peregrin, Gollum) are
in hunt.py; the battle ones are applied by battle.py through the queries here.
"""
from __future__ import annotations

from engine.wotr.armies import SETTLEMENTS, besieged, recruit
from engine.wotr.politics import advance_nation, diplomacy_targets
from engine.wotr.state import (
    CARDS,
    CHARS,
    FP,
    REGIONS,
    SH,
    add_reinforcements,
    add_units,
    at_war,
    controller,
    has_army_unit,
    in_play,
    log_event,
)
from engine.wotr.types import WotrAction

HOBBITS = ("meriadoc", "peregrin")
# Companions whose "Captain of the West" adds one to the Free Peoples' Combat Strength in a battle.
CAPTAINS = ("gandalf_grey", "strider", "boromir", "legolas", "gimli", "aragorn", "gandalf_white")
SHADOWFAX_LEVEL = 4
ISENGARD_SETTLEMENTS = tuple(sorted(r for r, d in REGIONS.items()
                                    if d["nation"] == "isengard" and d["settlement"] in SETTLEMENTS))


# --- abilities used with any action die -----------------------------------------------------------------

def _political_places(companion: str, region: str) -> str | None:
    """The nation a companion may advance from where he stands (before the unconquered test)."""
    r = REGIONS[region]
    if companion == "boromir" and r["nation"] == "gondor" and r["settlement"] in ("city", "stronghold"):
        return "gondor"
    if companion == "legolas" and r["nation"] == "elves" and r["settlement"] == "stronghold":
        return "elves"
    if companion == "gimli" and region == "erebor":
        return "dwarves"
    return None


def political_abilities(s: dict) -> list[tuple[str, str]]:
    """(companion, nation): Boromir in an unconquered Gondor City or Stronghold, Legolas in an
    unconquered Elven Stronghold, Gimli in an unconquered Erebor may spend any die to advance that
    nation one step (a passive nation still stops one step before war, as with diplomacy)."""
    out = []
    for c in ("boromir", "legolas", "gimli"):
        where = s["chars"].get(c)
        nation = _political_places(c, where) if where else None
        if nation is not None and controller(s, where) == FP:
            out.append((c, nation))
    if out:                         # (asked at every Free Peoples die: the nations' steps only if needed)
        movable = diplomacy_targets(s, FP)
        out = [(c, nation) for c, nation in out if nation in movable]
    return out


def companion_diplomacy(s: dict, ev: list, companion: str, nation: str) -> None:
    log_event(s, ev, "ability_used", ability="political", character=companion, nation=nation)
    advance_nation(s, ev, nation)


def hide_faces(s: dict, character_faces: list[str]) -> list[str]:
    """Strider guiding hides the revealed Fellowship with any die; otherwise a Character die."""
    if s["fellowship"]["guide"] == "strider":
        return sorted(set(s["dice"][FP]))
    return character_faces


# --- an extra card: Gandalf the Grey's guide ability, the Witch-king's Sorcerer -------------------------

def offer_draw(s: dict, side: str, card: str, by: str) -> None:
    """After the card is played, its owner may draw from the deck of that card's type (a decision:
    drawing may cost a discard)."""
    s["ask"].append({"kind": "ability_draw", "side": side, "deck": CARDS[card]["deck"], "by": by})


def grey_guide_draws(s: dict, side: str, die: str | None) -> bool:
    """Gandalf the Grey guiding: an Event result spent on an event card earns a draw, a Will of the West
    used as one included (p.21: it becomes the result it is used as)."""
    f = s["fellowship"]
    return side == FP and die in ("event", "will_of_the_west") and f["guide"] == "gandalf_grey" and "gandalf_grey" in f["companions"]


def ability_draw_actions(s: dict, ask: dict) -> list[WotrAction]:
    out: list[WotrAction] = [{"type": "ability_draw"}] if s["decks"][ask["side"]][ask["deck"]] else []
    return out + [{"type": "decline_draw"}]


# --- the Mouth of Sauron: Messenger of the Dark Tower ---------------------------------------------------

def note_messenger(s: dict, ev: list, side: str, action: dict) -> None:
    """A Muster die spent on an Army action was the Messenger's once-a-turn use."""
    if side != SH or action["die"] != "muster":         # (asked at every die used)
        return
    kind = action["type"]
    if kind in ("move_armies", "attack") or (kind == "play_event" and CARDS[action["card"]]["played_with"] == "army"):
        s["abilities_used"].append("messenger")
        log_event(s, ev, "ability_used", ability="messenger", character="mouth_of_sauron")


# --- Saruman: the Voice of Saruman (his Servants of the White Hand: armies.white_hand_leaders) --------------------------------------

def voice_of_saruman(s: dict) -> list[str]:
    """With Saruman in play and Orthanc held by the Shadow, not besieged, a Muster die either recruits a
    Regular in every free Isengard settlement ("recruit", as many as the pool allows) or turns up to
    two Regulars in Orthanc into Elites ("elites")."""
    if not in_play(s, "saruman") or controller(s, "orthanc") != SH or besieged(s, "orthanc"):
        return []
    out = []
    if _voice_places(s):
        out.append("recruit")
    if _voice_elites(s):
        out.append("elites")
    return out


def _voice_places(s: dict) -> list[str]:
    """Where a Muster die could recruit an Isengard Regular (as armies.muster_places, for one nation)."""
    if not s["reinforcements"]["isengard"].get("regular") or not at_war(s, "isengard"):
        return []
    return [r for r in ISENGARD_SETTLEMENTS if controller(s, r) == SH and not has_army_unit(s, r, FP)]


def _voice_elites(s: dict) -> int:
    regulars = s["units"].get("orthanc", {}).get("isengard", {}).get("regular", 0)
    return min(2, regulars, s["reinforcements"]["isengard"].get("elite", 0))


def use_voice(s: dict, ev: list, choice: str) -> None:
    log_event(s, ev, "ability_used", ability="voice_of_saruman", character="saruman", choice=choice)
    if choice == "recruit":
        for region in _voice_places(s):
            if s["reinforcements"]["isengard"].get("regular", 0):
                recruit(s, ev, SH, "isengard", "regular", region)
        return
    n = _voice_elites(s)
    add_units(s, "orthanc", "isengard", "regular", -n)
    add_reinforcements(s, "isengard", "regular", n)
    add_units(s, "orthanc", "isengard", "elite", n)
    add_reinforcements(s, "isengard", "elite", -n)
    log_event(s, ev, "units_upgraded", region="orthanc", nation="isengard", count=n)


# --- battles and moves ------------------------------------------------------------------------------

def captains(chars: list[str]) -> int:
    """Captain of the West: each of these companions in the battle adds one to the Combat Strength."""
    return sum(c in CAPTAINS for c in chars)


def move_level(group: list[str]) -> int:
    """A group moves at its highest level; Shadowfax: Gandalf the White alone or with one Hobbit moves
    as if of level 4."""
    if "gandalf_white" in group and len(group) <= 2 and all(c in HOBBITS for c in group if c != "gandalf_white"):
        return SHADOWFAX_LEVEL
    return max(CHARS[c]["level"] for c in group)
