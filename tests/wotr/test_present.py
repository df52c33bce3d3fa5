"""War of the Ring's texts: every event the engine emits and every action it offers in random games reads
in English and French, with no raw key and no unknown-type fallback; the status shows the hand to its
owner only."""
from __future__ import annotations

import random

import pytest

import engine
from cards.wotr import load
from i18n import LANGUAGES
from present import wotr as p
from tests.wotr.conformance import choose

R = engine.get_rules("wotr")
# Every event type docs/wotr.md lists; random games must meet most of them and every one met must read.
DOCUMENTED = {"turn_start", "card_drawn", "card_discarded", "hunt_allocation", "action_roll", "die_used",
              "passed", "elven_ring", "fellowship_moved", "hunt_roll", "hunt_tile", "hunt_damage", "corruption",
              "corruption_healed", "companion_lost", "fellowship_revealed", "reveal_step", "fellowship_placed",
              "fellowship_hidden", "fellowship_declared", "guide", "companions_separated", "companions_moved",
              "nazgul_moved", "minion_moved", "minion_enters", "character_enters", "nation_activated",
              "political_advance", "at_war", "mordor_entered", "mordor_move", "mordor_step", "mordor_stopped",
              "mordor_idle", "game_over", "army_moved", "recruited", "unit_removed", "settlement_captured",
              "battle_started", "combat_cards", "combat_roll", "casualty", "character_eliminated", "battle_ceased",
              "army_retreated", "army_advanced", "battle_won", "battle_over", "siege_retreat",
              "siege_started", "siege_pressed", "event_played", "card_roll", "card_recruited", "dice_discarded",
              "combat_card_cancelled", "die_changed", "dice_to_hunt", "card_on_table", "card_left_table",
              "special_tile_in_play", "unit_replaced", "hunt_draw_prevented", "hunt_tile_returned",
              "hunt_damage_lowered", "hunt_tiles_removed", "combat_effect", "ability_used", "hunt_damage_reduced",
              "hunt_damage_left", "units_upgraded", "special_tile", "fellowship_shifted", "unit_promoted", "tile_void", "companion_drawn",
              "political_retreat", "no_card_discarded", "card_die"}


@pytest.fixture(scope="module")
def played():
    """Events and offered actions (one of each type) of a few random games, with a view to read them in."""
    events, actions = {}, {}
    for seed in range(3):
        rnd, s = random.Random(seed), R.new_game(["fp", "sh"], {}, seed)
        while R.result(s) is None:
            player = R.waiting_for(s)[0]
            legal = R.legal_actions(s, player)
            for a in legal:
                if a["type"] not in actions:
                    actions[a["type"]] = (a, R.view(s, player))
            s, evs = R.apply(s, player, choose(rnd, s, player, legal))
            for e in evs:
                events.setdefault(e["type"], e)
    return events, actions, R.view(s, None)


def _reads(text: str) -> bool:
    """No raw key, no unfilled field, not the fallback for an unknown type."""
    fallbacks = ("(an event of type", "(un événement de type", "(an action of type", "(une action de type")
    return "present_wotr." not in text and "{" not in text and not text.startswith(fallbacks)


def test_every_event_random_games_emit_reads_in_both_languages(played):
    events, _, view = played
    assert set(events) <= DOCUMENTED, set(events) - DOCUMENTED
    assert len(events) >= 25
    for e in events.values():
        for lang in LANGUAGES:
            assert _reads(p.describe_event(e, view, lang)), (e, lang, p.describe_event(e, view, lang))


def test_every_documented_event_has_a_text_in_both_languages():
    for kind in DOCUMENTED:
        for lang in LANGUAGES:
            assert _reads(p._x(f"event.{kind}", lang).replace("{", "").replace("}", "")), kind


def test_mordor_healing_and_casualty_events_read():
    view = R.view(R.new_game(["fp", "sh"], {}, 1), None)
    for e in ({"type": "mordor_entered", "region": "morannon", "pool": 14}, {"type": "mordor_step", "step": 3},
              {"type": "companion_lost", "companion": "gimli", "chosen": "random"},
              {"type": "corruption_healed", "by": 1, "corruption": 2}, {"type": "mordor_idle", "corruption": 7}):
        assert _reads(p.describe_event(e, view, "en")) and _reads(p.describe_event(e, view, "fr"))
    assert p.describe_event({"type": "mordor_entered", "region": "morannon", "pool": 14}, view, "fr") == \
        "La Communauté entre en Mordor depuis Morannon ; 14 tuiles de Chasse l'y attendent."


