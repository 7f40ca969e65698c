from enum import StrEnum


class ChatCompletionFinishReason(StrEnum):
    STOP = "stop"

    def __str__(self) -> str:
        return str(self.value)
