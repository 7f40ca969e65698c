from enum import StrEnum


class McpTransport(StrEnum):
    SSE = "sse"
    STREAMABLE_HTTP = "streamable_http"

    def __str__(self) -> str:
        return str(self.value)
