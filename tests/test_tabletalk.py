"""The table-talk matcher (games/lcg_tabletalk.py): accents, case, whole words, French and English names,
cards visible to all ignored, secrets taken from the views only."""
from __future__ import annotations

import engine
from games import lcg_tabletalk as tt


def _views(hand: list[str], public_ids: list[str] = (), seen: dict | None = None) -> tuple[dict, dict]:
    """A public view showing `public_ids` in play and a private view holding `hand`."""
    public = {"game": "lcg", "staging": [{"uid": f"e{i}", "id": c} for i, c in enumerate(public_ids)],
              "decision": {"id": 3, "kind": "choose", "prompt": "gandalf"}, "log": []}
    private = dict(public, you="1", hand=[{"uid": f"p1c{i}", "id": c} for i, c in enumerate(hand)],
                   seen=seen or {})
    return public, private


def test_normalise():
    assert tt.normalise("Éowyn’s  STONE!") == "eowyn s stone"
    assert tt.normalise("Fils de l'Arnor") == "fils de l arnor"
    assert tt.normalise("Détermination Acharnée") == "determination acharnee"


def test_names_in_both_languages_without_accents_or_case():
    public, private = _views(["guard_of_the_citadel", "grim_resolve"])
    for message in ("I have a guard of the citadel", "GARDE DE LA CITADELLE ici", "garde de la citadelle."):
        assert tt.secret_mentions(message, public, private) == ["guard_of_the_citadel"]
    assert tt.secret_mentions("je joue Determination acharnee", public, private) == ["grim_resolve"]
    assert tt.secret_mentions("Grim Resolve and Guard of the Citadel", public, private) == [
        "grim_resolve", "guard_of_the_citadel"]


def test_whole_words_only():
    public, private = _views(["feint", "gandalf"])
    assert tt.secret_mentions("feint", public, private) == ["feint"]
    assert tt.secret_mentions("feinting is fun; gandalfs beard", public, private) == []
    assert tt.secret_mentions("Gandalf, now!", public, private) == ["gandalf"]


def test_cards_visible_to_all_are_ignored():
    # A copy of the card is in play: its name is public, naming it tells nothing.
    public, private = _views(["forest_spider", "feint"], public_ids=["forest_spider"])
    assert tt.secret_mentions("beware the Forest Spider", public, private) == []
    assert tt.secret_mentions("feint", public, private) == ["feint"]
    # A word in the public view that is not a card's "id" (a prompt) does not make a card public.
    public, private = _views(["gandalf"])
    assert tt.secret_mentions("gandalf", public, private) == ["gandalf"]


def test_cards_only_seen_by_the_player_count_too():
    seen = {"encounter": {"uid": "e09", "id": "king_spider"}, "deck:2": ["snowbourn_scout"]}
    public, private = _views([], seen=seen)
    assert tt.secret_mentions("the next one is a King Spider", public, private) == ["king_spider"]
    assert tt.secret_mentions("un eclaireur du snowbourn arrive", public, private) == ["snowbourn_scout"]


def test_with_real_views_of_a_game():
    rules = engine.get_rules("lcg")
    state = rules.new_game(["1", "2"], {}, 7)
    public, mine, theirs = rules.view(state, None), rules.view(state, "1"), rules.view(state, "2")
    secret = tt.secret_names(public, mine)
    assert set(secret) <= {c["id"] for c in mine["hand"]} and secret
    card = min(secret)
    assert tt.secret_mentions(f"I hold {min(secret[card])}", public, mine) == [card]
    # Names of the heroes (in play) are never secret.
    hero = public["players"]["1"]["heroes"][0]["id"]
    assert hero not in tt.secret_names(public, mine)
    # A card only the other player holds is not this player's secret.
    only_theirs = set(tt.secret_names(public, theirs)) - {c["id"] for c in mine["hand"]}
    for cid in only_theirs:
        assert tt.secret_mentions(min(tt.secret_names(public, theirs)[cid]), public, mine) == []
