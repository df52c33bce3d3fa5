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
can be paid). Effects that need a choice ask it with `rules.choose(...)` and continue in a task.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

ANY = None  # an Action usable in every action window
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


REGISTRY: dict[str, CardDef] = {}
QUESTS: dict[str, dict] = {}   # quest card id -> hooks: setup, revealed, can_advance, defeated, enemy_defeated


def quest(cid: str, **hooks) -> None:
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


def _add(cid, kind, **kw):
    def deco(fn):
        _def(cid).abilities.append(Ability(cid, kind, fn, **kw))
        return fn
    return deco


def plain(*cids: str) -> None:
    """Cards with no text of their own (vanilla allies, keyword-only cards): implemented as they are."""
    for c in cids:
        _def(c)


def ally(cid: str):
    _def(cid)

    def deco(fn):
        return fn
    return deco


def event(cid: str, phases=ANY, when=None, distinct_payers=0, x_cost=None):
    return _add(cid, "play", phases=phases, when=when, distinct_payers=distinct_payers, x_cost=x_cost)


def event_response(cid: str, ev: str, when=None, free=False):
    return _add(cid, "play_response", event=ev, when=when, free=free)


def action(cid: str, phases=ANY, when=None, limit=None, limit_player=False, name="main", any_player=False):
    return _add(cid, "action", phases=phases, when=when, limit=limit, limit_player=limit_player, name=name,
                any_player=any_player)


def response(cid: str, ev: str, when=None, limit=None, name="main"):
    return _add(cid, "response", event=ev, when=when, limit=limit, name=name)


def forced(cid: str, ev: str, when=None, name="main"):
    return _add(cid, "forced", event=ev, when=when, name=name)


def when_revealed(cid: str):
    return _add(cid, "when_revealed")


def shadow(cid: str):
    return _add(cid, "shadow")


def travel(cid: str, when=None):
    """A travel cost: `when(s, ctx)` says whether it can be paid, the function pays it."""
    return _add(cid, "travel", when=when)


def attachment(cid: str, targets: Callable):
    """targets(s, ctx) -> list of uids it may be attached to."""
    _def(cid).attach_targets = targets

    def deco(fn=None):
        return fn
    return deco


def modifier(cid: str, fn: Callable) -> None:
    _def(cid).modifier = fn


def attached_modifier(cid: str, fn: Callable) -> None:
    _def(cid).attached_modifier = fn


def attached_flags(cid: str, *flags: str) -> None:
    _def(cid).flags_attached = tuple(flags)


def load_all() -> None:
    """Import every effect module (each registers its cards on import)."""
    from . import leadership, lore, mirkwood, neutral, spirit, tactics  # noqa: F401
