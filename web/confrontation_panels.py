"""The Confrontation in HTML on the web table's pages (a game's `web_panels`): while one is fought, the combat
(each side's piece, its combat card, only "chosen" until both are shown, as the view says, with what it does,
and its strength once told: the same columns as the picture's combat panel, render/confrontation.py).

On a seat's page whose question names things of the board (`play`, web/choices.py's Play), the board is played
on: the regions in their columns as on the picture, each with its pieces; a piece that may move is a button
(then its destinations are), a region to retreat to or to shuffle is one, and the combat cards to choose are
buttons under the combat, each with what it does. Every button sends the form its control sends
(web/acting.py): only what the seat's legal actions offer is ever a button. Built from the seat's view alone:
a hidden piece shows its token only."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from i18n import t
from present.confrontation import card_name, card_text, piece_label, region_name
from render.confrontation import SIDES, combat_columns, region_box, region_names

if TYPE_CHECKING:
    from engine.confrontation.view_types import ConfrontationView
    from web.choices import Play


shows_hand = False
BOARD_PICKS = ("piece", "region")


def _columns() -> list[list[str]]:
    """The regions by column, Shire to Mordor, north first, as the picture draws them."""
    columns: dict[int, list[str]] = {}
    for region in region_names():
        columns.setdefault(region_box(region)[0], []).append(region)
    return list(columns.values())


def _board(view: ConfrontationView, lang: str, play: Play) -> list[dict[str, Any]]:
    """Each region with its grid place (a diamond: 7 columns, a column of n regions centred on 8 half-rows, each
    two high, the Shire and Mordor the whole height; web.css places them by class, inline styles being barred),
    its pieces (each with its pick, if the seat may pick it) and its own pick."""
    by_region: dict[str, list[Any]] = {}
    for piece in sorted(view["pieces"], key=lambda p: (SIDES.index(p["side"]) if p["side"] in SIDES else 2, p["token"])):
        by_region.setdefault(piece["region"], []).append(piece)
    out = []
    for c, column in enumerate(_columns()):
        for k, region in enumerate(column):
            pieces = [{"label": piece_label(p["token"], view, lang), "side": p["side"],
                       "pick": play.pick("piece", p["token"])}
                      for p in by_region.get(region, [])]
            out.append({"id": region, "name": region_name(region, lang), "column": c + 1,
                        "row": 4 - len(column) + 2 * k + 1, "tall": len(column) == 1,
                        "pieces": pieces, "pick": play.pick("region", region)})
    return out


def panels(view: ConfrontationView, lang: str, play: Play | None = None) -> str:
    from web.pages import render  # web/pages.py asks games for their panels

    combat = view["combat"]
    on_board = play is not None and any(kind in BOARD_PICKS for kind, _ in play.picks)
    you = view.get("you")
    cards = [{"pick": p, "name": card_name(card, lang, you), "text": card_text(card, you, lang)}
             for (kind, card), p in (play.picks.items() if play else ()) if kind == "card"]
    if not combat and not on_board and not cards:
        return ""
    return render("confrontation_panels.html", t=lambda key, **kw: t(key, lang, **kw), play=play,
                  columns=combat_columns(view, lang) if combat else [], cards=cards,
                  buttons=play.others() if play and (on_board or cards) else [],
                  board=_board(view, lang, play) if play is not None and on_board else [],
                  # what the lit board asks: a piece to move, or only regions (the waiting side's shuffle)
                  hint="web.cf.board_hint" if play and any(kind == "piece" for kind, _ in play.picks)
                  else "web.cf.region_hint",
                  title=t("render.combat.title", lang, region=region_name(combat["region"], lang)) if combat else "")
