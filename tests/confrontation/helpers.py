"""Helpers so that each Confrontation rules test reads like the rulebook.

Positions come from `engine.confrontation.scenario.build`; everything is then observed only through the
kernel protocol (`view`, `legal_actions`, `apply`, `result`, `dump`), never through the state's internals.

Vocabulary:
    scene(pieces, ...)          a mid-game position (adds a harmless filler per side unless fillers=False)
    token(state, "orcs")        the piece id of a character (seen through its owner's eyes)
    where(state, "orcs")        its region, or None when it is off the board
    play(state, who, action)    apply an action for a side ("fellowship"/"sauron") or a player id
    move(state, "orcs", "eregion")
    advance(state)              answer every decision that has a "do nothing" answer (proceed, use: false)
    do_until_cards(state)       advance, then check the game asks for combat cards
    cards(state, f, s)          both sides play their combat card (Sauron first when the game asks him first)
    fight(state, f, s)          do_until_cards + cards + advance
    legal(state, side)          legal actions of that side now
    refused(state, who, action) the action raises IllegalAction and leaves the state unchanged
"""
from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

import engine
from engine import IllegalAction

ROOT = Path(__file__).resolve().parents[2]
DATA = json.loads((ROOT / "cards" / "confrontation.json").read_text(encoding="utf-8"))
CHARS = DATA["characters"]

R = engine.get_rules("confrontation")

FP, SP = "fp", "sp"
FELLOWSHIP, SAURON = "fellowship", "sauron"

CLASSIC_F = ["frodo", "sam", "gandalf", "aragorn", "pippin", "legolas", "gimli", "merry", "boromir"]
CLASSIC_S = ["orcs", "saruman", "flying_nazgul", "witch_king", "shelob", "balrog", "warg", "black_rider",
             "cave_troll"]
VARIANT_F = ["frodo_v", "sam_v", "gandalf_v", "aragorn_v", "smeagol", "elrond", "theoden", "faramir",
             "treebeard"]
VARIANT_S = ["orcs_v", "saruman_v", "flying_nazgul_v", "witch_king_v", "wormtongue", "uruk_hai", "gollum",
             "mouth_of_sauron", "the_watcher"]

FULL_HAND = {
    FELLOWSHIP: ["strength_1", "strength_2", "strength_3", "strength_4", "strength_5", "magic",
                 "noble_sacrifice", "elven_cloak", "retreat"],
    SAURON: ["strength_1", "strength_2", "strength_3", "strength_4", "strength_5", "strength_6", "magic",
             "eye_of_sauron", "retreat"],
}

# Fillers: harmless pieces far from the action so that each side always has a legal move afterwards
# (a side without a legal move at the start of its turn loses) and, in Classic, Frodo is on the board.
_FILLER = {
    ("classic", FELLOWSHIP): ["frodo", "merry", "gimli"],
    ("classic", SAURON): ["cave_troll", "black_rider", "saruman"],
    ("variant", FELLOWSHIP): ["frodo_v", "sam_v", "theoden"],
    ("variant", SAURON): ["mouth_of_sauron", "the_watcher", "saruman_v"],
}
_HOME = {FELLOWSHIP: "the_shire", SAURON: "mordor"}


def side_of(character: str) -> str:
    return CHARS[character]["side"]


def tile_of(character: str) -> str:
    return CHARS[character]["tile"]


def other(side: str) -> str:
    return SAURON if side == FELLOWSHIP else FELLOWSHIP


# ---------------------------------------------------------------------------------------------- positions

def scene(pieces, *, mode: str = "classic", turn: str = SAURON, fillers: bool = True, options=None,
          hands=None, discards=None, known=(), specials=None, seed: int = 0):
    """A mid-game position. `pieces` is a list of (character, region) pairs.

    Unless fillers=False, adds per side one character standing in its home region (Frodo for the
    Fellowship in Classic, when he is not already placed), chosen among tiles not used yet.
    """
    pieces = list(pieces)
    opts = dict(options or {})
    opts.setdefault("mode", mode)
    if fillers:
        used_tiles = {tile_of(c) for c, _ in pieces}
        face = "variant" if opts["mode"] == "variant" else "classic"
        for side in (FELLOWSHIP, SAURON):
            home = _HOME[side]
            if sum(1 for c, r in pieces if side_of(c) == side and r == home) >= 3:
                continue
            for cand in _FILLER[(face, side)]:
                if tile_of(cand) not in used_tiles:
                    pieces.append((cand, home))
                    used_tiles.add(tile_of(cand))
                    break
    from engine.confrontation import scenario

    kwargs = {}
    if hands is not None:
        kwargs["hands"] = hands
    if discards is not None:
        kwargs["discards"] = discards
    if specials is not None:
        kwargs["specials"] = specials
    return scenario.build(pieces, options=opts, turn=turn, known=tuple(known), seed=seed, **kwargs)


def hand_with(side: str, hand: list[str]):
    """hands/discards overrides: `hand` in hand, every other card of the side in the discard pile."""
    return {side: list(hand)}, {side: [c for c in FULL_HAND[side] if c not in hand]}


