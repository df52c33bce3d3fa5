"""The Confrontation's cards file (characters, combat cards per side, special cards) in the common shape."""
from __future__ import annotations

from reference.cards import both

_SIDE = {"fellowship": {"en": "Fellowship", "fr": "Communauté"}, "sauron": {"en": "Sauron", "fr": "Sauron"}}
_FACE = {"classic": {"en": "Classic", "fr": "Classique"}, "variant": {"en": "Variant", "fr": "Variante"}}


def index_cards(data: dict) -> dict[str, dict]:
    out: dict[str, dict] = {}
    for cid, c in data.get("characters", {}).items():
        side, face = _SIDE[c["side"]], _FACE[c["face"]]
        out[cid] = {
            "name": c["name"], "text": c.get("ability", both("", "")),
            "kind": both(f"{side['en']} character, {face['en']}, strength {c['strength']}",
                          f"personnage {'de la ' if c['side'] == 'fellowship' else 'de '}{side['fr']}, "
                          f"{face['fr']}, force {c['strength']}"),
            "label": both(f"{c['name']['en']} ({face['en']}, {c['strength']}) — {side['en']} character",
                           f"{c['name']['fr']} ({face['fr']}, {c['strength']}) — personnage "
                           f"{'de la ' if c['side'] == 'fellowship' else 'de '}{side['fr']}"),
            "keywords": both(f"{c['side']} {c['face']} {c['tile']} character tile",
                              f"{side['fr']} {face['fr']} personnage tuile"),
            "side": c["side"], "face": c["face"], "strength": c["strength"], "type": "character",
        }
    for side, cards_ in data.get("combat_cards", {}).items():
        s = _SIDE[side]
        for cid, c in cards_.items():
            name = c["name"]
            if c.get("value") is not None:
                name = both(f"Strength {c['value']}", f"Force {c['value']}")
            out[f"{side}_{cid}"] = {
                "name": name, "text": c.get("text", both("", "")),
                "kind": both(f"{s['en']} combat card", f"carte Combat {s['fr']}"),
                "label": both(f"{name['en']} — {s['en']} combat card", f"{name['fr']} — carte Combat {s['fr']}"),
                "keywords": both(f"{side} combat card {cid.replace('_', ' ')}",
                                  f"{s['fr']} carte combat {'force' if c.get('value') else 'texte'}"),
                "side": side, "value": c.get("value"), "type": "combat_card",
            }
    for cid, c in data.get("special_cards", {}).items():
        s = _SIDE[c["side"]]
        out[cid] = {
            "name": c["name"], "text": c.get("text", both("", "")),
            "kind": both(f"{s['en']} special card", f"carte spéciale {s['fr']}"),
            "label": both(f"{c['name']['en']} — {s['en']} special card",
                           f"{c['name']['fr']} — carte spéciale {s['fr']}"),
            "keywords": both(f"{c['side']} special card", f"{s['fr']} carte speciale"),
            "side": c["side"], "type": "special_card",
        }
    return out
