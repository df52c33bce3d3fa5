"""Generate cards/lcg.json (the facts of every Core Set card) from the shared community data.

    python -m cards.tools.build_lcg            # rewrite cards/lcg.json
    python -m cards.tools.build_lcg --check    # exit 1 if cards/lcg.json is not up to date

Inputs (read-only, in shared/data/lcg/): dragncards_core_cardDb.tsv (stats, quantities, sides),
dragncards_core_prebuilt_decks.json (starter decks, scenario decks), core_names_fr.json (community
French names, traits, keywords). French names printed in the Core Set rulebook win over the community
tables: they are in FR_NAME_OVERRIDES below, each with its reason.

Only facts land in lcg.json (names, numbers, traits, keywords, decks). Our own wording of each card
lives in cards/lcg_text.json, written by hand; cards/lcg.py merges both when loading.
"""
from __future__ import annotations

import csv
import json
import re
import sys

from cards.tools import ROOT, shared_data, slug

OUT = ROOT / "cards" / "lcg.json"


DATA = shared_data("lcg")

SCENARIOS = {  # our id -> (prebuilt normal, prebuilt easy, scenario number in the Core Set)
    "passage_through_mirkwood": ("Q01.1", "E01.1", 1),
    "journey_down_the_anduin": ("Q01.2", "E01.2", 2),
    "escape_from_dol_guldur": ("Q01.3", "E01.3", 3),
}
DIFFICULTY = {1: 1, 2: 4, 3: 7}  # rulebook, "Niveau de Difficulté"
STARTERS = {"leadership": "coreLeadership", "tactics": "coreTactics", "spirit": "coreSpirit",
            "lore": "coreLore"}

# English name fixes: the data sets spell this title "Chieftan"; the card's own text (and the
# printed card) says "Chieftain".
EN_NAME_FIXES = {"Chieftan Ufthak": "Chieftain Ufthak"}

# French names printed in the rulebook (shared/seeds/001, card faces and examples) or chosen
# between the two community tables. Key: English name as in the TSV.
FR_NAME_OVERRIDES: dict[str, tuple[str, str]] = {
    # name_en: (name_fr, why)
    "Shadow Key": ("Clé de l'Ombre", "rulebook card face (Hall of Beorn table: Clé-de-l'Ombre)"),
    "Don't Leave the Path!": ("Ne Quittez pas le Chemin !", "rulebook prints « NE QUITTEZ PAS LE CHEMIN ! »"),
    "Dunhere": ("Dunhere", "rulebook (starter deck list); SDAJCE writes Dúnhere"),
    "Longbeard Orc Slayer": ("Tueur d'Orques Longue-Barbe",
                             "tables disagree (Hall of Beorn: Chasseur d'Orques Longue Barbe); SDAJCE kept"),
    "Valiant Sacrifice": ("Sacrifice Héroïque", "spelling: Hall of Beorn drops the diaeresis"),
    "The Galadhrim's Greeting": ("Salutations des Galadhrim",
                                 "tables disagree (Hall of Beorn: Galadhrims); SDAJCE kept"),
    "For Gondor!": ("Pour le Gondor !", "French spacing before '!' (SDAJCE)"),
    "The Necromancer's Reach": ("À la Merci du Nécromancien",
                                "capital accent, as the rulebook's « À la Merci de Sauron »"),
}

ENCOUNTER_SETS = {
    # French names: the rulebook's "Aperçu de Scénario" (page 25).
    "Passage Through Mirkwood": ("passage_through_mirkwood", "Passage dans la Forêt Noire"),
    "Journey Down the Anduin": ("journey_down_the_anduin", "Voyage le Long de l'Anduin"),
    "Escape from Dol Guldur": ("escape_from_dol_guldur", "Évasion de Dol Guldur"),
    "Spiders of Mirkwood": ("spiders_of_mirkwood", "Araignées de la Forêt Noire"),
    "Wilderlands": ("wilderlands", "Terres Sauvages"),
    "Dol Guldur Orcs": ("dol_guldur_orcs", "Orques de Dol Guldur"),
    "Sauron's Reach": ("saurons_reach", "À la Merci de Sauron"),
}

