"""present/fellowship.py: every event type, action type and decision reads in both languages; the
status tells the reader's own secrets and nobody else's; the i18n files hold the same keys."""
from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

import engine
from i18n import LANGUAGES
from present import fellowship as pf

ROOT = Path(__file__).resolve().parents[2]
# The event types of docs/fellowship.md ("Events").
DOC = (ROOT / "docs" / "fellowship.md").read_text("utf-8")
EVENT_TYPES = re.findall(r"`([a-z_]+)`", DOC.split("### Events", 1)[1].split("## Result", 1)[0])
EVENT_TYPES = [e for e in dict.fromkeys(EVENT_TYPES) if e not in ("type", "n", "log", "frm", "to", "why", "what",
                                                                   "amount", "total", "rank", "value", "rolled_for",
                                                                   "positions", "starter", "order", "ring_bearer",
                                                                   "asked")]


def _played(seeds=range(5)):
    """(event, public view after it) for every event of a few random games, and every (action, view)."""
    rules = engine.get_rules("fellowship")
    events, actions = [], []
    for seed in seeds:
        players = ["a", "b", "c", "d"][: 3 + seed % 2]
        state = rules.new_game(players, {}, seed)
        rng = random.Random(seed)
        events += [(e, rules.view(state, None)) for e in rules.view(state, None)["log"]]  # from new_game
        while rules.result(state) is None:
            player = rules.waiting_for(state)[0]
            legal = rules.legal_actions(state, player)
            view = rules.view(state, player)
            actions += [(a, view) for a in legal]
            state, new = rules.apply(state, player, rng.choice(legal))
            public = rules.view(state, None)
            events += [(e, public) for e in new]
    return events, actions


EVENTS, ACTIONS = _played()


def _clean(text: str) -> bool:
    return bool(text) and "present_fellowship." not in text and "{" not in text and not text.startswith("(")


def test_the_doc_lists_the_event_types():
    assert len(EVENT_TYPES) >= 44 and "dice_rolled" in EVENT_TYPES and "game_over" in EVENT_TYPES


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_event_type_has_text(lang):
    seen = {}
    for event, view in EVENTS:
        text = pf.describe_event(event, view, lang)
        assert _clean(text), (event, text)
        seen.setdefault(event["type"], text)
    # The few types random games seldom reach are written by hand from the doc.
    view = EVENTS[-1][1]
    rare = {"companion_stays": {"player": "a", "companion": "aragorn"},
            "fight_called_off": {"player": "a", "card": "lurtz"},
            "gandalf_falls": {"player": "a"}, "asfaloth_rides": {"player": "b"},
            "looked_at_events": {"player": "a", "count": 2}, "movement_given": {"player": "a", "to": "b", "amount": 1},
            "disabled_next_fight": {"player": "a", "what": "weapon"}}
    for kind, fields in rare.items():
        text = pf.describe_event({"type": kind, "n": 1, **fields}, view, lang)
        assert _clean(text), (kind, text)
        seen.setdefault(kind, text)
    missing = [k for k in EVENT_TYPES if k not in seen]
    assert not missing, missing


def test_languages_differ_and_dice_are_shown():
    event = {"type": "dice_rolled", "n": 4, "player": "a", "dice": [3, 5]}
    view = EVENTS[0][1]
    en, fr = pf.describe_event(event, view, "en"), pf.describe_event(event, view, "fr")
    assert "3" in en and "5" in en and en != fr and "🎲" in en
    round_ = {"type": "round_result", "n": 9, "player": "b", "round": 1, "strength_die": 2, "fight_die": 3,
              "weapon": 1, "companion": 3, "hobbit": 9, "enemy_strength": 4, "sauron_die": 4, "enemy": 8, "won": True}
    assert "9 (2 + 3 + 1 + 3)" in pf.describe_event(round_, view, "en") and "8 (4 + 4)" in pf.describe_event(
        round_, view, "en")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_action_reads(lang):
    kinds = set()
    for action, view in ACTIONS:
        text = pf.describe_action(action, view, lang)
        assert _clean(text) and not text.startswith("{"), (action, text)
        kinds.add(action["type"])
    assert {"move", "fight", "repeat", "give_companion", "choose_companion"} <= kinds
    for action in ({"type": "arwen", "accept": True}, {"type": "arwen", "accept": False},
                   {"type": "galadriel", "accept": True}, {"type": "ford", "pay": True},
                   {"type": "saruman", "choice": "back"}, {"type": "saruman", "choice": "movement"},
                   {"type": "discard_weapon", "weapon": "orc_pack"}, {"type": "choose_companion", "companion": None},
                   {"type": "reroll", "card": "gandalfs_counsel", "die": "fight"}):
        assert _clean(pf.describe_action(action, ACTIONS[0][1], lang)), action


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_decision_kind_reads(lang):
    for kind in ("move", "fight", "repeat", "pass_companion", "weapon", "ford", "saruman", "arwen", "galadriel",
                 "give_companion", "choose_companion"):
        assert _clean(pf.decision_text({"kind": kind, "companion": "aragorn"}, lang)), kind


def test_status_shows_the_peek_to_the_ring_bearer_only():
    rules = engine.get_rules("fellowship")
    state = rules.new_game(["a", "b", "c"], {}, 1)
    bearer = rules.view(state, None)["ring_bearer"]
    peek = rules.view(state, bearer)["peek"]
    for lang in LANGUAGES:
        mine = pf.status(rules.view(state, bearer), lang, {"a": "<@1>"})
        assert pf.name(peek["event"], lang) in mine and pf.name(peek["enemy"], lang) in mine
        assert "Frodo (<@1>)" in mine or "Frodon (<@1>)" in mine
        for viewer in [None] + [p for p in "abc" if p != bearer]:
            other = pf.status(rules.view(state, viewer), lang)
            assert pf.name(peek["enemy"], lang) not in other


def test_i18n_files_have_the_same_keys():
    for domain in ("present_fellowship", "bot_fellowship", "render_fellowship"):
        keys = [set(json.loads((ROOT / "i18n" / lang / f"{domain}.json").read_text("utf-8"))) for lang in LANGUAGES]
        assert keys[0] == keys[1], domain
