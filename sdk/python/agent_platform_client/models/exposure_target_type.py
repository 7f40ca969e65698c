from enum import StrEnum


class ExposureTargetType(StrEnum):
    AGENT = "agent"
    COPILOT = "copilot"
    WORKFLOW = "workflow"

    def __str__(self) -> str:
        return str(self.value)
