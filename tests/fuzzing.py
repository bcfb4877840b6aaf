"""What the property-based (fuzzed) tests share."""

from hypothesis import HealthCheck, settings

#: The same 40 examples at every run (``derandomize``): a suite that lands or not
#: by what a random search happened to draw would be flaky; a wider search is a
#: local run with ``max_examples`` raised.
FUZZ_SETTINGS = settings(
    max_examples=40,
    deadline=None,
    database=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
