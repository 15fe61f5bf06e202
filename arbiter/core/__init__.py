"""The chess core: python-chess and what is still only chess (positions, notations, PGN scores,
the clock as a device, whether a side can still mate). It knows nothing of hands or of the Laws'
penalties; every layer above may use it."""
