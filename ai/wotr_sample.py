"""Hidden states a War of the Ring player cannot tell from the true one: the determinizations a search
plays out (as engine/confrontation/sampler.py for The Confrontation).

`sample(view, rng)` rebuilds a whole state from one player's view alone. What the view shows is kept;
every secret is drawn at random among the values that agree with it: the hands the viewer does not see
(the cards of each side not in its discard pile, on the table or in a hand the viewer holds, split
between the hidden hands and the decks by the public deck sizes), the order of the four decks, a
combat card chosen in secret (the viewer's own is its view's `battle.mine`) or a card offered to a teammate
(from its owner's drawn hand), and the random generator (which also decides the Hunt's draws, the dice and
the random casualties). The
Fellowship's position and progress are public in this engine, so a Shadow viewer learns nothing more
of it. So `view(sample(v, rng), viewer) == v` for every sample (tests/wotr/test_sample.py).

A few public facts are not fields of the view; they are worked out from its log: whether the guide was
changed this turn, whether the Ring-bearers moved or hid on the Mordor track this turn, whether a Free
Peoples die moved the Fellowship last turn (the Hunt allocation's minimum), and in a team game how many
dice each side used this turn (whose turn it is within the team).

What the view does not give: the decisions waiting *beneath* the one shown (the state's `ask` stack).
They are public (everyone saw them opened) but the view shows only the top. In the draw phase they
follow from the rules and the hands, and `sample` rebuilds them; elsewhere (a reveal waiting behind a
Hunt's damage, a battle behind the Witch-king's draw, an event card's second half behind a move: about
1-2% of a game's decisions) `sample` leaves them out, so a search playing on from such a sample
finishes the decision shown and then goes on as if nothing were waiting. Knowledge a log event gives
about a hidden hand (Worn with Sorrow and Toil finding no Character card) is not used either.
"""
from __future__ import annotations

from engine.kernel import Rng
from engine.wotr.battle import playable_combat_cards
from engine.wotr.cards.decks import DECKS
from engine.wotr.seats import SEAT_SIDE, hand_limit, leader, seats, team
from engine.wotr.state import CARDS, FP, GAME, SH, SIDES, VERSION, deep_copy

# The four decks as dealt: {side: {deck: [cards]}}.
_ALL: dict[str, dict[str, list[str]]] = {
    side: {deck: sorted(c for c, d in CARDS.items() if d["side"] == side and d["deck"] == deck) for deck in DECKS}
    for side in SIDES}
_PLACES = frozenset({None, "fellowship", "eliminated", "replaced"})   # a character's place that is no region


def _this_turn(log: list) -> list[dict]:
    """The events since the turn began."""
    for i in range(len(log) - 1, -1, -1):
        if log[i]["type"] == "turn_start":
            return log[i:]
    return log


def _last_turn(log: list) -> list[dict]:
    """The events of the turn before this one."""
    starts = [i for i, e in enumerate(log) if e["type"] == "turn_start"][-2:]
    return log[starts[0]:starts[1]] if len(starts) == 2 else []


def _moved_by_die(events: list[dict]) -> bool:
    return any(e["type"] == "die_used" and e["side"] == FP and e["action"] == "move_fellowship" for e in events)


def _fellowship(view: dict, turn: list[dict]) -> dict:
    f = deep_copy(view["fellowship"])
    # The guide changed in the Fellowship phase (before the allocation), by the Free Peoples' own choice.
    before_hunt = turn[:next((i for i, e in enumerate(turn) if e["type"] == "hunt_allocation"), len(turn))]
    f["guide_changed"] = any(e["type"] == "guide" for e in before_hunt)
    # On the Mordor track this turn: a move, or a hide after entering.
    since = turn[next((i for i in range(len(turn) - 1, -1, -1) if turn[i]["type"] == "mordor_entered"), 0):]
    f["mordor_moved"] = f["mordor"] is not None and any(
        e["type"] in ("mordor_move", "fellowship_hidden") for e in since)
    return f


def _hands(view: dict, seat_list: list[str], me: str | None, rng: Rng) -> tuple[dict, dict]:
    """Every hand and deck: the viewer's hand as shown, the others and the decks' order drawn."""
    cards = view["cards"]
    hands: dict[str, list[str]] = {seat: [] for seat in seat_list}
    decks: dict[str, dict[str, list[str]]] = {}
    if me is not None:
        hands[me] = list(cards["hand"])
    for side in SIDES:
        hidden = [seat for seat in seat_list if SEAT_SIDE.get(seat, seat) == side and seat != me]
        seen = set(cards["discards"][side]) | set(cards["table"][side]) | set(hands[me] if me else ())
        to_hands: list[str] = []
        decks[side] = {}
        for deck in DECKS:
            unseen = [c for c in _ALL[side][deck] if c not in seen]
            size = cards["decks"][side][deck]
            if len(unseen) < size:
                raise ValueError(f"{side}'s {deck} deck is larger than its unseen cards")
            rng.shuffle(unseen)
            decks[side][deck] = unseen[:size]
            to_hands += unseen[size:]
        if len(to_hands) != sum(cards["hand_sizes"][seat] for seat in hidden):
            raise ValueError(f"{side}'s unseen cards do not match its hands and decks")
        rng.shuffle(to_hands)
        for seat in hidden:
            n = cards["hand_sizes"][seat]
            hands[seat], to_hands = sorted(to_hands[:n]), to_hands[n:]
    return hands, decks


