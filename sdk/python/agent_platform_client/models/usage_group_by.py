from enum import StrEnum


class UsageGroupBy(StrEnum):
    AGENT = "agent"
    COPILOT = "copilot"
    GROUP = "group"
    MODEL = "model"
    USER = "user"

    def __str__(self) -> str:
        return str(self.value)
