"""An organization as a document: export, plan and apply (docs/config-as-code.md).

One module per kind of object; ``KINDS`` lists them in the order an apply creates and
updates (each kind after those it references); ``DELETES`` the order of deletes (each kind
before those it references). Adding a kind is one module with a ``KIND_OBJECT`` (a
``base.Kind``) and a line in each list.
"""
from __future__ import annotations

from store.org_document import (agents, cors, groups, networks, prompt_blocks, providers,
                                schedules, tools, workflows)

KINDS = (
    providers.KIND_OBJECT,
    tools.KIND_OBJECT,
    prompt_blocks.KIND_OBJECT,
    agents.KIND_OBJECT,
    networks.KIND_OBJECT,
    workflows.KIND_OBJECT,
    schedules.KIND_OBJECT,
    groups.KIND_OBJECT,
    cors.KIND_OBJECT,
)
DELETES = (
    cors.KIND_OBJECT,
    groups.KIND_OBJECT,
    schedules.KIND_OBJECT,
    networks.KIND_OBJECT,  # a network's deletion frees its agents and workflows
    workflows.KIND_OBJECT,
    agents.KIND_OBJECT,
    prompt_blocks.KIND_OBJECT,
    tools.KIND_OBJECT,
    providers.KIND_OBJECT,
)
