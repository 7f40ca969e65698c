from enum import StrEnum


class ApiKeyLocation(StrEnum):
    HEADER = "header"
    QUERY = "query"

    def __str__(self) -> str:
        return str(self.value)
