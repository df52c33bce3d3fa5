"""Text for War of the Ring: one line per action, per event, and the status of a game, in fr/en.

No rule lives here: everything comes from a view (docs/wotr.md) built for the reader, so a line never
tells more than the reader may know (the hand appears only in its owner's status). Names of regions,
nations, characters and event cards come from cards/wotr.json; every other word from
i18n/<lang>/present_wotr.json.
"""
from __future__ import annotations

import unicodedata
from typing import TYPE_CHECKING, Any

from cards.wotr import load
from engine.wotr.seats import SEAT_NATIONS, SEAT_SIDE
from i18n import has, t
from present import join_words
from reference.cards.wotr import texts

if TYPE_CHECKING:
    from engine.wotr.types import WotrDecision, WotrView

SIDES = ("free_peoples", "shadow")


def _x(key: str, lang: str, **params) -> str:
    return t(f"present_wotr.{key}", lang, **params)


def name(thing: Any, lang: str) -> str:
    """Any id of the game: region, nation, character, event card, Hunt tile, side, die face, unit kind."""
    if not isinstance(thing, str):
        return str(thing)
    data = load()
    for table in (data.regions, data.nations, data.characters, data.event_cards):
        entry = table.get(thing)
        if entry is not None:
            return entry.name.get(lang)
    if thing in data.hunt_tiles:
        return tile_label(thing, lang)
    for group in ("side", "face", "deck", "kind", "mode", "field"):
        key = f"{group}.{thing}"
        text = _x(key, lang)
        if text != f"present_wotr.{key}":
            return text
    return thing


def card_text(card: str, lang: str) -> dict[str, str]:
    """A card's two halves in our own words: the same wording /card shows (reference/cards/wotr_texts.json:
    event half by card, combat half by combat title). docs/wotr.md, "Event cards", says which halves the
    engine plays so far."""
    words, title = texts(), load().event_cards[card].combat_title.en
    return {"event": words["events"][card][lang], "combat": words["combat"][title][lang]}


# Actions that use a card's ability: the half of the card whose text goes with them.
_ABILITY_HALF = {"combat_card": "combat", "combat_choice": "combat", "combat_decline": "combat",
                 "use_table_card": "event"}


def ability_text(action: dict, lang: str) -> str:
    """What the card an action plays or uses does, in our words ("" for any other action): a prompt that
    offers a card's ability says it beside the choice."""
    half = _ABILITY_HALF.get(action.get("type")) if isinstance(action, dict) else None
    card = action.get("card") if half else None
    return card_text(card, lang)[half] if half and card in load().event_cards else ""


def combat_name(card: str, lang: str) -> str:
    """A card as a battle knows it: its combat title, then its name ("Heroic Death (There is Another Way)")."""
    entry = load().event_cards.get(card)
    return f"{getattr(entry.combat_title, lang)} ({name(card, lang)})" if entry else name(card, lang)


def tile_label(tile: str, lang: str) -> str:
    """A Hunt tile by what it shows: "Eye (reveal)", "2", "1 (reveal, stop)", "die"."""
    entry = load().hunt_tiles.get(tile)
    if entry is None:
        return str(tile)
    value = _x(f"tile.{entry.value}", lang) if isinstance(entry.value, str) else str(entry.value)
    marks = [_x("tile.reveal", lang)] * entry.reveal + [_x("tile.stop", lang)] * entry.stop
    return f"{value} ({', '.join(marks)})" if marks else value


def _join(items: list[str], lang: str) -> str:
    return join_words(items, _x("none", lang), _x("and", lang))


def side_player(side: Any, view: WotrView, lang: str, names: dict[str, str] | None = None) -> str:
    """"The Free Peoples", with the player's display name when `names` knows it (read with .get: an event
    is told from any view, even one that names nobody)."""
    label = name(side, lang)
    pid = (view.get("players") or {}).get(side)
    if names and pid in names and not view.get("seats"):     # a team's side is not one player's
        return _x("side_named", lang, side=label, name=names[pid])
    return label


def seat_player(seat: str, player: Any, lang: str, names: dict[str, str] | None = None) -> str:
    """A team game's seat, "Rohan (Bob)" (the seat named by its first nation or minion)."""
    label = name(seat, lang)
    return _x("side_named", lang, side=label, name=names[player]) if names and player in names else label


