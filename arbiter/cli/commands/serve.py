"""``arbiter serve``: the browser's front end (:mod:`arbiter.web`) served by uvicorn, on this
machine only unless ``--host`` says otherwise; ``--open`` opens it in the browser."""

from __future__ import annotations

import argparse
import sys
import threading
import time
import webbrowser
from pathlib import Path
from typing import Any, Literal

from arbiter.cli.render import error_line
from arbiter.core.i18n import _

#: The host names the app answers to when it listens on a loopback address (DNS rebinding: another
#: site's name pointed at 127.0.0.1 reaches nothing).
LOOPBACK = ("127.0.0.1", "localhost", "::1", "[::1]")


def main(args: argparse.Namespace) -> int:
    """Serve until interrupted; the exit status: 0 stopped, 2 the web extra missing or the port taken."""
    try:  # the heavy imports only here: the cold start of every other command does not pay for them
        import uvicorn

        from arbiter.web.app import create_app
    except ImportError as err:
        print("arbiter serve: " + _("{name} is not installed: pip install 'arbiter[web]'").format(name=err.name or err),
              file=sys.stderr)
        return 2
    from arbiter.web.sessionfile import SessionFileError, default_path

    hosts = LOOPBACK if args.host in LOOPBACK else None
    store = None if args.store == "none" else Path(args.store) if args.store else default_path()
    try:
        app = create_app(allowed_hosts=hosts, default_laws=args.laws, dgt=args.dgt, max_sessions=args.max_sessions,
                         idle_minutes=args.idle, store=store)
    except SessionFileError as err:
        print(error_line("arbiter serve: " + str(err)), file=sys.stderr)
        return 2
    for key, why in app.state.unrestored:
        print(error_line("arbiter serve: " + _("the session {key} could not be made again ({why}); it stays in "
                                               "{path}").format(key=key, why=why, path=store)), file=sys.stderr)
    shown = f"[{args.host}]" if ":" in args.host else args.host
    url = f"http://{shown}:{args.port}/"
    # The websockets library, in uvicorn's sans-I/O binding where it has one (its older binding is deprecated).
    from uvicorn.config import WS_PROTOCOLS

    ws: Literal["websockets-sansio", "websockets"] = (
        "websockets-sansio" if "websockets-sansio" in WS_PROTOCOLS else "websockets")
    config = uvicorn.Config(app, host=args.host, port=args.port, ws=ws, ws_max_size=1_000_000,
                            log_level="warning", server_header=False)
    server = uvicorn.Server(config)
    # the line is made here: the thread does not see the language in force (a context variable)
    listening = "arbiter serve: " + _("{url} (Ctrl-C stops it)").format(url=url)
    threading.Thread(target=_when_started, args=(server, url, listening, args.open), daemon=True).start()
    try:
        server.run()
    except KeyboardInterrupt:
        return 0
    except SystemExit:  # uvicorn's way of saying it could not listen (it said why on standard error)
        return 2
    return 0 if server.started else 2


def _when_started(server: Any, url: str, listening: str, open_browser: bool, wait: float = 30.0) -> None:
    """Once ``server`` listens, say where (the line ``listening``), and open ``url`` in the web
    browser if asked (nothing if it never listens: uvicorn says why)."""
    deadline = time.monotonic() + wait
    while not server.started:
        if time.monotonic() > deadline or server.should_exit:
            return
        time.sleep(0.05)
    print(listening, flush=True)
    if open_browser:
        webbrowser.open(url)
