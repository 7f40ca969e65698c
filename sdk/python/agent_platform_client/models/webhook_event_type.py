from enum import StrEnum


class WebhookEventType(StrEnum):
    APPROVAL_DECIDED = "approval.decided"
    APPROVAL_REQUESTED = "approval.requested"
    DEPLOYMENT_CREATED = "deployment.created"
    DEPLOYMENT_ROLLED_BACK = "deployment.rolled_back"
    GROUP_SPEND_CAP_REACHED = "group.spend_cap_reached"
    RUN_CANCELLED = "run.cancelled"
    RUN_FAILED = "run.failed"
    RUN_SUCCEEDED = "run.succeeded"
    SCHEDULE_COMPLETED = "schedule.completed"
    SCHEDULE_DISABLED = "schedule.disabled"
    TOOL_PROVIDER_DISCOVERY_FAILED = "tool_provider.discovery_failed"
    WEBHOOK_TEST = "webhook.test"
    WORKFLOW_RUN_CANCELLED = "workflow_run.cancelled"
    WORKFLOW_RUN_FAILED = "workflow_run.failed"
    WORKFLOW_RUN_SUCCEEDED = "workflow_run.succeeded"

    def __str__(self) -> str:
        return str(self.value)

    @classmethod
    def _missing_(cls, value: object) -> "WebhookEventType | None":
        """A value added to the API after this client was made: the API's enums are open, so an
        unknown value is kept as it came (a member of its own) instead of failing to parse."""
        if not isinstance(value, str):
            return None
        member = str.__new__(cls, value)
        member._name_ = value.upper()
        member._value_ = value
        return member
