"""MkDocs hooks of the documentation site: README.md becomes the home page (index.md), links
between README.md and docs/ are rewritten to the site's layout, and links to other files of
the repository (outside docs/, not part of the site) become their path in plain text
(tests/docs/test_docs_links.py checks that they resolve).

`python docs_site.py errors` rewrites the table of every error code in docs/errors.md from the
source (see below)."""
from __future__ import annotations

import ast
import re
from pathlib import Path

from mkdocs.structure.files import File

ROOT = Path(__file__).resolve().parent
LINK = re.compile(r"\[([^\]]*)\]\(([^)\s]+)\)")


def on_files(files, config):
    files.append(File.generated(config, "index.md", content=(ROOT / "README.md").read_text()))
    return files


def _site_link(match: re.Match, *, home: bool) -> str:
    label, target = match.groups()
    if re.match(r"[a-z]+:|#", target):
        return match.group(0)
    if home:
        if target.startswith("docs/"):
            return f"[{label}]({target.removeprefix('docs/')})"
        path = target
    else:
        if target.startswith("../README.md"):
            return f"[{label}]({target.replace('../README.md', 'index.md', 1)})"
        if not target.startswith("../"):
            return match.group(0)
        path = target.removeprefix("../")
    return label if label == f"`{path}`" else f"{label} (`{path}`)"


def on_page_markdown(markdown, page, config, files):
    home = page.file.src_uri == "index.md"
    return LINK.sub(lambda m: _site_link(m, home=home), markdown)


# ---- the table of error codes (docs/errors.md), generated from the code ----------------------
#
# `python docs_site.py errors` walks the source (AST, nothing is imported) for every code an
# error answer can carry: the default code of each class of the domain error hierarchy, every
# `code=` given where such an error is raised, and every code server/errors.py answers itself.
# Each code's meaning is written by hand in error_codes.yaml; tests/docs/test_error_codes.py fails
# when docs/errors.md is not what this writes or a code has no meaning.

SOURCE_FLOORS = ("rules", "core", "store", "runtime", "jobs", "handlers", "server")
ERRORS_PAGE = ROOT / "docs" / "errors.md"
MEANINGS = ROOT / "error_codes.yaml"
BEGIN, END = "<!-- errors:begin -->", "<!-- errors:end -->"
_PLACEHOLDER = re.compile(r"\{[^}]*\}")


def _modules() -> dict[str, ast.Module]:
    out = {}
    for floor in SOURCE_FLOORS:
        for path in sorted((ROOT / floor).rglob("*.py")):
            out[path.relative_to(ROOT).as_posix()] = ast.parse(path.read_text(), str(path))
    return out


def _callee(node: ast.AST) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return None


def _error_classes(modules) -> dict[str, dict]:
    """Every subclass of DomainError by class name: its status and default code (inherited)."""
    found = {"DomainError": {"base": None, "status": 500, "code": "internal_error",
                             "path": "rules/errors.py", "code_index": None}}
    defs = {}
    for path, tree in modules.items():
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef) and node.bases:
                fields = {}
                for stmt in node.body:
                    if isinstance(stmt, ast.Assign):
                        names = [t for t in stmt.targets]
                        for target in names:
                            if isinstance(target, ast.Tuple) and isinstance(stmt.value, ast.Tuple):
                                for t, v in zip(target.elts, stmt.value.elts):
                                    if isinstance(t, ast.Name) and isinstance(v, ast.Constant):
                                        fields[t.id] = v.value
                            elif isinstance(target, ast.Name) and isinstance(stmt.value, ast.Constant):
                                fields[target.id] = stmt.value.value
                init = next((f for f in node.body if isinstance(f, ast.FunctionDef)
                             and f.name == "__init__"), None)
                if init is not None:  # where `code` is given by position, if it can be
                    names = [a.arg for a in init.args.posonlyargs + init.args.args][1:]
                    fields["code_index"] = names.index("code") if "code" in names else None
                defs[node.name] = (_callee(node.bases[0]), fields, path)
    changed = True
    while changed:
        changed = False
        for name, (base, fields, path) in defs.items():
            if name not in found and base in found:
                found[name] = {"base": base,
                               "status": fields.get("status", found[base]["status"]),
                               "code": fields.get("code", found[base]["code"]),
                               "own_code": "code" in fields, "path": path,
                               "code_index": fields.get("code_index",
                                                        found[base]["code_index"])}
                changed = True
    found["DomainError"]["own_code"] = True
    return found


