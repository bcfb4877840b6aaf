"""Play by email: the outbox, reply tokens, the inbound mail service and
its three intakes (MTA pipe, SMTP gateway, provider webhook)."""
