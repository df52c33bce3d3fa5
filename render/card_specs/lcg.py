"""What /card shows for a card of the Card Game: sphere or encounter colours, stats, keywords, quest
sides and shadow text."""
from __future__ import annotations

from render.cards import DEFAULT_COLOURS, Block, Spec, Stat, card_text, game_name
from render.common import Colour

# (accent: title bar and icons, frame: the border)
SPHERES = {"leadership": ((104, 50, 138), (62, 30, 84)), "tactics": ((164, 38, 32), (96, 24, 20)),
           "spirit": ((34, 124, 172), (20, 72, 104)), "lore": ((52, 126, 60), (30, 76, 36)),
           "neutral": ((118, 112, 102), (70, 66, 60))}
ENCOUNTER = {"enemy": (120, 44, 36), "location": (104, 90, 54), "treachery": (86, 58, 104),
             "objective": (150, 118, 36), "quest": (126, 96, 56)}
ENCOUNTER_FRAME: Colour = (44, 40, 38)

_LCG_STATS = ("threat_cost", "cost", "engagement_cost", "threat", "willpower", "attack", "defense",
              "hit_points", "quest_points", "victory_points")


def card_spec(card: dict, lang: str) -> Spec:
    from cards import lcg
    c = lcg.card(card["id"])
    vocab = lcg.vocabulary()
    if c.sphere:
        accent, frame = SPHERES.get(c.sphere, DEFAULT_COLOURS)
    else:
        accent, frame = ENCOUNTER.get(c.type, DEFAULT_COLOURS[0]), ENCOUNTER_FRAME
    type_name = vocab.types[c.type].get(lang) if c.type in vocab.types else c.type
    type_line = type_name + (f" · {vocab.spheres[c.sphere].get(lang)}" if c.sphere in vocab.spheres else "")
    if c.unique:
        type_line += f" · {card_text('unique', lang)}"
    stats: list[Stat] = []
    if c.type == "quest" and c.stage is not None:
        stats.append(Stat("stage", card_text("stat.stage", lang), str(c.stage)))
    for key in _LCG_STATS:
        value = getattr(c, key)
        if value is not None:
            stats.append(Stat(key, card_text(f"stat.{key}", lang), str(value)))
    blocks: list[Block] = []
    keywords = [lcg.keyword_label(k, lang) for k in c.keywords
                if not (k.startswith("victory_") and c.victory_points is not None)]
    if keywords:
        blocks.append(Block(". ".join(keywords) + ".", "keywords"))
    if c.text is not None:
        blocks += [Block(p) for p in c.text.get(lang).split("\n") if p.strip()]
    for side_key, side in sorted((c.sides or {}).items()):
        head = card_text("quest_side", lang, side=f"{c.stage or ''}{side_key}")
        if side.name.get(lang) != c.name.get(lang):
            head += f" · {side.name.get(lang)}"
        blocks.append(Block(head, "heading"))
        if side.text is not None:
            blocks += [Block(p) for p in side.text.get(lang).split("\n") if p.strip()]
    if c.shadow_text is not None:
        shadow = c.shadow_text.get(lang).strip()
        heading = card_text("shadow", lang)
        if shadow.lower().startswith(heading.lower()):          # the wording may already say "Shadow:"
            shadow = shadow[len(heading):].lstrip(" \u00a0:").strip()
            shadow = shadow[:1].upper() + shadow[1:]
        blocks.append(Block(heading, "shadow_heading"))
        blocks += [Block(p, "shadow") for p in shadow.split("\n") if p.strip()]
    footer = [game_name("lcg", lang), card_text("core_set", lang, n=c.number)]
    if c.encounter_set and c.encounter_set in vocab.encounter_sets:
        footer.append(vocab.encounter_sets[c.encounter_set].get(lang))
    traits = c.traits.get(lang)
    emblem = c.sphere if c.sphere else c.type
    return Spec(card_id=f"lcg:{c.id}", lang=lang, game="lcg", title=c.name.get(lang), type_line=type_line,
                emblem=emblem, accent=accent, frame=frame, unique=c.unique, stats=tuple(stats),
                traits=". ".join(traits) + "." if traits else "", blocks=tuple(blocks),
                footer=" · ".join(footer))
