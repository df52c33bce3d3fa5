"""War of the Ring's panels beside the map on the web table's pages (a game's `web_panels`): the tracks
(each nation's step to war, victory points, the Fellowship's progress and corruption, the Mordor track),
the Hunt box and its tiles, each side's dice, and while one is fought the battle (both armies, the round,
the combat cards, the dice with the number each needs and why, the hits) or the Hunt's damage to take.

On a seat's page (`play`, web/choices.py's Play: what its controls let it pick), the same panels are played
on: its dice are buttons, the cards of its hand (read in full) have theirs, a battle's panel holds the
battle's choices (the combat cards with what they do, the casualties, "no card"...), the Hunt's damage is
chosen beside the Fellowship's figures. Every button sends the form its control sends (web/acting.py): only
what the seat's legal actions offer is ever shown.

Built from the view alone, in the presenter's words (present/wotr.py) and the picture's (i18n wotr_map):
a combat card chosen in secret is only "chosen", as the view says. Jinja2 escapes every text."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bot.controls import fingerprint
from cards.wotr import load
from i18n import has, t
from present import wotr as words
from render.wotr_battle import ROLES, hunt_lines, title

if TYPE_CHECKING:
    from engine.wotr.types import WotrView
    from web.choices import Play

TRACK = 13         # the Fellowship track's cells, 0-12
MORDOR = 6         # the Mordor track's steps, 0-5
POLITICS = (3, 2, 1, 0)  # steps to war, as the board reads them left to right
BATTLE_PICKS = ("card", "nation", "kind", "character")  # what a battle's choices name: cards, casualties
CASUALTIES = "casualties"  # the battle's step where the side chooses its losses: on each unit
ON_UNIT = {"reduce": "elite"}  # a casualty's kind -> the unit it is chosen on (reducing an elite)
shows_hand = True  # the seat's hand is read here, each card with its own button


def _politics(view: WotrView, lang: str) -> list[dict[str, Any]]:
    """Each nation on its step, Free Peoples first, in the reader's alphabetical order within a side."""
    out = []
    for nation, p in (view.get("politics") or {}).items():
        side = p.get("side") or load().nations[nation].side
        out.append({"name": words.name(nation, lang), "side": side, "step": int(p.get("step") or 0),
                    "active": bool(p.get("active"))})
    return sorted(out, key=lambda n: (words.SIDES.index(n["side"]) if n["side"] in words.SIDES else 2,
                                      words.sort_key(n["name"])))


def _roll(roll: dict[str, Any], lang: str) -> dict[str, Any]:
    """A side's combat roll: each die and whether it hit (the engine's record: a die of a game saved before
    it kept them is shown unmarked), the number it needs and why (the presenter's words for the log's
    combat roll)."""
    said = words.combat_roll_words(roll, lang)
    dice, struck = roll.get("dice") or [], roll.get("hit") or []
    return {"dice": [(d, struck[i] if i < len(struck) else None) for i, d in enumerate(dice)], "target": int(said["target"]),
            "why": said["why"].strip(" ()"), "hits": roll.get("hits", 0)}


def _casualties(units: dict[str, dict[str, int]], decision: Any, view: WotrView, lang: str) -> list[dict[str, Any]]:
    """The side's army figure by figure (a nation's units of a kind), each with the casualties the seat may
    choose on it: the decision's own actions (the view lists them for its decider alone), each sent by its
    fingerprint (web/acting.py finds it along the seat's menus)."""
    offered = [a for a in decision.get("actions") or [] if isinstance(a.get("nation"), str) and a.get("kind")]
    rows = []
    for nation, kinds in units.items():
        for kind, n in kinds.items():
            here = [a for a in offered if a["nation"] == nation and ON_UNIT.get(a["kind"], a["kind"]) == kind]
            rows.append({"text": words.units_text({nation: {kind: n}}, lang), "choices": [
                (_short(a, view, lang), words.describe_action(a, view, lang), fingerprint(a)) for a in here]})
    return rows


def _short(action: dict, view: WotrView, lang: str) -> str:
    key = f"web.wotr.casualty.{action['kind']}"
    return t(key, lang) if has(key, lang) else words.describe_action(action, view, lang)


