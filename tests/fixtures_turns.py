"""Module fixtures of agent-runtime tests: loopback allowed by the module's SSRF settings, the
suite's OpenAI-compatible server (`model`; `llm` checks each test consumed its script), a real
HTTP tool server, and an organization whose model config points at the server; a model that
holds every call until the test opens its `gate` (`held_model`). The HTTP client of the app
served by uvicorn (`http`) comes from tests/conftest.py. A test module imports the names it
uses."""
import threading

import pytest

from rules import ssrf
from tests.factories import make_org
from tests.factories_turns import EchoServer, use_model_server
from testkit import OpenAIServer, text


@pytest.fixture(scope="module", autouse=True)
def allow_loopback(settings):
    ssrf.configure(settings.ssrf_allow)


@pytest.fixture(scope="module")
def model():
    with OpenAIServer() as server:
        yield server


@pytest.fixture
def llm(model):
    model.reset()
    yield model
    assert model.pending == 0, "a scripted reply was not consumed"


@pytest.fixture(scope="module")
def tools_server():
    server = EchoServer()
    yield server
    server.close()


@pytest.fixture(scope="module")
def org(client, model):
    org = make_org(client)
    use_model_server(client, org, model)
    return org


@pytest.fixture(scope="module")
def gate():
    """Open: the held model answers. Closed: every call to it waits, so its turn stays running."""
    return threading.Event()


@pytest.fixture(scope="module")
def held_model(gate):
    def held(request):
        gate.wait(60)
        return text("done")

    with OpenAIServer(responder=held) as server:
        yield server
