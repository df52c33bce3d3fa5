"""The Card Game played on its cards on a seat's page (a game's `web_panels`): when the seat's question names
cards (web/choices.py's Play: its controls' `about`), the cards of its hand and those in play, each that may
be picked now with its button: a card played from the hand, a hero paying, a defender, an enemy attacked, a
card chosen; characters committed to the quest (or declared attackers) are check boxes, sent together. When a
card is being paid for (or its X chosen), each way (naming its heroes and amounts) or value is a button beside
that card, and each hero shows its resources; a player to choose is a button. Every
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
    each card with its pick (None when it may not be picked now), a hero's resources, and beside the card the
    step is about (being paid for, its X chosen) the step's choices."""
    known = words.uid_map(view)
    hand = [c["uid"] for c in view.get("hand") or [] if isinstance(c, dict) and c.get("uid")]
    in_play = [uid for uid, _ in words.readable(view)]
    picked = [thing for kind, thing in play.picks if kind == "card"]
    other = [uid for uid in picked if uid not in hand and uid not in in_play]
    resources = {h["uid"]: h.get("resources", 0) for p in view["players"].values() for h in p["heroes"]}
    asked = dict(play.step.asked).get("card")
    return [{"heading": t(key, lang),
             "cards": [{"name": words.uid_label(uid, view, lang, known), "pick": play.pick("card", uid),
                        "resources": resources.get(uid),
                        "ways": [p for p, _ in play.step.options] if uid == asked else []} for uid in uids]}
            for key, uids in (("web.cards.hand", hand), ("web.cards.in_play", in_play), ("web.lcg.to_choose", other))
            if uids]


def panels(view: LcgView, lang: str, play: Play | None = None) -> str:
    from web.pages import render  # web/pages.py asks games for their panels

    if play is None or not any(kind in ("card", "player") for kind, _ in play.picks) and not play.step.asked:
        return ""
    several: Pick | None = next((p for p in play.picks.values() if p.several), None)
    players = [p for (kind, _), p in play.picks.items() if kind == "player"]
    return render("lcg_play.html", t=lambda key, **kw: t(key, lang, **kw), play=play, several=several,
                  groups=_groups(view, lang, play), players=players, buttons=play.others())
