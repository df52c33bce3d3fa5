"""Every text of many seeded random games of each game, read in both languages: no "a" before a vowel
in English ("a Army die"), no "(s)" plural left to the reader, no line said twice in a row, and no
Python literal (None, {, [) in what a player reads. War of the Ring's games are long: a few of them
(the playout path plays the same rules faster), several hundred of the shorter games."""
from __future__ import annotations

import random
import re

import pytest

import engine
import games
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


@pytest.mark.parametrize("game,players,count", [("confrontation", 2, 300), ("fellowship", 3, 100), ("lcg", 1, 30)])
def test_every_text_of_many_random_games_reads_right(game, players, count):
    found = []
    for seed in range(count):
        found += _read(game, *_random_game(game, seed, players))
    assert not found, sorted(set(found))[:20]


def test_every_text_of_random_war_of_the_ring_games_reads_right():
    rules = engine.get_rules("wotr")
    found = []
    for seed in range(4):
        rnd, p = random.Random(seed), playout.start(rules.new_game(["fp", "sh"], {}, seed))
        events: list[dict] = []
        actions: list[tuple[dict, dict]] = []
        while playout.to_play(p):
            action = playout.random_action(rnd, playout.legal(p), "type")
            if not len(events) % 7:
                actions.append((action, rules.view(p, None)))
            events += playout.step(p, action)
        found += _read("wotr", events, actions, rules.view(p, None))
    assert not found, sorted(set(found))[:20]
