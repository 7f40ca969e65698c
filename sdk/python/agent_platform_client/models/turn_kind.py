from enum import StrEnum


class TurnKind(StrEnum):
    AGENT = "agent"
    COPILOT = "copilot"

    def __str__(self) -> str:
        return str(self.value)
