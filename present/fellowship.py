"""Text for La Communauté: one line per action, per event, and the status of a game, in fr/en.

No rule lives here: everything comes from a view (docs/fellowship.md) built for the reader, so a line
never tells more than the reader may know (the ring-bearer's peek appears only in their own status).
Names of hobbits, places, cards, enemies and companions come from cards/fellowship.json; every other
word from i18n/<lang>/present_fellowship.json.
"""
from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from i18n import t
from present import join_words

if TYPE_CHECKING:
    from engine.fellowship.view_types import FellowshipDecision, FellowshipView, MoveOption, Odds, PlayerView
    from engine.kernel import Result

_DATA = Path(__file__).resolve().parent.parent / "cards" / "fellowship.json"


@cache
def _data() -> dict:
    return json.loads(_DATA.read_text(encoding="utf-8"))


@cache
def _index() -> dict[str, dict]:
    """Every named id of the game -> its entry (a dict holding "name")."""
    d = _data()
    out: dict[str, dict] = {}
    for kind in ("hobbits", "adventures", "companions"):
        for key, entry in d[kind].items():
            out[key] = entry
    for key, names in d["places"].items():
        out[key] = {"name": names}
    for stage in d["stages"]:
        out[stage["id"]] = stage
    for card in d["events"] + d["enemies"]:
        out[card["id"]] = card
    return out


def _x(key: str, lang: str, **params) -> str:
    return t(f"present_fellowship.{key}", lang, **params)


def name(key: Any, lang: str) -> str:
    """Any id of the game (hobbit, place, stage, adventure, companion, event card, enemy)."""
    entry = _index().get(key) if isinstance(key, str) else None
    if not entry:
        return str(key)
    names = entry.get("name") or {}
    return names.get(lang) or names.get("en") or str(key)


def card_text(card: Any, lang: str) -> str:
    entry = _index().get(card) if isinstance(card, str) else None
    text = (entry or {}).get("text") or {}
    return text.get(lang) or text.get("en") or ""


def weapon_name(card: Any, lang: str) -> str:
    """A weapon is the enemy card that gave it; its weapon name is on the reward."""
    entry = _index().get(card) if isinstance(card, str) else None
    names = ((entry or {}).get("reward") or {}).get("name") or {}
    return names.get(lang) or names.get("en") or name(card, lang)


def _players(view: FellowshipView) -> dict[str, PlayerView]:
    return {p["id"]: p for p in view["players"]}


def player_name(pid: Any, view: FellowshipView, lang: str, names: dict[str, str] | None = None) -> str:
    """The player's hobbit ("Frodo"), with how to call the player when `names` knows them."""
    hobbit = player["hobbit"] if (player := _players(view).get(pid)) else None
    label = name(hobbit, lang) if hobbit else str(pid)
    if names and pid in names and hobbit:
        return _x("player_named", lang, hobbit=label, name=names[pid])
    return label


def _join(items: list[str], lang: str) -> str:
    return join_words(items, _x("none", lang), _x("and", lang))


def space_label(pos: Any, view: FellowshipView, lang: str) -> str:
    if isinstance(pos, int) and pos == view["board"]["finish"]:
        stage = next((s for s in _data()["stages"] if s["id"] == view["stage_id"]), None)
        return name(stage["to"], lang) if stage else _x("space", lang, n=pos)
    if isinstance(pos, int) and pos <= 0:
        return _x("start_area", lang)
    return _x("space", lang, n=pos)


def why_text(why: Any, lang: str) -> str:
    key = f"why.{why}"
    text = _x(key, lang)
    return name(why, lang) if text == f"present_fellowship.{key}" else text


def _points(amount: int, what: str, lang: str) -> str:
    sign = "+" if amount > 0 else ("−" if amount < 0 else "")
    key = "points.one" if abs(amount) == 1 else "points.many"
    return _x(key, lang, sign=sign, amount=abs(amount), what=_x(f"what.{what}", lang))


