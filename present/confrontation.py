"""Text for The Confrontation: one line per action, per event, and the status of a game, in fr/en.

No rule lives here: everything comes from a view (docs/confrontation.md) that the engine built for
the reader, so a line never tells more than the reader may know. Names of characters, cards and
regions come from cards/confrontation.json; every other word from i18n/<lang>/confrontation.json.
"""
from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from i18n import t

if TYPE_CHECKING:
    from engine.confrontation.view_types import ConfrontationView, PieceView

_DATA = Path(__file__).resolve().parent.parent / "cards" / "confrontation.json"
SIDES = ("fellowship", "sauron")


@cache
def _data() -> dict:
    return json.loads(_DATA.read_text(encoding="utf-8"))


def _name(entry: dict | None, lang: str, fallback: str) -> str:
    if not entry:
        return fallback
    names = entry.get("name", entry)
    return names.get(lang) or names.get("en") or fallback


def region_name(region: Any, lang: str) -> str:
    return _name(_data()["regions"].get(region) if isinstance(region, str) else None, lang, str(region))


def character_name(character: Any, lang: str) -> str:
    entry = _data()["characters"].get(character) if isinstance(character, str) else None
    return _name(entry, lang, str(character))


def card_name(card: Any, lang: str, side: str | None = None) -> str:
    """A combat or special card. Both sides have a "retreat" card with different names, so the side
    picks the right one when known."""
    if not isinstance(card, str):
        return str(card)
    special = _data()["special_cards"].get(card)
    if special:
        return _name(special, lang, card)
    combat = _data()["combat_cards"]
    for s in ([side] if side in SIDES else []) + list(SIDES):
        if card in combat[s]:
            return _name(combat[s][card], lang, card)
    return card


def side_name(side: Any, lang: str) -> str:
    return t(f"confrontation.side.{side}", lang) if side in SIDES else str(side)


def _x(key: str, lang: str, **params) -> str:
    return t(f"confrontation.{key}", lang, **params)


def _pieces(view: ConfrontationView) -> dict[str, PieceView]:
    return {p["token"]: p for p in view["pieces"]}


def piece_label(token: Any, view: ConfrontationView, lang: str, character: str | None = None) -> str:
    """"f3 (Frodo)" when the reader may know the character (the view says so), else "f3"."""
    if character is None and (piece := _pieces(view).get(token)):
        character = piece["character"]
    if character:
        return _x("piece_known", lang, token=token, character=character_name(character, lang))
    return str(token)


def _side_of_token(token: Any, view: ConfrontationView) -> str | None:
    piece = _pieces(view).get(token)
    if piece:
        return piece["side"]
    if isinstance(token, str) and token[:1] in ("f", "s"):
        return "fellowship" if token[0] == "f" else "sauron"
    return None


def _list(items, lang: str, name) -> str:
    items = list(items or [])
    return ", ".join(name(i) for i in items) if items else _x("none", lang)


# ---------------------------------------------------------------------- actions

