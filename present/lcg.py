"""Text for The Lord of the Rings: The Card Game: actions, events and status, in fr/en.

No rule lives here: everything comes from a view (docs/lcg.md, "The view") built for the reader, so a
line never tells more than the reader may know. A card is named only when the view (or the public
event itself) gives its id; card names come from cards/lcg.py, every other word from
i18n/<lang>/present_lcg.json.
"""
from __future__ import annotations

import json
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal

from cards import lcg
from i18n import has, t

if TYPE_CHECKING:
    from engine.lcg.view_types import CardView, LcgDecision, LcgView

WORDS = ("each", "draw", "threat", "damage", "bottom", "defense", "willpower")


_COUNTS = ("count", "amount", "rounds", "n", "left", "damage")  # a text with one of these at 1 may read "<key>.one"


def _x(key: str, lang: str, **params) -> str:
    """The text `key`, in the singular ("<key>.one") when the number it counts is 1."""
    if any(params.get(k) == 1 for k in _COUNTS) and _has(f"{key}.one", lang):
        key += ".one"
    return t(f"present_lcg.{key}", lang, **params)


def text(key: str, lang: str, **params) -> str:
    """A text of the Card Game's table (present_lcg.*), singular when its count is 1 (console, board)."""
    return _x(key, lang, **params)


def addressed(player: Any, names: dict[str, str] | None, lang: str) -> bool:
    """Is `player` the reader, named "You" (the console)? Then sentences about them read "You draw"."""
    return names is not None and names.get(player) == t("table.console.you", lang)


def _has(key: str, lang: str) -> bool:
    return has(f"present_lcg.{key}", lang)


# ---------------------------------------------------------------------- names

def card_name(card_id: Any, lang: str) -> str:
    """A card's printed name in `lang` (the id itself if unknown)."""
    try:
        return lcg.card(str(card_id)).name.get(lang)
    except KeyError:  # a card the engine makes up (an Orc Guard of Dol Guldur) is named in i18n
        return _x(f"card.{card_id}", lang) if _has(f"card.{card_id}", lang) else str(card_id)


def name(thing: Any, lang: str) -> str:
    """The display name of an id of the game: the ids players choose among are cards."""
    return card_name(thing, lang)


def scenario_name(scenario: Any, lang: str) -> str:
    from cards.lcg import scenario as scenario_data

    try:
        return scenario_data(str(scenario)).name.get(lang)
    except KeyError:
        return str(scenario)


def quest_points(card_id: Any) -> int | None:
    """A location's printed quest points (None for other cards)."""
    try:
        return lcg.card(str(card_id)).quest_points
    except KeyError:
        return None


def is_player_card(card_id: Any) -> bool:
    try:
        return lcg.card(str(card_id)).is_player_card
    except KeyError:
        return False


def sphere_name(sphere: Any, lang: str) -> str:
    entry = lcg.vocabulary().spheres.get(str(sphere))
    return entry.get(lang) if entry else str(sphere)


def type_name(kind: Any, lang: str) -> str:
    entry = lcg.vocabulary().types.get(str(kind))
    return entry.get(lang) if entry else str(kind)


def phase_name(phase: Any, lang: str) -> str:
    key = f"phase.{phase}"
    return _x(key, lang) if _has(key, lang) else str(phase)


def _walk(card: Mapping[str, Any], out: dict[str, str]) -> None:
    """Every card under `card` (its attachments, its shadow cards) that shows its id."""
    if not isinstance(card, dict):
        return
    if card.get("uid") and card.get("id"):
        out[card["uid"]] = card["id"]
    for sub in card.get("attachments") or []:
        _walk(sub, out)
    for sub in card.get("shadow") or []:
        _walk(sub, out)


