from enum import StrEnum


class PlaceholderStatus(StrEnum):
    MISSING = "missing"
    STORED = "stored"
    SUPPLIED = "supplied"

    def __str__(self) -> str:
        return str(self.value)
