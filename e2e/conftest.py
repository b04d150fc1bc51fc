"""Shared fixtures for the browser tests: Debian's Chromium, one built dist/ and one server per session.

Glossary:
    site_dir      -- dist/, rebuilt once per session when missing or older than its sources.
    site_url      -- a localhost URL serving dist/ (tools/serve.py, same headers as Netlify).
    warm_profiles -- this test process's WarmProfiles (e2e/pages/warm.py): browser profiles that keep
                     compiled code and the site's engine snapshot (kept at each one's launch), each
                     lent to one test at a time and wiped after each.
    page          -- the test's page: lent by the warm profile, unless the test asks for its
                     ``context`` (then a fresh context's page, as pytest-playwright makes it).
    guarded_page  -- a page whose console errors, page errors and requests to other origins are
                     recorded; the test fails at teardown if any happened.
    game          -- a GamePage (e2e/pages/leopard.py) on a guarded page.
    hunt          -- a HuntPage (e2e/pages/hunt.py) on a guarded page.
    LONGEST_FIRST -- the tests that took longest in CI (its ``--durations`` list), run before all
                     others: pytest-xdist's worksteal gives each process a contiguous half of the
                     collection and a process that runs out takes half of the other's queue from
                     its end, so a long test late in the collection left one process running it
                     alone while the other had nothing to do. Only the order changes.

Page objects and shared helpers live in e2e/pages/; tests import them from there, never from here
and never from another test module.
"""

from __future__ import annotations

import fcntl
import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from pages import site
from pages.hunt import HuntPage
from pages.leopard import GamePage
from pages.site import NO_SERVICE_WORKER, ROOT, watched
from pages.warm import WarmProfile, WarmProfiles
from playwright.sync_api import Page, Playwright

sys.path.insert(0, str(ROOT / "tools"))

import build_site
import serve

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                  "--disable-component-update"]
# Longest first (CI's durations); a name here that no longer exists is simply not found.
LONGEST_FIRST = (
    "test_game_share.py::test_challenge_link_replays_the_deal_and_the_computer_and_compares_results",
    "test_game_fuzz.py::test_random_clicks_and_keys_break_nothing",
    "test_game_assist.py::test_statistics_after_two_finished_games",
    "test_game_play.py::test_complete_game_by_clicks_scores_match_engine",
    "test_game_feel.py::test_speed_sets_the_pace_and_a_game_completes",
    "test_game_pass_and_play.py::test_a_hand_by_clicks_from_its_deal_and_near_its_end_never_shows_the_hidden_hand",
    "test_game_layout.py::test_table_fits_and_a_hand_plays_by_clicks",
    "test_game_review.py::test_review_a_hand_step_through_it_play_on_as_practice_and_in_each_theme",
    "test_game_share.py::test_axe_finds_no_serious_violations_in_the_share_dialogs",
    "test_eleusis_start.py::test_the_eleusis_frame_plays_a_whole_express_hand_as_the_engine_does",
    "test_eleusis_teacher.py::test_item2_the_guess_panel_leaves_the_evidence_in_sight",
    "test_eleusis_start.py::test_the_status_line_says_the_computer_players_are_getting_ready_over_a_readable_hand",
    "test_i18n_game.py::test_every_text_of_the_table_and_play_comes_from_the_catalog",
    "test_i18n_dialogs.py::test_every_dialog_in_spanish_has_no_english_and_passes_axe",
    "test_game_review.py::test_review_in_spanish_on_a_phone_and_from_statistics",
    "test_game_assist.py::test_first_visit_offer_menu_replay_skip_and_rules_link",
    "test_fast_start.py::test_first_visit_on_a_slow_link_starts_normally_and_the_next_from_the_snapshot",
    "test_hunt.py::test_offline_return_visit_plays",
    "test_eleusis_whole_game.py::test_a_whole_game_every_player_deals_once_by_clicks",
    "test_stored_records.py::test_a_damaged_eleusis_view_is_set_aside_and_the_page_starts",
    "test_snapshot_reproducible.py::test_the_snapshot_is_the_same_bytes_when_made_again_in_other_folders",
)
SOURCES = ("web", "leopard_core", "package.json", "pyproject.toml", "tools/build_site.py",
           "tools/snapshot.mjs", "tools/markdown_page.py", "tools/site_pages.py")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The LONGEST_FIRST tests first (in that order), then the others in their collection order."""
    def rank(item: pytest.Item) -> int:
        name = item.nodeid.split("/")[-1].split("[")[0]
        return LONGEST_FIRST.index(name) if name in LONGEST_FIRST else len(LONGEST_FIRST)

    items.sort(key=rank)  # stable: the rest keep their order


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    """Use Debian's Chromium, never a downloaded browser."""
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_FLAGS}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    """Contexts prefer English, whatever the machine's locale: a page picks its language from the
    browser's (the Spanish tests ask for es-ES, or choose with the switch). They register no
    service worker (``NO_SERVICE_WORKER``)."""
    return {**browser_context_args, "locale": "en-US", **NO_SERVICE_WORKER}


