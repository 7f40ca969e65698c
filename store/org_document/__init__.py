"""An organization as a document: export, plan and apply (docs/config-as-code.md).

One module per kind of object; ``KINDS`` lists them in the order an apply creates and
updates (each kind after those it references); deletes run in the order of each kind's
``delete_order`` (before the kinds it references). Adding a kind (a webhook, say)
is one module with a ``KIND_OBJECT`` (a ``base.Kind``) and one line here.
"""
from __future__ import annotations

from store.org_document import (agents, cors, exposures, groups, networks, prompt_blocks,
                                providers, schedules, tools, workflows)

KINDS = (
    providers.KIND_OBJECT,
    tools.KIND_OBJECT,
    prompt_blocks.KIND_OBJECT,
    agents.KIND_OBJECT,
    networks.KIND_OBJECT,
    workflows.KIND_OBJECT,
    exposures.KIND_OBJECT,
    schedules.KIND_OBJECT,
    groups.KIND_OBJECT,
    cors.KIND_OBJECT,
)
DELETES = tuple(sorted(KINDS, key=lambda kind: kind.delete_order))
