"""/rules and /card through the real client, offline: registration, autocomplete limits and tolerance,
private answers in both languages, paging that survives a restart, sharing, forged ids, card pictures
in a guild and in a DM, and nothing about any hand during a game."""
from __future__ import annotations

import io
import re

import pytest
from PIL import Image

import reference
from i18n import t
from reference import search
from tests.bot.harness import Harness, Post, snowflake
from tests.bot.helpers import new_game

QUERIES = ["", " ", "a", "gandalff", "déferlement", "deferlement", "comte", "COMTÉ", "surge", "Frodo retreat Warg",
           "frodon repli", "aragron", "?!", "lcg:surge", "é" * 150, "x" * 300, "the of a", "zzzzqqq"]


# --------------------------------------------------------------------------------------------- driving

def _option(name: str, value, focused: bool = False) -> dict:
    return {"name": name, "type": 3, "value": value} | ({"focused": True} if focused else {})


async def command(h: Harness, uid: int, name: str, /, *, locale: str = "en-US", dm: bool = False,
                  **options) -> list[Post]:
    """`/<name> option=value...` as user `uid`, in the test channel or in the user's DM."""
    data = h._base(uid, locale=locale, dm_channel=h.world.dm_channel(uid) if dm else None, perms=0)
    data |= {"type": 2, "data": {"id": str(snowflake()), "name": name, "type": 1,
                                 "options": [_option(k, v) for k, v in options.items()]}}
    return await h.feed(data)


async def autocomplete(h: Harness, uid: int, name: str, focused: str, value: str, /, *, locale: str = "en-US",
                       **others) -> list[dict]:
    """The choices the bot offers while `focused` holds `value` (the raw callback payload)."""
    data = h._base(uid, locale=locale, dm_channel=None, perms=0)
    opts = [_option(k, v) for k, v in others.items()] + [_option(focused, value, focused=True)]
    data |= {"type": 4, "data": {"id": str(snowflake()), "name": name, "type": 1, "options": opts}}
    await h.feed(data)
    _method, path, payload = h.world.requests[-1]
    assert path.endswith("/callback") and payload["type"] == 8
    return payload["data"]["choices"]


def only(posts: list[Post], where: str) -> Post:
    """The one message of the answer (a deferred answer's "thinking" leaves no post)."""
    kept = [p for p in posts if p.message.get("embeds") or p.content or p.files]
    assert [p.where for p in kept] == [where], [(p.where, p.text()) for p in kept]
    return kept[0]


def embed(post: Post) -> dict:
    (e,) = post.message["embeds"]
    return e


def within_discord_limits(e: dict) -> None:
    assert len(e.get("title", "")) <= 256 and len(e.get("description", "")) <= 4096
    assert len(e.get("fields", [])) <= 25
    assert all(len(f["name"]) <= 256 and len(f["value"]) <= 1024 for f in e.get("fields", []))
    total = len(e.get("title", "")) + len(e.get("description", "")) + len((e.get("footer") or {}).get("text", ""))
    total += sum(len(f["name"]) + len(f["value"]) for f in e.get("fields", []))
    assert total <= 6000


def _synced(h: Harness) -> dict[str, dict]:
    puts = [p for m, path, p in h.world.requests if m == "PUT" and path.endswith("/commands")]
    return {c["name"]: c for c in puts[-1]}


# ------------------------------------------------------------------------------------ registration

LOOK_UPS = ("rules", "card", "Look up cards")


async def test_commands_are_top_level_localised_and_offered_in_servers_and_the_bots_dms(harness: Harness):
    commands = _synced(harness)
    rules, card = commands["rules"], commands["card"]
    assert rules["name_localizations"]["fr"] == "règles" and card["name_localizations"]["fr"] == "carte"
    assert rules["description_localizations"]["fr"] == t("reference.command_rules_description", "fr")
    for name in LOOK_UPS:  # USER_INSTALL is off by default: a new app has guild install only
        assert sorted(commands[name]["contexts"]) == [0, 1] and commands[name]["integration_types"] == [0]
    game, topic = rules["options"]
    assert (game["name"], game["name_localizations"]["fr"], topic["name"], topic["autocomplete"]) == (
        "game", "jeu", "topic", True)
    assert {c["value"]: c["name_localizations"]["fr"] for c in game["choices"]} == {
        g: t(f"reference.game_{g}", "fr") for g in reference.GAMES}
    (name,) = card["options"]
    assert (name["name"], name["name_localizations"]["fr"], name["autocomplete"]) == ("name", "nom", True)