def last_cards(f_card: str, s_card: str):
    """Both sides hold a single card (everything else discarded): (hands, discards) overrides."""
    hands = {FELLOWSHIP: [f_card], SAURON: [s_card]}
    discards = {FELLOWSHIP: [c for c in FULL_HAND[FELLOWSHIP] if c != f_card],
                SAURON: [c for c in FULL_HAND[SAURON] if c != s_card]}
    return hands, discards


# ---------------------------------------------------------------------------------------------- looking

def players(state) -> dict:
    return R.view(state, None)["players"]


def pid(state, who: str) -> str:
    """A player id from a side name or a player id."""
    if who in (FELLOWSHIP, SAURON):
        return players(state)[who]
    return who


def view(state, who=None):
    return R.view(state, None if who is None else pid(state, who))


def decision(state) -> dict:
    return view(state)["decision"]


def kind(state) -> str:
    return decision(state)["kind"]


def result(state):
    return R.result(state)


def own_pieces(state, side: str) -> list[dict]:
    return [p for p in view(state, side)["pieces"] if p["side"] == side]


def piece(state, character: str) -> dict | None:
    """The piece of a character as its owner sees it (None when it is not on the board)."""
    for p in own_pieces(state, side_of(character)):
        if p["character"] == character:
            return p
    return None


def token(state, character: str) -> str:
    p = piece(state, character)
    assert p is not None, f"{character} is not on the board"
    return p["token"]


token_of = token


def where(state, character: str) -> str | None:
    p = piece(state, character)
    return None if p is None else p["region"]


def on_board(state, character: str) -> bool:
    return piece(state, character) is not None


def seen_by(state, viewer_side: str, character: str) -> dict:
    """How `viewer_side` sees the piece of `character` (which belongs to either side)."""
    t = token(state, character)
    for p in view(state, viewer_side)["pieces"]:
        if p["token"] == t:
            return p
    raise AssertionError(f"{viewer_side} does not see piece {t}")


def knows(state, viewer_side: str, character: str) -> bool:
    return seen_by(state, viewer_side, character)["character"] == character


def defeated(state, side: str | None = None):
    d = view(state)["defeated"]
    return d if side is None else d[side]


def hand(state, side: str) -> list[str]:
    return view(state, side)["hand"]


def discards(state, side: str) -> list[str]:
    return view(state)["discards"][side]


def log(state) -> list[dict]:
    return view(state)["log"]


def events(state, type_: str) -> list[dict]:
    return [e for e in log(state) if e["type"] == type_]


def last_strength(state) -> dict | None:
    ev = events(state, "strength")
    return ev[-1] if ev else None


def combat(state, who=None):
    return view(state, who)["combat"]


# ---------------------------------------------------------------------------------------------- acting

def legal(state, side: str) -> list[dict]:
    return R.legal_actions(state, pid(state, side))


def legal_of_type(state, side: str, type_: str) -> list[dict]:
    return [a for a in legal(state, side) if a.get("type") == type_]


def play(state, who: str, action: dict):
    """Apply for a side or player id; returns (state, events)."""
    return R.apply(state, pid(state, who), action)


def act(state, who: str, action: dict):
    return play(state, who, action)[0]


def move(state, character: str, to: str):
    return act(state, side_of(character), {"type": "move", "piece": token(state, character), "to": to})


def move_targets(state, character: str) -> set[str]:
    """Regions the character's piece may move to now (from legal_actions)."""
    t = token(state, character)
    return {a["to"] for a in legal(state, side_of(character))
            if a.get("type") == "move" and a.get("piece") == t}


def can_move(state, character: str, to: str) -> bool:
    return to in move_targets(state, character)


def refused(state, who: str, action) -> IllegalAction:
    """The action raises IllegalAction and the state is left exactly as it was."""
    before = R.dump(state)
    snapshot = copy.deepcopy(state)
    with pytest.raises(IllegalAction) as info:
        R.apply(state, pid(state, who) if isinstance(who, str) else who, action)
    assert R.dump(state) == before
    assert state == snapshot
    return info.value


def refused_move(state, character: str, to: str) -> IllegalAction:
    assert not can_move(state, character, to), f"{character} -> {to} is listed as legal"
    return refused(state, side_of(character),
                   {"type": "move", "piece": token(state, character), "to": to})


NEUTRAL = {
    "fellowship_text": {"type": "proceed"},
    "sauron_text": {"type": "proceed"},
    "gandalf_help": {"type": "gandalf_help", "use": False},
    "saruman_force": {"type": "force_change", "use": False},
    "mouth": {"type": "mouth", "use": False},
    "balrog": {"type": "balrog", "use": False},
}


def advance(state, stop=()):
    """Answer every decision that has a 'nothing special' answer, until another decision or the end."""
    for _ in range(100):
        if R.result(state) is not None:
            return state
        d = decision(state)
        if d["kind"] in stop or d["kind"] not in NEUTRAL:
            return state
        state = act(state, d["sides"][0], NEUTRAL[d["kind"]])
    raise AssertionError("advance() did not settle")


