"""A throwaway game declared the way every game is (games.Game), to show that a game plugs in without
touching a shared module: the rules, the texts (added at run time), a presenter, controls and console
hooks, all in this file.

"Hidden number": each of two players holds a secret number from 1 to `high` (drawn from the seed).
In turn, a player guesses the other's number and is told "higher", "lower" or "right"; the first to
guess right wins.
"""
from __future__ import annotations

import argparse
import json
from typing import Literal, TypedDict

import i18n
from bot.controls import Button, Control
from engine.kernel import Decision, IllegalAction, Incoming, Result, Rng, ViewEnvelope, dump_json, load_json
from games import Game, Option, Options, Preset, Setting

ID = "hidden_number"


class Guess(TypedDict):  # the game's one action; a game with several lists them as a union: A | B | ...
    type: Literal["guess"]
    n: int


class HiddenDecision(Decision):
    id: int
    waiting_for: list[str]


class HiddenView(ViewEnvelope):  # the kernel's envelope (game, phase, you, decision, log, result) and its own
    decision: HiddenDecision
    players: list[str]
    high: int
    secret: int | None  # the viewer's own number


class HiddenNumberRules:
    name = ID

    def new_game(self, players: list[str], options: dict, seed: int) -> dict:
        high = options.get("high", 9)
        if set(options) - {"high"} or not isinstance(high, int) or isinstance(high, bool) or not 3 <= high <= 20:
            raise IllegalAction("bad_option")
        if len(players) != 2 or players[0] == players[1]:
            raise IllegalAction("bad_players")
        rng = Rng(Rng.from_seed(seed))
        return {"game": ID, "players": list(players), "high": high, "turn": 0, "decision": 1, "log": [],
                "secrets": {p: rng.below(high) + 1 for p in players}, "winner": None}

    def legal_actions(self, state: dict, player: str) -> list[Guess]:
        if player not in self.waiting_for(state):
            return []
        return [{"type": "guess", "n": n} for n in range(1, state["high"] + 1)]

    def is_legal(self, state: dict, player: str, action: Incoming) -> bool:
        return action in self.legal_actions(state, player)

    def apply(self, state: dict, player: str, action: Incoming) -> tuple[dict, list[dict]]:
        if not isinstance(action, dict) or action.get("type") != "guess" or set(action) != {"type", "n"}:
            raise IllegalAction("malformed")
        if state["winner"] is not None:
            raise IllegalAction("game_over")
        if player not in state["players"]:
            raise IllegalAction("not_a_player")
        if player not in self.waiting_for(state):
            raise IllegalAction("not_your_turn")
        n = action["n"]
        if not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= state["high"]:
            raise IllegalAction("bad_number", high=state["high"])
        new = json.loads(json.dumps(state))
        other = new["players"][1 - new["turn"]]
        secret = new["secrets"][other]
        answer = "right" if n == secret else "higher" if secret > n else "lower"
        event = {"type": "guessed", "player": player, "of": other, "n": n, "answer": answer}
        new["log"].append(event)
        if answer == "right":
            new["winner"] = player
        else:
            new["turn"] = 1 - new["turn"]
        new["decision"] += 1
        return new, [event]

    def view(self, state: dict, viewer: str | None) -> HiddenView:
        return {"game": ID, "phase": "play" if state["winner"] is None else "over", "players": state["players"],
                "high": state["high"], "you": viewer, "secret": state["secrets"].get(viewer) if viewer else None,
                "log": list(state["log"]), "result": self.result(state),
                "decision": {"id": state["decision"], "kind": "guess", "waiting_for": self.waiting_for(state)}}

    def waiting_for(self, state: dict) -> list[str]:
        return [] if state["winner"] is not None else [state["players"][state["turn"]]]

    def result(self, state: dict) -> Result | None:
        return None if state["winner"] is None else {"winner": state["winner"], "reason": "guessed"}

    def reveals(self, before: dict, after: dict, events: list[dict]) -> bool:
        return True    # every answer tells something of the hidden number: nothing is taken back

    def dump(self, state: dict) -> str:
        return dump_json(state)

    def load(self, text: str) -> dict:
        return load_json(text, ID)


RULES = HiddenNumberRules()

TEXTS = {
    "en": {"errors_hidden.malformed": "That is not a guess.", "errors_hidden.game_over": "The game is over.",
           "errors_hidden.not_a_player": "You are not playing.", "errors_hidden.not_your_turn": "Not your turn.",
           "errors_hidden.bad_number": "Guess a number from 1 to {high}.",
           "errors_hidden.bad_option": "Unknown option.", "errors_hidden.bad_players": "Two players, please.",
           "bot.game.hidden_number": "Hidden number", "hidden.preset": "Numbers 1 to {high}",
           "hidden.guess": "Guess {n}", "hidden.title": "Hidden number — local console",
           "hidden.guessed": "{player} guesses {n}: {answer}.", "hidden.right": "right", "hidden.higher": "higher",
           "hidden.lower": "lower", "hidden.secret": "Your number: {n}.", "hidden.turn": "{player} to guess.",
           "hidden.won": "{player} wins.", "hidden.seat": "Seat {n}: {player}",
           "bot_hidden.settings.answers": "Hidden number: how answers are told",
           "bot_hidden.settings.answers.words": "in words", "bot_hidden.settings.answers.arrows": "with arrows"},
    "fr": {"errors_hidden.malformed": "Ce n'est pas une proposition.", "errors_hidden.game_over": "La partie est finie.",
           "errors_hidden.not_a_player": "Vous ne jouez pas.", "errors_hidden.not_your_turn": "Ce n'est pas votre tour.",
           "errors_hidden.bad_number": "Proposez un nombre de 1 à {high}.",
           "errors_hidden.bad_option": "Option inconnue.", "errors_hidden.bad_players": "Deux joueurs, s'il vous plaît.",
           "bot.game.hidden_number": "Nombre caché", "hidden.preset": "Nombres de 1 à {high}",
           "hidden.guess": "Proposer {n}", "hidden.title": "Nombre caché — console locale",
           "hidden.guessed": "{player} propose {n} : {answer}.", "hidden.right": "gagné", "hidden.higher": "plus",
           "hidden.lower": "moins", "hidden.secret": "Votre nombre : {n}.", "hidden.turn": "À {player} de deviner.",
           "hidden.won": "{player} gagne.", "hidden.seat": "Place {n} : {player}",
           "bot_hidden.settings.answers": "Nombre caché : comment les réponses sont dites",
           "bot_hidden.settings.answers.words": "en mots", "bot_hidden.settings.answers.arrows": "avec des flèches"},
}