@pytest.fixture
def make_user_installed_bot(make_bot):
    def make():
        bot = make_bot()
        bot.settings = bot.settings.model_copy(update={"user_install": True})
        return bot
    return make


async def test_with_user_install_the_look_ups_are_offered_in_any_dm_once_the_portal_allows_it(
        harness: Harness, make_user_installed_bot, tmp_path):
    h = harness
    h.world.user_install = True  # enabled in the developer portal first (docs/bot.md)
    (tmp_path / "commands.sha1").unlink()
    await h.restart(make_user_installed_bot)
    commands = _synced(h)
    for name in LOOK_UPS:
        assert sorted(commands[name]["contexts"]) == [0, 1, 2] and sorted(commands[name]["integration_types"]) == [0, 1]


async def test_a_refused_user_install_leaves_every_command_registered_and_is_tried_again(
        harness: Harness, make_user_installed_bot, tmp_path, caplog):
    """USER_INSTALL on, user install not enabled for the app: Discord refuses the whole list; the bot
    registers every command again with the look-ups for servers only, says what to do, and tries user
    install again at its next start."""
    h = harness
    (tmp_path / "commands.sha1").unlink()
    for start in (1, 2):
        puts = len([1 for m, path, _ in h.world.requests if m == "PUT" and path.endswith("/commands")])
        await h.restart(make_user_installed_bot)
        synced = [p for m, path, p in h.world.requests if m == "PUT" and path.endswith("/commands")][puts:]
        assert len(synced) == 2, start  # refused, then without user install
        assert [v for v in h.world.violations if "integration_types" in v] == [h.world.violations[-1]]
        h.world.violations.clear()
        commands = {c["name"]: c for c in synced[-1]}
        assert {"lotr", "lotr-admin", *LOOK_UPS} <= set(commands)
        assert all(commands[name]["integration_types"] == [0] for name in LOOK_UPS)
        assert "enable User Install in the developer portal" in caplog.text
    alice = h.user("alice")
    assert only(await command(h, alice, "card", name="confrontation:frodo"), "ephemeral")


# ------------------------------------------------------------------------------------ autocomplete

async def test_every_autocomplete_stays_within_discord_limits(harness: Harness):
    h = harness
    alice = h.user("alice")
    asked = 0
    for locale in ("en-US", "fr"):
        for query in QUERIES:
            answers = [await autocomplete(h, alice, "card", "name", query, locale=locale)]
            answers.append(await autocomplete(h, alice, "rules", "topic", query, locale=locale))
            for game in reference.GAMES:
                answers.append(await autocomplete(h, alice, "rules", "topic", query, locale=locale, game=game))
            for choices in answers:
                asked += 1
                assert len(choices) <= 25
                for c in choices:
                    assert 1 <= len(c["name"]) <= 100 and 1 <= len(c["value"]) <= 100, c
    assert asked == 2 * len(QUERIES) * (2 + len(reference.GAMES))
    # An empty query still offers something to pick from.
    assert len(await autocomplete(h, alice, "card", "name", "")) == 25
    assert len(await autocomplete(h, alice, "rules", "topic", "", game="lcg")) == 25


