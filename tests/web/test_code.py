"""The web layer's code itself: each helper and each presenter shape is defined once (two
copies drift apart: the score page and the score API read the same parameter two ways)."""

from __future__ import annotations

import ast

from adjudicator import config

WEB = config.ROOT / "adjudicator" / "web"


def _definitions() -> list[tuple[str, ast.AST]]:
    out = []
    for path in sorted(WEB.rglob("*.py")):
        name = ".".join(path.relative_to(WEB).with_suffix("").parts)
        out += [(name, node) for node in ast.parse(path.read_text()).body]
    return out


def _twice(keys: dict[object, list[str]]) -> list[list[str]]:
    return [names for names in keys.values() if len(names) > 1]


def test_each_helper_is_defined_once():
    """No two functions of the web layer have the same parameters and the same body."""
    keys: dict[object, list[str]] = {}
    for module, node in _definitions():
        if isinstance(node, ast.FunctionDef):
            body = [s for s in node.body if not (isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant))]
            if len(body) > 1:
                key = (tuple(a.arg for a in node.args.args), ast.dump(ast.Module(body=body, type_ignores=[])))
                keys.setdefault(key, []).append(f"{module}.{node.name}")
    assert not _twice(keys)


def test_each_presenter_shape_is_defined_once():
    """No two dataclasses of the web layer have the same fields (name and type)."""
    keys: dict[object, list[str]] = {}
    for module, node in _definitions():
        if isinstance(node, ast.ClassDef) and node.decorator_list:
            fields = tuple((s.target.id, ast.unparse(s.annotation)) for s in node.body if isinstance(s, ast.AnnAssign))
            if fields:
                keys.setdefault(fields, []).append(f"{module}.{node.name}")
    assert not _twice(keys)
