"""A lean twin of The Confrontation's rules for search playouts: Classic mode, no special cards, one game.

The rules engine (engine/confrontation/) stays the reference. This twin plays the same game on a compact
state (regions, decisions and fight stages as numbers, pieces as parallel lists, counts per region kept
up to date, the fight as plain fields, actions as tuples), applies actions in place, never re-validates
them and writes no log. It follows the engine's fight stages one by one, leaving out those that cannot
happen in Classic mode without special cards (Saruman's forced change, the Mouth of Sauron, Gandalf's
help, Wormtongue, the Palantir...). `Twin.of(state)` refuses (raises Unsupported) any other mode,
special cards or a match, and the search then plays through engine/confrontation/search.py instead.
`Prepared(view)` draws hidden states straight into a twin, exactly as the engine's sampler would.
tests/ai/test_confrontation_twin.py plays thousands of seeded random games through both and compares
every legal-action list and every result.

This file is also compiled to a C extension by mypyc (ai/twin_build.py; ai/twin.py picks the compiled
module when it is built from this very source): hence the type annotations everywhere and the plain
if-chains instead of dispatch by name.
"""
from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Any, Final

from engine.confrontation import sampler
from engine.confrontation.board import (
    BACKWARD,
    CAPACITY,
    ENEMY,
    FELLOWSHIP,
    FORWARD,
    HOME,
    REGIONS,
    SAURON,
    SIDEWAYS,
    STEP,
    TUNNEL,
)
from engine.confrontation.state import CARD_VALUE, FULL_HAND, SPECIALS, STRENGTH, TILES
from engine.kernel import Rng

F: Final = 0
S: Final = 1
SIDE_NAMES: Final = (FELLOWSHIP, SAURON)
IDX: Final = {r: i for i, r in enumerate(REGIONS)}
NR: Final = len(REGIONS)
CAP: Final = tuple(CAPACITY[r] for r in REGIONS)

Links = tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]


def _table(t: dict) -> Links:
    f = tuple(tuple(IDX[d] for d in t[FELLOWSHIP][r]) for r in REGIONS)
    s = tuple(tuple(IDX[d] for d in t[SAURON][r]) for r in REGIONS)
    return f, s


FWD: Final = _table(FORWARD)
BACK: Final = _table(BACKWARD)
SIDEW: Final = _table(SIDEWAYS)
STEPS: Final = _table(STEP)
# Aragorn's neighbours in the engine's order (forward, backward, sideways; each once).
AROUND: Final = tuple(tuple(tuple(dict.fromkeys(FWD[k][r] + BACK[k][r] + SIDEW[k][r])) for r in range(NR))
                      for k in (F, S))
SHIRE: Final = IDX[HOME[FELLOWSHIP]]
MORDOR: Final = IDX[HOME[SAURON]]
GONDOR: Final = IDX["gondor"]
CARADHRAS: Final = IDX["caradhras"]
FANGORN: Final = IDX["fangorn"]
TUNNEL_FROM: Final = IDX[TUNNEL[0]]
TUNNEL_TO: Final = IDX[TUNNEL[1]]
TEXT_CARDS: Final = frozenset({"magic", "noble_sacrifice", "elven_cloak", "retreat", "eye_of_sauron"})
VALUE: Final = tuple({k: v or 0 for k, v in CARD_VALUE[name].items()} for name in SIDE_NAMES)
AUTO_DEFEATS: Final = frozenset({("merry", "witch_king"), ("legolas", "flying_nazgul"), ("gimli", "orcs")})

# How a piece moves besides forward: its `mover` code.
ORDINARY_MOVER: Final = 0
ARAGORN: Final = 1
WITCH_KING: Final = 2
FLYING_NAZGUL: Final = 3
BLACK_RIDER: Final = 4
MOVERS: Final = {"aragorn": ARAGORN, "witch_king": WITCH_KING, "flying_nazgul": FLYING_NAZGUL,
                 "black_rider": BLACK_RIDER}

# The decision awaited (`kind`), in the engine's words by KINDS.
MOVE: Final = 0
CARDS: Final = 1
TARGET: Final = 2
F_TEXT: Final = 3
S_TEXT: Final = 4
MAGIC: Final = 5
RETREAT_CARD: Final = 6
BALROG: Final = 7
OVER: Final = 8
KINDS: Final = ("move", "cards", "target", "fellowship_text", "sauron_text", "magic", "retreat_card", "balrog",
                "over")