def seat_nations(seat: str, lang: str) -> str:
    """A team game's seat by its nations: "Gondor, Elves" (the Witch-king's seat: Sauron's nation...)."""
    return ", ".join(name(n, lang) for n in SEAT_NATIONS.get(seat, (seat,)))


def side_hand_sizes(view: WotrView) -> dict[str, int]:
    """Cards in hand per side (a team's two hands added up; hand sizes are public)."""
    sizes = view["cards"].get("hand_sizes") or {}
    out = {side: 0 for side in SIDES}
    for seat, n in sizes.items():
        out[SEAT_SIDE.get(seat, seat)] = out.get(SEAT_SIDE.get(seat, seat), 0) + n
    return out


def _faces(faces: list, lang: str) -> str:
    return ", ".join(name(f, lang) for f in faces) if faces else _x("none", lang)


# ---------------------------------------------------------------------- events


def describe_event(event: dict, view: WotrView, lang: str, names: dict[str, str] | None = None) -> str:
    """One line for a public event."""
    e = event if isinstance(event, dict) else {}
    kind = e.get("type")
    try:
        return capital(_event(kind, e, view, lang, names))
    except (KeyError, TypeError, ValueError, IndexError, AttributeError):
        return _x("event.unknown", lang, type=kind)


# Events that say how many when the same one comes several times in a row ("2 Sauron regulars are removed").
_COUNTED = ("recruited", "unit_removed", "casualty")


def describe_events(events: list[dict], view: WotrView, lang: str, names: dict[str, str] | None = None) -> list[str]:
    """One line per event, said once: identical unit events in a row read as one with their count, and
    "the nation is at war" alone says what the step onto the war box did (present.counted_lines then
    gives any other line repeated in a row its count)."""
    out: list[str] = []
    runs: list[tuple[dict, int]] = []
    for e in events:
        same = {k: v for k, v in e.items() if k != "n"}
        if runs and e.get("type") in _COUNTED and runs[-1][0] == same:
            runs[-1] = (same, runs[-1][1] + 1)
        else:
            runs.append((same, 1))
    for i, (e, count) in enumerate(runs):
        after = runs[i + 1][0] if i + 1 < len(runs) else {}
        if e.get("type") == "political_advance" and e.get("step") == 0 and after == {"type": "at_war",
                                                                                      "nation": e.get("nation")}:
            continue
        count *= e.get("count", 1) if e.get("type") == "casualty" else 1
        if count > 1:
            kind = e.get("kind")
            plural = _w(f"kinds.{kind}", lang) if has(f"wotr_play.kinds.{kind}", lang) else name(kind, lang)
            e = {**e, "type": f"{e['type']}_many", "count": count, "kind": plural}
        out.append(describe_event(e, view, lang, names))
    return out


def capital(text: str) -> str:
    return text[:1].upper() + text[1:]


# Events whose fields are ids (region, nation, character...) named with `name`, or plain numbers.
_NAMED = {"region", "nation", "character", "replaces", "minion", "companion", "from", "to", "card",
          "face", "deck", "die", "kind", "char", "seat", "strategy"}


