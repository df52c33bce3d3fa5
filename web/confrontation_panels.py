"""The Confrontation's combat in HTML on the web table's pages (a game's `web_panels`), while one is fought:
each side's piece, its combat card (only "chosen" until both are shown, as the view says) with what it does,
and its strength once told. The same columns as the picture's combat panel (render/confrontation.py)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from i18n import t
from present.confrontation import region_name
from render.confrontation import combat_columns

if TYPE_CHECKING:
    from engine.confrontation.view_types import ConfrontationView


shows_hand = False


def panels(view: ConfrontationView, lang: str, play: Any = None) -> str:
    from web.pages import render  # web/pages.py asks games for their panels

    combat = view["combat"]
    if not combat:
        return ""
    return render("confrontation_combat.html", t=lambda key, **kw: t(key, lang, **kw),
                  columns=combat_columns(view, lang),
                  title=t("render.combat.title", lang, region=region_name(combat["region"], lang)))
