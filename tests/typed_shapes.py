"""Whether a JSON value has exactly the shape a type declares, at run time: a TypedDict's keys (every
required one, no other), each value's type, through lists, dicts, unions and literals. It is how the
tests hold each game's action and view TypedDicts to what its engine really builds (mypy checks what
the code says; this checks what it does)."""
from __future__ import annotations

import types
import typing
from functools import cache
from typing import Any, Literal, NotRequired, Required, Union, get_args, get_origin, is_typeddict

from typing_extensions import ReadOnly

_WRAPPERS = (ReadOnly, Required, NotRequired)


def _unwrap(tp: Any) -> tuple[Any, set]:
    """The type inside ReadOnly/Required/NotRequired, and which of them wrapped it."""
    seen = set()
    while get_origin(tp) in _WRAPPERS:
        seen.add(get_origin(tp))
        tp = get_args(tp)[0]
    return tp, seen


@cache
def _fields(td: Any) -> dict[str, tuple[Any, bool]]:
    """{key: (type, required)} of a TypedDict. Python 3.11 does not see a NotRequired inside a ReadOnly
    when it lists `__required_keys__`, so the wrappers of each key's own hint decide when they say."""
    out = {}
    for key, hint in typing.get_type_hints(td, include_extras=True).items():
        tp, wrappers = _unwrap(hint)
        required = (key in td.__required_keys__ if not wrappers & {Required, NotRequired}
                    else Required in wrappers)
        out[key] = (tp, required)
    return out


def mismatches(value: Any, tp: Any, where: str = "") -> list[str]:
    """What in `value` does not fit `tp` ([] when it fits), each as "<path>: <why>"."""
    where = where or "value"
    if tp is Any or tp is object:
        return []
    if tp is None or tp is types.NoneType:
        return [] if value is None else [f"{where}: {value!r} is not None"]
    if is_typeddict(tp):
        return _typed_dict(value, tp, where)
    origin, args = get_origin(tp), get_args(tp)
    if origin in (Union, types.UnionType):
        return _union(value, args, where)
    if origin is Literal:
        return [] if any(value == a and type(value) is type(a) for a in args) else \
            [f"{where}: {value!r} is not one of {args}"]
    if tp is bool:
        return [] if type(value) is bool else [f"{where}: {value!r} is not a bool"]
    if tp is int:
        return [] if type(value) is int else [f"{where}: {value!r} is not an int"]
    if tp is float:
        return [] if type(value) in (int, float) else [f"{where}: {value!r} is not a number"]
    if tp is str:
        return [] if isinstance(value, str) else [f"{where}: {value!r} is not a str"]
    if origin is list or tp is list:
        if not isinstance(value, list):
            return [f"{where}: {type(value).__name__} is not a list"]
        if not args:
            return []
        if args[0] == dict[str, Any]:  # a log of events: every one a JSON object (the common case, fast)
            if all(type(v) is dict and all(type(k) is str for k in v) for v in value):
                return []
        return [m for i, v in enumerate(value) for m in mismatches(v, args[0], f"{where}[{i}]")]
    if origin is dict or tp is dict:
        if not isinstance(value, dict):
            return [f"{where}: {type(value).__name__} is not a dict"]
        if not args:
            return []
        if args == (str, Any):  # a JSON object of any keys (an event): only its keys to check
            return [] if all(isinstance(k, str) for k in value) else [f"{where}: a key is not a str"]
        return [m for k, v in value.items()
                for m in mismatches(k, args[0], f"{where} key {k!r}") + mismatches(v, args[1], f"{where}[{k!r}]")]
    raise TypeError(f"{where}: no run-time check for {tp!r}")


def _typed_dict(value: Any, td: type, where: str) -> list[str]:
    if not isinstance(value, dict):
        return [f"{where}: {type(value).__name__} is not a {td.__name__}"]
    fields = _fields(td)
    out = [f"{where}: key {k!r} is not in {td.__name__}" for k in value if k not in fields]
    out += [f"{where}: {td.__name__} needs {k!r}" for k, (_, req) in fields.items() if req and k not in value]
    for k, (tp, _) in fields.items():
        if k in value:
            out += mismatches(value[k], tp, f"{where}[{k!r}]")
    return out


def _union(value: Any, members: tuple, where: str) -> list[str]:
    """Fits when one member fits. Against a union of actions told apart by their "type", the members
    whose "type" admits the value's are tried (and say why it does not fit), else every member."""
    if isinstance(value, dict) and "type" in value:
        same = [m for m in members if is_typeddict(m) and not mismatches(value["type"], _type_of(m))]
        if same:
            found = [mismatches(value, m, where) for m in same]
            return [] if any(not f for f in found) else [m for f in found for m in f]
    if any(not mismatches(value, m, where) for m in members):
        return []
    others = [m for m in members if m not in (None, types.NoneType)]
    if value is not None and len(others) == 1:  # an optional value: why it is not the one type it may be
        return mismatches(value, others[0], where)
    return [f"{where}: {value!r} fits none of {[getattr(m, '__name__', repr(m)) for m in members]}"]


def _type_of(td: type) -> Any:
    return _fields(td).get("type", (Any, True))[0]
