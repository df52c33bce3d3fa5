"""Generate cards/wotr.json (War of the Ring facts) from shared/data/wotr/ and our French names.

    python -m cards.tools.build_wotr            # rewrite cards/wotr.json
    python -m cards.tools.build_wotr --check    # exit 1 if cards/wotr.json is not up to date

Inputs (read-only): map.json, characters.json, hunt_tiles.json, event_cards.json. Only names, numbers
and the map graph are taken; French names come from cards/tools/wotr_names.py (our own translations).
"""
from __future__ import annotations

import json
import sys

from cards.tools import ROOT, shared_data, slug
from cards.tools import wotr_names as N

OUT = ROOT / "cards" / "wotr.json"
SIDES = {"FreePeoples": "free_peoples", "Shadow": "shadow", "free_peoples": "free_peoples", "shadow": "shadow"}


def _regions(raw: dict) -> dict:
    out = {}
    for rid, r in sorted(raw["regions"].items()):
        out[rid] = {"name": {"en": N.REGIONS_EN_FIXES.get(rid, r["name"]), "fr": N.REGIONS_FR[rid]},
                    "nation": r["nation"], "setup_nation": r["setup_nation"], "settlement": r["settlement"],
                    "vp": r["vp"], "setup": r["setup"], "adjacent": sorted(r["adjacent"]), "pos": r["pos"]}
    return out


def _nations(raw: dict) -> dict:
    return {nid: {"name": {"en": N.NATIONS[nid][0], "fr": N.NATIONS[nid][1]}, "side": SIDES[n["side"]],
                  "reinforcements": n["reinforcements"], "political_step": n["political_steps_from_war"],
                  "active": n["active_at_start"]} for nid, n in sorted(raw["nations"].items())}


def _character(cid: str, c: dict, kind: str, side: str) -> dict:
    level = None if c["level"] == "inf" else c["level"]
    nation = c["nation"]
    replaces = c.get("replaces", "").replace("-", "_") or None
    return {"name": {"en": N.CHARACTERS_EN_FIXES.get(cid, c["name"]), "fr": N.CHARACTERS_FR[cid]},
            "kind": kind, "side": side, "level": level, "leadership": c["leadership"], "nation": nation,
            "die_bonus": c["dieBonus"], "replaces": replaces}


def _characters(raw: dict) -> dict:
    out = {}
    for cid, c in raw["companions"].items():
        out[cid] = _character(cid, c, "companion", "free_peoples")
    for cid, c in raw["upgrades"].items():
        out[cid] = _character(cid, c, "upgrade", "free_peoples")
    for cid, c in raw["minions"].items():
        out[cid] = _character(cid, c, "minion", "shadow")
    out["gollum"] = _character("gollum", raw["gollum"], "gollum", "free_peoples")
    return out


def _tile_id(t: dict, n: int) -> str:
    if t["value"] == "eye":
        return f"eye_{n}"
    return f"d{t['value']}{'r' if t['reveal'] else ''}_{n}"


def _hunt_tiles(raw: dict, cards: dict) -> dict:
    out = {}
    for t in raw["standard"]:
        for n in range(1, t["count"] + 1):
            out[_tile_id(t, n)] = {"value": t["value"], "reveal": t["reveal"], "stop": False,
                                   "special": None, "card": None}
    for group, side in (("specialFellowship", "free_peoples"), ("specialShadow", "shadow")):
        for t in raw[group]:
            card = t["introducedBy"].replace("-", "_")
            out[slug(t["card"])] = {"value": t["value"], "reveal": t["reveal"], "stop": t.get("stop", False),
                                     "special": side, "card": card}
            assert card in cards
    return out


def _cards(raw: dict) -> dict:
    out = {}
    for c in raw["cards"]:
        name = N.CARD_NAMES_EN_FIXES.get(c["name"], c["name"])
        out[c["id"].replace("-", "_")] = {
            "name": {"en": name, "fr": N.CARDS_FR[name]}, "side": SIDES[c["side"]], "deck": c["deck"].lower(),
            "collector": c["collector"], "initiative": [int(x) for x in str(c["initiative"]).split("-")], "played_with": c["played_with"],
            "combat_title": {"en": c["combat_title"], "fr": N.COMBAT_FR[c["combat_title"]]}}
    return out


def build() -> dict:
    data = shared_data("wotr")
    read = lambda name: json.loads((data / name).read_text("utf-8"))
    cards = _cards(read("event_cards.json"))
    return {"regions": _regions(read("map.json")), "nations": _nations(read("map.json")),
            "characters": _characters(read("characters.json")),
            "hunt_tiles": _hunt_tiles(read("hunt_tiles.json"), cards), "event_cards": cards}


def main(argv: list[str]) -> int:
    text = json.dumps(build(), ensure_ascii=False, indent=1, sort_keys=True) + "\n"
    if "--check" in argv:
        ok = OUT.exists() and OUT.read_text("utf-8") == text
        print("cards/wotr.json is up to date" if ok else "cards/wotr.json is stale: rebuild it")
        return 0 if ok else 1
    OUT.write_text(text, "utf-8")
    print(f"wrote {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
