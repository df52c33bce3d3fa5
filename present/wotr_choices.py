"""War of the Ring's legal actions as a path of short questions, read the same way in Discord
(bot/controls/wotr.py) and in the terminal (table/consoles/wotr.py): the die first, then the action,
then the piece, then where it goes (docs/wotr.md, "Choosing an action").

Only a reading of `legal`: every choice stands for actions taken from it, and the engine alone decides
what is legal. A question never holds more than 25 choices (a Discord select menu's limit): more
regions than a dozen are grouped by nation (or, for the regions of no nation, by the part of the map
they lie in), other long lists are paged. Names are sorted in the reader's language.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from cards.wotr import load
from i18n import has, t
from present import wotr as text
from present.wotr import sort_key

if TYPE_CHECKING:
    from engine.wotr.types import WotrView

LIMIT = 25  # choices in one question
REGIONS_FLAT = 12  # more regions than this are grouped by nation or area first
# What tells a list of one kind of action apart, asked in this order: what acts first, where it goes last
# (the card played before what it is played on: a hand's card is picked, then its choices).
FIELD_ORDER = ("die", "type", "card", "minion", "from", "group", "companion", "char", "nation", "kind", "deck",
               "who", "dice", "region", "to")
REGION_FIELDS = ("from", "region", "to")
# Decisions opened by an action that moves pieces: ending one before anything moved spends the action
# on nothing, so that "Done" asks to be confirmed.
MOVING = ("army_move", "move_minions", "move_companions")

# The regions of no nation, by the part of the map they lie in (our own grouping, for menus).
WILDS = {
    "eriador": ("arnor", "evendim", "ettenmoors", "weather_hills", "forlindon", "trollshaws", "fords_of_bruinen",
                "south_downs", "old_forest", "tower_hills", "cardolan", "harlindon", "south_ered_luin",
                "minhiriath"),
    "enedwaith": ("tharbad", "enedwaith", "druwaith_iaur", "andrast", "hollin"),
    "anduin": ("eagles_eyrie", "goblins_gate", "high_pass", "old_ford", "gladden_fields", "north_anduin_vale",
               "dimrill_dale", "south_anduin_vale", "parth_celebrant", "fangorn"),
    "rhovanion": ("northern_mirkwood", "withered_heath", "western_mirkwood", "narrows_of_the_forest",
                  "eastern_mirkwood", "northern_rhovanion", "vale_of_the_carnen", "vale_of_the_celduin",
                  "northern_dorwinion", "southern_rhovanion", "southern_dorwinion"),
    "brown_lands": ("eastern_brown_lands", "western_brown_lands", "noman_lands", "eastern_emyn_muil",
                    "western_emyn_muil", "dead_marshes", "dagorlad", "ash_mountains"),
    "ithilien": ("north_ithilien", "osgiliath", "south_ithilien", "druadan_forest", "east_harondor",
                 "west_harondor"),
}
_WILD_OF = {region: area for area, regions in WILDS.items() for region in regions}


@dataclass
class Choice:
    label: str
    actions: list[dict]  # what it stands for (several: asked apart next); none: "no, go back"
    note: str = ""  # said under it: the whole action's sentence, or how many choices it opens


def area(region: str) -> str:
    """The nation a region belongs to, else the part of the map it lies in."""
    entry = load().regions.get(region)
    return (entry.nation if entry is not None and entry.nation else None) or _WILD_OF.get(region, "elsewhere")


def area_name(key: str, lang: str) -> str:
    return t(f"wotr_play.area.{key}", lang) if has(f"wotr_play.area.{key}", lang) else text.name(key, lang)


def does_nothing(view: WotrView, action: dict) -> bool:
    """Would this "Done" end a move before anything moved (the die or card spent for nothing)? Read from
    the view's decision (with .get: the choices are asked over any view, even an empty one); the engine
    still decides that it is legal."""
    decision = view.get("decision") if view else None
    return (action.get("type") == "done" and decision is not None and decision.get("kind") in MOVING
            and not decision.get("moved") and not decision.get("arrived") and not decision.get("from"))


def step(view: WotrView, actions: list[dict], lang: str) -> tuple[str, list[Choice]]:
    """The next question over `actions`: the field it asks about ("die", "type", "to", or "confirm") and
    its choices, each standing for some of the actions (every action in exactly one choice)."""
    if len(actions) == 1:
        if does_nothing(view, actions[0]):
            return "confirm", [Choice(t("wotr_play.confirm_nothing", lang), actions),
                               Choice(t("wotr_play.go_back", lang), [])]
        return "type", [Choice(text.describe_action(actions[0], view, lang), actions)]
    if _differ(actions, "die"):
        return "die", _by_die(view, actions, lang)
    if _differ(actions, "type"):
        return "type", _by_type(view, actions, lang)
    field = next((f for f in _fields(actions) if _differ(actions, f)), None)
    if field is None:  # the same action twice: listed as it is
        return "type", [_one(view, a, lang) for a in actions]
    return field, _by_value(view, field, actions, lang)


# The die menu's order, the same at every prompt whatever the dice left (the faces as printed).
FACE_ORDER = ("character", "army", "muster", "muster_army", "event", "will_of_the_west", "eye")


def _by_die(view: WotrView, actions: list[dict], lang: str) -> list[Choice]:
    """One choice per face the player may spend (with how many such dice are left); actions paid by no
    die (Pass) each on their own."""
    faces: dict[str, list[dict]] = {}
    alone: list[Choice] = []
    for a in actions:
        if "die" in a:
            faces.setdefault(str(a["die"]), []).append(a)
        else:
            alone.append(_one(view, a, lang))
    unused = (view.get("dice") or {}).get(view.get("you")) or []
    order = sorted(faces, key=lambda f: FACE_ORDER.index(f) if f in FACE_ORDER else len(FACE_ORDER))
    return [Choice(t("bot_wotr.die", lang, face=text.name(face, lang), count=unused.count(face) or 1), faces[face],
                   count(len(faces[face]), lang)) for face in order] + alone


def _by_type(view: WotrView, actions: list[dict], lang: str) -> list[Choice]:
    """One choice per kind of action, in the engine's order; a kind of one action reads as that action."""
    kinds: dict[str, list[dict]] = {}
    for a in actions:
        kinds.setdefault(str(a.get("type")), []).append(a)
    die_chosen = all("die" in a for a in actions)  # the die was the question before: not said again
    return [_one(view, group[0], lang, die_chosen) if len(group) == 1 else
            Choice(type_label(kind, lang), group, count(len(group), lang)) for kind, group in kinds.items()]