def test_every_offered_action_reads_in_both_languages(played):
    _, actions, _ = played
    assert {"move_fellowship", "declare", "allocate", "move_nazgul", "discard", "skip", "move_armies", "army_to",
            "muster"} <= set(actions)
    for a, view in actions.values():
        for lang in LANGUAGES:
            assert _reads(p.describe_action(a, view, lang)), (a, lang)
    assert p.describe_action({"type": "draw_card", "deck": "strategy", "die": "event"}, {}, "en") == \
        "Draw a Strategy card — Event die"
    assert p.describe_action({"type": "muster", "nation": "rohan", "kind": "elite", "region": "edoras",
                              "die": "muster"}, {}, "fr") == "Recruter une unité élite (Rohan) en Edoras — dé Rassemblement"
    assert p.describe_action({"type": "casualty_unit", "nation": "gondor", "kind": "reduce"}, {}, "en") == \
        "Take a hit: elite reduced to a regular, Gondor"


def test_an_army_move_names_every_unit_and_character():
    e = {"type": "army_moved", "side": "free_peoples", "from": "minas_tirith", "to": "osgiliath",
         "units": {"gondor": {"regular": 2, "leader": 1}}, "characters": ["boromir"]}
    assert p.describe_event(e, {}, "en") == ("The Free Peoples player moves an army from Minas Tirith to Osgiliath: "
                                             "Gondor 2 regulars, 1 leader, with Boromir.")


def test_an_unknown_event_or_action_says_so_without_failing():
    assert p.describe_event({"type": "no_such"}, {}, "en") == "(an event of type no_such)"
    assert p.describe_event({"type": "hunt_roll"}, {}, "fr") == "(un événement de type hunt_roll)"
    assert p.describe_action({"type": "no_such"}, {}, "en") == "(an action of type no_such)"


def test_the_status_shows_the_hand_to_its_owner_only():
    s = R.new_game(["fp", "sh"], {}, 2)
    mine = R.view(s, "fp")
    hand = [p.name(c, "en") for c in mine["cards"]["hand"]]
    assert hand and all(c in p.status(mine, "en") for c in hand)
    for viewer in (None, "sh"):
        assert not any(c in p.status(R.view(s, viewer), "en") for c in hand)
    assert "Waiting for the Free Peoples player (Ann)" in p.status(mine, "en", {"fp": "Ann"})


def test_every_card_half_has_its_wording_in_english_and_french_the_same_as_card_shows():
    from present.wotr import card_text
    from reference.cards.wotr import texts

    for card in load().event_cards:
        for lang in ("en", "fr"):
            halves = card_text(card, lang)
            assert halves["event"] and halves["combat"], (card, lang)
            assert halves["event"] == texts()["events"][card][lang]
    assert card_text("fp_char_12", "fr")["event"] != card_text("fp_char_12", "en")["event"]


def test_every_character_ability_action_and_event_reads_in_both_languages():
    view = R.view(R.new_game(["fp", "sh"], {}, 1), None)
    actions = [{"type": "companion_diplomacy", "companion": "gimli", "nation": "dwarves", "die": "event"},
               {"type": "voice_of_saruman", "choice": "recruit", "die": "muster"},
               {"type": "voice_of_saruman", "choice": "elites", "die": "muster"},
               {"type": "ability_draw"}, {"type": "decline_draw"}, {"type": "gollum_reveals"},
               {"type": "guide_separates", "region": "bree"}, {"type": "place_companion", "region": "bree"},
               {"type": "white_rider", "forfeit": True}, {"type": "white_rider", "forfeit": False}]
    abilities = ("political", "messenger", "voice_of_saruman", "draw", "take_them_alive", "white_rider")
    events = [{"type": "ability_used", "ability": a, "character": "saruman", "nation": "gondor"} for a in abilities]
    events += [{"type": "hunt_damage_reduced", "character": "gollum", "damage": 1},
               {"type": "hunt_damage_left", "character": "gollum", "damage": 1},
               {"type": "units_upgraded", "region": "orthanc", "nation": "isengard", "count": 2}]
    for lang in LANGUAGES:
        texts = [p.describe_action(a, view, lang) for a in actions] + [p.describe_event(e, view, lang) for e in events]
        assert all(_reads(x) for x in texts), texts
        assert len(set(texts)) == len(texts)            # each its own words
        for kind in ("ability_draw", "place_companion", "white_rider"):
            assert _reads(p.decision_text({"kind": kind}, lang))
    assert p.describe_action(actions[0], view, "en") == "Gimli rouses Dwarves: one step towards war — Event die"


