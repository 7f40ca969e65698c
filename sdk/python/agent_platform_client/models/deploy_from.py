from enum import StrEnum


class DeployFrom(StrEnum):
    DEV = "dev"
    STAGING = "staging"

    def __str__(self) -> str:
        return str(self.value)
