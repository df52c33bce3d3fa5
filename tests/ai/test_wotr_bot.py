"""War of the Ring's bot (ai/wotr_bot.py, ai/wotr_heuristic.py): honest by construction (the same choice
in states that differ only in what its seat may not know, for every level and side), always one of the
offered actions, and the rules of thumb that make the normal level play to win."""
from __future__ import annotations

import random

import pytest

from ai import wotr_bot, wotr_heuristic
from ai import wotr_random_players as policies
from engine.wotr import RULES
from engine.wotr.seats import seat_of
from engine.wotr.state import CARDS, FP, SH, deep_copy

TWO = ["fp", "sh"]
FOUR = ["gondor", "rohan", "witch_king", "saruman"]


def twin(s: dict, viewer: str, rnd: random.Random) -> dict:
    """The state with everything `viewer` may not know dealt again: every other seat's hand (each card
    swapped with an unseen card of the same deck), the decks' order, the Hunt pool's order and the
    random generator."""
    t = deep_copy(s)
    mine = seat_of(t, viewer)
    for seat, hand in t["hands"].items():
        if seat == mine:
            continue
        for i, card in enumerate(hand):
            deck = t["decks"][CARDS[card]["side"]][CARDS[card]["deck"]]
            if deck:
                j = rnd.randrange(len(deck))
                hand[i], deck[j] = deck[j], card
        t["hands"][seat] = hand
    for side in t["decks"]:
        for cards in t["decks"][side].values():
            rnd.shuffle(cards)
    rnd.shuffle(t["hunt"]["pool"])
    t["rng"] = rnd.getrandbits(63)
    return t


def random_states(players: list[str], seed: int, actions: int):
    """(state, player) at each decision of a random game (the Shadow playing for war, so that battles,
    sieges and musters come up)."""
    rnd = random.Random(seed)
    s = RULES.new_game(players, {}, seed)
    for _ in range(actions):
        if RULES.result(s) is not None:
            return
        p = RULES.waiting_for(s)[0]
        yield s, p
        s, _ = RULES.apply(s, p, policies.pick(rnd, s, RULES.legal_actions(s, p), "war"))


# The hard level's own honesty test is tests/ai/test_wotr_search.py's (a search per decision is too
# slow for every decision of these games).
@pytest.mark.parametrize("level", ["easy", "normal"])
@pytest.mark.parametrize("players,seats", [(TWO, ("fp",)), (TWO, ("sh",)), (FOUR, ("rohan", "saruman"))])
def test_wotr_bot_decides_the_same_in_states_that_differ_only_in_what_it_may_not_know(level, players, seats):
    rnd = random.Random(5)
    compared, kinds = 0, set()
    for seed in (1,):
        for n, (s, p) in enumerate(random_states(players, seed, 600)):
            if p not in seats or n % 2:
                continue
            legal = RULES.legal_actions(s, p)
            t = twin(s, p, rnd)
            assert t != s and RULES.view(t, p) == RULES.view(s, p)
            assert RULES.legal_actions(t, p) == legal
            one = wotr_bot.decide(level, RULES.view(s, p), legal, 1000 + n)
            two = wotr_bot.decide(level, RULES.view(t, p), RULES.legal_actions(t, p), 1000 + n)
            assert one == two and one in legal
            compared += 1
            kinds.add(s["ask"][-1]["kind"])
    assert compared >= 40 and {"act", "battle"} & kinds


def test_wotr_bot_answers_the_same_for_the_same_seed_and_varies_with_it():
    s = RULES.new_game(TWO, {}, 3)
    while s["ask"][-1]["kind"] != "act":
        s, _ = RULES.apply(s, RULES.waiting_for(s)[0], RULES.legal_actions(s, RULES.waiting_for(s)[0])[-1])
    p = RULES.waiting_for(s)[0]
    view, legal = RULES.view(s, p), RULES.legal_actions(s, p)
    assert wotr_bot.decide("easy", view, legal, 7) == wotr_bot.decide("easy", view, legal, 7)
    assert len({repr(wotr_bot.decide("easy", view, legal, k)) for k in range(40)}) > 1  # easy errs at times
    with pytest.raises(ValueError):
        wotr_bot.decide("expert", view, legal, 7)


def _decision(players: list[str], seed: int, kind: str, side: str, when=lambda s: True):
    """The first state of a random game where `side` must make a decision of `kind`."""
    for s, p in random_states(players, seed, 3000):
        if s["ask"][-1]["kind"] == kind and s["ask"][-1]["side"] == side and when(s):
            return s, p
    raise AssertionError(f"no {kind} decision for {side}")


