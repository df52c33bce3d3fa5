"""/rules and /card: the rules reference and the card index, outside any game, in guilds and DMs.

Both answer privately (ephemeral) in the user's language, with a button to share the answer in the
channel (in a DM, in the DM). Nothing here reads a table: /card during a game describes only the card
asked for, never whose hand holds it.

    /rules game:<choice> topic:<autocomplete>   an entry of reference/ as an embed, paged with buttons
    /card name:<autocomplete>                   a picture of the card (render.cards) and its rules

Text typed without picking from the list is searched; the best match is answered, or a short
"nothing found" with suggestions.

Custom ids (persistent DynamicItems, at most 100 characters; prefix "lref:", apart from the tables'
"lotr:" ids; a garbled "lref:" id is refused privately by `refuse_garbled`):

    lref:p:<lang>:<page>:<game>:<entry>   Previous: show that page of the entry (edits the message)
    lref:n:<lang>:<page>:<game>:<entry>   Next: same
    lref:s:<lang>:<page>:<game>:<entry>   share that page in the channel
    lref:c:<lang>:<game>:<card>           share that card in the channel
    lref:o:<lang>                         select: open one of the listed entries privately
"""
from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Any, cast

import discord
from discord import app_commands

import reference
from bot.answers import acknowledge, reply
from bot.components import FromId
from bot.limits import QUOTE, clip
from bot.messages import COLOUR, picture
from bot.translator import L
from i18n import LANGUAGES, normalise_lang, t
from reference import search
from render.cards import draw_card

log = logging.getLogger(__name__)

PREFIX = "lref:"
_KEY = r"[a-z0-9_]{1,30}:[a-z0-9_]{1,60}"
_LANG = "|".join(LANGUAGES)
FIELD_MAX = 1024
OPTIONS_MAX = 25
SUGGESTIONS = 5
NONE = discord.AllowedMentions.none()
Choice = app_commands.Choice


# ----------------------------------------------------------------------------------------- language

async def lang_of(interaction: discord.Interaction) -> str:
    """The user's Discord language when it is French or English; otherwise the server's language
    setting (or the server's locale), else the bot's default."""
    locale = str(interaction.locale.value if interaction.locale else "").lower()
    if locale.startswith(("fr", "en")):
        return normalise_lang(locale)
    bot = interaction.client
    if interaction.guild_id is not None and getattr(bot, "serving", False):  # a GameMasterBot, set up
        try:
            stored = await getattr(bot, "service").guild_lang(  # noqa: B009 (a plain Client has none)
                interaction.guild_id, "")
        except Exception:  # a language is never worth failing an answer
            log.exception("reading the guild language failed")
            stored = ""
        if stored:
            return stored
    if interaction.guild_locale is not None:
        return normalise_lang(str(interaction.guild_locale.value))
    settings = getattr(bot, "settings", None)
    return getattr(settings, "default_language", "en")


# ------------------------------------------------------------------------------------------- embeds

def _fit(embed: discord.Embed) -> discord.Embed:
    """Discord's limits: title 256, description 4096, 25 fields of 256/1024, footer 2048, 6000 in all."""
    embed.title = clip(embed.title or "", 256) or None
    embed.description = clip(embed.description or "", 4096) or None
    while len(embed.fields) > 25:
        embed.remove_field(-1)
    over = len(embed) - 6000
    if over > 0 and embed.description:
        embed.description = clip(embed.description, max(1, len(embed.description) - over))
    return embed


def entry_title(key: str, lang: str) -> str:
    entry = reference.lookup(key)
    return entry["title"][lang] if entry else key


def entry_embed(key: str, lang: str, page: int = 0) -> tuple[discord.Embed, dict] | None:
    """The embed of one page of an entry and reference.embed's data (page, pages, related)."""
    data = reference.embed(key, lang, page)
    if data is None:
        return None
    embed = discord.Embed(title=data["title"], description=data["description"], colour=COLOUR)
    embed.set_footer(text=clip(data["footer"], 2048))
    return _fit(embed), data


def _entry_select(keys: list[str], lang: str, placeholder: str) -> OpenSelect | None:
    keys = [k for k in dict.fromkeys(keys) if reference.lookup(k) is not None][:OPTIONS_MAX]
    return OpenSelect(lang, keys, placeholder) if keys else None


def entry_payload(key: str, lang: str, page: int = 0, *, public: bool = False) -> dict[str, Any] | None:
    """A message showing one page: privately with paging, share and "see also"; publicly bare."""
    built = entry_embed(key, lang, page)
    if built is None:
        return None
    embed, data = built
    if public:
        return {"embed": embed}
    page, pages = data["page"], data["pages"]
    view = discord.ui.View(timeout=None)
    if pages > 1:
        view.add_item(PageButton("p", lang, max(page - 1, 0), key, disabled=page == 0))
        view.add_item(PageButton("n", lang, min(page + 1, pages - 1), key, disabled=page >= pages - 1))
    view.add_item(ShareEntryButton(lang, page, key))
    select = _entry_select(data["related"], lang, t("reference.related_placeholder", lang))
    if select is not None:
        view.add_item(select)
    return {"embed": embed, "view": view}


