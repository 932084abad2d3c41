"""Screenshots for the README (not a test): the demo family's parent dashboard at 1200x800.

    BASE_URL=http://127.0.0.1:8080 python3 Tests/browser/make_screenshots.py [docs]

Run it against a server on a fresh database (the demo family as seeded) from the repository root.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).parent))
from helpers import BASE_URL, CHROMIUM_PATH, DEMO_PARENT, login  # noqa: E402


def main(out_dir: str = "docs") -> None:
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM_PATH, args=["--no-sandbox", "--disable-dev-shm-usage"])
        context = browser.new_context(base_url=BASE_URL, viewport={"width": 1200, "height": 800}, color_scheme="light")
        page = context.new_page()
        login(page, *DEMO_PARENT)
        page.wait_for_load_state("networkidle")
        page.screenshot(path=str(out / "dashboard.png"))
        browser.close()
    print(out / "dashboard.png", os.path.getsize(out / "dashboard.png"), "bytes")


if __name__ == "__main__":
    main(*sys.argv[1:])
