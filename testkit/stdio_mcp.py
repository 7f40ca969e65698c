"""A small MCP server over stdio (started by tests as a subprocess).

With ``--env`` it also tells what reached it: ``env_value`` / ``env_digest`` (an environment
variable, or the sha256 of its value), ``argv`` (its arguments); and it writes the value of
``SECRET_TOKEN`` to its standard error when it starts (which the service relays to its log).
``--sleep SECONDS`` makes it slow to start.
"""
import hashlib
import os
import sys
import time

from mcp.server.mcpserver import MCPServer

server = MCPServer("stdio-test", log_level="ERROR")


@server.tool()
def shout(text: str) -> str:
    """Upper-case the text."""
    return text.upper()


def env_tools() -> None:
    @server.tool()
    def env_value(name: str) -> str:
        """The value of an environment variable ('' when unset)."""
        return os.environ.get(name, "")

    @server.tool()
    def env_digest(name: str) -> str:
        """The sha256 (hex) of an environment variable's value ('' when unset)."""
        value = os.environ.get(name)
        return hashlib.sha256(value.encode()).hexdigest() if value is not None else ""

    @server.tool()
    def argv() -> list[str]:
        """The program's arguments."""
        return sys.argv[1:]


if __name__ == "__main__":
    if "--sleep" in sys.argv[1:]:
        time.sleep(float(sys.argv[sys.argv.index("--sleep") + 1]))
    if "--env" in sys.argv[1:]:
        env_tools()
        print(f"stdio-test starting with SECRET_TOKEN={os.environ.get('SECRET_TOKEN', '')}",
              file=sys.stderr, flush=True)
    server.run("stdio")