def describe_action(action: dict, view: ConfrontationView, lang: str) -> str:
    """One line for an action the reader (the owner of `view`) may take or took."""
    if not isinstance(action, dict):
        return str(action)
    kind = action.get("type")
    you = view["you"]
    piece = action.get("piece")
    p = lambda token: piece_label(token, view, lang)
    r = lambda region: region_name(region, lang)
    if kind == "move":
        src = moved["region"] if (moved := _pieces(view).get(piece)) else None
        return _x("action.move", lang, piece=p(piece), src=r(src), dst=r(action.get("to")))
    if kind == "shuffle":
        return _x("action.shuffle", lang, region=r(action.get("region")))
    if kind == "attack":
        return _x("action.attack", lang, piece=p(piece))
    if kind == "retreat":
        return _x("action.retreat", lang, dst=r(action.get("to")))
    if kind == "swap":
        return _x("action.swap", lang, piece=p(action.get("with")))
    if kind == "card":
        return _x("action.card", lang, card=card_name(action.get("card"), lang, you))
    if kind == "magic":
        return _x("action.magic", lang, card=card_name(action.get("card"), lang, you))
    if kind in ("balrog", "force_change", "mouth", "gandalf_help"):
        return _x(f"action.{kind}.{'yes' if action.get('use') else 'no'}", lang)
    if kind == "choose_specials":
        return _x("action.choose_specials", lang,
                  cards=_list(action.get("cards"), lang, lambda c: card_name(c, lang)))
    if kind == "announce_specials":
        return _x("action.announce_specials", lang, count=action.get("count"))
    if kind == "draft":
        return _x("action.draft", lang,
                  characters=_list(action.get("characters"), lang, lambda c: character_name(c, lang)))
    if kind == "place":
        placement = action.get("placement") or {}
        by_region: dict[str, list[str]] = {}
        for character, region in (placement.items() if isinstance(placement, dict) else []):
            by_region.setdefault(region, []).append(character_name(character, lang))
        order = [reg for row in _data()["rows"] for reg in row]
        parts = [_x("region_list", lang, region=r(reg), items=", ".join(names))
                 for reg, names in sorted(by_region.items(), key=lambda kv: _index(order, kv[0]))]
        return _x("action.place", lang, placement="; ".join(parts) or _x("none", lang))
    if kind == "special":
        return _special(action, view, lang)
    if kind in ("sam_replace", "reveal_frodo", "no_cards", "proceed", "decline"):
        return _x(f"action.{kind}", lang)
    return _x("action.unknown", lang, action=json.dumps(action, ensure_ascii=False))


def _index(order: list, item) -> int:
    return order.index(item) if item in order else len(order)


def _special(data: dict, view: ConfrontationView, lang: str, side: str | None = None) -> str:
    """A special card with what it targets (used for the action and for the special_played event)."""
    text = card_name(data.get("card"), lang)
    details = []
    if data.get("piece") is not None:
        details.append(_x("special.piece", lang, piece=piece_label(data["piece"], view, lang)))
    if data.get("region") is not None:
        details.append(_x("special.region", lang, region=region_name(data["region"], lang)))
    if data.get("to") is not None:
        details.append(_x("special.to", lang, dst=region_name(data["to"], lang)))
    card = text + (f" ({', '.join(details)})" if details else "")
    if side is None:
        return _x("action.special", lang, card=card)
    return _x("event.special_played", lang, side=side_name(side, lang), card=card)


# ---------------------------------------------------------------------- events

def describe_event(event: dict, view: ConfrontationView, lang: str, names: dict[str, str] | None = None) -> str:
    """One line for a public event (docs/confrontation.md, "Events"). Events name sides, not players,
    so `names` (games/protocols.py) is not needed."""
    return _sentence(_event(event, view, lang), lang)


def _sentence(text: str, lang: str) -> str:
    """A line may open on a side's name, lower case mid-sentence ("the Fellowship", "la Communauté").
    Only that is capitalised: piece tokens and player names stay as they are."""
    for side in SIDES:
        if text.startswith(side_name(side, lang)):
            return text[:1].upper() + text[1:]
    return text


