"""The property every engine keeps for any input: an action is refused unless it is legal, and trying
it never changes the state it was tried on (the property tests of each game feed it random JSON)."""
from __future__ import annotations

from engine import IllegalAction


def tried(rules, state, player, action) -> list[dict]:
    """Apply `action` to `state` as `player`. Whether refused or accepted, `state` is unchanged; when
    accepted, the action is one of the player's legal actions: those equal to it are returned (none when
    it was refused)."""
    before = rules.dump(state)
    legal = rules.legal_actions(state, player) if isinstance(player, str) else []
    try:
        rules.apply(state, player, action)
        accepted = True
    except IllegalAction:
        accepted = False
    assert rules.dump(state) == before
    if not accepted:
        return []
    same = [a for a in legal if a == action]
    assert same, f"{action!r} was accepted but is not legal"
    return same
