from enum import StrEnum


class TriggerTargetType(StrEnum):
    COPILOT = "copilot"
    WORKFLOW = "workflow"

    def __str__(self) -> str:
        return str(self.value)
