"""War of the Ring's panels beside the map on the web table's pages (a game's `web_panels`): the tracks
(each nation's step to war, victory points, the Fellowship's progress and corruption, the Mordor track),
the Hunt box and its tiles, each side's dice, and while one is fought the battle (both armies, the round,
the combat cards, the dice with the number each needs and why, the hits) or the Hunt's damage to take.

Built from the view alone, in the presenter's words (present/wotr.py) and the picture's (i18n wotr_map):
a combat card chosen in secret is only "chosen", as the view says. Jinja2 escapes every text."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cards.wotr import load
from i18n import t
from present import wotr as words
from render.wotr_battle import ROLES, hunt_lines, title

if TYPE_CHECKING:
    from engine.wotr.types import WotrView

TRACK = 13         # the Fellowship track's cells, 0-12
MORDOR = 6         # the Mordor track's steps, 0-5
POLITICS = (3, 2, 1, 0)  # steps to war, as the board reads them left to right


def _politics(view: WotrView, lang: str) -> list[dict[str, Any]]:
    """Each nation on its step, Free Peoples first, in the reader's alphabetical order within a side."""
    out = []
    for nation, p in (view.get("politics") or {}).items():
        side = p.get("side") or load().nations[nation].side
        out.append({"name": words.name(nation, lang), "side": side, "step": int(p.get("step") or 0),
                    "active": bool(p.get("active"))})
    return sorted(out, key=lambda n: (words.SIDES.index(n["side"]) if n["side"] in words.SIDES else 2,
                                      words.sort_key(n["name"])))


def _roll(roll: dict[str, Any], lang: str) -> dict[str, Any]:
    """A side's combat roll: each die and whether it hits, the number it needs and why (the presenter's
    words for the log's combat roll)."""
    said = words.combat_roll_words(roll, lang)
    target = int(said["target"])
    return {"dice": [(d, d >= target) for d in roll.get("dice") or []], "target": target,
            "why": said["why"].strip(" ()"), "hits": roll.get("hits", 0)}


def _battle_side(battle: dict[str, Any], role: str, decision: Any, lang: str) -> dict[str, Any]:
    side = battle[role]
    units = battle["units"].get(role) or {}
    card = battle["played"].get(side)
    if card:
        shown = {"name": words.combat_name(card, lang), "text": words.card_text(card, lang)["combat"]}
    elif side in battle["chosen"]:
        shown = {"name": t("wotr_map.battle.card_chosen", lang), "text": ""}
    elif decision and decision.get("kind") == "battle" and decision.get("step") == "cards" \
            and decision.get("side") == side:
        shown = {"name": t("web.wotr.card_choosing", lang), "text": ""}
    else:
        shown = None
    roll = battle["roll"].get(side)
    return {"role": t("wotr_map.battle.role", lang, role=t(f"wotr_map.battle.{role}", lang),
                      side=t(f"wotr_map.battle.side.{side}", lang)),
            "side": side,
            "army": [words.units_text({nation: kinds}, lang) for nation, kinds in units.items()],
            "characters": [words.name(c, lang) for c in battle["characters"].get(role) or []],
            "card": shown, "roll": _roll(roll, lang) if roll else None,
            "to_take": (battle.get("hits") or {}).get(side, 0)}


def _battle(view: WotrView, lang: str) -> dict[str, Any] | None:
    battle = view.get("battle")
    if not battle:
        return None
    return {"title": title(battle, lang),
            "sides": [_battle_side(battle, role, view.get("decision"), lang) for role in ROLES]}


def panels_data(view: WotrView, lang: str) -> dict[str, Any]:
    """What the panels show, as the template needs it."""
    f = view.get("fellowship") or {}
    hunt = view.get("hunt") or {}
    box = hunt.get("box") or {}
    hands = words.side_hand_sizes(view)
    return {
        "politics": _politics(view, lang), "steps": POLITICS,
        "vp": [(side, int((view.get("vp") or {}).get(side) or 0)) for side in words.SIDES],
        "fellowship": {"progress": int(f.get("progress") or 0), "corruption": int(f.get("corruption") or 0),
                       "mordor": f.get("mordor"), "line": words.fellowship_line(view, lang)},
        "track": range(TRACK), "mordor": range(MORDOR),
        "hunt": {"box": [(side, int(box.get(side) or 0)) for side in ("shadow", "free_peoples")],
                 "tiles": t("wotr_map.hunt_tiles", lang, pool=len(hunt.get("pool") or []),
                            drawn=len(hunt.get("drawn") or [])),
                 "damage": hunt_lines(view, lang)},
        "dice": [{"side": side, "faces": [words.name(face, lang) for face in (view.get("dice") or {}).get(side) or []],
                  "rings": int((view.get("rings") or {}).get(side) or 0), "hand": hands[side]}
                 for side in words.SIDES],
        "battle": _battle(view, lang),
    }


def panels(view: WotrView, lang: str) -> str:
    from web.pages import render  # web/pages.py asks games for their panels

    return render("wotr_panels.html", lang=lang, t=lambda key, **kw: t(key, lang, **kw), **panels_data(view, lang))
