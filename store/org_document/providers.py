"""Tool providers in a document. Every credential (auth credentials, an oauth2 client
secret, MCP headers, a stdio server's environment and secret arguments) is a `${NAME}`
placeholder: an export writes names, never values; a plan or an apply takes the values from
the secrets, and keeps a value the instance already stores when none is given."""
from __future__ import annotations

from rules.provider_auth import AUTH_TYPES
from store import providers as provider_store
from store import scope
from store.models import Tool, ToolProvider
from store.org_document.base import MISSING, Context, Kind, Problem, diff, ordered
from store.org_document.document import placeholder, placeholder_name

KIND = "tool provider"
ORDER = ("name", "type", "description", "base_url", "auth", "mcp",
         "send_credentials_to_user_base_url", "tools")
CLIENT_SECRET = provider_store.CLIENT_SECRET


def _secret_paths(item: dict) -> list[tuple[str, ...]]:
    """The paths of the secret fields of a document item."""
    paths = []
    auth = item.get("auth") or {}
    creds = AUTH_TYPES.get(auth.get("type", "none"), ((), ()))[1]
    paths += [("auth", f) for f in [*creds, CLIENT_SECRET] if f in auth]
    mcp = item.get("mcp") or {}
    paths += [("mcp", "headers", h) for h in (mcp.get("headers") or {})]
    paths += [("mcp", "env", e) for e in (mcp.get("env") or {})]
    paths += [("mcp", "args", str(i)) for i, a in enumerate(mcp.get("args") or [])
              if placeholder(a)]
    return paths


def _get(item: dict, path) -> object:
    node = item
    for part in path:
        if isinstance(node, list):
            node = node[int(part)] if int(part) < len(node) else MISSING
        elif isinstance(node, dict):
            node = node.get(part, MISSING)
        else:
            return MISSING
    return node


def _stored(secrets: dict, path) -> str | None:
    if path[0] == "auth":
        return (secrets[CLIENT_SECRET] if path[1] == CLIENT_SECRET
                else secrets["credentials"].get(path[1]))
    if path[1] == "headers":
        return secrets["headers"].get(path[2])
    if path[1] == "env":
        return secrets["env"].get(path[2])
    return (secrets.get("args") or {}).get(path[2])


