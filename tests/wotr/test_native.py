"""The compiled copy of the War of the Ring rules (ai/wotr_build.py, chosen by ai/wotr_playout.py) plays
exactly the games of the pure engine: same lists, groups, draws, events and states. The comparisons run
only when the copy is built (`python -m ai.twin_build`); the stamp and the copy's renaming always run."""
import random
import sys

import pytest

from ai import wotr_build, wotr_playout
from ai import wotr_playout_rules as pure
from ai.wotr_playout_rules import ARMY_TYPES
from tests.wotr.helpers import R

native = wotr_playout.native
built = pytest.mark.skipif(native is None, reason="the compiled War of the Ring copy is not built from the "
                                                  "current source (python -m ai.twin_build)")


def _groups(s, without=frozenset()):
    return {t: list(g) for t, g in pure.by_type(s, without).items()}


def _native_groups(s, without=frozenset()):
    return {t: list(g) for t, g in native.by_type(s, without).items()}


def _play_both(players, seed, policy):
    """A seeded game played by random_pick through both playouts side by side, everything compared."""
    new = R.new_game(players, {}, seed)
    p, n = pure.start(new), native.start(new)
    draws_p, draws_n = random.Random(seed), random.Random(seed)
    without = ARMY_TYPES if policy == "quest" else frozenset()       # the lists each policy draws from
    steps = 0
    while pure.to_play(p):
        assert native.to_play(n) == pure.to_play(p)
        assert native.legal(n, without) == pure.legal(p, without)
        assert _native_groups(n, without) == _groups(p, without)
        a = pure.random_pick(draws_p, p, policy)
        assert native.random_pick(draws_n, n, policy) == a
        assert native.step(n, a) == pure.step(p, a)
        assert n == p
        steps += 1
    assert native.to_play(n) is None and n["result"] == p["result"] is not None
    assert draws_n.getstate() == draws_p.getstate()
    return steps


@built
@pytest.mark.parametrize("players,seed,policy", [
    (["fp", "sh"], 0, "quest"), (["fp", "sh"], 1, "quest"), (["fp", "sh"], 2, "quest"),
    (["fp", "sh"], 0, "type"), (["fp", "sh"], 4, "type"), (["fp", "sh"], 2, "uniform"),
    (["a", "b", "c"], 4, "type"),            # a team game: the seats filter the lists
])
def test_the_compiled_playout_plays_the_same_games_as_the_pure_one(players, seed, policy):
    assert _play_both(players, seed, policy) > 100


@built
@pytest.mark.skipif("tests.wotr.native_plugin" in sys.modules, reason="the suite runs on the compiled copy")
def test_the_compiled_playout_is_the_compiled_copy_and_the_kernel_keeps_the_pure_rules():
    assert wotr_playout.playout is native and native.__file__.endswith((".so", ".pyd"))
    assert native.__name__ == "ai._wotr_native.playout"
    assert R.legal_actions.__module__ == "engine.wotr.listing"


@built
def test_the_selector_falls_back_to_the_pure_rules_when_the_stamp_does_not_match(monkeypatch):
    assert wotr_playout._native() is native
    monkeypatch.setattr(wotr_playout, "source_hash", lambda: "0" * 64)     # as after editing a rule
    assert wotr_playout._native() is None


def test_the_stamp_changes_when_any_rules_file_changes(tmp_path, monkeypatch):
    copies = {}
    for name, path in wotr_playout.sources().items():
        copies[name] = tmp_path / "engine" / name if name != "playout.py" else tmp_path / "playout_rules.py"
        copies[name].parent.mkdir(parents=True, exist_ok=True)
        copies[name].write_bytes(path.read_bytes())
    monkeypatch.setattr(wotr_playout, "SOURCE", tmp_path / "engine")
    monkeypatch.setattr(wotr_playout, "PLAYOUT", copies["playout.py"])
    assert wotr_playout.source_hash() == (stamp := wotr_playout.source_hash())
    for name in ("coast.py", "__init__.py", "cards/effects.py", "playout.py"):
        copies[name].write_bytes(copies[name].read_bytes() + b"\n# edited\n")
        assert wotr_playout.source_hash() != stamp
        stamp = wotr_playout.source_hash()


def test_the_copy_is_every_rules_module_and_the_playout_but_the_package_importing_only_itself(tmp_path):
    package = wotr_build._copy(tmp_path)
    sources = set(wotr_playout.sources()) - {"__init__.py"}
    copied = {p.relative_to(package).as_posix() for p in package.rglob("*.py")}
    assert copied == sources and {"playout.py", "cards/__init__.py", "cards/effects.py"} <= copied
    assert set(wotr_build.COMPILED) <= {name[:-3] for name in sources}
    for path in package.rglob("*.py"):
        imports = [line for line in path.read_text().splitlines() if "engine.wotr" in line]
        assert not [line for line in imports if line.lstrip().startswith(("from ", "import "))], path.name


def test_quest_order_keys_tell_every_typed_listing_apart():
    """random_pick finds the quest order of a listing by its decision's kind and side (not by id(): compiled
    code re-boxes tuples): one key for each of the four typed listings."""
    assert len(pure._QUEST_ORDER) == 4