async def test_autocomplete_forgives_typos_accents_and_case(harness: Harness):
    h = harness
    alice = h.user("alice")

    async def first(name: str, focused: str, query: str, locale: str = "en-US", **others) -> str:
        choices = await autocomplete(h, alice, name, focused, query, locale=locale, **others)
        assert choices, query
        return choices[0]["value"]

    assert (await first("rules", "topic", "gandalff", game="confrontation")).startswith("confrontation:gandalf")
    assert await first("rules", "topic", "déferlement", "fr", game="lcg") == "lcg:surge"
    assert await first("rules", "topic", "DEFERLEMENT", "fr", game="lcg") == "lcg:surge"
    assert await first("rules", "topic", "surgee", game="lcg") == "lcg:surge"
    comte = await autocomplete(h, alice, "rules", "topic", "comte", locale="fr", game="fellowship")
    assert "Comté" in comte[0]["name"]
    # The topic list follows the chosen game and the user's language.
    assert all(c["value"].startswith("lcg:") for c in await autocomplete(h, alice, "rules", "topic", "a", game="lcg"))
    assert (await autocomplete(h, alice, "rules", "topic", "surge", locale="fr", game="lcg"))[0]["name"].startswith(
        "Renfort")

    assert "gandalf" in await first("card", "name", "gandalff")
    assert "aragorn" in await first("card", "name", "aragron")
    frodon = await autocomplete(h, alice, "card", "name", "FRODÔN", locale="fr")
    assert all("Frodon" in c["name"] for c in frodon[:3])
    # Every game's components are offered: Card Game, Confrontation (both faces), La Communauté.
    values = [c["value"] for c in await autocomplete(h, alice, "card", "name", "gandalf")]
    assert {v.split(":")[0] for v in values} >= {"lcg", "confrontation", "fellowship"}
    assert {"confrontation:gandalf", "confrontation:gandalf_v"} <= set(values)


# ------------------------------------------------------------------------------------------- /rules

@pytest.mark.parametrize("locale, lang", [("en-US", "en"), ("fr", "fr")])
async def test_rules_answer_privately_in_the_users_language(harness: Harness, locale, lang):
    h = harness
    alice = h.user("alice")
    post = only(await command(h, alice, "rules", locale=locale, game="lcg", topic="lcg:surge"), "ephemeral")
    e = embed(post)
    entry = reference.lookup("lcg:surge")
    assert e["title"] == entry["title"][lang] and entry["short"][lang] in e["description"]
    within_discord_limits(e)
    assert post.recipient == alice and not h.public()
    share = post.component("lref:s:")
    assert share["label"] == t("reference.share", lang) and share["custom_id"] == f"lref:s:{lang}:0:lcg:surge"
    # Related topics open privately from the menu.
    menu = post.component("lref:o:")
    assert {o["value"] for o in menu["options"]} == set(reference.embed("lcg:surge", lang)["related"])
    target = menu["options"][0]["value"]
    opened = only(await h.click(alice, post, menu["custom_id"], values=[target], locale=locale), "ephemeral")
    assert embed(opened)["title"] == reference.lookup(target)["title"][lang]


async def test_rules_typed_without_picking(harness: Harness):
    h = harness
    alice = h.user("alice")
    post = only(await command(h, alice, "rules", game="confrontation", topic="where can a retreat go"), "ephemeral")
    assert post.content == t("reference.closest", "en", query="where can a retreat go")
    assert embed(post)["title"] == reference.lookup("confrontation:retreat_rules")["title"]["en"]
    # A bare entry id of the chosen game is understood too.
    post = only(await command(h, alice, "rules", game="lcg", topic="surge"), "ephemeral")
    assert embed(post)["title"] == reference.lookup("lcg:surge")["title"]["en"]

    post = only(await command(h, alice, "rules", locale="fr", game="lcg", topic="zzzzqqq"), "ephemeral")
    assert post.content.startswith(t("reference.no_match", "fr", query="zzzzqqq"))
    suggestions = [label for _, label in search.autocomplete("", "fr", "lcg", limit=5)]
    assert all(s in post.content for s in suggestions) and not post.message["embeds"]
    assert not h.public()


async def test_other_locales_follow_the_servers_language(harness: Harness):
    h = harness
    alice = h.user("alice")
    post = only(await command(h, alice, "rules", locale="de", game="lcg", topic="lcg:surge"), "ephemeral")
    assert embed(post)["title"] == reference.lookup("lcg:surge")["title"]["en"]  # the server's locale (en-US)
    await h.client.service.set_guild_settings(h.guild_id, lang="fr")
    post = only(await command(h, alice, "rules", locale="de", game="lcg", topic="lcg:surge"), "ephemeral")
    assert embed(post)["title"] == reference.lookup("lcg:surge")["title"]["fr"]
    choices = await autocomplete(h, alice, "rules", "topic", "surge", locale="de", game="lcg")
    assert choices[0]["name"].startswith("Renfort")
    # A French user stays French, an English one English, whatever the server says.
    post = only(await command(h, alice, "card", locale="en-GB", name="confrontation:frodo"), "ephemeral")
    assert embed(post)["title"] == "Frodo"


