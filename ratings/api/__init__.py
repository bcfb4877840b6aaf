"""The ratings and ladders REST API (URLs in ``ratings.api_urls``)."""
