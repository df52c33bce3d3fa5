"""What the Card Game bot (ai/lcg.py) reads of its seat's view: cards by uid with their current stats, the
staging area's threat, who is ready, what each enemy will take to defend against and to destroy.

Everything here comes from `view(state, seat)` and the printed card catalogue: no hidden information.
"""
from __future__ import annotations

from engine.lcg.data import card as printed


class Board:
    def __init__(self, view: dict):
        self.v = view
        self.me = view["you"]
        self.cards: dict[str, dict] = {}
        self.zone: dict[str, str] = {}
        self.ctrl: dict[str, str | None] = {}
        self.ids: dict[str, str] = {}
        for p, pl in view["players"].items():
            for z in ("heroes", "allies", "engaged"):
                for c in pl[z]:
                    self._add(c, z, p)
        for c in view["staging"]:
            self._add(c, "staging", None)
        if view["active_location"]:
            self._add(view["active_location"], "active", None)
        self.hand = [c["uid"] for c in view.get("hand", [])]
        self.ids.update({c["uid"]: c["id"] for c in view.get("hand", [])})
        self.ids.update({u: c["id"] for u, c in self.cards.items()})

    def _add(self, c: dict, zone: str, ctrl: str | None) -> None:
        self.cards[c["uid"]] = c
        self.zone[c["uid"]] = zone
        self.ctrl[c["uid"]] = ctrl
        for a in c["attachments"]:
            self.ids[a["uid"]] = a["id"]
            self.cards.setdefault(a["uid"], a)
            self.zone.setdefault(a["uid"], "attached")

    # ---- reading cards ----
    def cid(self, u: str) -> str | None:
        return self.ids.get(u) or (self.cards[u]["id"] if u in self.cards else None)

    def info(self, u: str) -> dict:
        cid = self.cid(u)
        return printed(cid) if cid else {}

    def stat(self, u: str, k: str) -> int:
        c = self.cards.get(u)
        if c is not None and "stats" in c and k in c["stats"]:
            return c["stats"][k] or 0
        return self.info(u).get(k) or 0

    def hp(self, u: str) -> int:
        return self.stat(u, "hit_points") - (self.cards[u]["damage"] if u in self.cards else 0)

    def type(self, u: str) -> str | None:
        return self.info(u).get("type")

    def cost(self, u: str) -> int:
        return self.info(u).get("cost") or 0

    def attached_ids(self, u: str) -> list[str]:
        return [a["id"] for a in self.cards[u]["attachments"]] if u in self.cards else []

    # ---- the table ----
    def player(self, p: str | None = None) -> dict:
        return self.v["players"][p or self.me]

    def characters(self, p: str | None = None) -> list[str]:
        pl = self.player(p)
        return [c["uid"] for c in pl["heroes"] + pl["allies"]]

    def ready(self, p: str | None = None) -> list[str]:
        return [u for u in self.characters(p) if not self.cards[u]["exhausted"]]

    def engaged(self, p: str | None = None) -> list[str]:
        return [c["uid"] for c in self.player(p)["engaged"]]

    def staging_enemies(self) -> list[str]:
        return [c["uid"] for c in self.v["staging"] if self.type(c["uid"]) == "enemy"]

    def enemies(self) -> list[str]:
        out = self.staging_enemies()
        for p in self.v["active_players"]:
            out += self.engaged(p)
        return out

    def staging_threat(self) -> int:
        return sum(self.stat(c["uid"], "threat") for c in self.v["staging"])

    def committed_willpower(self) -> int:
        return sum(self.stat(u, "willpower") for u in self.v["committed"] if u in self.cards)

    def threat(self, p: str | None = None) -> int:
        return self.player(p)["threat"]

    def to_kill(self, e: str) -> int:
        """The attack strength that destroys enemy `e` in one attack."""
        return self.stat(e, "defense") + self.hp(e)

    def holds(self, u: str, attack: int) -> bool:
        """Whether character `u` defends an attack of strength `attack` and lives."""
        return self.stat(u, "defense") + self.hp(u) > attack

    def coming(self) -> list[str]:
        """Enemies that will attack this player this round: engaged, and the staging area's enemy that the
        engagement check brings (the highest engagement cost within its threat, after about 1 more threat
        from the quest); one a round, as the check engages one enemy for each player."""
        threat = self.threat() + 1
        due = [e for e in self.staging_enemies() if self.stat(e, "engagement") <= threat]
        return self.engaged() + sorted(due, key=lambda e: -self.stat(e, "engagement"))[:1]
