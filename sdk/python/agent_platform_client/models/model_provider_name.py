from enum import StrEnum


class ModelProviderName(StrEnum):
    ANTHROPIC = "anthropic"
    ECHO = "echo"
    OPENAI = "openai"

    def __str__(self) -> str:
        return str(self.value)
