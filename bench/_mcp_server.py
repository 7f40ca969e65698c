"""An MCP server with N tools over streamable HTTP: ``python -m bench._mcp_server PORT N``."""
import sys

import uvicorn
from mcp.server.mcpserver import MCPServer


def build(count: int) -> MCPServer:
    server = MCPServer("bench", log_level="ERROR")

    def make(i):
        def tool(x: int, label: str = "") -> int:
            return x + i
        return tool

    for i in range(count):
        server.add_tool(make(i), name=f"tool_{i}", description=f"benchmark tool number {i}")
    return server


if __name__ == "__main__":
    port, count = int(sys.argv[1]), int(sys.argv[2])
    uvicorn.run(build(count).streamable_http_app(), host="127.0.0.1", port=port,
                log_level="error", access_log=False)