def count(n: int, unit: str, lang: str) -> str:
    """"1 space", "3 spaces", "1 hero point"...: unit is spaces, hero or movement."""
    one = abs(n) < 2 if lang == "fr" else abs(n) == 1  # French counts 0 in the singular
    return _x(f"count.{unit}.{'one' if one else 'many'}", lang, n=n)


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else (f"−{-n}" if n < 0 else "0")


def companion_label(companion: Any, lang: str) -> str:
    """A companion with what it brings: "Aragorn (strength 3, +2 hero points at the end)"."""
    entry = _data()["companions"].get(companion) if isinstance(companion, str) else None
    if not entry:
        return name(companion, lang)
    end = entry["end_bonus"]
    return _x("companion_label", lang, name=name(companion, lang), strength=entry["strength"],
              end=_x("end_none", lang) if end == 0 else
              _x(f"count.hero.{'one' if abs(end) == 1 else 'many'}", lang, n=_signed(end)))


def weapon_label(card: Any, lang: str) -> str:
    """A weapon with its bonus: "Barrow-blade (+1)"."""
    entry = _index().get(card) if isinstance(card, str) else None
    bonus = ((entry or {}).get("reward") or {}).get("amount")
    return f"{weapon_name(card, lang)} (+{bonus})" if bonus else weapon_name(card, lang)


def _chances(k: int, lang: str) -> str:
    """On how many of Sauron's six faces the hobbit wins."""
    key = "none" if k <= 0 else "all" if k >= 6 else "one" if k == 1 else "some"
    return _x(f"chance.{key}", lang, k=k)


def _scores(scores: dict, view: FellowshipView, lang: str, names=None) -> str:
    ranked = sorted((scores or {}).items(), key=lambda kv: -kv[1])
    return ", ".join(f"{player_name(p, view, lang, names)} {s}" for p, s in ranked)


# ---------------------------------------------------------------------- events


def describe_event(event: dict, view: FellowshipView, lang: str, names: dict[str, str] | None = None) -> str:
    """One line for a public event. Events name hobbits, which every player knows, so `names` (the
    players' display names, games/protocols.py) is not needed."""
    e = event if isinstance(event, dict) else {}
    kind = e.get("type")
    try:
        return _event(kind, e, view, lang)
    except (KeyError, TypeError, ValueError, IndexError, AttributeError):
        return _x("event.unknown", lang, type=kind)


