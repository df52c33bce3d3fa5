"""La Communauté: the track of the current stage drawn from an engine view (docs/fellowship.md, "The view").

Layout (1100 px wide): a header (stage, turn, what the game waits for, or the result), the track as a
snake of three rows (the start area, spaces 1 … length, the stage's end with its finish values), a strip
with the dice of the turn and the fight, one panel per hobbit (hero and movement points, weapon,
companions, kept cards) and, in a private view, a strip with what only the viewer knows (the
ring-bearer's peek, Galadriel's Mirror).

Only what the view says is drawn; nothing here knows a rule. The track of each stage is drawn once per
language and copied for every board.
"""
from __future__ import annotations

import logging
from collections.abc import Mapping
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from PIL import Image, ImageDraw

from i18n import t
from present import fellowship as names
from render.common import (
    INK,
    MUTED,
    PANEL,
    PANEL_EDGE,
    WHITE,
    Canvas,
    draw_fitted,
    encode_png,
    flow_chips,
    section,
)

if TYPE_CHECKING:
    from engine.fellowship.view_types import BoardView, FellowshipView, PlayerView

log = logging.getLogger(__name__)

# Geometry.
W = 1100
HEADER_H = 56
PER_ROW = 10
CELL_W, CELL_H = 98, 70
PITCH_X, PITCH_Y = 106, 84
TRACK_X0 = (W - (PER_ROW - 1) * PITCH_X - CELL_W) // 2
TRACK_Y0 = HEADER_H + 14
ROWS = 3
TRACK_Y1 = TRACK_Y0 + (ROWS - 1) * PITCH_Y + CELL_H
DICE_Y0, DICE_Y1 = TRACK_Y1 + 14, TRACK_Y1 + 104
PLAYERS_Y0, PLAYERS_Y1 = DICE_Y1 + 8, DICE_Y1 + 178
PUBLIC_H = PLAYERS_Y1 + 10
SECRET_Y0, SECRET_Y1 = PUBLIC_H, PUBLIC_H + 70
PRIVATE_H = SECRET_Y1 + 10
TOKEN_R = 15

# Colours.
BG = (214, 200, 166)
HEADER_BG = (44, 52, 40)
HEADER_INK = (246, 236, 212)
OVER_BG = (112, 76, 20)
SPACE = (240, 230, 200)
START = (178, 176, 170)
EVENT = (236, 196, 90)
ADVENTURE = (196, 96, 72)
FINISH = (132, 92, 160)
EDGE = (120, 100, 72)
PATH = (160, 136, 96)
RING = (230, 170, 20)
YOU = (30, 110, 190)
WARN = (150, 40, 30)
DIE = (252, 250, 244)
SAURON_DIE = (40, 30, 30)
HOBBIT = {"frodo": (46, 110, 60), "sam": (150, 90, 40), "merry": (40, 90, 150), "pippin": (150, 50, 70)}


def _x(key: str, lang: str, **params) -> str:
    return t(f"render_fellowship.{key}", lang, **params)



# --- the track -------------------------------------------------------------------------------------------

def cell_box(index: int) -> tuple[int, int, int, int]:
    """Box of the index-th cell of the snake: 0 is the start area, then spaces 1 … length, then the end."""
    row, col = divmod(index, PER_ROW)
    if row % 2:
        col = PER_ROW - 1 - col
    x0, y0 = TRACK_X0 + col * PITCH_X, TRACK_Y0 + row * PITCH_Y
    return x0, y0, x0 + CELL_W, y0 + CELL_H


def _centre(box) -> tuple[float, float]:
    return (box[0] + box[2]) / 2, (box[1] + box[3]) / 2


def _board_key(board: Mapping[str, Any]) -> tuple:
    """The stage's track as a cache key; defensive (.get): it runs outside a drawing's section."""
    adventures = tuple(sorted((k, tuple(v)) for k, v in (board.get("adventure_spaces") or {}).items()))
    return (int(board.get("length", 0)), int(board.get("start_spaces", 0)),
            tuple(board.get("event_spaces") or ()), adventures, tuple(board.get("finish_values") or ()))


