"""What /card shows for a War of the Ring card: event cards (deck, initiative, the die that plays it,
event and combat halves), characters (level, leadership, action die bonus) and special Hunt tiles."""
from __future__ import annotations

from render.cards import Block, Spec, Stat, card_data, card_text, game_name, pick

# (accent: title bar and icons, frame: the border) by side
WOTR = {"free_peoples": ((40, 86, 146), (24, 50, 88)), "shadow": ((118, 32, 30), (44, 24, 24))}


def card_spec(card: dict, lang: str) -> Spec:
    accent, frame = WOTR[card["side"]]
    stats: list[Stat] = []
    kind = card["type"]
    if kind == "event":
        stats = [Stat("stage", card_text("wotr.stat.initiative", lang), "/".join(map(str, card["initiative"]))),
                 Stat("scroll", card_text("wotr.stat.die", lang), card_text(f"wotr.die.{card['played_with']}", lang))]
    elif kind == "character":
        c = card_data("wotr.json")["characters"][card["character"]]
        level = "∞" if c["level"] is None else str(c["level"])
        stats = [Stat("stage", card_text("wotr.stat.level", lang), level),
                 Stat("leadership", card_text("wotr.stat.leadership", lang), str(c["leadership"])),
                 Stat("cost", card_text("wotr.stat.dice", lang), f"+{c['die_bonus']}")]
    blocks = [Block(p) for p in pick(card.get("text"), lang).split("\n") if p.strip()]
    emblem = {"event": "scroll", "character": "hero", "hunt_tile": "eye"}[kind]
    return Spec(card_id=f"wotr:{card['id']}", lang=lang, game="wotr", title=pick(card.get("name"), lang),
                type_line=pick(card.get("kind"), lang), emblem=emblem, accent=accent, frame=frame,
                stats=tuple(stats), blocks=tuple(blocks), footer=game_name("wotr", lang))
