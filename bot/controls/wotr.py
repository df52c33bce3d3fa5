"""War of the Ring's legal actions as buttons and select menus (docs/wotr.md, "Actions" and "Discord").

Only a mapping: every control carries an action taken from `legal`, never one made up here, and no
action kind is named to decide what is offered, so an action kind the engine adds later is offered
too (as a menu or a button). The layout:

- an action die decision: one menu "choose a die" (one option per face), then the actions of that die;
- actions without fields (Pass, Done, End the Fellowship phase) and small kinds (at most 3 actions):
  buttons, labelled by the presenter;
- any other kind: a menu. A menu holds at most 25 options, so a long list is split by its fields in a
  fixed order (nation, then unit, then region...: an army's origin, then its destination), and a level
  still longer than 25 (a Nazgûl's 100 destinations) is split into pages of consecutive names.

Sub-menus are built only along the path a player takes (`Option.menu` as a function): a Shadow turn
offers hundreds of Nazgûl flights, listed once per click at most. Option keys are short indices (a
custom id holds 100 characters); the decision id in the custom id makes a stale index harmless.
"""
from __future__ import annotations

import json
import unicodedata
from functools import partial
from typing import Any

from bot.controls import KEY_CHARS, Button, Control, Menu, Option
from engine.wotr.seats import SEATS as ENGINE_SEATS
from i18n import has, t
from present import wotr as text

# Seats a creator may pick in /lotr start: the sides of the 2-player game, the teams' seats of 3-4 players.
SEATS = ("free_peoples", "shadow", "gondor", "rohan", "witch_king", "saruman")


def seat_order(players: int) -> tuple[str, ...]:
    """The seats in table order for this many players (engine/wotr/seats.py): seat i is players[i]."""
    return ENGINE_SEATS[players]

MENU_MAX = 25  # options in one Discord select menu
_BUTTONS_MAX = 3  # a kind with more actions than this becomes a menu
# The order in which fields split a long list: what moves or acts first, where it goes last.
_FIELD_ORDER = ("die", "type", "minion", "from", "group", "companion", "char", "nation", "kind", "deck",
                "who", "card", "dice", "region", "to")


def presets() -> list[tuple[str, dict]]:
    """The option sets offered by /lotr create: no options (2, 3 or 4 players, as many as join)."""
    return [("standard", {})]


def preset_label(key: str, lang: str) -> str:
    return t(f"bot_wotr.preset.{key}", lang) if key == "standard" else key


def intro(lang: str) -> str:
    """Said in the channel when a game starts: where hands and controls go."""
    return t("bot_wotr.intro", lang)


def controls(view: dict, legal: list[dict], lang: str) -> list[Control]:
    """Die actions under a "choose a die" menu; the rest by kind, as buttons or one menu per kind."""
    out: list[Control] = []
    with_die = [a for a in legal if "die" in a]
    if with_die:
        out.append(_die_menu(view, with_die, lang))
    by_type: dict[str, list[dict]] = {}
    for action in legal:
        if "die" not in action:
            by_type.setdefault(str(action.get("type")), []).append(action)
    buttons: list[Control] = []
    for kind, actions in by_type.items():
        if len(actions) <= _BUTTONS_MAX or all(set(a) == {"type"} for a in actions):
            buttons += [Button(_clip(text.describe_action(a, view, lang), 80), a, style=_style(a)) for a in actions]
        else:
            out.append(tree(_menu_key(kind), type_label(kind, lang), actions, view, lang))
    return out + buttons


def _die_menu(view: dict, actions: list[dict], lang: str) -> Menu:
    """One option per die face the player may spend; each opens that die's actions."""
    by_face: dict[str, list[dict]] = {}
    for a in actions:
        by_face.setdefault(str(a["die"]), []).append(a)
    unused = ((view.get("dice") or {}).get(view.get("you")) or [])
    options = []
    for i, (face, group) in enumerate(by_face.items()):
        label = t("bot_wotr.die", lang, face=text.name(face, lang), count=unused.count(face) or 1)
        context = t("bot_wotr.die_actions", lang, face=text.name(face, lang))
        options.append(Option(_clip(label, 100), str(i), menu=partial(tree, "d", context, group, view, lang),
                              description=_count(len(group), lang)))
    return Menu("die", t("bot_wotr.choose_die", lang), options)


