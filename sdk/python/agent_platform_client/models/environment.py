from enum import StrEnum


class Environment(StrEnum):
    DEV = "dev"
    PROD = "prod"
    STAGING = "staging"

    def __str__(self) -> str:
        return str(self.value)