class Presenter:
    def describe_action(self, action: dict, view: dict, lang: str) -> str:
        return i18n.t("hidden.guess", lang, n=action.get("n"))

    def describe_event(self, event: dict, view: dict, lang: str, names: dict[str, str] | None = None) -> str:
        player = str(event.get("player"))
        player = (names or {}).get(player, player)
        return i18n.t("hidden.guessed", lang, player=player, n=event.get("n"),
                      answer=i18n.t(f"hidden.{event.get('answer')}", lang))

    def status(self, view: dict, lang: str, names: dict[str, str] | None = None) -> str:
        name = lambda p: (names or {}).get(p, p)
        lines = [i18n.t("hidden.secret", lang, n=view["secret"])] if view.get("secret") else []
        if view.get("result"):
            lines.append(i18n.t("hidden.won", lang, player=name(view["result"]["winner"])))
        else:
            lines += [i18n.t("hidden.turn", lang, player=name(p)) for p in view["decision"]["waiting_for"]]
        return " ".join(lines)

    def name(self, thing: object, lang: str) -> str:
        return str(thing)


class Controls:
    def preset_label(self, key: str, lang: str) -> str:
        options = dict(GAME.presets()).get(key)
        return key if options is None else i18n.t("hidden.preset", lang, high=options.get("high", 9))

    def intro(self, lang: str) -> str:
        return ""

    def controls(self, view: dict, legal: list[dict], lang: str) -> list[Control]:
        return [Button(str(a["n"]), a, key=f"n{a['n']}") for a in legal]


class Console:
    DEFAULT_PLAYERS = 2
    NARROW = False
    SHOW_OPENING = False

    def add_arguments(self, parser: argparse.ArgumentParser) -> None:
        """No flag beyond its options' (--high)."""

    def options(self, args: argparse.Namespace) -> dict:
        return {}

    def own_options(self, args: argparse.Namespace) -> dict:
        return {}

    def choices(self, view: dict, legal: list[dict], lang: str) -> list[tuple[str, list[dict]]]:
        return [(Presenter().describe_action(a, view, lang), [a]) for a in legal]

    def command(self, view: dict, legal: list[dict], answer: str, lang: str) -> tuple[list[str], list[dict]] | None:
        return None

    def your_seat(self, args: argparse.Namespace, players: int) -> int:
        return 0

    def title(self, lang: str) -> str:
        return i18n.t("hidden.title", lang)

    def seat_lines(self, view: dict, names: dict[str, str], lang: str) -> list[str]:
        return [i18n.t("hidden.seat", lang, n=i + 1, player=names.get(p, p)) for i, p in enumerate(view["players"])]

    def screen(self, view: dict, names: dict[str, str], lang: str) -> list[str]:
        return [Presenter().status(view, lang, names)]


# A per-server setting, to show that one plugs in with the game (shown and stored by /lotr settings).
ANSWERS = Setting("answers", kind="choice", default="words", choices=("words", "arrows"))

# Its options, as data: /lotr create's presets, lotr-console's --high and the first check of a table's
# options come from here (the engine still judges last).
OPTIONS = Options(options=(Option("high", tuple(range(3, 21)), 9, "--high", help="the highest number"),),
                  presets=(Preset("standard"), Preset("quick", {"high": 3})))

GAME = Game(id=ID, rules=lambda: RULES, seats=(2, 2), presenter=Presenter, namespace="hidden",
            controls=Controls, console=Console, settings=(ANSWERS,), options=OPTIONS)


def declare() -> None:
    """Declare the game and its texts (what installing a game package does for a real game)."""
    import games
    games.register(GAME)
    for lang, texts in TEXTS.items():
        i18n.add_texts(lang, texts)


def withdraw() -> None:
    import games
    games.unregister(ID)
    for lang, texts in TEXTS.items():
        i18n.remove_texts(lang, list(texts))


# ---- test support for the conformance suite (tests/conformance/) -----------------------------------

SETUPS = [(2, {}), (2, {"high": 20})]
MAX_STEPS = 60


def choose(rnd, state: dict, player: str, legal: list[dict]) -> dict:
    return rnd.choice(legal)


def twin(state: dict, viewer: str | None, rnd) -> dict | None:
    """The same game with a secret the viewer does not hold changed to another value every answer so far
    allows; None when no other value fits."""
    hidden = [p for p in state["players"] if p != viewer]
    who = rnd.choice(hidden)
    told = [(e["n"], e["answer"]) for e in state["log"] if e["of"] == who]
    fits = [v for v in range(1, state["high"] + 1) if v != state["secrets"][who]
            and all(("right" if v == n else "higher" if v > n else "lower") == a for n, a in told)]
    if not fits:
        return None
    other = json.loads(json.dumps(state))
    other["secrets"][who] = rnd.choice(fits)
    return other
