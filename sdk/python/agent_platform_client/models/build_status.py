from enum import StrEnum


class BuildStatus(StrEnum):
    BUILT = "built"
    FAILED = "failed"
    PENDING = "pending"

    def __str__(self) -> str:
        return str(self.value)
