"""Browser tests of the Brain Tutor web viewer, in headless Chromium driven by selenium.

Run by Scripts/browser-test.sh, which starts `braintutor serve` and sets BRAINTUTOR_URL.
Every expectation comes from the running server's own API (what /api/pick or /api/info
answers), so the page is checked against the engine, not against hard-coded names.
Screenshots go to $ARTIFACTS (default: <repo>/artifacts/browser).
"""

import concurrent.futures
import json
import os
import pathlib
import time
import unittest
import urllib.error
import urllib.parse
import urllib.request

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select, WebDriverWait

BASE = os.environ.get("BRAINTUTOR_URL", "http://127.0.0.1:8080").rstrip("/")
REPO = pathlib.Path(__file__).resolve().parents[2]
ARTIFACTS = pathlib.Path(os.environ.get("ARTIFACTS", REPO / "artifacts" / "browser"))
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMEDRIVER = os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")
TIMEOUT = float(os.environ.get("BROWSER_TIMEOUT", "60"))
# How often a wait asks its condition again: selenium's default of half a second adds a quarter of a
# second, on average, to each of the hundreds of waits; one condition check takes a few milliseconds.
POLL = 0.05


def api(path, **params):
    """GET a JSON endpoint of the server under test."""
    url = f"{BASE}{path}?{urllib.parse.urlencode(params)}" if params else f"{BASE}{path}"
    with urllib.request.urlopen(url, timeout=TIMEOUT) as response:
        return json.load(response)


def api_each(path, queries, on_http_error=None):
    """`api(path, **query)` for each query of `queries`, answers in the same order. Four at a time:
    one after another, a long list waits mostly on the round trips, not on the server. An HTTP
    error answers `on_http_error(error)` when it is given, and is raised otherwise."""
    def one(query):
        try:
            return api(path, **query)
        except urllib.error.HTTPError as error:
            if on_http_error is None:
                raise
            return on_http_error(error)
    with concurrent.futures.ThreadPoolExecutor(max_workers=4) as pool:
        return list(pool.map(one, queries))