async def test_failures_answer_privately(harness: Harness, monkeypatch):
    h = harness
    alice = h.user("alice")

    def broken(*args, **kwargs):
        raise RuntimeError("drawing failed")

    monkeypatch.setattr("bot.lookups.draw_card", broken)
    post = only(await command(h, alice, "card", name="confrontation:frodo"), "ephemeral")
    assert not post.files and embed(post)["title"] == "Frodo" and "image" not in embed(post)

    monkeypatch.setattr("bot.lookups.entry_payload", broken)
    posts = await command(h, alice, "rules", locale="fr", game="lcg", topic="lcg:surge")
    assert [(p.where, p.content) for p in posts] == [("ephemeral", t("reference.failed", "fr"))]


def _long_detail(monkeypatch, key: str) -> int:
    """Give an entry a detail long enough to need several pages (the real texts all fit in one)."""
    entry = reference.lookup(key)
    for lang in ("en", "fr"):
        paragraphs = [f"{lang} paragraph {i}: " + "word " * 150 for i in range(25)]
        monkeypatch.setitem(entry["detail"], lang, "\n\n".join(paragraphs))
    pages = len(reference.detail_pages(entry, "en"))
    assert pages >= 3
    return pages


async def test_paging_survives_a_restart_and_share_posts_the_page(harness: Harness, make_bot, monkeypatch):
    h = harness
    pages = _long_detail(monkeypatch, "lcg:surge")
    alice = h.user("alice")
    post = only(await command(h, alice, "rules", game="lcg", topic="lcg:surge"), "ephemeral")
    within_discord_limits(embed(post))
    assert embed(post)["footer"]["text"].endswith(f"1/{pages}")
    assert post.component("lref:p:")["disabled"] is True
    assert post.component("lref:n:")["custom_id"] == "lref:n:en:1:lcg:surge"

    (edit,) = await h.click(alice, post, "lref:n:en:1:lcg:surge")
    assert edit.edit and edit.where == "ephemeral" and embed(edit)["footer"]["text"].endswith(f"2/{pages}")
    assert "paragraph" in embed(edit)["description"] and reference.lookup("lcg:surge")["short"]["en"] not in \
        embed(edit)["description"]
    within_discord_limits(embed(edit))
    assert set(edit.custom_ids()) >= {"lref:p:en:0:lcg:surge", "lref:n:en:2:lcg:surge", "lref:s:en:1:lcg:surge"}

    await h.restart(make_bot)  # a new client: the old message's buttons still work
    (back,) = await h.click(alice, edit, "lref:p:en:0:lcg:surge")
    assert embed(back)["footer"]["text"].endswith(f"1/{pages}")
    (shared,) = await h.click(alice, edit, "lref:s:en:0:lcg:surge")  # the message shows page 1 again
    assert shared.where == "channel" and shared.content == t("reference.shared_by", "en", user=f"<@{alice}>")
    assert embed(shared)["description"] == embed(back)["description"] and not shared.custom_ids()
    assert embed(shared)["title"] == embed(back)["title"]
    # The share button of page 2 is no longer on the message: refused, nothing posted.
    posts = await h.click(alice, edit, "lref:s:en:1:lcg:surge")
    assert [(p.where, p.content) for p in posts] == [("ephemeral", t("reference.garbled", "en"))]
    assert shared.message.get("flags", 0) & 64 == 0


