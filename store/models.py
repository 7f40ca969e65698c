"""Peewee models of the current schema. Migrations in store/migrations create and evolve them."""
from __future__ import annotations

import peewee

from core.db import database, new_id, utcnow


class BaseModel(peewee.Model):
    class Meta:
        database = database
        legacy_table_names = False


class Organization(BaseModel):
    id = peewee.CharField(max_length=36, primary_key=True, default=new_id)
    name = peewee.CharField(max_length=200)
    created_at = peewee.DateTimeField(default=utcnow)


class OrgOwned(BaseModel):
    """Base of every org-owned table: the org column that store.scope filters on."""

    org = peewee.ForeignKeyField(Organization, column_name="org_id", on_delete="CASCADE")


class ApiKey(OrgOwned):
    id = peewee.CharField(max_length=36, primary_key=True, default=new_id)
    name = peewee.CharField(max_length=200, default="default")
    prefix = peewee.CharField(max_length=16)
    key_hash = peewee.CharField(max_length=64, unique=True)
    created_at = peewee.DateTimeField(default=utcnow)
    last_used_at = peewee.DateTimeField(null=True)
    revoked_at = peewee.DateTimeField(null=True)


class Group(OrgOwned):
    id = peewee.CharField(max_length=36, primary_key=True, default=new_id)
    group_id = peewee.CharField(max_length=200)
    name = peewee.CharField(max_length=200)
    is_default = peewee.BooleanField(default=False)
    created_at = peewee.DateTimeField(default=utcnow)
    spend_cap_usd = peewee.DecimalField(max_digits=20, decimal_places=6, null=True)
    updated_at = peewee.DateTimeField(null=True)

    class Meta:
        indexes = ((("org", "group_id"), True),)


class ToolProvider(OrgOwned):
    """A source of tools: `api` (tools made by hand) or `mcp` (tools discovered from a server).

    `auth` holds the non-secret part of the auth config (type, header/query name, OAuth URLs,
    client id, scopes); every secret value (tokens, passwords, client secrets, MCP headers)
    lives encrypted in `secrets` (core.crypto) and is never returned.
    """

    id = peewee.CharField(max_length=36, primary_key=True, default=new_id)
    name = peewee.CharField(max_length=200)
    type = peewee.CharField(max_length=8)
    description = peewee.TextField(null=True)
    base_url = peewee.TextField(null=True)
    auth = peewee.JSONField(default=dict)
    mcp = peewee.JSONField(null=True)
    secrets = peewee.TextField(null=True)
    send_credentials_to_user_base_url = peewee.BooleanField(default=False)
    created_at = peewee.DateTimeField(default=utcnow)
    updated_at = peewee.DateTimeField(default=utcnow)

    class Meta:
        indexes = ((("org", "name"), True),)


# --- identity: end users, credentials vault, sessions, spend, limits, experiments -------------


class AppUser(OrgOwned):
    """An end user of an org, named by the customer's `user_id` (unique per org)."""

    id = peewee.CharField(max_length=36, primary_key=True, default=new_id)
    user_id = peewee.CharField(max_length=200)
    display_name = peewee.CharField(max_length=200, null=True)
    group = peewee.ForeignKeyField(Group, column_name="group_pk", null=True, on_delete="SET NULL")
    created_at = peewee.DateTimeField(default=utcnow)
    updated_at = peewee.DateTimeField(default=utcnow)

    class Meta:
        table_name = "app_user"
        indexes = ((("org", "user_id"), True),)


class UserCredential(OrgOwned):
    """One tools_auth entry of a user for one provider; `secret` is encrypted (core.crypto)."""

    id = peewee.CharField(max_length=36, primary_key=True, default=new_id)
    app_user = peewee.ForeignKeyField(AppUser, column_name="app_user_id", on_delete="CASCADE")
    provider = peewee.ForeignKeyField(ToolProvider, column_name="provider_id", on_delete="CASCADE")
    secret = peewee.TextField()
    created_at = peewee.DateTimeField(default=utcnow)
    updated_at = peewee.DateTimeField(default=utcnow)

    class Meta:
        indexes = ((("app_user", "provider"), True),)


