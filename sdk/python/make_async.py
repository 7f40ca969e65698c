"""Write the async client from the sync one: agent_platform/_async_client.py,
_async_resources.py, _async_resources_org.py and _async_stream.py from the modules without
`_async`, the
same API with `async` (run after editing those; tests/sdk/test_sdk_client_compat.py checks the
async modules are current).

    python sdk/python/make_async.py [--check]
"""
from __future__ import annotations

import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent / "agent_platform"
HEADER = '''"""Made from `{source}` by `sdk/python/make_async.py` (edit that, then run it): the same
with `async`. `AsyncClient` is `Client` with `await`, `async for` and `async with`:

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
    ("from ._pages import Pager", "from ._pages import AsyncPager"),
    ("from ._resources import", "from ._async_resources import"),
    ("from ._resources_org import", "from ._async_resources_org import"),
    ("from ._stream import", "from ._async_stream import"),
    ("from ._client import Client", "from ._async_client import AsyncClient"),
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


def convert(source: str, name: str) -> str:
    source = re.sub(r'^""".*?"""', lambda _: HEADER.format(source=name), source, count=1,
                    flags=re.S)
    for old, new in REPLACE:
        source = source.replace(old, new)
    lines = []
    for line in source.split("\n"):
        match = re.match(r"(\s+)def (\w+)\(", line)
        if match and match.group(2) not in SYNC_NAMES and "async def" not in line:
            line = line.replace("def ", "async def ", 1)
        lines.append(line)
    made = "\n".join(lines)
    if "time." not in made.replace("import time\n", ""):
        made = made.replace("import time\n", "")
    return made


def main() -> int:
    stale = []
    for name in ("_client.py", "_resources.py", "_resources_org.py", "_stream.py"):
        made = convert((HERE / name).read_text(), name)
        target = HERE / f"_async{name}"
        if "--check" in sys.argv:
            if not target.exists() or target.read_text() != made:
                stale.append(target.name)
        else:
            target.write_text(made)
    if stale:
        print(f"stale: {', '.join(stale)}: run sdk/python/make_async.py")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