def test_the_status_shows_cards_on_the_table_and_special_tiles_waiting_for_mordor():
    view = R.view(R.new_game(["fp", "sh"], {}, 1), None)
    view["cards"]["table"]["shadow"] = ["sh_str_05"]
    view["hunt"]["specials_waiting"] = ["shelobs_lair"]
    text = p.status(view, "en")
    assert "On the table: Threats and Promises" in text and "waiting for Mordor: Shelob's Lair" in text
    assert "Sur la table" in p.status(view, "fr")
    for e in ({"type": "special_tile", "side": "shadow", "card": "sh_char_01", "tile": "shelobs_lair", "pool": True},
              {"type": "special_tile", "side": "shadow", "card": "sh_char_01", "tile": "shelobs_lair", "pool": False},
              {"type": "fellowship_shifted", "region": "fangorn"},
              {"type": "unit_promoted", "side": "shadow", "nation": "sauron", "region": "moria"},
              {"type": "tile_void", "tile": "eye_1"}, {"type": "companion_drawn", "companion": "gimli"},
              {"type": "political_retreat", "nation": "north", "step": 3},
              {"type": "companion_lost", "companion": "gimli", "chosen": "card"},
              {"type": "no_card_discarded", "side": "free_peoples"}):
        for lang in LANGUAGES:
            assert _reads(p.describe_event(e, view, lang)), (e, lang)
    assert "straight into the Hunt pool" in p.describe_event(
        {"type": "special_tile", "side": "shadow", "card": "sh_char_01", "tile": "shelobs_lair", "pool": True}, view, "en")


def test_the_shadow_cards_decisions_and_their_actions_read_in_both_languages():
    view = R.view(R.new_game(["fp", "sh"], {}, 1), None)
    for kind in ("lure_of_the_ring", "breaking_of_the_fellowship", "nazgul_strike", "stormcrow", "palantir", "crebain",
                 "worn_with_sorrow", "card_casualties", "dunlendings", "black_captain", "ringwraiths", "balrog"):
        for lang in LANGUAGES:
            assert _reads(p.decision_text({"kind": kind}, lang)), kind
    for a in ({"type": "lure_corruption"}, {"type": "lure_lose"}, {"type": "break_off", "group": ["gimli", "strider"]},
              {"type": "strike_discard", "card": "fp_char_05"}, {"type": "strike_hunt"},
              {"type": "remove_figure", "region": "dale", "kind": "leader"}, {"type": "palantir_draw", "deck": "strategy"},
              {"type": "crebain_discard"}, {"type": "crebain_keep"}, {"type": "sorrow_hand"},
              {"type": "sorrow_table", "card": "fp_char_05"}, {"type": "sorrow_none"},
              {"type": "card_casualty", "nation": "elves", "kind": "reduce"},
              {"type": "dunland_move", "from": "north_dunland", "kind": "elite"}, {"type": "dunland_done"},
              {"type": "captain_move"}, {"type": "captain_attack", "to": "minas_tirith"}, {"type": "captain_none"},
              {"type": "wraiths_move"}, {"type": "wraiths_attack", "from": "osgiliath", "to": "minas_tirith"},
              {"type": "wraiths_none"}, {"type": "balrog_draw"}, {"type": "balrog_keep"}):
        for lang in LANGUAGES:
            assert _reads(p.describe_action(a, view, lang)), (a, lang)
    assert p.describe_action({"type": "break_off", "group": ["gimli", "strider"]}, view, "en") == \
        "These companions leave the Fellowship: Gimli and Strider"


def test_every_combat_card_effect_and_choice_reads_in_both_languages():
    view = R.view(R.new_game(["fp", "sh"], {}, 1), None)
    base = {"type": "combat_effect", "side": "shadow", "card": "sh_char_17", "count": 2, "dice": [4, 1],
            "need": 4, "hits": 1, "character": "gimli"}
    for effect in ("attack", "confusion", "leadership_forfeited", "silenced", "reroll_cancelled", "self_hits",
                   "misses_turned", "extra_hit", "hits_cancelled"):
        for lang in LANGUAGES:
            assert _reads(p.describe_event({**base, "effect": effect}, view, lang)), (effect, lang)
    choices = ({"type": "combat_choice", "card": "fp_char_10", "char": "boromir"},
               {"type": "combat_choice", "card": "fp_char_10", "nation": "gondor", "kind": "leader"},
               {"type": "combat_choice", "card": "sh_str_02", "count": 3},
               {"type": "combat_decline", "card": "sh_char_12"})
    for a in choices:
        for lang in LANGUAGES:
            assert _reads(p.describe_action(a, view, lang)), (a, lang)
    assert p.describe_action(choices[0], view, "en") == "Heroic Death (There is Another Way): Boromir"
    assert p.describe_event({**base, "effect": "attack"}, view, "en") == \
        "Durin's Bane (Balrog of Moria): the Shadow player makes an extra attack, 4, 1 (hits on 4+): 1 hit."