SPHERES_FR = {"leadership": "Commandement", "tactics": "Tactique", "spirit": "Énergie",
              "lore": "Connaissance", "neutral": "Neutre"}
TYPES_FR = {"hero": "Héros", "ally": "Allié", "attachment": "Attachement", "event": "Événement",
            "enemy": "Ennemi", "location": "Lieu", "treachery": "Traîtrise", "objective": "Objectif",
            "quest": "Quête"}

# Traits the community table (traits_fr_hob) does not list: the French word printed on the card faces
# shown in the rulebook ("Gondor. Noble. Intendant.", "Dúnedain. Noble. Rôdeur.", "Créature. Aranéide.",
# "Créature. Insecte.", "Forteresse. Dol Guldur.", "Gobelin. Orque.", "Istari.") or, for the others,
# the usual French rendering.
TRAITS_FR_EXTRA = {
    "Archer": "Archer", "Beorning": "Beornide", "Condition": "Condition", "Craftsman": "Artisan",
    "Dol Guldur": "Dol Guldur", "Dunedain": "Dúnedain", "Dungeon": "Donjon", "Forest": "Forêt",
    "Goblin": "Gobelin", "Gondor": "Gondor", "Hobbit": "Hobbit", "Insect": "Insecte",
    "Istari": "Istari", "Minstrel": "Ménestrel", "Nazgûl": "Nazgûl", "Noble": "Noble",
    "Noldor": "Noldor", "Rohan": "Rohan", "Spider": "Aranéide", "Steward": "Intendant",
    "Stronghold": "Forteresse", "Troll": "Troll", "Wasteland": "Terres Désolées",
}

KEYWORDS = {  # keyword id -> (English, French)
    "sentinel": ("Sentinel", "Sentinelle"),
    "ranged": ("Ranged", "À distance"),
    "restricted": ("Restricted", "Restreint"),
    "surge": ("Surge", "Renfort"),
    "guarded": ("Guarded", "Protégé"),
    "doomed": ("Doomed", "Maudit"),
    "victory": ("Victory", "Victoire"),
}

ATTACH_TO = {
    "Attach to a hero.": "hero",
    "Attach to a character.": "character",
    "Attach to a location.": "location",
    "Attach to an enemy engaged with a player.": "engaged_enemy",
}


def _int(value: str) -> int | None:
    value = value.strip()
    return int(value) if value.isdigit() else None


def _traits(raw: str) -> list[str]:
    return [t.strip() for t in raw.split(".") if t.strip()]


def _keywords(raw: str) -> tuple[list[str], str | None]:
    """Keyword ids and the attachment target from the TSV keywords column."""
    out: list[str] = []
    attach = None
    for part in [p.strip() for p in raw.split(".") if p.strip()]:
        sentence = part + "."
        if sentence in ATTACH_TO:
            attach = ATTACH_TO[sentence]
            continue
        m = re.fullmatch(r"(Doomed|Victory) (\d+)", part)
        if m:
            out.append(f"{m.group(1).lower()}_{m.group(2)}")
        elif part.lower() in KEYWORDS:
            out.append(part.lower())
        elif part.startswith("Attached hero gets"):
            continue  # Dark Knowledge: a printed effect in the keyword line, worded in lcg_text.json
        else:
            raise ValueError(f"unknown keyword {part!r}")
    return out, attach