async def test_forged_and_garbled_ids_are_refused_privately(harness: Harness):
    h = harness
    alice = h.user("alice")
    post = only(await command(h, alice, "rules", game="lcg", topic="lcg:surge"), "ephemeral")
    refused = t("reference.garbled", "en")
    forged_ids = ["lref:n:en:1:lcg:no_such_entry", "lref:s:fr:0:wotr:nothing", "lref:c:en:lcg:no_such_card",
                  "lref:n:de:1:lcg:surge", "lref:zz", "lref:s:en:0:LCG:Surge"]
    for forged in forged_ids:
        message = dict(h.world.messages[int(post.message["id"])])
        message["components"] = [{"type": 1, "components": [
            {"type": 2, "style": 2, "label": "x", "custom_id": forged}]}]
        message["id"] = str(snowflake())
        h.world.messages[int(message["id"])] = message
        posts = await h.click(alice, message, forged)
        assert [(p.where, p.content) for p in posts] == [("ephemeral", refused)], forged
    # A real id that its message does not hold (a forged interaction) is refused too.
    posts = await h.click(alice, post, "lref:s:en:0:lcg:surge_x")
    assert [(p.where, p.content) for p in posts] == [("ephemeral", refused)]
    # A related-topics menu answering a value it did not offer.
    menu = post.component("lref:o:")
    posts = await h.click(alice, post, menu["custom_id"], values=["confrontation:setup"])
    assert [(p.where, p.content) for p in posts] == [("ephemeral", refused)]
    assert not h.public()


# -------------------------------------------------------------------------------------------- /card

def _png(post: Post) -> Image.Image:
    (name, data), = post.files
    assert name == "card.png"
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


async def test_card_in_a_guild(harness: Harness):
    h = harness
    alice = h.user("alice")
    post = only(await command(h, alice, "card", name="confrontation:frodo"), "ephemeral")
    assert post.recipient == alice and _png(post).size[0] > 100
    e = embed(post)
    within_discord_limits(e)
    assert e["title"] == "Frodo" and e["image"]["url"] == "attachment://card.png"
    related = search.card_lookup("confrontation:frodo")["rules"]
    (field,) = e["fields"]
    assert field["name"] == t("reference.card_rules", "en")
    assert all(reference.lookup(k)["title"]["en"] in field["value"] for k in related)
    menu = post.component("lref:o:")
    assert [o["value"] for o in menu["options"]] == related
    opened = only(await h.click(alice, post, menu["custom_id"], values=[related[0]]), "ephemeral")
    assert embed(opened)["title"] == reference.lookup(related[0])["title"]["en"]

    shared = only(await h.click(alice, post, "lref:c:en:confrontation:frodo"), "channel")
    assert _png(shared).size == _png(post).size and embed(shared)["title"] == "Frodo"
    assert not any(i.startswith("lref:c:") for i in shared.custom_ids())
    # Anyone in the channel opens the card's rules from the shared post, privately, in their language.
    bob = h.user("bob")
    opened = only(await h.click(bob, shared, menu["custom_id"], values=[related[0]], locale="fr"), "ephemeral")
    assert opened.recipient == bob and embed(opened)["title"] == reference.lookup(related[0])["title"]["fr"]

    # Typed without picking: the closest card, said so; nothing at all: suggestions.
    post = only(await command(h, alice, "card", name="aragron"), "ephemeral")
    assert post.content == t("reference.closest", "en", query="aragron") and "Aragorn" in embed(post)["title"]
    post = only(await command(h, alice, "card", name="zzzzqqq"), "ephemeral")
    assert post.content.startswith(t("reference.no_card_match", "en", query="zzzzqqq")) and not post.files


async def test_card_in_a_dm_in_french(harness: Harness):
    h = harness
    alice = h.user("alice")
    post = only(await command(h, alice, "card", locale="fr", dm=True, name="lcg:gandalf"), "ephemeral")
    assert post.channel_id == h.world.dm_channel(alice) and _png(post)
    e = embed(post)
    card = search.card_lookup("lcg:gandalf")
    assert e["title"] == card["name"]["fr"] and card["kind"]["fr"] in e["description"]
    assert e["footer"]["text"] == t("reference.game_lcg", "fr")
    # Shared in a DM: it simply lands in the DM.
    shared = only(await h.click(alice, post, "lref:c:fr:lcg:gandalf", locale="fr"), "dm")
    assert shared.channel_id == h.world.dm_channel(alice) and _png(shared)
    # /rules works in a DM too.
    post = only(await command(h, alice, "rules", locale="fr", dm=True, game="fellowship", topic="comte"), "ephemeral")
    assert "Comté" in embed(post)["title"] or "Comté" in embed(post)["description"]


