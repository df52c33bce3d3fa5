"""The Card Game's legal actions as buttons and menus (docs/lcg.md, "Actions").

Only a mapping: every control carries an action taken from `legal`, never one made up here. Labels
come from the presenter (present/lcg.py); `view` is the deciding player's own view.

Layout: the closing actions of a decision (Pass, Done, Decline, No defender, Resolve, Keep/Mulligan)
are buttons; the others are buttons when there are few of them, each a choice of its own, otherwise select
menus (one option per distinct choice: two copies of a card in the same state are one; a card that can be
paid in several ways opens a second menu of payments, one with an X cost a menu of its values first). A menu holds at most 25 options, so longer lists are split over
several menus.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from bot.controls import KEY_CHARS, About, Button, Control, Menu, Option
from cards import lcg
from cards.lcg_decks import MAX_TEXT, heroes_of, size_of
from games.lcg import CAMPAIGN, CAMPAIGN_PLAYED, GAME
from i18n import t
from present import lcg as text

if TYPE_CHECKING:
    from games.lcg import LcgView

_MENU_MAX = 25
_BUTTONS_MAX = 4  # more actions of one kind than this become a menu
_CLOSING = ("pass", "done", "decline", "no_defender", "resolve", "keep", "mulligan")
# Picked together in one multi-select, then closed (Done / Resolve): characters committed to the quest,
# attackers declared. One option per card (two copies are two characters), its key the card's uid.
_SEVERAL = {"commit": "done", "attacker": "resolve"}


def preset_label(key: str, lang: str) -> str:
    """A preset of the declaration (games/lcg.py); a campaign's names its scenarios while some of the
    rulebook's three cannot be played yet."""
    options = dict(GAME.presets()).get(key)
    if options is None:
        return key
    if "campaign" in options and list(CAMPAIGN) != CAMPAIGN_PLAYED:
        key += "_part"
    return t(f"bot_lcg.preset.{key}", lang, scenarios=" → ".join(text.scenario_name(s, lang) for s in CAMPAIGN_PLAYED))


FORM_KEY = "decks"


def form_text(name: str, lang: str) -> str:
    """The lobby's "bring my deck" button and modal: button, title, label, placeholder."""
    return t(f"bot_lcg.deck_form.{name}", lang)


async def read_form(text: str, lang: str) -> tuple[dict | str | list[dict | str] | None, list[str]]:
    """A deck list pasted, RingsDB links or numbers (several: a fellowship), an .o8d file's text or a
    RingsDB decklist's JSON: the deck (a list of decks for a fellowship), or every problem."""
    return await read_files([(None, text)], lang)


FILE_MAX = MAX_TEXT  # bytes: an .o8d file is a few kB; Discord would carry up to the member's upload limit


async def read_files(files: list[tuple[str | None, bytes | str | None]],
                     lang: str) -> tuple[dict | str | list[dict | str] | None, list[str]]:
    """Files attached to /lotr deck, (name, content; None when over FILE_MAX), read as the console and the
    form read theirs (table/deck_fetch.py); several decks make a fellowship."""
    from table.deck_fetch import DecksRefused, bring_decks

    try:
        decks = await bring_decks(files)
    except DecksRefused as err:
        return None, err.messages(lang)
    return (decks[0] if len(decks) == 1 else decks), []


def seats_of(value, player: str, players: list[str], lang: str) -> tuple[list[tuple[str, dict]], str]:
    """A fellowship's decks go to the seated players in order, the bringer first."""
    if not isinstance(value, list):
        return [(player, value)], ""
    if len(value) > len(players):
        return [], t("lcg_table.deck.fellowship_seats", lang, count=len(value), players=len(players))
    heroes = [h for deck in value for h in heroes_of(deck)]
    shared = next((h for h in heroes if heroes.count(h) > 1), None)
    if shared is not None:  # checked before any deck is seated: a fellowship comes in whole or not at all
        return [], t("errors_lcg_deck.duplicate_hero", lang, card=text.card_name(shared, lang))
    order = [player] + [p for p in players if p != player]
    return list(zip(order, value)), ""


def form_done(value: dict | str | list[dict | str], lang: str) -> str:
    if isinstance(value, list):
        return t("lcg_table.deck.fellowship_done", lang, decks="; ".join(
            ", ".join(text.card_name(h, lang) for h in heroes_of(deck)) for deck in value))
    heroes = ", ".join(text.card_name(h, lang) for h in heroes_of(value))
    return t("bot_lcg.deck_form.done", lang, heroes=heroes, count=size_of(value))


def intro(lang: str) -> str:
    """Said in the channel when a game starts: the table-talk rule."""
    return t("bot_lcg.tabletalk.rule", lang)


def controls(view: LcgView, legal: list[dict], lang: str) -> list[Control]:
    by_type: dict[str, list[dict]] = {}
    for action in legal:
        by_type.setdefault(action["type"], []).append(action)
    out: list[Control] = []
    closing: list[Control] = []
    known = text.uid_map(view)  # once: it walks the game's whole log
    for kind, actions in by_type.items():
        if kind in _CLOSING:
            closing += [Button(text.describe_action(a, view, lang, known), a, style=_style(kind)) for a in actions]
            continue
        if kind in _SEVERAL and len(actions) <= _MENU_MAX:
            close = next((a for a in legal if a["type"] in (_SEVERAL[kind], "done")), None)
            if close is not None:
                out.append(_several(kind, view, actions, close, lang, known))
                continue
        groups = text.choices(view, actions, known)
        subjects = {str(_subject(g[0])) for g in groups}
        if sum(len(g) for g in groups) <= _BUTTONS_MAX and len(subjects) == len(groups) == sum(len(g) for g in groups):
            out += [Button(text.describe_action(a, view, lang, known), a, style="primary",
                           about=_about(a, known, view["players"]))
                    for g in groups for a in g]
        else:
            out += _menus(kind, view, groups, lang, known)
    return out + closing + _read_menu(view, lang, known)


