from enum import StrEnum


class DeploymentSource(StrEnum):
    DEV = "dev"
    ROLLBACK = "rollback"
    STAGING = "staging"

    def __str__(self) -> str:
        return str(self.value)