def _parents(tree: ast.AST) -> dict:
    parents = {}
    for node in ast.walk(tree):
        for child in ast.iter_child_nodes(node):
            parents[child] = node
    return parents


def _module_constants(modules) -> dict[str, dict[str, str]]:
    out = {}
    for path, tree in modules.items():
        consts = {}
        for stmt in tree.body:
            if (isinstance(stmt, ast.Assign) and isinstance(stmt.value, ast.Constant)
                    and isinstance(stmt.value.value, str)):
                for target in stmt.targets:
                    if isinstance(target, ast.Name):
                        consts[target.id] = stmt.value.value
        out[path.removesuffix(".py").removesuffix("/__init__").replace("/", ".")] = consts
    return out


class _Resolver:
    """The string values an expression can take, where the code says them."""

    def __init__(self, path, tree, constants, calls: dict):
        self.calls = calls  # {function name: [(resolver, call)]} across every module
        self.tree, self.parents, self.constants = tree, _parents(tree), constants
        self.own = constants.get(path.removesuffix(".py").removesuffix("/__init__")
                                 .replace("/", "."), {})
        self.imports = {}
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module:
                for alias in node.names:
                    self.imports[alias.asname or alias.name] = (node.module, alias.name)
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    self.imports[alias.asname or alias.name.split(".")[-1]] = (alias.name, None)

    def values(self, node: ast.AST, depth: int = 0) -> set[str]:
        if depth > 6 or node is None:
            return set()
        if isinstance(node, ast.Constant):
            return {node.value} if isinstance(node.value, str) else set()
        if isinstance(node, ast.IfExp):
            return self.values(node.body, depth + 1) | self.values(node.orelse, depth + 1)
        if isinstance(node, ast.BoolOp):
            return set().union(*(self.values(v, depth + 1) for v in node.values))
        if isinstance(node, ast.JoinedStr):  # a pattern: "duplicate_{what}"
            return {"".join(v.value if isinstance(v, ast.Constant) else "{" + ast.unparse(
                v.value) + "}" for v in node.values)}
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
            module = self.imports.get(node.value.id)
            if module:
                name = module[0] if module[1] is None else f"{module[0]}.{module[1]}"
                value = self.constants.get(name, {}).get(node.attr)
                return {value} if value else set()
            return set()
        if isinstance(node, ast.Name):
            return self._name(node, depth)
        return set()

    def _name(self, node: ast.Name, depth: int) -> set[str]:
        scope = self.parents.get(node)
        while scope is not None and not isinstance(scope, (ast.FunctionDef, ast.AsyncFunctionDef)):
            scope = self.parents.get(scope)
        if scope is not None:
            found = set()
            for sub in ast.walk(scope):
                if isinstance(sub, ast.Assign) and any(
                        isinstance(t, ast.Name) and t.id == node.id for t in sub.targets):
                    found |= self.values(sub.value, depth + 1)
            if found:
                return found
            params = [a.arg for a in scope.args.posonlyargs + scope.args.args]
            if node.id in params + [a.arg for a in scope.args.kwonlyargs]:
                return self._passed(scope.name, node.id, params, depth)
        if node.id in self.own:
            return {self.own[node.id]}
        if node.id in self.imports and self.imports[node.id][1]:
            module, name = self.imports[node.id]
            value = self.constants.get(module, {}).get(name)
            return {value} if value else set()
        return set()


    def _passed(self, function: str, param: str, params: list[str], depth: int) -> set[str]:
        """A parameter: the values the module's own calls of its function pass for it."""
        found = set()
        for other, call in self.calls.get(function, ()):
            given = next((k.value for k in call.keywords if k.arg == param), None)
            index = params.index(param) if param in params else -1
            if given is None and 0 <= index < len(call.args):
                given = call.args[index]
            found |= other.values(given, depth + 1)
        return found