def _several(kind: str, view: LcgView, actions: list[dict], close: dict, lang: str, known: dict[str, str]) -> Menu:
    options = [Option(text.describe_action(a, view, lang, known), _key(a["card"], i), action=a,
                      description=_describe(a["card"], known, lang), about=_about(a, known)) for i, a in enumerate(actions)]
    return Menu(kind, t(f"lcg_table.menu.several.{kind}", lang), options, then=close)


def _read_menu(view: LcgView, lang: str, known: dict[str, str]) -> list[Menu]:
    """"Read a card": the quest stage, locations, enemies and characters in play, each card's text shown
    privately on demand (the hand's texts are in the DM already)."""
    options = [Option(text.uid_label(uid, view, lang, known), _key(uid, i), description=text.card_facts(cid, lang),
                      note=text.reading(cid, lang)) for i, (uid, cid) in enumerate(text.readable(view))]
    return [Menu("read", t("lcg_table.read.menu", lang), options[:_MENU_MAX])] if options else []


def _style(kind: str) -> str:
    return {"pass": "danger", "keep": "success", "resolve": "success"}.get(kind, "secondary")


def _key(value, fallback: int) -> str:
    key = str(value).lower()
    return key if key and len(key) <= 40 and set(key) <= KEY_CHARS else f"i{fallback}"


def _subject(action: dict):
    """What an action is about, to group its variants (the card played, the enemy, the choice)."""
    for field in ("card", "enemy", "choice"):
        if field in action:
            return action[field]
    return None


def _about(action: dict, known: dict[str, str], players: dict | None = None) -> About:
    """What an action stands for on the page's cards: the card it plays, commits, defends with, attacks, or
    the card chosen (a uid the reader knows), the player chosen; () for anything else (a number)."""
    subject = _subject(action)
    if isinstance(subject, str) and subject in known:
        return (("card", subject),)
    return (("player", subject),) if action.get("type") == "choose" and subject in (players or {}) else ()


def _payers(action: dict, known: dict[str, str]) -> About:
    """A way to pay standing for its heroes (one: a click on that hero picks it)."""
    pay = action.get("pay")
    return tuple(("card", hero) for hero in pay if hero in known) if isinstance(pay, dict) else ()


def _menus(kind: str, view: LcgView, groups: list[list[dict]], lang: str, known: dict[str, str]) -> list[Menu]:
    options: list[Option] = []
    subjects = [_subject(group[0]) for group in groups]
    done: set = set()
    for i, group in enumerate(groups):
        subject = subjects[i]
        if subjects.count(subject) > 1 and all("x" in g[0] for g in groups if _subject(g[0]) == subject):
            if subject not in done:  # an X cost: the card, then X, then (if several) the way to pay
                done.add(subject)
                name = text.uid_label(subject, view, lang, known)
                values = [_paid(view, g, lang, known, subject, f"x{g[0]['x']}", f"X = {g[0]['x']}")
                          for g in groups if _subject(g[0]) == subject]
                options.append(Option(name, _key(subject, i), menu=Menu("x", t("bot_lcg.menu.x", lang, card=name),
                                                                        values[:_MENU_MAX], about=_about(group[0], known)),
                                      description=_describe(subject, known, lang), about=_about(group[0], known)))
            continue
        key = _key(subject, i) if subjects.count(subject) == 1 else f"i{i}"
        options.append(_paid(view, group, lang, known, subject, key, ""))
    placeholder = t(f"bot_lcg.menu.{kind}", lang)
    chunks = [options[i:i + _MENU_MAX] for i in range(0, len(options), _MENU_MAX)]
    return [Menu(kind if n == 0 else f"{kind}{n + 1}", placeholder, chunk) for n, chunk in enumerate(chunks)]


def _paid(view: LcgView, group: list[dict], lang: str, known: dict[str, str], subject, key: str, label: str) -> Option:
    """One choice (`label`: its words, "" for the action's own): the action, or the menu of its ways to pay,
    each naming its heroes and amounts."""
    kind = group[0]["type"]
    about = () if label else _about(group[0], known, view["players"])  # an X value: the card is its question's
    if len(group) == 1:
        return Option(label or text.describe_action(group[0], view, lang, known), key, action=group[0],
                      description=_describe(subject, known, lang), about=about)
    name = text.uid_label(subject, view, lang, known)
    ways = [Option(text.describe_action(a, view, lang, known), str(j), action=a, about=_payers(a, known))
            for j, a in enumerate(group)]
    back = Option(t("lcg_table.menu.back", lang), "back", note=t("lcg_table.menu.left", lang), back=True)
    sub = Menu("pay", t("bot_lcg.menu.pay", lang, card=name), ways[:_MENU_MAX - 1] + [back], about=_about(group[0], known))
    return Option(label or t(f"bot_lcg.menu.{kind}_ways", lang, card=name, count=len(group)), key, menu=sub,
                  description=_describe(subject, known, lang), about=about)


def _describe(subject, known: dict[str, str], lang: str) -> str:
    """A player card's cost and sphere under its menu option, when the viewer may know the card."""
    cid = known.get(subject) if isinstance(subject, str) else None
    if cid is None:
        return ""
    card = lcg.card(cid)
    if card.sphere is None:
        return ""
    cost = card.cost if card.cost is not None else card.threat_cost
    return t("bot_lcg.menu.card_info", lang, cost="-" if cost is None else cost,
             sphere=text.sphere_name(card.sphere, lang), type=text.type_name(card.type, lang))
