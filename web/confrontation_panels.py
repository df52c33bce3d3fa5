"""The Confrontation in HTML on the web table's pages (a game's `web_panels`): while one is fought, the combat
(each side's piece, its combat card, only "chosen" until both are shown, as the view says, with what it does,
and its strength once told: the same columns as the picture's combat panel, render/confrontation.py).

On a seat's page whose question names things of the board (`play`, web/choices.py's Play), the board is played
on: the regions in their columns as on the picture, each with its pieces; a piece that may move is a button
(then its destinations are), a region to retreat to or to shuffle is one, and the combat cards to choose are
buttons under the combat, each with what it does. The placement is played on the board too, region by region
as the controls ask it: the region asked lit, the characters still to place as buttons in it (each with its
strength and power), those chosen at the steps before shown where they were put, and a way back a step; the
draft's faces are buttons, each with its strength and power. Every button sends the form its control sends
(web/acting.py): only what the seat's legal actions offer is ever a button. Built from the seat's view alone:
a hidden piece shows its token only."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from i18n import t
from present import confrontation as words
from present.confrontation import card_name, card_text, piece_label, region_name
from render.confrontation import SIDES, combat_columns, region_box, region_names

if TYPE_CHECKING:
    from engine.confrontation.view_types import ConfrontationView
    from web.choices import Pick, Play


shows_hand = False
BOARD_PICKS = ("piece", "region")


def _columns() -> list[list[str]]:
    """The regions by column, Shire to Mordor, north first, as the picture draws them."""
    columns: dict[int, list[str]] = {}
    for region in region_names():
        columns.setdefault(region_box(region)[0], []).append(region)
    return list(columns.values())


def _character(who: str, lang: str, pick: Pick | None = None) -> dict[str, Any]:
    strength, power = words.character_facts(who, lang)
    return {"name": words.character_name(who, lang), "strength": strength, "power": power, "pick": pick}


def _chosen(play: Play, lang: str) -> list[tuple[str, dict[str, Any]]]:
    """What the steps before chose: (the thing their question was about, e.g. a region, the character)."""
    return [(dict(asked).get("region", ""), _character(who, lang))
            for asked, picked in play.step.chosen if (who := dict(picked).get("character"))]


def _board(view: ConfrontationView, lang: str, play: Play) -> list[dict[str, Any]]:
    """Each region with its grid place (a diamond: 7 columns, a column of n regions centred on 8 half-rows, each
    two high, the Shire and Mordor the whole height; web.css places them by class, inline styles being barred),
    its pieces (each with its pick, if the seat may pick it) and its own pick; while placing, the characters
    to place in the region asked and those put in the others at the steps before."""
    by_region: dict[str, list[Any]] = {}
    for piece in sorted(view["pieces"], key=lambda p: (SIDES.index(p["side"]) if p["side"] in SIDES else 2, p["token"])):
        by_region.setdefault(piece["region"], []).append(piece)
    asked = dict(play.step.asked).get("region")
    to_place = [_character(who, lang, p) for (kind, who), p in play.picks.items() if kind == "character"]
    placed: dict[str, list[dict[str, Any]]] = {}
    for region, character in _chosen(play, lang):
        placed.setdefault(region, []).append(character)
    out = []
    for c, column in enumerate(_columns()):
        for k, region in enumerate(column):
            pieces = [{"label": piece_label(p["token"], view, lang), "side": p["side"],
                       "pick": play.pick("piece", p["token"])}
                      for p in by_region.get(region, [])]
            out.append({"id": region, "name": region_name(region, lang), "column": c + 1,
                        "row": 4 - len(column) + 2 * k + 1, "tall": len(column) == 1,
                        "pieces": pieces, "pick": play.pick("region", region),
                        "place": to_place if region == asked else [], "placed": placed.get(region, [])})
    return out


def panels(view: ConfrontationView, lang: str, play: Play | None = None) -> str:
    from web.pages import render  # web/pages.py asks games for their panels

    combat = view["combat"]
    kind = (view.get("decision") or {}).get("kind")
    picked = {k for k, _ in play.picks} if play else set()
    on_board = play is not None and (bool(picked & set(BOARD_PICKS)) or kind == "setup" and "character" in picked)
    you = view.get("you")
    cards = [{"pick": p, "name": card_name(card, lang, you), "text": card_text(card, you, lang)}
             for (k, card), p in (play.picks.items() if play else ()) if k == "card"]
    draft = _draft(lang, play) if play is not None and kind == "draft" and "character" in picked else None
    if not combat and not on_board and not cards and not draft:
        return ""
    asked = dict(play.step.asked).get("region") if play else None
    return render("confrontation_panels.html", t=lambda key, **kw: t(key, lang, **kw), play=play, side=you or "",
                  columns=combat_columns(view, lang) if combat else [], cards=cards, draft=draft,
                  buttons=play.others() if play and (on_board or cards) else [],
                  board=_board(view, lang, play) if play is not None and on_board else [],
                  # what the lit board asks: a piece to move, a character to place, or only regions (a shuffle)
                  hint=t("bot.cf.place", lang, region=region_name(asked, lang)) + " " + t("web.cf.place_hint", lang)
                  if asked else t("web.cf.board_hint" if "piece" in picked else "web.cf.region_hint", lang),
                  title=t("render.combat.title", lang, region=region_name(combat["region"], lang)) if combat else "")


def _draft(lang: str, play: Play) -> dict[str, Any]:
    """The draft's step: which tile (its question's "n/total"), the faces chosen before, the faces offered."""
    number, _, total = dict(play.step.asked).get("tile", "1/1").partition("/")
    return {"title": t("bot.cf.draft", lang, number=number, total=total),
            "chosen": [character for _, character in _chosen(play, lang)],
            "faces": [_character(who, lang, p) for (kind, who), p in play.picks.items() if kind == "character"]}
