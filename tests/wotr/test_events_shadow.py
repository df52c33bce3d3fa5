"""The Shadow's event halves (engine/wotr/events_shadow.py): one test or more per card, named after it,
each checking the effect and that the card is refused when its precondition does not hold."""
from engine.wotr.state import ADJ, FP, SH
from tests.wotr.helpers import at_action, game, kinds, legal, play, refused, rolls
from tests.wotr.test_event_cards import event, holding


def shadow_with(card, die="event", **dice):
    return holding(at_action(game(), sh=[die], active=SH, **dice), SH, card)


def offered(s, card):
    return [a for a in legal(s, SH, "play_event") if a["card"] == card]


def refused_play(s, card, die="event", **choice):
    """The play is refused: 'unexpected_action' when no card play at all is offered now."""
    return refused(s, SH, event(card, die, **choice)) in ("unexpected_action", "not_allowed_now")


def at_war(s, *nations):
    for n in nations:
        s["politics"][n]["step"] = 0
    return s


# --- special Hunt tiles -------------------------------------------------------------------------------

def test_sh_char_01_shelobs_lair_puts_its_tile_in_play_until_mordor_then_in_the_pool():
    s = shadow_with("sh_char_01", "character")
    s2, ev = play(s, SH, event("sh_char_01", "character"))
    assert s2["hunt"]["specials"] == ["shelobs_lair"] and "shelobs_lair" not in s2["hunt"]["pool"]
    assert "special_tile" in kinds(ev) and s2["discards"][SH] == ["sh_char_01"]


def test_sh_char_02_the_ring_is_mine_joins_the_pool_at_once_on_the_mordor_track():
    s = shadow_with("sh_char_02")
    s["fellowship"]["mordor"] = 1
    s2, _ = play(s, SH, event("sh_char_02", "event"))
    assert "the_ring_is_mine" in s2["hunt"]["pool"] and s2["hunt"]["specials"] == []


def test_sh_char_03_and_04_put_on_on_they_went_and_give_it_to_uss_in_play():
    for card, tile in (("sh_char_03", "on_on_they_went"), ("sh_char_04", "give_it_to_uss")):
        s2, _ = play(shadow_with(card), SH, event(card, "event"))
        assert s2["hunt"]["specials"] == [tile]


def test_sh_char_01_a_special_tile_put_in_play_is_in_the_pool_after_entering_mordor():
    s = shadow_with("sh_char_01")
    s, _ = play(s, SH, event("sh_char_01", "event"))
    from tests.wotr.helpers import at_fellowship_phase
    at_fellowship_phase(s)
    s["fellowship"].update(pos="morannon", progress=0)
    s2, _ = play(s, FP, {"type": "enter_mordor"})
    assert "shelobs_lair" in s2["hunt"]["pool"] and s2["hunt"]["specials"] == []


# --- the Fellowship --------------------------------------------------------------------------------------

def test_sh_char_08_candles_of_corpses_adds_one_corruption_per_four_or_more():
    s = shadow_with("sh_char_08")
    s["fellowship"].update(pos="fangorn", corruption=2)
    rolls(s, 4, 3, 6)
    s2, ev = play(s, SH, event("sh_char_08", "event"))
    assert s2["fellowship"]["corruption"] == 4 and "card_roll" in kinds(ev)


def test_sh_char_08_candles_of_corpses_counts_only_sixes_with_gollum_as_guide():
    s = shadow_with("sh_char_08")
    s["fellowship"].update(pos="fangorn", corruption=2, guide="gollum", companions=[])
    rolls(s, 4, 5, 6)
    assert play(s, SH, event("sh_char_08", "event"))[0]["fellowship"]["corruption"] == 3


def test_sh_char_08_candles_of_corpses_is_refused_in_a_free_peoples_settlement():
    s = shadow_with("sh_char_08")
    s["fellowship"]["pos"] = "rivendell"
    assert offered(s, "sh_char_08") == []
    assert refused_play(s, "sh_char_08")
    s["captured"]["rivendell"] = SH           # a settlement the Shadow took is no Free Peoples one any more
    assert offered(s, "sh_char_08")


def test_sh_char_12_morgul_wound_adds_two_up_to_three_corruption_else_one_and_needs_a_revealed_fellowship():
    s = shadow_with("sh_char_12")
    assert offered(s, "sh_char_12") == []
    s["fellowship"].update(hidden=False, corruption=3)
    assert play(s, SH, event("sh_char_12", "event"))[0]["fellowship"]["corruption"] == 5
    s["fellowship"]["corruption"] = 4
    assert play(s, SH, event("sh_char_12", "event"))[0]["fellowship"]["corruption"] == 5


def test_sh_char_10_cruel_weather_moves_the_fellowship_figure_to_a_neighbour_keeping_its_progress():
    s = shadow_with("sh_char_10")
    assert offered(s, "sh_char_10") == []             # progress 0: refused
    s["fellowship"].update(pos="rivendell", progress=2)
    assert {a["region"] for a in offered(s, "sh_char_10")} == set(ADJ["rivendell"])
    s2, ev = play(s, SH, event("sh_char_10", "event", region="trollshaws"))
    assert s2["fellowship"]["pos"] == "trollshaws" and s2["fellowship"]["progress"] == 2
    assert "fellowship_shifted" in kinds(ev)
    assert refused_play(s, "sh_char_10", region="minas_tirith")


# --- armies -----------------------------------------------------------------------------------------------

def test_sh_str_15_hill_trolls_turns_two_sauron_regulars_into_elites_and_needs_sauron_at_war():
    s = shadow_with("sh_str_15", "army")
    assert offered(s, "sh_str_15") == []
    at_war(s, "sauron")
    before = {r: dict(s["units"][r]["sauron"]) for r in ("barad_dur", "minas_morgul")}
    pool = dict(s["reinforcements"]["sauron"])
    s2, ev = play(s, SH, event("sh_str_15", "army", regions=["barad_dur", "minas_morgul"]))
    for r in before:
        after = s2["units"][r]["sauron"]
        assert after.get("regular", 0) == before[r]["regular"] - 1
        assert after.get("elite", 0) == before[r].get("elite", 0) + 1
    assert s2["reinforcements"]["sauron"]["regular"] == pool["regular"] + 2
    assert s2["reinforcements"]["sauron"].get("elite", 0) == pool["elite"] - 2
    assert kinds(ev).count("unit_promoted") == 2


def test_sh_str_15_hill_trolls_offers_one_region_twice_only_with_two_regulars_there():
    s = at_war(shadow_with("sh_str_15", "army"), "sauron")
    pairs = [tuple(a["regions"]) for a in offered(s, "sh_str_15")]
    for r, u in s["units"].items():
        n = u.get("sauron", {}).get("regular", 0)
        assert ((r, r) in pairs) == (n >= 2)


def test_sh_str_21_hordes_from_the_east_recruits_five_regulars_on_the_eastern_edge_when_at_war():
    s = shadow_with("sh_str_21", "muster")
    assert offered(s, "sh_str_21") == []
    at_war(s, "southrons")
    assert {a["region"] for a in offered(s, "sh_str_21")} == {"east_rhun", "far_harad", "khand", "south_rhun"}
    s2, _ = play(s, SH, event("sh_str_21", "muster", region="khand"))
    assert s2["units"]["khand"]["southrons"]["regular"] == 5
