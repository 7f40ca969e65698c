from enum import StrEnum


class ApprovalDeciderKind(StrEnum):
    ADMIN = "admin"
    API_KEY = "api_key"
    TIMEOUT = "timeout"
    USER = "user"

    def __str__(self) -> str:
        return str(self.value)
