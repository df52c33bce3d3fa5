"""The Confrontation presenter: every action and event type reads as a sentence in both languages,
and the text never tells more than the view it was built from."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import games
import i18n
from present import confrontation as pc

ROOT = Path(__file__).resolve().parents[2]

VIEW = {
    "game": "confrontation", "phase": "play", "you": "fellowship",
    "players": {"fellowship": "ann", "sauron": "bob"}, "turn": "fellowship", "turn_number": 3,
    "decision": {"id": 9, "kind": "move", "waiting_for": ["ann"], "sides": ["fellowship"]},
    "pieces": [
        {"token": "f3", "side": "fellowship", "region": "eregion", "character": "frodo",
         "revealed": False, "known": False},
        {"token": "s4", "side": "sauron", "region": "misty_mountains", "character": None,
         "revealed": False, "known": False},
        {"token": "s5", "side": "sauron", "region": "mirkwood", "character": "balrog",
         "revealed": True, "known": True},
    ],
    "hand": ["strength_1", "retreat"], "result": None, "match": None, "log": [],
}

EVENTS = {
    "specials_chosen": {"side": "sauron"},
    "specials_dealt": {"count": 2, "fellowship": ["shadowfax", "gandalf_the_white"],
                       "sauron": ["palantir", "recall_to_mordor"]},
    "drafted": {"side": "fellowship"},
    "drafts_shown": {"fellowship": ["frodo", "sam_v"], "sauron": ["orcs", "gollum"]},
    "placed": {"side": "fellowship"},
    "game_started": {"first": "fellowship"},
    "moved": {"side": "fellowship", "piece": "f3", "from": "eregion", "to": "misty_mountains",
              "character": None},
    "special_played": {"side": "sauron", "card": "palantir", "region": "eregion"},
    "shuffled": {"side": "sauron", "region": "mordor"},
    "combat": {"region": "misty_mountains", "attacker": "f3", "defender": "s4"},
    "revealed": {"piece": "s4", "side": "sauron", "character": "cave_troll"},
    "retreated": {"piece": "f3", "side": "fellowship", "from": "misty_mountains", "to": "eregion"},
    "swapped": {"piece": "f3", "with": "f1", "from": "eregion", "to": "rhudaur"},
    "replaced": {"piece": "f3", "by": "f2"},
    "ability": {"character": "legolas", "what": "defeats", "piece": "s4"},
    "card_chosen": {"side": "fellowship"},
    "cards_revealed": {"fellowship": "retreat", "sauron": "retreat"},
    "card_replaced": {"side": "sauron", "old": "strength_6", "new": "strength_4"},
    "strength": {"fellowship": 4, "sauron": 6},
    "defeated": {"piece": "s4", "side": "sauron", "character": "cave_troll"},
    "shelob_returns": {"piece": "s7", "to": "gondor"},
    "hands_refilled": {},
    "hidden_again": {"pieces": ["s4", "s5"]},
    "turn": {"side": "sauron", "number": 4},
    "game_over": {"winner": "ann", "side": "fellowship", "reason": "ring_bearer_in_mordor", "points": 5},
}

ACTIONS = [
    {"type": "choose_specials", "cards": ["shadowfax", "gwaihir_the_windlord"]},
    {"type": "announce_specials", "count": 2},
    {"type": "draft", "characters": ["frodo", "sam_v"]},
    {"type": "place", "placement": {"frodo": "the_shire", "sam": "arthedain"}},
    {"type": "move", "piece": "f3", "to": "misty_mountains"},
    {"type": "attack", "piece": "s4"},
    {"type": "balrog", "use": True}, {"type": "balrog", "use": False},
    {"type": "retreat", "to": "eregion"}, {"type": "sam_replace"}, {"type": "reveal_frodo"},
    {"type": "swap", "with": "f1"}, {"type": "no_cards"}, {"type": "proceed"}, {"type": "decline"},
    {"type": "special", "card": "gwaihir_the_windlord"},
    {"type": "special", "card": "shadowfax", "piece": "f3", "to": "caradhras"},
    {"type": "card", "card": "retreat"}, {"type": "force_change", "use": True},
    {"type": "mouth", "use": False}, {"type": "magic", "card": "strength_3"},
    {"type": "gandalf_help", "use": True}, {"type": "shuffle", "region": "the_shire"},
]


def readable(text: str) -> bool:
    """Filled from the locale files: no raw key, no unfilled placeholder."""
    return bool(text) and "confrontation." not in text and not re.search(r"\{\w+\}", text)


def test_locale_files_hold_the_same_keys():
    for name in ("confrontation", "table"):
        en = json.loads((ROOT / "i18n/en" / f"{name}.json").read_text(encoding="utf-8"))
        fr = json.loads((ROOT / "i18n/fr" / f"{name}.json").read_text(encoding="utf-8"))
        assert en.keys() == fr.keys(), name
        assert all(v.strip() for v in [*en.values(), *fr.values()]), name


def test_every_documented_event_type_is_covered():
    doc = (ROOT / "docs/confrontation.md").read_text(encoding="utf-8")
    events = doc.split("### Events", 1)[1].split("## Result", 1)[0]
    documented = set(re.findall(r"^\| `(\w+)` \|", events, re.MULTILINE))
    assert documented and documented == set(EVENTS)


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
@pytest.mark.parametrize("kind", sorted(EVENTS))
def test_events_read_as_sentences(kind, lang):
    event = {"type": kind, "n": 0, **EVENTS[kind]}
    text = pc.describe_event(event, VIEW, lang)
    assert readable(text), text


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
@pytest.mark.parametrize("action", ACTIONS, ids=lambda a: a["type"])
def test_actions_read_as_sentences(action, lang):
    text = pc.describe_action(action, VIEW, lang)
    assert readable(text), text


def test_wording_and_names():
    move = {"type": "move", "piece": "f3", "to": "misty_mountains"}
    assert pc.describe_action(move, VIEW, "en") == "Move f3 (Frodo) from Eregion to Misty Mountains"
    assert pc.describe_action(move, VIEW, "fr") == "Déplacer f3 (Frodon) d'Eregion vers Monts Brumeux"
    # The two "retreat" cards differ by side: the reader's own is named.
    assert pc.describe_action({"type": "card", "card": "retreat"}, VIEW, "en") == "Play Retreat (backwards)"
    sauron_view = {**VIEW, "you": "sauron"}
    assert pc.describe_action({"type": "card", "card": "retreat"}, sauron_view, "en") == "Play Retreat (sideways)"
    revealed = {"type": "cards_revealed", "fellowship": "retreat", "sauron": "retreat"}
    text = pc.describe_event(revealed, VIEW, "en")
    assert "Retreat (backwards)" in text and "Retreat (sideways)" in text


def test_text_never_names_a_hidden_piece():
    moved = {"type": "moved", "side": "sauron", "piece": "s4", "from": "mirkwood", "to": "misty_mountains",
             "character": None}
    assert pc.describe_event(moved, VIEW, "en") == "Sauron moves s4 from Mirkwood to Misty Mountains."
    attack = pc.describe_action({"type": "attack", "piece": "s4"}, VIEW, "en")
    assert attack == "Attack s4"
    assert "Balrog" in pc.describe_action({"type": "attack", "piece": "s5"}, VIEW, "en")  # face up
    board = "\n".join(pc.board_lines(VIEW, "en"))
    assert "s4" in board and "Cave" not in board and "s5 (Balrog)*" in board


def test_status():
    assert pc.status(VIEW, "en", {"ann": "Ann"}) == \
        "Turn 3, the Fellowship (Ann). Waiting for Ann (the Fellowship) to move a piece."
    setup = {**VIEW, "phase": "setup", "decision": {"id": 2, "kind": "setup", "sides": ["fellowship", "sauron"]}}
    assert pc.status(setup, "fr") == "En attente d'ann (la Communauté), bob (Sauron) pour placer les pions."
    over = {**VIEW, "result": {"winner": "bob", "side": "sauron", "reason": "three_in_shire", "points": 7}}
    assert pc.status(over, "en") == \
        "bob wins with Sauron: three Sauron characters have entered the Shire (7 points)."


def test_unknown_input_does_not_crash():
    assert pc.describe_event({"type": "novel"}, VIEW, "en") == "Event: novel"
    assert "teleport" in pc.describe_action({"type": "teleport"}, VIEW, "fr")
    assert pc.describe_event({"type": "ability", "character": "gollum", "what": "new_trick"}, VIEW, "en") \
        == "Gollum uses its ability."
    assert games.get("confrontation").presenter() is pc
    with pytest.raises(KeyError):
        games.get("chess")


def test_lines_open_with_a_capital_only_for_side_names():
    placed = {"type": "placed", "side": "fellowship"}
    assert pc.describe_event(placed, VIEW, "en") == "The Fellowship has placed its pieces."
    assert pc.describe_event(placed, VIEW, "fr") == "La Communauté a placé ses pions."
    revealed = {"type": "revealed", "piece": "s4", "side": "sauron", "character": "warg"}
    assert pc.describe_event(revealed, VIEW, "en").startswith("s4 is revealed")


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
@pytest.mark.parametrize("what", ["defeats", "both_defeated", "noble_sacrifice", "no_cards", "force_change",
                                  "beside_frodo", "help", "balrog", "ring_to_sam", "mouth"])
def test_every_documented_ability_has_its_own_line(what, lang):
    assert i18n.has(f"confrontation.ability.{what}", lang)
    text = pc.describe_event({"type": "ability", "character": "sam", "what": what, "piece": "f2"}, VIEW, lang)
    assert readable(text) and text != pc.describe_event(
        {"type": "ability", "character": "sam", "what": "?", "piece": "f2"}, VIEW, lang)
