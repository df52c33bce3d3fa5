"""The Confrontation in lotr-console: a side to play against the random player, the game's options as
flags, and the board by region with the reader's own pieces and cards."""
from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from i18n import t
from present import confrontation as p
from present import describe_events

# No flags but the declaration's (--side, --mode, --specials, --match), no option of the reader's own,
# its own words at the prompt only to read the characters (`reading`).
from table.consoles.plain import add_arguments as add_arguments
from table.consoles.plain import options as options
from table.consoles.plain import own_options as own_options
from table.consoles.plain import reading

if TYPE_CHECKING:
    from games.confrontation import ConfrontationView

command = reading(p.hand_texts)  # `cards` / `read`: the characters' powers
DEFAULT_PLAYERS = 2
NARROW = True  # a setup offers thousands of placements: chosen piece by piece
SHOW_OPENING = False
SIDES = ("fellowship", "sauron")  # seat 0, seat 1


def choices(view: ConfrontationView, legal: list[dict], lang: str) -> list[tuple[str, list[dict]]]:
    return [(p.describe_action(a, view, lang), [a]) for a in legal]


def your_seat(args: argparse.Namespace, players: int) -> int:
    return SIDES.index(args.side)


def title(lang: str) -> str:
    return t("confrontation.console.title", lang)


def seat_lines(view: ConfrontationView, names: dict[str, str], lang: str) -> list[str]:
    out = []
    for side, pid in view["players"].items():
        side_name = p.side_name(side, lang)
        out.append(t("table.console.you_are", lang, player=names.get(pid, pid),
                     side=side_name[:1].upper() + side_name[1:]))
    return out


def screen(view: ConfrontationView, names: dict[str, str], lang: str) -> list[str]:
    tx = lambda key, **params: t(f"confrontation.{key}", lang, **params)
    out = [p.status(view, lang, names), tx("console.board")]
    out += ["  " + line for line in p.board_lines(view, lang)]
    you = view["you"]
    mine = [q for q in view["pieces"] if q["side"] == you]
    if mine:
        out.append(tx("console.identities"))
        out.append("  " + ", ".join(
            f"{p.piece_label(q['token'], view, lang)} @ {p.region_name(q['region'], lang)}" for q in mine))
    if view.get("hand") is not None:
        out.append(tx("console.hand", cards=", ".join(p.card_name(c, lang, you) for c in view["hand"])
                      or tx("none")))
    sizes = view["hand_sizes"]
    if sizes:
        out.append(tx("console.hands", fellowship=sizes.get(SIDES[0]), sauron=sizes.get(SIDES[1])))
    if you == SIDES[0] and view["ring_bearer"]:
        out.append(tx("console.ring_bearer", character=p.character_name(view["ring_bearer"], lang)))
    specials = view["specials"].get(you) if you is not None else None
    if specials and specials["held"]:
        out.append(tx("console.specials", cards=", ".join(p.card_name(c, lang) for c in specials["held"])))
    defeated = view["defeated"]
    if any(defeated.values()):
        lost = {side: ", ".join(p.character_name(c, lang) for c in defeated.get(side, [])) or tx("none")
                for side in SIDES}
        out.append(tx("console.defeated", **lost))
    combat = view["combat"]
    if combat:
        region, attacker = p.region_name(combat["region"], lang), p.piece_label(combat["attacker"], view, lang)
        out.append(tx("console.combat_open", region=region, attacker=attacker) if combat["defender"] is None
                   else tx("console.combat", region=region, attacker=attacker,
                           defender=p.piece_label(combat["defender"], view, lang)))
    log = view["log"]
    if log:
        out.append(t("table.console.log", lang))
        out += ["  " + line for line in describe_events(p, log[-6:], view, lang)]
    return out
