"""HTML pages, tested by meaning."""

from __future__ import annotations

from bs4 import BeautifulSoup


def test_home_lists_every_code(client, library):
    response = client.get("/")
    assert response.status_code == 200
    soup = BeautifulSoup(response.data, "html.parser")
    assert soup.h1 and len(soup.find_all("h1")) == 1
    text = soup.get_text()
    for code in library.codes.values():
        assert code.title in text