# The fight's stages, named as in engine/confrontation/combat.py by STAGES; NOTHING stands for the
# stages of Variant characters and special cards, which do nothing in Classic mode.
ST_F_TEXT: Final = 0
ST_F_AUTO: Final = 1
ST_S_AUTO: Final = 2
ST_S_TEXT: Final = 3
ST_CARDS: Final = 4
ST_REVEAL: Final = 5
ST_MAGIC_S: Final = 6
ST_PICK_F: Final = 7
ST_MAGIC_F: Final = 8
ST_TEXT_S: Final = 9
ST_TEXT_F: Final = 10
ST_STRENGTH: Final = 11
ST_NOTHING: Final = 12
STAGES: Final = {"f_text": ST_F_TEXT, "f_auto": ST_F_AUTO, "s_auto": ST_S_AUTO, "s_text": ST_S_TEXT,
                 "cards": ST_CARDS, "reveal": ST_REVEAL, "magic_s": ST_MAGIC_S, "pick_f": ST_PICK_F,
                 "magic_f": ST_MAGIC_F, "text_s": ST_TEXT_S, "text_f": ST_TEXT_F, "strength": ST_STRENGTH,
                 "saruman_force": ST_NOTHING, "mouth": ST_NOTHING, "gandalf_help": ST_NOTHING}
OPENING: Final = (ST_F_TEXT, ST_F_AUTO, ST_S_AUTO, ST_S_TEXT, ST_CARDS)
VS_GANDALF: Final = (ST_REVEAL, ST_MAGIC_S, ST_PICK_F, ST_REVEAL, ST_MAGIC_F, ST_TEXT_S, ST_TEXT_F, ST_STRENGTH)
ORDINARY: Final = (ST_REVEAL, ST_MAGIC_S, ST_MAGIC_F, ST_TEXT_S, ST_TEXT_F, ST_STRENGTH)
NONE: Final = -1  # no piece
WAIT: Final = True
# engine/kernel.py's Rng (SplitMix64), whose draws Prepared repeats on its own copy of the state.
MASK: Final = (1 << 64) - 1
GOLDEN: Final = 0x9E3779B97F4A7C15
M32: Final = 0xFFFFFFFF


class Xorshift32:
    """The playouts' random generator (Marsaglia's xorshift32): its numbers stay below 2**45, which the
    compiled twin keeps as machine integers, where SplitMix64's need big integers. Seeded by one draw of
    the search's Rng, so the search stays reproducible."""

    state: int

    def __init__(self, seed: int) -> None:
        self.state = (seed & M32) or 1  # never 0, which xorshift cannot leave

    def below(self, n: int) -> int:
        """A uniform int in [0, n): the generator's 2**32 - 1 values, less the uneven tail."""
        limit = M32 - M32 % n
        while True:
            x = self.state
            x ^= (x << 13) & M32
            x ^= x >> 17
            x ^= (x << 5) & M32
            self.state = x
            if x - 1 < limit:
                return (x - 1) % n


class Unsupported(ValueError):
    """A position the twin does not cover (another mode, special cards, a match)."""


class _Over(Exception):
    pass


def _side(name: str) -> int:
    return F if name == FELLOWSHIP else S


