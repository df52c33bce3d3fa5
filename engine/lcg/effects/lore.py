"""Lore: Denethor, Glorfindel, Beravor and the Lore player cards."""
from __future__ import annotations

from ..board import heal
from ..flow import push, task
from ..state import active_players, draw, emit, forget_deck, info
from . import action, attached_flags, attached_modifier, attachment, event, plain, response
from .common import (
    chars,
    choose,
    discard_attachment,
    engaged_enemies,
    heroes,
    lasting,
    ready_,
    self_event,
    staging_of,
)

plain()


def look_encounter(s: dict, player: str) -> None:
    if s["edeck"]:
        top = s["edeck"][-1]
        s["seen"][player]["encounter"] = {"uid": top, "id": s["ids"][top]}
        emit(s, "looked", player=player, at="encounter")


# ---- heroes --------------------------------------------------------------------------------------

@action("denethor", when=lambda s, c: ready_(s, c["card"]) and s["edeck"])
def _denethor(s: dict, c: dict) -> None:
    s["inplay"][c["card"]]["exhausted"] = True
    look_encounter(s, c["player"])
    choose(s, c["player"], "move_to_bottom", ["bottom"], _denethor_to_bottom, optional=True)


@task("denethor.bottom")
def _denethor_to_bottom(s: dict, t: dict) -> None:
    if s["edeck"]:
        s["edeck"].insert(0, s["edeck"].pop())
        for seen in s["seen"].values():
            seen.pop("encounter", None)
        emit(s, "moved_to_bottom", deck="encounter")


def _damaged(s: dict) -> list[str]:
    return [u for u in chars(s) if s["inplay"][u]["dmg"] > 0]


@action("glorfindel", limit=("round", 1), when=lambda s, c: s["inplay"][c["card"]]["res"] >= 1 and _damaged(s))
def _glorfindel(s: dict, c: dict) -> None:
    s["inplay"][c["card"]]["res"] -= 1
    choose(s, c["player"], "heal_character", _damaged(s), _heal_chosen, amount=1)


@task("heal_chosen")
def _heal_chosen(s: dict, t: dict) -> None:
    heal(s, t["choice"], t.get("amount"))


@action("beravor", limit=("round", 1), when=lambda s, c: ready_(s, c["card"]))
def _beravor(s: dict, c: dict) -> None:
    s["inplay"][c["card"]]["exhausted"] = True
    choose(s, c["player"], "choose_player", active_players(s), _draw_chosen, count=2)


@task("draw_chosen")
def _draw_chosen(s: dict, t: dict) -> None:
    if not s["players"][t["choice"]]["out"]:
        draw(s, t["choice"], t["count"])


# ---- allies --------------------------------------------------------------------------------------

def _damaged_heroes(s: dict) -> list[str]:
    return [u for u in heroes(s) if s["inplay"][u]["dmg"] > 0]


@action("daughter_of_the_nimrodel", when=lambda s, c: ready_(s, c["card"]) and _damaged_heroes(s))
def _daughter(s: dict, c: dict) -> None:
    s["inplay"][c["card"]]["exhausted"] = True
    choose(s, c["player"], "heal_hero", _damaged_heroes(s), _heal_chosen, amount=2)


def _discarded_attachments(s: dict) -> list[str]:
    out = []
    for p in active_players(s):
        atts = [u for u in s["players"][p]["discard"] if info(s, u)["type"] == "attachment"]
        if atts:
            out.append(p)
    return out


@response("erebor_hammersmith", "enters",
          when=lambda s, c: self_event(c) and c["ev"].get("played") and _discarded_attachments(s))
def _hammersmith(s: dict, c: dict) -> None:
    choose(s, c["player"], "choose_player", _discarded_attachments(s), _hammersmith_player_chosen)


@task("hammersmith.return")
def _hammersmith_player_chosen(s: dict, t: dict) -> None:
    p = s["players"][t["choice"]]
    atts = [u for u in p["discard"] if info(s, u)["type"] == "attachment"]
    if atts:
        uid = atts[-1]
        p["discard"].remove(uid)
        p["hand"].append(uid)
        emit(s, "returned_to_hand", player=t["choice"], card=uid, id=s["ids"][uid])


@action("henamarth_riversong", when=lambda s, c: ready_(s, c["card"]) and s["edeck"])
def _henamarth(s: dict, c: dict) -> None:
    s["inplay"][c["card"]]["exhausted"] = True
    look_encounter(s, c["player"])


def _conditions(s: dict) -> list[str]:
    return [u for u, r in s["inplay"].items() if r["zone"] == "attached"
            and ("condition" in info(s, u)["traits"] or r["id"] == "caught_in_a_web")]


@response("miner_of_the_iron_hills", "enters", when=lambda s, c: self_event(c) and _conditions(s))
def _miner(s: dict, c: dict) -> None:
    choose(s, c["player"], "discard_attachment", _conditions(s), discard_attachment)


@action("gleowine", when=lambda s, c: ready_(s, c["card"]))
def _gleowine(s: dict, c: dict) -> None:
    s["inplay"][c["card"]]["exhausted"] = True
    choose(s, c["player"], "choose_player", active_players(s), _draw_chosen, count=1)


# ---- events --------------------------------------------------------------------------------------

@event("lore_of_imladris", when=lambda s, c: _damaged(s))
def _imladris(s: dict, c: dict) -> None:
    choose(s, c["player"], "heal_character", _damaged(s), _heal_chosen)


@event("loriens_wealth")
def _wealth(s: dict, c: dict) -> None:
    choose(s, c["player"], "choose_player", active_players(s), _draw_chosen, count=3)