def build() -> dict:
    rows = list(csv.DictReader((DATA / "dragncards_core_cardDb.tsv").open(encoding="utf-8"),
                               delimiter="\t"))
    fr_tables = json.loads((DATA / "core_names_fr.json").read_text(encoding="utf-8"))
    traits_fr = {k.rstrip("."): v.rstrip(".") for k, v in fr_tables["traits_fr_hob"].items()}
    traits_fr.update(TRAITS_FR_EXTRA)
    fr_by_key = {(c["octgn_id"], c["side"]): c for c in fr_tables["cards"]}

    # Group rows by databaseId (quest cards have two rows, A and B).
    by_id: dict[str, list[dict]] = {}
    for row in rows:
        by_id.setdefault(row["databaseId"], []).append(row)

    # Ids: slug of the English title (side A for quests); a suffix only when titles collide.
    titles: dict[str, list[str]] = {}
    for dbid, group in by_id.items():
        name = EN_NAME_FIXES.get(group[0]["name"], group[0]["name"])
        titles.setdefault(slug(name), []).append(dbid)
    ids: dict[str, str] = {}
    for base, dbids in titles.items():
        if len(dbids) == 1:
            ids[dbids[0]] = base
            continue
        types = {by_id[d][0]["type"] for d in dbids}
        for d in dbids:
            group = by_id[d]
            if len(types) == len(dbids):
                ids[d] = f"{base}_{slug(group[0]['type'])}"
            else:  # same title and type: quest cards told apart by their side B title
                side_b = next(r for r in group if r["side"] == "B")
                ids[d] = f"{base}_{slug(side_b['name'])}"

    def fr_name(dbid: str, side: str | None, en: str) -> str:
        if en in FR_NAME_OVERRIDES:
            return FR_NAME_OVERRIDES[en][0]
        entry = fr_by_key.get((dbid, side)) or fr_by_key.get((dbid, None))
        if entry is None:
            raise KeyError(f"no French name for {en}")
        return entry["name_fr_hallofbeorn"] or entry["name_fr_sdajce"] or en

    membership: dict[str, list[str]] = {}
    prebuilt = json.loads((DATA / "dragncards_core_prebuilt_decks.json").read_text(encoding="utf-8"))
    decks = prebuilt["preBuiltDecks"]
    for scen, (normal, _easy, _n) in SCENARIOS.items():
        for c in decks[normal]["cards"]:
            membership.setdefault(c["databaseId"], []).append(scen)

    cards: dict[str, dict] = {}
    for dbid, group in by_id.items():
        row = group[0]
        ctype = row["type"].lower()
        en = EN_NAME_FIXES.get(row["name"], row["name"])
        kw, attach = _keywords(row["keywords"])
        vp = _int(row["victoryPoints"])
        if vp:
            kw.append(f"victory_{vp}")
        traits_en = _traits(row["traits"])
        missing = [t for t in traits_en if t not in traits_fr]
        if missing:
            raise KeyError(f"no French trait for {missing}")
        sphere = row["sphere"].lower() or None
        card: dict = {
            "id": ids[dbid],
            "number": int(row["numberInPack"]),
            "code": f"01{int(row['numberInPack']):03d}",
            "database_id": dbid,
            "name": {"en": en, "fr": fr_name(dbid, row["side"] or None, row["name"])},
            "type": ctype,
            "sphere": sphere,
            "unique": row["unique"] == "1",
            "quantity": int(row["deckbuilderQuantity"]),
            "traits": {"en": traits_en, "fr": [traits_fr[t] for t in traits_en]},
            "keywords": kw,
            "attach_to": attach,
            "cost": None, "threat_cost": None,
            "willpower": _int(row["willpower"]), "attack": _int(row["attack"]),
            "defense": _int(row["defense"]), "hit_points": _int(row["hitPoints"]),
            "engagement_cost": _int(row["engagementCost"]), "threat": _int(row["threat"]),
            "quest_points": _int(row["questPoints"]), "victory_points": vp,
            "shadow": bool(row["shadow"].strip()),
            "encounter_set": ENCOUNTER_SETS[row["encounterSet"]][0] if row["encounterSet"] else None,
            "scenarios": membership.get(dbid, []),
            "stage": None, "sides": None,
        }
        if ctype == "hero":
            card["threat_cost"] = int(row["cost"])
        elif ctype == "quest":
            card["stage"] = int(row["cost"])
            sides = {}
            for r in group:
                sides[r["side"]] = {
                    "name": {"en": r["name"], "fr": fr_name(dbid, r["side"], r["name"])},
                    "quest_points": _int(r["questPoints"]),
                }
            card["sides"] = sides
            card["quest_points"] = sides["B"]["quest_points"]
        elif row["cost"].strip():
            card["cost"] = "X" if row["cost"].strip() == "X" else int(row["cost"])
        cards[card["id"]] = card

    def counted(entries, groups) -> dict[str, int]:
        out: dict[str, int] = {}
        for c in entries:
            if c["loadGroupId"] in groups:
                cid = ids[c["databaseId"]]
                out[cid] = out.get(cid, 0) + c["quantity"]
        return dict(sorted(out.items()))

    scenarios = {}
    for scen, (normal, easy, number) in SCENARIOS.items():
        entries = decks[normal]["cards"]
        quest = [ids[c["databaseId"]] for c in entries if c["loadGroupId"] == "sharedQuestDeck"]
        quest.sort(key=lambda q: (cards[q]["stage"], cards[q]["number"]))
        modes = {}
        for mode, key in (("normal", normal), ("easy", easy)):
            e = decks[key]["cards"]
            staging = counted(e, {"sharedStagingArea"})
            aside = counted(e, {"sharedSetAside"})
            full = counted(e, {"sharedEncounterDeck", "sharedStagingArea", "sharedSetAside"})
            modes[mode] = {"encounter": full, "staging_area": staging, "set_aside": aside}
        en_name = {1: "Passage Through Mirkwood", 2: "Journey Down the Anduin",
                   3: "Escape from Dol Guldur"}[number]
        sets = sorted({cards[c]["encounter_set"] for c in modes["normal"]["encounter"]},
                      key=lambda s: (s != scen, s))
        scenarios[scen] = {
            "number": number,
            "difficulty": DIFFICULTY[number],
            "name": {"en": en_name, "fr": ENCOUNTER_SETS[en_name][1]},
            "encounter_sets": sets,
            "quest": quest,
            **modes,
        }

    starters = {}
    for sphere, key in STARTERS.items():
        entries = decks[key]["cards"]
        heroes = [ids[c["databaseId"]] for c in entries if c["loadGroupId"] == "playerNPlay1"]
        deck = []
        for c in entries:
            if c["loadGroupId"] == "playerNDeck":
                deck += [ids[c["databaseId"]]] * c["quantity"]
        deck.sort(key=lambda cid: cards[cid]["number"])
        heroes.sort(key=lambda cid: cards[cid]["number"])
        starters[sphere] = {"heroes": heroes, "cards": deck}

    used_traits = sorted({t for c in cards.values() for t in c["traits"]["en"]})
    return {
        "_about": "Generated by cards/tools/build_lcg.py from shared/data/lcg; do not edit by hand. "
                  "Our wording of each card is in cards/lcg_text.json.",
        "spheres": {s: {"en": s.capitalize(), "fr": fr} for s, fr in SPHERES_FR.items()},
        "types": {t: {"en": t.capitalize(), "fr": fr} for t, fr in TYPES_FR.items()},
        "keywords": {k: {"en": en, "fr": fr} for k, (en, fr) in KEYWORDS.items()},
        "traits": {t: {"en": t, "fr": traits_fr[t]} for t in used_traits},
        "encounter_sets": {sid: {"en": en, "fr": fr} for en, (sid, fr) in ENCOUNTER_SETS.items()},
        "cards": dict(sorted(cards.items(), key=lambda kv: kv[1]["number"])),
        "starter_decks": starters,
        "scenarios": scenarios,
    }


def render() -> str:
    return json.dumps(build(), ensure_ascii=False, indent=1) + "\n"


def main(argv: list[str]) -> int:
    text = render()
    if "--check" in argv:
        ok = OUT.exists() and OUT.read_text(encoding="utf-8") == text
        print("cards/lcg.json is up to date" if ok else "cards/lcg.json is stale: rebuild it")
        return 0 if ok else 1
    OUT.write_text(text, encoding="utf-8")
    print(f"wrote {OUT} ({len(build()['cards'])} cards)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
