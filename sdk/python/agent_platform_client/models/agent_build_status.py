from enum import StrEnum


class AgentBuildStatus(StrEnum):
    BUILT = "built"
    FAILED = "failed"
    SKIPPED = "skipped"

    def __str__(self) -> str:
        return str(self.value)
