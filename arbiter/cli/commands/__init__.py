"""The commands of ``arbiter``, one module each: ``run``, ``explain``, ``validate``, ``audit``,
``teach``, ``quiz``, ``laws``, ``notation``, ``serve``.

Each module's ``main(args) -> int`` runs its command on the parsed arguments and returns its exit
status (FORMAT §6); :func:`arbiter.cli.main` imports only the module of the command asked for.
What several commands share is in :mod:`arbiter.cli.commands.common`.
"""
