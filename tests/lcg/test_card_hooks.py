"""Every card's rule lives in its effects module: the core reads generic hooks (attack bonus, resource
icons, gained traits, draw blocking, on-reveal, attached flags) and never names a card."""
import pathlib
import re

from engine.lcg.data import catalogue
from engine.lcg.effects import HOOKS, REGISTRY, hook, load_all
from tests.lcg.helpers import place_attachment, table

CORE = pathlib.Path(__file__).resolve().parents[2] / "engine" / "lcg"


def test_the_core_names_no_card():
    ids = set(catalogue())
    for path in sorted(CORE.glob("*.py")):
        named = set(re.findall(r"[\"']([a-z0-9_]+)[\"']", path.read_text(encoding="utf-8"))) & ids
        assert not named, (path.name, sorted(named))


def test_the_six_cards_use_generic_hooks():
    load_all()
    assert REGISTRY["blade_of_gondolin"].attack_bonus and REGISTRY["dunhere"].attack_bonus
    assert REGISTRY["dunhere"].attacks_staging
    assert REGISTRY["celebrians_stone"].icons_attached
    assert REGISTRY["steward_of_gondor"].traits_attached == ("gondor",)
    assert REGISTRY["enchanted_stream"].blocks_draw
    assert REGISTRY["thalin"].on_reveal
    assert "stays_exhausted" in REGISTRY["caught_in_a_web"].flags_attached


def test_an_unknown_hook_is_refused():
    import pytest
    with pytest.raises(ValueError):
        hook("gimli", attack_bonsu=lambda *a: 1)
    assert "attack_bonsu" not in HOOKS


def test_celebrians_stone_gives_aragorn_a_spirit_icon_and_nobody_else():
    from engine.lcg.payment import icons
    s = table(["aragorn", "theodred", "gloin"])
    ar, th = (next(u for u in s["players"]["a"]["heroes"] if s["ids"][u] == h) for h in ("aragorn", "theodred"))
    place_attachment(s, "a", "celebrians_stone", ar)
    assert icons(s, ar) == {"leadership", "spirit"}
    s = table(["aragorn", "theodred", "gloin"])
    place_attachment(s, "a", "celebrians_stone", th)
    assert icons(s, th) == {"leadership"}
