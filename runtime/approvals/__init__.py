"""Tool approvals: pausing a turn and continuing it (``service``), and the
decisions of end users and API keys (``decisions``)."""