def collect_error_codes(unresolved: list | None = None) -> dict[str, dict]:
    """{code: {"answers": {(status, class)}, "where": {paths}}} for every code found in the
    source. A code written as a pattern (`f"{what}_not_found"`) is listed with its
    placeholders. A `code=` whose value the walk cannot tell is appended to `unresolved` as
    "path:line: expression" (passing on another error's `.code` is not counted)."""
    modules = _modules()
    classes = _error_classes(modules)
    constants = _module_constants(modules)
    codes: dict[str, dict] = {}

    def add(code, status, cls, path):
        entry = codes.setdefault(code, {"answers": set(), "where": set()})
        entry["answers"].add((status, cls))
        entry["where"].add(path)

    for name, info in classes.items():
        if info["own_code"]:
            add(info["code"], info["status"], name, info["path"])
    calls: dict[str, list] = {}
    resolvers = {path: _Resolver(path, tree, constants, calls) for path, tree in modules.items()}
    for path, tree in modules.items():
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and _callee(node.func):
                calls.setdefault(_callee(node.func), []).append((resolvers[path], node))
    for path, tree in modules.items():
        resolver = resolvers[path]
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            name = _callee(node.func)
            given = next((k.value for k in node.keywords if k.arg == "code"), None)
            if name in classes:
                index = classes[name]["code_index"]
                if given is None and index is not None and len(node.args) > index:
                    given = node.args[index]
                found = resolver.values(given) if given is not None else set()
                for code in found:
                    add(code, classes[name]["status"], name, path)
                if given is not None and not found and unresolved is not None and not (
                        isinstance(given, ast.Attribute) and given.attr == "code"):
                    unresolved.append(f"{path}:{node.lineno}: {ast.unparse(given)}")
            elif name == "problem" and path.startswith("server/"):
                status = node.args[0] if node.args else None
                given = given or (node.args[2] if len(node.args) > 2 else None)
                if isinstance(status, ast.Constant) and given is not None:
                    for code in resolver.values(given):
                        add(code, status.value, "problem()", path)
        if path == "server/errors.py":
            for node in tree.body:
                if (isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name)
                        and node.targets[0].id == "_CODES"):
                    for key, value in zip(node.value.keys, node.value.values):
                        add(value.value, key.value, "problem()", path)
    return codes


def _meanings() -> dict:
    import yaml
    return yaml.safe_load(MEANINGS.read_text())


def error_table(codes: dict | None = None, meanings: dict | None = None) -> tuple[str, list[str]]:
    """The table's markdown and the problems of error_codes.yaml: codes (or patterns) of the
    source without a meaning, and meanings of codes the source no longer has."""
    codes = collect_error_codes() if codes is None else codes
    meanings = _meanings() if meanings is None else meanings
    patterns = meanings.get("patterns", {})
    rows, missing = {}, []
    for code, info in codes.items():
        concrete = patterns.get(code, {}) if _PLACEHOLDER.search(code) else {code: None}
        if _PLACEHOLDER.search(code) and not concrete:
            missing.append(code)
        for one in concrete:
            meaning = meanings["codes"].get(one)
            if not meaning:
                missing.append(one)
                continue
            rows[one] = (sorted(info["answers"]), meaning)
    missing += [f"{code} (not in the source)" for code in meanings["codes"] if code not in rows]
    lines = ["| code | status | raised as | meaning |", "|---|---|---|---|"]
    for code, (answers, meaning) in sorted(rows.items(), key=lambda r: (r[1][0][0][0], r[0])):
        statuses = ", ".join(dict.fromkeys(str(status) for status, _ in answers))
        names = ", ".join(dict.fromkeys(f"`{cls}`" for _, cls in answers))
        lines.append(f"| `{code}` | {statuses} | {names} | {meaning} |")
    return "\n".join(lines), sorted(set(missing))


def render_errors_page(page: str, table: str) -> str:
    head, _, rest = page.partition(BEGIN)
    _, _, tail = rest.partition(END)
    return f"{head}{BEGIN}\n{table}\n{END}{tail}"


def _main(argv: list[str]) -> int:
    if argv[:1] != ["errors"]:
        print("usage: python docs_site.py errors   (rewrites the table of docs/errors.md)")
        return 2
    table, missing = error_table()
    if missing:
        print("error_codes.yaml: no meaning for " + ", ".join(missing))
        return 1
    ERRORS_PAGE.write_text(render_errors_page(ERRORS_PAGE.read_text(), table))
    print(f"{ERRORS_PAGE.relative_to(ROOT)}: {table.count(chr(10)) - 1} codes")
    return 0


if __name__ == "__main__":
    import sys
    raise SystemExit(_main(sys.argv[1:]))