def _event(kind: str, e: dict, view: FellowshipView, lang: str) -> str:
    P = lambda key="player": player_name(e.get(key), view, lang)
    N = lambda key: name(e.get(key), lang)
    ev = lambda key, **kw: _x(f"event.{key}", lang, **kw)
    if kind == "game_started":
        hobbits = e.get("hobbits") or {}
        return ev(kind, players=_join([name(hobbits.get(p), lang) for p in e.get("players", [])], lang),
                  ring_bearer=name(hobbits.get(e.get("ring_bearer")), lang))
    if kind == "stage_started":
        return ev(kind, stage=e["stage"], name=N("stage_id"))
    if kind == "turn_started":
        return ev(kind, number=e["number"], order=" → ".join(player_name(p, view, lang) for p in e["order"]))
    if kind == "dice_rolled":
        a, b = e["dice"]
        return ev(kind, player=P(), a=a, b=b)
    if kind == "dice_assigned":
        paid = _x("paying", lang, points=count(e["cost"], "movement", lang)) if e["cost"] else ""
        return ev(kind, player=P(), movement=e["movement"], strength=e["strength"],
                  steps=count(e["steps"], "spaces", lang) if e["steps"] else _x("no_move", lang), paid=paid)
    if kind == "moved":
        frm, to = space_label(e["frm"], view, lang), space_label(e["to"], view, lang)
        if e["frm"] == e["to"]:
            return ev("stayed", player=P(), to=to)
        if e.get("why") in (None, "dice"):
            return ev("moved", player=P(), frm=frm, to=to)
        return ev("moved_why", player=P(), frm=frm, to=to, why=why_text(e["why"], lang))
    if kind == "points" and "asked" in e:  # a player lucky enough to have less than the loss
        key = "points_none" if e["amount"] == 0 else "points_lucky"
        return ev(key, player=P(), points=_points(e["amount"], e["what"], lang), what=_x(f"what.{e['what']}", lang),
                  asked=_points(e["asked"], e["what"], lang), why=why_text(e.get("why"), lang), total=e["total"])
    if kind == "points":
        return ev(kind, player=P(), points=_points(e["amount"], e["what"], lang),
                  why=why_text(e.get("why"), lang), total=e["total"])
    if kind == "event_drawn":
        return ev(kind, player=P(), card=N("card"), text=card_text(e["card"], lang))
    if kind == "card_discarded":
        return ev(kind, player=P(), cards=_join([name(c, lang) for c in e.get("cards", [])], lang),
                  why=why_text(e.get("why"), lang))
    if kind in ("card_kept", "declined", "no_fight_this_turn"):
        return ev(kind, player=P(), card=N("card"))
    if kind == "disabled_next_fight":
        return ev(kind, player=P(), what=_x(f"disabled.{e['what']}", lang))
    if kind == "looked_at_events":
        return ev(kind, player=P(), count=e["count"])
    if kind == "movement_given":
        return ev(kind, player=P(), points=count(e["amount"], "movement", lang), to=P("to"))
    if kind == "arrived":
        return ev(kind, player=P(), place=N("place"), rank=e["rank"], points=count(e["value"], "hero", lang))
    if kind in ("companion_joined", "companion_helps", "companion_stays"):
        return ev(kind, player=P(), companion=N("companion"), place=N("place") if e.get("place") else "")
    if kind == "companion_given":
        return ev(kind, player=P(), companion=N("companion"), to=P("to"))
    if kind == "enemy_revealed":
        return ev(kind, by=P("by"), card=N("card"), strengths="/".join(str(s) for s in e.get("strengths", [])))
    if kind == "fighter_rolled":
        key = "fighter_rolled_repeat" if e.get("repeat") else kind
        return ev(key, player=P(), round=e["round"], strength_die=e["strength_die"], fight_die=e["fight_die"])
    if kind == "sauron_die":
        what = _x("sauron.fight", lang) if e.get("what") == "fight" else name(e.get("what"), lang)
        return ev(kind, value=e["value"], rolled_for=P("rolled_for"), what=what)
    if kind == "round_result":
        hobbit = f"{e['hobbit']} ({_sum_parts(e)})"
        enemy = f"{e['enemy']} ({e['enemy_strength']} + {e['sauron_die']})"
        key = "round_result_won" if e.get("won") else "round_result_lost"
        return ev(key, player=P(), round=e["round"], hobbit=hobbit, enemy=enemy)
    if kind == "die_rerolled":
        return ev(kind, player=P(), card=N("card"), die=_x(f"die.{e['die']}", lang), value=e["value"])
    if kind == "enemy_defeated":
        reward = _x("reward.weapon", lang, amount=e.get("amount")) if e["reward"] == "weapon" else \
            count(e["amount"], e["reward"], lang)
        return ev(kind, player=P(), card=N("card"), reward=reward)
    if kind == "enemy_retreats":
        return ev(kind, card=N("card"))
    if kind == "fight_called_off":
        return ev(kind, player=P(), card=N("card"))
    if kind in ("weapon_taken", "weapon_given", "weapon_discarded"):
        return ev(kind, player=P(), weapon=weapon_label(e.get("weapon"), lang), to=P("to") if e.get("to") else "",
                  why=why_text(e.get("why"), lang))
    if kind == "nothing_happens":
        return ev(kind, player=P(), what=name(e.get("what"), lang))
    if kind == "ring_passed":
        return ev(kind, to=P("to"), why=why_text(e.get("why"), lang))
    if kind == "turn_ended":
        return ev(kind, number=e["number"])
    if kind == "stage_ended":
        return ev(kind, stage=e["stage"], arrivals=", ".join(player_name(p, view, lang) for p in e["arrivals"]))
    if kind == "game_over":
        key = "game_over" if len(e.get("winners") or []) == 1 else "game_over_shared"
        return ev(key, winners=_join([player_name(p, view, lang) for p in e.get("winners", [])], lang),
                  reason=_x(f"reason.{e.get('reason')}", lang), scores=_scores(e.get("scores"), view, lang))
    if kind in ("ring_bearer_peeked", "fell_back", "companion_declined", "last_hobbit_placed",
                "asfaloth_rides", "gandalf_falls", "event_deck_empty", "enemy_deck_empty"):
        return ev(kind, player=P())
    return _x("event.unknown", lang, type=kind)


