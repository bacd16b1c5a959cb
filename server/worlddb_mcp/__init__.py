"""worlddb MCP server."""
