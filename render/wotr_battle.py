"""War of the Ring: the panel of a battle under way (or of the Hunt whose damage is to be taken), drawn under the header while the view's "battle" says
one is fought (like the Confrontation's combat panel): the round and where, then one column per side
with its army (units, leaders, characters), its combat card once revealed, its dice and hits.

Only what the view says is drawn: a card chosen in secret is only "chosen" until both are revealed.
Sizes are for a picture shown 550 px wide (BAND_W 900): no text under 20 px here (12 px once shown)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from i18n import t
from present import wotr as words
from render.common import INK, PANEL, PANEL_EDGE, Canvas
from render.wotr_colours import SIDE_INK

if TYPE_CHECKING:
    from engine.wotr.types import WotrView

BATTLE_H = 196
ROLES = ("attacker", "defender")


def _x(key: str, lang: str, **params) -> str:
    return t(f"wotr_map.battle.{key}", lang, **params)


def side_lines(battle: dict[str, Any], role: str, lang: str) -> list[str]:
    """One side's column: its army, its card (or that it chose one), its dice and hits this round."""
    side = battle[role]
    army = words.units_text(battle["units"].get(role) or {}, lang)
    chars = [words.name(c, lang) for c in battle["characters"].get(role) or []]
    out = [army + (f" + {', '.join(chars)}" if chars else "")]
    card = battle["played"].get(side)
    if card:
        out.append(_x("card", lang, card=words.combat_name(card, lang)))
    elif side in battle["chosen"]:
        out.append(_x("card_chosen", lang))
    roll = battle["roll"].get(side)
    if roll:
        faces = ", ".join(str(d) for d in roll["dice"]) or "-"
        out.append(_x("dice", lang, dice=faces, hits=roll["hits"]))
    taken = (battle.get("hits") or {}).get(side)
    if taken:
        out.append(_x("to_take", lang, count=taken))
    return out


def title(battle: dict[str, Any], lang: str) -> str:
    return _x(f"title.{battle['mode']}", lang, round=battle["round"], to=words.name(battle["to"], lang),
              attacker=_x(f"side.{battle['attacker']}", lang))


def draw_battle(cv: Canvas, view: WotrView, y0: int, width: int) -> None:
    battle = view.get("battle")
    if not battle:
        return
    lang = cv.lang
    cv.draw.rectangle((0, y0, width, y0 + BATTLE_H), fill=PANEL, outline=PANEL_EDGE, width=2)
    cv.text("battle", (14, y0 + 6, width - 14, y0 + 34), title(battle, lang), INK, 24, 20, "bold", align="left")
    half = width // 2
    for i, role in enumerate(ROLES):
        x0 = 14 + i * half
        side = battle[role]
        cv.text("battle", (x0, y0 + 40, x0 + half - 24, y0 + 66),
                _x("role", lang, role=_x(role, lang), side=_x(f"side.{side}", lang)), SIDE_INK.get(side, INK), 22, 20, "bold", align="left")
        y = y0 + 70
        for line in side_lines(battle, role, lang):
            lines = 2 if len(line) > 38 else 1
            if y + 26 * lines > y0 + BATTLE_H - 4:
                break
            cv.text("battle", (x0, y, x0 + half - 24, y + 26 * lines), line, INK, 21, 20, max_lines=lines, align="left")
            y += 26 * lines


HUNT_EVENTS = ("hunt_roll", "hunt_tile", "hunt_damage")


def hunt_lines(view: WotrView, lang: str) -> list[str]:
    """While the Hunt's damage is to be taken: the roll and the tile that made it, as the log tells them."""
    decision = view.get("decision")
    if not decision or decision.get("kind") != "hunt_damage":
        return []
    log = view.get("log") or []
    start = max((i for i, e in enumerate(log) if e.get("type") == "hunt_roll"), default=len(log))
    return [words.describe_event(e, view, lang) for e in log[start:] if e.get("type") in HUNT_EVENTS]


def draw_hunt(cv: Canvas, lines: list[str], y0: int, width: int) -> None:
    cv.draw.rectangle((0, y0, width, y0 + BATTLE_H), fill=PANEL, outline=PANEL_EDGE, width=2)
    cv.text("hunt", (14, y0 + 6, width - 14, y0 + 34), _x("hunt", cv.lang), INK, 24, 20, "bold", align="left")
    y = y0 + 40
    for line in lines:
        if y + 52 > y0 + BATTLE_H:
            break
        cv.text("hunt", (14, y, width - 14, y + 52), line, INK, 21, 20, max_lines=2, align="left")
        y += 52
