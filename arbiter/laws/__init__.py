"""The arbiter: the referee and its judges (the press, illegal moves, claims and offers,
irregularities, endings), rulings and their sentences, the articles and rulesets of ``rules/``.
Built on :mod:`arbiter.table` and :mod:`arbiter.core`."""
