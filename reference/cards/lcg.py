"""The Card Game's cards file in the common shape."""
from __future__ import annotations

import json

from reference.cards import CARDS_DIR, both, text_pair


def index_cards(data: dict) -> dict[str, dict]:
    """The Card Game: every card of cards/lcg.json; our wording from cards/lcg_text.json when present
    ({id: {"en", "fr"}} or {id: {"text": {"en", "fr"}}}), otherwise a summary of the card's facts."""
    def table(key: str) -> dict:
        v = data.get(key, {})
        return dict(v) if isinstance(v, list) else (v if isinstance(v, dict) else {})

    spheres, types, keywords, sets = table("spheres"), table("types"), table("keywords"), table("encounter_sets")
    texts: dict = {}
    text_path = CARDS_DIR / "lcg_text.json"
    if text_path.exists():
        try:
            raw = json.loads(text_path.read_text(encoding="utf-8"))
            texts = raw.get("cards", raw) if isinstance(raw, dict) else {}
        except ValueError:
            texts = {}
    stat_names = (("threat_cost", "threat cost", "coût de menace"), ("cost", "cost", "coût"),
                  ("engagement_cost", "engagement", "engagement"), ("threat", "threat", "menace"),
                  ("willpower", "willpower", "volonté"), ("attack", "attack", "attaque"),
                  ("defense", "defence", "défense"), ("hit_points", "hit points", "points de vie"),
                  ("quest_points", "quest points", "points de quête"), ("victory_points", "victory", "victoire"))
    out: dict[str, dict] = {}
    for cid, c in (data.get("cards") or {}).items():
        name = text_pair(c.get("name"), cid)
        t = types.get(c.get("type"), both(str(c.get("type", "")), str(c.get("type", ""))))
        sp = spheres.get(c.get("sphere")) if c.get("sphere") else None
        kind = both(" · ".join(x for x in (t["en"], sp["en"] if sp else "") if x),
                     " · ".join(x for x in (t["fr"], sp["fr"] if sp else "") if x))
        facts: dict[str, list[str]] = {"en": [], "fr": []}
        for key_, en, fr in stat_names:
            if c.get(key_) is not None:
                facts["en"].append(f"{en} {c[key_]}")
                facts["fr"].append(f"{fr} {c[key_]}")
        kws = [keywords.get(k, both(k, k)) for k in c.get("keywords") or []]
        traits = c.get("traits") or {"en": [], "fr": []}
        own = texts.get(cid)
        if isinstance(own, dict) and "text" in own:
            own = own["text"]
        summary = {lang: "; ".join(filter(None, [", ".join(facts[lang]),
                                                 ". ".join(traits.get(lang, [])),
                                                 ", ".join(k[lang] for k in kws)])) for lang in ("en", "fr")}
        es = sets.get(c.get("encounter_set")) if c.get("encounter_set") else None
        for lang in ("en", "fr"):
            if not summary[lang]:
                summary[lang] = " · ".join(x for x in (kind[lang], es[lang] if es else "") if x)
        text = text_pair(own) if own else both(summary["en"], summary["fr"])
        if own:
            text = both(f"{text['en']}\n({summary['en']})", f"{text['fr']}\n({summary['fr']})")
        out[cid] = {
            "name": name, "kind": kind, "text": text, "type": c.get("type"), "sphere": c.get("sphere"),
            "label": both(f"{name['en']} — {kind['en']}", f"{name['fr']} — {kind['fr']}"),
            "keywords": both(" ".join([k["en"] for k in kws] + traits.get("en", []) + ([es["en"]] if es else [])),
                           " ".join([k["fr"] for k in kws] + traits.get("fr", []) + ([es["fr"]] if es else []))),
            "rules_keywords": list(c.get("keywords") or []), "number": c.get("number"),
        }
    return out
