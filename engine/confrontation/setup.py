"""Before the first move: special cards, the draft, and the secret placement of the pieces."""
from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import combinations, permutations, product

from engine.kernel import IllegalAction, Rng
from engine.options.confrontation import DEFAULTS, MODES, SPECIAL_CARDS

from . import turns
from .action_types import ConfrontationAction, Place
from .board import FELLOWSHIP, FRONT, HOME, SAURON, SIDES
from .state import FRODO, FULL_HAND, SPECIALS, TILES, emit

F, S = FELLOWSHIP, SAURON


def normalise_options(options) -> dict:
    if options is None:
        options = {}
    if not isinstance(options, dict) or set(options) - set(DEFAULTS):
        raise IllegalAction("bad_option", options=options)
    out = {**DEFAULTS, **options}
    if out["mode"] not in MODES or out["special_cards"] not in SPECIAL_CARDS or not isinstance(out["match"], bool):
        raise IllegalAction("bad_option", options=options)
    return out


def new_state(players, options, seed) -> dict:
    if (not isinstance(players, (list, tuple)) or len(players) != 2 or len(set(players)) != 2
            or not all(isinstance(p, str) and p for p in players)):
        raise IllegalAction("bad_players", players=players)
    s = {
        "game": "confrontation", "version": 1, "options": normalise_options(options),
        "players": list(players), "sides": {F: players[0], S: players[1]},
        "rng": Rng.from_seed(seed), "games": [], "log": [], "result": None,
        "decision": {"id": 0, "kind": "new", "sides": []},
    }
    start_game(s)
    return s


def start_game(s: dict, swap: bool = False) -> None:
    """Set up one game of the match (the second one with the sides swapped)."""
    if swap:
        s["sides"] = {F: s["sides"][S], S: s["sides"][F]}
    s.update({
        "pieces": [], "hands": {side: list(FULL_HAND[side]) for side in SIDES},
        "discards": {F: [], S: []}, "defeated": {F: [], S: []},
        "specials": {side: {"held": [], "used": []} for side in SIDES},
        "draft": {F: None, S: None}, "placed": {F: None, S: None}, "combat": None, "forced": None,
        "pre_move": None, "palantir": [], "ring_bearer": None, "last_move": None, "turn": None,
        "turn_number": 0, "next_token": {F: 10, S: 10},
    })
    how = s["options"]["special_cards"]
    if how == "choose":
        s["phase"] = "specials"
        turns.set_decision(s, "choose_specials", [F, S])
    elif how == "announce":
        s["phase"] = "specials"
        turns.set_decision(s, "announce_specials", [F])
    else:
        to_draft(s)


def to_draft(s: dict) -> None:
    if s["options"]["mode"] in ("draft", "hidden_draft"):
        s["phase"] = "draft"
        turns.set_decision(s, "draft", [F, S])
    else:
        s["phase"] = "setup"
        turns.set_decision(s, "setup", [F, S])


def characters(s: dict, side: str) -> list[str]:
    mode = s["options"]["mode"]
    if mode in ("draft", "hidden_draft"):
        return list(s["draft"][side])
    face = 0 if mode == "classic" else 1
    return [pair[face] for pair in TILES[side].values()]


def done(s: dict, side: str) -> bool:
    """Drop `side` from a simultaneous decision; True once nobody is left to answer it."""
    left = [x for x in s["decision"]["sides"] if x != side]
    s["decision"] = dict(s["decision"], sides=left)
    return not left


# ---- actions --------------------------------------------------------------------------------------

def choose_specials(s: dict, side: str, action: dict) -> None:
    cards = action.get("cards")
    if (not isinstance(cards, list) or len(cards) != 2 or len(set(map(str, cards))) != 2
            or not set(cards) <= set(SPECIALS[side])):
        raise IllegalAction("bad_specials", cards=cards)
    s["specials"][side]["held"] = sorted(cards)
    emit(s, "specials_chosen", side=side)
    if done(s, side):
        to_draft(s)


def announce_specials(s: dict, side: str, action: dict) -> None:
    n = action.get("count")
    if type(n) is not int or not 0 <= n <= 4:
        raise IllegalAction("bad_count", count=n)
    rng = Rng(s["rng"])
    for x in SIDES:
        pool = list(SPECIALS[x])
        rng.shuffle(pool)
        s["specials"][x]["held"] = sorted(pool[:n])
    s["rng"] = rng.state
    emit(s, "specials_dealt", count=n, fellowship=s["specials"][F]["held"], sauron=s["specials"][S]["held"])
    to_draft(s)