def _battle_side(battle: dict[str, Any], role: str, decision: Any, view: WotrView, lang: str,
                 asks_me: bool) -> dict[str, Any]:
    side, you = battle[role], view.get("you")
    units = battle["units"].get(role) or {}
    card = battle["played"].get(side)
    if card:
        shown = {"name": words.combat_name(card, lang), "text": words.card_text(card, lang)["combat"]}
    elif side == you and "mine" in battle:  # the seat that chose reads its own card before the reveal
        mine = battle["mine"]
        shown = {"name": t("web.wotr.card_mine", lang, card=words.combat_name(mine, lang)),
                 "text": words.card_text(mine, lang)["combat"]} if mine else {"name": t("web.wotr.no_card_mine", lang),
                                                                             "text": ""}
    elif side in battle["chosen"]:
        shown = {"name": t("wotr_map.battle.card_chosen", lang), "text": ""}
    elif decision and decision.get("kind") == "battle" and decision.get("step") == "cards" \
            and decision.get("side") == side:
        shown = {"name": t("web.wotr.card_choosing", lang), "text": ""}
    else:
        shown = None
    roll = battle["roll"].get(side)
    return {"role": t("wotr_map.battle.role", lang, role=t(f"wotr_map.battle.{role}", lang),
                      side=t(f"wotr_map.battle.side.{side}", lang)),
            "side": side,
            "army": [words.units_text({nation: kinds}, lang) for nation, kinds in units.items()],
            "casualties": _casualties(units, decision, view, lang) if asks_me and side == you
            and decision.get("step") == CASUALTIES else [],
            "characters": [words.name(c, lang) for c in battle["characters"].get(role) or []],
            "card": shown, "roll": _roll(roll, lang) if roll else None,
            "to_take": (battle.get("hits") or {}).get(side, 0)}


def _battle(view: WotrView, lang: str, play: Play | None) -> dict[str, Any] | None:
    """The battle's panel; on the page of the seat it asks, its choices in its own side's column: the combat
    cards (with what each does), the units or figures to take hits on, and the step's buttons."""
    battle = view.get("battle")
    if not battle:
        return None
    decision: Any = view.get("decision") or {}
    asks_me = play is not None and decision.get("kind") == "battle" and decision.get("side") == view.get("you")
    on_units = decision.get("step") == CASUALTIES  # chosen on the units themselves (`_casualties`)
    choices = [{"pick": p, "label": p.label, "text": words.card_text(thing, lang)["combat"] if kind == "card" else ""}
               for (kind, thing), p in (play.picks.items() if play and asks_me else ())
               if kind in BATTLE_PICKS and not (on_units and kind in ("nation", "kind"))]
    return {"title": title(battle, lang), "choices": choices, "buttons": play.others() if play and asks_me else [],
            "you": view.get("you"),
            "sides": [_battle_side(battle, role, decision, view, lang, asks_me) for role in ROLES]}


def _hunt(view: WotrView, lang: str, play: Play | None) -> dict[str, Any]:
    """The Hunt box and its tiles; while the Hunt's damage is to be taken, the roll and tile that made it,
    the Fellowship's figures and, on the page of the player who takes it, the ways to take it."""
    hunt = view.get("hunt") or {}
    box = hunt.get("box") or {}
    f = view.get("fellowship") or {}
    damage = hunt_lines(view, lang)
    figures = [(words.name(c, lang), play.pick("character", c) if play else None) for c in f.get("companions") or []]
    return {"box": [(side, int(box.get(side) or 0)) for side in ("shadow", "free_peoples")],
            "tiles": t("wotr_map.hunt_tiles", lang, pool=len(hunt.get("pool") or []), drawn=len(hunt.get("drawn") or [])),
            "damage": damage, "figures": figures if damage else [],
            "guide": words.name(f.get("guide"), lang), "corruption": int(f.get("corruption") or 0),
            "buttons": play.others() if play and damage else []}


def _hand(view: WotrView, lang: str, play: Play | None) -> list[dict[str, Any]]:
    """The reader's hand, each card read in full (present/wotr.py's hand_texts), with its button when the
    seat may play it now."""
    cards: list[str] = (view.get("cards") or {}).get("hand") or []
    return [{"id": card, "name": words.name(card, lang), "text": text, "pick": play.pick("card", card) if play else None}
            for card, text in zip(cards, words.hand_texts(view, lang), strict=True)]


def panels_data(view: WotrView, lang: str, play: Play | None = None) -> dict[str, Any]:
    """What the panels show, as the template needs it."""
    f = view.get("fellowship") or {}
    hands = words.side_hand_sizes(view)
    mine = view.get("you")
    return {
        "politics": _politics(view, lang), "steps": POLITICS,
        "vp": [(side, int((view.get("vp") or {}).get(side) or 0)) for side in words.SIDES],
        "fellowship": {"progress": int(f.get("progress") or 0), "corruption": int(f.get("corruption") or 0),
                       "mordor": f.get("mordor"), "line": words.fellowship_line(view, lang)},
        "track": range(TRACK), "mordor": range(MORDOR),
        "hunt": _hunt(view, lang, play),
        "dice": [{"side": side, "rings": int((view.get("rings") or {}).get(side) or 0), "hand": hands[side],
                  "faces": [(words.name(face, lang), play.pick("die", face) if play and side == mine else None)
                            for face in (view.get("dice") or {}).get(side) or []]}
                 for side in words.SIDES],
        "battle": _battle(view, lang, play),
        "hand": _hand(view, lang, play),
        "play": play,
    }


def panels(view: WotrView, lang: str, play: Play | None = None) -> str:
    from web.pages import render  # web/pages.py asks games for their panels

    return render("wotr_panels.html", lang=lang, t=lambda key, **kw: t(key, lang, **kw),
                  **panels_data(view, lang, play))
