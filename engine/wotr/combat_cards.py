"""Combat cards, the bottom half of each event card (p.31): at the start of every battle round each
side holding cards chooses one in secret (or none), then both are revealed and resolved in initiative
order (lower first, the Free Peoples first on a tie), and the played cards are discarded.

The implemented combat halves are modifiers of the round's rolls, gathered in `mods` {side: {...}}:
  add / reroll_add   added to every die of the side's Combat roll / Leader re-roll (a natural 1 always
                     misses, a natural 6 always hits, whatever the modifiers: p.31)
  max_dice / fewer   the side rolls at most that many dice / that many dice fewer (at least one)
  bonus_hits         extra hits when the side's Combat roll or re-roll scores at least one hit
A card whose combat half is not in COMBAT is never offered in battle (docs/wotr.md lists them).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from engine.wotr.seats import hand
from engine.wotr.state import CARDS, CHARS, FP, NATIONS, REGIONS, SH, other

# The figures of one battle round, as the battle gives them: {side: {"units": {nation: {kind: n}},
# "chars": [character, ...]}}, with "to" the defender's region.
Battle = dict


@dataclass(frozen=True)
class CombatCard:
    condition: Callable[[dict, Battle, str], bool]
    effect: Callable[[dict, Battle, str, dict], None]


def playable(s: dict, fight: Battle, side: str) -> list[str]:
    """The side's cards in hand whose combat half is implemented and whose condition holds now."""
    return sorted(c for c in set(hand(s, side)) if c in COMBAT and COMBAT[c].condition(s, fight, side))


def resolve(s: dict, fight: Battle, chosen: dict) -> tuple[dict, list[str]]:
    """The round's modifiers from the chosen cards {side: card or None}, in initiative order; and the
    cards whose effect another card cancelled."""
    mods: dict = {FP: {}, SH: {}}
    played = sorted(((CARDS[c]["initiative"][0], 0 if side == FP else 1, side, c)
                     for side, c in chosen.items() if c), key=lambda t: t[:2])
    cancelled = [chosen[FP]] if chosen.get(FP) and chosen.get(SH) in SWARM_OF_BATS else []
    for _, _, side, card in played:
        if card not in cancelled:
            COMBAT[card].effect(s, fight, side, mods)
    return mods, cancelled


# --- conditions ---------------------------------------------------------------------------------------

def _always(s: dict, fight: Battle, side: str) -> bool:
    return True


def _fellowship_with_defender(s: dict, fight: Battle, side: str) -> bool:
    f = s["fellowship"]
    return f["mordor"] is None and f["pos"] == fight["to"]


def _gandalf(s: dict, fight: Battle, side: str) -> bool:
    return bool({"gandalf_grey", "gandalf_white"} & set(fight[side]["chars"]))


def _companion(s: dict, fight: Battle, side: str) -> bool:
    return any(CHARS[c]["kind"] in ("companion", "upgrade") for c in fight[side]["chars"])


def _ents_country(s: dict, fight: Battle, side: str) -> bool:
    return REGIONS[fight["to"]]["nation"] == "rohan" or fight["to"] in ("fangorn", "orthanc")


def _free_peoples_land(s: dict, fight: Battle, side: str) -> bool:
    nation = REGIONS[fight["to"]]["nation"]
    return bool(nation) and NATIONS[nation]["side"] == FP


def _elite(s: dict, fight: Battle, side: str) -> bool:
    return any(u.get("elite") for u in fight[side]["units"].values())


def _isengard_at_a_stronghold(s: dict, fight: Battle, side: str) -> bool:
    isengard = fight[side]["units"].get("isengard", {})
    return bool(isengard.get("regular") or isengard.get("elite")) and \
        REGIONS[fight["to"]]["settlement"] == "stronghold"


# --- effects ------------------------------------------------------------------------------------------

def _add(key: str, n: int, whose: str = "mine") -> Callable[[dict, Battle, str, dict], None]:
    """Adds n to a modifier of the player of the card ("mine"), the opponent's, or both sides'."""
    def effect(s: dict, fight: Battle, side: str, mods: dict) -> None:
        sides = {"mine": [side], "theirs": [other(side)], "both": [FP, SH]}[whose]
        for x in sides:
            mods[x][key] = mods[x].get(key, 0) + n
    return effect


