"""The Card Game in lotr-console: 1 to 4 players with the starter decks by seat (`--deck FILE`: the
reader's own deck list), a scenario or the campaign, and the table (quest, staging area, each player's
threat, characters and enemies), the status with the reader's hand, the log."""
from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING

from games.lcg import OPTIONS
from i18n import t
from present import describe_events
from present import lcg as p
from table.consoles.plain import READ_WORDS

if TYPE_CHECKING:
    from games.lcg import CardView, LcgView

DEFAULT_PLAYERS = 1
NARROW = False  # its long lists (cards to play) read better whole
SHOW_OPENING = True


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Beyond the declaration's (games/lcg.py: --easy): your deck, the scenario or campaign, auto-pass."""
    scenarios, levels = OPTIONS.option("scenario").values, OPTIONS.option("campaign").values
    parser.add_argument("--deck", action="append", default=None,
                        help="your deck: a list file (as forums, RingsDB or CardGameDB write them), an OCTGN .o8d file, RingsDB JSON, or a RingsDB "
                             "decklist link or number; else a starter deck. A fellowship: --deck repeated, or several "
                             "RingsDB numbers (2 to 4 decks, yours first, then the other seats in order)")
    parser.add_argument("--scenario", choices=scenarios, action="append", default=None,
                        help="the scenario; with --campaign, repeated: the campaign's scenarios (default: all three)")
    parser.add_argument("--campaign", choices=levels, default=None,
                        help="the scenarios in a row with the same decks (nightmare: threat, damage, decks carry over)")
    parser.add_argument("--auto-pass", choices=("on", "off"), default=None,
                        help="pass for you when you have nothing to play, take choices the rules leave single "
                             "(default: on when you play alone; with others, passing at once tells them you had nothing)")


def options(args: argparse.Namespace) -> dict:
    out: dict = {"auto_pass_alone": True}
    if args.campaign:
        out["campaign"] = args.campaign
        if args.scenario:
            out["scenarios"] = args.scenario
    elif args.scenario:
        out["scenario"] = args.scenario[-1]
    return out


def own_options(args: argparse.Namespace) -> dict:
    """Your deck (--deck: a list or an .o8d file, or a RingsDB link or number; repeated, or several RingsDB
    numbers: a fellowship, whose decks the table gives to the seats, yours first) and --auto-pass; a deck
    that cannot be read stops here, its problems said, before anything is saved. Read as the bot reads a
    file or a form (table/deck_fetch.py); called where no event loop runs (the console: a thread)."""
    import asyncio

    from cards.lcg_decks import MAX_TEXT
    from table.deck_fetch import DecksRefused, Source, bring_decks

    out: dict = {} if args.auto_pass is None else {"auto_pass": args.auto_pass == "on"}
    if not args.deck:
        return out
    sources: list[Source] = []
    for given in args.deck:
        path = Path(given)
        if not path.is_file():  # RingsDB links or numbers, or a list typed whole
            sources.append((None, given))
            continue
        try:
            with path.open("rb") as file:  # no more than the cap is read: a larger file is refused
                sources.append((path.name, file.read(MAX_TEXT + 1)))
        except OSError as exc:
            raise SystemExit(f"--deck: {exc}") from exc
    try:
        decks = asyncio.run(bring_decks(sources))
    except DecksRefused as exc:
        raise SystemExit("\n".join(exc.messages(args.lang))) from exc
    if len(decks) > args.players:
        raise SystemExit(t("lcg_table.deck.console_players", args.lang, count=len(decks), players=args.players))
    return out | {"decks": decks[0] if len(decks) == 1 else decks}


def your_seat(args: argparse.Namespace, players: int) -> int:
    return 0


def title(lang: str) -> str:
    return t("present_lcg.console.title", lang)


def choices(view: LcgView, legal: list[dict], lang: str) -> list[tuple[str, list[dict]]]:
    """One line per distinct choice: two copies of a card are one; a card's ways to pay are asked next; a
    card's response or action with its text."""
    out = []
    for group in p.choices(view, legal):
        text = p.ability_text(group[0], view, lang)     # a response or an action says what it does
        out.append((p.describe_choice_group(group, view, lang) + (f" — {text}" if text else ""), group))
    return out


def command(view: LcgView, legal: list[dict], answer: str, lang: str) -> tuple[list[str], list[dict]] | None:
    """`read` (or `cards`) lists the cards one may read (in play, then your hand), `read N` gives card N's text;
    several numbers at once ("1 3") pick those choices together, then confirm ("Done"), so that each
    number keeps its meaning (committing heroes to the quest)."""
    words = answer.split()
    if words and words[0].lower() in READ_WORDS:
        cards = p.readable(view) + [(c["uid"], c["id"]) for c in view.get("hand", [])]
        if len(words) == 2 and words[1].isdigit() and 1 <= int(words[1]) <= len(cards):
            return [p.reading(cards[int(words[1]) - 1][1], lang).replace("**", "")], []
        return [t("lcg_table.console.read", lang)] + [f"  {i:>3}. {p.uid_label(uid, view, lang)}"
                                                      for i, (uid, _) in enumerate(cards, 1)], []
    groups = [group for _, group in choices(view, legal, lang)]
    if len(words) < 2 or not all(w.isdigit() and 1 <= int(w) <= len(groups) for w in words):
        return None
    picked = [groups[int(w) - 1] for w in dict.fromkeys(words)]
    if any(len(g) != 1 or g[0]["type"] in ("done", "pass", "resolve") for g in picked):
        return [t("lcg_table.console.several_refused", lang)], []
    return [], [g[0] for g in picked] + [a for a in legal if a["type"] in ("done", "resolve")][:1]