def card_embed(card: dict, lang: str) -> discord.Embed:
    """A card's name, kind and wording."""
    embed = discord.Embed(title=card["name"][lang], colour=COLOUR)
    embed.description = "\n\n".join(x for x in (f"*{card['kind'][lang]}*" if card["kind"][lang] else "",
                                                card["text"][lang]) if x)
    return embed


async def card_payload(key: str, lang: str, *, public: bool = False) -> dict[str, Any] | None:
    """A card: its picture (drawn in a worker thread), name, type, wording and the rules it relates
    to. Built from the card index only: nothing about any game in progress."""
    card = search.card_lookup(key)
    if card is None:
        return None
    embed = card_embed(card, lang)
    rules = [k for k in card.get("rules", []) if reference.lookup(k) is not None]
    if rules:
        lines = "\n".join(f"• {entry_title(k, lang)}" for k in rules)
        embed.add_field(name=t("reference.card_rules", lang), value=clip(lines, FIELD_MAX), inline=False)
    embed.set_footer(text=t(f"reference.game_{card['game']}", lang))
    payload: dict[str, Any] = {"embed": embed}
    try:
        png = await asyncio.to_thread(draw_card, key, lang)
    except Exception:  # a failed drawing still leaves the text
        log.exception("drawing card %s failed", key)
        png = None
    if png is not None:
        payload["file"] = picture(png, "card.png", t("bot.alt.card", lang, card=embed.title or key))
        embed.set_image(url="attachment://card.png")
    _fit(embed)
    view = discord.ui.View(timeout=None)
    if not public:
        view.add_item(ShareCardButton(lang, key))
    select = _entry_select(rules, lang, t("reference.card_rules_placeholder", lang))
    if select is not None:
        view.add_item(select)
    if view.children:
        payload["view"] = view
    return payload


# ------------------------------------------------------------------------------------------ answers

def _suggestions(labels: list[str], lang: str) -> str:
    return t("reference.suggestions", lang, list=", ".join(labels)) if labels else ""


async def _closest(interaction: discord.Interaction, lang: str, query: str, no_match: str,
                   complete: Callable[[str, int], list[tuple[str, str]]]) -> tuple[str, str] | None:
    """For a query with no exact match: the key of `complete`'s best (key, label) hit and the note saying
    it is the closest. None when nothing comes near; the asker is then told so (`no_match`), with a few
    suggestions."""
    hits = complete(query, 1)
    if not hits:
        examples = [label for _, label in complete("", SUGGESTIONS)]
        text = "\n".join(x for x in (t(no_match, lang, query=clip(query, QUOTE)),
                                     _suggestions(examples, lang)) if x)
        await reply(interaction, text)
        return None
    return hits[0][0], t("reference.closest", lang, query=clip(query, QUOTE))


async def answer_rules(interaction: discord.Interaction, game: str, topic: str) -> None:
    # Acknowledged first: the language may need a store read, which can wait behind busy commits.
    await acknowledge(interaction, private=True)
    lang = await lang_of(interaction)
    note = ""
    entry = reference.lookup(topic, game)
    key = reference.key(entry) if entry is not None else None
    if key is None:
        found = await _closest(interaction, lang, topic, "reference.no_match",
                               lambda query, n: search.autocomplete(query, lang, game, limit=n))
        if found is None:
            return
        key, note = found
    await _send_found(interaction, note, entry_payload(key, lang))


async def answer_card(interaction: discord.Interaction, name: str) -> None:
    # Acknowledged first: a store read for the language and the drawing come after.
    await acknowledge(interaction, private=True)
    lang = await lang_of(interaction)
    note = ""
    card = search.card_lookup(name)
    key = f"{card['game']}:{card['id']}" if card is not None else None
    if key is None:
        found = await _closest(interaction, lang, name, "reference.no_card_match",
                               lambda query, n: search.card_autocomplete(query, lang, limit=n))
        if found is None:
            return
        key, note = found
    await _send_found(interaction, note, await card_payload(key, lang))


async def _send_found(interaction: discord.Interaction, note: str, payload: dict[str, Any] | None) -> None:
    """The entry or card found, privately, under `note` (the closest match) when there is one; None: the
    index has no such entry after all (refused as garbled)."""
    if payload is None:
        await _refuse(interaction, "reference.garbled")
        return
    await reply(interaction, note or None, **payload)


