"""What every Dask worker of ``arbiter audit --engine dask`` does before its first task: load the
compiled legal core in its main thread (issue 36).

A worker runs its tasks in threads of its own, and rust-chess must be loaded by a thread that
lives as long as the process (:func:`arbiter.core.legalcore._load_in_main_thread`); the worker's
main thread, which runs its event loop, does it here. Without it the workers audited on
python-chess alone, at twice the CPU time a game. Imported only where ``distributed`` is.
"""

from __future__ import annotations

from typing import Any

from distributed import WorkerPlugin


class CoreLoader(WorkerPlugin):
    """Loads the compiled core in the worker's main thread when the worker takes the plugin."""

    name = "arbiter-core-loader"

    def setup(self, worker: Any) -> None:
        from arbiter.core.legalcore import is_compiled_available

        is_compiled_available()