def _event(event: dict, view: ConfrontationView, lang: str) -> str:
    if not isinstance(event, dict):
        return str(event)
    kind = event.get("type")
    e = event
    s = lambda: side_name(e.get("side"), lang)
    r = lambda key: region_name(e.get(key), lang)
    p = lambda key="piece", character=None: piece_label(e.get(key), view, lang, character)
    if kind in ("specials_chosen", "placed", "card_chosen"):
        return _x(f"event.{kind}", lang, side=s())
    if kind == "specials_dealt":
        names = {side: _list(e.get(side), lang, lambda c: card_name(c, lang)) for side in SIDES}
        return _x("event.specials_dealt", lang, count=e.get("count"), **names)
    if kind == "drafted":
        if e.get("characters") is None:
            return _x("event.drafted_hidden", lang, side=s())
        return _x("event.drafted", lang, side=s(),
                  characters=_list(e["characters"], lang, lambda c: character_name(c, lang)))
    if kind == "drafts_shown":
        return _x("event.drafts_shown", lang, **{
            side: _list(e.get(side), lang, lambda c: character_name(c, lang)) for side in SIDES})
    if kind == "game_started":
        return _x("event.game_started", lang, first=side_name(e.get("first"), lang))
    if kind == "moved":
        return _x("event.moved", lang, side=s(), piece=p(character=e.get("character")), src=r("from"),
                  dst=r("to"))
    if kind == "special_played":
        return _special(e, view, lang, side=e.get("side"))
    if kind == "shuffled":
        return _x("event.shuffled", lang, side=s(), region=r("region"))
    if kind == "combat":
        return _x("event.combat", lang, region=r("region"), attacker=p("attacker"), defender=p("defender"))
    if kind in ("revealed", "defeated"):
        return _x(f"event.{kind}", lang, piece=e.get("piece"), side=s(),
                  character=character_name(e.get("character"), lang))
    if kind == "retreated":
        return _x("event.retreated", lang, piece=p(), src=r("from"), dst=r("to"))
    if kind == "swapped":
        return _x("event.swapped", lang, piece=p(), other=p("with"), src=r("from"), dst=r("to"))
    if kind == "replaced":
        return _x("event.replaced", lang, piece=p(), by=p("by"))
    if kind == "ability":
        what = e.get("what")
        key = f"ability.{what}" if isinstance(what, str) and _has(f"ability.{what}", lang) else "ability.other"
        return _x(key, lang, character=character_name(e.get("character"), lang),
                  piece=p() if e.get("piece") is not None else "", what=what)
    if kind == "cards_revealed":
        if not e.get("fellowship"):  # against Gandalf (Classic) Sauron's card is shown first
            return _x("event.sauron_card_first", lang, sauron=card_name(e.get("sauron"), lang, "sauron"))
        return _x("event.cards_revealed", lang,
                  **{side: card_name(e.get(side), lang, side) for side in SIDES})
    if kind == "card_replaced":
        side = e.get("side")
        return _x("event.card_replaced", lang, side=s(), old=card_name(e.get("old"), lang, side),
                  new=card_name(e.get("new"), lang, side))
    if kind == "strength":
        return _x("event.strength", lang, fellowship=e.get("fellowship"), sauron=e.get("sauron"))
    if kind == "shelob_returns":
        return _x("event.shelob_returns", lang, piece=p(character="shelob"), dst=r("to"))
    if kind == "hands_refilled":
        return _x("event.hands_refilled", lang)
    if kind == "hidden_again":
        return _x("event.hidden_again", lang, pieces=_list(e.get("pieces"), lang, str))
    if kind == "turn":
        return _x("event.turn", lang, side=s(), number=e.get("number"))
    if kind == "game_over":
        return _x("event.game_over", lang, side=s(), reason=reason_text(e.get("reason"), lang),
                  points=e.get("points"))
    return _x("event.unknown", lang, type=kind)


def _has(key: str, lang: str) -> bool:
    from i18n import has
    return has(f"confrontation.{key}", lang)


def reason_text(reason: Any, lang: str) -> str:
    key = f"reason.{reason}"
    return _x(key, lang) if _has(key, lang) else str(reason)


# ---------------------------------------------------------------------- status

def status(view: ConfrontationView, lang: str, names: dict[str, str] | None = None) -> str:
    """Whose turn it is and what the game waits for. `names` maps player ids to how to show them
    (a Discord mention, a console name); ids are shown as they are otherwise."""
    return _sentence(_status(view, lang, names or {}), lang)