def _sum_parts(e: dict) -> str:
    parts = [str(e["strength_die"]), str(e["fight_die"])]
    parts += [str(e[k]) for k in ("weapon", "companion") if e.get(k)]
    return " + ".join(parts)


# ---------------------------------------------------------------------- actions


def _other_die(view: FellowshipView, die: int) -> int | None:
    dice = list((view["turn"]["dice"] or []) if view["turn"] else [])
    if die in dice:
        dice.remove(die)
    return dice[0] if dice else None


def _move_option(view: FellowshipView, action: dict) -> MoveOption | None:
    """The view's note on this move (where it ends, what stops it there), if the view has one."""
    options = (view["decision"].get("options") or []) if view["decision"] else []
    return next((o for o in options if o["die"] == action.get("die") and o["steps"] == action.get("steps")), None)


def destination(option: MoveOption, view: FellowshipView, lang: str) -> str:
    """Where a move ends and what is there: "space 9, an event space", "Weathertop (Sauron's die)", "Bree"."""
    to = option["to"]
    board = view["board"]
    label = space_label(to, view, lang)
    if to == board["finish"]:
        return _x("dest.finish", lang, place=label)
    adventure = option["stop"] or next(
        (a for a, spaces in board["adventure_spaces"].items() if a == "watcher_in_the_water" and to in spaces), None)
    if adventure:
        return _x("dest.adventure", lang, space=label, adventure=name(adventure, lang))
    if to in board["event_spaces"] and option["steps"]:
        return _x("dest.event", lang, space=label)
    return label


def describe_action(action: dict, view: FellowshipView, lang: str) -> str:
    a = action if isinstance(action, dict) else {}
    kind = a.get("type")
    ac = lambda key, **kw: _x(f"action.{key}", lang, **kw)
    if kind == "move":
        die, steps = a.get("die"), a.get("steps")
        cost = abs(steps - die) if isinstance(die, int) and isinstance(steps, int) else 0
        strength = _other_die(view, die)
        option = _move_option(view, a)
        dest = destination(option, view, lang) if option else ""
        key = "stay" if steps == 0 else "move"
        text = ac(key, steps=count(steps or 0, "spaces", lang), die=die, strength=strength, dest=dest)
        return text + (ac("cost", points=count(cost, "movement", lang)) if cost else "")
    if kind == "fight":
        fight = view["fight"]
        odds = fight["odds"]["wins_on"] if fight and "odds" in fight else {}
        companion = a.get("companion") or ""
        chances = f" ({_chances(odds[companion], lang)})" if companion in odds else ""
        if companion:
            return ac("fight_with", companion=companion_label(companion, lang)) + chances
        return ac("fight") + chances
    if kind == "reroll":
        return ac("reroll", die=_x(f"die.{a.get('die')}", lang), card=name(a.get("card"), lang))
    if kind == "repeat":
        companion = view["fight"]["companion"] if view["fight"] else None
        if a.get("pay") and companion:
            return ac("repeat_yes_with", companion=name(companion, lang))
        return ac("repeat_yes" if a.get("pay") else "repeat_no")
    if kind == "give_companion":
        return ac(kind, companion=companion_label(a.get("companion"), lang), to=player_name(a.get("to"), view, lang))
    if kind == "give_weapon":
        return ac(kind, weapon=weapon_label(a.get("weapon"), lang), to=player_name(a.get("to"), view, lang))
    if kind == "discard_weapon":
        return ac(kind, weapon=weapon_label(a.get("weapon"), lang))
    if kind == "ford":
        return ac("ford_yes" if a.get("pay") else "ford_no")
    if kind == "saruman":
        if a.get("choice") == "back":
            return ac("saruman_back")
        mine = next((p for p in view["players"] if p["id"] == view["you"]), None)
        return ac("saruman_nothing" if mine and mine["movement"] == 0 else "saruman_movement")
    if kind in ("arwen", "galadriel"):
        return ac(f"{kind}_yes" if a.get("accept") else f"{kind}_no")
    if kind == "choose_companion":
        companion = a.get("companion")
        return ac(kind, companion=companion_label(companion, lang)) if companion else ac("choose_none")
    return json.dumps(a, ensure_ascii=False)


