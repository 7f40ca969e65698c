from enum import StrEnum


class DeployTarget(StrEnum):
    PROD = "prod"
    STAGING = "staging"

    def __str__(self) -> str:
        return str(self.value)
