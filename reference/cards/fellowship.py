"""La Communauté's cards file in the common shape."""
from __future__ import annotations

from reference.cards import both


def index_cards(data: dict) -> dict[str, dict]:
    """La Communauté: hobbit cards, companions, event and enemy cards, adventure spaces."""
    out: dict[str, dict] = {}

    def put(cid: str, name: dict, kind: dict, text: dict, extra: dict) -> None:
        base, n = cid, 2
        while cid in out:
            cid, n = f"{base}_{n}", n + 1
        out[cid] = dict(extra, name=name, kind=kind, text=text,
                        label=both(f"{name['en']} — {kind['en']}", f"{name['fr']} — {kind['fr']}"),
                        keywords=both(kind["en"], kind["fr"]))

    for hid, h in (data.get("hobbits") or {}).items():
        put(f"hobbit_{hid}", h["name"], both("hobbit card", "carte hobbit"),
            h.get("text") or both("Your hobbit: two dice of its colour, a figure and this card.",
                                   "Votre hobbit : deux dés de sa couleur, une figurine et cette carte."),
            {"type": "hobbit"})
    for cid, c in (data.get("companions") or {}).items():
        bonus = c.get("end_bonus", 0)
        put(f"companion_{cid}", c["name"], both("companion card", "carte compagnon"),
            c.get("text") or both(
                f"Adds {c.get('strength', '?')} to one fight, then goes to another player still on the stage. "
                f"End of game: {bonus:+d} hero points.",
                f"Ajoute {c.get('strength', '?')} à un combat, puis passe à un autre joueur encore en route. "
                f"Fin de partie : {bonus:+d} points de héros."),
            {"type": "companion", "strength": c.get("strength")})
    for e in data.get("events") or []:
        stage = e.get("stage", "?")
        put(f"event_{e['id']}", e["name"], both(f"event card, stage {stage}", f"carte événement, étape {stage}"),
            e.get("text") or both("", ""), {"type": "event", "stage": stage})
    for e in data.get("enemies") or []:
        stage = e.get("stage", "?")
        st = "/".join(str(x) for x in e.get("strengths", []))
        reward = e.get("reward") or {}
        rk = {"hero": ("hero points", "points de héros"), "movement": ("movement points", "points de mouvement"),
              "weapon": ("weapon", "arme")}.get(reward.get("kind"), (str(reward.get("kind", "")),) * 2)
        put(f"enemy_{e['id']}", e["name"], both(f"enemy card, stage {stage}", f"carte ennemi, étape {stage}"),
            e.get("text") or both(f"Strength {st} in rounds 1/2/3. Reward: {reward.get('amount', '')} {rk[0]}.",
                                   f"Force {st} aux manches 1/2/3. Récompense : {reward.get('amount', '')} {rk[1]}."),
            {"type": "enemy", "stage": stage})
    for aid, a in (data.get("adventures") or {}).items():
        put(f"adventure_{aid}", a["name"], both("adventure space", "case aventure"), a.get("text") or both("", ""),
            {"type": "adventure"})
    return out