class UserSession(OrgOwned):
    """A browser session minted by an API key for one user, billed to one group."""

    id = peewee.CharField(max_length=32, primary_key=True)
    api_key = peewee.ForeignKeyField(ApiKey, column_name="api_key_id", on_delete="CASCADE")
    app_user = peewee.ForeignKeyField(AppUser, column_name="app_user_id", on_delete="CASCADE")
    user_id = peewee.CharField(max_length=200)
    group = peewee.ForeignKeyField(Group, column_name="group_pk", on_delete="CASCADE")
    group_id = peewee.CharField(max_length=200)
    refresh_generation = peewee.IntegerField(default=0)
    created_at = peewee.DateTimeField(default=utcnow)
    refreshed_at = peewee.DateTimeField(null=True)
    revoked_at = peewee.DateTimeField(null=True)


class SpendEntry(OrgOwned):
    """One run's cost, billed to a group in a calendar month (UTC)."""

    id = peewee.CharField(max_length=36, primary_key=True, default=new_id)
    group = peewee.ForeignKeyField(Group, column_name="group_pk", on_delete="CASCADE")
    month = peewee.CharField(max_length=7)
    user_id = peewee.CharField(max_length=200, null=True)
    run_id = peewee.CharField(max_length=64, null=True)
    model = peewee.CharField(max_length=200, null=True)
    input_tokens = peewee.BigIntegerField(default=0)
    output_tokens = peewee.BigIntegerField(default=0)
    amount_micro_usd = peewee.BigIntegerField()
    created_at = peewee.DateTimeField(default=utcnow)

    class Meta:
        table_name = "spend_entry"
        indexes = ((("group", "month"), False), (("org", "created_at"), False))


class GroupSpend(OrgOwned):
    """Running total of a group's spend per month (kept with each SpendEntry)."""

    group = peewee.ForeignKeyField(Group, column_name="group_pk", on_delete="CASCADE")
    month = peewee.CharField(max_length=7)
    amount_micro_usd = peewee.BigIntegerField(default=0)

    class Meta:
        primary_key = peewee.CompositeKey("group", "month")


class UsageCounter(OrgOwned):
    """A usage counter of an org for one window (e.g. `rate:<minute>`, `runs:<month>`)."""

    name = peewee.CharField(max_length=64)
    count = peewee.BigIntegerField(default=0)

    class Meta:
        primary_key = peewee.CompositeKey("org", "name")


class OrgLimits(BaseModel):
    """Admin overrides of an org's usage limits (null: the setting applies; 0: unlimited)."""

    org = peewee.ForeignKeyField(Organization, column_name="org_id", primary_key=True,
                                 on_delete="CASCADE")
    requests_per_minute = peewee.IntegerField(null=True)
    runs_per_month = peewee.IntegerField(null=True)
    turns_in_flight = peewee.IntegerField(null=True)
    updated_at = peewee.DateTimeField(default=utcnow)


class ExperimentAssignment(OrgOwned):
    """The variant of a named experiment a user is assigned to (sticky)."""

    id = peewee.CharField(max_length=36, primary_key=True, default=new_id)
    experiment = peewee.CharField(max_length=200)
    user_id = peewee.CharField(max_length=200)
    variant = peewee.CharField(max_length=200)
    created_at = peewee.DateTimeField(default=utcnow)
    updated_at = peewee.DateTimeField(default=utcnow)

    class Meta:
        indexes = ((("org", "experiment", "user_id"), True),)


# --- tools: tools, MCP state, agents and versions, registry -------------------------------


class Tool(OrgOwned):
    """A callable tool of a provider. Unique within its provider: name, (method, path) and
    operation_id (NULLs do not clash). Tools of an mcp provider are discovered, not made."""

    id = peewee.CharField(max_length=36, primary_key=True, default=new_id)
    provider = peewee.ForeignKeyField(ToolProvider, column_name="tool_provider_id",
                                      object_id_name="provider_id", on_delete="CASCADE")
    name = peewee.CharField(max_length=255)
    description = peewee.TextField(null=True)
    method = peewee.CharField(max_length=8, default="GET")
    path = peewee.TextField()
    input_schema = peewee.JSONField(null=True)
    output_schema = peewee.JSONField(null=True)
    timeout_ms = peewee.IntegerField(null=True)
    is_enabled = peewee.BooleanField(default=True)
    operation_id = peewee.CharField(max_length=255, null=True)
    tags = peewee.JSONField(null=True)
    deprecated = peewee.BooleanField(null=True)
    requires_approval = peewee.BooleanField(default=False)
    approval_timeout_s = peewee.IntegerField(null=True)
    created_at = peewee.DateTimeField(default=utcnow)
    updated_at = peewee.DateTimeField(default=utcnow)

    class Meta:
        indexes = (
            (("provider", "name"), True),
            (("provider", "method", "path"), True),
            (("provider", "operation_id"), True),
            (("org", "created_at"), False),
        )


