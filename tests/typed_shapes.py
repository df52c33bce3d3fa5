"""Whether a JSON value has exactly the shape a type declares, at run time: a TypedDict's keys (every
required one, no other), each value's type, through lists, dicts, unions and literals. It is how the
tests hold each game's action and view TypedDicts to what its engine really builds (mypy checks what
the code says; this checks what it does). Each type is turned once into a checking function."""
from __future__ import annotations

import types
import typing
from collections.abc import Callable
from functools import cache
from typing import Any, Literal, NotRequired, Required, Union, get_args, get_origin, is_typeddict

from typing_extensions import ReadOnly

Check = Callable[[Any, str], list[str]]  # (value, where it is) -> what does not fit, [] when it fits
_WRAPPERS = (ReadOnly, Required, NotRequired)


def mismatches(value: Any, tp: Any, where: str = "value") -> list[str]:
    """What in `value` does not fit `tp` ([] when it fits), each as "<path>: <why>"."""
    return _check(tp)(value, where)


def _fits(value: Any, where: str) -> list[str]:
    return []


def _is(kind: type, name: str) -> Check:
    """Exactly this type: a bool is no int, an int no bool."""
    return lambda value, where: [] if type(value) is kind else [f"{where}: {value!r} is not {name}"]


@cache
def _check(tp: Any) -> Check:
    if tp is Any or tp is object:
        return _fits
    if tp is None or tp is types.NoneType:
        return lambda value, where: [] if value is None else [f"{where}: {value!r} is not None"]
    if is_typeddict(tp):
        return _typed_dict(tp)
    origin, args = get_origin(tp), get_args(tp)
    if origin in (Union, types.UnionType):
        return _union(args)
    if origin is Literal:
        return lambda value, where: ([] if any(value == a and type(value) is type(a) for a in args)
                                     else [f"{where}: {value!r} is not one of {args}"])
    if tp in (bool, int):
        return _is(tp, f"a {tp.__name__}")
    if tp is float:
        return lambda value, where: [] if type(value) in (int, float) else [f"{where}: {value!r} is not a number"]
    if tp is str:
        return _is(str, "a str")
    if origin is list or tp is list:
        return _list(args[0] if args else Any)
    if origin is dict or tp is dict:
        return _dict(*(args or (Any, Any)))
    raise TypeError(f"no run-time check for {tp!r}")


def _list(item_type: Any) -> Check:
    item = _check(item_type)

    def check(value: Any, where: str) -> list[str]:
        if type(value) is not list:
            return [f"{where}: {type(value).__name__} is not a list"]
        if item is _fits:
            return []
        return [m for i, v in enumerate(value) if (found := item(v, f"{where}[{i}]")) for m in found]
    return check


def _dict(key_type: Any, value_type: Any) -> Check:
    key, val = _check(key_type), _check(value_type)

    def check(value: Any, where: str) -> list[str]:
        if type(value) is not dict:
            return [f"{where}: {type(value).__name__} is not a dict"]
        out = []
        for k, v in value.items():
            out += key(k, f"{where} key {k!r}")
            if val is not _fits:
                out += val(v, f"{where}[{k!r}]")
        return out
    return check


def _fields(td: Any) -> dict[str, tuple[Any, bool]]:
    """{key: (type, required)} of a TypedDict. Python 3.11 does not see a NotRequired inside a ReadOnly
    when it lists `__required_keys__`, so the wrappers of each key's own hint decide when they say."""
    out = {}
    for key, hint in typing.get_type_hints(td, include_extras=True).items():
        wrappers = set()
        while get_origin(hint) in _WRAPPERS:
            wrappers.add(get_origin(hint))
            hint = get_args(hint)[0]
        required = (key in td.__required_keys__ if not wrappers & {Required, NotRequired}
                    else Required in wrappers)
        out[key] = (hint, required)
    return out


def _typed_dict(td: Any) -> Check:
    fields = _fields(td)
    required = [k for k, (_, req) in fields.items() if req]
    checks: dict[str, Check] = {}

    def check(value: Any, where: str) -> list[str]:
        if type(value) is not dict:
            return [f"{where}: {type(value).__name__} is not a {td.__name__}"]
        if not checks:  # built on first use: a TypedDict may hold itself (a card's attachments)
            checks.update({k: _check(tp) for k, (tp, _) in fields.items()})
        out = [f"{where}: {td.__name__} needs {k!r}" for k in required if k not in value]
        for k, v in value.items():
            if k not in checks:
                out.append(f"{where}: key {k!r} is not in {td.__name__}")
            else:
                out += checks[k](v, f"{where}[{k!r}]")
        return out
    return check


def _union(members: tuple) -> Check:
    """Fits when one member fits. Against a union of actions told apart by their "type", only the members
    whose "type" admits the value's are tried (and say why it does not fit)."""
    tagged = [(m, _check(_fields(m)["type"][0])) for m in members if is_typeddict(m) and "type" in _fields(m)]
    others = [m for m in members if m not in (None, types.NoneType)]

    def check(value: Any, where: str) -> list[str]:
        if type(value) is dict and "type" in value and tagged:
            same = [m for m, tag in tagged if not tag(value["type"], where)]
            if same:
                found = [_check(m)(value, where) for m in same]
                return [] if any(not f for f in found) else [m for f in found for m in f]
        if any(not _check(m)(value, where) for m in members):
            return []
        if value is not None and len(others) == 1:  # an optional value: why it is not the one type it may be
            return _check(others[0])(value, where)
        return [f"{where}: {value!r} fits none of {[getattr(m, '__name__', repr(m)) for m in members]}"]
    return check
