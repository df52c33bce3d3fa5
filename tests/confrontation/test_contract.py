"""The documented contract (docs/confrontation.md): view keys, event types and their fields, along
random games of every mode."""
from __future__ import annotations

import random

import pytest

from tests.confrontation.helpers import FP, SP, R, random_action

DOC_EVENTS = {
    "specials_chosen": {"side"},
    "specials_dealt": {"count", "fellowship", "sauron"},
    "drafted": {"side"},
    "drafts_shown": {"fellowship", "sauron"},
    "placed": {"side"},
    "game_started": {"first"},
    "moved": {"side", "piece", "from", "to", "character"},
    "special_played": {"side", "card"},
    "shuffled": {"side", "region"},
    "combat": {"region", "attacker", "defender"},
    "revealed": {"piece", "side", "character"},
    "retreated": {"piece", "side", "from", "to"},
    "swapped": {"piece", "with", "from", "to"},
    "replaced": {"piece", "by"},
    "ability": {"character", "what"},
    "card_chosen": {"side"},
    "cards_revealed": {"fellowship", "sauron"},
    "card_replaced": {"side", "old", "new"},
    "strength": {"fellowship", "sauron"},
    "defeated": {"piece", "side", "character"},
    "shelob_returns": {"piece", "to"},
    "hands_refilled": set(),
    "hidden_again": {"pieces"},
    "turn": {"side", "number"},
    "game_over": {"winner", "side", "reason", "points", "board"},
}
VIEW_KEYS = {"game", "options", "phase", "players", "you", "turn", "turn_number", "decision", "pieces",
             "hand_sizes", "discards", "defeated", "specials", "setup_done", "combat", "last_move", "match",
             "log", "result", "ring_bearer"}
PIECE_KEYS = {"token", "side", "region", "character", "revealed", "known"}
COMBAT_KEYS = {"region", "attacker", "defender", "fighters", "cards", "chosen", "strength"}


def _games():
    for i, (mode, specials) in enumerate([("classic", "none"), ("variant", "choose"), ("draft", "announce"),
                                          ("hidden_draft", "choose"), ("classic", "announce")]):
        yield i, {"mode": mode, "special_cards": specials}


def _play(seed, options, each):
    rng = random.Random(seed)
    state = R.new_game([FP, SP], options, seed)
    for _ in range(3000):
        each(state)
        if R.result(state) is not None:
            return state
        player = rng.choice(sorted(R.waiting_for(state)))
        state = R.apply(state, player, random_action(state, player, rng))[0]
    raise AssertionError("no result")


@pytest.mark.parametrize("seed,options", list(_games()))
def test_events_have_the_documented_types_and_fields(seed, options):
    state = _play(seed, options, lambda s: None)
    problems = set()
    for e in R.view(state, None)["log"]:
        fields = DOC_EVENTS.get(e["type"])
        if fields is None:
            problems.add(f"undocumented event type {e['type']!r}")
            continue
        missing = fields - set(e)
        if missing:
            problems.add(f"{e['type']} lacks {sorted(missing)}")
        if e["type"] == "drafted" and "characters" in e and e["characters"] is not None:
            problems.add("drafted shows the picks")
        if e["type"] == "drafts_shown" and options["mode"] != "draft":
            problems.add("drafts_shown in a hidden draft")
        if e["type"] == "game_over":
            for p in e["board"]:
                if not {"token", "side", "region", "character"} <= set(p) or p["character"] is None:
                    problems.add(f"game_over board entry {p}")
    assert not problems, sorted(problems)


@pytest.mark.parametrize("seed,options", list(_games()))
def test_views_have_the_documented_keys(seed, options):
    def each(state):
        for viewer in (FP, SP, None):
            v = R.view(state, viewer)
            assert set(v) >= VIEW_KEYS, VIEW_KEYS - set(v)
            assert ("hand" in v) == (viewer is not None)
            assert ("draft" in v) == (options["mode"] in ("draft", "hidden_draft"))
            if v["phase"] == "over":
                assert all(p["character"] is not None for p in v["pieces"])
            if viewer is not None and v["phase"] == "setup" and not v["setup_done"][v["you"]]:
                assert len(v["to_place"]) == 9
            assert {"id", "kind", "waiting_for", "sides"} <= set(v["decision"])
            for p in v["pieces"]:
                assert set(p) >= PIECE_KEYS
            for side in ("fellowship", "sauron"):
                assert {"held", "count", "used"} <= set(v["specials"][side])
            if v["combat"] is not None:
                assert set(v["combat"]) >= COMBAT_KEYS, COMBAT_KEYS - set(v["combat"])

    _play(seed, options, each)