def uid_map(view: LcgView) -> dict[str, str]:
    """uid -> card id for every card the view shows (in play, piles, the viewer's hand, public log)."""
    out: dict[str, str] = {}
    for event in view["log"]:
        if event.get("id") and isinstance(event.get("card"), str):
            out[event["card"]] = event["id"]
        if event.get("id") and isinstance(event.get("enemy"), str) and event.get("type") in (
                "engaged", "enemy_attacks"):
            out[event["enemy"]] = event["id"]
    for p in view["players"].values():
        for card in [*p["heroes"], *p["allies"], *p["engaged"], *p["discard"], *p["dead_heroes"]]:
            _walk(card, out)
    for card in [*view["staging"], *view["encounter_discard"], *view["victory_display"], *view["revealing"],
                 *view["being_played"], *view.get("hand", [])]:
        _walk(card, out)
    for single in (view["active_location"], view["quest"], view.get("seen", {}).get("encounter")):
        _walk(single or {}, out)
    decision = view["decision"]
    for uid, cid in (decision.get("cards", {}) if decision else {}).items():  # cards only the chooser sees
        out[uid] = cid
    return out


def uid_label(uid: Any, view: LcgView, lang: str, known: dict[str, str] | None = None) -> str:
    """The name of the card with this uid if the view shows it, else a neutral "card p1c17"."""
    cid = (known if known is not None else uid_map(view)).get(uid)
    return card_name(cid, lang) if cid else _x("unknown_card", lang, uid=uid)


def player_label(player: Any, view: LcgView, lang: str, names: dict[str, str] | None = None) -> str:
    """A player as the reader should see them: a given name (mention), else "Player 2"."""
    if names and player in names:
        return names[player]
    order = view["order"]
    if player in order:
        return _x("player", lang, n=order.index(player) + 1)
    return str(player)


def _players_heroes(player: str, view: LcgView, lang: str) -> str:
    return ", ".join(card_name(h["id"], lang) for h in view["players"][player]["heroes"])


def _find_card(view: LcgView, uid: str) -> CardView | None:
    """The in-play card dict (with stats) for a uid."""
    location = view["active_location"]
    zones = [view["staging"], [location] if location else []]
    for p in view["players"].values():
        zones += [p["heroes"], p["allies"], p["engaged"]]
    for zone in zones:
        for card in zone:
            if card["uid"] == uid:
                return card
            for sub in card["attachments"]:
                if sub["uid"] == uid:
                    return sub
    return None


def _stat(view: LcgView, uid: str, stat: str) -> Any:
    card = _find_card(view, uid)
    return card.get("stats", {}).get(stat, "?") if card else "?"


# ---------------------------------------------------------------------- actions

def _pay(pay: Any, view: LcgView, lang: str, known: dict[str, str]) -> str:
    if not isinstance(pay, dict) or not pay:
        return ""
    return ", ".join(f"{uid_label(h, view, lang, known)} {n}" for h, n in pay.items())


def describe_choice(choice: Any, view: LcgView, lang: str, known: dict[str, str] | None = None) -> str:
    known = uid_map(view) if known is None else known
    if choice in WORDS:
        return _x(f"choice.{choice}", lang)
    if choice in view["players"]:
        return f"{player_label(choice, view, lang)} ({_players_heroes(choice, view, lang)})"
    if isinstance(choice, str) and choice in lcg.load_cards():
        return card_name(choice, lang)
    if isinstance(choice, str) and ":" in choice:  # a simultaneous effect: "<source card id>:<uid>"
        source, _, uid = choice.partition(":")
        if source in lcg.load_cards():
            return _x("choice.effect", lang, source=card_name(source, lang),
                      card=uid_label(uid.split("#")[0], view, lang, known))
    return uid_label(choice, view, lang, known)


