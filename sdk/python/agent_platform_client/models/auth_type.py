from enum import StrEnum


class AuthType(StrEnum):
    API_KEY = "api_key"
    BASIC = "basic"
    BEARER = "bearer"
    NONE = "none"
    OAUTH2 = "oauth2"

    def __str__(self) -> str:
        return str(self.value)