class Twin:
    # The pieces, in the engine's order (a removed piece keeps its index).
    side: list[int]
    char: list[str]
    mover: list[int]
    tokens: list[str]
    reg: list[int]
    known: list[bool]  # the enemy knows what it is
    alive: list[int]  # indices of the pieces on the board, in the engine's order
    cnt: list[list[int]]  # pieces per side and region
    hands: list[list[str]]
    discards: list[list[str]]
    defeated: list[list[str]]
    sides: dict[str, str]
    turn: int
    kind: int
    waiting: list[int]
    result: dict[str, Any] | None
    walker: int  # the piece the Balrog may stop
    # The fight (the engine's combat dict, field by field; `fighting` is False when there is none).
    fighting: bool
    region: int
    attacker: int
    att_side: int
    frm: int
    sideways: bool
    first: bool
    fp: int
    sp: int
    stages: tuple[int, ...]
    si: int  # the next stage
    cards: list[str]  # "" for none
    chosen: list[bool]
    shown: bool
    no_cards: bool
    sam_bonus: bool
    cloak: bool
    retreated: bool
    shelob: int
    rs: int  # the state of the search's Rng while Prepared.draw draws with it

    def __init__(self) -> None:
        self.side, self.char, self.mover, self.tokens, self.reg, self.known, self.alive = [], [], [], [], [], [], []
        self.cnt = [[0] * NR, [0] * NR]
        self.hands, self.discards, self.defeated = [[], []], [[], []], [[], []]
        self.sides = {}
        self.turn, self.kind, self.waiting, self.result, self.walker = F, MOVE, [F], None, NONE
        self.fighting = False
        self.region = self.attacker = self.att_side = self.frm = 0
        self.sideways = self.first = False
        self.fp = self.sp = self.shelob = NONE
        self.stages, self.si = (), 0
        self.cards, self.chosen = ["", ""], [False, False]
        self.shown = self.no_cards = self.sam_bonus = self.cloak = self.retreated = False
        self.rs = 0

    @classmethod
    def of(cls, s: dict[str, Any]) -> Twin:
        """The twin of an engine state in play (a full state, e.g. one drawn by the sampler)."""
        o = s["options"]
        if o["mode"] != "classic" or o["special_cards"] != "none" or o["match"] or s["phase"] != "play":
            raise Unsupported("the twin plays Classic mode without special cards, one game, in play")
        if s["ring_bearer"] != "frodo" or s["pre_move"] or s["forced"] or s["palantir"]:
            raise Unsupported("state outside Classic play")
        t = cls()
        t.sides = s["sides"]
        ps = s["pieces"]
        t.side = [_side(p["side"]) for p in ps]
        t.char = [p["char"] for p in ps]
        t.mover = [MOVERS.get(p["char"], ORDINARY_MOVER) for p in ps]
        t.tokens = [p["token"] for p in ps]
        t.reg = [IDX[p["region"]] for p in ps]
        t.known = [bool(p["known"] or p["revealed"]) for p in ps]
        t.alive = list(range(len(ps)))
        for i in t.alive:
            t.cnt[t.side[i]][t.reg[i]] += 1
        t.hands = [list(s["hands"][k]) for k in SIDE_NAMES]
        t.discards = [list(s["discards"][k]) for k in SIDE_NAMES]
        t.defeated = [list(s["defeated"][k]) for k in SIDE_NAMES]
        t.turn = _side(s["turn"])
        d = s["decision"]
        t.kind = KINDS.index(d["kind"]) if d["kind"] in KINDS else -1
        if t.kind < 0:
            raise Unsupported(d["kind"])
        t.waiting = [_side(x) for x in d["sides"]]
        tok = {p["token"]: i for i, p in enumerate(ps)}
        t.walker = tok.get(d.get("piece"), NONE)
        t.result = s["result"]
        c = s["combat"]
        if c is not None:
            if c["forbidden"] or c["worm"] or c["help"] or any(x not in STAGES for x in c["stages"]):
                raise Unsupported("a Variant fight")
            t.fighting = True
            t.region, t.attacker, t.att_side = IDX[c["region"]], tok.get(c["attacker"], NONE), _side(c["side"])
            t.frm, t.sideways, t.first = IDX[c["from"]], bool(c["sideways"]), bool(c["first"])
            t.fp, t.sp, t.shelob = tok.get(c["f"], NONE), tok.get(c["s"], NONE), tok.get(c["shelob"], NONE)
            t.stages, t.si = tuple(STAGES[x] for x in c["stages"]), 0
            t.cards = [c["cards"][k] or "" for k in SIDE_NAMES]
            t.chosen = [bool(c["chosen"][k]) for k in SIDE_NAMES]
            t.shown, t.no_cards, t.sam_bonus = bool(c["shown"]), bool(c["no_cards"]), bool(c["sam_bonus"])
            t.cloak, t.retreated = bool(c["cloak"]), c["retreated"] is not None
        return t

    def copy_from(self, b: Twin) -> None:
        """Become a copy of `b`, reusing this object (the lists are fresh)."""
        self.side, self.char, self.mover, self.tokens = b.side[:], b.char[:], b.mover[:], b.tokens[:]
        self.reg, self.known, self.alive = b.reg[:], b.known[:], b.alive[:]
        self.cnt = [b.cnt[F][:], b.cnt[S][:]]
        self.hands = [b.hands[F][:], b.hands[S][:]]
        self.discards = [b.discards[F][:], b.discards[S][:]]
        self.defeated = [b.defeated[F][:], b.defeated[S][:]]
        self.sides, self.turn, self.kind, self.waiting = b.sides, b.turn, b.kind, b.waiting[:]
        self.result, self.walker, self.fighting = b.result, b.walker, b.fighting
        self.region, self.attacker, self.att_side, self.frm = b.region, b.attacker, b.att_side, b.frm
        self.sideways, self.first, self.fp, self.sp = b.sideways, b.first, b.fp, b.sp
        self.stages, self.si, self.cards, self.chosen = b.stages, b.si, b.cards[:], b.chosen[:]
        self.shown, self.no_cards, self.sam_bonus = b.shown, b.no_cards, b.sam_bonus
        self.cloak, self.retreated, self.shelob = b.cloak, b.retreated, b.shelob

    # ---- what may be done -------------------------------------------------------------------------

    def legal(self, k: int) -> list[tuple]:
        """The actions of side k (0 Fellowship, 1 Sauron) at the decision now."""
        kind = self.kind
        if k not in self.waiting:
            return []
        if kind == MOVE:
            out: list[tuple] = []
            side, reg, mover, own, fwd = self.side, self.reg, self.mover, self.cnt[k], FWD[k]
            for i in self.alive:
                if side[i] == k:
                    if mover[i] == ORDINARY_MOVER:  # moves(i), without its list
                        for d in fwd[reg[i]]:
                            if own[d] < CAP[d]:
                                out.append(("move", i, d))
                    else:
                        for d in self.moves(i):
                            out.append(("move", i, d))
            return out
        if kind == CARDS:
            return [("card", x) for x in dict.fromkeys(self.hands[k])]
        if kind == TARGET:
            r = self.region
            return [("attack", i) for i in self.alive if self.side[i] != k and self.reg[i] == r]
        if kind == F_TEXT:
            return self.f_text_options() + [("proceed",)]
        if kind == S_TEXT:
            return self.s_text_options() + [("proceed",)]
        if kind == MAGIC:
            return [("magic", x) for x in dict.fromkeys(self.discards[k])]
        if kind == RETREAT_CARD:
            return [("retreat", r) for r in (self.s_card_refuges() if k == S else self.f_card_refuges())]
        if kind == BALROG:
            here = any(self.char[i] == "balrog" and self.reg[i] == CARADHRAS for i in self.alive)
            return [("balrog", True), ("balrog", False)] if here else [("balrog", False)]
        raise Unsupported(KINDS[kind])

    def moves(self, i: int) -> list[int]:
        k, r, m = self.side[i], self.reg[i], self.mover[i]
        own = self.cnt[k]
        dests = [d for d in FWD[k][r] if own[d] < CAP[d]]
        if m == ORDINARY_MOVER:
            return dests
        foe = self.cnt[1 - k]
        if m == ARAGORN:
            extra = [d for d in AROUND[k][r] if foe[d] and own[d] < CAP[d]]
        elif m == WITCH_KING:
            extra = [d for d in SIDEW[k][r] if foe[d] and own[d] < CAP[d]]
        elif m == FLYING_NAZGUL:
            extra = [d for d in range(NR) if d != r and foe[d] == 1 and own[d] == 0]
        else:
            extra = self._chain(k, r)
        return dests + [d for d in extra if d not in dests]

    def _chain(self, k: int, r: int) -> list[int]:
        """The Black Rider's regions with enemies two or more ordinary steps ahead, through open regions,
        in the order they are first reached."""
        own, foe = self.cnt[k], self.cnt[1 - k]
        seen = [False] * NR
        out: list[int] = []
        frontier, steps = [r], 0
        while frontier:
            steps += 1
            nxt = []
            for x in frontier:
                for d in STEPS[k][x]:
                    if not seen[d]:
                        seen[d] = True
                        if not foe[d] and own[d] < CAP[d]:
                            nxt.append(d)
                        elif steps > 1 and foe[d] and own[d] < CAP[d]:
                            out.append(d)
            frontier = nxt
        return out

    def can_move(self, k: int) -> bool:
        side, reg, mover, own, fwd = self.side, self.reg, self.mover, self.cnt[k], FWD[k]
        for i in self.alive:
            if side[i] == k:
                for d in fwd[reg[i]]:
                    if own[d] < CAP[d]:
                        return True
                if mover[i] != ORDINARY_MOVER and self.moves(i):
                    return True
        return False

    def open_region(self, k: int, r: int) -> bool:
        return not self.cnt[1 - k][r] and self.cnt[k][r] < CAP[r]

    # ---- applying an action -----------------------------------------------------------------------

    def step(self, k: int, a: tuple) -> None:
        """Apply a legal action of side k in place."""
        kind = self.kind
        try:
            if kind == MOVE:
                self.move(k, a[1], a[2])
            elif kind == CARDS:
                self.on_cards(k, a)
            elif kind == TARGET:
                self.begin_fight(a[1])
            elif kind == F_TEXT:
                self.on_fellowship_text(a)
            elif kind == S_TEXT:
                if a[0] == "no_cards":
                    self.no_cards = True
                self.run()
            elif kind == MAGIC:
                self.on_magic(k, a)
            elif kind == RETREAT_CARD:
                self.on_retreat_card(k, a)
            elif kind == BALROG:
                self.on_balrog(a)
            else:
                raise Unsupported(KINDS[kind])
        except _Over:
            pass

    def playout(self, g: Xorshift32, me: int) -> int:
        """Play on to the end at random, as the search does (when both sides choose, `me` first; each
        action drawn uniformly from the legal list by g.below); returns the number of actions played."""
        n = 0
        while self.result is None:
            w = self.waiting
            k = me if len(w) == 2 else w[0]
            if self.kind == MOVE:
                with contextlib.suppress(_Over):
                    self.random_move(k, g)
            else:
                acts = self.legal(k)
                self.step(k, acts[g.below(len(acts))])
            n += 1
        return n

    def random_move(self, k: int, g: Xorshift32) -> None:
        """Play legal(k)[g.below(len(legal(k)))] at a move without building the list: count the moves,
        draw one, find it again in the same order."""
        side, reg, mover, own, fwd = self.side, self.reg, self.mover, self.cnt[k], FWD[k]
        total = 0
        for i in self.alive:
            if side[i] == k:
                if mover[i] == ORDINARY_MOVER:
                    for d in fwd[reg[i]]:
                        if own[d] < CAP[d]:
                            total += 1
                else:
                    total += len(self.moves(i))
        x = g.below(total)
        for i in self.alive:
            if side[i] == k:
                if mover[i] == ORDINARY_MOVER:
                    for d in fwd[reg[i]]:
                        if own[d] < CAP[d]:
                            if x == 0:
                                self.move(k, i, d)
                                return
                            x -= 1
                else:
                    dests = self.moves(i)
                    if x < len(dests):
                        self.move(k, i, dests[x])
                        return
                    x -= len(dests)

    def below(self, n: int) -> int:
        """Rng.below(n) on the state `rs` (Prepared.draw): the same draws without calls into Python."""
        limit = MASK - (MASK + 1) % n
        while True:
            z = self.rs = (self.rs + GOLDEN) & MASK
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
            z ^= z >> 31
            if z <= limit:
                return z % n

    def move(self, k: int, i: int, to: int) -> None:
        frm = self.reg[i]
        if k == F and frm == TUNNEL_FROM and to == TUNNEL_TO and self.balrog_may_wait():
            self.kind, self.waiting, self.walker = BALROG, [S], i
            return
        self.arrive(i, frm, to)

    def balrog_may_wait(self) -> bool:
        if "balrog" in self.defeated[S]:
            return False
        return any(self.side[i] == S and self.reg[i] == CARADHRAS and (not self.known[i] or self.char[i] == "balrog")
                   for i in self.alive)

    def on_balrog(self, a: tuple) -> None:
        w = self.walker
        if a[1]:
            b = next(i for i in self.alive if self.reg[i] == CARADHRAS and self.side[i] == S
                     and self.char[i] == "balrog")
            self.known[b] = True
            self.remove(w)
            self.end_turn()
        else:
            self.arrive(w, self.reg[w], FANGORN)

    def place(self, i: int, to: int) -> None:
        cnt = self.cnt[self.side[i]]
        cnt[self.reg[i]] -= 1
        cnt[to] += 1
        self.reg[i] = to

    def arrive(self, i: int, frm: int, to: int) -> None:
        self.place(i, to)
        if to == MORDOR and self.char[i] == "frodo":
            self.game_over(F, "ring_bearer_in_mordor")
        if self.cnt[1 - self.side[i]][to]:
            self.fighting = True
            self.region, self.attacker, self.att_side, self.frm = to, i, self.side[i], frm
            self.sideways = to in SIDEW[S][frm] or frm in SIDEW[S][to]
            self.first = True
            self.fresh_fight()
            self.next_fight()
        else:
            self.end_turn()

    def end_turn(self) -> None:
        self.fighting = False
        if self.cnt[S][SHIRE] >= 3:
            self.game_over(S, "three_in_shire")
        k = self.turn = 1 - self.turn
        self.kind, self.waiting = MOVE, [k]
        if not self.can_move(k):
            self.game_over(1 - k, "no_move")

    def game_over(self, k: int, reason: str) -> None:
        name = SIDE_NAMES[k]
        points = sum(1 for i in self.alive if self.side[i] == k)
        self.result = {"winner": self.sides[name], "side": name, "reason": reason, "points": points}
        self.fighting = False
        self.kind, self.waiting = OVER, []
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
        self.fp = self.sp = self.shelob = NONE
        self.stages, self.si = (), 0
        self.cards, self.chosen = ["", ""], [False, False]
        self.shown = self.no_cards = self.sam_bonus = self.cloak = self.retreated = False

    def next_fight(self) -> None:
        att, r, k = self.attacker, self.region, self.att_side
        foes = [i for i in self.alive if self.side[i] != k and self.reg[i] == r]
        if att not in self.alive or self.reg[att] != r or not foes:
            self.end_turn()
        elif len(foes) == 1:
            self.begin_fight(foes[0])
        else:
            self.kind, self.waiting = TARGET, [k]

    def begin_fight(self, target: int) -> None:
        att = self.attacker
        self.fresh_fight()
        if self.att_side == F:
            self.fp, self.sp = att, target
        else:
            self.fp, self.sp = target, att
        self.stages = OPENING
        self.known[att] = self.known[target] = True
        self.run()

    def run(self) -> None:
        """Play the fight's stages in order until one waits for a choice or the fight is over."""
        while self.fighting and self.si < len(self.stages):
            st = self.stages[self.si]
            self.si += 1
            if self.stage(st):
                return

    def stage(self, st: int) -> bool:
        """Play one stage; True when the fight now waits (for a choice, or a new fight has started)."""
        if st == ST_F_TEXT:
            return self.stage_f_text()
        if st == ST_F_AUTO:
            return self.stage_f_auto()
        if st == ST_S_AUTO:
            return self.stage_s_auto()
        if st == ST_S_TEXT:
            if self.s_text_options():
                self.kind, self.waiting = S_TEXT, [S]
                return WAIT
            return False
        if st == ST_CARDS:
            return self.stage_cards()
        if st == ST_REVEAL:
            self.shown = True
            return False
        if st == ST_MAGIC_S:
            return self.stage_magic(S, self.s_ignored)
        if st == ST_PICK_F:
            self.kind, self.waiting = CARDS, [F]
            return WAIT
        if st == ST_MAGIC_F:
            return self.stage_magic(F, self.eye)
        if st == ST_TEXT_S:
            return self.stage_text_s()
        if st == ST_TEXT_F:
            return self.stage_text_f()
        if st == ST_STRENGTH:
            return self.stage_strength()
        return False

    def fight_over(self) -> bool:
        self.stages, self.si = (), 0
        hands, discards = self.hands, self.discards
        for k in (F, S):
            if self.cards[k]:
                discards[k].append(self.cards[k])
        if not hands[F] or not hands[S]:
            for k in (F, S):
                if not hands[k]:
                    hands[k], discards[k] = discards[k], []
        sh = self.shelob
        if sh in self.alive and self.reg[sh] != GONDOR:
            if self.cnt[S][GONDOR] >= 2 or self.cnt[F][GONDOR]:
                self.remove(sh)
            else:
                self.place(sh, GONDOR)
        self.fresh_fight()
        self.first = False
        self.next_fight()
        return WAIT

    def defeat(self, i: int, by: int) -> None:
        if self.char[by] == "shelob" and self.side[i] == F:
            self.shelob = by
        self.remove(i)

    def retreat(self, i: int, to: int) -> None:
        self.place(i, to)
        self.retreated = True

    def friends(self) -> list[int]:
        r, fp = self.region, self.fp
        return [i for i in self.alive if self.side[i] == F and self.reg[i] == r and i != fp]

    def f_text_options(self) -> list[tuple]:
        fp, sp = self.fp, self.sp
        if self.char[sp] == "warg":
            return []
        ch, r = self.char[fp], self.reg[fp]
        f_attacking = self.att_side == F
        dests: list[int] = []
        if ch == "frodo" and not f_attacking:
            dests = list(SIDEW[F][r])
            if self.char[sp] == "witch_king" and self.sideways and self.frm not in dests:
                dests.append(self.frm)
        elif ch == "pippin" and f_attacking:
            dests = list(BACK[F][r])
        opts: list[tuple] = [("retreat", d) for d in dests if self.open_region(F, d)]
        friends = self.friends()
        if ch == "frodo" and not f_attacking and self.first:
            opts += [("sam_replace",) for i in friends if self.char[i] == "sam"]
        if ch == "sam" and not self.sam_bonus and any(self.char[i] == "frodo" for i in friends):
            opts.append(("reveal_frodo",))
        return opts

    def f_text_cover(self) -> bool:
        ch = self.char[self.fp]
        if ch != "frodo" and ch != "sam":
            return False
        if not any(not self.known[i] for i in self.friends()):
            return False
        if ch == "frodo":
            return self.att_side != F and self.first and "sam" not in self.defeated[F]
        return "frodo" not in self.defeated[F]

    def stage_f_text(self) -> bool:
        if self.char[self.sp] == "warg":
            return False
        if self.f_text_options() or self.f_text_cover():
            self.kind, self.waiting = F_TEXT, [F]
            return WAIT
        return False

    def on_fellowship_text(self, a: tuple) -> None:
        t = a[0]
        if t == "retreat":
            self.retreat(self.fp, a[1])
            self.fight_over()
            return
        if t == "sam_replace":
            sam = next(i for i in self.friends() if self.char[i] == "sam")
            self.known[sam] = True
            self.fp = sam
            self.sam_bonus = True
        elif t == "reveal_frodo":
            frodo = next(i for i in self.friends() if self.char[i] == "frodo")
            self.known[frodo] = True
            self.sam_bonus = True
        self.run()

    def stage_f_auto(self) -> bool:
        fp, sp = self.fp, self.sp
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
        if self.char[self.sp] == "orcs" and self.att_side == S and self.first:
            self.defeat(self.fp, self.sp)
            return self.fight_over()
        return False

    def s_text_options(self) -> list[tuple]:
        return [("no_cards",)] if self.char[self.sp] == "saruman" and not self.no_cards else []

    def stage_cards(self) -> bool:
        if self.no_cards:
            self.stages, self.si = (ST_STRENGTH,), 0
            return False
        if self.char[self.fp] == "gandalf" and self.char[self.sp] != "warg":
            self.stages, self.si = VS_GANDALF, 0
            self.kind, self.waiting = CARDS, [S]
        else:
            self.stages, self.si = ORDINARY, 0
            self.kind, self.waiting = CARDS, [F, S]
        return WAIT

    def on_cards(self, k: int, a: tuple) -> None:
        card: str = a[1]
        self.hands[k].remove(card)
        self.cards[k] = card
        self.chosen[k] = True
        self.waiting = [x for x in self.waiting if x != k]
        if not self.waiting:
            self.run()

    def stage_magic(self, k: int, ignored: Callable[[], bool]) -> bool:
        """Side k's Magic card, unless ignored, asks it for a card from its discard pile (if it has one)."""
        if self.cards[k] == "magic" and not ignored() and self.discards[k]:
            self.kind, self.waiting = MAGIC, [k]
            return WAIT
        return False

    def s_ignored(self) -> bool:
        return self.char[self.sp] == "cave_troll"

    def eye(self) -> bool:
        return self.cards[S] == "eye_of_sauron" and not self.s_ignored()

    def on_magic(self, k: int, a: tuple) -> None:
        card: str = a[1]
        self.discards[k].remove(card)
        self.discards[k].append("magic")
        self.cards[k] = card
        self.run()

    def s_card_refuges(self) -> list[int]:
        return [d for d in SIDEW[S][self.reg[self.sp]] if self.open_region(S, d)]

    def f_card_refuges(self) -> list[int]:
        return [d for d in BACK[F][self.reg[self.fp]] if self.open_region(F, d)]

    def stage_text_s(self) -> bool:
        if self.cards[S] == "retreat" and not self.s_ignored():
            dests = self.s_card_refuges()
            if len(dests) == 1:
                self.retreat(self.sp, dests[0])
            elif dests:
                self.kind, self.waiting = RETREAT_CARD, [S]
                return WAIT
        return False

    def stage_text_f(self) -> bool:
        card = self.cards[F]
        if card in TEXT_CARDS and not self.eye():
            if card == "noble_sacrifice" and not self.retreated:
                self.defeat(self.sp, self.fp)
                self.defeat(self.fp, self.sp)
                return self.fight_over()
            if card == "retreat":
                dests = self.f_card_refuges()
                if len(dests) == 1:
                    self.retreat(self.fp, dests[0])
                elif dests:
                    self.kind, self.waiting = RETREAT_CARD, [F]
                    return WAIT
            if card == "elven_cloak":
                self.cloak = True
        if self.retreated:
            return self.fight_over()
        return False

    def on_retreat_card(self, k: int, a: tuple) -> None:
        self.retreat(self.sp if k == S else self.fp, a[1])
        if k == F:
            self.fight_over()
        else:
            self.run()

    def stage_strength(self) -> bool:
        fp, sp = self.fp, self.sp
        fc, sc = self.cards[F], self.cards[S]
        ch = self.char[fp]
        base = 5 if ch == "sam" and self.sam_bonus and self.char[sp] != "warg" else STRENGTH[ch]
        f = base + (VALUE[F].get(fc, 0) if fc else 0)
        v = STRENGTH[self.char[sp]] + (0 if self.s_ignored() or self.cloak or not sc else VALUE[S][sc])
        if v <= f:
            self.defeat(sp, fp)
        if f <= v:
            self.defeat(fp, sp)
        return self.fight_over()

    # ---- for the search ---------------------------------------------------------------------------

    def blind(self, k: int, me: int) -> bool:
        """Whether side k's choice now is made without seeing ours (a combat card chosen together)."""
        return k != me and self.kind == CARDS and self.fighting and self.chosen[me] and not self.shown