def advance_to(state, wanted: str):
    state = advance(state, stop=(wanted,))
    assert kind(state) == wanted, f"expected decision {wanted!r}, got {decision(state)!r}"
    return state


def do_until_cards(state):
    return advance_to(state, "cards")


def cards(state, f_card: str | None, s_card: str | None, *, magic=None):
    """Both sides choose their combat card. When the game asks Sauron alone first (Gandalf Classic),
    Sauron plays first and the Fellowship then; `magic` = {side: card} answers Magic decisions met
    before the Fellowship has chosen."""
    assert kind(state) == "cards", decision(state)
    d = decision(state)
    if d["sides"] == [SAURON]:
        state = act(state, SAURON, {"type": "card", "card": s_card})
        if magic and kind(state) == "magic" and decision(state)["sides"] == [SAURON]:
            state = act(state, SAURON, {"type": "magic", "card": magic[SAURON]})
        assert kind(state) == "cards" and decision(state)["sides"] == [FELLOWSHIP], decision(state)
        return act(state, FELLOWSHIP, {"type": "card", "card": f_card})
    state = act(state, FELLOWSHIP, {"type": "card", "card": f_card})
    return act(state, SAURON, {"type": "card", "card": s_card})


def resolve_magic(state, side: str, card: str):
    state = advance_to(state, "magic")
    assert decision(state)["sides"] == [side], decision(state)
    return act(state, side, {"type": "magic", "card": card})


def fight(state, f_card, s_card):
    state = do_until_cards(state)
    state = cards(state, f_card, s_card)
    return advance(state)


def attack(state, character: str, to: str, target: str | None = None):
    """Move into an enemy region; when the game asks for a target, pick `target`."""
    state = move(state, character, to)
    if target is not None:
        state = advance_to(state, "target")
        state = act(state, side_of(character), {"type": "attack", "piece": token(state, target)})
    return state


def turn_of(state) -> str:
    return view(state)["turn"]


def is_move_for(state, side: str) -> bool:
    d = decision(state)
    return d["kind"] == "move" and d["sides"] == [side]


def retreat_targets(state, side: str) -> set[str]:
    return {a["to"] for a in legal(state, side) if a.get("type") == "retreat"}


def types_of(state, side: str) -> set[str]:
    return {a.get("type") for a in legal(state, side)}


# ---------------------------------------------------------------------------------------------- random play

def _my_characters(v) -> list[str]:
    side = v["you"]
    mode = v["options"].get("mode", "classic")
    if mode == "classic":
        return CLASSIC_F if side == FELLOWSHIP else CLASSIC_S
    if mode == "variant":
        return VARIANT_F if side == FELLOWSHIP else VARIANT_S
    return list(v["draft"][side])


def random_placement(v, rng) -> dict:
    chars = list(_my_characters(v))
    rng.shuffle(chars)
    side = v["you"]
    front = (["arthedain", "cardolan", "rhudaur", "eregion", "enedwaith"] if side == FELLOWSHIP
             else ["gondor", "dagorlad", "fangorn", "mirkwood", "rohan"])
    home = _HOME[side]
    return {c: (home if i < 4 else front[i - 4]) for i, c in enumerate(chars)}


def random_draft(v, rng) -> list[str]:
    side = v["you"]
    classic = CLASSIC_F if side == FELLOWSHIP else CLASSIC_S
    variant = VARIANT_F if side == FELLOWSHIP else VARIANT_S
    return [rng.choice([a, b]) for a, b in zip(classic, variant)]


def random_action(state, player, rng, shuffle_rate=0.02):
    """A random legal action for `player` (setup and draft are generated, the rest from legal_actions)."""
    v = R.view(state, player)
    k = v["decision"]["kind"]
    if k == "setup":
        return {"type": "place", "placement": random_placement(v, rng)}
    if k == "draft":
        return {"type": "draft", "characters": random_draft(v, rng)}
    acts = R.legal_actions(state, player)
    main = [a for a in acts if a.get("type") != "shuffle"]
    shuffles = [a for a in acts if a.get("type") == "shuffle"]
    if shuffles and (not main or rng.random() < shuffle_rate):
        return rng.choice(shuffles)
    assert main, f"{player} is waited for at {k!r} but has no legal action"
    return rng.choice(main)


def random_steps(state, rng, max_steps=4000, on_step=None):
    """Play random legal actions until the game (or match) ends; returns (state, steps)."""
    for step in range(max_steps):
        if R.result(state) is not None:
            return state, step
        waiting = R.waiting_for(state)
        assert waiting, "nobody to play but no result"
        player = rng.choice(sorted(waiting))
        action = random_action(state, player, rng)
        new, evs = R.apply(state, player, action)
        if on_step is not None:
            on_step(state, player, action, new, evs)
        state = new
    raise AssertionError(f"no result after {max_steps} steps")


def play_until(state, rng, stop, max_steps=4000):
    """Random legal play until stop(state) is true."""
    for _ in range(max_steps):
        if stop(state):
            return state
        player = rng.choice(sorted(R.waiting_for(state)))
        state = R.apply(state, player, random_action(state, player, rng))[0]
    raise AssertionError("play_until did not reach its goal")
