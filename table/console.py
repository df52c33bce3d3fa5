"""lotr-console: a whole game (The Confrontation, La Communauté with --game fellowship, or The Lord of
the Rings: The Card Game with --game lcg) in a terminal, with no Discord.

It plays through the same TableService (and so the same SQLite log) as the bot, so a console game is
also a test of the platform. `--vs random`: you against players choosing uniformly among their legal
actions; `--vs human`: everyone on one keyboard, with a cleared screen between players so nobody sees
another's secrets; `--auto`: every seat random, printing the log and the result.
Streams are parameters so tests can script a game. What differs between games is only the presenter
(present/<game>.py), the renderer and how the seats are filled (GAMES below).
"""
from __future__ import annotations

import argparse
import asyncio
import importlib
import json
import random
import sys
import tempfile
from pathlib import Path
from typing import TextIO

import i18n
from engine import IllegalAction
from i18n import t
from present import get_presenter
from table.errors import TableError
from table.service import TableService
from table.store import SqliteStore

GAME = "confrontation"  # the default game
GAMES = ("confrontation", "fellowship", "lcg")
SEATS = {"fellowship": (3, 4), "lcg": (1, 2, 3, 4)}  # --players allowed for each multi-seat game
DEFAULT_SEATS = {"fellowship": 3, "lcg": 1}
CHANNEL = 1  # the console's one "channel"
BOT = "random"
SHOWN = 30  # actions listed before "more" (a setup can offer many placements)


class Quit(Exception):
    """The human typed q, or the input ended."""