def _status(view: ConfrontationView, lang: str, names: dict[str, str]) -> str:
    players = view["players"]
    who = lambda pid: names.get(pid, str(pid))
    result = view["result"]
    if result:
        if result["reason"] == "match":
            scores = ", ".join(f"{who(pid)} {n}" for pid, n in (result.get("scores") or {}).items())
            if result.get("winner") is None:
                return _x("status.match_tie", lang, scores=scores)
            return _x("status.match_won", lang, winner=who(result["winner"]), scores=scores)
        return _x("status.won", lang, winner=who(result.get("winner")), side=side_name(result.get("side"), lang),
                  reason=reason_text(result["reason"], lang), points=result.get("points"))
    decision = view["decision"]
    kind = decision["kind"]
    waiting = ", ".join(f"{who(players.get(side))} ({side_name(side, lang)})" for side in decision["sides"]) \
        or _x("none", lang)
    what = _x(f"decision.{kind}", lang) if _has(f"decision.{kind}", lang) else str(kind)
    line = _x("status.waiting", lang, players=waiting, what=what)
    if view["phase"] == "play" and view["turn"]:
        turn = _x("status.turn", lang, number=view["turn_number"], side=side_name(view["turn"], lang),
                  player=who(players.get(view["turn"])))
        line = f"{turn} {line}"
    match = view["match"]
    if match:
        line = _x("status.match_game", lang, game=match["game"]) + " " + line
    return line


def name(thing: Any, lang: str) -> str:
    """The display name of any id of the game: a region, a character, a card, a side."""
    data = _data()
    if thing in SIDES:
        return side_name(thing, lang)
    if thing in data["regions"]:
        return region_name(thing, lang)
    if thing in data["characters"]:
        return character_name(thing, lang)
    return card_name(thing, lang)


def board_lines(view: ConfrontationView, lang: str) -> list[str]:
    """The board by region, from the Shire to Mordor, as the reader may see it."""
    by_region: dict[str, list[PieceView]] = {}
    for piece in view["pieces"]:
        by_region.setdefault(piece["region"], []).append(piece)
    lines = []
    for row in _data()["rows"]:
        for region in row:
            pieces = sorted(by_region.get(region, []), key=lambda q: (q["side"] != "fellowship",
                                                                       _token_order(q["token"])))
            if not pieces:
                continue
            shown = []
            for q in pieces:
                label = piece_label(q["token"], view, lang)
                if q["revealed"]:
                    label += "*"
                shown.append(label)
            lines.append(_x("region_list", lang, region=region_name(region, lang), items=", ".join(shown)))
    return lines


def _token_order(token: Any) -> tuple:
    token = str(token)
    return (token[:1], int(token[1:]) if token[1:].isdigit() else 0)


def character_facts(character: str, lang: str) -> tuple[int | None, str]:
    """A character's strength and power, in our words ((None, "") for an unknown one)."""
    entry = _data()["characters"].get(character)
    if entry is None:
        return None, ""
    return entry["strength"], entry.get("ability", {}).get(lang) or _x("reading.no_power", lang)


def card_text(card: str, side: str | None, lang: str) -> str:
    """What a combat or special card does, in our words ("" for an unknown card)."""
    data = _data()
    entry = data["special_cards"].get(card) or next(
        (data["combat_cards"][s][card] for s in ([side] if side in SIDES else []) + list(SIDES)
         if card in data["combat_cards"][s]), None)
    return (entry or {}).get("text", {}).get(lang, "")


def hand_texts(view: ConfrontationView, lang: str) -> list[str]:
    """What the reader may read in full (the terminal's `cards`): each character whose face they know,
    with its strength and power, then the cards in their hand and their special cards."""
    known = [piece["character"] for piece in view["pieces"] if piece.get("character")]
    known += [c for c in view.get("to_place") or [] if c not in known]
    out = []
    for character in dict.fromkeys(known):
        strength, power = character_facts(character, lang)
        if strength is not None:
            out.append(_x("reading.character", lang, name=character_name(character, lang), strength=strength,
                          power=power))
    you = view.get("you")
    own = view["specials"].get(you) if you is not None else None
    for card in [*(view.get("hand") or []), *((own["held"] if own else None) or [])]:
        out.append(_x("reading.card", lang, name=card_name(card, lang, you), text=card_text(card, you, lang)))
    return out