# -------------------------------------------------------------------------------- secrets in a game

def _payload(post: Post) -> tuple:
    return post.text(), [e for e in post.message["embeds"]], post.custom_ids(), post.files


async def test_card_during_a_card_game_names_no_card_of_any_hand(harness: Harness):
    h = harness
    alice, bob = h.user("alice"), h.user("bob")
    svc = h.client.service
    asked = "lcg:gandalf"
    before = only(await command(h, bob, "card", name=asked), "ephemeral")

    await svc.create(h.channel_id, h.guild_id, "lcg", None, str(alice), "en")
    await svc.join(h.channel_id, str(bob))
    await svc.start(h.channel_id, str(alice), seed=7)
    hands = {p: [c["id"] for c in svc.view(h.channel_id, p)["hand"]] for p in (str(alice), str(bob))}
    assert all(hands.values())
    held = hands[str(alice)][0]  # a card in Alice's hand, asked by Bob and by Alice
    names = set()
    for cid in {c for hand in hands.values() for c in hand} - {held}:
        names |= set(search.card_lookup(f"lcg:{cid}")["name"].values())

    for uid in (bob, alice):
        during = only(await command(h, uid, "card", name=asked), "ephemeral")
        assert _payload(during) == _payload(before)  # the game changes nothing in the answer
        mine = only(await command(h, uid, "card", name=f"lcg:{held}"), "ephemeral")
        text = mine.text() + "\n".join(mine.custom_ids())
        assert search.card_lookup(f"lcg:{held}")["name"]["en"] in text
        assert not [n for n in names if re.search(rf"(?<!\w){re.escape(n)}(?!\w)", text)]
    assert not h.public()


async def test_card_during_a_confrontation_game_shows_only_the_card_asked(harness: Harness):
    h = harness
    carol = h.user("carol")
    before = only(await command(h, carol, "card", name="confrontation:witch_king"), "ephemeral")
    alice, bob = await new_game(h)
    start = len(h.posts)
    for uid in (alice, bob, carol):
        during = only(await command(h, uid, "card", name="confrontation:witch_king"), "ephemeral")
        assert _payload(during) == _payload(before)
    assert all(p.where == "ephemeral" for p in h.posts[start:])
    others = {c["name"]["en"] for k, c in search.cards("confrontation").items()
              if c.get("type") == "character" and c["name"]["en"] != "Witch-king"}
    text = before.text()
    assert "Witch-king" in text and not [n for n in others if re.search(rf"(?<!\w){re.escape(n)}(?!\w)", text)]


def _check_view(view) -> None:
    for item in view.children:
        assert len(item.custom_id) <= 100
        for option in getattr(item, "options", []):
            assert 1 <= len(option.label) <= 100 and len(option.value) <= 100
        assert len(getattr(item, "options", [])) <= 25


async def test_every_entry_and_card_fits_an_embed(monkeypatch):
    from bot import lookups

    for lang in ("en", "fr"):
        for entry in reference.all_entries():
            key = reference.key(entry)
            for page in range(reference.embed(key, lang)["pages"]):
                payload = lookups.entry_payload(key, lang, page)
                within_discord_limits(payload["embed"].to_dict())
                _check_view(payload["view"])
    monkeypatch.setattr(lookups, "draw_card", lambda key, lang: b"png")  # drawings have their own tests
    for lang in ("en", "fr"):
        for key in search.cards():
            payload = await lookups.card_payload(key, lang)
            within_discord_limits(payload["embed"].to_dict())
            assert payload["embed"].title
            _check_view(payload["view"])


def test_every_components_id_fits_discord():
    longest_entry = max((reference.key(e) for e in reference.all_entries()), key=len)
    longest_card = max(search.cards(), key=len)
    assert len(f"lref:n:fr:999:{longest_entry}") <= 100 and len(f"lref:c:fr:{longest_card}") <= 100
