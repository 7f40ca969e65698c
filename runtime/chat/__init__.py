"""Chat at run time: a turn posted into a thread (``service``), its events logged
and delivered live (``log``, ``events``) and streamed as Server-Sent Events (``stream``)."""
