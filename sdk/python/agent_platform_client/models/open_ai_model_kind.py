from enum import StrEnum


class OpenAIModelKind(StrEnum):
    AGENT = "agent"
    NETWORK = "network"

    def __str__(self) -> str:
        return str(self.value)