class McpState(OrgOwned):
    """The last discovery of an mcp provider: ok or failed (with a reason), and a digest of
    the tool list so that an unchanged list causes no rebuild."""

    provider = peewee.ForeignKeyField(ToolProvider, column_name="tool_provider_id",
                                      object_id_name="provider_id", primary_key=True,
                                      on_delete="CASCADE")
    status = peewee.CharField(max_length=8)
    error = peewee.TextField(null=True)
    tools_digest = peewee.CharField(max_length=64, null=True)
    checked_at = peewee.DateTimeField(default=utcnow)


class Agent(OrgOwned):
    """An agent: its current version, and its last build (the last good runtime is kept)."""

    id = peewee.CharField(max_length=36, primary_key=True, default=new_id)
    name = peewee.CharField(max_length=200)
    current_version_id = peewee.CharField(max_length=36, null=True)
    version = peewee.IntegerField(default=1)
    build_status = peewee.CharField(max_length=8, default="pending")
    build_error = peewee.TextField(null=True)
    build_version_id = peewee.CharField(max_length=36, null=True)
    runtime_id = peewee.CharField(max_length=64, null=True)
    runtime_version_id = peewee.CharField(max_length=36, null=True)
    runtime = peewee.JSONField(null=True)
    built_at = peewee.DateTimeField(null=True)
    created_at = peewee.DateTimeField(default=utcnow)
    updated_at = peewee.DateTimeField(default=utcnow)


class AgentVersion(OrgOwned):
    """An immutable snapshot of an agent's configuration."""

    id = peewee.CharField(max_length=36, primary_key=True, default=new_id)
    agent = peewee.ForeignKeyField(Agent, column_name="agent_id", on_delete="CASCADE")
    version = peewee.IntegerField()
    name = peewee.CharField(max_length=200)
    description = peewee.TextField(null=True)
    instructions = peewee.TextField(null=True)
    model = peewee.JSONField()
    tool_ids = peewee.JSONField()
    tool_provider_ids = peewee.JSONField()
    max_steps = peewee.IntegerField()
    memory = peewee.BooleanField(default=False)
    approval_tool_ids = peewee.JSONField(null=True)
    knowledge_base_ids = peewee.JSONField(null=True)  # searched by search_knowledge
    created_at = peewee.DateTimeField(default=utcnow)

    class Meta:
        indexes = ((("agent", "version"), True),)


class AgentDependency(OrgOwned):
    """What an agent's current version depends on: a tool (`tool`) or a whole provider
    (`provider`). Indexed so that a change finds its dependents without scanning agents."""

    agent = peewee.ForeignKeyField(Agent, column_name="agent_id", on_delete="CASCADE")
    kind = peewee.CharField(max_length=8)
    ref_id = peewee.CharField(max_length=36)

    class Meta:
        indexes = (
            (("org", "kind", "ref_id"), False),
            (("agent", "kind", "ref_id"), True),
        )


class RegistryVersion(BaseModel):
    """Per-org registry version: bumped by every reload; processes compare it on next use."""

    org = peewee.ForeignKeyField(Organization, column_name="org_id", primary_key=True,
                                 on_delete="CASCADE")
    version = peewee.BigIntegerField(default=0)
    updated_at = peewee.DateTimeField(default=utcnow)


class Workflow(OrgOwned):
    """A workflow: steps run in order, each an agent, tool or copilot call whose input is built
    from `{{input.x}}` / `{{steps.ID.output}}` templates."""

    id = peewee.CharField(max_length=36, primary_key=True, default=new_id)
    name = peewee.CharField(max_length=200)
    description = peewee.TextField(null=True)
    input_schema = peewee.JSONField(null=True)
    steps = peewee.JSONField(default=list)
    created_at = peewee.DateTimeField(default=utcnow)
    updated_at = peewee.DateTimeField(default=utcnow)

    class Meta:
        indexes = ((("org", "created_at"), False),)