def _event(kind: Any, e: dict, view: WotrView, lang: str, names: dict[str, str] | None) -> str:
    key = f"event.{kind}"
    if not isinstance(kind, str) or _x(key, lang) == f"present_wotr.{key}":
        return _x("event.unknown", lang, type=kind)
    fields: dict[str, Any] = {k: (name(v, lang) if k in _NAMED else v) for k, v in e.items()
                              if k not in ("type", "n")}
    if "side" in e:
        fields["side"] = side_player(e["side"], view, lang, names)
    if "seat" in e:          # a team game: the player who acted, "Rohan (Bob)"
        fields["side"] = seat_player(e["seat"], (view.get("seats") or {}).get(e["seat"]), lang, names)
        fields["seat"] = fields["side"]
    if kind == "die_used":
        fields["action"] = _x(f"action_name.{e['action']}", lang)
    elif kind == "turn_start":
        fields["fp"], fields["sh"] = e["dice"]["free_peoples"], e["dice"]["shadow"]
    elif kind == "card_roll":
        fields["dice"] = _dice(e["dice"], lang)
    elif kind in ("action_roll", "dice_to_hunt"):
        key_ = "faces" if kind == "action_roll" else "dice"
        fields[key_] = _faces(e[key_], lang)
    elif kind == "hunt_roll":
        fields["dice"] = _dice(e["dice"], lang)
        fields["target"] = target(6, e["bonus"])
        fields["why"] = f" ({_x('hunt.bonus', lang, bonus=e['bonus'])})" if e["bonus"] else ""
        fields["more"] = _x("hunt.rerolls", lang, dice=_dice(e["rerolls"], lang), why=_join(
            [_x(f"condition.{c}", lang) for c in e["conditions"]], lang)) if e["rerolls"] else ""
    elif kind == "combat_roll":
        fields.update(combat_roll_words(e, lang))
    elif kind in ("hunt_tile", "hunt_damage", "hunt_tile_returned", "tile_void"):
        fields["tile"] = tile_label(e["tile"], lang)
    elif kind == "hunt_tiles_removed":
        fields["tiles"] = _join([tile_label(x, lang) for x in e["tiles"]], lang)
    elif kind in ("companions_separated", "companions_moved"):
        fields["companions"] = _join([name(c, lang) for c in e["companions"]], lang)
    elif kind == "companion_lost":
        fields["chosen"] = _x(f"chosen.{e['chosen']}", lang)
    elif kind == "game_over":
        fields["reason"] = _x(f"reason.{e['reason']}", lang)
    elif kind in ("political_advance", "political_retreat"):
        fields["step"] = _politics_step(e["step"], lang)
    elif kind == "army_moved":
        fields["units"] = units_text(e["units"], lang)
        chars = [name(c, lang) for c in e.get("characters") or []]
        fields["characters"] = _x("with_characters", lang, characters=_join(chars, lang)) if chars else ""
    elif kind == "combat_cards":
        played = [_x("combat_cards.played", lang, side=side_player(side, view, lang, names), card=combat_name(c, lang),
                     effect=card_text(c, lang)["combat"]) for side, c in sorted(e["played"].items())]
        fields["played"] = _join(played, lang) if played else _x("combat_cards.none", lang)
    elif kind == "settlement_captured":
        fields["fp"], fields["sh"] = e["vp"]["free_peoples"], e["vp"]["shadow"]
    elif kind == "special_tile" and e.get("pool"):
        key = "event.special_tile_pool"
    elif kind == "battle_started" and e.get("mode") in ("siege", "sortie"):
        key = f"event.battle_started_{e['mode']}"
    elif kind == "ability_used" and _x(f"event.ability.{e['ability']}", lang) != f"present_wotr.event.ability.{e['ability']}":
        key = f"event.ability.{e['ability']}"
    elif kind == "combat_effect" and _x(f"combat_effect.{e.get('effect')}", lang) != \
            f"present_wotr.combat_effect.{e.get('effect')}":
        key = f"combat_effect.{e['effect']}"
        fields["dice"] = _dice(e.get("dice") or [], lang)
    if kind == "combat_effect":
        fields["card"] = combat_name(e.get("card"), lang)
    if "attacker" in e:
        fields["attacker"] = side_player(e["attacker"], view, lang, names)
    return _x(key, lang, **fields)


def target(need: int, add: int) -> int:
    """The lowest natural face that hits: a 6 always hits, a 1 never does (p.31, p.41)."""
    return min(6, max(2, need - add))


def _dice(dice: list, lang: str) -> str:
    return ", ".join(str(d) for d in dice) or _x("none", lang)


def combat_roll_words(e: dict, lang: str) -> dict[str, str]:
    """A combat roll's faces, the number each needed and why (a City's first round, a card's +1...),
    the Leaders' re-roll and its own number, and the cards' extra hits."""
    cards = _join([getattr(load().event_cards[c].combat_title, lang) for c in e.get("by") or []
                   if c in load().event_cards], lang)
    why = [_x(f"need.{e['why']}", lang)] if e.get("why") else []
    add, again = e.get("add", 0), e.get("reroll_add", 0)
    if add:
        why.append(_x("need.modifier", lang, add=f"{add:+d}", cards=cards))
    out = {"dice": _dice(e["dice"], lang), "target": str(target(e["need"], add)),
           "why": f" ({', '.join(why)})" if why else "", "rerolls": "", "bonus": ""}
    if e.get("rerolls"):
        out["rerolls"] = _x("combat.rerolls", lang, dice=_dice(e["rerolls"], lang), target=target(e["need"], again))
    if e.get("bonus"):
        out["bonus"] = _x("combat.bonus", lang, count=e["bonus"], cards=cards)
    return out