class ViewerTest:
    """The scenario, run once per window size by the subclasses below."""

    width = 1280
    height = 800
    phone = False

    @classmethod
    def setUpClass(cls):
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        options = webdriver.ChromeOptions()
        options.binary_location = CHROMIUM
        for flag in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                     "--hide-scrollbars", "--force-device-scale-factor=1",
                     f"--window-size={cls.width},{cls.height}"):
            options.add_argument(flag)
        options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
        cls.driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
        # Desktop Chrome will not make a window narrower than ~500 px: emulate the viewport.
        cls.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
            "width": cls.width, "height": cls.height, "deviceScaleFactor": 1, "mobile": cls.phone})
        cls.wait = WebDriverWait(cls.driver, TIMEOUT, poll_frequency=POLL)

    @classmethod
    def tearDownClass(cls):
        cls.driver.quit()

    def tearDown(self):
        errors = [e for e in self.driver.get_log("browser") if e["level"] == "SEVERE"]
        self.assertEqual(errors, [], "the page logged errors")

    # ---------- helpers ----------

    def shot(self, name):
        self.driver.save_screenshot(str(ARTIFACTS / f"{self.width}x{self.height}-{name}.png"))

    def js(self, script, *args):
        return self.driver.execute_script(script, *args)

    def tab(self, name):
        """On a phone, show one section (brain, table or text); on a desktop all are visible."""
        if self.phone:
            self.driver.find_element(By.CSS_SELECTOR, f'.tab[data-tab="{name}"]').click()
            self.wait.until(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-tab") == name)

    def wait_image(self, image_id, url_contains=None):
        def ready(driver):
            img = driver.find_element(By.ID, image_id)
            url = img.get_attribute("data-url") or ""
            return (img.get_attribute("data-state") == "ready"
                    and (url_contains is None or url_contains in url)
                    and self.js("return arguments[0].naturalWidth", img) > 0)
        self.wait.until(ready)
        return self.driver.find_element(By.ID, image_id)

    def image_digest(self, image_id):
        """A checksum of the displayed image's pixels, read back through a canvas."""
        return self.js("""
            const img = document.getElementById(arguments[0]);
            const c = document.createElement('canvas');
            c.width = img.naturalWidth; c.height = img.naturalHeight;
            const g = c.getContext('2d'); g.drawImage(img, 0, 0);
            const d = g.getImageData(0, 0, c.width, c.height).data;
            let h = 0; for (let i = 0; i < d.length; i += 1) { h = (h * 31 + d[i]) >>> 0; }
            return h;""", image_id)

    def load(self):
        # The server-image mode (the fallback without WebGL); test_webgl.py covers WebGL.
        self.driver.get(BASE + "/?renderer=server")
        self.wait.until(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready") == "true")
        return self.wait_image("brain")

    def stable_brain_pixel(self, scene, natural_w, natural_h):
        """A pixel whose region /api/pick reports, with the same region all around it, so a
        click that lands a pixel off (CSS scaling) still hits the same region."""
        params = dict(urllib.parse.parse_qsl(scene))
        steps = 9
        for gy in range(1, steps):
            for gx in range(1, steps):
                x, y = natural_w * gx // steps, natural_h * gy // steps
                hit = api("/api/pick", **params, x=x, y=y)["region"]
                if not hit:
                    continue
                around = [api("/api/pick", **params, x=x + dx, y=y + dy)["region"]
                          for dx, dy in ((-3, 0), (3, 0), (0, -3), (0, 3))]
                if all(r and r["id"] == hit["id"] for r in around):
                    return x, y, hit
        self.fail("no stable brain pixel found in the rendered scene")

    # ---------- the scenario ----------

    def test_1_loads_with_every_atlas(self):
        self.load()
        options = [o.get_attribute("value") for o in
                   self.driver.find_elements(By.CSS_SELECTOR, "#atlas option")]
        self.assertEqual(options, [a["name"] for a in api("/api/atlases")])
        self.assertEqual(Select(self.driver.find_element(By.ID, "atlas")).first_selected_option
                         .get_attribute("value"), "gyri")
        rows = self.driver.find_elements(By.CSS_SELECTOR, "#regions tbody tr")
        self.assertEqual(len(rows), len(api("/api/regions", atlas="gyri")))
        self.assertFalse(self.driver.find_element(By.ID, "brain-spinner").is_displayed())
        self.shot("1-loaded")

    def test_2_switch_atlas_and_click_the_brain(self):
        self.load()
        Select(self.driver.find_element(By.ID, "atlas")).select_by_value("lobes")
        self.wait.until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#regions tbody tr"))
                        == len(api("/api/regions", atlas="lobes")))
        brain = self.wait_image("brain", "atlas=lobes")
        scene = brain.get_attribute("data-scene")
        natural_w = self.js("return arguments[0].naturalWidth", brain)
        natural_h = self.js("return arguments[0].naturalHeight", brain)
        x, y, region = self.stable_brain_pixel(scene, natural_w, natural_h)
        # Click the displayed image where that image pixel is (offsets from the element centre).
        shown_w, shown_h = brain.size["width"], brain.size["height"]
        dx = round((x + 0.5) * shown_w / natural_w - shown_w / 2)
        dy = round((y + 0.5) * shown_h / natural_h - shown_h / 2)
        ActionChains(self.driver).move_to_element_with_offset(brain, dx, dy).click().perform()
        self.wait.until(lambda d: d.find_element(By.ID, "info-name").get_attribute("textContent") == region["name"])
        self.wait_image("brain", f"highlight={region['id']}")
        self.shot("2-picked-brain")
        self.tab("text")
        self.assertEqual(self.driver.find_element(By.ID, "info-name").text, region["name"])
        self.assertEqual(self.driver.find_element(By.ID, "info-atlas").text,
                         next(a["title"] for a in api("/api/atlases") if a["name"] == "lobes"))
        side = "midline / both" if region["hemisphere"] == "none" else region["hemisphere"]
        self.assertEqual(self.driver.find_element(By.ID, "info-side").text, side)
        self.assertGreater(len(self.driver.find_element(By.ID, "info-text").text.split()), 20)
        self.shot("2-picked-info")

    def border_pixel(self, scene, natural_w, natural_h, atlas):
        """A pixel of a region of `atlas` whose MNI point /api/where finds within 2 mm of another
        region of that atlas, with the same region 2 pixels around it (a click may land a pixel off)."""
        params = dict(urllib.parse.parse_qsl(scene))
        steps = 16
        for gy in range(2, steps - 1):
            for gx in range(2, steps - 1):
                x, y = natural_w * gx // steps, natural_h * gy // steps
                pick = api("/api/pick", **params, x=x, y=y)
                hit, mni = pick["region"], pick["mni"]
                if not hit or not mni:
                    continue
                where = api("/api/where", x=mni[0], y=mni[1], z=mni[2], radius=3)
                others = [n for n in where.get("within", {}).get(atlas, []) if n["region"]["id"] != hit["id"]]
                if not others or others[0]["distanceMm"] > 2:
                    continue
                around = [api("/api/pick", **params, x=x + dx, y=y + dy)["region"]
                          for dx, dy in ((-2, 0), (2, 0), (0, -2), (0, 2))]
                if all(r and r["id"] == hit["id"] for r in around):
                    return x, y, hit
        self.fail(f"no {atlas} pixel within 2 mm of a border found in the rendered scene")

    def test_2b_a_tap_near_a_border_says_how_near(self):
        """A real click on a Brodmann area near another: the info panel names the nearest other
        area and its distance, and what the answer rests on, as /api/where says at the tapped point."""
        self.load()
        Select(self.driver.find_element(By.ID, "atlas")).select_by_value("brodmann")
        self.wait.until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#regions tbody tr"))
                        == len(api("/api/regions", atlas="brodmann")))
        brain = self.wait_image("brain", "atlas=brodmann")
        scene = brain.get_attribute("data-scene")
        natural_w = self.js("return arguments[0].naturalWidth", brain)
        natural_h = self.js("return arguments[0].naturalHeight", brain)
        x, y, region = self.border_pixel(scene, natural_w, natural_h, "brodmann")
        shown_w, shown_h = brain.size["width"], brain.size["height"]
        dx = round((x + 0.5) * shown_w / natural_w - shown_w / 2)
        dy = round((y + 0.5) * shown_h / natural_h - shown_h / 2)
        ActionChains(self.driver).move_to_element_with_offset(brain, dx, dy).click().perform()
        self.wait.until(lambda d: d.find_element(By.ID, "info-name").get_attribute("textContent") == region["name"])
        self.tab("text")
        note = self.driver.find_element(By.ID, "info-border")
        self.wait.until(lambda d: note.get_attribute("hidden") is None and note.get_attribute("textContent"))
        text = note.get_attribute("textContent")
        self.shot("2b-border")
        # The point the page tapped (the slices went there), asked of the engine directly.
        point = self.js("return brainTutor.slice.state().point")
        self.assertTrue(point, "a tap carries its MNI point")
        where = api("/api/where", x=point[0], y=point[1], z=point[2], radius=3)
        other = next(n for n in where["within"]["brodmann"] if n["region"]["id"] != region["id"])
        side = "" if other["region"]["hemisphere"] == "none" else f" ({other['region']['hemisphere']})"
        self.assertIn(f"{other['distanceMm']} mm from {other['region']['name']}{side}", text)
        own = where["atlases"].get("brodmann") or where["nearest"]["brodmann"]["region"]
        if own["id"] == region["id"] and own.get("provenance"):
            self.assertIn(f"here: {own['provenance']['kind']}", text)

    def test_3_search_broca(self):
        self.load()
        try:
            expected = api("/api/info", q="Broca", atlas="gyri")["region"]
        except urllib.error.HTTPError:
            expected = api("/api/info", q="Broca")["region"]
        self.tab("table")
        box = self.driver.find_element(By.ID, "search")
        box.send_keys("Broca", Keys.ENTER)
        self.wait.until(lambda d: d.find_element(By.ID, "info-name").get_attribute("textContent") == expected["name"])
        self.tab("table")
        selected = self.driver.find_elements(By.CSS_SELECTOR, '#regions tbody tr[aria-selected="true"]')
        self.assertEqual(len(selected), 1)
        self.assertEqual(selected[0].get_attribute("data-id"), str(expected["id"]))
        self.assertIn(expected["name"], selected[0].text)
        self.shot("3-broca-table")
        self.tab("brain")
        brain = self.wait_image("brain", f"highlight={expected['id']}")
        self.assertIn(f"atlas={expected['atlas']}", brain.get_attribute("data-url"))
        # Highlighting changes the picture: compare with the same scene without it.
        self.shot("3-broca-brain")
        plain_scene = brain.get_attribute("data-scene").replace(f"highlight={expected['id']}", "")
        with urllib.request.urlopen(f"{BASE}/api/render?{plain_scene}", timeout=TIMEOUT) as r:
            plain_png = r.read()
        with urllib.request.urlopen(f"{BASE}{brain.get_attribute('data-url')}", timeout=TIMEOUT) as r:
            highlighted_png = r.read()
        self.assertNotEqual(plain_png, highlighted_png)

    def test_4_slice_slider_changes_the_image(self):
        self.load()
        self.tab("brain")
        self.driver.find_element(By.CSS_SELECTOR, 'button.plane[data-plane="coronal"]').click()
        first = self.wait_image("slice", "plane=coronal")
        before_url = first.get_attribute("data-url")
        before = self.image_digest("slice")
        slider = self.driver.find_element(By.ID, "slice-index")
        self.js("arguments[0].scrollIntoView({block: 'center'})", slider)
        slider.click()
        slider.send_keys(Keys.ARROW_RIGHT * 12)  # twelve key presses in one command
        self.wait.until(lambda d: d.find_element(By.ID, "slice").get_attribute("data-url") != before_url)
        self.wait_image("slice")
        self.assertNotEqual(self.image_digest("slice"), before)
        self.assertIn("mm", self.driver.find_element(By.ID, "slice-label").text)
        self.shot("4-slice-moved")

    def test_5_keyboard_selects_a_region_from_the_table(self):
        self.load()
        self.tab("table")
        rows = self.driver.find_elements(By.CSS_SELECTOR, "#regions tbody tr")
        rows[0].send_keys(Keys.ARROW_DOWN)
        focused = self.driver.switch_to.active_element
        self.assertEqual(focused.get_attribute("data-id"), rows[1].get_attribute("data-id"))
        focused.send_keys(Keys.ENTER)
        name = api("/api/regions", atlas="gyri")[1]["name"]
        self.wait.until(lambda d: d.find_element(By.ID, "info-name").get_attribute("textContent") == name)
        self.wait_image("brain", "highlight=")
        self.shot("5-keyboard")


    def test_6_table_search_uses_info_matching(self):
        self.load()
        self.tab("table")
        box = self.driver.find_element(By.ID, "search")
        for text in ("M1", "precentarl"):
            box.clear()
            box.send_keys(text)
            ranked = api("/api/search", q=text, atlas="gyri", limit=200)["regions"]
            self.assertTrue(ranked, text)
            ids = [str(r["id"]) for r in ranked]

            def shown(d):
                rows = [r for r in d.find_elements(By.CSS_SELECTOR, "#regions tbody tr") if r.is_displayed()]
                return [r.get_attribute("data-id") for r in rows] == ids
            self.wait.until(shown)
        # One Tab stop for the whole table: exactly one row is in the tab order, and it is visible.
        stops = self.driver.find_elements(By.CSS_SELECTOR, '#regions tbody tr[tabindex="0"]')
        self.assertEqual(len(stops), 1)
        self.assertTrue(stops[0].is_displayed())
        self.shot("6-search-m1")
        # No match in this atlas: no rows, and a pointer to the atlas that has it (the gyri
        # atlas has no amygdala; the subcortical atlas has).
        self.assertEqual(api("/api/search", q="amygdala", atlas="gyri")["regions"], [])
        box.clear()
        box.send_keys("amygdala")
        self.wait.until(lambda d: "subcortical" in d.find_element(By.ID, "search-hint").text.lower())
        self.assertEqual([r for r in self.driver.find_elements(By.CSS_SELECTOR, "#regions tbody tr") if r.is_displayed()], [])

    def test_7_keyboard_cursor_picks_on_the_brain(self):
        self.load()
        self.tab("brain")
        brain = self.wait_image("brain")
        self.assertFalse(self.driver.find_element(By.ID, "info-swatch").is_displayed())  # hidden means hidden
        brain.send_keys(Keys.ARROW_UP)
        brain.send_keys(Keys.ARROW_LEFT)
        self.assertTrue(self.driver.find_element(By.ID, "brain-cursor").is_displayed())
        x, y = (int(v) for v in brain.get_attribute("data-cursor").split(","))
        params = dict(urllib.parse.parse_qsl(brain.get_attribute("data-scene")))
        expected = api("/api/pick", **params, x=x, y=y)["region"]
        brain.send_keys(Keys.ENTER)
        if expected:
            self.wait.until(lambda d: d.find_element(By.ID, "info-name").get_attribute("textContent") == expected["name"])
            self.wait_image("brain", f"highlight={expected['id']}")
            # The slices mark the picked point with a crosshair (drawn once the pane is on screen).
            self.js("document.getElementById('slice-figure').scrollIntoView({block: 'center'})")
            self.wait_image("slice", "at=")
        else:
            self.wait.until(lambda d: "No region" in d.find_element(By.ID, "status").text)
        self.shot("7-keyboard-pick")

    def test_8_region_hidden_in_the_view_switches_view(self):
        self.load()
        # A gyri region with no pixels in the left lateral view (the medial-surface regions).
        scene = dict(atlas="gyri", view="lateral", hemi="left", w=512, h=384)
        seen = {r["id"] for r in api("/api/render.json", **scene)["regions"]}
        hidden = next(r for r in api("/api/regions", atlas="gyri", hemi="left")
                      if r["id"] not in seen and r["sourceLabel"] == "cuneus")
        self.tab("table")
        row = self.driver.find_element(By.CSS_SELECTOR, f'#regions tbody tr[data-id="{hidden["id"]}"]')
        self.js("arguments[0].scrollIntoView({block: 'center'})", row)
        row.click()
        brain = self.wait_image("brain", f"highlight={hidden['id']}")
        params = dict(urllib.parse.parse_qsl(brain.get_attribute("data-scene")))
        self.assertNotEqual(params["view"], "lateral")
        report = api("/api/render.json", **params)
        self.assertTrue(any(r["id"] == hidden["id"] and r["pixels"] > 0 for r in report["regions"]))
        self.assertIn(params["view"], self.driver.find_element(By.ID, "view-note").text)
        pressed = self.driver.find_element(By.CSS_SELECTOR, 'button.view[aria-pressed="true"]')
        self.assertEqual(pressed.get_attribute("data-view"), params["view"])
        self.shot("8-hidden-region")


