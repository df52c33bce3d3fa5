"""Setup (rulebook, "Setup"): decks, heroes and starting threat, first player, six-card hands with
one optional mulligan each, the quest deck and the scenario's own setup, then the first round."""
from __future__ import annotations

from engine.kernel import IllegalAction, Rng
from engine.options.lcg import CAMPAIGN, CAMPAIGN_LEVELS, DEFAULTS, SCENARIOS

from .data import SPHERES, catalogue
from .effects import QUESTS, implemented, load_all
from .flow import T, run, seq, task
from .state import active_players, draw, emit, new_record, rng_below, rng_shuffle


def _deck(spec: str | dict) -> tuple[list, list]:
    from cards.lcg import starter_deck, validate_deck

    if isinstance(spec, str):
        if spec not in SPHERES:
            raise IllegalAction("bad_option", option="decks", value=spec)
        d = starter_deck(spec)
        return list(d.heroes), list(d.cards)
    if not isinstance(spec, dict) or not isinstance(spec.get("heroes"), list) or not isinstance(
            spec.get("cards"), list):
        raise IllegalAction("bad_option", option="decks", value=str(spec)[:60])
    problems = validate_deck(spec["heroes"], spec["cards"])
    if problems:
        raise IllegalAction("bad_deck", problem=problems[0].code, **{"card": "", **problems[0].params})
    return list(spec["heroes"]), list(spec["cards"])


def _with_starters(players: list[str], decks: dict) -> dict:
    """Every player's deck: theirs, or the starter deck of their seat (Leadership, Tactics, Spirit, Lore),
    unless another player holds it or one of its heroes: then the first starter deck nobody holds."""
    from cards.lcg import starter_deck

    held = {h for d in decks.values() if isinstance(d, dict) and isinstance(d.get("heroes"), list)
            for h in d["heroes"] if isinstance(h, str)}
    free = [sp for sp in SPHERES if sp not in decks.values() and not held & set(starter_deck(sp).heroes)]
    out = {}
    for i, p in enumerate(players):
        if p in decks:
            out[p] = decks[p]
        elif not free:  # each starter deck is taken, or shares a hero with a deck brought
            raise IllegalAction("no_starter_deck", seat=i + 1)
        else:
            out[p] = SPHERES[i % 4] if SPHERES[i % 4] in free else free[0]
            free.remove(out[p])
    return out


def _auto_pass(players: list[str], options: dict) -> dict[str, bool]:
    """Who is spared the decisions that ask nothing of them (engine/lcg/auto.py): `auto_pass` {player:
    bool}; a player alone who did not say gets it with `auto_pass_alone` (the table's default)."""
    chosen, alone = options.get("auto_pass", {}), options.get("auto_pass_alone", DEFAULTS["auto_pass_alone"])
    if (not isinstance(chosen, dict) or any(p not in players or not isinstance(v, bool) for p, v in chosen.items())
            or not isinstance(alone, bool)):
        raise IllegalAction("bad_option", option="auto_pass", value=str((chosen, alone))[:60])
    return {p: chosen.get(p, alone and len(players) == 1) for p in players}


def _numbers(s: dict, n: int) -> list[int]:
    """1..n in a random order: a card's uid number is drawn at random, so that the uid of a face-down
    card (a shadow card, a card of the encounter deck or of a hand) says nothing of which card it is."""
    nums = list(range(1, n + 1))
    rng_shuffle(s, nums)
    return nums


