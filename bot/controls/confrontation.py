"""The Confrontation's legal actions as buttons and menus (docs/confrontation.md, "Actions").

Only a mapping: every control carries an action taken from `legal`, never one made up here. Labels
come from the presenter (present/confrontation.py) and i18n; `view` is the deciding player's own view.
"""
from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import TYPE_CHECKING

from bot.controls import About, Button, Control, Menu, Option
from games.confrontation import GAME
from i18n import t
from present import confrontation as text

if TYPE_CHECKING:
    from games.confrontation import ConfrontationView

_MENU_MAX = 25  # options in one Discord select menu


def preset_label(key: str, lang: str) -> str:
    """A preset of the declaration (games/confrontation.py): its mode, special cards, match."""
    options = dict(GAME.presets()).get(key)
    if options is None:
        return key
    parts = [t(f"bot.cf.mode.{options['mode']}", lang)]
    if options["special_cards"] != "none":
        parts.append(t(f"bot.cf.specials.{options['special_cards']}", lang))
    if options["match"]:
        parts.append(t("bot.cf.match", lang))
    return " · ".join(parts)


def intro(lang: str) -> str:
    """Nothing to add when a game starts."""
    return ""


def controls(view: ConfrontationView, legal: list[dict], lang: str) -> list[Control]:
    if legal and legal[0].get("type") == "place":
        # The setup decision offers placements only, 15,120 of them: never walk them all.
        return [_placement_menu(view, legal, lang)]
    by_type: dict[str, list[dict]] = {}
    for action in legal:
        by_type.setdefault(action["type"], []).append(action)
    out: list[Control] = []
    for kind, actions in by_type.items():
        if kind == "move":
            out.append(_move_menu(view, actions, lang))
        elif kind == "place":
            out.append(_placement_menu(view, actions, lang))
        elif kind == "draft":
            out.append(_draft_menu(actions, lang))
        elif kind == "shuffle":
            out.append(Menu("shuffle", t("bot.cf.shuffle", lang), [
                Option(text.region_name(a["region"], lang), _key(a["region"]), action=a, about=(("region", a["region"]),))
                for a in actions]))
        elif kind == "special" and (len(actions) > 5 or len(_grouped(actions, "card")) < len(actions)):
            out.append(_special_menu(view, actions, lang))
        else:
            out += [Button(text.describe_action(a, view, lang), a, style=_style(a), about=_about(a)) for a in actions]
    return out


def _style(action: dict) -> str:
    if action.get("type") in ("card", "magic"):
        return "primary"
    if action.get("type") == "special":
        return "success"
    if action.get("type") in ("proceed", "decline") or action.get("use") is False:
        return "secondary"
    return "primary"


def _about(action: dict) -> About:
    """What a button stands for on the page's board: the combat card it plays (from the hand, or from the
    discards through Magic), the region it retreats to."""
    if action["type"] in ("card", "magic"):
        return (("card", action["card"]),)
    if action["type"] == "retreat":
        return (("region", action["to"]),)
    return ()


def _key(value) -> str:
    return str(value).lower()


def _piece_option_label(view: ConfrontationView, token: str, lang: str) -> str:
    region = next((p["region"] for p in view["pieces"] if p["token"] == token), None)
    return f"{text.piece_label(token, view, lang)} — {text.region_name(region, lang)}"


def _grouped(actions: list[dict], field: str) -> dict[str, list[dict]]:
    """The actions by their value of `field`, in the order the engine lists them."""
    groups: dict[str, list[dict]] = {}
    for a in actions:
        groups.setdefault(a[field], []).append(a)
    return groups


def _move_menu(view: ConfrontationView, actions: list[dict], lang: str) -> Menu:
    """Piece first, then destination: two small menus instead of one of every (piece, region)."""
    options = []
    for token, moves in _grouped(actions, "piece").items():
        dest = Menu("to", t("bot.cf.move_to", lang, piece=text.piece_label(token, view, lang)), [
            Option(text.region_name(m["to"], lang), _key(m["to"]), action=m, about=(("region", m["to"]),)) for m in moves])
        options.append(Option(_piece_option_label(view, token, lang), _key(token), menu=dest, about=(("piece", token),)))
    return Menu("move", t("bot.cf.move", lang), options[:_MENU_MAX])


