"""Server tests (HTTP, WebSockets, restart)."""

import warnings

# Starlette 1.x prefers httpx2 for its test client; httpx still works and is what we pin.
warnings.filterwarnings("ignore", message="Using `httpx` with `starlette.testclient`")
