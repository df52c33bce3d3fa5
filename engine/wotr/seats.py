"""Seats: who plays what in the 2-, 3- and 4-player games (docs/wotr.md, "3 and 4 players").

The rules stay per side (every decision on `s["ask"]` names its side); this layer says which player of a
side makes each decision, which nations and minions each player controls, and whose hand is meant.

Seats follow `s["players"]` in order and are derived from their number (nothing new is saved, so a
2-player save loads as it was):

    2 players: free_peoples, shadow              (seat = side, as before)
    3 players: free_peoples, witch_king, saruman (one person plays the Free Peoples)
    4 players: gondor, rohan, witch_king, saruman

In a team (two seats on a side) the leading player is the first seat on turn 1 and the role passes to
the teammate at each later turn; the side's action dice are used in turn, the player who is not leading
first. Hands are kept per seat (`s["hands"][seat]`), 4 cards at most in a team, 6 for a side's only seat.
"""
from __future__ import annotations

from engine.options.wotr import SEATS
from engine.wotr.state import FP, FP_NATIONS, SH, SH_NATIONS, SIDES, units_of

SEAT_SIDE = {FP: FP, SH: SH, "gondor": FP, "rohan": FP, "witch_king": SH, "saruman": SH}
SEAT_NATIONS = {FP: FP_NATIONS, SH: SH_NATIONS, "gondor": ("gondor", "elves"),
                "rohan": ("rohan", "north", "dwarves"), "witch_king": ("sauron",),
                "saruman": ("isengard", "southrons")}
# The minions each Shadow seat brings into play and moves (the Nazgûl fly for either Shadow player).
MINION_SEAT = {"witch_king": "witch_king", "mouth_of_sauron": "witch_king", "saruman": "saruman"}
TEAM_HAND_LIMIT = 4
SOLO_HAND_LIMIT = 6
# Decisions the leading player of a side makes (p.45+ as we read it): the Fellowship phase, the Hunt
# allocation, and what the Hunt does to the Fellowship.
LEADER_KINDS = frozenset({"fellowship_phase", "allocate", "hunt_damage", "choose_guide", "reveal_move"})
# Decisions about one army (its `region`), made by the player controlling it: the excess over the stacking
# limit, the hits a card scores on it, the retreat Dead Men of Dunharrow forces on it.
ARMY_KINDS = frozenset({"remove_excess", "card_casualties", "dead_men_retreat"})


def seats(s: dict) -> tuple[str, ...]:
    return SEATS[len(s["players"])]


# {number of players: {side: its seats}} (asked at every action: a table, not a filter)
_TEAMS = {n: {side: tuple(seat for seat in order if SEAT_SIDE[seat] == side) for side in SIDES}
          for n, order in SEATS.items()}


def team(s: dict, side: str) -> tuple[str, ...]:
    return _TEAMS[len(s["players"])][side]


def is_team_game(s: dict) -> bool:
    return len(s["players"]) > 2


def seat_of(s: dict, player) -> str | None:
    for p, seat in zip(s["players"], seats(s)):
        if p == player:
            return seat
    return None


def player_of(s: dict, seat: str) -> str:
    return s["players"][seats(s).index(seat)]


def leader(s: dict, side: str) -> str:
    """The side's leading player: the first seat on turn 1, then the teammate, and so on."""
    t = team(s, side)
    return t[(max(s["turn"], 1) - 1) % len(t)]


def next_actor(s: dict, side: str) -> str:
    """Whose turn it is to use one of the side's dice: the player who is not leading first, then in turn."""
    t = team(s, side)
    if len(t) == 1:
        return t[0]
    return t[(t.index(leader(s, side)) + 1 + s["acts"][side]) % 2]


def count_act(s: dict, side: str) -> None:
    """A die of the side used (or a pass): the turn to use the next one goes to the teammate."""
    if "acts" in s:
        s["acts"][side] += 1


def controls_nation(seat: str, nation: str) -> bool:
    return nation in SEAT_NATIONS[seat]


def army_controller(s: dict, region: str, side: str) -> str:
    """The player who moves, attacks with and fights for the side's army in `region`: the one with
    more army units there, then more Elites, then the leading player (a mixed army)."""
    t = team(s, side)
    if len(t) == 1:
        return t[0]
    here = units_of(s, region, side)

    def weight(seat: str) -> tuple[int, int, int]:
        mine = [u for n, u in here.items() if n in SEAT_NATIONS[seat]]
        return (sum(u.get("regular", 0) + u.get("elite", 0) for u in mine), sum(u.get("elite", 0) for u in mine),
                seat == leader(s, side))
    return max(t, key=weight)


def decider(s: dict, ask: dict) -> str:
    """The seat that makes the decision `ask`."""
    side = ask["side"]
    if len(s["players"]) == 2:              # the 2-player game: the seat is the side
        return side
    t = team(s, side)
    if len(t) == 1:
        return t[0]
    if ask["kind"] in LEADER_KINDS:
        return leader(s, side)
    if "seats" in ask:                      # a battle: each side's player for it
        return ask["seats"][side]
    if ask["kind"] in ARMY_KINDS:
        return army_controller(s, ask["region"], side)
    return ask.get("seat") or leader(s, side)


def acting_seat(s: dict, side: str) -> str:
    """The seat meant by `side` now: the player playing an action of that side (`s["actor"]`, set while
    an action is played), else who decides the open decision for it, else the leading player."""
    actor = s.get("actor")
    if actor is not None and SEAT_SIDE[actor] == side:
        return actor
    if s["ask"]:
        top = s["ask"][-1]
        if "seats" in top:
            return top["seats"][side]
        if top["side"] == side:
            return decider(s, top)
    return leader(s, side) if is_team_game(s) else side


def hand(s: dict, who: str) -> list:
    """A seat's hand; given a side, the hand of the seat acting for it now (acting_seat). The list is the
    state's own: change it only on apply's copy."""
    return s["hands"][who if who in s["hands"] else acting_seat(s, who)]


def hand_limit(s: dict, seat: str) -> int:
    return TEAM_HAND_LIMIT if len(team(s, SEAT_SIDE[seat])) > 1 else SOLO_HAND_LIMIT


def battle_seats(s: dict, attacker: str, defended: str) -> dict | None:
    """Who decides for each side in a battle of a team game: the attacking player, and the controller of
    the army attacked; None in the 2-player game."""
    if not is_team_game(s):
        return None
    return {attacker: s.get("actor") or leader(s, attacker),
            **{side: army_controller(s, defended, side) for side in SIDES if side != attacker}}