def _adventure_at(board_key: tuple) -> dict[int, str]:
    return {space: name for name, spaces in board_key[3] for space in spaces}


@lru_cache(maxsize=16)
def _track(board_key: tuple, stage_id: str, lang: str) -> Image.Image:
    """The static layer of one stage: background, header band, cells, panel frames. Never drawn on."""
    length, start_spaces, events, _, finish_values = board_key
    adventures = _adventure_at(board_key)
    img = Image.new("RGB", (W, PRIVATE_H), BG)
    draw = ImageDraw.Draw(img)
    draw.rectangle((0, 0, W, HEADER_H), fill=HEADER_BG)
    last = min(length + 1, PER_ROW * ROWS - 1)
    centres = [_centre(cell_box(i)) for i in range(last + 1)]
    draw.line(centres, fill=PATH, width=10, joint="curve")
    for i in range(last + 1):
        box = cell_box(i)
        if i == 0:
            fill, label = START, _x("start", lang)
        elif i == last:
            fill, label = FINISH, names.name(_stage_end(stage_id), lang)
        elif i in adventures:
            fill, label = ADVENTURE, names.name(adventures[i], lang)
        elif i in events:
            fill, label = EVENT, _x("event", lang)
        elif i <= start_spaces:
            fill, label = START, ""
        else:
            fill, label = SPACE, ""
        draw.rounded_rectangle(box, radius=10, fill=fill, outline=EDGE, width=2)
        ink = WHITE if fill in (ADVENTURE, FINISH) else INK
        if 0 < i < last:
            draw_fitted(draw, (box[0] + 5, box[1] + 2, box[0] + 36, box[1] + 20), str(i), ink, 14, 9, "bold",
                        1, align="left")
        if label:
            draw_fitted(draw, (box[0] + 4, box[3] - 22, box[2] - 4, box[3] - 3), label, ink, 12, 8, max_lines=1)
        if i == last and finish_values:
            values = " ".join(f"{v}" for v in finish_values)
            draw_fitted(draw, (box[0] + 4, box[1] + 3, box[2] - 4, box[1] + 19), values, WHITE, 12, 8, "bold", 1)
    draw.rounded_rectangle((12, DICE_Y0, W - 12, DICE_Y1), radius=8, fill=PANEL, outline=PANEL_EDGE, width=2)
    return img


def _stage_end(stage_id: str) -> str:
    stage = next((s for s in names._data()["stages"] if s["id"] == stage_id), None)
    return stage["to"] if stage else ""


def _space_index(pos, board: BoardView) -> int:
    """Cell index of a position: the start area holds every position ≤ 0; the end holds length + 1."""
    length = int(board["length"])
    if not isinstance(pos, int) or pos <= 0:
        return 0
    return min(pos, length + 1, PER_ROW * ROWS - 1)


def _token(cv: Canvas, x: float, y: float, player: PlayerView, you: bool) -> None:
    draw = cv.draw
    colour = HOBBIT.get(player["hobbit"], (90, 90, 90))
    if player["ring_bearer"]:
        draw.ellipse((x - TOKEN_R - 5, y - TOKEN_R - 5, x + TOKEN_R + 5, y + TOKEN_R + 5), outline=RING, width=4)
    draw.ellipse((x - TOKEN_R, y - TOKEN_R, x + TOKEN_R, y + TOKEN_R), fill=colour,
                 outline=YOU if you else WHITE, width=3 if you else 2)
    label = names.name(player["hobbit"], cv.lang)
    cv.text(f"token:{player['id']}", (x - TOKEN_R, y - TOKEN_R, x + TOKEN_R, y + TOKEN_R), label[:1],
            WHITE, 16, 10, "bold")