def describe_action(action: dict, view: LcgView, lang: str, known: dict[str, str] | None = None) -> str:
    """One line for an action the reader (the owner of `view`) may take or took. `known`: uid_map(view),
    when the caller describes many actions of one view (the map walks the whole log)."""
    if not isinstance(action, dict):
        return str(action)
    kind = action.get("type")
    known = uid_map(view) if known is None else known
    card = lambda key="card": uid_label(action.get(key), view, lang, known)
    decision = view["decision"]["kind"] if view["decision"] else None
    if kind in ("pass", "keep", "mulligan", "no_defender", "resolve", "decline"):
        return _x(f"action.{kind}", lang)
    if kind == "done":
        key = f"action.done.{decision}"
        return _x(key if _has(key, lang) else "action.done", lang)
    if kind in ("play", "respond") and action.get("pay"):
        said = _x(f"action.{kind}_paid", lang, card=card(), pay=_pay(action.get("pay"), view, lang, known))
        return said + (f" (X={action['x']})" if "x" in action else "")
    if kind in ("play", "respond", "activate"):
        return _x(f"action.{kind}", lang, card=card())
    if kind == "commit":
        return _x("action.commit", lang, card=card(), willpower=_stat(view, action.get("card"), "willpower"))
    if kind == "defend":
        return _x("action.defend", lang, card=card(), defense=_stat(view, action.get("card"), "defense"))
    if kind == "attacker":
        return _x("action.attacker", lang, card=card(), attack=_stat(view, action.get("card"), "attack"))
    if kind == "attack":
        return _x("action.attack", lang, enemy=card("enemy"))
    if kind == "choose":
        return describe_choice(action.get("choice"), view, lang, known)
    return _x("action.unknown", lang, action=json.dumps(action, ensure_ascii=False)[:80])


def _places(view: LcgView) -> dict[str, tuple]:
    """uid -> (where it is, the card as the view shows it) for every card the view places."""
    out: dict[str, tuple] = {}

    def put(where: str, cards: list[CardView]) -> None:
        for c in cards:
            out[c["uid"]] = (where, c)
            put(where, c["attachments"])

    for pid, pl in view["players"].items():
        put(pid, [*pl["heroes"], *pl["allies"], *pl["engaged"]])
    put("staging", view["staging"])
    location = view["active_location"]
    put("active", [location] if location else [])
    for entry in view.get("hand", []):
        out[entry["uid"]] = ("hand", entry)
    return out


def _same_as(value: Any, known: dict[str, str], places: dict[str, tuple]) -> Any:
    """What a value means to the reader: a card the reader can see becomes its id, where it is and its
    state (two copies of a card in the same place and state are the same choice); anything else as is."""
    if isinstance(value, dict):
        return {k: _same_as(v, known, places) for k, v in value.items()}
    if not isinstance(value, str) or value not in known:
        return value
    where, c = places.get(value, (None, {}))
    state = [c.get(k) for k in ("exhausted", "damage", "resources", "progress")]
    return [known[value], where, state, sorted(str(a.get("id")) for a in c.get("attachments") or []),
            len(c.get("shadow") or [])]


def choices(view: LcgView, legal: list[dict], known: dict[str, str] | None = None) -> list[list[dict]]:
    """The legal actions as the reader chooses among them: one group per distinct choice (the same card
    or target, two copies in the same state being one), each holding its distinct ways to pay."""
    known, places = uid_map(view) if known is None else known, _places(view)
    groups: dict[str, dict[str, dict]] = {}
    for action in legal:
        same = _same_as(action, known, places)
        key = json.dumps({k: v for k, v in same.items() if k != "pay"}, sort_keys=True, ensure_ascii=False)
        groups.setdefault(key, {}).setdefault(json.dumps(same, sort_keys=True, ensure_ascii=False), action)
    return [list(group.values()) for group in groups.values()]


def describe_choice_group(group: list[dict], view: LcgView, lang: str) -> str:
    """A group of `choices`: the action, or the card and how many ways there are to pay for it."""
    if len(group) == 1:
        return describe_action(group[0], view, lang)
    unpaid = {k: v for k, v in group[0].items() if k not in ("pay", "x")}
    return _x("action.ways", lang, action=describe_action(unpaid, view, lang), count=len(group))


def ability_text(action: dict, view: LcgView, lang: str) -> str:
    """The text of the card a response or an action offers (what "Respond with Aragorn" would do), "" for
    any other choice."""
    if not isinstance(action, dict) or action.get("type") not in ("respond", "activate"):
        return ""
    card = uid_map(view).get(str(action.get("card")))
    return card_text(card, lang) if card else ""


# ---------------------------------------------------------------------- events

