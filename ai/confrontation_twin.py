"""A lean twin of The Confrontation's rules for search playouts: Classic mode, no special cards, one game.

The rules engine (engine/confrontation/) stays the reference. This twin plays the same game on a compact
state (regions as numbers, pieces as parallel lists, counts per region kept up to date, actions as
tuples), applies actions in place, never re-validates them and writes no log. It follows the engine's
fight stages one by one, leaving out those that cannot happen in Classic mode without special cards
(Saruman's forced change, the Mouth of Sauron, Gandalf's help, Wormtongue, the Palantir...).
`Twin.of(state)` refuses (raises Unsupported) any other mode, special cards or a match, and the search
then plays through engine/confrontation/search.py instead. tests/ai/test_confrontation_twin.py plays
thousands of seeded random games through both and compares every legal-action list and every result.
"""
from __future__ import annotations

from typing import Any

from engine.confrontation.board import (
    BACKWARD, CAPACITY, FELLOWSHIP, FORWARD, HOME, REGIONS, SAURON, SIDEWAYS, STEP, TUNNEL,
)
from engine.confrontation.state import CARD_VALUE, STRENGTH

F, S = 0, 1
SIDE_NAMES = (FELLOWSHIP, SAURON)
IDX = {r: i for i, r in enumerate(REGIONS)}
NR = len(REGIONS)
CAP = tuple(CAPACITY[r] for r in REGIONS)


def _table(t: dict) -> tuple:
    return tuple(tuple(tuple(IDX[d] for d in t[side][r]) for r in REGIONS) for side in SIDE_NAMES)


FWD, BACK, SIDEW, STEPS = _table(FORWARD), _table(BACKWARD), _table(SIDEWAYS), _table(STEP)
# Aragorn's neighbours in the engine's order (forward, backward, sideways; each once).
AROUND = tuple(tuple(tuple(dict.fromkeys(FWD[k][r] + BACK[k][r] + SIDEW[k][r])) for r in range(NR))
               for k in (F, S))
SHIRE, MORDOR, GONDOR, CARADHRAS = IDX[HOME[FELLOWSHIP]], IDX[HOME[SAURON]], IDX["gondor"], IDX["caradhras"]
TUNNEL_I = (IDX[TUNNEL[0]], IDX[TUNNEL[1]])
CLASSIC_F = frozenset({"frodo", "sam", "gandalf", "aragorn", "pippin", "legolas", "gimli", "merry", "boromir"})
TEXT_CARDS = frozenset({"magic", "noble_sacrifice", "elven_cloak", "retreat", "eye_of_sauron"})
VALUE = tuple({k: v or 0 for k, v in CARD_VALUE[name].items()} for name in SIDE_NAMES)
SPECIAL_MOVERS = frozenset({"aragorn", "witch_king", "flying_nazgul", "black_rider"})
AUTO_DEFEATS = {("merry", "witch_king"), ("legolas", "flying_nazgul"), ("gimli", "orcs")}
OPENING = ("f_text", "f_auto", "s_auto", "s_text", "cards")
VS_GANDALF = ["reveal", "magic_s", "pick_f", "reveal", "magic_f", "text_s", "text_f", "strength"]
ORDINARY = ["reveal", "magic_s", "magic_f", "text_s", "text_f", "strength"]
WAIT = True


class Unsupported(ValueError):
    """A position the twin does not cover (another mode, special cards, a match)."""


class _Over(Exception):
    pass


