"""The Card Game in lotr-console: 1 to 4 players with the starter decks by seat (`--deck FILE`: the
reader's own deck list), a scenario or the campaign, and the table (quest, staging area, each player's
threat, characters and enemies), the status with the reader's hand, the log."""
from __future__ import annotations

import argparse
from pathlib import Path

from i18n import t
from present import lcg as p

DEFAULT_PLAYERS = 1
NARROW = False  # its long lists (cards to play) read better whole
SHOW_OPENING = True


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from engine.lcg.setup import CAMPAIGN_LEVELS, SCENARIOS

    parser.add_argument("--deck", type=Path, default=None,
                        help="a deck list file (one '2x Card Name' per line) for your seat; else a starter deck")
    parser.add_argument("--scenario", choices=SCENARIOS, action="append", default=None,
                        help="the scenario; with --campaign, repeated: the campaign's scenarios (default: all three)")
    parser.add_argument("--campaign", choices=CAMPAIGN_LEVELS, default=None,
                        help="the scenarios in a row with the same decks (nightmare: threat, damage, decks carry over)")
    parser.add_argument("--easy", action="store_true", help="the easy encounter decks")


def options(args: argparse.Namespace) -> dict:
    out: dict = {"easy": True} if args.easy else {}
    if args.campaign:
        out["campaign"] = args.campaign
        if args.scenario:
            out["scenarios"] = args.scenario
    elif args.scenario:
        out["scenario"] = args.scenario[-1]
    return out


def own_options(args: argparse.Namespace) -> dict:
    """Your deck, read from --deck; a list that cannot be read stops here, its problems said."""
    from cards.lcg import DeckError
    from cards.lcg_decklist import read_deck

    if args.deck is None:
        return {}
    try:
        return {"decks": read_deck(args.deck.read_text("utf-8"))}
    except (OSError, UnicodeDecodeError) as exc:
        raise SystemExit(f"--deck: {exc}") from exc
    except DeckError as exc:
        raise SystemExit("\n".join(exc.messages(args.lang))) from exc


def your_seat(args: argparse.Namespace, players: int) -> int:
    return 0


def title(lang: str) -> str:
    return t("present_lcg.console.title", lang)


def seat_lines(view: dict, names: dict[str, str], lang: str) -> list[str]:
    return [t("table.console.you_are", lang, player=names.get(pid, pid),
              side=", ".join(p.card_name(h.get("id"), lang) for h in view["players"][pid]["heroes"]))
            for pid in view["order"]]


def screen(view: dict, names: dict[str, str], lang: str) -> list[str]:
    known = p.uid_map(view)

    def card(c: dict) -> str:
        marks = [f"{k[0]}{c[k]}" for k in ("damage", "resources", "progress") if c.get(k)]
        text = p.uid_label(c.get("uid"), view, lang, known) + (" ⤵" if c.get("exhausted") else "")
        text += f" [{' '.join(marks)}]" if marks else ""
        atts = [p.uid_label(a.get("uid"), view, lang, known) for a in c.get("attachments") or []]
        return text + (f" +{'/'.join(atts)}" if atts else "")

    quest = view.get("quest") or {}
    active = view.get("active_location")
    out = [f"{p.card_name(quest.get('id'), lang)} {quest.get('progress', 0)}/{quest.get('quest_points', '?')}"
           + (f" · {card(active)}" if active else "")]
    out.append("  ⛰ " + (", ".join(card(c) for c in view.get("staging") or []) or "-"))
    for pid in view.get("order") or []:
        pl = view["players"][pid]
        line = f"  {names.get(pid, pid)} ({pl['threat']}): " + ", ".join(
            card(c) for c in (pl.get("heroes") or []) + (pl.get("allies") or []))
        if pl.get("engaged"):
            line += " ⚔ " + ", ".join(card(c) for c in pl["engaged"])
        out.append(line)
    out.append(p.status(view, lang, names))
    log = view.get("log") or []
    if log:
        out.append(t("table.console.log", lang))
        out += ["  " + p.describe_event(event, view, lang, names) for event in log[-8:]]
    return out