# A message holds 10 embeds and 6,000 characters of embeds in all: a few cards, each told in short.
NAMED_CARDS_MAX = 5
NAMED_CARD_TEXT = 900


def _message_text(message: discord.Message) -> str:
    """What a message says: its content and its embeds' words (the bot's own messages are embeds)."""
    parts = [message.content or ""]
    for embed in message.embeds:
        parts += [embed.title or "", embed.description or ""]
        parts += [f"{field.name} {field.value}" for field in embed.fields]
    return "\n".join(parts)


async def answer_named_cards(interaction: discord.Interaction, message: discord.Message) -> None:
    """The cards a message names, each in short, privately; /card shows any of them in full."""
    await acknowledge(interaction, private=True)
    lang = await lang_of(interaction)
    keys = search.cards_named_in(_message_text(message), NAMED_CARDS_MAX)
    if not keys:
        await reply(interaction, t("reference.named_none", lang))
        return
    embeds = []
    for card in filter(None, map(search.card_lookup, keys)):
        embed = card_embed(card, lang)
        embed.description = clip(embed.description or "", NAMED_CARD_TEXT) or None
        embed.set_footer(text=t(f"reference.game_{card['game']}", lang))
        embeds.append(embed)
    await reply(interaction, t("reference.named_found", lang, count=len(embeds)), embeds=embeds)


async def _refuse(interaction: discord.Interaction, key: str) -> None:
    await reply(interaction, t(key, await lang_of(interaction)))


# -------------------------------------------------------------------------------------- components

class PageButton(FromId, discord.ui.DynamicItem[discord.ui.Button],
                 template=rf"lref:(?P<dir>[pn]):(?P<lang>{_LANG}):(?P<page>\d{{1,3}}):(?P<key>{_KEY})"):
    def __init__(self, direction: str, lang: str, page: int, key: str, *, disabled: bool = False):
        self.lang, self.page, self.key = lang, page, key
        label = t("reference.previous" if direction == "p" else "reference.next", lang)
        super().__init__(discord.ui.Button(
            label=label, emoji="◀️" if direction == "p" else "▶️", style=discord.ButtonStyle.secondary,
            disabled=disabled, custom_id=f"lref:{direction}:{lang}:{page}:{key}", row=0))

    async def callback(self, interaction: discord.Interaction) -> None:
        payload = entry_payload(self.key, self.lang, self.page)
        if payload is None:
            await _refuse(interaction, "reference.garbled")
            return
        await interaction.response.edit_message(**payload)


class ShareEntryButton(FromId, discord.ui.DynamicItem[discord.ui.Button],
                       template=rf"lref:s:(?P<lang>{_LANG}):(?P<page>\d{{1,3}}):(?P<key>{_KEY})"):
    def __init__(self, lang: str, page: int, key: str):
        self.lang, self.page, self.key = lang, page, key
        super().__init__(discord.ui.Button(label=t("reference.share", lang), emoji="📣",
                                           style=discord.ButtonStyle.primary,
                                           custom_id=f"lref:s:{lang}:{page}:{key}", row=0))

    async def callback(self, interaction: discord.Interaction) -> None:
        payload = entry_payload(self.key, self.lang, self.page, public=True)
        if payload is None:
            await _refuse(interaction, "reference.garbled")
            return
        await interaction.response.send_message(
            content=t("reference.shared_by", self.lang, user=interaction.user.mention),
            allowed_mentions=NONE, **payload)


class ShareCardButton(FromId, discord.ui.DynamicItem[discord.ui.Button],
                      template=rf"lref:c:(?P<lang>{_LANG}):(?P<key>{_KEY})"):
    def __init__(self, lang: str, key: str):
        self.lang, self.key = lang, key
        super().__init__(discord.ui.Button(label=t("reference.share", lang), emoji="📣",
                                           style=discord.ButtonStyle.primary,
                                           custom_id=f"lref:c:{lang}:{key}", row=0))

    async def callback(self, interaction: discord.Interaction) -> None:
        if search.card_lookup(self.key) is None:
            await _refuse(interaction, "reference.garbled")
            return
        await acknowledge(interaction)  # its message stays as it was; the card comes as a new public one
        payload = await card_payload(self.key, self.lang, public=True)
        if payload is None:
            await _refuse(interaction, "reference.garbled")
            return
        await reply(interaction, t("reference.shared_by", self.lang, user=interaction.user.mention),
                    ephemeral=False, allowed_mentions=NONE, **payload)