def draft(s: dict, side: str, action: dict) -> None:
    picks = action.get("characters")
    tiles = TILES[side]
    if (not isinstance(picks, list) or len(picks) != len(tiles)
            or sorted(next((t for t, pair in tiles.items() if c in pair), "?") for c in picks) != sorted(tiles)):
        raise IllegalAction("bad_draft", characters=picks)
    s["draft"] = dict(s["draft"], **{side: list(picks)})
    emit(s, "drafted", side=side)
    if done(s, side):
        if s["options"]["mode"] == "draft":
            emit(s, "drafts_shown", fellowship=s["draft"][F], sauron=s["draft"][S])
        s["phase"] = "setup"
        turns.set_decision(s, "setup", [F, S])


def place(s: dict, side: str, action: dict) -> None:
    placement = action.get("placement")
    if not valid_placement(placement, characters(s, side), side):
        raise IllegalAction("bad_placement", placement=placement)
    s["placed"] = dict(s["placed"], **{side: dict(placement)})
    emit(s, "placed", side=side)
    if done(s, side):
        deploy(s, [(c, r) for side_ in SIDES for c, r in s["placed"][side_].items()])
        emit(s, "game_started", first=SAURON)
        turns.start_turn(s, SAURON)


def valid_placement(placement, chars: list[str], side: str) -> bool:
    if not isinstance(placement, dict) or sorted(placement) != sorted(chars):
        return False
    regions = list(placement.values())
    return regions.count(HOME[side]) == 4 and all(regions.count(r) == 1 for r in FRONT[side])


def deploy(s: dict, pairs: list[tuple[str, str]]) -> None:
    """Put the pieces on the board with tokens drawn at random, so a token says nothing of who it is."""
    from .state import SIDE_OF

    rng = Rng(s["rng"])
    for side in SIDES:
        mine = [(c, r) for c, r in pairs if SIDE_OF[c] == side]
        rng.shuffle(mine)
        prefix = side[0]
        for n, (char, region) in enumerate(mine, start=1):
            s["pieces"].append({"token": f"{prefix}{n}", "side": side, "char": char, "region": region,
                                "revealed": False, "known": False, "permanent": False})
    s["rng"] = rng.state
    s["next_token"] = {side: 10 for side in SIDES}  # a piece brought back later is f10, f11...
    s["ring_bearer"] = next((c for c, _ in pairs if c in FRODO), None)
    s["phase"] = "play"


# ---- the choices, listed (the kernel's legal_actions) ---------------------------------------------

def special_choices(side: str) -> list[ConfrontationAction]:
    return [{"type": "choose_specials", "cards": list(c)} for c in combinations(SPECIALS[side], 2)]


@cache
def _drafts(side: str) -> tuple:
    return tuple(list(c) for c in product(*TILES[side].values()))


def draft_choices(side: str) -> list[ConfrontationAction]:
    return [{"type": "draft", "characters": list(c)} for c in _drafts(side)]


@cache
def _layouts(side: str) -> tuple:
    """The 15,120 ways to fill the setup regions with nine pieces, as region tuples by piece index."""
    out = []
    for home in combinations(range(9), 4):
        rest = [i for i in range(9) if i not in home]
        for order in permutations(rest):
            regions = [HOME[side]] * 9
            for i, r in zip(order, FRONT[side]):
                regions[i] = r
            out.append(tuple(regions))
    return tuple(out)


class Placements(Sequence[Place]):
    """Every legal placement of these characters, built on demand: a list of 15,120 dicts per player
    would cost more than the whole rest of a game."""

    def __init__(self, side: str, chars: list[str]):
        self.side, self.chars = side, tuple(chars)

    def __len__(self) -> int:
        return len(_layouts(self.side))

    def __getitem__(self, i):
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(len(self)))]
        return {"type": "place", "placement": dict(zip(self.chars, _layouts(self.side)[i]))}

    def __contains__(self, action) -> bool:
        return (isinstance(action, dict) and set(action) == {"type", "placement"} and action["type"] == "place"
                and valid_placement(action["placement"], list(self.chars), self.side))


def placement_choices(s: dict, side: str) -> Placements:
    return Placements(side, characters(s, side))
