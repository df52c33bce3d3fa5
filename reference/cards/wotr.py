"""War of the Ring's cards file (cards/wotr.json: facts) read into the card index's common shape, with our
own wording of each card and character (reference/cards/wotr_texts.json, English and French): the 96
event cards (event half and combat half), the 13 characters and the 8 special Hunt tiles."""
from __future__ import annotations

import json
from functools import cache
from pathlib import Path

from reference.cards import both

TEXTS = Path(__file__).with_name("wotr_texts.json")
_SIDE = {"free_peoples": both("Free Peoples", "Peuples Libres"), "shadow": both("Shadow", "Ombre")}
_DECK = {"character": both("Character", "Personnage"), "strategy": both("Strategy", "Stratégie")}
_DIE = {"character": both("Character", "Personnage"), "army": both("Army", "Armée"),
        "muster": both("Muster", "Rassemblement")}
_KIND = {"companion": both("companion", "compagnon"), "upgrade": both("companion (upgrade)", "compagnon (évolution)"),
         "minion": both("minion", "serviteur"), "gollum": both("guide of last resort", "guide de dernier recours")}


@cache
def texts() -> dict:
    return json.loads(TEXTS.read_text(encoding="utf-8"))


def index_cards(data: dict) -> dict[str, dict]:
    out: dict[str, dict] = {}
    words = texts()
    for cid, c in data["event_cards"].items():
        side, deck = _SIDE[c["side"]], _DECK[c["deck"]]
        kind = both(f"{side['en']} {deck['en']} event card", f"carte événement {deck['fr']} ({side['fr']})")
        event, combat = words["events"][cid], words["combat"][c["combat_title"]["en"]]
        initiative = "/".join(str(n) for n in c["initiative"])
        die = _DIE[c["played_with"]]
        text = both(f"Event ({die['en']} die or Event die): {event['en']}\n"
                    f"Combat — {c['combat_title']['en']} (initiative {initiative}): {combat['en']}",
                    f"Événement (dé {die['fr']} ou dé Événement) : {event['fr']}\n"
                    f"Combat — {c['combat_title']['fr']} (initiative {initiative}) : {combat['fr']}")
        out[cid] = {"type": "event", "side": c["side"], "deck": c["deck"], "initiative": c["initiative"],
                    "played_with": c["played_with"], "name": c["name"], "kind": kind, "text": text,
                    "combat_title": c["combat_title"],
                    "label": both(f"{c['name']['en']} — {kind['en']}", f"{c['name']['fr']} — {kind['fr']}"),
                    "keywords": both(f"{c['combat_title']['en']} event combat", f"{c['combat_title']['fr']} événement combat"),
                    "rules_keywords": ["event_cards", "battle_cards"]}
    for cid, c in data["characters"].items():
        kind = both(f"{_SIDE[c['side']]['en']} {_KIND[c['kind']]['en']}",
                    f"{_KIND[c['kind']]['fr']} ({_SIDE[c['side']]['fr']})")
        out[f"character_{cid}"] = {
            "type": "character", "character": cid, "side": c["side"], "name": c["name"], "kind": kind,
            "text": words["characters"][cid],
            "label": both(f"{c['name']['en']} — {kind['en']}", f"{c['name']['fr']} — {kind['fr']}"),
            "keywords": both("character", "personnage"), "rules_keywords": ["characters"]}
    for tid, tile in data["hunt_tiles"].items():
        if tile["special"] is None:
            continue
        card = data["event_cards"][tile["card"]]
        name = card["name"]
        out[f"tile_{tid}"] = {
            "type": "hunt_tile", "tile": tid, "side": tile["special"], "name": name,
            "kind": both("special Hunt tile", "tuile de Chasse spéciale"),
            "text": both(f"{_tile_effect(tile, 'en')} Put in play by the card “{name['en']}”; it enters the Hunt "
                         f"pool when the Fellowship reaches the Mordor track.",
                         f"{_tile_effect(tile, 'fr')} Mise en jeu par la carte « {name['fr']} » ; elle entre dans "
                         f"la réserve de Chasse quand la Communauté atteint la piste du Mordor."),
            "label": both(f"{name['en']} — special Hunt tile", f"{name['fr']} — tuile de Chasse spéciale"),
            "keywords": both("hunt tile", "tuile chasse"), "rules_keywords": ["special_tiles"]}
    return out


def _tile_effect(tile: dict, lang: str) -> str:
    value = tile["value"]
    fr = lang == "fr"
    if value == "eye":
        text = ("Œil : autant de dégâts que de succès de Chasse." if fr else
                "Eye: as much damage as the Hunt's successes.")
    elif value == "die":
        text = "Dégâts : un jet de dé." if fr else "Damage: a die roll."
    elif value < 0:
        text = f"Soigne {-value} point(s) de corruption." if fr else f"Heals {-value} corruption."
    else:
        text = f"Dégâts : {value}." if fr else f"Damage: {value}."
    marks = ([("Révèle la Communauté." if fr else "Reveals the Fellowship.")] if tile["reveal"] else []) + \
        ([("Arrête la Communauté sur la piste du Mordor." if fr else "Stops the Fellowship on the Mordor track.")]
         if tile["stop"] else [])
    return " ".join([text, *marks])
