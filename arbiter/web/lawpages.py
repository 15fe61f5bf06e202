"""The Laws on the page: an edition's articles and what changed between two editions
(``GET /api/laws``, ``GET /api/laws/diff``; docs/web.md)."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from arbiter.laws import editions
from arbiter.laws.articles import article_number
from arbiter.web.languages import request_language


def laws_routes(default_laws: str | None = None) -> list[Route]:
    """The routes of the Laws; ``default_laws``: the edition shown when a request names none
    (``serve --laws``, else the current one)."""

    async def get_laws(request: Request) -> Response:
        """``GET /api/laws?edition=2018&article=7.5``: the articles of an edition."""
        laws = editions.edition(request.query_params.get("edition") or default_laws or editions.CURRENT)
        number = article_number(request.query_params.get("article") or "")
        lang = request_language(request)
        found = (editions.edition_subarticles(laws.name, number, lang) if number
                 else list(editions.edition_articles(laws.name, lang).values()))
        return JSONResponse({"edition": laws.name, "in_force": laws.in_force.isoformat(), "title": laws.title,
                             "editions": editions.names(), "articles": [a.fields() for a in found]})

    async def get_laws_diff(request: Request) -> Response:
        """``GET /api/laws/diff?old=2018&new=2023``: what changed from one edition to the other."""
        old = editions.edition(request.query_params.get("old") or "").name
        new = editions.edition(request.query_params.get("new") or editions.CURRENT).name
        changes = editions.changes(old, new, request_language(request))
        return JSONResponse({"old": old, "new": new, "changes": [c.fields() for c in changes]})

    return [Route("/api/laws", get_laws), Route("/api/laws/diff", get_laws_diff)]
