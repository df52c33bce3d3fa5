"""Setup (rulebook, "Setup"): decks, heroes and starting threat, first player, six-card hands with
one optional mulligan each, the quest deck and the scenario's own setup, then the first round."""
from __future__ import annotations

from typing import Any

from engine.kernel import IllegalAction, Rng

from .data import SPHERES, catalogue
from .effects import QUESTS, implemented, load_all
from .flow import T, run, seq, task
from .state import draw, emit, new_record, rng_below, rng_shuffle

OPTIONS = {"scenario", "decks", "easy", "shadows", "first_player"}
SCENARIOS = ("passage_through_mirkwood", "journey_down_the_anduin", "escape_from_dol_guldur")


def _deck(spec, seat: int) -> tuple[list, list]:
    from cards.lcg import starter_deck, validate_deck

    if spec is None:
        spec = SPHERES[seat % 4]
    if isinstance(spec, str):
        if spec not in SPHERES:
            raise IllegalAction("bad_option", option="decks", value=spec)
        d = starter_deck(spec)
        return list(d.heroes), list(d.cards)
    if not isinstance(spec, dict) or not isinstance(spec.get("heroes"), list) or not isinstance(
            spec.get("cards"), list):
        raise IllegalAction("bad_option", option="decks", value=str(spec)[:60])
    problems = validate_deck(spec["heroes"], spec["cards"], min_cards=1)
    if problems:
        raise IllegalAction("bad_deck", problem=problems[0].code, card=str(problems[0].params.get("card", "")))
    return list(spec["heroes"]), list(spec["cards"])


def _numbers(s: dict, n: int) -> list[int]:
    """1..n in a random order: a card's uid number is drawn at random, so that the uid of a face-down
    card (a shadow card, a card of the encounter deck or of a hand) says nothing of which card it is."""
    nums = list(range(1, n + 1))
    rng_shuffle(s, nums)
    return nums


def new_state(players, options, seed) -> dict:
    load_all()
    if (not isinstance(players, list) or not 1 <= len(players) <= 4 or len(set(players)) != len(players)
            or not all(isinstance(p, str) and p for p in players)):
        raise IllegalAction("bad_players")
    options = dict(options or {})
    for k in options:
        if k not in OPTIONS:
            raise IllegalAction("bad_option", option=k, value=str(options[k])[:60])
    scen = options.get("scenario", "passage_through_mirkwood")
    if scen not in SCENARIOS:
        raise IllegalAction("scenario_not_implemented", scenario=str(scen)[:60])
    easy = options.get("easy", False)
    shadows = options.get("shadows", True)
    if not isinstance(easy, bool) or not isinstance(shadows, bool):
        raise IllegalAction("bad_option", option="easy/shadows", value=str((easy, shadows)))
    decks = options.get("decks", {})
    if not isinstance(decks, dict) or any(k not in players for k in decks):
        raise IllegalAction("bad_option", option="decks", value=str(decks)[:60])
    first = options.get("first_player")
    if first is not None and first not in players:
        raise IllegalAction("bad_option", option="first_player", value=str(first)[:60])
    if not isinstance(seed, (int, str)) or isinstance(seed, bool):
        raise IllegalAction("bad_seed")

    cat = catalogue()
    s: dict = {
        "game": "lcg", "options": {"scenario": scen, "easy": easy, "shadows": shadows,
                                   "decks": {p: decks.get(p, SPHERES[i % 4]) for i, p in enumerate(players)}},
        "rng": Rng.from_seed(seed), "order": list(players), "first": players[0], "round": 0, "phase": "setup",
        "ids": {}, "owner": {}, "inplay": {}, "players": {}, "staging": [], "active": None, "quest": None,
        "qdeck": [], "qdiscard": [], "edeck": [], "ediscard": [], "victory": [], "revealing": [], "limbo": [],
        "committed": [], "cancelled": [], "surge": [], "replace": [], "lasting": [], "delayed": [], "uses": {},
        "attack": None, "attacked": [], "attacked_by": {}, "seen": {p: {} for p in players}, "revealed_now": [],
        "set_aside": [], "prisoners": {}, "face_down": {},
        "tasks": [], "decision": None, "did": 0, "log": [], "result": None,
    }
    heroes_seen: set = set()
    for i, p in enumerate(players):
        hs, cards = _deck(s["options"]["decks"][p], i)
        for h in hs:
            if h in heroes_seen:
                raise IllegalAction("bad_deck", problem="duplicate_hero", card=h)
            heroes_seen.add(h)
            if not implemented(h):
                raise IllegalAction("card_not_implemented", card=h)
        pl: dict[str, Any] = {"heroes": [], "allies": [], "engaged": [], "hand": [], "deck": [], "discard": [],
                              "dead": [], "deck_attached": [], "threat": 0, "out": False}
        s["players"][p] = pl
        for k, h in enumerate(hs):
            uid = f"p{i + 1}h{k + 1}"
            s["ids"][uid], s["owner"][uid] = h, p
            new_record(s, uid, p, p, "heroes")
            pl["heroes"].append(uid)
            pl["threat"] += cat[h]["threat"] or 0
            if easy:
                s["inplay"][uid]["res"] += 1
        for c, k in zip(cards, _numbers(s, len(cards))):
            uid = f"p{i + 1}c{k:02d}"
            s["ids"][uid], s["owner"][uid] = c, p
            pl["deck"].append(uid)
        rng_shuffle(s, pl["deck"])
    s["first"] = first if first is not None else players[rng_below(s, len(players))]

    from cards.lcg import scenario
    sc = scenario(scen, easy)
    for k, q in enumerate(sc.quest):
        uid = f"q{k + 1}"
        s["ids"][uid], s["owner"][uid] = q, None
        s["qdeck"].append(uid)
    ecards = [c for c, copies in sorted(sc.encounter.items()) for _ in range(copies)]
    for c, k in zip(ecards, _numbers(s, len(ecards))):
        uid = f"e{k:02d}"
        s["ids"][uid], s["owner"][uid] = c, None
        s["edeck"].append(uid)
    missing = sorted({s["ids"][u] for u in s["edeck"] + s["qdeck"] if not implemented(s["ids"][u])})
    if missing:
        raise IllegalAction("card_not_implemented", card=missing[0])
    rng_shuffle(s, s["edeck"])
    emit(s, "setup", players=list(players), first=s["first"],
         threat={p: s["players"][p]["threat"] for p in players})
    order = players[players.index(s["first"]):] + players[:players.index(s["first"])]
    for p in order:
        draw(s, p, 6)
    seq(s, *[T("mulligan", player=p) for p in order], T("quest_setup"), T("round"))
    run(s)
    return s



@task("quest_setup")
def _quest_setup(s: dict, t: dict) -> None:
    uid = s["qdeck"].pop(0)
    s["quest"] = {"uid": uid, "id": s["ids"][uid], "stage": 1, "prog": 0}
    emit(s, "stage", stage=1, id=s["quest"]["id"])
    hooks = QUESTS.get(s["quest"]["id"], {})
    if "setup" in hooks:
        hooks["setup"](s)
    if "revealed" in hooks:
        hooks["revealed"](s)
