"""The table-talk rule of the Card Game: a player may not name the cards only they know.

A pure matcher (no Discord, no rules): given a message, the public view and the view of the player
who wrote it, which secret cards does the message name? A card is secret for that player when their
own view shows it (their hand, what they alone looked at) and the public view shows no card of the
same name (in play, in a discard pile, in the log...). Names are matched in French and English,
whole words only, without accents or case mattering ("eowyn" names Éowyn, "sting" does not name
"Stinger"). Cards are taken from the views only, never from the engine's state.
"""
from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Iterator, Mapping
from functools import cache
from typing import Any

from cards import lcg

_WORD = re.compile(r"[a-z0-9]+")


def normalise(text: str) -> str:
    """Lower case, accents dropped, every run of non-alphanumerics a single space."""
    decomposed = unicodedata.normalize("NFKD", text or "")
    plain = "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()
    plain = plain.replace("œ", "oe").replace("æ", "ae").replace("ß", "ss")
    return " ".join(_WORD.findall(plain))


@cache
def _names(card_id: str) -> frozenset[str]:
    """The normalised English and French names of a card."""
    card = lcg.load_cards().get(card_id)
    if card is None:
        return frozenset()
    return frozenset(n for n in (normalise(card.name.en), normalise(card.name.fr)) if n)


def _card_ids(data: Any, *, under_id: bool = False) -> Iterator[str]:
    """Every card id found in a piece of view. With `under_id`, only the values of "id" keys (cards
    and events name their card there; other strings such as a prompt word are not cards)."""
    cards = lcg.load_cards()
    if isinstance(data, str):
        if data in cards and not under_id:
            yield data
    elif isinstance(data, dict):
        for key, value in data.items():
            if under_id and key == "id" and isinstance(value, str):
                if value in cards:
                    yield value
            else:
                yield from _card_ids(value, under_id=under_id)
    elif isinstance(data, (list, tuple)):
        for value in data:
            yield from _card_ids(value, under_id=under_id)


def private_cards(private_view: dict) -> set[str]:
    """Ids of the cards this player's view shows that only a player may hold: hand and what they saw."""
    return set(_card_ids(private_view.get("hand") or [])) | set(_card_ids(private_view.get("seen") or {}))


def public_names(public_view: dict) -> set[str]:
    """Normalised names of every card the public view shows (visible to all)."""
    return {name for cid in set(_card_ids(public_view, under_id=True)) for name in _names(cid)}


def secret_names(public_view: dict, private_view: dict) -> dict[str, frozenset[str]]:
    """card id -> its names, for the cards only this player knows and that are not visible to all."""
    shown = public_names(public_view)
    out = {}
    for cid in private_cards(private_view):
        names = frozenset(n for n in _names(cid) if n not in shown)
        if names and not (_names(cid) & shown):
            out[cid] = names
    return out


def _contains(words: str, name: str) -> bool:
    return f" {name} " in f" {words} "


def named_cards(message: str, names: Mapping[str, Iterable[str]]) -> list[str]:
    """The ids whose names appear in the message as whole words, in id order."""
    words = normalise(message)
    if not words:
        return []
    return sorted(cid for cid, cid_names in names.items() if any(_contains(words, n) for n in cid_names))


def secret_mentions(message: str, public_view: dict, private_view: dict) -> list[str]:
    """Ids of the secret cards of the writer (owner of `private_view`) that `message` names."""
    return named_cards(message, secret_names(public_view, private_view))
