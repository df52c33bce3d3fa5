"""What /card shows for a card of The Confrontation: side colours, strength, the other face of a tile."""
from __future__ import annotations

from render.cards import Block, Spec, Stat, card_data, card_text, game_name, pick

# (accent: title bar and icons, frame: the border) by side
CONFRONTATION = {"fellowship": ((44, 120, 52), (28, 74, 34)), "sauron": ((150, 28, 26), (38, 26, 26))}


def card_spec(card: dict, lang: str) -> Spec:
    data = card_data("confrontation.json")
    side = card["side"]
    accent, frame = CONFRONTATION[side]
    side_name = card_text(f"side.{side}", lang)
    kind = card["type"]
    stats: list[Stat] = []
    blocks = [Block(pick(card["text"], lang))]
    emblem = "ring" if side == "fellowship" else "eye"
    if kind == "character":
        c = data["characters"][card["id"]]
        stats = [Stat("strength", card_text("stat.strength", lang), str(c["strength"])),
                 Stat(c["face"], card_text("stat.face", lang), card_text(f"face.{c['face']}", lang))]
        for oid, other in data["characters"].items():
            if oid != card["id"] and other["tile"] == c["tile"] and other["side"] == side:
                blocks.append(Block(card_text("other_face", lang, name=pick(other["name"], lang),
                                       face=card_text(f"face.{other['face']}", lang), strength=other["strength"]),
                                    "note"))
    big = ""
    if kind == "combat_card" and card.get("value") is not None:
        stats = [Stat("strength", card_text("stat.strength", lang), f"+{card['value']}")]
        big = f"+{card['value']}"
    return Spec(card_id=f"confrontation:{card['id']}", lang=lang, game="confrontation",
                title=pick(card["name"], lang), type_line=card_text(f"type.{kind}", lang, side=side_name),
                emblem=emblem, accent=accent, frame=frame, stats=tuple(stats), blocks=tuple(blocks),
                footer=game_name("confrontation", lang), big=big)