class WorkflowSchedule(OrgOwned):
    """When a workflow fires: exactly one of cron, run_at, recurrence, read in `timezone`.
    `next_fire_at` (naive UTC) is the truth the scheduler claims due rows by; it is NULL when
    nothing is to fire (paused, disabled, completed)."""

    id = peewee.CharField(max_length=36, primary_key=True, default=new_id)
    workflow = peewee.ForeignKeyField(Workflow, column_name="workflow_id",
                                      object_id_name="workflow_id", on_delete="CASCADE")
    owner_kind = peewee.CharField(max_length=8, default="org")
    user_id = peewee.CharField(max_length=200, null=True)
    status = peewee.CharField(max_length=12, default="active")
    cron = peewee.CharField(max_length=200, null=True)
    run_at = peewee.DateTimeField(null=True)
    recurrence = peewee.JSONField(null=True)
    timezone = peewee.CharField(max_length=64, default="UTC")
    anchor = peewee.DateTimeField(null=True)
    description = peewee.TextField(null=True)
    input = peewee.JSONField(null=True)
    notify = peewee.CharField(max_length=8, default="none")
    thread_title = peewee.CharField(max_length=200, null=True)
    max_consecutive_failures = peewee.IntegerField(default=5)
    consecutive_failures = peewee.IntegerField(default=0)
    skip_missed = peewee.BooleanField(default=False)
    next_fire_at = peewee.DateTimeField(null=True)
    last_fire_at = peewee.DateTimeField(null=True)
    last_run_status = peewee.CharField(max_length=12, null=True)
    last_run_id = peewee.CharField(max_length=36, null=True)
    created_at = peewee.DateTimeField(default=utcnow)
    updated_at = peewee.DateTimeField(default=utcnow)

    class Meta:  # on Postgres migration m0038 replaces the first with a partial index
        indexes = (
            (("status", "next_fire_at"), False),
            (("org", "created_at"), False),
        )


class WorkflowRun(OrgOwned):
    """One execution of a workflow (a snapshot of its steps in `definition`, per-step results
    in `steps`). A scheduled fire is unique on (schedule_id, fire_at): that index makes a fire
    create at most one run. `lease_owner`/`lease_expires_at` mark the execution attempt that
    holds the run; an expired lease lets the next worker retry or fail it. A run paused for
    tool approvals (`awaiting_approval`) holds no lease; `approval_expires_at` is the earliest
    deadline of its tool steps' undecided calls (store/workflow_approvals.py)."""

    id = peewee.CharField(max_length=36, primary_key=True, default=new_id)
    workflow_id = peewee.CharField(max_length=36)
    schedule_id = peewee.CharField(max_length=36, null=True)
    fire_at = peewee.DateTimeField(null=True)
    trigger = peewee.CharField(max_length=12, default="api")
    user_id = peewee.CharField(max_length=200, null=True)
    status = peewee.CharField(max_length=20, default="queued")
    input = peewee.JSONField(null=True)
    definition = peewee.JSONField()
    steps = peewee.JSONField(default=list)
    output = peewee.JSONField(null=True)
    error = peewee.JSONField(null=True)
    usage = peewee.JSONField(null=True)
    attempt = peewee.IntegerField(default=0)
    cancel_requested = peewee.BooleanField(default=False)
    request_id = peewee.CharField(max_length=128, null=True)
    trigger_id = peewee.CharField(max_length=36, null=True)  # the inbound trigger that started it
    webhook_url = peewee.TextField(null=True)  # the run's own webhook (store/webhooks.py)
    lease_owner = peewee.CharField(max_length=64, null=True)
    lease_expires_at = peewee.DateTimeField(null=True)
    approval_expires_at = peewee.DateTimeField(null=True)
    created_at = peewee.DateTimeField(default=utcnow)
    started_at = peewee.DateTimeField(null=True)
    finished_at = peewee.DateTimeField(null=True)
    updated_at = peewee.DateTimeField(default=utcnow)

    class Meta:  # on Postgres the status indexes are partial (migration m0038)
        indexes = (
            (("schedule_id", "fire_at"), True),
            (("status", "approval_expires_at"), False),
            (("org", "created_at"), False),
            (("org", "workflow_id", "created_at"), False),
            (("status", "lease_expires_at"), False),
            (("status", "updated_at"), False),
        )


