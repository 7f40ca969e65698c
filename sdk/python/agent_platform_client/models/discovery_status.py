from enum import StrEnum


class DiscoveryStatus(StrEnum):
    FAILED = "failed"
    OK = "ok"
    PENDING = "pending"

    def __str__(self) -> str:
        return str(self.value)