def test_wotr_bot_normal_fellowship_walks_to_mordor_and_hides_when_seen():
    s, p = _decision(TWO, 1, "act", FP, lambda s: s["fellowship"]["hidden"] and s["turn"] == 1
                     and any(a["type"] == "move_fellowship" for a in RULES.legal_actions(s, "fp"))
                     and s["hunt"]["box"][FP] == 0)
    a = wotr_heuristic.choose(RULES.view(s, p), RULES.legal_actions(s, p), random.Random(0), "normal")
    assert a["type"] == "move_fellowship"
    s, p = _decision(TWO, 1, "act", FP, lambda s: not s["fellowship"]["hidden"]
                     and any(a["type"] == "hide_fellowship" for a in RULES.legal_actions(s, "fp")))
    a = wotr_heuristic.choose(RULES.view(s, p), RULES.legal_actions(s, p), random.Random(0), "normal")
    assert a["type"] == "hide_fellowship"


def test_wotr_bot_normal_declares_nearer_mordor_and_enters_it_when_it_may():
    s, p = _decision(TWO, 4, "fellowship_phase", FP, lambda s: s["fellowship"]["progress"] > 0
                     and s["fellowship"]["mordor"] is None)
    legal = RULES.legal_actions(s, p)
    a = wotr_heuristic.choose(RULES.view(s, p), legal, random.Random(0), "normal")
    best = min(wotr_heuristic.to_mordor(x["region"]) for x in legal if x["type"] == "declare")
    assert a["type"] == "declare" and wotr_heuristic.to_mordor(a["region"]) <= best + 1
    assert wotr_heuristic.to_mordor(a["region"]) < wotr_heuristic.to_mordor(s["fellowship"]["pos"])
    view = RULES.view(s, p)
    view["fellowship"].update(pos="morannon", progress=0)
    assert wotr_heuristic.choose(view, [*legal, {"type": "enter_mordor"}], random.Random(0),
                                 "normal") == {"type": "enter_mordor"}


def test_wotr_bot_normal_shadow_hunts_harder_as_the_fellowship_nears_mordor():
    s, p = _decision(TWO, 2, "allocate", SH)
    view, legal = RULES.view(s, p), RULES.legal_actions(s, p)
    far = wotr_heuristic.choose(view, legal, random.Random(0), "normal")["dice"]
    view["fellowship"].update(pos="dagorlad", progress=0)
    near = wotr_heuristic.choose(view, legal, random.Random(0), "normal")["dice"]
    view["fellowship"]["mordor"] = 2
    inside = wotr_heuristic.choose(view, legal, random.Random(0), "normal")["dice"]
    assert 1 <= far < near <= inside == max(a["dice"] for a in legal)


def test_wotr_bot_normal_attacks_only_what_it_outnumbers():
    s, p = _decision(TWO, 0, "act", SH, lambda s: any(a["type"] == "attack" for a in RULES.legal_actions(s, "sh")))
    view = RULES.view(s, p)
    ctx = wotr_heuristic.Ctx(view, RULES.legal_actions(s, p), "normal")
    for a in (a for a in ctx.legal if a["type"] == "attack"):
        mine = wotr_heuristic._power(view, a["from"], SH)
        theirs = wotr_heuristic._power(view, a["to"], FP)
        if wotr_heuristic.score(ctx, a) > 0:
            assert mine > theirs


def test_wotr_bot_decision_seed_is_a_one_way_hash_of_table_seed_step_and_seat():
    """table/bots.py seeds each decision with blake2b of (table seed, step, seat): fixed by those three,
    changed by each, and with none of the old formula's arithmetic (seed * 1,000,003 + step * 101 +
    seat), from which the table's seed, hence every hidden card, could be read back."""
    import hashlib

    from table.bots import decision_seed

    seed = decision_seed(123_456_789, 40, "bot-normal-2")
    assert seed == decision_seed(123_456_789, 40, "bot-normal-2") and 0 <= seed < 2 ** 63
    digest = hashlib.blake2b(b"123456789:40:bot-normal-2", digest_size=8, person=b"lotr-bot-seed").digest()
    assert seed == int.from_bytes(digest, "big") >> 1
    others = {decision_seed(123_456_790, 40, "bot-normal-2"), decision_seed(123_456_789, 41, "bot-normal-2"),
              decision_seed(123_456_789, 40, "bot-normal-1"), decision_seed(123_456_789, 40, "bot-easy-2")}
    assert seed not in others and len(others) == 4
    assert seed != (123_456_789 * 1_000_003 + 40 * 101 + 2) & (2 ** 63 - 1)
    # No step is the last one plus a constant (the old formula's steps were 101 apart).
    steps = [decision_seed(7, n, "bot-easy-1") for n in range(50)]
    assert len({b - a for a, b in zip(steps, steps[1:])}) == 49


def test_wotr_bot_seats_of_the_console_play_a_whole_game_with_vs_normal(tmp_path):
    """`lotr-console --game wotr --vs normal`: you against a normal bot, to the end (the person's side
    answered with the first action every time)."""
    import io

    from table.console import main

    out = io.StringIO()
    code = main(["--game", "wotr", "--vs", "normal", "--seed", "3", "--db", str(tmp_path / "c.db")],
                stdin=io.StringIO("1\n" * 6000), stdout=out)
    text = out.getvalue()
    assert code == 0, text[-2000:]
    assert "The Shadow player: Bot 2 (normal)" in text and "Game over after" in text


