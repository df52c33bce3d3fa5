"""Every text of many seeded random games of each game, read in both languages: no "a" before a vowel
in English ("a Army die"), no "(s)" plural left to the reader, no line said twice in a row, and no
Python literal (None, {, [) in what a player reads. 300 games of each of the shorter games; of War of the
Ring's long ones, 208 (144 random through the playout path, which plays the same rules faster, 64 of
normal bots, 16 of 3 and 4 players' bots), about 70 s of CPU in 16 chunks that pytest -n spreads."""
from __future__ import annotations

import random
import re

import pytest

import engine
import games
from ai import wotr_bot
from ai import wotr_playout_rules as playout
from i18n import LANGUAGES
from present import describe_events

SLIPS = {"vowel slip": re.compile(r"\b[Aa] [AEIOaeio]\w"), "(s)": re.compile(r"\w\(s\)"),
         "Python literal": re.compile(r"\bNone\b|[{}\[\]]")}


def faults(lines: list[str], lang: str, story: bool = True) -> list[tuple[str, str]]:
    """The slips of `lines`; in a story (events in order), a line said twice in a row too."""
    out = [(what, line) for line in lines for what, slip in SLIPS.items()
           if slip.search(line) and (lang == "en" or what != "vowel slip")]   # French: "a atteint"
    return out + [("said twice", a) for a, b in zip(lines, lines[1:]) if a == b and story]


def _random_game(game: str, seed: int, players: int, limit: int = 4000) -> tuple[list[dict], list[tuple], dict]:
    rules, rnd = engine.get_rules(game), random.Random(seed)
    s = rules.new_game([f"p{i}" for i in range(players)], {}, seed)
    events: list[dict] = []
    actions: list[tuple[dict, dict]] = []
    while rules.result(s) is None and len(events) < limit:
        pid = rnd.choice(rules.waiting_for(s))
        action = rnd.choice(rules.legal_actions(s, pid))
        if not len(events) % 7:                          # an action is read in the view it was offered in
            actions.append((action, rules.view(s, pid)))
        s, new = rules.apply(s, pid, action)
        events += new
    return events, actions, rules.view(s, None)


def _read(game: str, events: list[dict], actions: list[tuple[dict, dict]], view: dict) -> list[tuple[str, str]]:
    present = games.get(game).presenter()
    out = []
    for lang in LANGUAGES:
        out += faults(describe_events(present, events, view, lang), lang)
        out += faults([present.describe_action(a, seen, lang) for a, seen in actions], lang, story=False)
    return out


@pytest.mark.parametrize("game,players,count", [("confrontation", 2, 300), ("fellowship", 3, 300), ("lcg", 1, 300)])
def test_every_text_of_many_random_games_reads_right(game, players, count):
    found = []
    for seed in range(count):
        found += _read(game, *_random_game(game, seed, players))
    assert not found, sorted(set(found))[:20]


def _wotr_random(seed: int) -> tuple[list[dict], list[tuple], dict]:
    """A random game through the playout path (the same rules, faster)."""
    rules = engine.get_rules("wotr")
    rnd, p = random.Random(seed), playout.start(rules.new_game(["fp", "sh"], {}, seed))
    events: list[dict] = []
    actions: list[tuple[dict, dict]] = []
    while playout.to_play(p):
        action = playout.random_action(rnd, playout.legal(p), "type")
        if not len(events) % 7:
            actions.append((action, rules.view(p, None)))
        events += playout.step(p, action)
    return events, actions, rules.view(p, None)


def _wotr_bots(seed: int, players: int) -> tuple[list[dict], list[tuple], dict]:
    """A game of normal bots (they fight battles and play cards a random player seldom reaches), each
    reading its own view; 3 and 4 players share the sides' nations."""
    rules = engine.get_rules("wotr")
    s = rules.new_game([f"p{i}" for i in range(players)], {}, seed)
    events: list[dict] = []
    actions: list[tuple[dict, dict]] = []
    for step in range(4000):
        if rules.result(s) is not None:
            break
        pid = rules.waiting_for(s)[0]
        view = rules.view(s, pid)
        action = wotr_bot.decide("normal", view, rules.legal_actions(s, pid), seed * 10_000 + step)
        if not step % 5:
            actions.append((action, view))
        s, new = rules.apply(s, pid, action)
        events += new
    return events, actions, rules.view(s, None)


WOTR_CHUNKS = 16     # games in parallel chunks (pytest -n): 16 x (9 random + 3 bots' + 1 of 3-4 players)


@pytest.mark.parametrize("chunk", range(WOTR_CHUNKS))
def test_every_text_of_seeded_war_of_the_ring_games_reads_right(chunk):
    found = []
    for seed in range(chunk * 9, chunk * 9 + 9):
        found += _read("wotr", *_wotr_random(seed))
    for seed in range(chunk * 3, chunk * 3 + 3):
        found += _read("wotr", *_wotr_bots(seed, 2))
    found += _read("wotr", *_wotr_bots(chunk, 3 + chunk % 2))
    assert not found, sorted(set(found))[:20]