def tree(key: str, context: str, actions: list[dict], view: dict, lang: str) -> Menu:
    """A menu over `actions`: the actions themselves when they fit, else one option per value of the
    first field that tells them apart (each opening a smaller menu), in pages when that is too many.
    `context` says what is being chosen ("Fly a Nazgûl · Barad-dûr"), for the placeholder."""
    if len(actions) <= MENU_MAX:
        return Menu(key, _clip(context + "…", 150), [
            Option(_clip(text.describe_action(a, view, lang), 100), str(i), action=a) for i, a in enumerate(actions)])
    field = _splitting_field(actions)
    groups: dict[str, list[dict]] = {}
    for a in actions:
        groups.setdefault(_value_key(a.get(field)), []).append(a)
    options = [_group_option(field, group, context, view, lang) for group in groups.values()]
    placeholder = _clip(t("bot_wotr.which", lang, what=context, field=field_label(field, lang)), 150)
    if len(options) <= MENU_MAX:
        return Menu(key, placeholder, [_keyed(o, str(i)) for i, o in enumerate(options)])
    return _pages(key, placeholder, sorted(options, key=lambda o: _sort_key(o.label)), lang)


def _splitting_field(actions: list[dict]) -> str:
    """The first field, in `_FIELD_ORDER` then by name, whose value differs between the actions."""
    fields = sorted({f for a in actions for f in a}, key=lambda f: (_FIELD_ORDER.index(f)
                    if f in _FIELD_ORDER else len(_FIELD_ORDER), f))
    return next(f for f in fields if len({_value_key(a.get(f)) for a in actions}) > 1)


def _group_option(field: str, group: list[dict], context: str, view: dict, lang: str) -> Option:
    """The option for the actions sharing one value of `field`: named by that value ("Gondor",
    "Minas Tirith"), the action itself when alone (its full sentence under it), else a smaller menu."""
    value = group[0].get(field)
    if field == "type":
        label = text.describe_action(group[0], view, lang) if len(group) == 1 else type_label(str(value), lang)
    else:
        label = value_label(value, lang)
    if len(group) == 1:
        return Option(_clip(label, 100), "", action=group[0],
                      description=_clip(text.describe_action(group[0], view, lang), 100))
    return Option(_clip(label, 100), "", menu=partial(tree, "s", f"{context} · {label}", group, view, lang),
                  description=_count(len(group), lang))


def _pages(key: str, placeholder: str, options: list[Option], lang: str) -> Menu:
    """Options in consecutive pages of 25, each page named by its first and last option."""
    pages = []
    for n, start in enumerate(range(0, len(options), MENU_MAX)):
        chunk = [_keyed(o, str(i)) for i, o in enumerate(options[start:start + MENU_MAX])]
        label = t("bot_wotr.page", lang, first=_clip(chunk[0].label, 40), last=_clip(chunk[-1].label, 40))
        pages.append(Option(label, f"p{n}", menu=Menu("p", placeholder, chunk),
                            description=_count(len(chunk), lang)))
    return Menu(key, placeholder, pages)


def _sort_key(label: str) -> str:
    """Alphabetical order as readers expect it: accents and case ignored (É with E)."""
    return "".join(c for c in unicodedata.normalize("NFD", label.casefold()) if not unicodedata.combining(c))


def _keyed(option: Option, key: str) -> Option:
    option.key = key
    return option


def _value_key(value: Any) -> str:
    return json.dumps(value, sort_keys=True)


def value_label(value: Any, lang: str) -> str:
    """A field's value in words: a region, nation, character, unit kind... or a list of them."""
    if isinstance(value, list):
        return ", ".join(value_label(v, lang) for v in value)
    return text.capital(text.name(value, lang))


def type_label(kind: str, lang: str) -> str:
    """An action kind in words ("Move the Fellowship", "Fly a Nazgûl"); an unknown kind by its id."""
    for key in (f"bot_wotr.type.{kind}", f"present_wotr.action_name.{kind}"):
        if has(key, lang):
            return text.capital(t(key, lang))
    return kind.replace("_", " ").capitalize()


def field_label(field: str, lang: str) -> str:
    """A field in words ("nation", "destination"); an unknown field by its id."""
    for key in (f"bot_wotr.field.{field}", f"present_wotr.field.{field}"):
        if has(key, lang):
            return t(key, lang)
    return field.replace("_", " ")


def _menu_key(kind: str) -> str:
    key = "".join(c for c in kind.lower() if c in KEY_CHARS)[:40]
    return key or "x"


def _count(n: int, lang: str) -> str:
    return t("bot_wotr.choices", lang, n=n)


def _clip(label: str, size: int) -> str:
    return label if len(label) <= size else label[:size - 1] + "…"


def _style(action: dict) -> str:
    kind = action.get("type")
    if kind in ("pass", "done", "reveal_stop", "end_fellowship_phase", "stay", "hold", "cease_battle"):
        return "secondary"
    return "primary"