def _draw_phase_stack(s: dict, top: dict, turn: list[dict]) -> list[dict]:
    """The decisions of the draw phase still waiting beneath `top` (decks.draw_phase's stack, bottom
    first): the teams' exchanges, the players yet to choose a deck, then the discards down to the limit."""
    below: list[dict] = []
    everyone = seats(s)
    if len(everyone) > 2:
        for side in (SH, FP):        # the Shadow's exchange at the bottom; an exchange under way is the top
            if len(team(s, side)) == 2 and (top["kind"] != "exchange" or (top["side"] == FP and side == SH)):
                below.append({"kind": "exchange", "side": side, "seat": leader(s, side), "offered": None})
        drew = {e.get("seat") for e in turn if e["type"] == "card_drawn"}
        choosers = [seat for seat in everyone if s["turn"] > 1 and len(team(s, SEAT_SIDE[seat])) == 2
                    and all(s["decks"][SEAT_SIDE[seat]].values()) and seat not in drew
                    and not (top["kind"] == "draw_deck" and top["seat"] == seat)]
        if top["kind"] != "exchange":
            below += [{"kind": "draw_deck", "side": SEAT_SIDE[seat], "seat": seat} for seat in reversed(choosers)]
    if top["kind"] == "discard":
        mine = top.get("seat", top["side"])
        over = [seat for seat in everyone if seat != mine and len(s["hands"][seat]) > hand_limit(s, seat)]
        below += [{"kind": "discard", "side": SEAT_SIDE.get(seat, seat), **({"seat": seat} if len(everyone) > 2 else {})}
                  for seat in reversed(over)]
    return below


def sample(view: dict, rng: Rng) -> dict:
    """A full state consistent with `view` (a player's view while the game waits for a decision), its
    secrets drawn from `rng`."""
    d = view["decision"]
    if d is None or view["result"] is not None:
        raise ValueError("a state is sampled from a view that waits for a decision")
    team_game = "seats" in view
    players = list(view["seats"].values()) if team_game else [view["players"][FP], view["players"][SH]]
    seat_list = list(view["seats"]) if team_game else list(SIDES)
    me = view["seat"] if team_game else view["you"]
    log = list(view["log"])
    turn = _this_turn(log)
    hands, decks = _hands(view, seat_list, me, rng)
    politics = {n: {"step": p["step"], "active": p["active"]} for n, p in view["politics"].items()}
    places = view["characters"]
    h = view["hunt"]
    s: dict = {
        "game": GAME, "version": VERSION, "players": players, "rng": rng.next64(),
        "turn": view["turn"], "phase": view["phase"], "ask": [],
        "active": view["active"] or FP, "result": None, "history": log, "log": [],
        "units": deep_copy(view["armies"]), "captured": dict(view["captured"]),
        "reinforcements": deep_copy(view["reinforcements"]), "politics": politics,
        "chars": {c: p for c, p in places.items() if p not in _PLACES},
        "eliminated": sorted(c for c, p in places.items() if p in ("eliminated", "replaced")),
        "fellowship": _fellowship(view, turn),
        "hunt": {"pool": list(h["pool"]), "drawn": list(h["drawn"]), "removed": list(h["removed"]),
                 "specials": list(h["specials_waiting"]), "box": dict(h["box"]),
                 "fp_box_last_turn": int(_moved_by_die(_last_turn(log)))},
        "dice": deep_copy(view["dice"]), "dice_count": dict(view["dice_count"]),
        "rings": dict(view["rings"]), "ring_used": dict(view["ring_used"]),
        "abilities_used": list(view["abilities_used"]),
        "hands": hands, "discards": deep_copy(view["cards"]["discards"]), "table": deep_copy(view["cards"]["table"]),
        "decks": decks,
    }
    if team_game:
        s["acts"] = {side: sum(1 for e in turn if e["type"] in ("die_used", "passed") and e["side"] == side)
                     for side in SIDES}
    top = {k: deep_copy(v) for k, v in d.items() if k not in ("player", "actions")}
    if not team_game:
        top.pop("seat", None)
    if "chosen" in top:          # combat cards chosen in secret: each a card its owner may play, or none
        s["ask"] = [top]
        top["chosen"] = {side: None for side in top["chosen"]}
        for side in top["chosen"]:
            top["chosen"][side] = rng.choice(playable_combat_cards(s, top, side) + [None])
        battle = view.get("battle") or {}
        if "mine" in battle:     # the viewer's own choice, which its view names
            top["chosen"][view["you"]] = battle["mine"]
    if top.get("offered") is True:   # a card offered to the viewer's teammate, or by the viewer's opponent
        top["offered"] = rng.choice(hands[top["by"]])
    elif top.get("offered") is False:
        top["offered"] = None
    if view["phase"] == "draw" and top["kind"] in ("discard", "draw_deck", "exchange"):
        s["ask"] = _draw_phase_stack(s, top, turn)
    else:
        s["ask"] = []
    s["ask"].append(top)
    return s