def units_text(units: dict, lang: str) -> str:
    """{nation: {kind: n}} as "Gondor 2 regulars, 1 leader; Rohan 1 elite" (nations in the reader's order)."""
    return _units(units, lang)


def _politics_step(step: int, lang: str) -> str:
    return _x("politics.at_war", lang) if step == 0 else _x("politics.steps", lang, n=step)


# ---------------------------------------------------------------------- actions


# Actions read by the value of one field: the Voice of Saruman's choice, the White Rider's forfeit.
_VARIANTS = {"voice_of_saruman": "choice", "white_rider": "forfeit"}


def describe_action(action: dict, view: WotrView, lang: str) -> str:
    a = action if isinstance(action, dict) else {}
    kind = a.get("type")
    key = f"action.{kind}"
    if kind in _VARIANTS:                                         # one text per value of that field
        key = f"action.{kind}.{str(a.get(_VARIANTS[kind])).lower()}"
    if not isinstance(kind, str) or _x(key, lang) == f"present_wotr.{key}":
        return _x("action.unknown", lang, type=kind)
    if kind == "attack" and a.get("from") == a.get("to"):       # inside a besieged region
        inside = view["sieges"].get(a.get("to"))
        key = "action.attack_sortie" if inside and inside == view["you"] else "action.attack_siege"
    if kind == "combat_choice":          # what the card's choice is about: a figure, a number, or nothing
        key += "_char" if "char" in a else "_figure" if "nation" in a else "_count" if "count" in a else ""
    fields: dict[str, Any] = {k: (name(v, lang) if k in _NAMED else v) for k, v in a.items() if k != "type"}
    if kind in ("combat_choice", "combat_decline"):
        fields["card"] = combat_name(a.get("card"), lang)
    if "group" in a:
        fields["group"] = _join([name(c, lang) for c in a["group"]], lang)
    if "who" in a:
        fields["who"] = _x(f"chosen.{a['who']}", lang)
    text = _x(key, lang, **fields)
    if kind == "play_event":            # the card's own choice: "(Rohan, elite)"
        chosen = [v for k, v in a.items() if k not in ("type", "card", "die")]
        flat = [x for v in chosen for x in (v if isinstance(v, list) else [v])]
        text += f" ({', '.join(name(x, lang) for x in flat)})" if flat else ""
    if "die" in a and kind != "elven_ring":  # the Elven Ring changes the die it names
        text += _x("action.paying", lang, die=fields["die"])
    return text


# ---------------------------------------------------------------------- status


def fellowship_line(view: WotrView, lang: str) -> str:
    f = view["fellowship"]
    where = (_x("status.mordor_step", lang, step=f["mordor"]) if f.get("mordor") is not None
             else name(f.get("pos"), lang))
    guide = name(f.get("guide"), lang)
    companions = _join([name(c, lang) for c in f.get("companions") or []], lang)
    return _x("status.fellowship", lang, where=where, progress=f.get("progress", 0),
              hidden=_x("status.hidden" if f.get("hidden") else "status.revealed", lang),
              corruption=f.get("corruption", 0), guide=guide, companions=companions)


def hunt_line(view: WotrView, lang: str) -> str:
    h = view["hunt"]
    box = h.get("box") or {}
    return _x("status.hunt", lang, shadow=box.get("shadow", 0), fp=box.get("free_peoples", 0),
              pool=len(h.get("pool") or []), drawn=len(h.get("drawn") or []))


def dice_line(view: WotrView, side: str, lang: str) -> str:
    dice = view["dice"].get(side) or []
    ring = view["rings"].get(side, 0)
    text = _x("status.dice", lang, side=name(side, lang), dice=_faces(dice, lang))
    return text + (_x("status.rings", lang, n=ring) if ring else "")


