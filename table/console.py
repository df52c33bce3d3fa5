"""lotr-console: a whole game of any declared game that has console hooks (`--game <id>`, games/) in a
terminal, with no Discord.

It plays through the same TableService (and so the same SQLite log) as the bot, so a console game is
also a test of the platform. `--vs random`: you against players choosing uniformly among their legal
actions; `--vs human`: everyone on one keyboard, with a cleared screen between players so nobody sees
another's secrets; `--vs easy|normal|hard`: against the game's computer player, offered only for a game
that has one; `--auto`: every seat random, printing the log and the result. A game is saved in the
user's data folder (or `--db`), and `--db` resumes it.
Choices are asked one question at a time as the game lists them (a die, then an action, then a
piece...; "back" goes up one question); `help`, `map` (the picture, opened where the terminal can) and
`cards` (the reader's cards read in full) answer at any prompt.
Streams are parameters so tests can script a game. What differs between games comes from the game's
declaration: its presenter, its board drawing and its console hooks (games/protocols.py ConsoleHooks:
its own flags, its options, the screen a player sees).
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

import games
import i18n
from engine import IllegalAction
from games import Game
from i18n import t
from present import describe_events
from table import bots
from table.consoles.plain import READ_WORDS
from table.errors import TableError
from table.models import Table
from table.service import TableService
from table.store import open_store

if TYPE_CHECKING:  # the web table is imported only with --web
    from web.console import WebThread

CHANNEL = 1  # the console's one "channel"
BOT = "random"
SHOWN = 30  # actions listed before "more" (a setup can offer many placements)


YES = ("y", "yes", "o", "oui")


class TakeBack(Exception):
    """Someone at the prompt asked to take back the latest move of a person here ("undo")."""


class Quit(Exception):
    """The human typed q, or the input ended."""


def playable_here() -> dict[str, Game]:
    """The declared games that have console hooks, by id."""
    return {game.id: game for game in games.declared() if game.console is not None}


def parse(argv: list[str] | None) -> argparse.Namespace:
    """Two passes: --game first, then the flags common to every game plus the chosen game's own."""
    known = playable_here()
    first = argparse.ArgumentParser(add_help=False)
    first.add_argument("--game", choices=sorted(known), default=next(iter(sorted(known)), None))
    game = known.get(first.parse_known_args(argv)[0].game)
    ap = argparse.ArgumentParser(
        prog="lotr-console", description=f"A game of the Lord of the Rings in a terminal; these are the options "
        f"of {game.id if game else 'no game'}.",
        epilog="Each game has options of its own: lotr-console --game GAME --help (GAME: "
        f"{', '.join(sorted(known))}).")
    ap.add_argument("--game", choices=sorted(known), default=game.id if game else None)
    ap.add_argument("--players", type=int, default=None, help="how many seats (each game has its range)")
    vs = ("random", "human", *(bots.levels(game.id) if game is not None else ()))
    ap.add_argument("--vs", default="random", metavar="{" + ",".join(vs) + "}",
                    help="random players, people on one keyboard" + (
                        ", or the computer player of a level" if len(vs) > 2 else ""))
    ap.add_argument("--auto", action="store_true", help="every seat random; print the log and result")
    ap.add_argument("--lang", choices=i18n.LANGUAGES, default=i18n.DEFAULT)
    ap.add_argument("--seed", type=int, default=None)
    ap.add_argument("--db", default=None,
                    help="SQLite file or postgresql:// URL (resumes the game in it if any)")
    ap.add_argument("--ask-single", action="store_true",
                    help="ask even when there is one choice (alone at the keyboard, it is taken at once)")
    ap.add_argument("--images", type=Path, default=None, help="save the board PNGs in this folder")
    ap.add_argument("--web", nargs="?", type=int, const=8765, default=None, metavar="PORT",
                    help="show the game in a browser too, at http://127.0.0.1:PORT (8765 by default; docs/web.md)")
    ap.add_argument("--no-open", dest="open_map", action="store_false",
                    help="`map` writes the picture without opening it")
    if game is not None and game.options is not None:  # the game's options (games/options.py) as flags
        game.options.add_arguments(ap, game.seats[0])
    if game is not None and game.console is not None:  # and its console's own (a deck file...)
        game.console().add_arguments(ap)
    args = ap.parse_args(argv)
    if args.vs not in vs:  # a level for a game without a computer player: said, not a traceback
        ap.error(t("console.no_bot", args.lang, game=args.game, vs=args.vs) if args.vs in bots.LEVELS and len(vs) == 2
                 else f"argument --vs: invalid choice: {args.vs!r} (choose from {', '.join(vs)})")
    if game is not None and game.console is not None:
        low, high = game.seats
        if args.players is None:
            args.players = game.console().DEFAULT_PLAYERS
        elif not low <= args.players <= high:
            ap.error(f"--players: {game.id} is played by {', '.join(map(str, range(low, high + 1)))}")
    return args


