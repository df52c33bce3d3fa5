"""Hand-built Confrontation views following docs/confrontation.md ("The view"), for the render tests."""
from __future__ import annotations

import copy

# Mid-game: Sauron's Witch-king attacks Frodo in Fangorn; the Fellowship has chosen its card, Sauron not yet.
# Pieces as Sauron's opponent (the public) sees them: hidden unless revealed or known.
_PIECES = [
    # token, side, region, character (as the Fellowship player knows them), revealed
    ("f1", "fellowship", "the_shire", "pippin", False),
    ("f2", "fellowship", "fangorn", "frodo", True),
    ("f3", "fellowship", "eregion", "gandalf", False),
    ("f4", "fellowship", "the_shire", "merry", False),
    ("f5", "fellowship", "arthedain", "aragorn", False),
    ("f6", "fellowship", "cardolan", "gimli", False),
    ("f7", "fellowship", "caradhras", "legolas", False),
    ("f8", "fellowship", "eregion", "sam", False),
    ("s1", "sauron", "mordor", "orcs", False),
    ("s2", "sauron", "fangorn", "witch_king", True),
    ("s3", "sauron", "mordor", "shelob", False),
    ("s4", "sauron", "gondor", "cave_troll", False),
    ("s5", "sauron", "dagorlad", "flying_nazgul", False),
    ("s6", "sauron", "rohan", "saruman", False),
    ("s7", "sauron", "mordor", "balrog", False),
    ("s9", "sauron", "gap_of_rohan", "black_rider", False),
]


def _pieces(viewer_side: str | None, known: frozenset[str] | set[str] = frozenset()) -> list[dict]:
    out = []
    for token, side, region, character, revealed in _PIECES:
        sees = revealed or side == viewer_side or token in known
        out.append({"token": token, "side": side, "region": region, "character": character if sees else None,
                    "revealed": revealed, "known": sees and side != viewer_side})
    return out


def mid_game(viewer_side: str | None = None) -> dict:
    """Public (None) or private ("fellowship" / "sauron") view of the same mid-game state."""
    view: dict = {
        "game": "confrontation", "options": {"mode": "classic", "special_cards": "choose", "match": False},
        "phase": "play",
        "players": {"fellowship": "111", "sauron": "222"},
        "you": viewer_side,
        "turn": "sauron", "turn_number": 7,
        "decision": {"id": 31, "kind": "cards", "waiting_for": ["222"], "sides": ["sauron"]},
        "pieces": _pieces(viewer_side, known={"s5"}),
        "hand_sizes": {"fellowship": 6, "sauron": 5},
        "discards": {"fellowship": ["strength_2", "elven_cloak"], "sauron": ["strength_6", "eye_of_sauron", "strength_1"]},
        "defeated": {"fellowship": ["boromir"], "sauron": ["warg"]},
        "specials": {"fellowship": {"held": None, "count": 2, "used": []},
                     "sauron": {"held": None, "count": 1, "used": ["palantir"]}},
        "setup_done": {"fellowship": True, "sauron": True},
        "combat": {"region": "fangorn", "attacker": "s2", "defender": "f2", "step": "cards",
                   "cards": {"fellowship": None, "sauron": None},
                   "chosen": {"fellowship": True, "sauron": False},
                   "strength": None},
        "last_move": {"piece": "s2", "from": "mirkwood", "to": "fangorn"},
        "ring_bearer": "frodo" if viewer_side == "fellowship" else None,
        "match": None,
        "log": [],
        "result": None,
    }
    if viewer_side == "fellowship":
        view["hand"] = ["strength_1", "strength_3", "strength_4", "magic", "noble_sacrifice", "retreat"]
        view["specials"]["fellowship"]["held"] = ["shadowfax", "gwaihir_the_windlord"]
    elif viewer_side == "sauron":
        view["hand"] = ["strength_2", "strength_3", "strength_4", "strength_5", "retreat"]
        view["specials"]["sauron"]["held"] = ["recall_to_mordor"]
    return view


def cards_revealed() -> dict:
    """The same fight a moment later: cards shown and strengths compared."""
    view = mid_game(None)
    view["decision"] = {"id": 33, "kind": "move", "waiting_for": ["222"], "sides": ["sauron"]}
    view["combat"].update({"step": "strength", "cards": {"fellowship": "noble_sacrifice", "sauron": "strength_5"},
                           "strength": {"fellowship": 1, "sauron": 10}})
    return view


