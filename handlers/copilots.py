"""Networks (copilots): CRUD, deploy to staging/prod, rollback and deployment history."""
from __future__ import annotations

from handlers import created, ok
from store import copilots, deployments


def list_copilots(caller, environment=None, source_copilot_id=None, limit=50, cursor=None):
    rows, following = copilots.list(org_id=caller.org_id, environment=environment,
                                    source_copilot_id=source_copilot_id, limit=limit,
                                    cursor=cursor)
    return ok({"copilots": copilots.to_dicts(caller.org_id, rows), "next_cursor": following})


def create_copilot(caller, body):
    row = copilots.create(org_id=caller.org_id, fields=body)
    return created({"copilot": copilots.to_dict(caller.org_id, row)}, f"/v1/copilots/{row.id}")


def get_copilot(caller, id):
    return ok(copilots.view(org_id=caller.org_id, copilot_id=id, user_id=caller.user_id))


def update_copilot(caller, id, body):
    row = copilots.update(org_id=caller.org_id, copilot_id=id, fields=body)
    return ok({"copilot": copilots.to_dict(caller.org_id, row)})


def delete_copilot(caller, id):
    copilots.delete(org_id=caller.org_id, copilot_id=id)
    return None, 204


def deploy_copilot(caller, id, body):
    row, deployment, is_new = deployments.deploy(
        org_id=caller.org_id, copilot_id=id, target=body["target"],
        source=body.get("from", "dev"))
    result = {"copilot": copilots.to_dict(caller.org_id, row),
              "deployment": deployments.to_dict(deployment)}
    return created(result, f"/v1/copilots/{row.id}") if is_new else ok(result)


def rollback_copilot(caller, id, body):
    row, deployment = deployments.rollback(org_id=caller.org_id, copilot_id=id,
                                           target=body["target"])
    return ok({"copilot": copilots.to_dict(caller.org_id, row),
               "deployment": deployments.to_dict(deployment)})


def list_copilot_deployments(caller, id, target=None, limit=50, cursor=None):
    rows, following = deployments.history(org_id=caller.org_id, copilot_id=id, target=target,
                                          limit=limit, cursor=cursor)
    return ok({"deployments": [deployments.to_dict(d) for d in rows], "next_cursor": following})
