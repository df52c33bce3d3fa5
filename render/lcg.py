"""The Card Game table drawn from an engine view (docs/lcg.md, "The view").

Layout (1400 px wide, top to bottom): a header (round, phase, who the game waits for, or the result);
the quest row (quest card and progress, active location, staging area with its total threat, encounter
deck and discard); one band per player (threat, hand and deck sizes, discard pile, heroes and allies
with exhausted/ready, damage, resources and attachments, then the engaged enemies with their shadow
cards); in a private view, a strip with the viewer's hand (name, cost, sphere, type).

Players are named as the table's messages name them when the view carries `names` (player id -> display
name, added by the bot beside the engine's view: docs/lcg.md), else "Player N" by seat.

Only what the view says is drawn; nothing here knows a rule. Every text drawn is also recorded as a
(kind, text) label, so tests can check what an image shows (`table_labels`).
"""
from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast

from PIL import Image

from cards import lcg
from i18n import has, t
from present import lcg as text
from render import png
from render.common import INK, MUTED, PANEL, PANEL_EDGE, WHITE, Canvas, fixed_palette, section
from render.kept import Kept, Rows, rows

if TYPE_CHECKING:
    from engine.lcg.view_types import CardView, LcgView

log = logging.getLogger(__name__)

W = 1400
PAD = 12
HEADER_H = 58
QUEST_H = 176
BAND_H = 212
HAND_H = 150
CARD_H = 150
CARD_MAX_W = 132
ENGAGED_W = 470  # right part of a player band

BG = (46, 58, 52)
HEADER_BG = (30, 34, 30)
HEADER_INK = (240, 232, 210)
WON, LOST = (40, 110, 50), (130, 30, 30)
SPHERE = {"leadership": (118, 62, 148), "tactics": (168, 38, 38), "spirit": (36, 110, 176),
          "lore": (40, 126, 58), "neutral": (110, 110, 110)}
ENCOUNTER = (70, 52, 40)
EXHAUSTED = (150, 150, 150)
DAMAGE = (190, 20, 20)
RESOURCE = (196, 140, 10)
PROGRESS = (30, 120, 200)
BAND = (226, 218, 196)
FIRST = (214, 170, 40)


def _r(key: str, lang: str, **params) -> str:
    """The board's text `key`, in the singular ("<key>.one") when the number it counts is 1."""
    if (params.get("n") == 1 or params.get("rounds") == 1) and has(f"render_lcg.{key}.one", lang):
        key += ".one"
    return t(f"render_lcg.{key}", lang, **params)


def _names(view: LcgView) -> dict[str, str] | None:
    """The players' display names the bot adds beside the engine's keys (`names`), if it did."""
    return cast("Mapping[str, Any]", view).get("names")


# --------------------------------------------------------------------------------------------- header

def _draw_header(cv: Canvas, view: LcgView) -> None:
    lang = cv.lang
    result = view["result"]
    colour = HEADER_BG if not result else (WON if result.get("outcome") == "won" else LOST)
    cv.draw.rectangle((0, 0, W, HEADER_H), fill=colour)
    if result:
        head = text.status(view, lang, _names(view)).split("\n")[0]
        detail = _r("result.score", lang, score=result.get("score"), rounds=result.get("rounds")) \
            if result.get("outcome") == "won" else _r("result.lost", lang)
    else:
        head = _r("round", lang, round=view["round"], phase=text.phase_name(view["phase"], lang))
        decision = view["decision"]
        who = ", ".join(text.player_label(p, view, lang, _names(view)) for p in (decision["waiting_for"] if decision else []))
        detail = _r("waiting", lang, players=who, what=text.decision_text(decision, view, lang)) if who else ""
    cv.text("header", (PAD, 4, W - 420, 32), head, HEADER_INK, 22, 12, "bold", align="left")
    cv.text("header", (PAD, 32, W - 420, 56), detail, HEADER_INK, 16, 10, align="left")
    options = view["options"]
    tags = [text.scenario_name(options.get("scenario"), lang)]
    campaign = view["campaign"]
    if campaign:
        done = campaign["played"]
        tags.append(_r(f"campaign.{campaign['level']}", lang, n=len(done) + 1,
                       of=len(campaign["scenarios"]), score=sum(r.get("score") or 0 for r in done)))
    if options.get("easy"):
        tags.append(_r("easy", lang))
    if options.get("shadows") is False:
        tags.append(_r("no_shadows", lang))
    cv.text("header", (W - 410, 8, W - PAD, 52), " · ".join(tags), HEADER_INK, 14, 10, max_lines=2,
            align="right")


