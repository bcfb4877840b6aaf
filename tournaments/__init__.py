"""Club tournaments: registration, pairing, standings and brackets."""