def politics_line(view: WotrView, lang: str) -> str:
    parts = []
    for nation, p in sorted(view["politics"].items()):
        state = _politics_step(p["step"], lang) + ("" if p.get("active") else _x("politics.passive", lang))
        parts.append(f"{name(nation, lang)} {state}")
    return _x("status.politics", lang, nations=", ".join(parts))


def decision_text(decision: WotrDecision, lang: str) -> str:
    """What the game waits for, with why when the decision says it (the Hunt's damage left, the steps
    the revealed Fellowship has left, who earns the extra card)."""
    kind = decision["kind"]
    if has(f"present_wotr.decision_why.{kind}", lang):
        fields = {k: (name(v, lang) if isinstance(v, str) else v) for k, v in decision.items()}
        text = _x(f"decision_why.{kind}", lang, **fields)
        if "{" not in text:
            return text
    return _x(f"decision.{kind}", lang)


def status(view: WotrView, lang: str, names: dict[str, str] | None = None) -> str:
    """The turn and what the game waits for, the Fellowship, the Hunt, dice, politics; the reader's hand."""
    lines: list[str] = []
    result = view["result"]
    if result:
        lines.append(_x("status.over", lang, side=side_player(result.get("side"), view, lang, names),
                        reason=_x(f"reason.{result['reason']}", lang), turn=result.get("turn")))
    else:
        lines.append(_x("status.turn", lang, turn=view["turn"], phase=_x(f"phase.{view['phase']}", lang)))
        decision = view["decision"]
        if decision:
            who = (seat_player(decision["seat"], decision["player"], lang, names) if "seat" in decision
                   else side_player(decision["side"], view, lang, names))
            lines.append(_x("status.waiting", lang, side=who, decision=decision_text(decision, lang)))
            tally = army_tally(view, lang)
            if tally:
                lines.append(tally)
        if view.get("seats"):
            lines.append(_x("status.seats", lang, seats=_join(     # each player with the seat's nations
                [_x("side_named", lang, side=seat_nations(seat, lang), name=names[p]) if names and p in names
                 else seat_nations(seat, lang) for seat, p in view["seats"].items()], lang),
                leaders=_join([name(seat, lang) for seat in (view.get("leaders") or {}).values()], lang)))
    lines.append(fellowship_line(view, lang))
    lines.append(hunt_line(view, lang))
    if view["phase"] == "action":
        lines += [dice_line(view, side, lang) for side in SIDES]
    lines.append(politics_line(view, lang))
    vp = view["vp"]
    cards = view["cards"]
    hands = side_hand_sizes(view)
    lines.append(_x("status.cards", lang, fp=hands["free_peoples"], sh=hands["shadow"],
                    fp_vp=vp.get("free_peoples", 0), sh_vp=vp.get("shadow", 0)))
    table = [name(c, lang) for side in SIDES for c in (cards.get("table") or {}).get(side) or []]
    if table:
        lines.append(_x("status.table", lang, cards=_join(table, lang)))
    tiles = load().hunt_tiles        # a special tile bears its card's name
    waiting = [name(tiles[t].card if t in tiles else t, lang)
               for t in view["hunt"].get("specials_waiting") or []]
    if waiting:
        lines.append(_x("status.specials", lang, tiles=_join(waiting, lang)))
    if cards.get("hand") is not None:
        lines.append(_x("status.hand", lang, cards=_join([name(c, lang) for c in cards["hand"]], lang)))
    return "\n".join(lines)


# ---------------------------------------------------------------------- the board and the hand in words


def _w(key: str, lang: str, **params) -> str:
    return t(f"wotr_play.{key}", lang, **params)


def _by_name(ids, lang: str) -> list[str]:
    """Ids sorted by their names in the reader's language (accents and case ignored)."""
    return sorted(ids, key=lambda i: sort_key(name(i, lang)))


def sort_key(label: str) -> str:
    """Alphabetical order as readers expect it: accents and case ignored (É with E)."""
    return "".join(c for c in unicodedata.normalize("NFD", label.casefold()) if not unicodedata.combining(c))


def _units(nations: dict, lang: str) -> str:
    """{nation: {kind: n}} as "Gondor 3 regular, 1 leader; Rohan 1 elite", nations in the reader's order."""
    parts = []
    for nation in _by_name(nations, lang):
        counts = [_x("unit_count", lang, n=n, kind=_w(f"kinds.{k}", lang) if n > 1 and has(f"wotr_play.kinds.{k}", lang)
                     else name(k, lang)) for k, n in nations[nation].items() if n]
        if counts:
            parts.append(f"{name(nation, lang)} {', '.join(counts)}")
    return "; ".join(parts) or _x("none", lang)


