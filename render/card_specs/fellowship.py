"""What /card shows for a card of La Communauté: companions, events, enemies by round, adventure spaces."""
from __future__ import annotations

from render.cards import DEFAULT_COLOURS, Block, Spec, Stat, card_data, card_text, game_name, pick

# (accent: title bar and icons, frame: the border) by kind of card
FELLOWSHIP = {"hobbit": ((84, 124, 52), (50, 76, 30)), "companion": ((40, 86, 146), (24, 50, 88)),
              "event": ((160, 112, 34), (96, 66, 20)), "enemy": ((118, 32, 30), (44, 24, 24)),
              "adventure": ((88, 68, 116), (52, 40, 70))}


def card_spec(card: dict, lang: str) -> Spec:
    data = card_data("fellowship.json")
    kind = card.get("type", "")
    accent, frame = FELLOWSHIP.get(kind, DEFAULT_COLOURS)
    raw_id = card["id"].split("_", 1)[1] if "_" in card["id"] else card["id"]
    stats: list[Stat] = []
    blocks = [Block(p) for p in pick(card.get("text"), lang).split("\n") if p.strip()]
    emblem = {"hobbit": "ring", "companion": "strength", "event": "scroll", "enemy": "eye",
              "adventure": "pin"}.get(kind, "circle")
    if kind == "companion" and raw_id in data.get("companions", {}):
        c = data["companions"][raw_id]
        stats = [Stat("strength", card_text("fs.stat.fight", lang), f"+{c.get('strength', '?')}"),
                 Stat("victory_points", card_text("fs.stat.end_bonus", lang), f"{c.get('end_bonus', 0):+d}")]
        if c.get("where") in data.get("places", {}):
            stats.append(Stat("pin", card_text("fs.stat.joins", lang), pick(data["places"][c["where"]], lang)))
        blocks.append(Block(card_text("fs.reconstructed_companion", lang), "note"))
    elif kind == "event":
        stats = [Stat("stage", card_text("stat.stage", lang), str(card.get("stage", "?")))]
    elif kind == "enemy":
        enemy = next((e for e in data.get("enemies", []) if e.get("id") == raw_id), None)
        stats = [Stat("stage", card_text("stat.stage", lang), str(card.get("stage", "?")))]
        if enemy:
            for n, s in enumerate(enemy.get("strengths", []), 1):
                stats.append(Stat(f"die{n}", card_text("fs.stat.round", lang, n=n), str(s)))
            reward = enemy.get("reward") or {}
            if reward:
                rk = reward.get("kind", "")
                stats.append(Stat("victory_points", card_text(f"fs.reward.{rk}", lang),
                                  f"+{reward.get('amount', '')}"))
                if reward.get("name"):
                    blocks.append(Block(card_text("fs.weapon", lang, name=pick(reward["name"], lang),
                                           amount=f"+{reward.get('amount', '')}")))
            blocks.append(Block(card_text("fs.reconstructed", lang), "note"))
    elif kind == "adventure":
        for st in data.get("stages", []):
            spaces = (st.get("adventure_spaces") or {}).get(raw_id)
            if spaces:
                stats = [Stat("stage", card_text("stat.stage", lang), str(st.get("number", "?"))),
                         Stat("pin", card_text("fs.stat.space", lang), ", ".join(map(str, spaces)))]
                break
    return Spec(card_id=f"fellowship:{card['id']}", lang=lang, game="fellowship",
                title=pick(card.get("name"), lang), type_line=card_text(f"fs.type.{kind}", lang)
                if kind in FELLOWSHIP else pick(card.get("kind"), lang),
                emblem=emblem, accent=accent, frame=frame, stats=tuple(stats), blocks=tuple(blocks),
                footer=game_name("fellowship", lang))
