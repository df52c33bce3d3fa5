"""Escape from Dol Guldur's events and its made-up Orc Guard read as sentences in both languages."""
from present import lcg as present
from tests.lcg.helpers import R
from tests.lcg.strong_policy import play_game


def test_dol_guldur_events_have_their_own_text_in_english_and_french():
    decks = {"a": "tactics", "b": "spirit", "c": "leadership"}
    s = R.new_game(list(decks), {"decks": decks, "first_player": "a", "scenario": "escape_from_dol_guldur",
                                 "easy": True}, 5099)   # a game with claims, a guard, a prisoner rescued and Iron Shackles
    s, _n = play_game(s)
    view = R.view(s, "a")
    kinds = {"guarded", "claimed", "prisoner", "rescued", "attached_to_deck"}
    assert kinds <= {e["type"] for e in s["log"]}
    lines = {lang: [present.describe_event(e, view, lang) for e in s["log"] if e["type"] in kinds]
             for lang in ("en", "fr")}
    for _lang, texts in lines.items():
        for text in texts:
            assert "Event " not in text and "Événement" not in text and "{" not in text, text
    prisoner = next(e for e in s["log"] if e["type"] == "prisoner")
    name = present.card_name(prisoner["id"], "fr")
    assert name in present.describe_event(prisoner, view, "fr") and "prisonnier" in present.describe_event(
        prisoner, view, "fr")


def _new_table_view() -> dict:
    """The public view of a game just set up: these events name their cards themselves."""
    return R.view(R.new_game(["a", "b"], {}, 1), None)


def test_claimed_rescued_and_deck_attachment_name_card_player_and_hero():
    view = _new_table_view()
    claimed = {"type": "claimed", "card": "e03", "id": "gandalfs_map", "player": "a", "to": "p1h1"}
    en = present.describe_event(claimed, view, "en", names={"a": "Ann"})
    assert en.startswith("Ann claims Gandalf") and "claims" in en
    rescued = {"type": "rescued", "card": "p2h1", "id": "aragorn", "player": "b"}
    assert present.describe_event(rescued, view, "fr", names={"b": "Bea"}) == "Bea libère Aragorn."
    shackles = {"type": "attached_to_deck", "card": "e07", "id": "iron_shackles", "player": "a"}
    assert "Ann" in present.describe_event(shackles, view, "en", names={"a": "Ann"})


def test_an_orc_guard_is_named_not_shown_as_its_id():
    assert present.card_name("orc_guard", "en") == "Orc Guard"
    assert present.card_name("orc_guard", "fr") == "Garde orque"
    engaged = {"type": "engaged", "enemy": "g1", "id": "orc_guard", "player": "a", "optional": False}
    assert "Garde orque" in present.describe_event(engaged, _new_table_view(), "fr")
