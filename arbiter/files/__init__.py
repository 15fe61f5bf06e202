"""The files users write and read: scenario and incident-report files, their expectations and
validation, the audit of PGN archives, the Markdown report. Built on the laws and below."""
