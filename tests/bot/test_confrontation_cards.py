"""The Confrontation's "Read my cards" in Discord: in each player's DM, a button that answers only the
reader, in their language, with their own characters (strength and power, in our words) and their cards;
never an opponent's character still hidden, and nothing in the channel."""
from __future__ import annotations

from present import confrontation as text
from tests.bot.harness import Harness
from tests.bot.helpers import new_game, service, table


def _characters(view: dict) -> set[str]:
    return {*(view.get("to_place") or []), *(p["character"] for p in view["pieces"] if p.get("character"))}


def _unknown_to(h: Harness, reader: int, other: int) -> set[str]:
    """The names (both languages) of the other player's characters the reader does not know."""
    mine = _characters(service(h).view(h.channel_id, str(reader)))
    theirs = _characters(service(h).view(h.channel_id, str(other))) - mine
    return {text.character_name(c, lang) for c in theirs for lang in ("en", "fr")}


async def test_read_my_cards_reads_the_readers_characters_and_powers_only_to_them(harness: Harness):
    h = harness
    alice, bob = await new_game(h)
    button = f"lotr:cards:{table(h).id}"
    assert not any(i == button for p in h.public() for i in p.custom_ids())  # never in the channel
    channel_before = len(h.public())
    for uid in (alice, bob):
        view = service(h).view(h.channel_id, str(uid))
        dm = next(p for p in reversed(h.dms(uid)) if button in p.custom_ids())
        for locale, lang in (("en-US", "en"), ("fr", "fr")):
            (answer,) = [p for p in await h.click(uid, dm, button, locale=locale) if p.recipient == uid]
            assert answer.where == "ephemeral"
            fields = answer.message["embeds"][0]["fields"]
            expected = text.hand_texts(view, lang)
            assert [f["name"] for f in fields] == [e.split("\n")[0] for e in expected]
            own = _characters(view)
            assert len(own) >= 9 and all(any(f["name"].startswith(text.character_name(c, lang) + ",")
                                             for f in fields) for c in own)
            powers = {c: text._data()["characters"][c].get("ability", {}).get(lang) for c in own}
            assert any(powers.values())
            assert all(power in " ".join(f["value"] for f in fields) for power in powers.values() if power)
            unknown = _unknown_to(h, uid, bob if uid == alice else alice)   # (powers may name them: not read)
            assert not [f["name"] for f in fields if f["name"].split(",")[0] in unknown]
    assert len(h.public()) == channel_before
