from enum import StrEnum


class RebuildScope(StrEnum):
    ALL = "all"
    CUSTOM = "custom"
    MCP = "mcp"

    def __str__(self) -> str:
        return str(self.value)