class PhoneViewerTest(ViewerTest, unittest.TestCase):
    width, height, phone = 390, 844, True

    def test_0_phone_layout_is_one_column(self):
        self.load()
        self.assertTrue(self.driver.find_element(By.CSS_SELECTOR, "nav.tabs").is_displayed())
        self.assertTrue(self.driver.find_element(By.ID, "brain-pane").is_displayed())
        self.assertFalse(self.driver.find_element(By.ID, "table-pane").is_displayed())
        brain = self.driver.find_element(By.ID, "brain")
        self.assertLessEqual(brain.size["width"], self.width)

    def test_0_phone_tabs_are_a_tablist(self):
        self.load()
        tabs = self.driver.find_elements(By.CSS_SELECTOR, 'nav.tabs[role="tablist"] [role="tab"]')
        self.assertEqual(len(tabs), 3)
        for tab in tabs:
            for pane_id in tab.get_attribute("aria-controls").split():
                pane = self.driver.find_element(By.ID, pane_id)
                self.assertEqual(pane.get_attribute("role"), "tabpanel")
                self.assertEqual(pane.get_attribute("aria-labelledby"), tab.get_attribute("id"))
        self.assertEqual([t.get_attribute("aria-selected") for t in tabs], ["true", "false", "false"])
        tabs[0].send_keys(Keys.ARROW_RIGHT)  # arrow keys move between tabs
        self.wait.until(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-tab") == "table")
        self.assertEqual(self.driver.switch_to.active_element.get_attribute("id"), "tab-table")

    def test_9_phone_table_selection_shows_the_brain(self):
        self.load()
        self.tab("table")
        region = api("/api/regions", atlas="gyri")[3]
        row = self.driver.find_element(By.CSS_SELECTOR, f'#regions tbody tr[data-id="{region["id"]}"]')
        row.click()
        self.wait.until(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-tab") == "brain")
        brain = self.wait_image("brain", f"highlight={region['id']}")
        self.assertGreater(brain.size["width"], 200)
        # Rendered for the shown pane (not at a hidden pane's width 0 → the 256 px minimum).
        params = dict(urllib.parse.parse_qsl(brain.get_attribute("data-scene")))
        self.assertGreaterEqual(int(params["w"]), 320)
        self.shot("9-table-to-brain")


class DesktopViewerTest(ViewerTest, unittest.TestCase):
    width, height, phone = 1280, 800, False

    def test_0_desktop_layout_is_split(self):
        self.load()
        self.assertFalse(self.driver.find_element(By.CSS_SELECTOR, "nav.tabs").is_displayed())
        table = self.driver.find_element(By.ID, "table-pane").rect
        brain = self.driver.find_element(By.ID, "brain-pane").rect
        self.assertLess(table["x"] + table["width"], brain["x"] + 1)  # table left, brain right
        self.assertTrue(self.driver.find_element(By.ID, "text-pane").is_displayed())


if __name__ == "__main__":
    unittest.main(verbosity=2)
