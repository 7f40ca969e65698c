"""Configuration as code: the organization as a document (export), a plan of a document, its
apply, and the document's JSON Schema (docs/config-as-code.md)."""
from __future__ import annotations

import connexion
from starlette.responses import Response

from handlers import _encode, ok
from runtime import org_document
from store.org_document import api_schemas
from store.org_document import document as documents


def _wants_json() -> bool:
    accept = (connexion.request.headers.get("accept") or "").lower()
    return "application/json" in accept and "yaml" not in accept


def export_organization(caller):
    doc, revision = org_document.export(org_id=caller.org_id)
    if _wants_json():
        return Response(documents.to_json(doc), 200, media_type="application/json",
                        headers={"ETag": revision})
    return Response(documents.to_yaml(doc), 200, media_type="application/yaml",
                    headers={"ETag": revision})


def plan_organization(caller, settings, body, prune=False, deploy=False):
    return ok(org_document.plan(settings=settings, org_id=caller.org_id, body=body,
                                prune=prune, deploy=deploy))


def apply_organization(caller, settings, body, prune=False, deploy=False):
    result = org_document.apply(settings=settings, org_id=caller.org_id, body=body, prune=prune,
                                deploy=deploy,
                                if_match=connexion.request.headers.get("if-match"))
    return Response(_encode(result) + "\n", 200, media_type="application/json",
                    headers={"ETag": result["revision"]})


def get_organization_schema():
    return Response(_encode(api_schemas.published()) + "\n", 200,
                    media_type="application/schema+json")
