"""The actions a seat may take, worked out from its view alone (the view is all a player gets)."""
from __future__ import annotations

from collections.abc import Sequence

from engine.confrontation import sampler, search, setup
from engine.confrontation.action_types import ConfrontationAction
from engine.kernel import Rng


def confrontation_legal(view: dict) -> Sequence[ConfrontationAction]:
    """The legal actions of the viewer in The Confrontation, shuffles left out.

    During play they are read off any state sampled from the view: the sampler guarantees the viewer's
    legal actions are the same in every sample (tests/ai/test_sampler.py). Before play they follow
    from the view's own fields."""
    me, kind = view["you"], view["decision"]["kind"]
    if me not in view["decision"]["sides"]:
        return []
    if view["phase"] == "play":
        return search.legal(sampler.sample(view, Rng(0)), me)
    if kind == "choose_specials":
        return setup.special_choices(me)
    if kind == "announce_specials":
        return [{"type": "announce_specials", "count": n} for n in range(5)]
    if kind == "draft":
        return setup.draft_choices(me)
    if kind == "setup":
        return setup.Placements(me, view["to_place"])
    raise ValueError(f"no choices known for a {kind} decision")