def _one(view: WotrView, action: dict, lang: str, die_chosen: bool = False) -> Choice:
    if does_nothing(view, action):
        return Choice(t("wotr_play.done_nothing", lang), [action])
    said = action
    if die_chosen and action.get("type") != "elven_ring":  # an Elven Ring names the die it changes
        said = {k: v for k, v in action.items() if k != "die"}
    return Choice(text.describe_action(said, view, lang), [action])


def _by_value(view: WotrView, field: str, actions: list[dict], lang: str) -> list[Choice]:
    """One choice per value of `field` ("Gondor", "Minas Tirith"), sorted in the reader's language;
    many regions grouped by nation or area first, and any list still too long paged."""
    groups: dict[str, list[dict]] = {}
    for a in actions:
        groups.setdefault(_value_key(a.get(field)), []).append(a)
    if field in REGION_FIELDS and len(groups) > REGIONS_FLAT:
        areas: dict[str, list[dict]] = {}
        for a in actions:
            areas.setdefault(area(str(a.get(field))), []).append(a)
        if len(areas) > 1:
            choices = []
            for key, group in areas.items():
                regions = {_value_key(a.get(field)) for a in group}
                if len(regions) == 1:  # an area of one region: that region itself
                    choices += _by_value(view, field, group, lang)
                else:
                    choices.append(Choice(area_name(key, lang), group, t("wotr_play.regions", lang, n=len(regions))))
            return sorted(choices, key=lambda c: sort_key(c.label))
    choices = []
    for group in groups.values():
        value = group[0].get(field)
        if len(group) == 1 and not isinstance(value, (str, list)):  # a number says little: the sentence
            choices.append(Choice(text.describe_action(group[0], view, lang), group))
            continue
        note = text.describe_action(group[0], view, lang) if len(group) == 1 else count(len(group), lang)
        choices.append(Choice(value_label(value, lang), group, note))
    values = [g[0].get(field) for g in groups.values()]
    if all(isinstance(v, int) and not isinstance(v, bool) for v in values):  # numbers in their order
        choices = [c for _, c in sorted(zip(values, choices), key=lambda vc: vc[0])]
    else:
        choices.sort(key=lambda c: sort_key(c.label))
    if len(choices) <= LIMIT:
        return choices
    return [Choice(t("bot_wotr.page", lang, first=clip(page[0].label, 40), last=clip(page[-1].label, 40)),
                   [a for c in page for a in c.actions], count(len(page), lang))
            for page in (choices[i:i + LIMIT] for i in range(0, len(choices), LIMIT))]


def _fields(actions: list[dict]) -> list[str]:
    """The actions' fields in `FIELD_ORDER`, then by name."""
    return sorted({f for a in actions for f in a}, key=lambda f: (
        FIELD_ORDER.index(f) if f in FIELD_ORDER else len(FIELD_ORDER), f))


def _differ(actions: list[dict], field: str) -> bool:
    return len({_value_key(a.get(field, _ABSENT)) for a in actions}) > 1


_ABSENT = "\0absent"


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


def count(n: int, lang: str) -> str:
    return t("bot_wotr.choices", lang, n=n)


def clip(label: str, size: int) -> str:
    return label if len(label) <= size else label[:size - 1] + "…"
