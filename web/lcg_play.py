"""The Card Game played on its cards on a seat's page (a game's `web_panels`): when the seat's question names
cards (web/choices.py's Play: its controls' `about`), the cards of its hand and those in play, each that may
be picked now with its button: a card played from the hand, a hero paying, a defender, an enemy attacked, a
card chosen; characters committed to the quest (or declared attackers) are check boxes, sent together. Every
button sends the form its control sends (web/acting.py): only what the seat's legal actions offer is a button.

Built from the seat's own view: its hand is its own (the table-talk rule: no page shows a player another's
hand), the cards in play are those anyone may read (present/lcg.py's readable)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from i18n import t
from present import lcg as words

if TYPE_CHECKING:
    from engine.lcg.view_types import LcgView
    from web.choices import Pick, Play

shows_hand = False  # the hand's texts stay in the cards one may read (web/lcg_cards.py)


def _groups(view: LcgView, lang: str, play: Play) -> list[dict[str, Any]]:
    """The hand, the cards in play, then any other card the question names (one only the chooser sees),
    each card with its pick (None when it may not be picked now)."""
    known = words.uid_map(view)
    hand = [c["uid"] for c in view.get("hand") or [] if isinstance(c, dict) and c.get("uid")]
    in_play = [uid for uid, _ in words.readable(view)]
    picked = [thing for kind, thing in play.picks if kind == "card"]
    other = [uid for uid in picked if uid not in hand and uid not in in_play]
    return [{"heading": t(key, lang), "cards": [(words.uid_label(uid, view, lang, known), play.pick("card", uid))
                                                for uid in uids]}
            for key, uids in (("web.cards.hand", hand), ("web.cards.in_play", in_play), ("web.lcg.to_choose", other))
            if uids]


def panels(view: LcgView, lang: str, play: Play | None = None) -> str:
    from web.pages import render  # web/pages.py asks games for their panels

    if play is None or not any(kind == "card" for kind, _ in play.picks):
        return ""
    several: Pick | None = next((p for p in play.picks.values() if p.several), None)
    return render("lcg_play.html", t=lambda key, **kw: t(key, lang, **kw), play=play, several=several,
                  groups=_groups(view, lang, play), buttons=play.others())