def _draw_tokens(cv: Canvas, view: FellowshipView) -> None:
    board = view["board"]
    groups: dict[int, list[PlayerView]] = {}
    for p in view["players"]:
        index = int(board["length"]) + 1 if p["arrived"] else _space_index(p["position"], board)
        groups.setdefault(index, []).append(p)
    for index, group in groups.items():
        box = _box_or_end(index, board)
        cx, cy = _centre(box)
        group.sort(key=lambda p: (p["arrived"] or 0, -(p["position"] or 0)))
        n = len(group)
        step = min(2 * TOKEN_R + 6, (CELL_W - 2 * TOKEN_R) / max(1, n - 1)) if n > 1 else 0
        for k, p in enumerate(group):
            x = cx + (k - (n - 1) / 2) * step
            _token(cv, x, cy - 4, p, p["id"] == view["you"])


def _box_or_end(index: int, board: BoardView):
    return cell_box(min(index, int(board["length"]) + 1, PER_ROW * ROWS - 1))


# --- header ----------------------------------------------------------------------------------------------

def _split(detail: dict, score: int) -> str:
    """A final score as hero points and the companions' bonus: "25 + 2", "18 − 1"."""
    hero, bonus = detail.get("hero_tokens", score), detail.get("companions", 0)
    return f"{hero} {'−' if bonus < 0 else '+'} {abs(bonus)}"


def _draw_header(cv: Canvas, view: FellowshipView) -> None:
    lang = cv.lang
    result = view["result"]
    stage = _x("stage", lang, n=view["stage"], name=names.name(view["stage_id"], lang))
    if result:
        cv.draw.rectangle((0, 0, W, HEADER_H), fill=OVER_BG)
        winners = ", ".join(names.player_name(p, view, lang) for p in result.get("winners") or [])
        headline = _x("over" if len(result.get("winners") or []) == 1 else "over_shared", lang, winners=winners)
        scores, split = result.get("scores") or {}, result.get("detail") or {}
        detail = " · ".join(_x("score", lang, player=names.player_name(p, view, lang), score=s,
                               split=_split(split.get(p) or {}, s))
                            for p, s in sorted(scores.items(), key=lambda kv: -kv[1]))
    else:
        turn = view["turn"]
        headline = f"{stage} · {_x('turn', lang, n=turn['number'] if turn else '-')}"
        decision = view["decision"]
        detail = ""
        if decision and decision["player"]:
            detail = _x("waiting", lang, player=names.player_name(decision["player"], view, lang),
                        what=names.decision_text(decision, lang))
        if decision and decision.get("finish_needs_lower_die") and turn and len(turn["dice"] or []) == 2:
            detail += " · " + _x("blocked", lang, die=max(turn["dice"]))
    cv.text("header", (16, 4, 800, 32), headline, HEADER_INK, 20, 12, "bold", align="left")
    cv.text("header", (16, 32, 800, 54), detail, HEADER_INK, 15, 9, align="left")
    decks = view["decks"]
    cv.text("header", (810, 8, W - 16, 48), _x("decks", lang, event=decks.get("event", 0),
                                                enemy=decks.get("enemy", 0)), HEADER_INK, 14, 9, align="right")


# --- dice and fight --------------------------------------------------------------------------------------

_PIPS = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
         4: [(-1, -1), (1, -1), (-1, 1), (1, 1)], 5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
         6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}


