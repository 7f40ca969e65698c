from enum import StrEnum


class StepType(StrEnum):
    AGENT = "agent"
    COPILOT = "copilot"
    TOOL = "tool"

    def __str__(self) -> str:
        return str(self.value)
