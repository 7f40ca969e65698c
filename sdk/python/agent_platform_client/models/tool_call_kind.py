from enum import StrEnum


class ToolCallKind(StrEnum):
    HANDOFF = "handoff"
    MEMORY = "memory"
    TOOL = "tool"
    WORKFLOW = "workflow"

    def __str__(self) -> str:
        return str(self.value)