class Providers(Kind):
    name = KIND
    delete_order = 80
    skip_fields = ("tools",)

    def read(self, ctx: Context) -> dict:
        rows = [*scope.scoped(ToolProvider, ctx.org_id).order_by(ToolProvider.name)]
        ctx.cache["provider_rows"] = {r.name: r for r in rows}
        ctx.cache["provider_types"] = {r.id: r.type for r in rows}
        out = {}
        for row in rows:
            secrets = provider_store.secrets_of(row)
            auth = dict(row.auth or {"type": "none"})
            for field in secrets["credentials"]:
                auth[field] = "${%s}" % placeholder_name(row.name, field)
            if secrets[CLIENT_SECRET]:
                auth[CLIENT_SECRET] = "${%s}" % placeholder_name(row.name, CLIENT_SECRET)
            item = {"name": row.name, "type": row.type, "description": row.description}
            if row.type == "api":
                item["base_url"] = row.base_url
            item["auth"] = auth
            if row.type == "mcp":
                item["mcp"] = self._mcp(row, secrets)
            else:
                item["send_credentials_to_user_base_url"] = bool(
                    row.send_credentials_to_user_base_url)
                item["tools"] = []
            out[row.name] = (row.id, item)
        return out

    @staticmethod
    def _mcp(row: ToolProvider, secrets: dict) -> dict:
        mcp = {k: v for k, v in (row.mcp or {}).items() if k != "secret_args"}
        if secrets["headers"]:
            mcp["headers"] = {h: "${%s}" % placeholder_name(row.name, "header", h)
                              for h in sorted(secrets["headers"])}
        if mcp.get("transport") == "stdio":
            hidden = set((row.mcp or {}).get("secret_args") or ())
            mcp["args"] = ["${%s}" % placeholder_name(row.name, "arg", str(i)) if i in hidden
                           else a for i, a in enumerate(mcp.get("args") or [])]
            if secrets["env"]:
                mcp["env"] = {e: "${%s}" % placeholder_name(row.name, "env", e)
                              for e in sorted(secrets["env"])}
        return mcp

    def desired(self, spec: dict) -> list[dict]:
        return spec.get("tool_providers") or []

    def normalize(self, item: dict) -> dict:
        out = {"description": None, "auth": {"type": "none"}, **item}
        out["auth"] = {"type": "none", **(out.get("auth") or {})}
        if out["type"] == "api":
            out.setdefault("base_url", None)
            out.setdefault("send_credentials_to_user_base_url", False)
            out["tools"] = out.get("tools") or []
        else:
            out["mcp"] = {"transport": "streamable_http", **(out.get("mcp") or {})}
        return ordered(out, ORDER)

    def place(self, spec: dict, items: list[dict]) -> None:
        spec["tool_providers"] = items

    # --- secrets ------------------------------------------------------------------------

    def secret_state(self, ctx: Context, name: str, item: dict) -> list[dict]:
        """Each secret field of a document item: {path, placeholder, value (None when not
        given), stored (the instance's value or None)}."""
        row = ctx.cache.get("provider_rows", {}).get(name)
        stored = provider_store.secrets_of(row) if row is not None else None
        out = []
        for path in _secret_paths(item):
            written = _get(item, path)
            ref = placeholder(written)
            value = ctx.secrets.get(ref) if ref else written
            out.append({"path": path, "placeholder": ref, "value": value,
                        "stored": _stored(stored, path) if stored else None})
        return out

    def placeholders(self, ctx: Context, name: str, item: dict) -> list[dict]:
        out = []
        for s in self.secret_state(ctx, name, item):
            if s["placeholder"]:
                status = ("supplied" if s["value"] is not None else
                          "stored" if s["stored"] is not None else "missing")
                out.append({"name": s["placeholder"], "kind": KIND, "object": name,
                            "field": ".".join(s["path"]), "status": status})
        return out

    def check(self, ctx: Context, items: dict) -> list[Problem]:
        problems = []
        for name, item in items.items():
            current = ctx.current.get(KIND, {}).get(name)
            if current and current["type"] != item["type"]:
                problems.append(Problem(KIND, name, "provider_type_changed",
                                        f"the provider is {current['type']} here; a provider's "
                                        "type cannot change (rename it to make a new one)",
                                        "type"))
            if item["type"] == "mcp" and item.get("tools"):
                problems.append(Problem(KIND, name, "provider_not_api",
                                        "tools of an mcp provider are discovered from its "
                                        "server, not listed", "tools"))
            for s in self.secret_state(ctx, name, item):
                if s["value"] is None and s["stored"] is None:
                    problems.append(Problem(KIND, name, "placeholder_missing",
                                            f"no value for the placeholder ${{{s['placeholder']}}}"
                                            " (give it in the secrets)", ".".join(s["path"])))
        return problems

    def compare(self, ctx: Context, old: dict, new: dict) -> list[dict]:
        paths = _secret_paths(new) + _secret_paths(old)
        plain_old, plain_new = _without(old, paths), _without(new, paths)
        changes = diff(plain_old, plain_new, skip=self.skip_fields)
        name = new["name"]
        for s in self.secret_state(ctx, name, new):
            if s["value"] is not None and s["value"] != s["stored"]:
                changes.append({"field": ".".join(s["path"]), "secret": True})
        return changes

    # --- writing ----------------------------------------------------------------------------

    def _fields(self, ctx: Context, name: str, item: dict, check_only: bool = False) -> dict:
        """The API request body of item, each secret resolved (the stored value when the
        document gives none; for a check, a stand-in)."""
        fields = {k: v for k, v in item.items() if k != "tools"}
        fields["auth"] = dict(fields.get("auth") or {"type": "none"})
        if "mcp" in fields:
            fields["mcp"] = dict(fields["mcp"])
            for key in ("headers", "env"):
                if key in fields["mcp"]:
                    fields["mcp"][key] = dict(fields["mcp"][key])
            if "args" in fields["mcp"]:
                fields["mcp"]["args"] = [a for a in fields["mcp"]["args"]]
        for s in self.secret_state(ctx, name, item):
            value = s["value"] if s["value"] is not None else s["stored"]
            if value is None:
                value = "unset" if check_only else None
            path = s["path"]
            if path[0] == "auth":
                fields["auth"][path[1]] = value
            elif path[1] == "args":
                fields["mcp"]["args"][int(path[2])] = {"value": value, "secret": True}
            else:
                fields["mcp"][path[1]][path[2]] = value
        return fields

    def write(self, ctx: Context, name: str, old: dict | None, new: dict | None) -> None:
        stdio = bool(getattr(ctx.settings, "mcp_stdio_enabled", False))
        if new is None:
            provider_id = ctx.id_of(KIND, name)
            ctx.tool_ids.update(t for t, in scope.scoped(Tool, ctx.org_id, Tool.id)
                                .where(Tool.provider == provider_id).tuples())
            provider_store.delete(org_id=ctx.org_id, provider_id=provider_id)
            ctx.provider_ids.add(provider_id)
            ctx.ids[KIND].pop(name, None)
            return
        fields = self._fields(ctx, name, new)
        if old is None:
            row = provider_store.create(org_id=ctx.org_id, fields=fields, stdio_enabled=stdio)
            ctx.ids.setdefault(KIND, {})[name] = row.id
        else:
            fields.pop("type", None)
            row, _ = provider_store.update(org_id=ctx.org_id, provider_id=ctx.id_of(KIND, name),
                                           fields=fields, stdio_enabled=stdio)
        ctx.cache.setdefault("provider_types", {})[row.id] = row.type
        ctx.provider_ids.add(row.id)
        if row.type == "mcp":
            ctx.sync_provider_ids.add(row.id)


def _without(item: dict, paths) -> dict:
    """item without its secret fields (compared on their own)."""
    out = {k: (dict(v) if isinstance(v, dict) else v) for k, v in item.items()}
    for path in paths:
        node = out
        for part in path[:-1]:
            if isinstance(node, dict):
                node[part] = (dict(node[part]) if isinstance(node.get(part), dict)
                              else list(node[part]) if isinstance(node.get(part), list)
                              else node.get(part))
                node = node[part]
            elif isinstance(node, list) and int(part) < len(node):
                node = node[int(part)]
        if isinstance(node, dict):
            node.pop(path[-1], None)
        elif isinstance(node, list) and int(path[-1]) < len(node):
            node[int(path[-1])] = "(secret)"
    return out


KIND_OBJECT = Providers()