_SIMPLE = ("encounter_shuffled", "encounter_reshuffled", "encounter_empty")
_PLAYER_CARD = ("played", "activated", "responded", "entered_play", "discarded", "returned_to_hand",
                "prisoner", "rescued", "attached_to_deck")
_CARD = ("revealed", "cancelled", "destroyed", "explored", "traveled", "to_staging", "surge", "exhausted",
         "removed_from_quest", "readied_by_payment", "to_encounter_deck")


def describe_event(event: dict, view: LcgView, lang: str, names: dict[str, str] | None = None) -> str:
    """One line for a public event (docs/lcg.md, "Events")."""
    if not isinstance(event, dict):
        return str(event)
    e = event
    kind = e.get("type")
    known = uid_map(view)
    p = lambda key="player": player_label(e.get(key), view, lang, names)
    you = addressed(e.get("player"), names, lang)

    def _x(key: str, lang: str, **params) -> str:  # about the reader: "You draw", "Vous piochez"
        return text(f"{key}.you" if you and _has(f"{key}.you", lang) else key, lang, **params)

    def c(key: str = "card") -> str:
        own_id = key == "card" or kind in ("engaged", "enemy_attacks")  # whose id the event carries
        if own_id and e.get("id"):
            return card_name(e["id"], lang)
        return uid_label(e.get(key), view, lang, known)

    if kind in _SIMPLE:
        return _x(f"event.{kind}", lang)
    if kind in _PLAYER_CARD:
        return _x(f"event.{kind}", lang, player=p(), card=c())
    if kind in _CARD:
        return _x(f"event.{kind}", lang, card=c())
    if kind in ("kept", "mulligan", "first_player", "no_attacks", "shuffled_discard"):
        return _x(f"event.{kind}", lang, player=p())
    if kind == "guarded":
        return _x("event.guarded", lang, card=c(), by=c("by"))
    if kind == "claimed":
        return _x("event.claimed", lang, player=p(), card=c(), to=uid_label(e.get("to"), view, lang, known))
    if kind == "setup":
        everyone = ", ".join(player_label(x, view, lang, names) for x in e.get("players") or [])
        return _x("event.setup", lang, players=everyone, scenario=scenario_name(
            e.get("scenario") or view["options"].get("scenario"), lang))
    if kind == "drew":
        return _x("event.drew", lang, player=p(), count=e.get("count"))
    if kind in ("stage", "stage_defeated"):
        return _x(f"event.{kind}", lang, stage=e.get("stage"), card=card_name(e.get("id"), lang))
    if kind == "round":
        return _x("event.round", lang, round=e.get("round"), player=p("first"))
    if kind == "phase":
        return _x("event.phase", lang, phase=phase_name(e.get("phase"), lang))
    if kind in ("resources", "damaged", "healed"):
        return _x(f"event.{kind}", lang, card=c(), amount=e.get("amount"))
    if kind == "passed":
        key = "event.passed_auto" if e.get("auto") else "event.passed"
        return _x(key, lang, player=p(), window=_window(e.get("window"), lang))
    if kind == "attached":
        return _x("event.attached", lang, card=c(), to=uid_label(e.get("to"), view, lang, known))
    if kind == "left_play":
        return _x("event.left_play", lang, card=c())
    if kind == "committed":
        return _x("event.committed", lang, player=p(), card=c())
    if kind == "quest_resolved":
        return _x("event.quest_resolved", lang, willpower=e.get("willpower"), threat=e.get("threat"))
    if kind == "progress_removed":
        return _x("event.progress_removed", lang, amount=e.get("amount"))
    if kind == "progress":
        target = e.get("target")
        where = _x("quest_card", lang) if target == "quest" else uid_label(target, view, lang, known)
        return _x("event.progress", lang, target=where, amount=e.get("amount"))
    if kind == "threat":
        key = "event.threat_down" if (e.get("amount") or 0) < 0 else "event.threat"
        return _x(key, lang, player=p(), amount=abs(e.get("amount") or 0), threat=e.get("threat"))
    if kind in ("engaged", "enemy_attacks", "attack_prevented", "undefended"):
        return _x(f"event.{kind}", lang, player=p(), enemy=c("enemy"))
    if kind in ("shadow_dealt", "attack_bonus"):
        return _x(f"event.{kind}", lang, enemy=c("enemy"), amount=e.get("amount"))
    if kind == "defender":
        return _x("event.defender", lang, player=p(), card=c(), enemy=c("enemy"))
    if kind == "shadow_revealed":
        return _x("event.shadow_revealed", lang, card=card_name(e.get("id"), lang), enemy=c("enemy"))
    if kind == "attack":
        return _x("event.attack", lang, enemy=c("enemy"), strength=e.get("strength"), defense=e.get("defense"),
                  damage=e.get("damage"))
    if kind == "attacker":
        return _x("event.attacker", lang, player=p(), card=c(), enemy=c("enemy"))
    if kind == "player_attack":
        return _x("event.player_attack", lang, player=p(), enemy=c("enemy"), strength=e.get("strength"),
                  damage=e.get("damage"))
    if kind == "readied":
        return _x("event.readied", lang, card=c()) if e.get("card") else _x("event.readied_all", lang)
    if kind == "boost":
        who = p() if e.get("player") else _x("everyone", lang)
        return _x("event.boost", lang, player=who, stat=_x(f"choice.{e.get('stat')}", lang), amount=e.get("amount"))
    if kind == "looked":
        return _x("event.looked", lang, player=p(), at=_x(f"looked.{e.get('at')}", lang))
    if kind == "searched":
        return _x("event.searched", lang, player=p(), owner=p("owner"))
    if kind == "moved_to_bottom":
        return _x("event.moved_to_bottom", lang)
    if kind == "control":
        return _x("event.control", lang, player=p(), card=c())
    if kind == "no_draw":
        return _x("event.no_draw", lang, player=p())
    if kind == "eliminated":
        return _x("event.eliminated", lang, player=p())
    if kind == "scenario_won":
        return _x("event.scenario_won", lang, scenario=scenario_name(e.get("scenario"), lang), score=e.get("score"))
    if kind == "game_over":
        key = "event.won" if e.get("outcome") == "won" else "event.lost"
        return _x(key, lang, score=e.get("score"))
    return _x("event.unknown", lang, type=kind)