def new_state(players: list[str], options: dict | None, seed: int | str) -> dict:
    load_all()
    if (not isinstance(players, list) or not 1 <= len(players) <= 4 or len(set(players)) != len(players)
            or not all(isinstance(p, str) and p for p in players)):
        raise IllegalAction("bad_players")
    options = dict(options or {})
    for k in options:
        if k not in DEFAULTS:
            raise IllegalAction("bad_option", option=k, value=str(options[k])[:60])
    scenarios = _scenarios(options)
    easy = options.get("easy", DEFAULTS["easy"])
    shadows = options.get("shadows", DEFAULTS["shadows"])
    if not isinstance(easy, bool) or not isinstance(shadows, bool):
        raise IllegalAction("bad_option", option="easy/shadows", value=str((easy, shadows)))
    decks = options.get("decks", {})
    if not isinstance(decks, dict) or any(k not in players for k in decks):
        raise IllegalAction("bad_option", option="decks", value=str(decks)[:60])
    first = options.get("first_player")
    if first is not None and first not in players:
        raise IllegalAction("bad_option", option="first_player", value=str(first)[:60])
    auto = _auto_pass(players, options)
    if not isinstance(seed, (int, str)) or isinstance(seed, bool):
        raise IllegalAction("bad_seed")

    s: dict = {
        "game": "lcg", "options": {"scenario": scenarios[0], "easy": easy, "shadows": shadows,
                                   "decks": _with_starters(players, decks)},
        "rng": Rng.from_seed(seed), "order": list(players), "first": players[0], "round": 0, "phase": "setup",
        "ids": {}, "owner": {}, "inplay": {}, "players": {}, "seen": {}, "tasks": [], "decision": None, "did": 0,
        "log": [], "result": None, "campaign": None,
    }
    if any(auto.values()):
        s["options"]["auto_pass"] = auto
    if "campaign" in options:
        s["options"].update(campaign=options["campaign"], scenarios=list(scenarios))
        s["campaign"] = {"level": options["campaign"], "scenarios": list(scenarios), "played": []}
    heroes_seen: set = set()
    for i, p in enumerate(players):
        hs, cards = _deck(s["options"]["decks"][p])
        for h in hs:
            if h in heroes_seen:
                raise IllegalAction("bad_deck", problem="duplicate_hero", card=h)
            heroes_seen.add(h)
            if not implemented(h):
                raise IllegalAction("card_not_implemented", card=h)
        s["players"][p] = {}
        for k, h in enumerate(hs):
            s["ids"][f"p{i + 1}h{k + 1}"], s["owner"][f"p{i + 1}h{k + 1}"] = h, p
        deck = []
        for c, k in zip(cards, _numbers(s, len(cards))):
            uid = f"p{i + 1}c{k:02d}"
            s["ids"][uid], s["owner"][uid] = c, p
            deck.append(uid)
        fresh_player(s, p, deck)
    s["first"] = first if first is not None else players[rng_below(s, len(players))]
    scenario_setup(s, scenarios[0])
    run(s)
    return s


def fresh_player(s: dict, p: str, deck: list[str]) -> None:
    """A player as at the start of a game: heroes in play with no damage (+1 resource in easy mode),
    their starting threat, `deck` (every other card of theirs) shuffled."""
    pl = s["players"][p]
    pl.update(heroes=sorted(u for u, o in s["owner"].items() if o == p and u not in deck), allies=[],
              engaged=[], hand=[], deck=list(deck), discard=[], dead=[], deck_attached=[], out=False)
    pl["threat"] = sum(catalogue()[s["ids"][h]]["threat"] or 0 for h in pl["heroes"])
    for h in pl["heroes"]:
        new_record(s, h, p, p, "heroes")["res"] += 1 if s["options"]["easy"] else 0
    rng_shuffle(s, pl["deck"])


def _scenarios(options: dict) -> list[str]:
    """The scenario to play, or the campaign's scenarios in order (all implemented, or refused)."""
    if "campaign" not in options:
        if "scenarios" in options:
            raise IllegalAction("bad_option", option="scenarios", value="campaign only")
        chosen = [options.get("scenario", DEFAULTS["scenario"])]
    else:
        chosen = options.get("scenarios", list(CAMPAIGN))
        if (options["campaign"] not in CAMPAIGN_LEVELS or "scenario" in options or not isinstance(chosen, list)
                or not chosen or any(c not in CAMPAIGN for c in chosen)
                or [c for c in CAMPAIGN if c in chosen] != chosen):
            raise IllegalAction("bad_option", option="campaign",
                                value=str((options["campaign"], chosen))[:60])
    for scen in chosen:
        if scen not in SCENARIOS:
            raise IllegalAction("scenario_not_implemented", scenario=str(scen)[:60])
    return list(chosen)


def scenario_setup(s: dict, scen: str) -> None:
    """The encounter side of a game (quest deck, encounter deck, every zone empty), then the six-card
    hands and mulligans (none for hands kept from the last scenario of a nightmare campaign), the
    quest's setup and the first round, scheduled."""
    from cards.lcg import scenario

    players = s["order"]
    s["options"]["scenario"] = scen
    s.update(round=0, phase="setup", staging=[], active=None, quest=None, qdeck=[], qdiscard=[], edeck=[],
             ediscard=[], victory=[], revealing=[], limbo=[], committed=[], cancelled=[], surge=[], replace=[],
             lasting=[], delayed=[], uses={}, attack=None, attacked=[], attacked_by={},
             seen={p: {} for p in players}, revealed_now=[], set_aside=[], prisoners={}, face_down={})
    sc = scenario(scen, s["options"]["easy"])
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
    emit(s, "setup", players=list(players), first=s["first"], scenario=scen,
         threat={p: s["players"][p]["threat"] for p in players})
    dealt = [p for p in active_players(s) if not s["players"][p]["hand"]]
    for p in dealt:
        draw(s, p, 6)
    seq(s, *[T("mulligan", player=p) for p in dealt], T("quest_setup"), T("round"))


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