# --- runs of agents and networks --------------------------------------------------------------


class AgentRun(OrgOwned):
    """One turn of an agent (`kind` agent) or a network (`kind` copilot): the user's input, the
    final output, every step (model calls, tool calls, handoffs) with durations and errors, the
    token usage and its cost. `thread_id` is set for chat turns; `group_id` is the group billed."""

    id = peewee.CharField(max_length=36, primary_key=True, default=new_id)
    kind = peewee.CharField(max_length=8)
    agent_id = peewee.CharField(max_length=36, null=True)
    copilot_id = peewee.CharField(max_length=36, null=True)
    thread_id = peewee.CharField(max_length=36, null=True)
    workflow_id = peewee.CharField(max_length=36, null=True)
    workflow_run_id = peewee.CharField(max_length=36, null=True)
    user_id = peewee.CharField(max_length=200, null=True)
    group_id = peewee.CharField(max_length=200, null=True)
    status = peewee.CharField(max_length=20, default="queued")
    input = peewee.TextField()
    output = peewee.TextField(null=True)
    steps = peewee.JSONField(default=list)
    usage = peewee.JSONField(default=dict)
    cost_micro_usd = peewee.BigIntegerField(default=0)
    error = peewee.JSONField(null=True)
    followups = peewee.JSONField(null=True)
    approval = peewee.JSONField(null=True)
    approval_expires_at = peewee.DateTimeField(null=True)
    cancel_requested = peewee.BooleanField(default=False)
    request_id = peewee.CharField(max_length=128, null=True)
    created_at = peewee.DateTimeField(default=utcnow)
    started_at = peewee.DateTimeField(null=True)
    finished_at = peewee.DateTimeField(null=True)
    updated_at = peewee.DateTimeField(default=utcnow)
    trigger_id = peewee.CharField(max_length=36, null=True)  # the inbound trigger that started it
    webhook_url = peewee.TextField(null=True)  # the run's own webhook (store/webhooks.py)

    class Meta:
        table_name = "agent_run"
        indexes = (
            (("org", "created_at"), False),
            (("org", "thread_id", "created_at"), False),
            (("org", "workflow_id", "created_at"), False),
            (("org", "user_id", "created_at"), False),
            (("status", "updated_at"), False),
        )


# --- networks (copilots): dev/staging/prod networks, their references, deployments --------


class Copilot(OrgOwned):
    """A network of agents. `environment` is dev, staging or prod; a staging or prod network
    is linked to its dev network by `source_copilot` (unique per environment) and holds the
    configuration last deployed onto it, with pinned agent versions (`agents` items
    `{agentId, agentVersionId}`; a dev network stores `{agentId}` only and runs the agents'
    current versions). `deployment_id` names the deployment that is live on it."""

    id = peewee.CharField(max_length=36, primary_key=True, default=new_id)
    name = peewee.CharField(max_length=200)
    description = peewee.TextField(null=True)
    environment = peewee.CharField(max_length=8, default="dev")
    source_copilot = peewee.ForeignKeyField("self", column_name="source_copilot_id", null=True,
                                            object_id_name="source_copilot_id",
                                            on_delete="CASCADE")
    agents = peewee.JSONField(default=list)
    workflows = peewee.JSONField(default=list)
    sdk_ui = peewee.JSONField(default=dict)
    handoff_prompt = peewee.TextField(null=True)
    followup_instructions = peewee.JSONField(default=list)
    deployment_id = peewee.CharField(max_length=36, null=True)
    deployed_at = peewee.DateTimeField(null=True)
    created_at = peewee.DateTimeField(default=utcnow)
    updated_at = peewee.DateTimeField(default=utcnow)

    class Meta:
        indexes = (
            (("source_copilot", "environment"), True),
            (("org", "environment", "created_at"), False),
            (("org", "created_at"), False),
        )


class CopilotRef(OrgOwned):
    """One agent or workflow a network (of any environment) uses. The foreign keys make the
    database refuse deleting an agent or workflow while a network uses it."""

    id = peewee.CharField(max_length=36, primary_key=True, default=new_id)
    copilot = peewee.ForeignKeyField(Copilot, column_name="copilot_id", on_delete="CASCADE")
    agent = peewee.ForeignKeyField(Agent, column_name="agent_id", null=True)
    workflow = peewee.ForeignKeyField(Workflow, column_name="workflow_id",
                                      object_id_name="workflow_id", null=True)

    class Meta:
        table_name = "copilot_ref"
        indexes = (
            (("copilot", "agent"), True),
            (("copilot", "workflow"), True),
        )


