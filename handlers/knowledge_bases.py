"""Knowledge bases: their documents (uploaded, then chunked and embedded by a job) and
search by meaning."""
from __future__ import annotations

from handlers import created, ok
from jobs import knowledge as knowledge_jobs
from runtime.knowledge import search as knowledge_tools
from store import knowledge


def _base(row):
    return {"knowledge_base": knowledge.to_dict(row)}


def list_knowledge_bases(caller, limit=50, cursor=None):
    rows, following = knowledge.list(org_id=caller.org_id, limit=limit, cursor=cursor)
    return ok({"knowledge_bases": [knowledge.to_dict(r) for r in rows], "next_cursor": following})


def create_knowledge_base(caller, body):
    row = knowledge.create(org_id=caller.org_id, fields=body)
    return created(_base(row), f"/v1/knowledge-bases/{row.id}")


def get_knowledge_base(caller, id):
    return ok(_base(knowledge.get(org_id=caller.org_id, kb_id=id)))


def update_knowledge_base(caller, id, body):
    return ok(_base(knowledge.update(org_id=caller.org_id, kb_id=id, fields=body)))


def delete_knowledge_base(caller, id):
    knowledge.delete(org_id=caller.org_id, kb_id=id)
    return ok({"deleted": id})


def add_document(caller, settings, id, body=None, file=None):
    if file is not None:  # multipart: the file part, its name and type unless given
        data = file.file.read()
        name = ((body or {}).get("name") or file.filename or "document")[:255]
        content_type = (body or {}).get("content_type") or (file.content_type or "").split(";")[0]
    else:
        data = body["content"].encode("utf-8")
        name, content_type = body["name"], body["content_type"]
    row = knowledge.add_document(org_id=caller.org_id, kb_id=id, name=name,
                                 content_type=content_type.strip().lower(), data=data)
    knowledge_jobs.queue_document(settings, org_id=caller.org_id, document_id=row.id)
    return ok({"document": knowledge.document_dict(row)}, 202)


def list_documents(caller, id, limit=50, cursor=None):
    rows, following = knowledge.list_documents(org_id=caller.org_id, kb_id=id, limit=limit,
                                               cursor=cursor)
    return ok({"documents": [knowledge.document_dict(r) for r in rows], "next_cursor": following})


def get_document(caller, id, documentId):
    return ok({"document": knowledge.document_dict(knowledge.get_document(
        org_id=caller.org_id, kb_id=id, document_id=documentId))})


def delete_document(caller, id, documentId):
    knowledge.delete_document(org_id=caller.org_id, kb_id=id, document_id=documentId)
    return ok({"deleted": documentId})


async def _results(search):
    """The answer once the query is embedded and searched (awaited on the server's loop: no
    thread or database connection waits on the embeddings model)."""
    return ok({"results": await search})


def search_knowledge_base(caller, settings, id, q, top_k=5):
    knowledge.get(org_id=caller.org_id, kb_id=id)
    return _results(knowledge_tools.search_async(settings, org_id=caller.org_id, kb_ids=[id],
                                                 query=q, top_k=top_k))
