"""Autocomplete answers within Discord's limits, ignores accents and case, and tolerates typos."""
import pytest

import reference
from reference.search import autocomplete, card_autocomplete, card_lookup, cards, normalise

QUERIES = [
    "", " ", "a", "e", "z", "é", "1", "?", "gandalf", "gandalff", "GANDALF", "gandlaf", "comte", "Comté",
    "COMTÉ", "la comte", "surge", "déferlement", "deferlement", "renfort", "combat", "cartes combat",
    "frodo mordor", "frodon", "sauron", "œil", "oeil de sauron", "eye of sauron", "x" * 300,
    "le la les de", "the", "moria tunnel", "tunel moria", "balrgo", "retraite laterale", "wormtongue",
    "langue de serpent", "palantir", "palantír", "sentinel", "sentinelle", "doomed", "maudit", "victory",
    "guarded", "protégé", "restricted", "ranged", "à distance", "quest phase", "phase de quête", "hobbit",
    "ring", "anneau", "corruption", "hunt", "traque", "😀", "gan", "ga ", "<@123>", "' OR 1=1 --",
]


@pytest.mark.parametrize("lang", reference.LANGS)
@pytest.mark.parametrize("game", [None, *reference.GAMES])
@pytest.mark.parametrize("query", QUERIES)
def test_autocomplete_limits(query, lang, game):
    out = autocomplete(query, lang, game)
    assert len(out) <= 25
    for value, label in out:
        assert 1 <= len(label) <= 100
        assert 1 <= len(value) <= 100
        assert reference.lookup(value) is not None
        if game:
            assert value.startswith(game + ":")
    assert len({v for v, _ in out}) == len(out)


@pytest.mark.parametrize("lang", reference.LANGS)
@pytest.mark.parametrize("query", QUERIES)
def test_card_autocomplete_limits(query, lang):
    out = card_autocomplete(query, lang)
    assert len(out) <= 25
    for value, label in out:
        assert 1 <= len(label) <= 100 and 1 <= len(value) <= 100
        assert card_lookup(value) is not None


def test_limit_argument():
    assert len(autocomplete("", "en", limit=5)) == 5
    assert len(autocomplete("", "en", limit=500)) == 25
    assert autocomplete("", "en", limit=0) == []


def test_bad_arguments_are_harmless():
    assert autocomplete(None, "xx") is not None  # type: ignore[arg-type]
    assert len(autocomplete("gandalf", "de", "nogame")) <= 25
    assert card_lookup(None) is None  # type: ignore[arg-type]
    assert card_lookup("confrontation:nobody") is None


def test_normalise():
    assert normalise("Comté Œil ÉLÉMENT") == "comte oeil element"


def values(query, lang="en", game=None):
    return [v for v, _ in autocomplete(query, lang, game)]


def test_accent_and_case_insensitive():
    for q in ("comte", "Comté", "COMTE", "comté"):
        assert values(q, "fr", "confrontation")[:5] == values("Comté", "fr", "confrontation")[:5]
    assert values("palantir", "fr")[:3] == values("palantír", "fr")[:3]


@pytest.mark.parametrize("typo,expected", [
    ("gandalff", "confrontation:gandalf"), ("gandlaf", "confrontation:gandalf"),
    ("balrgo", "confrontation:balrog"), ("shadowfx", "confrontation:shadowfax"),
    ("wormtonge", "confrontation:wormtongue"), ("treebaerd", "confrontation:treebeard"),
])
def test_typos_find_the_topic(typo, expected):
    assert expected in values(typo, "en", "confrontation")[:5]


def test_french_words_inside_texts():
    assert "confrontation:moria_tunnel" in values("tunnel moria", "fr")[:3]
    assert "confrontation:moria_tunnel" in values("tunel moria", "fr")[:5]
    assert "confrontation:end_of_game" in values("victoire", "fr", "confrontation")[:5]
    assert any(v.startswith("confrontation:") for v in values("comte", "fr")[:10])


def test_prefix_of_the_word_being_typed():
    assert "confrontation:gandalf" in values("gand", "en", "confrontation")
    assert "confrontation:shadowfax" in values("grip", "fr", "confrontation")


def test_game_filter():
    assert all(v.startswith("confrontation:") for v in values("combat", "en", "confrontation"))


def test_card_index_confrontation():
    table = cards("confrontation")
    # 36 character faces + 9 + 9 combat cards + 8 special cards
    assert len(table) == 36 + 18 + 8
    assert "confrontation:gandalf_v" in table
    assert "confrontation:gandalf_v" in [v for v, _ in card_autocomplete("gandalf", "en")]
    assert "confrontation:gandalf_v" in [v for v, _ in card_autocomplete("gandalff variante", "fr")]
    assert "confrontation:treebeard" in [v for v, _ in card_autocomplete("sylvebarbe", "fr")][:3]
    assert "confrontation:shadowfax" in [v for v, _ in card_autocomplete("gripoil", "fr")][:3]
    assert "confrontation:sauron_eye_of_sauron" in [v for v, _ in card_autocomplete("oeil", "fr")][:5]
    card = card_lookup("confrontation:balrog")
    assert card["text"]["en"] and card["text"]["fr"]
    assert "confrontation:balrog" in card["rules"]
    for card in table.values():
        for lang in reference.LANGS:
            assert card["name"][lang] and card["text"][lang]


def test_card_index_every_game_plugs_in():
    # Every declared game that plugs its cards in (games.Game.cards / rules_cards) has its
    # cards/<game>.json indexed, each card with a name, a kind, a text and a label. A game may already
    # have its facts there without (War of the Ring before part 3 writes its card texts): it joins /card
    # when its declaration plugs its cards in.
    from pathlib import Path

    import games
    present = {p.stem for p in (Path(reference.__file__).parent.parent / "cards").glob("*.json")}
    for game in present & set(reference.GAMES):
        declared = games.find(game)
        if declared is not None and (declared.cards or declared.rules_cards):
            assert cards(game), game
    for cid, card in cards().items():
        assert cid == f"{card['game']}:{card['id']}"
        for lang in reference.LANGS:
            assert card["name"][lang] and card["kind"][lang] and card["text"][lang] and card["label"][lang]
        for rule in card["rules"]:
            assert reference.lookup(rule) is not None


def test_card_rules_links():
    sentinel = [c for c in cards("lcg").values() if "sentinel" in c.get("rules_keywords", [])]
    for card in sentinel:
        assert "lcg:sentinel" in card["rules"]