@event("radagasts_cunning", phases=("quest",), when=lambda s, c: staging_of(s, "enemy"))
def _radagast(s: dict, c: dict) -> None:
    choose(s, c["player"], "choose_enemy", staging_of(s, "enemy"), _no_threat)


@event("secret_paths", phases=("quest",), when=lambda s, c: staging_of(s, "location"))
def _secret_paths(s: dict, c: dict) -> None:
    choose(s, c["player"], "choose_location", staging_of(s, "location"), _no_threat)


@task("no_threat")
def _no_threat(s: dict, t: dict) -> None:
    lasting(s, "phase", t["choice"], flag="no_threat")


def _search_x(s: dict, c: dict) -> list[int]:
    most = max((len(s["players"][p]["deck"]) for p in active_players(s)), default=0)
    return list(range(1, min(most, 5) + 1))


@event("gandalfs_search", x_cost=_search_x,
       when=lambda s, c: any(len(s["players"][p]["deck"]) >= c.get("x", 1) for p in active_players(s)))
def _search(s: dict, c: dict) -> None:
    opts = [p for p in active_players(s) if len(s["players"][p]["deck"]) >= c["x"]]
    choose(s, c["player"], "choose_player", opts, _search_deck_chosen, player=c["player"], x=c["x"])


@task("gandalfs_search.look")
def _search_deck_chosen(s: dict, t: dict) -> None:
    deck = s["players"][t["choice"]]["deck"]
    top = deck[-t["x"]:][::-1]
    choose(s, t["player"], "card_to_hand", top, _search_card_taken, named=True, owner=t["choice"],
           player=t["player"], looked=top)


@task("gandalfs_search.take")
def _search_card_taken(s: dict, t: dict) -> None:
    p = s["players"][t["owner"]]
    looked = t.get("looked") or p["deck"][-5:][::-1]
    if t["choice"] in p["deck"]:
        p["deck"].remove(t["choice"])
        p["hand"].append(t["choice"])
        emit(s, "searched", player=t["player"], owner=t["owner"])
    rest = [u for u in looked if u in p["deck"]]
    push(s, _search_order, owner=t["owner"], player=t["player"], rest=rest, placed=[])


@task("gandalfs_search.order")
def _search_order(s: dict, t: dict) -> None:
    """The rest go back on top in the order the player chooses: one card at a time, from the top down."""
    rest, placed = t["rest"], t["placed"]
    if len(rest) > 1:
        choose(s, t["player"], "deck_order", rest, _search_place, named=True, owner=t["owner"],
               player=t["player"], rest=rest, placed=placed)
        return
    order = [u for u in placed + rest if u in s["players"][t["owner"]]["deck"]]  # top first
    deck = s["players"][t["owner"]]["deck"]
    for u in order:
        deck.remove(u)
    deck.extend(reversed(order))
    forget_deck(s, t["owner"])
    s["seen"][t["player"]]["deck:" + t["owner"]] = [s["ids"][u] for u in order]


@task("gandalfs_search.place")
def _search_place(s: dict, t: dict) -> None:
    push(s, _search_order, owner=t["owner"], player=t["player"],
         rest=[u for u in t["rest"] if u != t["choice"]], placed=t["placed"] + [t["choice"]])


@event("beorns_hospitality")
def _hospitality(s: dict, c: dict) -> None:
    choose(s, c["player"], "choose_player", active_players(s), _hospitality_player_chosen)


@task("beorns_hospitality.do")
def _hospitality_player_chosen(s: dict, t: dict) -> None:
    for h in heroes(s, t["choice"]):
        heal(s, h)


# ---- attachments ---------------------------------------------------------------------------------

attachment("forest_snare", targets=lambda s, c: engaged_enemies(s))
attached_flags("forest_snare", "cannot_attack")
attachment("protector_of_lorien", targets=lambda s, c: heroes(s))


@action("protector_of_lorien", limit=("phase", 3), when=lambda s, c: bool(s["players"][c["player"]]["hand"]))
def _protector(s: dict, c: dict) -> None:
    choose(s, c["player"], "discard_from_hand", list(s["players"][c["player"]]["hand"]), _protector_card_discarded,
           player=c["player"], card=c["card"])


@task("protector.discard")
def _protector_card_discarded(s: dict, t: dict) -> None:
    from .spirit import discard_from_hand
    discard_from_hand(s, t["player"], t["choice"])
    choose(s, t["player"], "boost_stat", ["defense", "willpower"], _protector_stat_chosen, card=t["card"])


@task("protector.boost")
def _protector_stat_chosen(s: dict, t: dict) -> None:
    if t["card"] in s["inplay"]:
        lasting(s, "phase", s["inplay"][t["card"]]["on"], t["choice"], 1)


attachment("dark_knowledge", targets=lambda s, c: heroes(s))
attached_modifier("dark_knowledge", lambda s, a, h, stat: -1 if stat == "willpower" else 0)


@response("dark_knowledge", "shadow_dealt",
          when=lambda s, c: ready_(s, c["card"]) and c["ev"].get("player") == c["player"])
def _dark_knowledge(s: dict, c: dict) -> None:
    s["inplay"][c["card"]]["exhausted"] = True
    s["seen"][c["player"]]["shadow:" + c["ev"]["card"]] = s["ids"][c["ev"]["card"]]
    emit(s, "looked", player=c["player"], at="shadow")


attachment("self_preservation", targets=lambda s, c: chars(s))


@action("self_preservation",
        when=lambda s, c: ready_(s, c["card"]) and s["inplay"][s["inplay"][c["card"]]["on"]]["dmg"] > 0)
def _self_pres(s: dict, c: dict) -> None:
    s["inplay"][c["card"]]["exhausted"] = True
    heal(s, s["inplay"][c["card"]]["on"], 2)