def parse(argv: list[str] | None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(prog="lotr-console",
                                 description="The Confrontation, La Communauté or the Card Game in a terminal.")
    ap.add_argument("--game", choices=GAMES, default=GAME)
    ap.add_argument("--players", type=int, choices=(1, 2, 3, 4), default=None,
                    help="La Communauté: 3 or 4 players (default 3); the Card Game: 1 to 4 (default 1)")
    ap.add_argument("--left-out", choices=("pippin", "merry"), default=None,
                    help="La Communauté with 3 players: the hobbit who stays home")
    ap.add_argument("--vs", choices=("random", "human"), default="random")
    ap.add_argument("--side", choices=("fellowship", "sauron"), default="fellowship",
                    help="your side against the random player")
    ap.add_argument("--auto", action="store_true", help="both sides random; print the log and result")
    ap.add_argument("--lang", choices=i18n.LANGUAGES, default=i18n.DEFAULT)
    ap.add_argument("--seed", type=int, default=None)
    ap.add_argument("--mode", choices=("classic", "variant", "draft", "hidden_draft"), default="classic")
    ap.add_argument("--specials", choices=("none", "choose", "announce"), default="none")
    ap.add_argument("--match", action="store_true", help="two games, sides swapped")
    ap.add_argument("--db", type=Path, default=None, help="SQLite file (resumes the game in it if any)")
    ap.add_argument("--images", type=Path, default=None, help="save the board PNGs in this folder")
    args = ap.parse_args(argv)
    if args.game in SEATS:
        if args.players is None:
            args.players = DEFAULT_SEATS[args.game]
        elif args.players not in SEATS[args.game]:
            ap.error(f"--players: {args.game} is played by {', '.join(map(str, SEATS[args.game]))}")
    return args


class Console:
    def __init__(self, service: TableService, args, stdin: TextIO, out: TextIO, db: Path):
        self.service, self.args, self.stdin, self.out, self.db = service, args, stdin, out, db
        self.lang = args.lang
        self.game = getattr(args, "game", GAME)
        self.present = get_presenter(self.game)
        self.rng = random.Random(args.seed)
        self.humans: list[str] = []
        self.names: dict[str, str] = {}
        self.last_human: str | None = None
        self.draw = self._renderer() if args.images else None

    # ------------------------------------------------------------------ output helpers

    def say(self, text: str = "") -> None:
        self.out.write(text + "\n")
        self.out.flush()

    def tx(self, key: str, **params) -> str:
        return t(key, self.lang, **params)

    def ask(self, prompt: str) -> str:
        self.out.write(prompt)
        self.out.flush()
        line = self.stdin.readline()
        if not line:
            raise Quit
        return line.strip()

    def _renderer(self):
        try:
            draw_board = importlib.import_module(f"render.{self.game}").draw_board
        except (ImportError, AttributeError):
            self.say(self.tx("table.console.no_images"))
            return None
        self.args.images.mkdir(parents=True, exist_ok=True)
        self.say(self.tx("table.console.images", path=self.args.images))
        return draw_board

    def save_image(self, seq: int) -> None:
        if self.draw is None:
            return
        try:
            png = self.draw(self.service.view(CHANNEL, None), self.lang)
        except Exception as exc:  # noqa: BLE001 - a drawing bug must not stop the game
            self.say(self.tx("table.console.image_failed", error=exc))
            return
        (self.args.images / f"board_{seq:04d}.png").write_bytes(png)

    # ------------------------------------------------------------------ setting the table

    async def seat(self) -> None:
        table = self.service.table(CHANNEL)
        if table is not None and table.live:  # --db with a game in it: carry on
            players = table.players
        elif self.game in SEATS:
            players = await self._start_seats()
        else:
            if self.args.auto:
                players = ["random_1", "random_2"]
            elif self.args.vs == "random":
                players = ["you", BOT] if self.args.side == "fellowship" else [BOT, "you"]
            else:
                players = ["player_1", "player_2"]
            options = {"mode": self.args.mode, "special_cards": self.args.specials, "match": self.args.match}
            await self.service.create(CHANNEL, None, GAME, options, players[0], self.lang)
            await self.service.join(CHANNEL, players[1])
            await self.service.start(CHANNEL, players[0], {players[0]: 0, players[1]: 1}, seed=self.args.seed)
        for i, pid in enumerate(players):
            if pid == "you":
                self.names[pid] = self.tx("table.console.you")
            elif pid.startswith("player_"):
                self.names[pid] = self.tx("table.console.player_name", n=i + 1)
            else:
                self.names[pid] = self.tx("table.console.random_name") + ("" if pid == BOT else f" {i + 1}")
        self.humans = [p for p in players if p == "you" or p.startswith("player_")]
        view = self.service.view(CHANNEL, None)
        if self.game == "lcg":
            for pid in view["order"]:
                heroes = ", ".join(self.present.card_name(h.get("id"), self.lang)
                                   for h in view["players"][pid]["heroes"])
                self.say(self.tx("table.console.you_are", player=self.names.get(pid, pid), side=heroes))
            return
        if self.game == "fellowship":
            for p in view["players"]:
                self.say(self.tx("table.console.you_are", player=self.names.get(p["id"], p["id"]),
                                 side=self.present.name(p["hobbit"], self.lang)))
            return
        for side, pid in view["players"].items():
            side_name = self.present.side_name(side, self.lang)
            self.say(self.tx("table.console.you_are", player=self.names[pid],
                             side=side_name[:1].upper() + side_name[1:]))

    async def _start_seats(self) -> list[str]:
        """--players seats: all random (--auto), you in the first seat against (or beside) random players,
        or hot-seat. The Card Game deals the starter decks by seat."""
        count = self.args.players
        if self.args.auto:
            players = [f"random_{i + 1}" for i in range(count)]
        elif self.args.vs == "random":
            players = ["you"] + [f"random_{i + 1}" for i in range(1, count)]
        else:
            players = [f"player_{i + 1}" for i in range(count)]
        options = {"left_out": self.args.left_out} if self.args.left_out else {}
        await self.service.create(CHANNEL, None, self.game, options, players[0], self.lang)
        for pid in players[1:]:
            await self.service.join(CHANNEL, pid)
        await self.service.start(CHANNEL, players[0], {p: i for i, p in enumerate(players)}, seed=self.args.seed)
        return players

    # ------------------------------------------------------------------ the game loop

    def title(self) -> str:
        if self.game == "confrontation":
            return self.tx("table.console.title")
        return self.tx(f"present_{self.game}.console.title")

    async def play(self) -> int:
        self.say(self.title())
        self.say(self.tx("table.console.db", path=self.db))
        await self.seat()
        if self.game != "confrontation" and not self.humans and self.service.table(CHANNEL).seq == 0:
            # What happened while setting up (La Communauté rolls the first dice at once).
            view = self.service.view(CHANNEL, None)
            extra = (self.names,) if self.game == "lcg" else ()
            for event in view.get("log") or []:
                self.say("  " + self.present.describe_event(event, view, self.lang, *extra))
        self.save_image(self.service.table(CHANNEL).seq)
        try:
            while self.service.table(CHANNEL).status == "active":
                waiting = self.service.waiting_for(CHANNEL)
                bots = [p for p in waiting if p not in self.humans]
                if bots:  # the random player answers first, so the human then sees its events
                    await self.random_move(bots[0])
                elif waiting:
                    await self.human_move(waiting[0])
                else:
                    break
        except Quit:
            self.say()
            self.say(self.tx("table.console.quit", path=self.db))
            return 1
        table = self.service.table(CHANNEL)
        self.say(self.tx("table.console.result", actions=table.seq,
                         result=self.present.status(self.service.view(CHANNEL, None), self.lang, self.names)))
        return 0

    async def random_move(self, player: str) -> None:
        legal = self.service.legal_actions(CHANNEL, player)
        action = self.rng.choice(legal)
        await self.apply(player, action)

    async def human_move(self, player: str) -> None:
        if len(self.humans) > 1 and player != self.last_human:
            self.screen(player)
        self.last_human = player
        view = self.service.view(CHANNEL, player)
        self.show(view)
        legal = self.service.legal_actions(CHANNEL, player)
        while True:
            action = self.choose(player, view, legal)
            try:
                await self.apply(player, action, self.service.table(CHANNEL).decision_id)
                return
            except TableError as exc:
                self.say(self.tx("table.console.refused", reason=exc.text(self.lang)))
            except IllegalAction as exc:
                self.say(self.tx("table.console.refused", reason=t(f"errors.{exc.code}", self.lang, **exc.params)))

    async def apply(self, player: str, action: dict, decision_id: int | None = None) -> None:
        table, events = await self.service.act(CHANNEL, player, action, decision_id)
        # Events are public; in a one-human game they read best from that human's view.
        reader = self.humans[0] if len(self.humans) == 1 else None
        view = self.service.view(CHANNEL, reader)
        extra = (self.names,) if self.game == "lcg" else ()
        for event in events:
            self.say("  " + self.present.describe_event(event, view, self.lang, *extra))
        if events:
            self.save_image(table.seq)

    def screen(self, player: str) -> None:
        """Hide the previous player's secrets before the next one sits down."""
        if getattr(self.out, "isatty", lambda: False)():
            self.out.write("\033[2J\033[H")
        else:
            self.say("\n" + "=" * 60)
        self.ask(self.tx("table.console.pass_to", player=self.names[player]) + " ")

    def show(self, view: dict) -> None:
        if self.game == "fellowship":
            self.show_fellowship(view)
            return
        if self.game == "lcg":
            self.show_lcg(view)
            return
        p, lang = self.present, self.lang
        self.say()
        self.say(p.status(view, lang, self.names))
        self.say(self.tx("confrontation.console.board"))
        for line in p.board_lines(view, lang):
            self.say("  " + line)
        you = view.get("you")
        mine = [q for q in view.get("pieces", []) if q.get("side") == you]
        if mine:
            self.say(self.tx("confrontation.console.identities"))
            self.say("  " + ", ".join(
                f"{p.piece_label(q['token'], view, lang)} @ {p.region_name(q['region'], lang)}" for q in mine))
        if view.get("hand") is not None:
            cards = ", ".join(p.card_name(c, lang, you) for c in view["hand"]) or self.tx("confrontation.none")
            self.say(self.tx("confrontation.console.hand", cards=cards))
        sizes = view.get("hand_sizes") or {}
        if sizes:
            self.say(self.tx("confrontation.console.hands", fellowship=sizes.get("fellowship"),
                             sauron=sizes.get("sauron")))
        if you == "fellowship" and view.get("ring_bearer"):
            self.say(self.tx("confrontation.console.ring_bearer", character=p.character_name(view["ring_bearer"], lang)))
        held = ((view.get("specials") or {}).get(you) or {}).get("held")
        if held:
            self.say(self.tx("confrontation.console.specials", cards=", ".join(p.card_name(c, lang) for c in held)))
        defeated = view.get("defeated") or {}
        if any(defeated.values()):
            names = {side: ", ".join(p.character_name(c, lang) for c in defeated.get(side, []))
                     or self.tx("confrontation.none") for side in ("fellowship", "sauron")}
            self.say(self.tx("confrontation.console.defeated", **names))
        combat = view.get("combat")
        if combat:
            self.say(self.tx("confrontation.console.combat", region=p.region_name(combat.get("region"), lang),
                             attacker=p.piece_label(combat.get("attacker"), view, lang),
                             defender=p.piece_label(combat.get("defender"), view, lang)))
        log = view.get("log") or []
        if log:
            self.say(self.tx("table.console.log"))
            for event in log[-6:]:
                self.say("  " + p.describe_event(event, view, lang))

    def show_fellowship(self, view: dict) -> None:
        """The status (whose turn, dice, fight, every hobbit, the reader's own secrets), the road ahead of
        each hobbit, then the log."""
        self.say()
        self.say(self.present.status(view, self.lang, self.names))
        for line in self.present.track_lines(view, self.lang, self.names):
            self.say("  " + line)
        log = view.get("log") or []
        if log:
            self.say(self.tx("table.console.log"))
            for event in log[-8:]:
                self.say("  " + self.present.describe_event(event, view, self.lang))

    def show_lcg(self, view: dict) -> None:
        """The table (quest, staging area, each player's threat, characters and enemies), the status
        (with the reader's hand), then the log."""
        p, lang = self.present, self.lang
        known = p.uid_map(view)

        def card(c: dict) -> str:
            marks = [f"{k[0]}{c[k]}" for k in ("damage", "resources", "progress") if c.get(k)]
            text = p.uid_label(c.get("uid"), view, lang, known) + (" ⤵" if c.get("exhausted") else "")
            text += f" [{' '.join(marks)}]" if marks else ""
            atts = [p.uid_label(a.get("uid"), view, lang, known) for a in c.get("attachments") or []]
            return text + (f" +{'/'.join(atts)}" if atts else "")

        self.say()
        quest = view.get("quest") or {}
        active = view.get("active_location")
        self.say(f"{p.card_name(quest.get('id'), lang)} {quest.get('progress', 0)}/{quest.get('quest_points', '?')}"
                 + (f" · {card(active)}" if active else ""))
        self.say("  ⛰ " + (", ".join(card(c) for c in view.get("staging") or []) or "-"))
        for pid in view.get("order") or []:
            pl = view["players"][pid]
            line = f"  {self.names.get(pid, pid)} ({pl['threat']}): " + ", ".join(
                card(c) for c in (pl.get("heroes") or []) + (pl.get("allies") or []))
            if pl.get("engaged"):
                line += " ⚔ " + ", ".join(card(c) for c in pl["engaged"])
            self.say(line)
        self.say(p.status(view, lang, self.names))
        log = view.get("log") or []
        if log:
            self.say(self.tx("table.console.log"))
            for event in log[-8:]:
                self.say("  " + p.describe_event(event, view, lang, self.names))

    def choose(self, player: str, view: dict, legal: list[dict]) -> dict:
        """Ask until the answer is a listed number or a JSON action; "more" lists everything.
        A long list of actions of one type (a setup: thousands of placements) is first narrowed down
        one field at a time."""
        if self.game != "lcg" and len(legal) > SHOWN and len({a.get("type") for a in legal}) == 1:
            legal = self.narrow(player, legal)
            if len(legal) == 1:
                return legal[0]
        shown = min(len(legal), SHOWN)
        self.list_actions(view, legal, 0, shown)
        while True:
            answer = self.ask(self.tx("table.console.prompt", player=self.names[player]))
            if answer.lower() in ("q", "quit", "exit"):
                raise Quit
            if answer.lower() == "more" and shown < len(legal):
                self.list_actions(view, legal, shown, len(legal))
                shown = len(legal)
                continue
            if answer.isdigit() and 1 <= int(answer) <= len(legal):
                return legal[int(answer) - 1]
            if answer.startswith("{"):
                try:
                    return json.loads(answer)
                except ValueError:
                    pass
            self.say(self.tx("table.console.bad_choice", max=len(legal)))

    def narrow(self, player: str, legal: list[dict]) -> list[dict]:
        """Pick the value of each varying field in turn (which region for Frodo? ...); 0 = at random."""
        remaining = legal
        while len(remaining) > SHOWN:
            flat = [dict(_leaves(a)) for a in remaining]
            path = next(p for p in flat[0] if any(f.get(p, _MISSING) != flat[0][p] for f in flat))
            values = list({json.dumps(f.get(path), sort_keys=True): f.get(path) for f in flat}.values())
            what = self.present.name(path[-1], self.lang) if isinstance(path[-1], str) else \
                f"{self.present.name(path[0], self.lang)} {path[-1] + 1}"
            self.say(self.tx("table.console.narrow", what=what))
            self.say(f"    0. {self.tx('table.console.random_pick')}")
            for i, value in enumerate(values, start=1):
                self.say(f"  {i:>3}. {self.present.name(value, self.lang)}")
            while True:
                answer = self.ask(self.tx("table.console.prompt", player=self.names[player]))
                if answer.lower() in ("q", "quit", "exit"):
                    raise Quit
                if answer == "0":
                    return [self.rng.choice(remaining)]
                if answer.isdigit() and 1 <= int(answer) <= len(values):
                    break
                self.say(self.tx("table.console.bad_choice", max=len(values)))
            chosen = values[int(answer) - 1]
            remaining = [a for a, f in zip(remaining, flat) if f.get(path, _MISSING) == chosen]
        return remaining

    def list_actions(self, view: dict, legal: list[dict], start: int, stop: int) -> None:
        if start == 0:
            self.say(self.tx("table.console.actions"))
        for i in range(start, stop):
            self.say(f"  {i + 1:>3}. {self.present.describe_action(legal[i], view, self.lang)}")
        if stop < len(legal):
            self.say("  " + self.tx("table.console.more", count=len(legal) - stop))


_MISSING = object()


def _leaves(value, path: tuple = ()):
    """(path, value) for every scalar inside an action, in order: ("placement", "frodo") -> "the_shire"."""
    if isinstance(value, dict):
        for key, inner in value.items():
            yield from _leaves(inner, (*path, key))
    elif isinstance(value, list):
        for i, inner in enumerate(value):
            yield from _leaves(inner, (*path, i))
    else:
        yield path, value


async def run(args, stdin: TextIO, out: TextIO) -> int:
    if args.auto:
        args.vs = "random"
    db = args.db or Path(tempfile.mkdtemp(prefix="lotr-console-")) / "console.db"
    service = await TableService.open(SqliteStore(db))
    try:
        try:
            service.rules_for(args.game)
        except (KeyError, NotImplementedError, AttributeError):
            out.write(t("table.console.no_engine", args.lang, game=args.game) + "\n")
            return 2
        return await Console(service, args, stdin, out, db).play()
    finally:
        await service.close()


def main(argv: list[str] | None = None, stdin: TextIO | None = None, stdout: TextIO | None = None) -> int:
    args = parse(argv)
    return asyncio.run(run(args, stdin or sys.stdin, stdout or sys.stdout))


if __name__ == "__main__":
    sys.exit(main())
