"""A small MCP server over stdio (started by tests as a subprocess)."""
from mcp.server.mcpserver import MCPServer

server = MCPServer("stdio-test", log_level="ERROR")


@server.tool()
def shout(text: str) -> str:
    """Upper-case the text."""
    return text.upper()


if __name__ == "__main__":
    server.run("stdio")
