"""The local mailbox: outgoing mail kept in the database and shown at
``/dev/mailbox/`` when no mail server is configured (development only)."""
