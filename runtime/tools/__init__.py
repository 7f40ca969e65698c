"""Tools at run time: calling one (``service``), MCP connections (``mcp_client``,
``mcp_stdio``), discovery, provider changes (``catalog``) and OAuth."""
