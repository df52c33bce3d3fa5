"""Slash command names, descriptions and choices in French and English, from i18n/<lang>/bot.json.

Every command string is an `app_commands.locale_str` whose `key` names its entry (without the "bot."
prefix); discord.py asks this translator for each Discord locale when it syncs the commands.
"""
from __future__ import annotations

import discord
from discord import app_commands

import i18n

# Keys of these i18n files are written in full ("reference.command_rules", a game's setting label
# "bot_<namespace>.settings.<name>"); bot.json's without "bot.".
FULL_KEY_FILES = ("reference.", "bot_")


def catalogue_key(key: str) -> str:
    return key if key.startswith(FULL_KEY_FILES) else f"bot.{key}"


def L(key: str) -> app_commands.locale_str:
    """A command string: the English text as the default, the key for the other languages."""
    return app_commands.locale_str(i18n.t(catalogue_key(key), "en"), key=key)


class BotTranslator(app_commands.Translator):
    async def translate(self, string: app_commands.locale_str, locale: discord.Locale,
                        context: app_commands.TranslationContextTypes) -> str | None:
        key = string.extras.get("key")
        lang = i18n.normalise_lang(locale.value)
        if key is None or lang == i18n.DEFAULT or not i18n.has(catalogue_key(key), lang):
            return None  # the default (English) text stands
        return i18n.t(catalogue_key(key), lang)