def _window(name: Any, lang: str) -> str:
    key = f"window.{name}"
    return _x(key, lang) if _has(key, lang) else str(name)


# ---------------------------------------------------------------------- status

def decision_text(decision: LcgDecision | None, view: LcgView, lang: str) -> str:
    """What the game waits for, in words ("to commit characters to the quest")."""
    if not decision:
        return ""
    kind = decision["kind"]
    if kind == "window":
        return _x("decision.window", lang, window=_window(decision.get("name"), lang))
    if kind == "choose":
        key = f"prompt.{decision.get('prompt')}"
        return _x(key, lang) if _has(key, lang) else _x("decision.choose", lang)
    if kind in ("defend", "attackers") and decision.get("enemy"):
        return _x(f"decision.{kind}", lang, enemy=uid_label(decision["enemy"], view, lang))
    if kind == "respond":
        return _x("decision.respond", lang)
    key = f"decision.{kind}"
    return _x(key, lang) if _has(key, lang) else str(kind)


def hand_lines(view: LcgView, lang: str) -> list[str]:
    """The viewer's hand as clear text: each card's name, cost, sphere, type and traits, then its text
    (our own wording) on a line of its own; empty in a public view."""
    lines = []
    for entry in view.get("hand", []):
        try:
            info = lcg.card(entry["id"])
        except KeyError:
            lines.append(str(entry["id"]))
            continue
        head = _x("hand_card", lang, card=info.name.get(lang), cost=info.cost if info.cost is not None else "-",
                  sphere=sphere_name(info.sphere, lang), type=type_name(info.type, lang))
        traits = info.traits.get(lang)
        body = card_text(entry["id"], lang)
        lines.append(head + (f" · {', '.join(traits)}" if traits else "") + (f"\n    {body}" if body else ""))
    return lines