def seat_lines(view: LcgView, names: dict[str, str], lang: str) -> list[str]:
    return [t("table.console.you_are", lang, player=names.get(pid, pid),
              side=", ".join(p.card_name(h["id"], lang) for h in view["players"][pid]["heroes"]))
            for pid in view["order"]]


def screen(view: LcgView, names: dict[str, str], lang: str) -> list[str]:
    """The table, one card per line with its current stats and tokens, then the status and the log."""
    out = _encounter_lines(view, lang)
    for pid in view["order"]:
        out += [""] + _player_lines(view, pid, names, lang)
    out += ["", p.status(view, lang, names)]
    log = view["log"]
    if log:
        out.append(t("table.console.log", lang))
        out += ["  " + line for line in describe_events(p, log[-8:], view, lang, names)]
    return out


def _x(key: str, lang: str, **params) -> str:
    return p.text(f"table.{key}", lang, **params)


_PLAYER_STATS = ("willpower", "attack", "defense")
_ENCOUNTER_STATS = ("threat", "engagement", "attack", "defense")


def card_line(c: CardView, view: LcgView, lang: str, known: dict[str, str], width: int = 24) -> list[str]:
    """One card in play: name, current stats (hit points left / total), state and tokens; then one
    line per attachment and per shadow card."""
    cid = known.get(c["uid"]) or c["id"]
    stats = c.get("stats") or {}
    player_card = cid is not None and p.is_player_card(cid)
    parts = [f"{_x('abbr.' + k, lang)} {stats[k]}" for k in (_PLAYER_STATS if player_card else _ENCOUNTER_STATS)
             if stats.get(k) is not None]
    if stats.get("hit_points") is not None:
        parts.append(f"{_x('abbr.hit_points', lang)} {stats['hit_points'] - c['damage']}/{stats['hit_points']}")
    character = player_card and stats.get("hit_points") is not None
    marks = [_x("exhausted", lang)] if c["exhausted"] else ([_x("ready", lang)] if character else [])
    marks += [_x(f"token.{k}", lang, n=n) for k, n in (("resources", c["resources"]), ("damage", c["damage"])) if n]
    points = p.quest_points(cid)
    if points:
        marks.append(_x("token.progress", lang, n=c["progress"], of=points))
    if c["uid"] in view["committed"]:
        marks.append(_x("committed", lang))
    name = p.uid_label(c["uid"], view, lang, known)
    lines = [(f"{name:<{width}} {'  '.join(parts)}" + (f"  · {', '.join(marks)}" if marks else "")).rstrip()]
    lines += ["    + " + card_line(a, view, lang, known, width - 4)[0] for a in c["attachments"]]
    for shadow in c.get("shadow") or []:
        lines.append("    " + _x("shadow", lang, card=p.card_name(shadow["id"], lang) if shadow["id"]
                                  else _x("face_down", lang)))
    return lines


def _cards(title: str, cards: list[CardView], view: LcgView, lang: str, known: dict[str, str]) -> list[str]:
    if not cards:
        return []
    return [f"  {title}"] + [f"    {line}" for c in cards for line in card_line(c, view, lang, known)]


def _encounter_lines(view: LcgView, lang: str) -> list[str]:
    known = p.uid_map(view)
    head = p.scenario_name(view["options"].get("scenario"), lang)
    campaign = view["campaign"]
    if campaign:
        done = campaign["played"]
        head += " · " + _x("campaign", lang, n=len(done) + 1, of=len(campaign["scenarios"]),
                           level=_x(f"level.{campaign['level']}", lang),
                           score=sum(r.get("score") or 0 for r in done))
    quest = view["quest"]
    out = [f"═══ {head} ═══"]
    if quest:
        out.append(_x("quest", lang, card=p.card_name(quest["id"], lang), stage=quest["stage"],
                      progress=quest["progress"], points=quest["quest_points"], left=view["quest_deck_size"]))
    active = view["active_location"]
    out.append(_x("active", lang) + (" " + card_line(active, view, lang, known)[0] if active else " —"))
    staging = view["staging"]
    threat = sum((c.get("stats") or {}).get("threat") or 0 for c in staging)
    out.append(_x("staging", lang, threat=threat) + ("" if staging else " —"))
    out += [f"    {line}" for c in staging for line in card_line(c, view, lang, known)]
    out.append(_x("encounter", lang, deck=view["encounter_deck_size"], discard=len(view["encounter_discard"]),
                  victory=len(view["victory_display"])))
    return out


def _player_lines(view: LcgView, pid: str, names: dict[str, str], lang: str) -> list[str]:
    known = p.uid_map(view)
    pl = view["players"][pid]
    head = _x("player", lang, player=names.get(pid, pid), threat=pl["threat"], hand=pl["hand_size"],
              deck=pl["deck_size"], discard=len(pl["discard"]))
    if view["first_player"] == pid:
        head += " · " + _x("first_player", lang)
    if pl["eliminated"]:
        head += " · " + _x("eliminated", lang)
    out = [head]
    out += _cards(_x("heroes", lang), pl["heroes"], view, lang, known)
    out += _cards(_x("allies", lang), pl["allies"], view, lang, known)
    out += _cards(_x("engaged", lang), pl["engaged"], view, lang, known)
    return out
