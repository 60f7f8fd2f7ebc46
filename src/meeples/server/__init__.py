"""The Meeples web server: lobby, live rooms over WebSockets, persistence, replays.

``create_app()`` in :mod:`meeples.server.app` returns the ASGI application; ``meeples serve``
runs it on uvicorn. The server only ever sends views (``state.view(seat)``) and legal action
strings; all rules stay in the game modules.
"""
