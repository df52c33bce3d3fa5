"""The Free Peoples' event halves (cards fp_char_*, fp_str_*): each implemented card is one entry of
FP_EVENTS (card_effects.EventCard). docs/wotr.md lists every card's status."""
from __future__ import annotations

from engine.wotr.card_effects import EventCard, heal, no_choice, recruit_fixed
from engine.wotr.politics import activate, auto_advance
from engine.wotr.state import FP, FP_NATIONS, _emit, controller, roll


def _bilbos_song(s: dict, ev: list, side: str, choice: dict) -> None:
    heal(s, ev, 2 if s["fellowship"]["guide"] == "gollum" else 1)


def _athelas(s: dict, ev: list, side: str, choice: dict) -> None:
    need = 3 if s["fellowship"]["guide"] == "strider" else 5
    dice = [roll(s) for _ in range(3)]
    _emit(s, ev, "card_roll", card="fp_char_09", dice=dice, need=need)
    heal(s, ev, sum(d >= need for d in dice))


def _wisdom_of_elrond_options(s: dict, side: str) -> list[dict]:
    return [{"nation": n} for n in FP_NATIONS]


def _wisdom_of_elrond(s: dict, ev: list, side: str, choice: dict) -> None:
    activate(s, ev, choice["nation"])
    auto_advance(s, ev, choice["nation"])


def _red_arrow_options(s: dict, side: str) -> list[dict]:
    return [{"kind": k} for k in ("regular", "elite")] if s["politics"]["gondor"]["active"] else []


def _red_arrow(s: dict, ev: list, side: str, choice: dict) -> None:
    auto_advance(s, ev, "rohan")
    recruit_fixed(s, ev, side, "rohan", choice["kind"], "edoras", 1)
    recruit_fixed(s, ev, side, "rohan", "leader", "edoras", 1)


def _mirror_of_galadriel(s: dict, ev: list, side: str, choice: dict) -> None:
    """An unused Character die becomes a Will of the West (if one is left after paying); one corruption
    healed when the Fellowship is in a Lórien its side still holds."""
    dice = s["dice"][FP]
    if "character" in dice:
        dice.remove("character")
        dice.append("will_of_the_west")
        dice.sort()
        _emit(s, ev, "die_changed", side=FP, face="character", to="will_of_the_west")
    f = s["fellowship"]
    if f["mordor"] is None and f["pos"] == "lorien" and controller(s, "lorien") == FP:
        heal(s, ev, 1)


FP_EVENTS: dict[str, EventCard] = {
    "fp_char_09": EventCard(no_choice(), _athelas),                                        # Athelas
    "fp_char_12": EventCard(no_choice(), _bilbos_song),                                    # Bilbo's Song
    "fp_char_13": EventCard(no_choice(), _mirror_of_galadriel),                            # Mirror of Galadriel
    "fp_str_08": EventCard(_wisdom_of_elrond_options, _wisdom_of_elrond),                  # Wisdom of Elrond
    "fp_str_09": EventCard(_red_arrow_options, _red_arrow),                                # The Red Arrow
}