def newest_source_mtime() -> float:
    """Latest modification time among the files the site is built from."""
    times = []
    for name in SOURCES:
        path = ROOT / name
        files = [path] if path.is_file() else [p for p in path.rglob("*") if p.is_file()]
        times += [f.stat().st_mtime for f in files if "__pycache__" not in f.parts]
    return max(times)


@pytest.fixture(scope="session")
def site_dir() -> Path:
    """dist/, built once per session if missing or stale. Parallel workers (pytest -n) take a lock,
    so one builds while the others wait, then find it fresh."""
    dist = ROOT / "dist"
    marker = dist / "sw.js"
    with open(ROOT / ".e2e-build.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not marker.exists() or marker.stat().st_mtime < newest_source_mtime():
            build_site.build(dist)
    return dist


@pytest.fixture(scope="session")
def site_url(site_dir: Path) -> Iterator[str]:
    """The built site on a free localhost port for the whole session."""
    server, url = serve.start_server(site_dir)
    yield url
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="session")
def warm_profiles(playwright: Playwright, browser_type_launch_args: dict[str, Any],
                  browser_context_args: dict[str, Any], site_url: str) -> Iterator[WarmProfiles | None]:
    """The warm profiles of this test process; ``guarded_context`` borrows from them too.
    LEOPARD_E2E_COLD=1 in the environment turns it off: every test then makes a fresh context (to
    rule out the profile when a test fails, to measure what it saves, or for pytest-playwright's
    --tracing / --video / --screenshot, which record only the contexts it makes)."""
    if os.environ.get("LEOPARD_E2E_COLD") == "1":
        yield None
        return
    profiles = WarmProfiles(playwright, browser_type_launch_args, browser_context_args, site_url)
    site.WARM.append(profiles)
    yield profiles
    site.WARM.remove(profiles)
    profiles.close()


@pytest.fixture()
def warm_profile(warm_profiles: WarmProfiles | None) -> WarmProfile | None:
    """The warm profile the ``page`` fixture lends from (the contexts' settings)."""
    return warm_profiles.profile() if warm_profiles else None


@pytest.fixture()
def page(request: pytest.FixtureRequest, warm_profile: WarmProfile | None) -> Iterator[Page]:
    """The test's page, lent by the warm profile (module glossary). A test that asks for ``context``
    (to route, add init scripts, set a clock...) or sets ``browser_context_args`` gets a page of a
    fresh context instead, as pytest-playwright's own ``page`` fixture would make it."""
    if (warm_profile is None or "context" in request.fixturenames
            or request.node.get_closest_marker("browser_context_args")):
        yield request.getfixturevalue("context").new_page()
        return
    with warm_profile.lend() as lent:
        yield lent


@pytest.fixture()
def guarded_page(page: Page, site_url: str) -> Iterator[Page]:
    """The test's page with the Guard attached; fails the test on errors or foreign requests."""
    with watched(page, site_url):
        yield page


@pytest.fixture()
def game(guarded_page: Page, site_url: str) -> GamePage:
    """A GamePage on a guarded page of the session's site."""
    return GamePage(guarded_page, site_url)


@pytest.fixture()
def hunt(guarded_page: Page, site_url: str) -> HuntPage:
    """A HuntPage on a guarded page of the session's site."""
    return HuntPage(guarded_page, site_url)