def _special_menu(view: ConfrontationView, actions: list[dict], lang: str) -> Menu:
    """Special cards with targets: card, then its target (a piece, then its destination; or a region), each
    standing for its piece or region on the page's board."""
    options = []
    for card, acts in _grouped(actions, "card").items():
        if len(acts) == 1:
            options.append(Option(text.describe_action(acts[0], view, lang), _key(card), action=acts[0]))
            continue
        options.append(Option(text.card_name(card, lang), _key(card), menu=_targets(view, card, acts, lang)))
    return Menu("special", t("bot.cf.special", lang), options[:_MENU_MAX])


def _targets(view: ConfrontationView, card: str, actions: list[dict], lang: str) -> Menu:
    """A special card's targets: its pieces (each opening its destinations, when the card moves it), or its
    regions."""
    name = text.card_name(card, lang)
    if all("to" in a for a in actions):
        options = []
        for token, moves in _grouped(actions, "piece").items():
            dest = Menu("to", t("bot.cf.move_to", lang, piece=text.piece_label(token, view, lang)), [
                Option(text.region_name(m["to"], lang), _key(m["to"]), action=m, about=(("region", m["to"]),))
                for m in moves][:_MENU_MAX], about=(("piece", token),))
            options.append(Option(_piece_option_label(view, token, lang), _key(token), menu=dest, about=(("piece", token),)))
        return Menu("target", name, options[:_MENU_MAX])
    return Menu("target", name, [
        Option(text.describe_action(a, view, lang), str(i), action=a, about=_target(a)) for i, a in enumerate(actions)][:_MENU_MAX])


def _target(action: dict) -> About:
    if action.get("piece") is not None:
        return (("piece", action["piece"]),)
    return (("region", action["region"]),) if action.get("region") is not None else ()


def _placement_menu(view: ConfrontationView, legal: Sequence[dict], lang: str) -> Menu:
    """Region by region, outside the home region first: "who stands in Arthedain?", and so on; the
    characters left over after the last question are the ones the placement puts at home.

    The menus are built along the path a player takes, never by listing the 15,120 placements: the
    shape (which regions take one piece, which the rest) comes from one legal placement, and each
    placement offered is checked to be among the legal actions (`in`, which the engine answers
    without listing them)."""
    first = legal[0]["placement"]
    count = {r: sum(1 for v in first.values() if v == r) for r in set(first.values())}
    fronts = sorted((r for r in count if count[r] == 1), key=lambda r: r)
    home = next(r for r in count if count[r] > 1)
    characters = sorted(first)
    short = {c: str(i) for i, c in enumerate(characters)}  # keys stay short inside custom ids

    def step(depth: int, chosen: list[str]) -> Menu:
        region = fronts[depth]
        options = []
        for who in characters:
            if who in chosen:
                continue
            label = text.character_name(who, lang)
            if depth + 1 < len(fronts):
                options.append(Option(label, short[who], menu=partial(step, depth + 1, [*chosen, who]),
                                      about=(("character", who),)))
                continue
            placed = dict(zip([*chosen, who], fronts))
            action = {"type": "place", "placement": {c: placed.get(c, home) for c in first}}
            if action in legal:
                options.append(Option(label, short[who], action=action, about=(("character", who),)))
        return Menu("place", t("bot.cf.place", lang, region=text.region_name(region, lang)), options,
                    about=(("region", region),))

    return step(0, [])


def _draft_menu(actions: list[dict], lang: str) -> Menu:
    """Tile by tile, one face of each."""
    size = len(actions[0]["characters"])

    def step(depth: int, pool: list[dict]) -> Menu:
        groups: dict[str, list[dict]] = {}
        for a in pool:
            groups.setdefault(a["characters"][depth], []).append(a)
        options = []
        for i, (who, group) in enumerate(sorted(groups.items())):
            label = text.character_name(who, lang)
            about = (("character", who),)
            if depth + 1 == size or len(group) == 1:
                options.append(Option(label, str(i), action=group[0], about=about))
            else:
                options.append(Option(label, str(i), menu=partial(step, depth + 1, group), about=about))
        return Menu("draft", t("bot.cf.draft", lang, number=depth + 1, total=size), options,
                    about=(("tile", f"{depth + 1}/{size}"),))

    return step(0, actions)
