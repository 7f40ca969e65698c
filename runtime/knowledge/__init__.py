"""Knowledge bases at run time: a document's text and chunks, and search
(the REST operation and the agents' built-in tool)."""