@pytest.mark.parametrize("players", [["fp", "wk", "sa"], FOUR])
def test_wotr_bot_plays_every_seat_of_a_team_game_to_its_end(players):
    """Bots in every seat of a 3- and a 4-player game (levels mixed), each from its own view: every
    answer is an offered action and the game ends by the rules."""
    from table.bots import decision_seed

    levels = dict(zip(players, ("normal", "easy", "normal", "easy")))
    s = RULES.new_game(players, {}, 8)
    n = 0
    while RULES.result(s) is None:
        assert n < 4000, "no end"
        p = RULES.waiting_for(s)[0]
        legal = RULES.legal_actions(s, p)
        action = wotr_bot.decide(levels[p], RULES.view(s, p), legal, decision_seed(8, n, p))
        assert action in legal
        s, _ = RULES.apply(s, p, action)
        n += 1
    assert RULES.result(s)["reason"] in ("ring_destroyed", "corruption", "military")


def test_wotr_bot_hard_searches_a_decision_from_its_view_and_answers_an_offered_action(monkeypatch):
    """The hard level is the search (ai/wotr_search.py): an offered action, the same for the same seed
    (a fixed number of rounds)."""
    monkeypatch.setattr(wotr_bot, "HARD_BUDGET_S", None)
    monkeypatch.setattr(wotr_bot, "HARD_FP_BUDGET_S", None)
    monkeypatch.setattr(wotr_bot, "HARD_SAMPLES", 2)
    searched = 0
    for n, (s, p) in enumerate(random_states(TWO, 4, 120)):
        legal = RULES.legal_actions(s, p)
        if len(legal) < 3 or n % 10:
            continue
        view = RULES.view(s, p)
        one = wotr_bot.decide("hard", view, legal, 77 + n)
        assert one in legal and wotr_bot.decide("hard", view, legal, 77 + n) == one
        searched += 1
    assert searched >= 3



def _act_view(**fellowship) -> tuple[dict, list[dict]]:
    """A Free Peoples' Action die decision of a real game, the Fellowship changed by `fellowship`."""
    s, p = _decision(TWO, 1, "act", FP, lambda s: s["turn"] >= 2)
    view = RULES.view(s, p)
    view["fellowship"].update(fellowship)
    return view, RULES.legal_actions(s, p)


def test_wotr_bot_normal_plays_a_healing_card_when_the_ring_bearers_are_corrupted():
    view, legal = _act_view(corruption=4)
    athelas = {"type": "play_event", "card": "fp_char_09", "die": "character"}
    muster = {"type": "play_event", "card": "fp_str_14", "die": "character"}
    options = [a for a in legal if a["type"] not in ("move_fellowship", "hide_fellowship")] + [muster, athelas]
    assert wotr_heuristic.choose(view, options, random.Random(0), "normal") == athelas
    view["fellowship"]["corruption"] = 0      # nothing to heal: the card waits
    assert wotr_heuristic.choose(view, options, random.Random(0), "normal") != athelas


def test_wotr_bot_normal_steps_twice_on_the_mordor_track_only_with_corruption_to_spare():
    view, legal = _act_view(mordor=2, pos="morannon", progress=0, hidden=True)
    step = {"type": "move_fellowship", "die": "character"}
    options = [step, {"type": "draw_card", "die": "muster"}]
    view["hunt"].update(box={SH: 2, FP: 1}, pool=["eye_1", "d1_1", "d2_1"])
    view["fellowship"]["corruption"] = 4          # an Eye worth 4: 8, and 2 to spare
    assert wotr_heuristic.choose(view, options, random.Random(0), "normal") == step
    view["fellowship"]["corruption"] = 7          # 11 after an Eye: too near 12 for a second step
    assert wotr_heuristic.choose(view, options, random.Random(0), "normal") != step
    view["hunt"]["box"] = {SH: 2, FP: 0}           # the first step of a turn is always taken
    assert wotr_heuristic.choose(view, options, random.Random(0), "normal") == step


def test_wotr_bot_hard_free_peoples_walk_where_normal_waits_for_a_safer_turn():
    """Hard's Free Peoples walk at a risk of a Hunt tile at which normal's wait (heuristic.WALK_RISK):
    a second step in a turn with two Shadow dice in the Hunt box."""
    view, legal = _act_view(corruption=0)
    view["hunt"]["box"] = {FP: 1, SH: 2}
    assert wotr_heuristic.WALK_RISK["normal"][1] < wotr_heuristic.hunt_chance(view) < wotr_heuristic.WALK_RISK["hard"][1]
    assert any(a["type"] == "move_fellowship" for a in legal)
    normal = wotr_heuristic.choose(view, legal, random.Random(0), "normal")
    hard = wotr_heuristic.choose(view, legal, random.Random(0), "hard")
    assert normal["type"] != "move_fellowship" and hard["type"] == "move_fellowship"
