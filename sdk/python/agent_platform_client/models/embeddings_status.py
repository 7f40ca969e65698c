from enum import StrEnum


class EmbeddingsStatus(StrEnum):
    EMBEDDING = "embedding"
    FAILED = "failed"
    READY = "ready"

    def __str__(self) -> str:
        return str(self.value)
