"""Reading and writing an organization document: YAML or JSON text, the apiVersion check,
validation against the published JSON Schema, the secrets document, the stable text of an
export and the configuration revision."""
from __future__ import annotations

import hashlib
import json
import re

import yaml

from rules import openapi_import
from store.errors import Invalid, TooLarge
from store.org_document import api_schemas

API_VERSION = api_schemas.API_VERSION
_VERSION = re.compile(r"^agent-platform/v(\d+)$")
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_DUMPER = getattr(yaml, "CSafeDumper", yaml.SafeDumper)
PLACEHOLDER = re.compile(r"^\$\{([A-Za-z_][A-Za-z0-9_]*)\}$")


def _texts(body) -> list:
    """The documents of a body: a JSON object or list, or a YAML (or JSON) text holding one
    document or several (`---`)."""
    if isinstance(body, dict):
        return [body]
    if isinstance(body, list):
        return body
    text = body.decode("utf-8", "replace") if isinstance(body, bytes) else str(body or "")
    try:
        openapi_import._check_yaml(text, openapi_import.MAX_NODES)
        docs = [d for d in yaml.load_all(text, Loader=_LOADER) if d is not None]  # noqa: S506
    except RecursionError:
        raise TooLarge("the document is nested too deeply") from None
    except yaml.YAMLError as exc:
        raise Invalid(f"the body is neither JSON nor YAML: {str(exc).splitlines()[0]}",
                      code="document_unreadable") from None
    if len(docs) == 1 and isinstance(docs[0], list):
        return docs[0]
    return docs


def check_version(doc: dict) -> None:
    version = doc.get("apiVersion")
    match = _VERSION.match(version) if isinstance(version, str) else None
    if match and int(match.group(1)) > 1:
        raise Invalid(f"the document is apiVersion {version}; this service reads "
                      f"{API_VERSION} documents only (export it again from a service of the "
                      "same version, or upgrade this one)", code="api_version_unsupported")
    if version != API_VERSION:
        raise Invalid(f"apiVersion must be {API_VERSION} (the document says {version!r})",
                      code="api_version_unsupported")


def parse(body) -> tuple[dict, dict]:
    """(the Organization document, the secrets) of a request body. The body holds one
    `kind: Organization` document, optionally followed by one `kind: Secrets` document
    (`values: {NAME: value}`)."""
    docs = _texts(body)
    org, secrets = None, {}
    for doc in docs:
        if not isinstance(doc, dict):
            raise Invalid("each document of the body must be an object", code="document_invalid")
        if doc.get("kind") == "Secrets":
            check_version(doc)
            values = doc.get("values") or {}
            if not isinstance(values, dict) or not all(
                    isinstance(k, str) and isinstance(v, str) for k, v in values.items()):
                raise Invalid("a Secrets document's `values` maps names to strings",
                              code="document_invalid")
            secrets.update(values)
            continue
        if org is not None:
            raise Invalid("the body holds two Organization documents", code="document_invalid")
        org = doc
    if org is None:
        raise Invalid("the body holds no `kind: Organization` document", code="document_invalid")
    check_version(org)
    if "secrets" in org:  # the JSON form of a request: {..., "secrets": {NAME: value}}
        org = dict(org)
        values = org.pop("secrets") or {}
        if not isinstance(values, dict) or not all(isinstance(v, str) for v in values.values()):
            raise Invalid("`secrets` maps names to strings", code="document_invalid")
        secrets.update(values)
    error = next(iter(sorted(api_schemas.document_validator().iter_errors(org),
                             key=lambda e: list(e.absolute_path))), None)
    if error is not None:
        where = "/".join(str(p) for p in error.absolute_path)
        raise Invalid(f"the document does not match {api_schemas.SCHEMA_ID}"
                      f"{' at ' + where if where else ''}: {error.message}",
                      code="document_invalid")
    return org, secrets


def placeholder(value) -> str | None:
    """The name of a `${NAME}` placeholder, or None for any other value."""
    match = PLACEHOLDER.match(value) if isinstance(value, str) else None
    return match.group(1) if match else None


def placeholder_name(*parts: str) -> str:
    """`WEATHER_API_TOKEN` of ("Weather API", "token")."""
    text = "_".join(parts)
    return re.sub(r"_+", "_", re.sub(r"[^A-Za-z0-9]", "_", text)).strip("_").upper() or "SECRET"


def to_yaml(doc: dict) -> str:
    return yaml.dump(doc, Dumper=_DUMPER, sort_keys=False, allow_unicode=True,
                     default_flow_style=False, width=100)


def to_json(doc: dict) -> str:
    return json.dumps(doc, indent=2, ensure_ascii=False) + "\n"


def revision(doc: dict, secret_digests: list[str]) -> str:
    """The configuration revision (an ETag): a digest of the exported document and of the
    stored secrets (their ciphertexts, so a changed credential is a new revision)."""
    h = hashlib.blake2b(digest_size=16)
    h.update(json.dumps(doc, sort_keys=True, separators=(",", ":"), default=str).encode())
    for item in secret_digests:
        h.update(b"|" + item.encode())
    return '"' + h.hexdigest() + '"'