def card_text(card_id: Any, lang: str, side: Literal["A", "B"] = "B") -> str:
    """A card's text in our own words (its ability, then its shadow effect; a quest card: the side given,
    else B), "" for a card without any (or one we do not know: a face-down Orc Guard)."""
    try:
        info = lcg.card(str(card_id))
    except KeyError:
        return ""
    if info.sides is not None:
        chosen = info.sides.get(side)
        return chosen.text.get(lang) if chosen is not None and chosen.text is not None else ""
    parts = [info.text.get(lang) if info.text is not None else ""]
    if info.shadow_text is not None:
        parts.append(_x("read.shadow", lang, text=info.shadow_text.get(lang)))
    return "\n".join(p for p in parts if p)


def card_facts(card_id: Any, lang: str) -> str:
    """A card's type, sphere, cost and traits, and its printed stats, on one line."""
    try:
        info = lcg.card(str(card_id))
    except KeyError:
        return ""
    parts = [type_name(info.type, lang) + (f" {sphere_name(info.sphere, lang)}" if info.sphere else "")]
    if info.cost is not None:
        parts.append(_x("read.cost", lang, cost=info.cost))
    if info.threat_cost is not None:
        parts.append(_x("read.threat_cost", lang, cost=info.threat_cost))
    stats = [(k, getattr(info, k)) for k in ("threat", "engagement_cost", "willpower", "attack", "defense",
                                             "hit_points", "quest_points", "victory_points")]
    parts += [_x(f"read.stat.{k}", lang, n=v) for k, v in stats if v is not None]
    traits = info.traits.get(lang)
    if traits:
        parts.append(", ".join(traits))
    return " · ".join(parts)


def reading(card_id: Any, lang: str, side: Literal["A", "B"] = "B") -> str:
    """A card to read: its name, its facts, its text."""
    body = card_text(card_id, lang, side) or _x("read.no_text", lang)
    return _x("read.card", lang, card=card_name(card_id, lang), facts=card_facts(card_id, lang), text=body)


def readable(view: LcgView) -> list[tuple[str, str]]:
    """The cards in play anyone may read, as (uid, card id): the quest stage, the active location, the
    staging area, then each player's engaged enemies, heroes and allies with their attachments. A
    face-down card (an Orc Guard) reads as what it shows."""
    out: list[tuple[str, str]] = []

    def add(card: Mapping[str, Any] | None) -> None:
        if card and card.get("uid") and card.get("id"):
            out.append((card["uid"], card["id"]))
            for a in card.get("attachments") or []:
                add(a)

    add(view["quest"])
    add(view["active_location"])
    for c in view["staging"]:
        add(c)
    for pid in view["order"]:
        pl = view["players"].get(pid)
        for c in [*pl["engaged"], *pl["heroes"], *pl["allies"]] if pl else []:
            add(c)
    return out


def status(view: LcgView, lang: str, names: dict[str, str] | None = None) -> str:
    """Round, phase and what the game waits for; in a private view, also the reader's hand."""
    result = view["result"]
    if result:
        if result.get("outcome") == "won" and result.get("campaign"):
            return _x("status.won_campaign", lang, score=result.get("score"),
                      count=len(result["campaign"].get("scenarios") or []))
        if result.get("outcome") == "won":
            return _x("status.won", lang, score=result.get("score"), rounds=result.get("rounds"))
        return _x("status.lost", lang, rounds=result.get("rounds"))
    decision = view["decision"]
    head = _x("status.round", lang, round=view["round"], phase=phase_name(view["phase"], lang))
    waiting = ", ".join(player_label(pid, view, lang, names) for pid in (decision["waiting_for"] if decision else []))
    lines = [head]
    if waiting:
        lines[0] += " " + _x("status.waiting", lang, players=waiting, what=decision_text(decision, view, lang))
    hand = hand_lines(view, lang)
    if view["you"] is not None:
        lines.append(_x("status.hand", lang, count=len(hand)) + ("\n" + "\n".join(f"• {x}" for x in hand) if hand else ""))
    return "\n".join(lines)