class CopilotDeployment(OrgOwned):
    """One deployment onto a dev network's staging or prod network: the snapshot made live
    (configuration with pinned agent versions), its number per target, where it came from
    (dev, staging or rollback) and the deployment that was live before it."""

    id = peewee.CharField(max_length=36, primary_key=True, default=new_id)
    copilot = peewee.ForeignKeyField(Copilot, column_name="copilot_id", on_delete="CASCADE")
    target = peewee.CharField(max_length=8)
    target_copilot_id = peewee.CharField(max_length=36)
    source = peewee.CharField(max_length=8)
    version = peewee.IntegerField()
    snapshot = peewee.JSONField()
    previous_deployment_id = peewee.CharField(max_length=36, null=True)
    restored_deployment_id = peewee.CharField(max_length=36, null=True)
    created_at = peewee.DateTimeField(default=utcnow)

    class Meta:
        table_name = "copilot_deployment"
        indexes = (
            (("copilot", "target", "version"), True),
            (("org", "copilot", "created_at"), False),
        )


# --- organization-level model configuration -----------------------------------------------------


class OrgModelConfig(OrgOwned):
    """An organization's model settings over the operator's: `default_provider` (echo, openai,
    anthropic or null), `providers` {name: {base_url}} and `secrets`, the providers' API keys
    encrypted with core.crypto ({name: key}); keys are never returned."""

    id = peewee.CharField(max_length=36, primary_key=True, default=new_id)
    default_provider = peewee.CharField(max_length=16, null=True)
    providers = peewee.JSONField(default=dict)
    secrets = peewee.TextField(null=True)
    updated_at = peewee.DateTimeField(default=utcnow)

    class Meta:
        table_name = "org_model_config"
        indexes = ((("org",), True),)


# --- chat: threads, messages, votes, the event log of turns -----------------------------------


class Thread(OrgOwned):
    """A conversation of one end user (`user_id`). `message_count` numbers the messages
    (`Message.position`), `last_seq` the events of its turns (`RunEvent.seq`); `last_run_id`
    is the thread's latest turn. `notify_title` is set on the thread that workflow schedules
    with `notify: thread` post into (one per user and title)."""

    id = peewee.CharField(max_length=36, primary_key=True, default=new_id)
    user_id = peewee.CharField(max_length=200)
    title = peewee.CharField(max_length=200)
    agent_id = peewee.CharField(max_length=36, null=True)
    copilot_id = peewee.CharField(max_length=36, null=True)
    notify_title = peewee.CharField(max_length=200, null=True)
    unread_count = peewee.IntegerField(default=0)
    message_count = peewee.IntegerField(default=0)
    last_seq = peewee.BigIntegerField(default=0)
    last_run_id = peewee.CharField(max_length=36, null=True)
    last_message_at = peewee.DateTimeField(default=utcnow)
    last_event_at = peewee.DateTimeField(null=True)
    created_at = peewee.DateTimeField(default=utcnow)
    updated_at = peewee.DateTimeField(default=utcnow)

    class Meta:
        table_name = "thread"
        indexes = (
            (("org", "user_id", "last_message_at", "id"), False),
            (("org", "user_id", "notify_title"), True),
        )


class Message(OrgOwned):
    """One message of a thread, in `position` order. `source` makes a posting idempotent
    (`run:<id>` for a turn's answer, `workflow_run:<id>` for a schedule's notification).
    `interrupted`: the partial answer of a turn cancelled while it answered."""

    id = peewee.CharField(max_length=36, primary_key=True, default=new_id)
    thread = peewee.ForeignKeyField(Thread, column_name="thread_id", on_delete="CASCADE")
    user_id = peewee.CharField(max_length=200)
    position = peewee.IntegerField()
    role = peewee.CharField(max_length=12)
    content = peewee.TextField()
    run_id = peewee.CharField(max_length=36, null=True)
    agent_id = peewee.CharField(max_length=36, null=True)
    followups = peewee.JSONField(null=True)
    source = peewee.CharField(max_length=80, null=True, unique=True)
    interrupted = peewee.BooleanField(default=False)
    created_at = peewee.DateTimeField(default=utcnow)

    class Meta:
        table_name = "message"
        indexes = ((("thread", "position"), True),)


