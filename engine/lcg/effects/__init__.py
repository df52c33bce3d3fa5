"""The card effect registry: every implemented card registers here, per card id, with its timing.

"Which cards are implemented" is exactly the registry: a player card without an entry cannot be
played (IllegalAction("card_not_implemented")), an encounter card without one is refused at setup.

Registration (see the sphere modules for examples):

    @ally("guard_of_the_citadel")                      # an ally with no text: nothing more to say
    @event("for_gondor", phases=ANY)                   # Action: play from hand in an action window
    @event_response("swift_strike", "defender_declared")  # Response: play from hand after an event
    @action("denethor")                                # Action on a card in play (hero, ally, attachment)
    @response("gloin", "damaged")                      # Response on a card in play
    @forced("forest_spider", "engaged")                # Forced effect of a card in play
    @attachment("dwarven_axe", targets=hero)           # where it may be attached
    @when_revealed("king_spider") / @shadow(...) / @travel(...)
    modifier("gimli", fn) / attached_modifier("dwarven_axe", fn)   # stats, read on the fly

An effect function is `fn(s, ctx)`: `s` the state being changed, `ctx` a JSON dict with `player` (who
plays or controls it), `card` (its uid) and `ev` (the triggering event, for responses and forced
effects). A condition `when(s, ctx) -> bool` says whether it may be used now (targets exist, costs
can be paid). Effects that need a choice ask it with `common.choose(...)` and continue in a task, named by
its function (`choose(s, p, "damage_hero", heroes, damage_chosen, amount=5)`); the state stores the task's
name, so a game saved in the middle of an effect resumes.

Generic hooks the core reads (so the core never names a card): `hook(cid, attack_bonus=..., attacks_staging=...,
icons_attached=..., traits_attached=..., blocks_draw=..., on_reveal=...)` and `attached_flags(cid, flag...)`
(e.g. "stays_exhausted": the host does not ready in the refresh phase).
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

ANY = None  # an Action usable in every action window
Effect = TypeVar("Effect", bound=Callable[..., Any])  # an effect function, registered as it is
PLAYER_TYPES = ("hero", "ally", "attachment", "event")


@dataclass
class Ability:
    card: str
    kind: str              # play, play_response, action, response, forced, when_revealed, shadow, travel
    fn: Callable
    when: Callable | None = None
    event: str | None = None
    phases: tuple | None = None
    limit: tuple | None = None       # ("round", 1) / ("phase", 3): per-copy use limits
    limit_player: bool = False       # the limit counts per player (Éowyn), not per copy
    name: str = "main"
    distinct_payers: int = 0         # Thicket of Spears
    x_cost: Callable | None = None   # allowed values of X for an X-cost event: fn(s, ctx) -> list[int]
    any_player: bool = False         # an Action any player may trigger (Éowyn)
    free: bool = False               # put into play from hand without paying (Brok Ironfist)


@dataclass
class CardDef:
    id: str
    abilities: list = field(default_factory=list)
    attach_targets: Callable | None = None
    modifier: Callable | None = None           # fn(s, uid, stat) -> int, on the card itself
    attached_modifier: Callable | None = None  # fn(s, att_uid, host_uid, stat) -> int
    flags_attached: tuple = ()                 # e.g. ("cannot_attack",) for the host
    implemented: bool = True
    # hooks the core reads generically (set with `hook(cid, name=...)`), so no card is named in the core:
    attack_bonus: Callable | None = None       # fn(s, uid, attacker, enemy, alone) -> int, on the attacker
    #                                            itself or an attachment on it (Dúnhere, Blade of Gondolin)
    attacks_staging: bool = False              # may attack an enemy in the staging area, alone (Dúnhere)
    icons_attached: Callable | None = None     # fn(s, att, host) -> spheres the host's resources also pay for
    traits_attached: tuple = ()                # traits the host gains (Steward of Gondor)
    blocks_draw: Callable | None = None        # fn(s, uid) -> bool: while true nobody draws (Enchanted Stream)
    on_reveal: Callable | None = None          # fn(s, uid, revealed): an encounter card was revealed (Thalin)
    leaves_to: str | None = None               # "encounter_top" / "encounter_shuffle": where it goes instead
    #                                            of the encounter discard pile (Banks of the Anduin, Eastern Crows)
    engage_when: Callable | None = None        # fn(s, uid) -> bool: whether it may be engaged optionally now
    excess_to_threat: bool = False             # its attack's damage beyond what a character absorbs raises
    #                                            the defending player's threat (Hill Troll)
    forced_travel: bool = False                # the players must travel to it when they can (The East Bight)
    cancels_draw: bool = False                 # attached to a player's deck: the next draw from that deck
    #                                            discards it instead (Iron Shackles)
    no_attachments: bool = False               # players cannot attach cards to it (Nazgûl of Dol Guldur)


REGISTRY: dict[str, CardDef] = {}
# quest card id -> hooks: setup, revealed, can_advance, defeated, enemy_defeated, progress_placed (after
# progress is put on the quest card), quest_phase_begins (functions); extra_reveals (int: more encounter cards in
# each staging step), ally_limit (int: allies the group may play each round), skip_staging,
# skip_engagement_checks (True)
QUESTS: dict[str, dict] = {}


def quest(cid: str, **hooks: Any) -> None:
    QUESTS[cid] = hooks
    _def(cid)


def _def(cid: str) -> CardDef:
    d = REGISTRY.get(cid)
    if d is None:
        d = REGISTRY[cid] = CardDef(cid)
    return d


def implemented(cid: str) -> bool:
    d = REGISTRY.get(cid)
    return d is not None and d.implemented


def abilities(cid: str, kind: str | None = None) -> list[Ability]:
    d = REGISTRY.get(cid)
    if d is None:
        return []
    return [a for a in d.abilities if kind is None or a.kind == kind]


def _add(cid: str, kind: str, **kw: Any) -> Callable[[Effect], Effect]:
    def deco(fn: Effect) -> Effect:
        _def(cid).abilities.append(Ability(cid, kind, fn, **kw))
        return fn
    return deco


def plain(*cids: str) -> None:
    """Cards with no text of their own (vanilla allies, keyword-only cards): implemented as they are."""
    for c in cids:
        _def(c)


def ally(cid: str) -> Callable[[Effect], Effect]:
    _def(cid)

    def deco(fn: Effect) -> Effect:
        return fn
    return deco


def event(cid: str, phases: tuple | None = ANY, when: Callable | None = None, distinct_payers: int = 0,
          x_cost: Callable | None = None) -> Callable[[Effect], Effect]:
    return _add(cid, "play", phases=phases, when=when, distinct_payers=distinct_payers, x_cost=x_cost)


def event_response(cid: str, ev: str, when: Callable | None = None,
                   free: bool = False) -> Callable[[Effect], Effect]:
    return _add(cid, "play_response", event=ev, when=when, free=free)


def action(cid: str, phases: tuple | None = ANY, when: Callable | None = None, limit: tuple | None = None,
           limit_player: bool = False, name: str = "main",
           any_player: bool = False) -> Callable[[Effect], Effect]:
    return _add(cid, "action", phases=phases, when=when, limit=limit, limit_player=limit_player, name=name,
                any_player=any_player)


def response(cid: str, ev: str, when: Callable | None = None, limit: tuple | None = None,
             name: str = "main") -> Callable[[Effect], Effect]:
    return _add(cid, "response", event=ev, when=when, limit=limit, name=name)


def forced(cid: str, ev: str, when: Callable | None = None, name: str = "main") -> Callable[[Effect], Effect]:
    return _add(cid, "forced", event=ev, when=when, name=name)


def when_revealed(cid: str) -> Callable[[Effect], Effect]:
    return _add(cid, "when_revealed")


def shadow(cid: str) -> Callable[[Effect], Effect]:
    return _add(cid, "shadow")


def travel(cid: str, when: Callable | None = None) -> Callable[[Effect], Effect]:
    """A travel cost: `when(s, ctx)` says whether it can be paid, the function pays it."""
    return _add(cid, "travel", when=when)


def attachment(cid: str, targets: Callable) -> Callable[[Effect], Effect]:
    """targets(s, ctx) -> list of uids it may be attached to."""
    _def(cid).attach_targets = targets

    def deco(fn: Effect) -> Effect:
        return fn
    return deco


def modifier(cid: str, fn: Callable) -> None:
    _def(cid).modifier = fn


def attached_modifier(cid: str, fn: Callable) -> None:
    _def(cid).attached_modifier = fn


def attached_flags(cid: str, *flags: str) -> None:
    _def(cid).flags_attached = tuple(flags)


HOOKS = ("attack_bonus", "attacks_staging", "icons_attached", "traits_attached", "blocks_draw", "on_reveal",
         "leaves_to", "engage_when", "excess_to_threat", "forced_travel", "cancels_draw", "no_attachments")


def hook(cid: str, **hooks: Any) -> None:
    """Give a card hooks that the core reads (see CardDef): `hook("thalin", on_reveal=fn)`."""
    d = _def(cid)
    for name, value in hooks.items():
        if name not in HOOKS:
            raise ValueError(f"unknown hook {name}")
        setattr(d, name, value)


def cards_in_play_with(s: dict, name: str) -> list[tuple[str, Any]]:
    """(uid, hook) for every card in play that has hook `name`."""
    out = []
    for uid, r in s["inplay"].items():
        d = REGISTRY.get(r["id"])
        if d is not None and getattr(d, name):
            out.append((uid, getattr(d, name)))
    return out


def load_all() -> None:
    """Import every effect module (each registers its cards on import)."""
    from . import anduin, dolguldur, leadership, lore, mirkwood, neutral, spirit, tactics  # noqa: F401