# ---------------------------------------------------------------------- the board in words, choices, cards


def _console_paths(view, actions, lang, depth=0):
    """Every action reachable through the console's questions (table/consoles/wotr.py), each question
    checked: at most 25 lines, each line standing for fewer actions than the question (or confirming one)."""
    from table.consoles import wotr as hooks
    options = hooks.choices(view, actions, lang)
    assert 1 <= len(options) <= 25 and depth < 8
    out = []
    for label, group in options:
        assert label and "wotr_play." not in label and "present_wotr." not in label
        if len(group) == 1 or not group:
            out += group
        else:
            assert len(group) < len(actions)
            out += _console_paths(view, group, lang, depth + 1)
    return out


def test_every_offered_action_is_reached_through_exactly_one_path_of_questions_die_first():
    import json
    key = lambda a: json.dumps(a, sort_keys=True)  # noqa: E731
    for seed in (5, 6):
        rnd, s = random.Random(seed), R.new_game(["fp", "sh"], {}, seed)
        for n in range(300):
            if R.result(s) is not None:
                break
            player = R.waiting_for(s)[0]
            legal, view = R.legal_actions(s, player), R.view(s, player)
            lang = LANGUAGES[n % 2]
            assert sorted(map(key, _console_paths(view, legal, lang))) == sorted(map(key, legal))
            if len({a.get("die") for a in legal}) > 1:   # several dice: the first question is the die
                from present import wotr_choices as ask
                assert ask.step(view, legal, lang)[0] == "die"
            kinds = sorted({a["type"] for a in legal})
            kind = rnd.choice(kinds)
            s, _ = R.apply(s, player, rnd.choice([a for a in legal if a["type"] == kind]))


def test_board_lines_list_every_army_by_side_region_and_nation_and_the_characters():
    s = R.new_game(["fp", "sh"], {}, 1)
    s["units"]["osgiliath"]["sauron"] = {"regular": 2}        # a mixed region: in both sides' lists
    s["chars"]["saruman"] = "orthanc"
    view = R.view(s, None)
    lines = "\n".join(p.board_lines(view, "en"))
    assert lines.startswith("Free Peoples armies:\n  Bree: The North 1 regular · Carrock: ")
    assert "Osgiliath: Gondor 2 regulars" in lines and "Osgiliath: Sauron 2 regulars" in lines
    assert "On the map: Saruman: Orthanc" in lines
    regions = {r for r, units in view["armies"].items()}
    assert all(p.name(r, "en") in lines for r in regions)
    french = p.board_lines(view, "fr")
    entries = [e.split(" : ")[0].strip() for line in french[1:] if line.startswith("  ") for e in line.split(" · ")]
    fp = entries[:entries.index(next(e for e in entries if e == "Barad-dûr"))]
    assert fp == sorted(fp, key=p.sort_key)  # in French order ("Fondcombe" before "Gouffre de Helm")


def test_the_tally_of_a_split_army_says_what_moves_and_what_stays():
    view = {"decision": {"kind": "army_move", "side": "free_peoples", "from": "minas_tirith",
                         "stay": {"gondor": {"regular": 1}}, "stay_chars": ["boromir"]},
            "armies": {"minas_tirith": {"gondor": {"regular": 3, "elite": 1, "leader": 1}}},
            "characters": {"boromir": "minas_tirith", "strider": "minas_tirith", "saruman": "orthanc"}}
    assert p.army_tally(view, "en") == ("Army of Minas Tirith — moving: Gondor 2 regulars, 1 elite, 1 leader, with "
                                        "Strider. Staying behind: Gondor 1 regular, with Boromir.")
    assert "Reste en arrière : Gondor 1 régulier" in p.army_tally(view, "fr")
    assert p.army_tally({"decision": {"kind": "army_move", "from": None}}, "en") == ""


def test_hand_texts_read_both_halves_of_each_card_in_the_readers_language():
    hand = ["fp_char_09", "sh_str_02"]
    for lang in LANGUAGES:
        texts = p.hand_texts({"cards": {"hand": hand}}, lang)
        assert len(texts) == 2
        for card, text in zip(hand, texts):
            head = text.split("\n")[0]
            assert head.startswith(p.name(card, lang))
            words = p.card_text(card, lang)
            assert words["event"] in text and words["combat"] in text
    assert p.hand_texts({"cards": {"hand": None}}, "en") == [] and p.hand_texts({}, "fr") == []