# --------------------------------------------------------------------------------------------- cards

def _stats_lines(card: CardView, lang: str, player_card: bool) -> list[str]:
    """Current stats on one or two short lines (a hero's threat cost is left out: it is in the threat)."""
    stats = card.get("stats") or {}
    order = ("willpower", "attack", "defense", "hit_points") if player_card else \
        ("threat", "engagement", "attack", "defense", "hit_points")
    parts = [f"{_r('stat.' + k, lang)} {stats[k]}" for k in order if stats.get(k) is not None]
    if card["damage"] and stats.get("hit_points") is not None:  # hit points left / printed and modified
        parts[-1] = f"{_r('stat.hit_points', lang)} {stats['hit_points'] - card['damage']}/{stats['hit_points']}"
    if len(parts) <= 3:
        return [" ".join(parts)] if parts else []
    return [" ".join(parts[:2]), " ".join(parts[2:])]


def _card_colour(card_id: str) -> tuple[int, int, int]:
    try:
        info = lcg.card(card_id)
    except KeyError:
        return MUTED
    return SPHERE.get(info.sphere or "", ENCOUNTER)


def _draw_card(cv: Canvas, box, card: CardView, kind: str, *, extra: Sequence[str] = ()) -> None:
    """One card in play: name, stats, tokens, attachments (and extra lines such as shadow cards)."""
    lang, draw = cv.lang, cv.draw
    x0, y0, x1, y1 = box
    exhausted = card["exhausted"]
    edge = _card_colour(card["id"])
    draw.rounded_rectangle(box, radius=7, fill=(214, 214, 210) if exhausted else WHITE,
                           outline=EXHAUSTED if exhausted else edge, width=3)
    draw.rectangle((x0 + 3, y0 + 3, x1 - 3, y0 + 34), fill=EXHAUSTED if exhausted else edge)
    cv.text(kind, (x0 + 5, y0 + 4, x1 - 5, y0 + 34), text.card_name(card["id"], lang), WHITE, 14, 9, "bold",
            max_lines=2)
    y = y0 + 37
    player_card = edge in SPHERE.values()
    for line in _stats_lines(card, lang, player_card):
        cv.text(kind, (x0 + 4, y, x1 - 4, y + 16), line, INK, 13, 8)
        y += 16
    if player_card or exhausted:
        state = _r("exhausted", lang) if exhausted else _r("ready", lang)
        cv.text(kind, (x0 + 4, y, x1 - 4, y + 15), state, MUTED if exhausted else (40, 110, 50), 11, 8, "bold")
        y += 16
    points = text.quest_points(card["id"])
    for key, n, colour in (("damage", card["damage"], DAMAGE), ("resources", card["resources"], RESOURCE),
                           ("progress", card["progress"], PROGRESS)):
        if n or (key == "progress" and points):
            label = _r("token.progress_of", lang, n=n, of=points) if key == "progress" and points \
                else _r(f"token.{key}", lang, n=n)
            cv.text(kind, (x0 + 4, y, x1 - 4, y + 15), label, colour, 12, 8, "bold")
            y += 16
    for line in [*(f"+ {text.card_name(a['id'], lang)}" for a in card["attachments"]), *extra]:
        if y + 14 > y1 - 3:
            cv.text(kind, (x0 + 4, y1 - 16, x1 - 4, y1 - 2), "…", INK, 11, 8)
            return
        cv.text(kind, (x0 + 4, y, x1 - 4, y + 14), line, INK, 11, 8, align="left")
        y += 14


