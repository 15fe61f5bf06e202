"""The browser's front end: a Starlette app (:func:`arbiter.web.app.create_app`) that drives
:class:`arbiter.session.Session` over a JSON API and a websocket, serves the page
(``arbiter/web/static``), and checks scenario and report files posted as text with the same
documents as ``arbiter run`` and ``arbiter validate`` (:mod:`arbiter.files.documents`).

``arbiter serve`` runs it with uvicorn. This package stands beside :mod:`arbiter.cli` above
:mod:`arbiter.session`, and never imports the command line (the layer contract says so). The API
is described in ``docs/web.md``.
"""