class Prepared:
    """Hidden states consistent with a player's view, drawn straight into a twin: the view is converted
    once, and each draw only redraws the secrets (the enemy's unknown characters, its face-down combat
    card) into a reused twin. The draws from `rng` are those of engine/confrontation/sampler.sample, so
    `draw(rng, t)` gives the twin of `sampler.sample(view, rng)` for the same generator."""

    base: Twin
    foe: int
    unknown: list[int]  # the pieces whose character the view hides, in the order the sampler fills them
    lineup: list[str]  # the characters they may hold, in the sampler's order before its shuffle
    hand: list[str]  # the enemy's cards not seen, face-down card included
    facedown: list[str]  # the cards a face-down enemy combat card may be; empty when there is none
    specials: list[int]  # sizes of the special-card pools the sampler shuffles (it draws even when empty)

    def __init__(self, view: dict[str, Any]) -> None:
        o = view["options"]
        if o["mode"] != "classic" or o["special_cards"] != "none" or o["match"] or view["phase"] != "play":
            raise Unsupported("the twin plays Classic mode without special cards, one game, in play")
        self.base = Twin.of(sampler.sample(view, Rng(0)))  # secrets drawn anyhow: `draw` redraws them
        foe_name = ENEMY[view["you"]]
        self.foe = _side(foe_name)
        hidden = {p["token"] for p in view["pieces"] if p["character"] is None}
        self.unknown = [i for i, tok in enumerate(self.base.tokens) if tok in hidden]
        shown = [p["character"] for p in view["pieces"] if p["side"] == foe_name and p["character"]]
        full = [pair[0] for pair in TILES[foe_name].values()]
        self.lineup = sampler._without(full, shown + view["defeated"][foe_name])
        self.hand = sampler._without(FULL_HAND[foe_name], view["discards"][foe_name])
        self.facedown = []
        vc = view["combat"]
        if vc is not None and vc["cards"][foe_name] is None and vc["chosen"][foe_name]:
            self.facedown = self.hand[:]
        self.specials = [len([c for c in SPECIALS[x] if c not in view["specials"][x]["used"]])
                         for x in SIDE_NAMES if view["specials"][x]["held"] is None]

    def draw(self, rng: Rng, t: Twin) -> Twin:
        """Reset `t` to a fresh hidden state consistent with the view; returns it."""
        t.copy_from(self.base)
        t.rs = rng.state
        lineup = self.lineup[:]
        for j in range(len(lineup) - 1, 0, -1):  # rng.shuffle(lineup)
            x = t.below(j + 1)
            lineup[j], lineup[x] = lineup[x], lineup[j]
        for i, ch in zip(self.unknown, lineup):
            t.char[i] = ch
            t.mover[i] = MOVERS.get(ch, ORDINARY_MOVER)
        if self.facedown:
            card = self.facedown[t.below(len(self.facedown))]
            hand = self.hand[:]
            hand.remove(card)
            t.hands[self.foe] = hand
            t.cards[self.foe] = card
        for n in self.specials:
            for j in range(n - 1, 0, -1):  # rng.shuffle's draws on a pool of n
                t.below(j + 1)
        rng.state = (t.rs + GOLDEN) & MASK  # rng.next64(): the sampled state's own generator
        return t


def as_action(t: Twin, a: tuple) -> dict[str, Any]:
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
