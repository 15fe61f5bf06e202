"""The physical table: the pieces as they stand, the players' hands, the flat ``transitions``
machine of a turn (its diagram in ``docs/physical-machine.md``), the events (the verbs), turns and
what touch-move binds a player to. Built on :mod:`arbiter.core` only."""
