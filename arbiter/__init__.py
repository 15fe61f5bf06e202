"""arbiter: an over-the-board chess arbiter simulator.

The package is layered; each layer imports only the ones below it:

- :mod:`arbiter.core.position`: the legal-move core, a thin layer over :class:`chess.Board`;
- :mod:`arbiter.table.machine`: the physical board, the players' hands and the turn's state machine;
- :mod:`arbiter.table.touch`: what touch-move binds a player to (Article 4);
- :mod:`arbiter.laws.referee`: the arbiter, turning events into rulings;
- :mod:`arbiter.files.scenario`: scenario files and their expectations;
- :mod:`arbiter.cli`: the ``arbiter`` command.
"""

__version__ = "0.1.0"