class Twin:
    __slots__ = ("sides", "side", "char", "reg", "known", "alive", "cnt", "hands", "discards", "defeated",
                 "turn", "kind", "waiting", "c", "result", "walker", "tokens")
    sides: dict[str, str]
    side: list[int]  # per piece, in the engine's order (removed pieces keep their index)
    char: list[str]
    tokens: list[str]
    reg: list[int]
    known: list[bool]  # the enemy knows what it is
    alive: list[int]  # indices of the pieces on the board, in the engine's order
    cnt: tuple[list[int], list[int]]  # pieces per region, per side
    hands: list[list[str]]
    discards: list[list[str]]
    defeated: list[list[str]]
    turn: int
    kind: str
    waiting: list[int]
    c: Any  # the fight, as the engine's combat dict with numbers for pieces, regions and sides
    result: dict | None
    walker: int  # the piece the Balrog may stop

    @classmethod
    def of(cls, s: dict) -> Twin:
        """The twin of an engine state in play (a full state, e.g. one drawn by the sampler)."""
        o = s["options"]
        if o["mode"] != "classic" or o["special_cards"] != "none" or o["match"] or s["phase"] != "play":
            raise Unsupported("the twin plays Classic mode without special cards, one game, in play")
        if s["ring_bearer"] != "frodo" or s["pre_move"] or s["forced"] or s["palantir"]:
            raise Unsupported("state outside Classic play")
        t = cls()
        t.sides = s["sides"]
        ps = s["pieces"]
        t.side = [F if p["side"] == FELLOWSHIP else S for p in ps]
        t.char = [p["char"] for p in ps]
        t.tokens = [p["token"] for p in ps]
        t.reg = [IDX[p["region"]] for p in ps]
        t.known = [p["known"] or p["revealed"] for p in ps]
        t.alive = list(range(len(ps)))
        t.cnt = ([0] * NR, [0] * NR)
        for i in t.alive:
            t.cnt[t.side[i]][t.reg[i]] += 1
        t.hands = [list(s["hands"][k]) for k in SIDE_NAMES]
        t.discards = [list(s["discards"][k]) for k in SIDE_NAMES]
        t.defeated = [list(s["defeated"][k]) for k in SIDE_NAMES]
        t.turn = F if s["turn"] == FELLOWSHIP else S
        d = s["decision"]
        t.kind = d["kind"]
        t.waiting = [F if x == FELLOWSHIP else S for x in d["sides"]]
        tok = {p["token"]: i for i, p in enumerate(ps)}
        t.walker = tok.get(d.get("piece"), -1)
        t.result = s["result"]
        c = s["combat"]
        t.c = None
        if c is not None:
            t.c = dict(c, attacker=tok.get(c["attacker"], -1), side=F if c["side"] == FELLOWSHIP else S,
                       region=IDX[c["region"]], frm=IDX[c["from"]], f=tok.get(c["f"], -1),
                       s=tok.get(c["s"], -1), shelob=tok.get(c["shelob"], -1), stages=list(c["stages"]),
                       cards=[c["cards"][FELLOWSHIP], c["cards"][SAURON]],
                       chosen=[c["chosen"][FELLOWSHIP], c["chosen"][SAURON]])
            if c["forbidden"] or c["worm"] or c["help"]:
                raise Unsupported("a Variant fight")
        return t

    # ---- what may be done -------------------------------------------------------------------------

    def legal(self, k: int) -> list[tuple]:
        """The actions of side k (0 Fellowship, 1 Sauron) at the decision now."""
        kind = self.kind
        if k not in self.waiting:
            return []
        c = self.c
        if kind == "move":
            side, moves = self.side, self.moves
            return [("move", i, d) for i in self.alive if side[i] == k for d in moves(i)]
        if kind == "cards":
            return [("card", x) for x in dict.fromkeys(self.hands[k])]
        if kind == "target":
            r = c["region"]
            return [("attack", i) for i in self.alive if self.side[i] != k and self.reg[i] == r]
        if kind == "fellowship_text":
            return self.f_text_options() + [("proceed",)]
        if kind == "sauron_text":
            return self.s_text_options() + [("proceed",)]
        if kind == "magic":
            return [("magic", x) for x in dict.fromkeys(self.discards[k])]
        if kind == "retreat_card":
            return [("retreat", r) for r in (self.s_card_refuges() if k == S else self.f_card_refuges())]
        if kind == "balrog":
            here = any(self.char[i] == "balrog" and self.reg[i] == CARADHRAS for i in self.alive)
            return [("balrog", True), ("balrog", False)] if here else [("balrog", False)]
        raise Unsupported(kind)

    def moves(self, i: int) -> list[int]:
        k, r, ch = self.side[i], self.reg[i], self.char[i]
        own = self.cnt[k]
        dests = [d for d in FWD[k][r] if own[d] < CAP[d]]
        if ch not in SPECIAL_MOVERS:
            return dests
        foe = self.cnt[1 - k]
        if ch == "aragorn":
            extra = [d for d in AROUND[k][r] if foe[d] and own[d] < CAP[d]]
        elif ch == "witch_king":
            extra = [d for d in SIDEW[k][r] if foe[d] and own[d] < CAP[d]]
        elif ch == "flying_nazgul":
            extra = [d for d in range(NR) if d != r and foe[d] == 1 and own[d] == 0]
        else:
            extra = [d for d, n in self._chain(k, r).items() if n > 1 and foe[d] and own[d] < CAP[d]]
        return dests + [d for d in extra if d not in dests]

    def _chain(self, k: int, r: int) -> dict[int, int]:
        own, foe = self.cnt[k], self.cnt[1 - k]
        seen: dict[int, int] = {}
        frontier, steps = [r], 0
        while frontier:
            steps += 1
            nxt = []
            for x in frontier:
                for d in STEPS[k][x]:
                    if d not in seen:
                        seen[d] = steps
                        if not foe[d] and own[d] < CAP[d]:
                            nxt.append(d)
            frontier = nxt
        return seen

    def can_move(self, k: int) -> bool:
        side, reg, char, own, fwd = self.side, self.reg, self.char, self.cnt[k], FWD[k]
        for i in self.alive:
            if side[i] == k:
                if any(own[d] < CAP[d] for d in fwd[reg[i]]):
                    return True
                if char[i] in SPECIAL_MOVERS and self.moves(i):
                    return True
        return False

    def open_region(self, k: int, r: int) -> bool:
        return not self.cnt[1 - k][r] and self.cnt[k][r] < CAP[r]

    # ---- applying an action -----------------------------------------------------------------------

    def step(self, k: int, a: tuple) -> None:
        """Apply a legal action of side k in place."""
        try:
            getattr(self, "on_" + self.kind)(k, a)
        except _Over:
            pass

    def on_move(self, k: int, a: tuple) -> None:
        _, i, to = a
        frm = self.reg[i]
        if k == F and (frm, to) == TUNNEL_I and self.balrog_may_wait():
            self.kind, self.waiting, self.walker = "balrog", [S], i
            return
        self.arrive(i, frm, to)

    def balrog_may_wait(self) -> bool:
        if "balrog" in self.defeated[S]:
            return False
        return any(self.side[i] == S and self.reg[i] == CARADHRAS and (not self.known[i] or self.char[i] == "balrog")
                   for i in self.alive)

    def on_balrog(self, k: int, a: tuple) -> None:
        w = self.walker
        if a[1]:
            b = next(i for i in self.alive if self.reg[i] == CARADHRAS and self.side[i] == S
                     and self.char[i] == "balrog")
            self.known[b] = True
            self.remove(w)
            self.end_turn()
        else:
            self.arrive(w, self.reg[w], IDX["fangorn"])

    def place(self, i: int, to: int) -> None:
        cnt = self.cnt[self.side[i]]
        cnt[self.reg[i]] -= 1
        cnt[to] += 1
        self.reg[i] = to

    def arrive(self, i: int, frm: int, to: int) -> None:
        self.place(i, to)
        if self.char[i] == "frodo" and to == MORDOR:
            self.game_over(F, "ring_bearer_in_mordor")
        if self.cnt[1 - self.side[i]][to]:
            self.c = {"region": to, "attacker": i, "side": self.side[i], "frm": frm,
                      "sideways": to in SIDEW[S][frm] or frm in SIDEW[S][to], "first": True}
            self.fresh_fight()
            self.next_fight()
        else:
            self.end_turn()

    def end_turn(self) -> None:
        self.c = None
        if self.cnt[S][SHIRE] >= 3:
            self.game_over(S, "three_in_shire")
        k = self.turn = 1 - self.turn
        self.kind, self.waiting = "move", [k]
        if not self.can_move(k):
            self.game_over(1 - k, "no_move")

    def game_over(self, k: int, reason: str) -> None:
        name = SIDE_NAMES[k]
        points = sum(1 for i in self.alive if self.side[i] == k)
        self.result = {"winner": self.sides[name], "side": name, "reason": reason, "points": points}
        self.c = None
        self.kind, self.waiting = "over", []
        raise _Over

    def remove(self, i: int) -> None:
        self.alive.remove(i)
        k = self.side[i]
        self.cnt[k][self.reg[i]] -= 1
        self.defeated[k].append(self.char[i])
        if self.char[i] == "frodo":
            self.game_over(S, "frodo_defeated")

    # ---- fights -----------------------------------------------------------------------------------

    def fresh_fight(self) -> None:
        self.c.update(f=-1, s=-1, stages=[], cards=[None, None], chosen=[False, False], shown=False,
                      no_cards=False, sam_bonus=False, cloak=False, retreated=None, shelob=-1)

    def next_fight(self) -> None:
        c = self.c
        att, r = c["attacker"], c["region"]
        foes = [i for i in self.alive if self.side[i] != c["side"] and self.reg[i] == r]
        if att not in self.alive or self.reg[att] != r or not foes:
            self.end_turn()
        elif len(foes) == 1:
            self.begin_fight(foes[0])
        else:
            self.kind, self.waiting = "target", [c["side"]]

    def on_target(self, k: int, a: tuple) -> None:
        self.begin_fight(a[1])

    def begin_fight(self, target: int) -> None:
        c = self.c
        att = c["attacker"]
        self.fresh_fight()
        c["f"], c["s"] = (att, target) if c["side"] == F else (target, att)
        c["stages"] = list(OPENING)
        self.known[att] = self.known[target] = True
        self.run()

    def run(self) -> None:
        c = self.c
        while c is not None and c["stages"]:
            if getattr(self, "stage_" + c["stages"].pop(0))():
                return
            c = self.c

    def fight_over(self) -> bool:
        c = self.c
        c["stages"] = []
        hands, discards = self.hands, self.discards
        for k in (F, S):
            if c["cards"][k]:
                discards[k].append(c["cards"][k])
        if not hands[F] or not hands[S]:
            for k in (F, S):
                if not hands[k]:
                    hands[k], discards[k] = discards[k], []
        sh = c["shelob"]
        if sh in self.alive and self.reg[sh] != GONDOR:
            if self.cnt[S][GONDOR] >= 2 or self.cnt[F][GONDOR]:
                self.remove(sh)
            else:
                self.place(sh, GONDOR)
        self.fresh_fight()
        c["first"] = False
        self.next_fight()
        return WAIT

    def defeat(self, i: int, by: int) -> None:
        if self.char[by] == "shelob" and self.side[i] == F:
            self.c["shelob"] = by
        self.remove(i)

    def retreat(self, i: int, to: int) -> None:
        self.place(i, to)
        c = self.c
        c["retreated"] = self.side[i] if c["retreated"] is None else "both"

    def f_attacking(self) -> bool:
        return self.c["side"] == F

    def friends(self) -> list[int]:
        c = self.c
        return [i for i in self.alive if self.side[i] == F and self.reg[i] == c["region"] and i != c["f"]]

    def f_text_options(self) -> list[tuple]:
        c = self.c
        fp, sp = c["f"], c["s"]
        if self.char[sp] == "warg":
            return []
        ch, r = self.char[fp], self.reg[fp]
        dests: list[int] | tuple[int, ...] = ()
        if ch == "frodo" and not self.f_attacking():
            dests = list(SIDEW[F][r])
            if self.char[sp] == "witch_king" and c["sideways"] and c["frm"] not in dests:
                dests.append(c["frm"])
        elif ch == "pippin" and self.f_attacking():
            dests = BACK[F][r]
        opts: list[tuple] = [("retreat", d) for d in dests if self.open_region(F, d)]
        friends = self.friends()
        if ch == "frodo" and not self.f_attacking() and c["first"]:
            opts += [("sam_replace",) for i in friends if self.char[i] == "sam"]
        if ch == "sam" and not c["sam_bonus"] and any(self.char[i] == "frodo" for i in friends):
            opts.append(("reveal_frodo",))
        return opts

    def f_text_cover(self) -> bool:
        c = self.c
        ch = self.char[c["f"]]
        if ch not in ("frodo", "sam"):
            return False
        possible = CLASSIC_F.difference(self.defeated[F])
        if not any(not self.known[i] for i in self.friends()):
            return False
        if ch == "frodo":
            return not self.f_attacking() and c["first"] and "sam" in possible
        return "frodo" in possible

    def stage_f_text(self) -> bool:
        if self.char[self.c["s"]] == "warg":
            return False
        if self.f_text_options() or self.f_text_cover():
            self.kind, self.waiting = "fellowship_text", [F]
            return WAIT
        return False

    def on_fellowship_text(self, k: int, a: tuple) -> None:
        c = self.c
        t = a[0]
        if t == "retreat":
            self.retreat(c["f"], a[1])
            self.fight_over()
            return
        if t == "sam_replace":
            sam = next(i for i in self.friends() if self.char[i] == "sam")
            self.known[sam] = True
            c["f"] = sam
            c["sam_bonus"] = True
        elif t == "reveal_frodo":
            frodo = next(i for i in self.friends() if self.char[i] == "frodo")
            self.known[frodo] = True
            c["sam_bonus"] = True
        self.run()

    def stage_f_auto(self) -> bool:
        c = self.c
        fp, sp = c["f"], c["s"]
        ch, foe = self.char[fp], self.char[sp]
        if foe == "warg":
            return False
        if (ch, foe) in AUTO_DEFEATS:
            self.defeat(sp, fp)
            return self.fight_over()
        if ch == "boromir":
            self.defeat(sp, fp)
            self.defeat(fp, sp)
            return self.fight_over()
        return False

    def stage_s_auto(self) -> bool:
        c = self.c
        if self.char[c["s"]] == "orcs" and c["side"] == S and c["first"]:
            self.defeat(c["f"], c["s"])
            return self.fight_over()
        return False

    def s_text_options(self) -> list[tuple]:
        c = self.c
        return [("no_cards",)] if self.char[c["s"]] == "saruman" and not c["no_cards"] else []

    def stage_s_text(self) -> bool:
        if self.s_text_options():
            self.kind, self.waiting = "sauron_text", [S]
            return WAIT
        return False

    def on_sauron_text(self, k: int, a: tuple) -> None:
        if a[0] == "no_cards":
            self.c["no_cards"] = True
        self.run()

    def stage_cards(self) -> bool:
        c = self.c
        if c["no_cards"]:
            c["stages"] = ["strength"]
            return False
        if self.char[c["f"]] == "gandalf" and self.char[c["s"]] != "warg":
            c["stages"] = list(VS_GANDALF)
            self.kind, self.waiting = "cards", [S]
        else:
            c["stages"] = list(ORDINARY)
            self.kind, self.waiting = "cards", [F, S]
        return WAIT

    def on_cards(self, k: int, a: tuple) -> None:
        c = self.c
        self.hands[k].remove(a[1])
        c["cards"][k] = a[1]
        c["chosen"][k] = True
        self.waiting = [x for x in self.waiting if x != k]
        if not self.waiting:
            self.run()

    def stage_nothing(self) -> bool:
        """Stages of Variant characters and special cards: nothing to do in Classic mode."""
        return False

    stage_saruman_force = stage_mouth = stage_gandalf_help = stage_nothing

    def stage_pick_f(self) -> bool:
        self.kind, self.waiting = "cards", [F]
        return WAIT

    def stage_reveal(self) -> bool:
        self.c["shown"] = True
        return False

    def s_ignored(self) -> bool:
        return self.char[self.c["s"]] == "cave_troll"

    def eye(self) -> bool:
        return self.c["cards"][S] == "eye_of_sauron" and not self.s_ignored()

    def stage_magic_s(self) -> bool:
        if self.c["cards"][S] == "magic" and not self.s_ignored() and self.discards[S]:
            self.kind, self.waiting = "magic", [S]
            return WAIT
        return False

    def stage_magic_f(self) -> bool:
        if self.c["cards"][F] == "magic" and not self.eye() and self.discards[F]:
            self.kind, self.waiting = "magic", [F]
            return WAIT
        return False

    def on_magic(self, k: int, a: tuple) -> None:
        self.discards[k].remove(a[1])
        self.discards[k].append("magic")
        self.c["cards"][k] = a[1]
        self.run()

    def s_card_refuges(self) -> list[int]:
        sp = self.c["s"]
        return [d for d in SIDEW[S][self.reg[sp]] if self.open_region(S, d)]

    def f_card_refuges(self) -> list[int]:
        fp = self.c["f"]
        return [d for d in BACK[F][self.reg[fp]] if self.open_region(F, d)]

    def stage_text_s(self) -> bool:
        c = self.c
        if c["cards"][S] == "retreat" and not self.s_ignored():
            dests = self.s_card_refuges()
            if len(dests) == 1:
                self.retreat(c["s"], dests[0])
            elif dests:
                self.kind, self.waiting = "retreat_card", [S]
                return WAIT
        return False

    def stage_text_f(self) -> bool:
        c = self.c
        card = c["cards"][F]
        if card in TEXT_CARDS and not self.eye():
            if card == "noble_sacrifice" and c["retreated"] is None:
                self.defeat(c["s"], c["f"])
                self.defeat(c["f"], c["s"])
                return self.fight_over()
            if card == "retreat":
                dests = self.f_card_refuges()
                if len(dests) == 1:
                    self.retreat(c["f"], dests[0])
                elif dests:
                    self.kind, self.waiting = "retreat_card", [F]
                    return WAIT
            if card == "elven_cloak":
                c["cloak"] = True
        if c["retreated"] is not None:
            return self.fight_over()
        return False

    def on_retreat_card(self, k: int, a: tuple) -> None:
        c = self.c
        self.retreat(c["s"] if k == S else c["f"], a[1])
        if k == F:
            self.fight_over()
        else:
            self.run()

    def stage_strength(self) -> bool:
        c = self.c
        fp, sp = c["f"], c["s"]
        fc, sc = c["cards"]
        ch = self.char[fp]
        base = 5 if ch == "sam" and c["sam_bonus"] and self.char[sp] != "warg" else STRENGTH[ch]
        f = base + (VALUE[F].get(fc, 0) if fc else 0)
        v = STRENGTH[self.char[sp]] + (0 if self.s_ignored() or c["cloak"] or not sc else VALUE[S][sc])
        if v <= f:
            self.defeat(sp, fp)
        if f <= v:
            self.defeat(fp, sp)
        return self.fight_over()

    # ---- for the search ---------------------------------------------------------------------------

    def blind(self, k: int, me: int) -> bool:
        """Whether side k's choice now is made without seeing ours (a combat card chosen together)."""
        c = self.c
        return k != me and self.kind == "cards" and c is not None and c["chosen"][me] and not c["shown"]


def as_action(t: Twin, a: tuple) -> dict:
    """The engine's action for a twin action."""
    kind = a[0]
    if kind == "move":
        return {"type": "move", "piece": t.tokens[a[1]], "to": REGIONS[a[2]]}
    if kind == "attack":
        return {"type": "attack", "piece": t.tokens[a[1]]}
    if kind == "retreat":
        return {"type": "retreat", "to": REGIONS[a[1]]}
    if kind == "balrog":
        return {"type": "balrog", "use": a[1]}
    if kind in ("card", "magic"):
        return {"type": kind, "card": a[1]}
    return {"type": kind}


