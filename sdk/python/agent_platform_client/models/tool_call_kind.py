from enum import StrEnum


class ToolCallKind(StrEnum):
    HANDOFF = "handoff"
    KNOWLEDGE = "knowledge"
    MEMORY = "memory"
    TOOL = "tool"
    WORKFLOW = "workflow"

    def __str__(self) -> str:
        return str(self.value)