class Console:
    def __init__(self, service: TableService, args, stdin: TextIO, out: TextIO, db: str | Path, own: dict):
        self.service, self.args, self.stdin, self.out, self.db = service, args, stdin, out, db
        self.own = own  # the reader's own options (a deck), read before anything was saved
        self.lang = args.lang
        self.game = games.get(args.game)
        assert self.game.console is not None, "parse() offers only games with console hooks"
        self.hooks = self.game.console()
        self.first = 1            # the number of a menu's first line (the Hunt allocation's: 0 dice)
        self.last_mover: str | None = None   # who made the latest move here (`back` may take it back)
        self.present = self.game.presenter()
        self.rng = random.Random(args.seed)
        self.humans: list[str] = []
        self.names: dict[str, str] = {}
        self.last_human: str | None = None
        self.draw = self._renderer() if args.images else None
        self.web: WebThread | None = None  # the web table beside the console (web/console.py), with --web

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
        if self.game.board is None:
            self.say(self.tx("table.console.no_images"))
            return None
        self.args.images.mkdir(parents=True, exist_ok=True)
        self.say(self.tx("table.console.images", path=self.args.images))
        return self.game.board().draw_board

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
        table = await self.service.serve(CHANNEL)
        if table is not None and table.status == "active":  # --db with a game in it: carry on
            players = table.players
        else:
            players = await self._start_seats(table if table is not None and table.status == "lobby" else None)
        for i, pid in enumerate(players):
            if pid == "you":
                self.names[pid] = self.tx("table.console.you")
            elif pid.startswith("player_"):
                self.names[pid] = self.tx("table.console.player_name", n=i + 1)
            elif bots.is_bot(pid):
                self.names[pid] = self.tx("table.console.bot_name", n=i + 1,
                                             level=self.tx(f"bot.bot_level.{bots.level_of(pid)}"))
            else:
                self.names[pid] = self.tx("table.console.random_name") + ("" if pid == BOT else f" {i + 1}")
        self.humans = [p for p in players if p == "you" or p.startswith("player_")]
        for line in self.hooks.seat_lines(self.service.view(CHANNEL, None), self.names, self.lang):
            self.say(line)
        if self.args.web is not None:
            self.watch_in_browser(self.args.web)

    def watch_in_browser(self, port: int) -> None:
        from web.console import WebThread  # the web table only when asked for

        web = WebThread(self.db, lambda players: self.names, port=port)
        try:
            base = web.start()
        except OSError as exc:
            self.say(self.tx("web.console.failed", port=port, error=exc))
            return
        self.web = web
        self.say(self.tx("web.console.address", url=f"{base}/t/{self.table().id}?lang={self.lang}"))

    def _seats_of(self, key: str, value, reader: str, players: list[str]) -> list[tuple[str, object]]:
        """Whose option each part of `value` is: the reader's, or, for the game's player form (the Card
        Game's decks), as the Discord lobby seats it (a fellowship's decks: the reader first)."""
        form = self.game.player_form() if self.game.player_form is not None else None
        if form is None or key != form.FORM_KEY:
            return [(reader, value)]
        seats, problem = form.seats_of(value, reader, players, self.lang)
        if problem:
            raise SystemExit(problem)
        return seats

    async def _start_seats(self, lobby: Table | None) -> list[str]:
        """--players seats: all random (--auto), you in your seat against (or beside) random players, or
        hot-seat. Random players are numbered, unless the game is always a duel. A save holding a table
        that was set up but never started (a run stopped between the two) starts it, with its seats."""
        count = self.args.players
        if lobby is not None:
            players = list(lobby.players)
            self.say(self.tx("table.console.unstarted", players=len(players)))
            return await self._started(players, players[self.hooks.your_seat(self.args, len(players))])
        if self.args.auto:
            players = [f"random_{i + 1}" for i in range(count)]
        elif self.args.vs == "random":
            mine = self.hooks.your_seat(self.args, count)
            duel = self.game.seats == (2, 2)
            players = ["you" if i == mine else (BOT if duel else f"random_{i + 1}") for i in range(count)]
        elif self.args.vs in bots.levels(self.game.id):
            mine = self.hooks.your_seat(self.args, count)
            players = ["you" if i == mine else bots.bot_id(self.args.vs, i + 1) for i in range(count)]
        else:
            players = [f"player_{i + 1}" for i in range(count)]
        options = {**(self.game.options.from_arguments(self.args) if self.game.options else {}),
                   **self.hooks.options(self.args)}
        await self.service.create(CHANNEL, None, self.game.id, options, players[0], self.lang)
        for pid in players[1:]:
            await self.service.join(CHANNEL, pid)
        return await self._started(players, players[self.hooks.your_seat(self.args, count)])

    async def _started(self, players: list[str], reader: str) -> list[str]:
        """The lobby's seats given the reader's own options, then the game started."""
        try:
            for key, value in self.own.items():
                for who, own in self._seats_of(key, value, reader, players):
                    await self.service.bring(CHANNEL, who, key, own)
        except TableError as exc:  # e.g. no starter deck left for a seat around the decks brought
            raise SystemExit(exc.text(self.lang)) from exc
        await self.service.start(CHANNEL, players[0], {p: i for i, p in enumerate(players)}, seed=self.args.seed)
        return players

    # ------------------------------------------------------------------ the game loop

    def table(self) -> Table:
        """The console's table, seated (or resumed) before the game loop starts and kept in memory."""
        table = self.service.table(CHANNEL)
        if table is None:
            raise TableError("no_table")
        return table

    async def play(self) -> int:
        self.say(self.hooks.title(self.lang))
        self.say(self.tx("table.console.db", path=self.db))
        await self.seat()
        if self.hooks.SHOW_OPENING and not self.humans and self.table().seq == 0:
            # What happened while setting up (La Communauté rolls the first dice at once).
            view = self.service.view(CHANNEL, None)
            for line in describe_events(self.present, view.get("log") or [], view, self.lang, self.names):
                self.say("  " + line)
        self.save_image(self.table().seq)
        try:
            while self.table().status == "active":
                waiting = self.service.waiting_for(CHANNEL)
                bots = [p for p in waiting if p not in self.humans]
                if bots:  # the random player answers first, so the human then sees its events
                    await self.random_move(bots[0])
                elif waiting:
                    await self.human_move(waiting[0])
                else:
                    break
        except Quit:  # leaving is a normal end: the game is saved and can be resumed
            self.say()
            self.say(self.tx("table.console.quit", path=self.db))
            self.say(self.tx("console.resume", command=f"lotr-console --game {self.game.id} --db {self.db}"))
            return 0
        table = self.table()
        self.say(self.tx("table.console.result", actions=table.seq,
                         result=self.present.status(self.service.view(CHANNEL, None), self.lang, self.names)))
        return 0

    async def random_move(self, player: str) -> None:
        if bots.is_bot(player):  # a bot seat answers as in Discord (table/bots.py), without the pause
            await self.apply(player, *bots.next_action(self.service, CHANNEL, player))
            return
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
            try:
                chosen = self.choose(player, view, legal)
            except TakeBack:
                if await self.take_back():
                    return
                continue
            try:
                if isinstance(chosen, dict):
                    await self.apply(player, chosen, self.table().decision_id)
                    return
                # Several picked at once (the game's own word): each taken while the game still offers it.
                for action in chosen:
                    if not self.service.is_legal(CHANNEL, player, action):
                        break
                    await self.apply(player, action, self.table().decision_id)
                return
            except TableError as exc:
                self.say(self.tx("table.console.refused", reason=exc.text(self.lang)))
            except IllegalAction as exc:
                self.say(self.tx("table.console.refused", reason=self.game.refusal(exc, self.lang)))

    async def take_back(self) -> bool:
        """Take back the latest move of a person at this keyboard and the moves after it (table/undo.py),
        when the game allows it and every other person here agrees (random players and bots accept)."""
        movers = {p: seq for p in self.humans if (seq := self.service.undoable(CHANNEL, p)) is not None}
        if not movers:
            self.say(self.tx("console_undo.cannot"))
            return False
        player = max(movers, key=movers.__getitem__)
        for other in self.humans:
            if other != player and self.ask(self.tx("console_undo.ask", player=self.names[player],
                                                    other=self.names[other])).lower() not in YES:
                self.say(self.tx("console_undo.refused", other=self.names[other]))
                return False
        try:
            await self.service.undo(CHANNEL, player, self.table().seq)
            if self.web is not None:
                self.web.changed(self.table())
        except TableError as exc:
            self.say(self.tx("table.console.refused", reason=exc.text(self.lang)))
            return False
        self.say(self.tx("console_undo.done", player=self.names[player]))
        return True

    async def apply(self, player: str, action: dict, decision_id: int | None = None) -> None:
        table, events = await self.service.act(CHANNEL, player, action, decision_id)
        self.last_mover = player
        if self.web is not None:
            self.web.changed(table)
        # Events are public; in a one-human game they read best from that human's view.
        reader = self.humans[0] if len(self.humans) == 1 else None
        view = self.service.view(CHANNEL, reader)
        for line in describe_events(self.present, events, view, self.lang, self.names):
            self.say("  " + line)
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
        self.say()
        for line in self.hooks.screen(view, self.names, self.lang):
            self.say(line)

    def choose(self, player: str, view: dict, legal: list[dict]) -> dict | list[dict]:
        """Ask until the answer is an action: a listed number, one question after another as the game
        lists them (its `choices` asked again over the chosen option's actions, until one is left),
        or a JSON action. A long list of actions of one type (a setup: thousands of placements) is
        first narrowed down one field at a time. The game may take words of its own (`command`: the
        Card Game's `read N`, or several numbers at once), which can answer with several actions to
        take in order."""
        if len(legal) == 1 and len(self.humans) == 1 and not self.args.ask_single:   # nothing to choose
            self.say(self.tx("table.console.only_choice", action=self.present.describe_action(legal[0], view, self.lang)))
            return legal[0]
        if self.hooks.NARROW and len(legal) > SHOWN and len({a.get("type") for a in legal}) == 1:
            legal = self.narrow(player, legal)
            if len(legal) == 1:
                return legal[0]
        levels: list[tuple[str, list[tuple[str, list[dict]]]]] = [("", self.hooks.choices(view, legal, self.lang))]
        while True:
            path, options = levels[-1]
            chosen = self.pick(player, view, options, path, can_go_back=len(levels) > 1,
                               command=lambda answer: self.hooks.command(view, legal, answer, self.lang))
            if isinstance(chosen, (dict, list)):  # an action typed as JSON, or several from the game's word
                return chosen
            label, group = chosen
            if not group:  # "back" (or an option that stands for nothing: "no, go back")
                levels = levels[:-1] or levels
                continue
            after = self.hooks.choices(view, group, self.lang)
            # A further question splits the group, or asks to confirm its one action (once: the same
            # question again is its answer); else the group is what was chosen.
            if len(after) < 2 or after == options or (len(group) > 1 and any(len(g) >= len(group) for _, g in after)):
                if len(group) == 1:
                    return group[0]
                after = [(self.present.describe_action(a, view, self.lang), [a]) for a in group]
            levels.append((f"{path} › {label}" if path else label, after))

    def pick(self, player: str, view: dict, options: list[tuple[str, list[dict]]], path: str = "",
             can_go_back: bool = False, command=None) -> tuple[str, list[dict]] | dict | list[dict]:
        """The option chosen by number (its label and actions; no actions: go back; "0" or "back" goes
        back a question), an action typed as JSON, or the actions the game's own words answer with
        (`command(answer)`: (lines to print, actions) or None). The console's own commands (help, map,
        cards, more) answer meanwhile."""
        shown = min(len(options), SHOWN)
        numbered = getattr(self.hooks, "first_number", None)      # a menu whose numbers mean something
        self.first = numbered(options) if numbered is not None and not can_go_back else 1
        self.list_actions(options, 0, shown, path)
        if can_go_back:
            self.say(f"  {0:>3}. {self.tx('console_menus.back')}")
        while True:
            answer = self.ask(self.tx("table.console.prompt", player=self.names[player]))
            word = answer.lower()
            if word in ("q", "quit", "exit"):
                raise Quit
            if word == "more" and shown < len(options):
                self.list_actions(options, shown, len(options))
                shown = len(options)
                continue
            if word in ("help", "?", "h"):
                self.say(self.tx("console.help"))
                continue
            if word == "map":
                self.write_map(view)
                continue
            if word == "undo":
                raise TakeBack
            if (word in ("b", "back") or answer == "0") and can_go_back:
                return "", []
            if word in ("b", "back") and self.last_mover == player and self.service.undoable(CHANNEL, player) is not None:
                self.say(self.tx("console_menus.back_undo"))   # e.g. "Move armies" chosen: taken back, die and all
                raise TakeBack
            if word in ("b", "back"):     # the first question of a move: nothing chosen yet to go back on
                self.say(self.tx("console_menus.no_back"))
                continue
            if answer.isdigit() and self.first <= int(answer) < self.first + len(options):
                return options[int(answer) - self.first]
            if answer.startswith("{"):
                try:
                    return json.loads(answer)
                except ValueError:
                    pass
            said = command(answer) if command is not None and answer else None
            if said is not None:
                lines, actions = said
                for line in lines:
                    self.say(line)
                if actions:
                    return actions
                continue
            if word in READ_WORDS:        # after the game's own words: the Card Game's `read` lists its cards
                self.read_cards(view)
                continue
            self.say(self.tx("table.console.bad_choice", low=0 if can_go_back else self.first,
                             max=len(options) + self.first - 1))

    def write_map(self, view: dict) -> None:
        """The picture of the reader's view, whole (a game whose usual picture is a part of its map draws
        the full map), in a file opened where the terminal can."""
        if self.game.full_map is not None:
            draw = self.game.full_map().draw_full_map
        elif self.game.board is not None:
            draw = self.game.board().draw_board
        else:
            self.say(self.tx("console.no_map"))
            return
        if self.args.images:          # where the boards go, when --images says where
            self.args.images.mkdir(parents=True, exist_ok=True)
            path = self.args.images / f"map_{self.table().seq:04d}.png"
        else:
            path = Path(self.db).with_suffix(".map.png") if "://" not in str(self.db) else Path("lotr-console-map.png")
        try:
            path.write_bytes(draw(view, self.lang))
        except Exception as exc:  # noqa: BLE001 - a drawing bug must not stop the game
            self.say(self.tx("table.console.image_failed", error=exc))
            return
        self.say(self.tx("console.map_written", path=path))
        opener = shutil.which("xdg-open") or shutil.which("open")
        if opener and self.args.open_map and (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")
                                              or sys.platform == "darwin"):
            subprocess.Popen([opener, str(path)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    def read_cards(self, view: dict) -> None:
        texts = self.game.hand_texts().hand_texts(view, self.lang) if self.game.hand_texts is not None else None
        if texts is None:
            self.say(self.tx("console.no_card_texts"))
            return
        self.say(self.tx("console.cards") if texts else self.tx("console.no_cards"))
        for text in texts:
            self.say()
            self.say("\n".join("  " + line for line in text.splitlines()))

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
                self.say(self.tx("table.console.bad_choice", low=0, max=len(values)))
            chosen = values[int(answer) - 1]
            remaining = [a for a, f in zip(remaining, flat) if f.get(path, _MISSING) == chosen]
        return remaining

    def list_actions(self, options: list[tuple[str, list[dict]]], start: int, stop: int, path: str = "") -> None:
        if start == 0:
            self.say(self.tx("table.console.actions") + (f" {path}" if path else ""))
        for i in range(start, stop):
            self.say(f"  {i + self.first:>3}. {options[i][0]}")
        if stop < len(options):
            self.say("  " + self.tx("table.console.more", count=len(options) - stop))


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


def data_folder() -> Path:
    """Where games are saved without --db: the user's data folder (XDG_DATA_HOME, else ~/.local/share)."""
    return Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share") / "lotr-console"


def new_save(game: str) -> Path:
    """A new file for a new game, named by the game and the time it starts."""
    folder = data_folder()
    folder.mkdir(parents=True, exist_ok=True)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path, n = folder / f"{game}-{stamp}.db", 1
    while path.exists():
        n += 1
        path = folder / f"{game}-{stamp}-{n}.db"
    return path


async def run(args, stdin: TextIO, out: TextIO) -> int:
    if args.auto:
        args.vs = "random"
    # The reader's own options (a deck, perhaps fetched) first: a refused deck leaves no save behind.
    hooks = games.get(args.game).console
    own = await asyncio.to_thread(hooks().own_options, args) if hooks is not None else {}
    db = args.db or new_save(args.game)
    service = await TableService.open(open_store(db))
    try:
        try:
            service.rules_for(args.game)
        except (KeyError, NotImplementedError, AttributeError):
            out.write(t("table.console.no_engine", args.lang, game=args.game) + "\n")
            return 2
        console = Console(service, args, stdin, out, db, own)
        try:
            return await console.play()
        finally:
            if console.web is not None:
                console.web.stop()
    finally:
        await service.close()


def main(argv: list[str] | None = None, stdin: TextIO | None = None, stdout: TextIO | None = None) -> int:
    args = parse(argv)
    return asyncio.run(run(args, stdin or sys.stdin, stdout or sys.stdout))


if __name__ == "__main__":
    sys.exit(main())