def both_chosen() -> dict:
    """Both combat cards chosen, not yet shown."""
    view = mid_game(None)
    view["decision"] = {"id": 32, "kind": "fellowship_text", "waiting_for": ["111"], "sides": ["fellowship"]}
    view["combat"]["chosen"] = {"fellowship": True, "sauron": True}
    return view


def crowded() -> dict:
    """Four Sauron pieces in the Shire against the last hobbit, and both sides full in Mordor."""
    view = mid_game(None)
    view["combat"] = {"region": "the_shire", "attacker": "s1", "defender": "f1", "step": "cards",
                      "cards": {"fellowship": None, "sauron": None},
                      "chosen": {"fellowship": False, "sauron": False}, "strength": None}
    view["decision"] = {"id": 50, "kind": "cards", "waiting_for": ["111", "222"], "sides": ["fellowship", "sauron"]}
    view["last_move"] = {"piece": "s1", "from": "arthedain", "to": "the_shire"}
    pieces = [{"token": f"s{i}", "side": "sauron", "region": "the_shire", "character": None,
               "revealed": False, "known": False} for i in range(1, 5)]
    pieces[0].update(character="witch_king", revealed=True)
    pieces.append({"token": "f1", "side": "fellowship", "region": "the_shire", "character": "pippin",
                   "revealed": True, "known": False})
    pieces += [{"token": f"f{i}", "side": "fellowship", "region": "mordor", "character": None,
                "revealed": False, "known": False} for i in range(2, 6)]
    pieces += [{"token": f"s{i}", "side": "sauron", "region": "mordor", "character": None,
                "revealed": False, "known": False} for i in range(5, 9)]
    pieces += [{"token": "f6", "side": "fellowship", "region": "rohan", "character": "treebeard", "revealed": False,
                "known": True},
               {"token": "s9", "side": "sauron", "region": "rohan", "character": "mouth_of_sauron",
                "revealed": True, "known": False},
               {"token": "f7", "side": "fellowship", "region": "rohan", "character": None, "revealed": False,
                "known": False}]
    view["pieces"] = pieces
    view["defeated"] = {"fellowship": ["boromir", "merry", "sam", "gimli", "legolas", "aragorn", "gandalf"],
                        "sauron": ["cave_troll", "balrog", "flying_nazgul", "orcs", "black_rider"]}
    view["discards"] = {"fellowship": ["strength_1", "strength_2", "strength_3", "strength_4", "strength_5",
                                       "magic", "noble_sacrifice", "elven_cloak"],
                        "sauron": ["strength_1", "strength_2", "strength_3", "strength_4", "strength_5",
                                   "strength_6", "magic", "eye_of_sauron"]}
    return view


def game_over() -> dict:
    view = cards_revealed()
    view.update(phase="over", decision=None, combat=None,
                result={"winner": "222", "side": "sauron", "reason": "frodo_defeated", "points": 0})
    view["pieces"] = [p for p in view["pieces"] if p["token"] != "f2"]
    view["defeated"]["fellowship"].append("frodo")
    return view


def setup_phase() -> dict:
    view = mid_game(None)
    view.update(phase="setup", turn=None, turn_number=0, combat=None, last_move=None, pieces=[],
                decision={"id": 2, "kind": "setup", "waiting_for": ["111"], "sides": ["fellowship"]},
                discards={"fellowship": [], "sauron": []}, defeated={"fellowship": [], "sauron": []})
    return view


def match_over() -> dict:
    """The end of a two-game match, drawn in the draft mode (both drafts shown)."""
    view = game_over()
    view["options"].update(mode="draft", match=True)
    view["match"] = {"game": 2, "scores": {"111": 3, "222": 4}, "games": []}
    view["result"] = {"winner": "222", "reason": "match", "scores": {"111": 3, "222": 4}, "games": []}
    view["draft"] = {"fellowship": ["frodo", "sam_v", "gandalf", "aragorn_v", "smeagol", "legolas", "theoden",
                                    "merry", "treebeard"],
                     "sauron": ["orcs_v", "saruman", "flying_nazgul", "witch_king_v", "wormtongue", "balrog",
                                "gollum", "black_rider", "the_watcher"]}
    return view


ALL = {"mid_game": mid_game, "cards_revealed": cards_revealed, "both_chosen": both_chosen, "crowded": crowded,
       "game_over": game_over, "setup_phase": setup_phase, "match_over": match_over}


def sample(name: str) -> dict:
    return copy.deepcopy(ALL[name]())