class OpenSelect(FromId, discord.ui.DynamicItem[discord.ui.Select], template=rf"lref:o:(?P<lang>{_LANG})"):
    """A menu of rules entries (related topics, rules of a card); the chosen one opens privately, in
    the language of whoever chose it (a shared card's menu serves everyone in the channel)."""

    def __init__(self, lang: str, keys: list[str], placeholder: str):
        self.lang = lang
        options = [discord.SelectOption(label=clip(entry_title(k, lang), 100), value=k) for k in keys]
        super().__init__(discord.ui.Select(custom_id=f"lref:o:{lang}", placeholder=clip(placeholder, 150),
                                           options=options, min_values=1, max_values=1, row=1))

    async def callback(self, interaction: discord.Interaction) -> None:
        values: list[str] = cast(dict, interaction.data or {}).get("values") or []
        offered = {o.value for o in self.item.options}
        key = values[0] if len(values) == 1 else ""
        payload = entry_payload(key, await lang_of(interaction)) if key in offered else None
        if payload is None:
            await _refuse(interaction, "reference.garbled")
            return
        await interaction.response.send_message(ephemeral=True, **payload)


ITEMS = (PageButton, ShareEntryButton, ShareCardButton, OpenSelect)


def _in_message(interaction: discord.Interaction, custom_id: str) -> bool:
    if interaction.message is None:
        return False
    rows = interaction.message.components
    stack = list(rows)
    while stack:
        component = stack.pop()
        if getattr(component, "custom_id", None) == custom_id:
            return True
        stack.extend(getattr(component, "children", []))
    return False


async def refuse_garbled(interaction: discord.Interaction, custom_id: str) -> bool:
    """Answer privately an "lref:" id that no template accepts or that its message does not hold
    (discord.py would drop it without a word). True when refused."""
    if not custom_id.startswith(PREFIX):
        return False
    known = any(item.__discord_ui_compiled_template__.fullmatch(custom_id) for item in ITEMS)
    if known and _in_message(interaction, custom_id):
        return False
    await _refuse(interaction, "reference.garbled")
    return True


# ----------------------------------------------------------------------------------------- commands

def rules_games() -> list[str]:
    return [g for g in reference.GAMES if reference.entries(g)]


def _choices(pairs: list[tuple[str, str]]) -> list[Choice[str]]:
    return [Choice(name=clip(label, 100), value=value[:100]) for value, label in pairs[:25]]


async def topic_autocomplete(interaction: discord.Interaction, current: str) -> list[Choice[str]]:
    game = getattr(interaction.namespace, "game", None)
    return _choices(search.autocomplete(current or "", await lang_of(interaction),
                                        game if game in reference.GAMES else None))


async def card_autocomplete(interaction: discord.Interaction, current: str) -> list[Choice[str]]:
    return _choices(search.card_autocomplete(current or "", await lang_of(interaction)))


async def _on_error(interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
    log.error("lookup command failed", exc_info=getattr(error, "original", error))
    await _refuse(interaction, "reference.failed")


LookUp = app_commands.Command | app_commands.ContextMenu


def offer(command: LookUp, user_install: bool) -> LookUp:
    """Where a look-up is offered: in servers and in the bot's DMs; with user install (USER_INSTALL, once
    enabled in the developer portal) also to a person who added the app to their account, in any DM or
    group DM. Discord refuses a command listing an install type the app has not enabled."""
    command.allowed_contexts = app_commands.AppCommandContext(guild=True, dm_channel=True,
                                                              private_channel=user_install)
    command.allowed_installs = app_commands.AppInstallationType(guild=True, user=user_install)
    return command


def build_commands(user_install: bool) -> list[LookUp]:
    """The two top-level commands, usable in servers and DMs (`offer`)."""

    @app_commands.command(name=L("reference.command_rules"), description=L("reference.command_rules_description"))
    @app_commands.rename(game=L("reference.option_game"), topic=L("reference.option_topic"))
    @app_commands.describe(game=L("reference.option_game_description"),
                           topic=L("reference.option_topic_description"))
    @app_commands.choices(game=[Choice(name=L(f"reference.game_{g}"), value=g) for g in rules_games()])
    @app_commands.autocomplete(topic=topic_autocomplete)
    async def rules(interaction: discord.Interaction, game: str, topic: str) -> None:
        await answer_rules(interaction, game, topic)

    @app_commands.command(name=L("reference.command_card"), description=L("reference.command_card_description"))
    @app_commands.rename(name=L("reference.option_name"))
    @app_commands.describe(name=L("reference.option_name_description"))
    @app_commands.autocomplete(name=card_autocomplete)
    async def card(interaction: discord.Interaction, name: str) -> None:
        await answer_card(interaction, name)

    rules.on_error = _on_error
    card.on_error = _on_error
    return [offer(rules, user_install), offer(card, user_install)]


def build_context_menus(user_install: bool) -> list[LookUp]:
    """"Look up cards" on any message: the cards it names, as /card would answer them."""
    menu = app_commands.ContextMenu(name=L("reference.menu_named_cards"), callback=answer_named_cards)
    menu.on_error = _on_error
    return [offer(menu, user_install)]