# ---------------------------------------------------------------------- status


def odds_line(odds: Odds, lang: str) -> str:
    """Both totals before the fighter chooses, and the chances alone and with each companion."""
    wins = odds["wins_on"]
    strength = lambda c: (_data()["companions"].get(c) or {}).get("strength")
    parts = [_x("odds.with", lang, companion=name(c, lang), strength=strength(c), chances=_chances(k, lang)) if c
             else _x("odds.alone", lang, chances=_chances(k, lang)) for c, k in wins.items()]
    return _x("status.odds", lang, hobbit=odds["hobbit"], enemy=odds["enemy"],
              chances=_x("odds.sep", lang).join(parts))


def _final_scores(result: Result, view: FellowshipView, lang: str, names=None) -> str:
    """Each score split into hero points and the companions' end-of-game bonus."""
    detail = result.get("detail") or {}
    ranked = sorted((result.get("scores") or {}).items(), key=lambda kv: -kv[1])
    out = []
    for pid, score in ranked:
        d = detail.get(pid) or {}
        out.append(_x("score_split", lang, player=player_name(pid, view, lang, names), score=score,
                      hero=count(d.get("hero_tokens", score), "hero", lang), companions=_signed(d.get("companions", 0))))
    return ", ".join(out)


def track_lines(view: FellowshipView, lang: str, names: dict[str, str] | None = None) -> list[str]:
    """For each hobbit on the road, the spaces ahead it can reach (six free ones at most, others'
    hobbits jumped), with what is on each: an event space, an adventure, a hobbit, the stage's end."""
    board = view["board"]
    finish = board["finish"]
    events = set(board["event_spaces"])
    adventures = {q: a for a, spaces in board["adventure_spaces"].items() for q in spaces}
    on = {p["position"]: p for p in view["players"] if p["position"] is not None}
    lines = []
    for p in sorted(on.values(), key=lambda p: -p["position"]):
        q, free, cells = p["position"], 0, []
        while free < 6:
            q += 1
            if q >= finish:
                cells.append(space_label(finish, view, lang))
                break
            marks = [name(adventures[q], lang)] if q in adventures else []
            marks += [_x("track.event", lang)] if q in events else []
            if q in on:
                marks.append(player_name(on[q]["id"], view, lang))
            else:
                free += 1
            cells.append(" ".join([str(q)] + marks))
        lines.append(_x("track.line", lang, player=player_name(p["id"], view, lang, names),
                        where=space_label(p["position"], view, lang), ahead=" · ".join(cells)))
    return lines


def decision_text(decision: FellowshipDecision, lang: str) -> str:
    return _x(f"decision.{decision['kind']}", lang, companion=name(decision.get("companion"), lang))