def board_lines(view: WotrView, lang: str) -> list[str]:
    """Every army by side, region and nation (a besieged or captured region says so), then where the
    characters are: the board in words, for a reader without the picture."""
    data = load()
    sides: dict[str, dict[str, dict]] = {side: {} for side in SIDES}
    for region, nations in view["armies"].items():
        for nation, kinds in nations.items():
            owner = data.nations[nation].side if nation in data.nations else None
            if owner in sides:
                sides[owner].setdefault(region, {})[nation] = kinds
    captured, sieges = view["captured"], view["sieges"]
    out = []
    for side, regions in sides.items():
        out.append(_w(f"armies.{side}", lang))
        entries = []
        for region in _by_name(regions, lang):
            marks = ([_w("besieged", lang)] if region in sieges else []) + \
                ([_w("captured", lang, side=name(captured[region], lang))] if region in captured else [])
            label = name(region, lang) + (f" ({', '.join(marks)})" if marks else "")
            entries.append(_w("army_line", lang, region=label, units=_units(regions[region], lang)))
        out += _packed(entries or [_x("none", lang)])
    places = view["characters"]
    fellowship = [c for c in view["fellowship"].get("companions") or []]
    out.append(_w("characters.fellowship", lang, names=_join([name(c, lang) for c in fellowship], lang)))
    on_map = [c for c, where in places.items() if where and where != "fellowship"]
    if on_map:
        out.append(_w("characters.map", lang, places="; ".join(
            _w("army_line", lang, region=name(c, lang), units=name(places[c], lang)) for c in _by_name(on_map, lang))))
    return out


def _packed(entries: list[str], width: int = 110) -> list[str]:
    """Entries joined by " · " into indented lines of about `width` characters (an entry is never cut)."""
    lines: list[str] = []
    for entry in entries:
        if lines and len(lines[-1]) + 3 + len(entry) <= width:
            lines[-1] += " · " + entry
        else:
            lines.append("  " + entry)
    return lines


def army_tally(view: WotrView, lang: str) -> str:
    """While an army is being split (an army move under way): what moves and what stays behind."""
    decision = view["decision"]
    region = decision.get("from") if decision else None
    if not decision or decision["kind"] != "army_move" or not region:
        return ""
    army = view["armies"].get(region) or {}
    stay = decision.get("stay") or {}
    moving = {nation: {k: n - (stay.get(nation) or {}).get(k, 0) for k, n in kinds.items()}
              for nation, kinds in army.items()}
    side = decision["side"]
    chars = [c for c, where in view["characters"].items()
             if where == region and load().characters[c].side == side]
    kept = [c for c in chars if c in (decision.get("stay_chars") or [])]
    with_chars = lambda names: _x("with_characters", lang, characters=_join(  # noqa: E731
        [name(c, lang) for c in names], lang)) if names else ""
    return _w("tally", lang, region=name(region, lang),
              moving=_units(moving, lang) + with_chars([c for c in chars if c not in kept]),
              staying=_units(stay, lang) + with_chars(kept))


def hand_texts(view: WotrView, lang: str) -> list[str]:
    """Each card of the reader's hand read in full, in our own words: its name and deck on the first line,
    then its event half (and the die that plays it) and its combat half (title and initiative). Read with
    .get: a hand is read from any view, even one without cards."""
    cards = view.get("cards") if isinstance(view, dict) else None
    hand: list[str] = (cards.get("hand") if cards else None) or []
    out = []
    for card in hand:
        entry = load().event_cards.get(card)
        if entry is None:
            out.append(name(card, lang))
            continue
        words = card_text(card, lang)
        out.append("\n".join((
            _w("card.title", lang, name=name(card, lang), deck=name(entry.deck, lang)),
            _w("card.event", lang, die=name(entry.played_with, lang), text=words["event"]),
            _w("card.combat", lang, title=getattr(entry.combat_title, lang),
               initiative="/".join(map(str, entry.initiative)), text=words["combat"]))))
    return out