class MessageVote(OrgOwned):
    id = peewee.CharField(max_length=36, primary_key=True, default=new_id)
    message = peewee.ForeignKeyField(Message, column_name="message_id", on_delete="CASCADE")
    user_id = peewee.CharField(max_length=200)
    value = peewee.CharField(max_length=8)
    comment = peewee.TextField(null=True)
    created_at = peewee.DateTimeField(default=utcnow)
    updated_at = peewee.DateTimeField(default=utcnow)

    class Meta:
        table_name = "message_vote"
        indexes = ((("message", "user_id"), True),)


class RunEvent(OrgOwned):
    """One event of a turn in its thread's log: `seq` counts per thread (the SSE id)."""

    id = peewee.BigAutoField()
    thread = peewee.ForeignKeyField(Thread, column_name="thread_id", on_delete="CASCADE")
    seq = peewee.BigIntegerField()
    run_id = peewee.CharField(max_length=36)
    kind = peewee.CharField(max_length=40)
    data = peewee.JSONField()
    created_at = peewee.DateTimeField(default=utcnow)

    class Meta:
        table_name = "run_event"
        indexes = (
            (("thread", "seq"), True),
            (("thread", "run_id", "seq"), False),
        )


class OAuthState(OrgOwned):
    """An OAuth authorization in progress: its `state` nonce (the id, used once), the user
    it connects and the PKCE code verifier (encrypted, core.crypto)."""

    id = peewee.CharField(max_length=64, primary_key=True)
    provider_id = peewee.CharField(max_length=36)
    user_id = peewee.CharField(max_length=200)
    code_verifier = peewee.TextField()
    created_at = peewee.DateTimeField(default=utcnow)
    expires_at = peewee.DateTimeField(index=True)

    class Meta:
        table_name = "oauth_state"


class OutboxEntry(BaseModel):
    """Work to dispatch after the transaction that recorded it commits (store/outbox.py)."""

    id = peewee.BigAutoField()
    org_id = peewee.CharField(max_length=36, null=True)
    kind = peewee.CharField(max_length=40)
    payload = peewee.JSONField()
    created_at = peewee.DateTimeField(default=utcnow)
    available_at = peewee.DateTimeField(index=True, default=utcnow)
    attempts = peewee.IntegerField(default=0)
    last_error = peewee.CharField(max_length=200, null=True)

    class Meta:
        table_name = "outbox"


class CorsOrigin(OrgOwned):
    """A browser origin (`scheme://host[:port]`) the organization allows to call the
    operations a session token reaches (server/cors.py)."""

    origin = peewee.CharField(max_length=300, index=True)
    created_at = peewee.DateTimeField(default=utcnow)

    class Meta:
        table_name = "cors_origin"
        indexes = ((("org", "origin"), True),)


class ResourceLock(BaseModel):
    """A write in progress on one resource (store/resource_locks.py; SQLite only: Postgres
    takes an advisory lock instead)."""

    key = peewee.CharField(max_length=64, primary_key=True)
    owner = peewee.CharField(max_length=64)
    expires_at = peewee.DateTimeField()

    class Meta:
        table_name = "resource_lock"


class IdempotencyKey(BaseModel):
    """The first answer to a POST sent with an `Idempotency-Key` (store/idempotency.py): the
    key is unique per `scope` (a hash of the organization and the credential), the answer is
    kept encrypted (it may hold a minted token or key) until `expires_at`."""

    id = peewee.BigAutoField()
    org = peewee.ForeignKeyField(Organization, column_name="org_id", null=True,
                                 on_delete="CASCADE")
    scope = peewee.CharField(max_length=64)
    key = peewee.CharField(max_length=255)
    request_hash = peewee.CharField(max_length=64)
    state = peewee.CharField(max_length=12)
    status = peewee.IntegerField(null=True)
    response = peewee.TextField(null=True)
    created_at = peewee.DateTimeField(default=utcnow)
    expires_at = peewee.DateTimeField(index=True)

    class Meta:
        table_name = "idempotency_key"
        indexes = ((("scope", "key"), True),)