def _die(cv: Canvas, x: int, y: int, value, size: int = 40, dark: bool = False, kind: str = "die") -> None:
    """A die face with its pips, top-left corner at (x, y)."""
    draw = cv.draw
    fill, ink = (SAURON_DIE, WHITE) if dark else (DIE, INK)
    draw.rounded_rectangle((x, y, x + size, y + size), radius=7, fill=fill, outline=EDGE, width=2)
    cv.labels.append((kind, str(value)))
    pips = _PIPS.get(value) if isinstance(value, int) else None
    if pips is None:
        draw_fitted(draw, (x, y, x + size, y + size), str(value), ink, 18, 9, "bold", 1)
        return
    cx, cy, off, r = x + size / 2, y + size / 2, size * 0.27, max(3, size // 10)
    for dx, dy in pips:
        px, py = cx + dx * off, cy + dy * off
        draw.ellipse((px - r, py - r, px + r, py + r), fill=ink)


def _draw_dice(cv: Canvas, view: FellowshipView) -> None:
    lang = cv.lang
    x0, y0 = 24, DICE_Y0 + 8
    turn = view["turn"]
    if turn is None:
        cv.text("dice", (x0, y0, x0 + 300, y0 + 20), _x("no_dice", lang), INK, 15, 9, "bold", align="left")
        _draw_fight(cv, view)
        return
    current = turn["current"]
    cv.text("dice", (x0, y0, x0 + 300, y0 + 20), _x("dice", lang, player=names.player_name(current, view, lang))
            if current else _x("no_dice", lang), INK, 15, 9, "bold", align="left")
    dice = turn["dice"] or []
    for k, value in enumerate(dice[:2]):
        _die(cv, x0 + k * 52, y0 + 28, value, 44)
    # What each hobbit already chose this turn: movement die / strength die.
    y = y0
    for pid, strength in list(turn["strength"].items())[:4]:
        move = turn["movement_die"].get(pid)
        label = _x("assigned", lang, player=names.player_name(pid, view, lang), movement=move, strength=strength)
        cv.text("assigned", (x0 + 120, y, x0 + 400, y + 17), label, INK, 13, 8, align="left")
        y += 18
    if turn["no_fight"]:
        cv.text("no_fight", (x0 + 120, y, x0 + 400, y + 17), _x("no_fight", lang), MUTED, 13, 8, align="left")
    _draw_fight(cv, view)


def _draw_fight(cv: Canvas, view: FellowshipView) -> None:
    lang = cv.lang
    fight = view["fight"]
    x0, y0, x1 = 440, DICE_Y0 + 8, W - 24
    cv.draw.line((x0 - 14, DICE_Y0 + 8, x0 - 14, DICE_Y1 - 8), fill=PANEL_EDGE, width=2)
    if not fight:
        last = _last_round(view, lang)
        text = last if last else _x("no_fight_now", lang)
        cv.text("fight", (x0, y0, x1, y0 + 20), _x("fight_title", lang), INK, 15, 9, "bold", align="left")
        cv.text("fight", (x0, y0 + 28, x1, y0 + 76), text, MUTED, 14, 8, max_lines=2, align="left")
        return
    enemy = names.name(fight["enemy"], lang)
    fighter = names.player_name(fight["fighter"], view, lang)
    cv.text("fight", (x0, y0, x1, y0 + 20), _x("fight", lang, enemy=enemy, fighter=fighter), INK, 15, 9,
            "bold", align="left")
    strengths = fight["strengths"]
    rnd = fight["round"] or 1
    x = x0
    for k, s in enumerate(strengths):
        current = k + 1 == rnd
        box = (x, y0 + 28, x + 44, y0 + 72)
        cv.draw.rounded_rectangle(box, radius=6, fill=ADVENTURE if current else SPACE, outline=EDGE, width=2)
        value = "0" if current and fight["enemy_strength_ignored"] else str(s)
        cv.text("strength", (box[0], box[1] + 2, box[2], box[1] + 16), _x("round", lang, n=k + 1),
                WHITE if current else MUTED, 10, 7)
        cv.text("strength", (box[0], box[1] + 16, box[2], box[3] - 2), value, WHITE if current else INK, 20, 10,
                "bold")
        x += 52
    x += 12
    if fight["fight_die"] is not None:
        cv.text("fight", (x, y0 + 24, x + 110, y0 + 40), _x("fight_die", lang), INK, 12, 8, align="left")
        _die(cv, x, y0 + 42, fight["fight_die"], 32, kind="fight_die")
        x += 120
    if fight["companion"]:
        cv.text("fight", (x, y0 + 22, x1, y0 + 38), _x("with", lang, companion=names.name(fight["companion"], lang)),
                INK, 13, 8, align="left")
    odds = fight.get("odds")
    if odds:  # before the fighter chooses: both totals and the winning faces of Sauron's die
        chances = [_x("chance", lang, who=names.name(c, lang) if c else _x("alone", lang), k=k)
                   for c, k in odds["wins_on"].items()]
        cv.text("odds", (x, y0 + 38, x1, y0 + 54), _x("odds", lang, hobbit=odds["hobbit"], enemy=odds["enemy"]),
                INK, 13, 8, "bold", align="left")
        cv.text("odds", (x, y0 + 54, x1, y0 + 70), " · ".join(chances), WARN, 13, 8, "bold", align="left")
    if fight["sauron_die_by"]:
        cv.text("fight", (x, y0 + 70, x1, y0 + 86),
                _x("sauron_by", lang, player=names.player_name(fight["sauron_die_by"], view, lang)), MUTED, 11, 8,
                align="left")


def _last_round(view: FellowshipView, lang: str) -> str:
    """The latest round of this turn's fight, from the log (the fight is over but its dice are worth showing)."""
    for event in reversed(view["log"]):
        if event.get("type") in ("turn_started", "stage_started"):
            return ""
        if event.get("type") == "round_result":
            return _x("last_round_won" if event.get("won") else "last_round_lost", lang,
                      player=names.player_name(event.get("player"), view, lang), hobbit=event.get("hobbit"),
                      enemy=event.get("enemy"))
    return ""


# --- players ---------------------------------------------------------------------------------------------

def _draw_players(cv: Canvas, view: FellowshipView) -> None:
    lang, draw = cv.lang, cv.draw
    players = view["players"]
    if not players:
        return
    gap = 10
    width = (W - 24 - gap * (len(players) - 1)) // len(players)
    decision = view["decision"]["player"] if view["decision"] else None
    for k, p in enumerate(players):
        x0 = 12 + k * (width + gap)
        box = (x0, PLAYERS_Y0, x0 + width, PLAYERS_Y1)
        mine = p["id"] == view["you"]
        edge = YOU if mine else (RING if p["id"] == decision else PANEL_EDGE)
        draw.rounded_rectangle(box, radius=8, fill=PANEL, outline=edge, width=4 if mine or edge == RING else 2)
        colour = HOBBIT.get(p["hobbit"], INK)
        title = names.name(p["hobbit"], lang)
        if p["ring_bearer"]:
            title += " · " + _x("ring", lang)
        if mine:
            title += " · " + _x("you", lang)
        draw.ellipse((x0 + 10, PLAYERS_Y0 + 10, x0 + 24, PLAYERS_Y0 + 24), fill=colour)
        pid = p["id"]
        cv.text(f"player:{pid}", (x0 + 30, PLAYERS_Y0 + 6, x0 + width - 8, PLAYERS_Y0 + 28), title,
                colour, 16, 9, "bold", align="left")
        where = (_x("arrived", lang, rank=p["arrived"]) if p["arrived"]
                 else names.space_label(p["position"], view, lang))
        cv.text(f"where:{pid}", (x0 + 10, PLAYERS_Y0 + 30, x0 + width - 8, PLAYERS_Y0 + 48), where, MUTED,
                13, 8, align="left")
        points = _x("points", lang, hero=p["hero"], movement=p["movement"])
        cv.text(f"points:{pid}", (x0 + 10, PLAYERS_Y0 + 50, x0 + width - 8, PLAYERS_Y0 + 72), points, INK,
                16, 9, "bold", align="left")
        weapon = p["weapon"]
        if weapon:
            wtext = _x("weapon" if weapon["usable"] else "weapon_off", lang,
                       weapon=names.weapon_name(weapon["card"], lang), bonus=weapon["bonus"])
        else:
            wtext = _x("no_weapon", lang)
        cv.text(f"weapon:{pid}", (x0 + 10, PLAYERS_Y0 + 74, x0 + width - 8, PLAYERS_Y0 + 92), wtext,
                INK if weapon else MUTED, 13, 8, align="left")
        chips = [names.name(c, lang) for c in p["companions"]]
        for c in chips:
            cv.labels.append((f"companion:{pid}", c))
        bottom = PLAYERS_Y0 + 96
        if chips:
            bottom = flow_chips(draw, x0 + 10, PLAYERS_Y0 + 96, x0 + width - 8, chips, fill=(210, 226, 240),
                                edge=(90, 120, 150), ink=INK, size=12, max_y=PLAYERS_Y1 - 30) + 4
            if not p["companions_usable"]:
                cv.text(f"bewitched:{pid}", (x0 + 10, bottom, x0 + width - 8, bottom + 14),
                        _x("bewitched", lang), MUTED, 11, 8, align="left")
                bottom += 16
        kept = [names.name(c, lang) for c in p["kept"]]
        if kept:
            for c in kept:
                cv.labels.append((f"kept:{pid}", c))
            flow_chips(draw, x0 + 10, bottom + 2, x0 + width - 8, kept, fill=(246, 226, 160), edge=EDGE, ink=INK,
                       size=11, max_y=PLAYERS_Y1 - 4)


def _draw_secrets(cv: Canvas, view: FellowshipView) -> None:
    """What only the viewer knows: the ring-bearer's peek, Galadriel's Mirror."""
    lang = cv.lang
    box = (12, SECRET_Y0, W - 12, SECRET_Y1)
    cv.draw.rounded_rectangle(box, radius=8, fill=(226, 232, 240), outline=YOU, width=2)
    lines = []
    peek = view.get("peek") or {}
    if peek.get("event") or peek.get("enemy"):
        lines.append(_x("peek", lang, event=names.name(peek.get("event"), lang) if peek.get("event") else "—",
                        enemy=names.name(peek.get("enemy"), lang) if peek.get("enemy") else "—"))
    if view.get("seen_events"):
        lines.append(_x("mirror", lang, cards=", ".join(names.name(c, lang) for c in view["seen_events"])))
    if not lines:
        lines.append(_x("no_secret", lang))
    cv.text("private", (box[0] + 12, box[1] + 4, box[2] - 12, box[1] + 22), _x("private", lang), YOU, 14, 9,
            "bold", align="left")
    for k, line in enumerate(lines[:2]):
        cv.text("secret", (box[0] + 12, box[1] + 24 + 20 * k, box[2] - 12, box[1] + 42 + 20 * k), line, INK, 14,
                8, align="left")


# --- composition -----------------------------------------------------------------------------------------


def _compose(view: FellowshipView, lang: str) -> Canvas:
    ok = isinstance(view, dict)
    board: Mapping[str, Any] = (view.get("board") if ok else None) or {}
    try:
        track = _track(_board_key(board), str(view.get("stage_id") if ok else ""), lang)
    except (TypeError, ValueError):
        track = _track(_board_key({}), "", lang)
    private = ok and bool(view.get("you"))
    img = track.copy() if private else track.crop((0, 0, W, PUBLIC_H))
    cv = Canvas(img, lang)
    if not ok:
        cv.labels.append(("error", "view"))
        return cv
    section(cv, _draw_header, cv, view)
    section(cv, _draw_tokens, cv, view)
    section(cv, _draw_dice, cv, view)
    section(cv, _draw_players, cv, view)
    if private:
        section(cv, _draw_secrets, cv, view)
    return cv


def board_image(view: FellowshipView, lang: str = "en") -> Image.Image:
    """The board as a Pillow image (RGB)."""
    return _compose(view, lang).img


def board_labels(view: FellowshipView, lang: str = "en") -> list[tuple[str, str]]:
    """Every (kind, text) label drawn for this view. For tests."""
    return _compose(view, lang).labels


def draw_board(view: FellowshipView, lang: str = "en") -> bytes:
    """PNG bytes of the board for this view. Pure and thread-safe: call it from a worker thread."""
    return encode_png(board_image(view, lang), palette_of=__name__)
