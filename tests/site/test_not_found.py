"""A URL that matches nothing answers in the API's JSON shape under /api/
and with the site's page elsewhere."""

import pytest

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    "path", ["/api/nothing/", "/api/games/not-a-number/", "/api/tournaments/1/players/x/disqualify/"]
)
def test_api_404_is_json(client, path):
    response = client.get(path)
    assert response.status_code == 404
    assert response["Content-Type"] == "application/json"
    assert response.json() == {"code": "not_found", "detail": "Not found."}


def test_page_404_is_html(client):
    response = client.get("/no-such-page/")
    assert response.status_code == 404
    assert response["Content-Type"].startswith("text/html")


def test_the_page_404_is_the_sites_own_page_in_the_readers_language(client):
    """Not Django's bare "Not Found": the site's layout (a <main> to skip
    to), a way home, in Dutch for a Dutch reader."""
    page = client.get("/no-such-page/").content.decode()
    assert '<main id="main">' in page and "<h1>Page not found</h1>" in page and 'href="/"' in page
    dutch = client.get("/no-such-page/", headers={"accept-language": "nl"}).content.decode()
    assert "<h1>Pagina niet gevonden</h1>" in dutch
