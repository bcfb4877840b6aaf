"""axe-core (vendored under ``vendor/``, MPL 2.0) finds no serious or
critical accessibility violation on any page of the walk, at desktop and
phone width: contrast, names and labels, landmarks, ARIA use.

axe is evaluated through the DevTools protocol, so the pages' own
Content-Security-Policy stays as it is (no inline script is added to them).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.browser.walk import WIDTHS, problems_on_every_page

AXE = (Path(__file__).parent / "vendor" / "axe.min.js").read_text()
SEVERE = ("serious", "critical")


RUN = """async (severe) => {
  const result = await axe.run(document, {resultTypes: ["violations"]});
  return result.violations.filter((v) => severe.includes(v.impact)).map((v) => ({
    id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.slice(0, 4).map((n) => n.target.join(" ") + " :: " + n.failureSummary.split("\\n")[1]),
  }));
}"""


def _violations(page) -> list[dict]:
    page.evaluate(AXE)
    return page.evaluate(RUN, list(SEVERE))


@pytest.mark.parametrize("width", WIDTHS)
def test_no_serious_or_critical_violation_on_any_page(browser, live_server, site, width):
    problems = problems_on_every_page(browser, live_server.url, site, width, _violations)
    if problems:
        pytest.fail(
            "\n".join(
                f"{path}: {v['impact']} {v['id']} ({v['help']}): {' | '.join(v['nodes'])}"
                for path, found in problems.items()
                for v in found
            )
        )


UNIQUE_LANDMARKS = """async () => {
  const result = await axe.run(document, {runOnly: ["landmark-unique"], resultTypes: ["violations"]});
  return result.violations.flatMap((v) => v.nodes.map((n) => n.target.join(" ")));
}"""


def test_no_two_landmarks_share_a_name(browser, live_server, site):  # noqa: F811
    """A screen reader's list of regions tells each table apart: the
    tournaments list's three tables, a tournament's standings, cross-table,
    rounds and players are not all "Table (scrolls sideways)", and a table is
    not named exactly as the section around it (axe's landmark-unique)."""

    def duplicates(page):
        page.evaluate(AXE)
        return page.evaluate(UNIQUE_LANDMARKS)

    problems = problems_on_every_page(browser, live_server.url, site, WIDTHS[0], duplicates)
    assert not problems, problems