def _both(*effects: Callable[[dict, Battle, str, dict], None]) -> Callable[[dict, Battle, str, dict], None]:
    def effect(s: dict, fight: Battle, side: str, mods: dict) -> None:
        for e in effects:
            e(s, fight, side, mods)
    return effect


def _cap_enemy_dice(n: int) -> Callable[[dict, Battle, str, dict], None]:
    def effect(s: dict, fight: Battle, side: str, mods: dict) -> None:
        theirs = mods[other(side)]
        theirs["max_dice"] = min(theirs.get("max_dice", n), n)
    return effect


def _brave_stand(s: dict, fight: Battle, side: str, mods: dict) -> None:
    companions = sum(CHARS[c]["kind"] in ("companion", "upgrade") for c in fight[side]["chars"])
    _add("fewer", companions, "theirs")(s, fight, side, mods)


def _swarm_of_bats(s: dict, fight: Battle, side: str, mods: dict) -> None:
    """The Free Peoples' card is cancelled (resolve); with no Free Peoples card, +1 on the re-roll."""
    if not fight["chosen"].get(FP):
        _add("reroll_add", 1)(s, fight, side, mods)


def _cards(title_cards: str, card: CombatCard) -> dict[str, CombatCard]:
    return dict.fromkeys(title_cards.split(), card)


SWARM_OF_BATS = ("sh_str_09", "sh_str_12")
_GIFT = CombatCard(_fellowship_with_defender, _both(_add("add", 1), _add("reroll_add", 1)))

COMBAT: dict[str, CombatCard] = {
    **_cards("fp_char_01 fp_char_02 fp_char_03 fp_char_04", _GIFT),                        # It Is a Gift
    **_cards("sh_char_01 sh_char_02 sh_char_03 sh_char_04", _GIFT),                        # One for the Dark Lord
    "fp_char_08": CombatCard(_gandalf, _add("add", 1)),                                    # Servant of the Secret Fire
    **_cards("fp_char_17 fp_char_23 fp_char_24", CombatCard(_companion, _brave_stand)),     # Brave Stand
    "fp_char_19": CombatCard(_ents_country, _add("add", 2)),                               # Ents' Rage
    "fp_char_20": CombatCard(_ents_country, _cap_enemy_dice(2)),                           # Huorn-dark
    "fp_char_21": CombatCard(_ents_country, _add("bonus_hits", 2)),                        # Nameless Wood
    **_cards("fp_str_01 fp_str_15 fp_str_16", CombatCard(_always, _cap_enemy_dice(3))),     # Daylight
    **_cards("fp_str_02 fp_str_10", CombatCard(_always, _add("bonus_hits", 1))),            # No Quarter
    **_cards("fp_str_03 fp_str_04 fp_str_20 fp_str_21",                                    # Advantageous Position
             CombatCard(_free_peoples_land, _add("add", -1, "theirs"))),
    **_cards("fp_str_22 fp_str_23 fp_str_24", CombatCard(_elite, _add("add", 1))),          # Valour
    **_cards("sh_char_19 sh_str_03 sh_str_05",                                             # Devilry of Orthanc
             CombatCard(_isengard_at_a_stronghold, _add("add", 1))),
    **_cards("sh_str_01 sh_str_10 sh_str_21",                                              # Deadly Strife
             CombatCard(_always, _both(_add("add", 2, "both"), _add("reroll_add", 2, "both")))),
    **_cards("sh_str_22 sh_str_23 sh_str_24",                                              # Desperate Battle
             CombatCard(_always, _both(_add("add", 1, "both"), _add("reroll_add", 1, "both")))),
    **dict.fromkeys(SWARM_OF_BATS, CombatCard(_always, _swarm_of_bats)),                   # Swarm of Bats
}
assert set(COMBAT) <= set(CARDS)
assert all(CARDS[c]["side"] == (FP if c.startswith("fp") else SH) for c in COMBAT)
