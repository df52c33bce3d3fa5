"""War of the Ring's battle and Hunt texts: the faces rolled, the number each die needed and why (a City's
first round, a card's modifier named), what each combat card does; articles, plurals, and nothing said
twice in a row."""
from __future__ import annotations

import pytest

from engine.wotr.state import FP, SH
from i18n import LANGUAGES
from present import describe_events
from present import wotr as p
from tests.wotr.helpers import R
from tests.wotr.test_combat_cards import battle, fight, roll_of

VIEW = R.view(R.new_game(["fp", "sh"], {}, 1), None)


def test_a_combat_roll_under_deadly_strife_says_each_die_hits_on_3_and_names_the_card():
    s = battle(sh_hand=["sh_str_01"])
    _, ev = fight(s, "sh_str_01", None, (3, 2, 3, 2))
    sh = roll_of(ev, SH)
    assert sh["add"] == 2 and sh["by"] == ["sh_str_01"] and sh["why"] == ""
    text = p.describe_event(sh, VIEW, "en")
    assert "rolls 3, 2 in battle, hitting on 3+ (+2 to each die from Deadly Strife): 1 hit." in text, text
    assert "touche sur 3+ (+2 à chaque dé par Lutte mortelle)" in p.describe_event(sh, VIEW, "fr") or \
        "touche sur 3+ (+2 à chaque dé par" in p.describe_event(sh, VIEW, "fr")


def test_an_attack_on_a_city_in_the_first_round_explains_why_a_6_is_needed():
    event = {"type": "combat_roll", "side": SH, "dice": [6, 5], "rerolls": [6], "need": 6, "hits": 2, "add": 0,
             "reroll_add": 0, "bonus": 0, "by": [], "why": "city"}
    en = p.describe_event(event, VIEW, "en")
    assert en == ("The Shadow player rolls 6, 5 in battle, hitting on 6+ (the attacker needs a 6 in the first "
                  "round against a City); the Leaders re-roll the misses: 6, hitting on 6+: 2 hits."), en
    assert "Cité" in p.describe_event(event, VIEW, "fr")


def test_a_combat_card_played_is_told_with_what_it_does():
    event = {"type": "combat_cards", "round": 1, "played": {SH: "sh_str_01"}}
    for lang in LANGUAGES:
        text = p.describe_event(event, VIEW, lang)
        assert p.card_text("sh_str_01", lang)["combat"] in text, text


def test_a_hunt_roll_says_what_each_die_needed_and_the_rerolls():
    event = {"type": "hunt_roll", "dice": [5, 2], "rerolls": [6], "bonus": 1, "conditions": ["army"], "successes": 2}
    en = p.describe_event(event, VIEW, "en")
    assert en.startswith("Hunt roll: 5, 2, hitting on 5+ (+1 to each die") and "re-rolls 6 for a Shadow army" in en
    assert en.endswith(": 2 hits."), en


@pytest.mark.parametrize("event,en", [
    ({"type": "unit_removed", "nation": "isengard", "kind": "regular", "region": "enedwaith"},
     "An Isengard regular is removed from Enedwaith (over the stacking limit)."),
    ({"type": "recruited", "side": FP, "nation": "elves", "kind": "elite", "region": "rivendell"},
     "The Free Peoples player recruits an Elves elite in Rivendell."),
    ({"type": "action_roll", "side": SH, "faces": ["eye"], "eyes": 0}, "The Shadow player rolls Eye (0 Eyes go to the Hunt box)."),
    ({"type": "action_roll", "side": SH, "faces": ["eye"], "eyes": 1}, "The Shadow player rolls Eye (1 Eye goes to the Hunt box)."),
    ({"type": "hunt_damage", "tile": "d1r_1", "damage": 1}, "The Hunt tile 1 (reveal) deals 1 damage."),
])
def test_articles_and_plurals_agree_with_the_words(event, en):
    assert p.describe_event(event, VIEW, "en") == en


def test_the_english_article_before_a_vowel_is_an_and_leave_behind_reads_right():
    assert p.describe_action({"type": "army_stay", "nation": "elves", "kind": "elite"}, VIEW, "en") == \
        "Leave an Elves elite behind"
    assert p.describe_action({"type": "draw_card", "deck": "strategy"}, VIEW, "en") == "Draw a Strategy card"


def test_the_same_unit_event_twice_in_a_row_reads_once_with_its_count():
    removed = {"type": "unit_removed", "nation": "sauron", "kind": "regular", "region": "gorgoroth"}
    lines = {lang: describe_events(p, [{**removed, "n": 1}, {**removed, "n": 2}], VIEW, lang) for lang in LANGUAGES}
    assert lines["en"] == ["2 Sauron regulars are removed from Gorgoroth (over the stacking limit)."]
    assert lines["fr"][0].startswith("2 réguliers")


def test_the_step_onto_war_is_said_once():
    events = [{"type": "political_advance", "nation": "gondor", "step": 0, "n": 1},
              {"type": "at_war", "nation": "gondor", "n": 2}]
    for lang in LANGUAGES:
        assert describe_events(p, events, VIEW, lang) == [p.describe_event(events[1], VIEW, lang)]


def test_identical_lines_in_a_row_read_once_with_a_count():
    used = {"type": "die_used", "side": SH, "die": "event", "action": "skip"}
    lines = describe_events(p, [{**used, "n": 1}, {**used, "n": 2}, {**used, "n": 3}], VIEW, "en")
    assert lines == ["The Shadow player spends a die showing Event: nothing. (×3)"]


def test_the_terminal_offers_a_combat_card_with_what_it_does():
    from table.consoles import wotr as console
    s = battle(sh_hand=["sh_str_01"])
    labels = [label for label, _ in console.choices(R.view(s, "sh"), R.legal_actions(s, "sh"), "en")]
    strife = p.card_text("sh_str_01", "en")["combat"]
    assert any(label.endswith(f" — {strife}") for label in labels), labels


def test_the_die_menu_keeps_one_order_whatever_the_order_of_the_actions():
    from present import wotr_choices as ask
    view = {**VIEW, "you": SH, "dice": {SH: ["event", "army", "character"]}}
    acts = [{"type": "skip", "die": "event"}, {"type": "skip", "die": "army"}, {"type": "skip", "die": "character"}]
    first = [c.label for c in ask.step(view, acts, "en")[1]]
    again = [c.label for c in ask.step(view, acts[::-1], "en")[1]]
    assert first == again and first[0].startswith("Character")


def test_a_decision_says_why_it_is_asked():
    assert p.decision_text({"kind": "hunt_damage", "side": "free_peoples", "damage": 2}, "en") == \
        "how to take the Hunt's damage (2 left)"
    assert "Gandalf" in p.decision_text({"kind": "ability_draw", "side": "free_peoples", "deck": "strategy",
                                         "by": "gandalf_grey"}, "en")
    assert p.decision_text({"kind": "reveal_move", "side": "free_peoples", "left": 1}, "fr").endswith(
        "(encore 1 pas de déplacement)")