def _row(cv: Canvas, x0: int, x1: int, y: int, cards: list[CardView], kind: str, extras=None) -> None:
    if not cards:
        cv.text(kind, (x0, y + 50, x1, y + 80), "—", MUTED, 18, 10)
        return
    width = min(CARD_MAX_W, (x1 - x0 - 6 * (len(cards) - 1)) // len(cards))
    for i, card in enumerate(cards):
        left = x0 + i * (width + 6)
        _draw_card(cv, (left, y, left + width, y + CARD_H), card, kind,
                   extra=extras(card) if extras else ())


# --------------------------------------------------------------------------------------------- quest row

def _panel(cv: Canvas, box, title: str) -> None:
    cv.draw.rounded_rectangle(box, radius=8, fill=PANEL, outline=PANEL_EDGE, width=2)
    cv.text("title", (box[0] + 8, box[1] + 2, box[2] - 8, box[1] + 20), title, INK, 14, 9, "bold", align="left")


def _bar(cv: Canvas, box, value: int, total: int | None) -> None:
    x0, y0, x1, y1 = box
    cv.draw.rounded_rectangle(box, radius=4, fill=WHITE, outline=PANEL_EDGE)
    if total:
        fill = x0 + (x1 - x0) * min(1.0, max(0, value) / total)
        if fill > x0 + 2:
            cv.draw.rounded_rectangle((x0, y0, fill, y1), radius=4, fill=PROGRESS)


def _draw_quest_row(cv: Canvas, view: LcgView) -> None:
    lang = cv.lang
    y0, y1 = HEADER_H + 6, HEADER_H + QUEST_H
    quest = view["quest"]
    _panel(cv, (PAD, y0, 300, y1), _r("quest", lang))
    if quest:
        cv.text("quest", (PAD + 8, y0 + 24, 292, y0 + 66), text.card_name(quest["id"], lang), INK, 18, 10, "bold",
                max_lines=2)
        cv.text("quest", (PAD + 8, y0 + 68, 292, y0 + 88), _r("stage", lang, stage=quest["stage"]), MUTED, 14, 9)
        _bar(cv, (PAD + 8, y0 + 94, 292, y0 + 114), quest["progress"], quest["quest_points"])
        cv.text("quest", (PAD + 8, y0 + 118, 292, y0 + 138),
                _r("progress", lang, progress=quest["progress"], points=quest["quest_points"]), INK, 14, 9)
    cv.text("quest", (PAD + 8, y1 - 24, 292, y1 - 4), _r("quest_deck", lang, n=view["quest_deck_size"]),
            MUTED, 12, 8)
    location = view["active_location"]
    _panel(cv, (308, y0, 620, y1), _r("active_location", lang))
    if location:  # the card, and beside it its effect in short (our own wording, cut to fit)
        _draw_card(cv, (316, y0 + 22, 452, y1 - 6), location, "location")
        cv.text("location", (460, y0 + 24, 612, y1 - 6), text.card_text(location["id"], lang).split("\n")[0],
                INK, 13, 9, max_lines=9, align="left")
    else:
        cv.text("location", (316, y0 + 60, 612, y0 + 90), "—", MUTED, 18, 10)
    staging = view["staging"]
    total = sum(((c.get("stats") or {}).get("threat") or 0) for c in staging)
    _panel(cv, (628, y0, W - 250, y1), _r("staging", lang, threat=total))
    _row(cv, 636, W - 258, y0 + 22, staging, "staging")
    _panel(cv, (W - 242, y0, W - PAD, y1), _r("encounter", lang))
    discard = view["encounter_discard"]
    lines = [_r("encounter_deck", lang, n=view["encounter_deck_size"]), _r("encounter_discard", lang, n=len(discard))]
    if discard:
        lines.append(_r("encounter_top", lang, card=text.card_name(discard[-1]["id"], lang)))
    victory = view["victory_display"]
    if victory:
        lines.append(_r("victory", lang, n=len(victory)))
    for i, line in enumerate(lines):
        cv.text("encounter", (W - 234, y0 + 26 + 22 * i, W - PAD - 8, y0 + 46 + 22 * i), line, INK, 14, 9,
                align="left")


# --------------------------------------------------------------------------------------------- players

def _shadow_lines(card: CardView, lang: str) -> list[str]:
    out = []
    for shadow in card.get("shadow") or []:
        name = text.card_name(shadow["id"], lang) if shadow["id"] else _r("face_down", lang)
        out.append(_r("shadow", lang, card=name))
    return out


def _draw_name(cv: Canvas, view: LcgView, player: str, y0: int, viewer: str | None) -> None:
    """The band's name line (the part of a band that differs between readers: theirs says so)."""
    lang = cv.lang
    name = text.player_label(player, view, lang, _names(view))
    if viewer == player:
        name += " " + _r("you", lang)
    if view["first_player"] == player:
        name += " · " + _r("first_player", lang)
    if (p := view["players"].get(player)) and p["eliminated"]:
        name += " · " + _r("eliminated", lang)
    cv.text("player", (PAD + 10, y0 + 4, 560, y0 + 26), name, INK, 17, 10, "bold", align="left")


def _draw_player(cv: Canvas, view: LcgView, player: str, y0: int) -> None:
    """A player's band but its name (_draw_name)."""
    lang = cv.lang
    p = view["players"][player]
    y1 = y0 + BAND_H - 8
    cv.draw.rounded_rectangle((PAD, y0, W - PAD, y1), radius=8, fill=BAND,
                              outline=FIRST if view["first_player"] == player else PANEL_EDGE,
                              width=3 if view["first_player"] == player else 2)
    discard = p["discard"]
    facts = [_r("threat", lang, n=p["threat"]), _r("hand_size", lang, n=p["hand_size"]),
             _r("deck_size", lang, n=p["deck_size"]), _r("discard", lang, n=len(discard))]
    if discard:
        facts.append(_r("discard_top", lang, card=text.card_name(discard[-1]["id"], lang)))
    cv.text("player", (570, y0 + 4, W - PAD - 10, y0 + 26), " · ".join(facts), INK, 15, 9, align="right")
    split = W - PAD - ENGAGED_W
    characters = p["heroes"] + p["allies"]
    committed = set(view["committed"])
    _row(cv, PAD + 8, split - 10, y0 + 32, characters, "character",
         extras=lambda c: [_r("committed", lang)] if c["uid"] in committed else [])
    cv.draw.line((split, y0 + 30, split, y1 - 6), fill=PANEL_EDGE, width=2)
    cv.text("title", (split + 8, y0 + 28, W - PAD - 8, y0 + 44), _r("engaged", lang), MUTED, 12, 8, align="left")
    _row(cv, split + 8, W - PAD - 8, y0 + 46, p["engaged"], "engaged",
         extras=lambda c: _shadow_lines(c, lang))


# --------------------------------------------------------------------------------------------- hand

def _draw_hand(cv: Canvas, view: LcgView, y0: int) -> None:
    lang = cv.lang
    hand = view.get("hand") or []
    cv.draw.rounded_rectangle((PAD, y0, W - PAD, y0 + HAND_H - 8), radius=8, fill=PANEL, outline=FIRST, width=3)
    cv.text("hand", (PAD + 10, y0 + 4, W - PAD, y0 + 24), _r("hand", lang, n=len(hand)), INK, 16, 10, "bold",
            align="left")
    if not hand:
        return
    width = min(150, (W - 2 * PAD - 20 - 6 * (len(hand) - 1)) // len(hand))
    for i, entry in enumerate(hand):
        x0 = PAD + 10 + i * (width + 6)
        box = (x0, y0 + 28, x0 + width, y0 + HAND_H - 16)
        try:
            info = lcg.card(entry["id"])
        except KeyError:
            continue
        colour = SPHERE.get(info.sphere or "", MUTED)
        cv.draw.rounded_rectangle(box, radius=6, fill=WHITE, outline=colour, width=3)
        cv.draw.rectangle((box[0] + 3, box[1] + 3, box[2] - 3, box[1] + 40), fill=colour)
        cv.text("hand", (box[0] + 4, box[1] + 4, box[2] - 4, box[1] + 40), info.name.get(lang), WHITE, 14, 8,
                "bold", max_lines=2)
        cost = info.cost if info.cost is not None else "-"
        cv.text("hand", (box[0] + 4, box[1] + 44, box[2] - 4, box[1] + 64), _r("cost", lang, n=cost), INK, 14, 8,
                "bold")
        cv.text("hand", (box[0] + 4, box[1] + 66, box[2] - 4, box[1] + 84), text.sphere_name(info.sphere, lang),
                colour, 13, 8)
        cv.text("hand", (box[0] + 4, box[1] + 86, box[2] - 4, box[1] + 102), text.type_name(info.type, lang), MUTED,
                12, 8)


# --------------------------------------------------------------------------------------------- compose
#
# A board is drawn as pieces of rows, top to bottom: the header; the quest row; for each player, their
# band's name line and the rest of their band; the viewer's hand (or a margin). Every piece but the header
# is drawn from a part of the view holding only what it shows (QUEST_KEYS, _band_part, the hand), and kept
# by a digest of that part: an action changes a band or two, so the others, the quest row and an unchanged
# hand are neither drawn, quantised nor compressed again, for any reader. Only the reader's own name line
# ("(you)") and the header (the decision, which may hold the reader's options) are drawn per board. The
# PNG joins the pieces' compressed rows (render/png.py). Each piece is drawn at its offset on the board or at
# an even distance from it, so that positions rounded half to even land on the same pixels.

QUEST_KEYS = ("quest", "quest_deck_size", "active_location", "staging", "encounter_deck_size",
              "encounter_discard", "victory_display")
NAME_H = 28  # the top rows of a player's band, holding the name
TOP = HEADER_H + 1  # the header's rectangle covers row HEADER_H too
PIECES = 32  # pieces kept: a few states of a few tables (at most ~30 MB)


def _band_top(i: int) -> int:
    return HEADER_H + QUEST_H + 8 + BAND_H * i


def _rows(cv: Canvas, y0: int = 0) -> Rows:
    """The rows of a canvas from y0 down."""
    return rows(cv.img, cv.labels, __name__, y0)


@dataclass(frozen=True)
class _Band:
    """A player's band as everyone sees it: its name line, the rest, and the name line's background (to
    write the reader's own name on)."""
    name_line: Rows
    rest: Rows
    blank_name_line: Image.Image


def _quest_piece(part: LcgView, lang: str) -> Rows:
    cv = Canvas(Image.new("RGB", (W, _band_top(0)), BG), lang)
    section(cv, _draw_quest_row, cv, part)
    return _rows(cv, TOP)


def _name_line(blank: Image.Image, part: LcgView, player: str, viewer: str | None, lang: str) -> Rows:
    cv = Canvas(blank.copy(), lang)
    section(cv, _draw_name, cv, part, player, 0, viewer)  # drawn at 0 for an even band top
    return _rows(cv)


def _band_piece(part: LcgView, lang: str) -> _Band:
    player = next(iter(part["players"]))
    cv = Canvas(Image.new("RGB", (W, BAND_H), BG), lang)
    section(cv, _draw_player, cv, part, player, 0)  # drawn at 0 for an even band top
    blank = cv.img.crop((0, 0, W, NAME_H))
    return _Band(_name_line(blank, part, player, None, lang), _rows(cv, NAME_H), blank)


def _hand_piece(part: LcgView, lang: str) -> Rows:
    cv = Canvas(Image.new("RGB", (W, HAND_H + 4), BG), lang)
    section(cv, _draw_hand, cv, part, 0)  # drawn at 0 for the bands' end, an even row
    return _rows(cv)


def _part(**keys: Any) -> LcgView:
    """Some keys of a view, for a piece whose drawing reads only them (the part stands for the view there)."""
    return cast("LcgView", keys)


def _band_part(view: LcgView, player: str) -> LcgView:
    """What a player's band shows: that player, their name (or the seat order for "Player N"), who is first,
    who commits. Read with .get: it is built outside a drawing's section, from any view."""
    named = (_names(view) or {}).get(player)
    return _part(players={player: (view.get("players") or {}).get(player)}, order=view.get("order"),
                 first_player=view.get("first_player"), committed=view.get("committed"),
                 **({"names": {player: named}} if named else {}))


_pieces = Kept(PIECES)
_piece = _pieces.piece


def _board(view: LcgView, lang: str) -> list[Rows]:
    """The board's pieces of rows, top to bottom (defensive (.get): outside a drawing's section)."""
    header = Canvas(Image.new("RGB", (W, TOP), BG), lang)
    if not isinstance(view, dict):
        view = cast("LcgView", {})
        header.labels.append(("error", "view"))
    viewer = view.get("you")
    section(header, _draw_header, header, view)
    rows = [_rows(header), _piece(_quest_piece, _part(**{k: view.get(k) for k in QUEST_KEYS}), lang)]
    for player in view.get("order") or []:
        part = _band_part(view, player)
        band: _Band = _piece(_band_piece, part, lang)
        mine = player == viewer
        rows += [_name_line(band.blank_name_line, part, player, viewer, lang) if mine else band.name_line,
                 band.rest]
    if viewer is None:
        rows.append(_rows(Canvas(Image.new("RGB", (W, 4), BG), lang)))
    else:
        rows.append(_piece(_hand_piece, _part(hand=view.get("hand")), lang))
    return rows


def table_image(view: LcgView, lang: str = "en") -> Image.Image:
    rows = _board(view, lang)
    img = Image.new("RGB", (W, sum(r.y1 - r.y0 for r in rows)))
    y = 0
    for r in rows:
        img.paste(r.img.crop((0, r.y0, W, r.y1)), (0, y))
        y += r.y1 - r.y0
    return img


def table_labels(view: LcgView, lang: str = "en") -> list[tuple[str, str]]:
    """Every (kind, text) label drawn for this view. For tests."""
    return [label for r in _board(view, lang) for label in r.labels]


def draw_board(view: LcgView, lang: str = "en") -> bytes:
    """PNG bytes of the table for this view (private views add the viewer's hand). Thread-safe."""
    return png.join([r.band for r in _board(view, lang)], fixed_palette(__name__))
