"""Hidden states a player cannot tell from the true one: the determinizations an information-set
search plays out (docs/kernel.md, the optional `sample`).

`sample(view, rng)` rebuilds a whole state from one player's view alone: what the view shows is kept,
and every secret (the opponent's unknown pieces, their hand, their face-down combat card, their special
cards when secret, the random generator) is drawn at random among the values that agree with it. So
`view(sample(v), v["you"]) == v` for every sample, and a search that only sees samples never learns
more than the player it plays for.
"""
from __future__ import annotations

from engine.kernel import Rng

from .board import ENEMY, FELLOWSHIP, SIDES
from .state import FRODO, FULL_HAND, SPECIALS, TILES


def _without(pool: list, taken: list) -> list:
    """A multiset difference that keeps the order of `pool`."""
    rest = list(taken)
    out = []
    for x in pool:
        if x in rest:
            rest.remove(x)
        else:
            out.append(x)
    return out


def _enemy_lineup(view: dict, foe: str, shown: list[str], rng: Rng) -> list[str]:
    """The characters the enemy's unknown pieces hold, in a random order. In a hidden draft each tile
    nobody has seen yet gets one of its two faces at random."""
    mode = view["options"]["mode"]
    taken = shown + view["defeated"][foe]
    if mode == "hidden_draft":
        seen_tiles = {t for t, pair in TILES[foe].items() if any(c in pair for c in taken)}
        lineup = [pair[rng.below(2)] for t, pair in TILES[foe].items() if t not in seen_tiles]
    else:
        if mode == "draft":
            full = list(view["draft"][foe])
        else:
            face = 0 if mode == "classic" else 1
            full = [pair[face] for pair in TILES[foe].values()]
        lineup = _without(full, taken)
    rng.shuffle(lineup)
    return lineup


def _token_order(token: str) -> tuple:
    # The order pieces take in a real state: the deployed Fellowship pieces, Sauron's, then any piece
    # brought back later (f10, f11...), which is appended at the end.
    n = int(token[1:])
    return n >= 10, token[0], n


def sample(view: dict, rng: Rng) -> dict:
    """A full state consistent with `view` (a player's view during play), secrets drawn from `rng`."""
    me = view["you"]
    if me is None or view["phase"] != "play":
        raise ValueError("a state is sampled from a player's view during play")
    foe = ENEMY[me]
    book = view["bookkeeping"]
    pieces = [{"token": p["token"], "side": p["side"], "char": p["character"], "region": p["region"],
               "revealed": p["revealed"], "known": p["known"], "permanent": p["permanent"]}
              for p in sorted(view["pieces"], key=lambda p: _token_order(p["token"]))]
    shown = [p["char"] for p in pieces if p["side"] == foe and p["char"] is not None]
    lineup = _enemy_lineup(view, foe, shown, rng)
    unknown = [p for p in pieces if p["char"] is None]
    if len(unknown) != len(lineup):
        raise ValueError("the view's pieces do not match the enemy's characters")
    for p, ch in zip(unknown, lineup):
        p["char"] = ch
    foe_chars = [p["char"] for p in pieces if p["side"] == foe] + view["defeated"][foe]

    combat = None
    foe_card = None
    unseen = _without(FULL_HAND[foe], view["discards"][foe])
    if book["combat"] is not None:
        vc = view["combat"]
        combat = dict(book["combat"], cards=dict(vc["cards"]))
        combat["stages"] = list(combat["stages"])
        if vc["cards"][foe] is not None:
            unseen = _without(unseen, [vc["cards"][foe]])
        elif vc["chosen"][foe]:
            # A card chosen face down: any unseen card but the one Saruman forced back to the hand.
            choices = [c for c in unseen if not (foe == FELLOWSHIP and c == combat["forbidden"])]
            foe_card = choices[rng.below(len(choices))]
            unseen = _without(unseen, [foe_card])
            combat["cards"][foe] = foe_card
    if len(unseen) != view["hand_sizes"][foe]:
        raise ValueError("the enemy's hand size does not match the cards not seen")

    specials = {}
    for side in SIDES:
        sp = view["specials"][side]
        held = sp["held"]
        if held is None:
            pool = [c for c in SPECIALS[side] if c not in sp["used"]]
            rng.shuffle(pool)
            held = sorted(pool[:sp["count"]])
        specials[side] = {"held": list(held), "used": list(sp["used"])}

    ring_bearer = view["ring_bearer"]
    if ring_bearer is None:
        ring_bearer = next(c for c in foe_chars if c in FRODO)
    draft: dict[str, list | None] = {x: None for x in SIDES}
    if "draft" in view:  # the enemy's picks are secret only in a hidden draft
        draft = {x: list(d) if d is not None else sorted(foe_chars, key=_tile_order(foe))
                 for x, d in view["draft"].items()}
    match = view["match"]
    return {
        "game": "confrontation", "version": 1, "options": dict(view["options"]),
        "players": list(match["scores"]) if match else [view["players"][s] for s in SIDES],
        "sides": dict(view["players"]), "rng": rng.next64(), "games": list(match["games"]) if match else [],
        "log": list(view["log"]), "result": view["result"], "phase": view["phase"],
        "decision": {"id": view["decision"]["id"], "kind": view["decision"]["kind"],
                     "sides": list(view["decision"]["sides"]), **book["decision"]},
        "pieces": pieces,
        "hands": {me: list(view["hand"]), foe: unseen},
        "discards": {x: list(view["discards"][x]) for x in SIDES},
        "defeated": {x: list(view["defeated"][x]) for x in SIDES},
        "specials": specials, "draft": draft, "placed": {x: {} for x in SIDES}, "combat": combat,
        "forced": book["forced"], "pre_move": dict(book["pre_move"]) if book["pre_move"] else None,
        "palantir": list(book["palantir"]), "ring_bearer": ring_bearer,
        "last_move": dict(view["last_move"]) if view["last_move"] else None,
        "turn": view["turn"], "turn_number": view["turn_number"], "next_token": dict(book["next_token"]),
    }


def _tile_order(side: str):
    order = {c: i for i, pair in enumerate(TILES[side].values()) for c in pair}
    return order.__getitem__