def player_line(p: PlayerView, view: FellowshipView, lang: str, names: dict[str, str] | None = None) -> str:
    pid = p["id"]
    label = player_name(pid, view, lang, names) + (" 💍" if p["ring_bearer"] else "")
    if p["arrived"]:
        where = _x("status.arrived", lang, rank=p["arrived"])
    else:
        where = space_label(p["position"], view, lang)
    parts = [_x("status.player", lang, player=label, where=where, hero=count(p["hero"], "hero", lang),
                movement=count(p["movement"], "movement", lang))]
    weapon = p["weapon"]
    if weapon:
        key = "status.weapon" if weapon["usable"] else "status.weapon_unusable"
        parts.append(_x(key, lang, weapon=weapon_name(weapon["card"], lang), bonus=weapon["bonus"]))
    if p["companions"]:
        parts.append(_x("status.companions", lang, companions=", ".join(name(c, lang) for c in p["companions"])))
    if p["kept"]:
        parts.append(_x("status.kept", lang, cards=", ".join(name(c, lang) for c in p["kept"])))
    return " · ".join(parts)


def status(view: FellowshipView, lang: str, names: dict[str, str] | None = None) -> str:
    """What the game waits for, then one line per hobbit; the reader's own secrets (peek, mirror) last."""
    lines: list[str] = []
    result = view["result"]
    if view["phase"] == "over" and result:
        winners = _join([player_name(p, view, lang, names) for p in result.get("winners", [])], lang)
        key = "status.over" if len(result.get("winners") or []) == 1 else "status.over_shared"
        lines.append(_x(key, lang, winners=winners, reason=_x(f"reason.{result['reason']}", lang)))
        lines.append(_x("status.scores", lang, scores=_final_scores(result, view, lang, names)))
    else:
        turn = view["turn"]
        lines.append(_x("status.stage", lang, stage=view["stage"], name=name(view["stage_id"], lang),
                        turn=turn["number"] if turn else "-"))
        decision = view["decision"]
        if decision:
            lines.append(_x("status.waiting", lang, player=player_name(decision["player"], view, lang, names),
                            decision=decision_text(decision, lang)))
        if turn and turn["dice"]:
            lines.append(_x("status.dice", lang, a=turn["dice"][0], b=turn["dice"][1]))
        fight = view["fight"]
        if fight:
            strengths = fight["strengths"]
            rnd = fight["round"] or 1
            lines.append(_x("status.fight", lang, enemy=name(fight["enemy"], lang), round=rnd,
                            strength=strengths[rnd - 1] if 0 < rnd <= len(strengths) else "?",
                            fighter=player_name(fight["fighter"], view, lang, names)))
            if fight.get("odds"):
                lines.append(odds_line(fight["odds"], lang))
        if decision and decision.get("finish_needs_lower_die") and turn and turn["dice"]:
            stage: dict = next((s for s in _data()["stages"] if s["id"] == view["stage_id"]), {})
            lines.append(_x("status.finish_blocked", lang, die=max(turn["dice"]), place=name(stage.get("to"), lang)))
    for p in view["players"]:
        lines.append(player_line(p, view, lang, names))
    if view["rivendell_companions"]:
        lines.append(_x("status.rivendell", lang,
                        companions=", ".join(name(c, lang) for c in view["rivendell_companions"])))
    peek = view.get("peek")
    if peek and (peek.get("event") or peek.get("enemy")):
        lines.append(_x("status.peek", lang, event=name(peek.get("event"), lang) if peek.get("event") else "-",
                        enemy=name(peek.get("enemy"), lang) if peek.get("enemy") else "-"))
    if view.get("seen_events"):
        lines.append(_x("status.seen_events", lang, cards=", ".join(name(c, lang) for c in view["seen_events"])))
    return "\n".join(lines)


def hand_texts(view: FellowshipView, lang: str) -> list[str]:
    """What the reader may read in full (the terminal's `cards`): the companions they hold, each with
    what it adds to a fight and its end-of-game bonus, in the words the /card command uses."""
    from reference.cards.fellowship import index_cards
    cards = index_cards(_data())
    me = _players(view).get(str(view.get("you")))
    out = []
    for companion in me["companions"] if me else []:
        card = cards.get(f"companion_{companion}")
        if card:
            out.append(f"{card['name'][lang]}\n{card['text'][lang]}")
    return out
