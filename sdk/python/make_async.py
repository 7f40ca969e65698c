"""Write agent_platform/_async_client.py from agent_platform/_client.py: the same resources
with `async` (run after editing _client.py; tests/test_sdk_client_unit.py checks it is current).

    python sdk/python/make_async.py [--check]
"""
from __future__ import annotations

import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent / "agent_platform"
HEADER = '''"""`AsyncClient`: `Client` (see `_client.py`) with `async`, made from `_client.py` by
`sdk/python/make_async.py` (edit `_client.py`, then run it).

    async with AsyncClient(api_key="ap_...") as client:
        agent = (await client.agents.create(name="Helper")).agent
        async for each in client.agents.list():
            print(each.id)
        async for event in client.chat.stream(thread_id):
            ...
"""'''
SYNC_NAMES = ("__init__", "_pager", "list", "versions", "events", "stream", "__aiter__")
REPLACE = [
    ("import time\n", "import asyncio\nimport time\n"),
    ("from ._pages import Pager", "from ._client import Tagged\nfrom ._pages import AsyncPager"),
    ("class Client:", "class AsyncClient:"), ("-> Client:", "-> AsyncClient:"),
    ("client: Client", "client: AsyncClient"), ("httpx.Client", "httpx.AsyncClient"),
    ("ChatStream", "AsyncChatStream"), ("Pager[", "AsyncPager["),
    ("return Pager(", "return AsyncPager("),
    ("    def __enter__(self)", "    async def __aenter__(self)"),
    ("    def __exit__(self, *exc: object) -> None:\n        self.close()",
     "    async def __aexit__(self, *exc: object) -> None:\n        await self.close()"),
    ("    def close(self) -> None:\n        self._http.close()",
     "    async def close(self) -> None:\n        await self._http.aclose()"),
    ("    def close(self) -> None:\n        if self._response is not None:\n"
     "            self._response.close()",
     "    async def close(self) -> None:\n        if self._response is not None:\n"
     "            await self._response.aclose()"),
    ("time.sleep(", "await asyncio.sleep("),
    ("self._http.request(", "await self._http.request("),
    ("with self._c._http.stream(", "async with self._c._http.stream("),
    ("response.read())", "await response.aread())"),
    ("for line in response.iter_lines():", "async for line in response.aiter_lines():"),
    ("def __iter__(self) -> t.Iterator[ChatEvent]:",
     "async def __aiter__(self) -> t.AsyncIterator[ChatEvent]:"),
    ("self._c._call(", "await self._c._call("), ("self._c._tagged(", "await self._c._tagged("),
    ("return self._call(", "return await self._call("),
    ("cast_to.from_dict(self._send(request).json())",
     "cast_to.from_dict((await self._send(request)).json())"),
    ("response = self._send(", "response = await self._send("),
    ("current = self.get(run_id)", "current = await self.get(run_id)"),
]


def convert(source: str) -> str:
    source = re.sub(r'^""".*?"""', lambda _: HEADER, source, count=1, flags=re.S)
    source = re.sub(r"class Tagged\(t\.Generic\[M\]\):.*?\n\n\n", "", source, flags=re.S)
    for old, new in REPLACE:
        source = source.replace(old, new)
    lines = []
    for line in source.split("\n"):
        match = re.match(r"(\s+)def (\w+)\(", line)
        if match and match.group(2) not in SYNC_NAMES and "async def" not in line:
            line = line.replace("def ", "async def ", 1)
        lines.append(line)
    return "\n".join(lines)


def main() -> int:
    made = convert((HERE / "_client.py").read_text())
    target = HERE / "_async_client.py"
    if "--check" in sys.argv:
        if target.read_text() != made:
            print("agent_platform/_async_client.py is stale: run sdk/python/make_async.py")
            return 1
        return 0
    target.write_text(made)
    return 0


if __name__ == "__main__":
    sys.exit(main())
