"""Browser tests of the page around the brain, as a student meets it: a styled first paint with
the progress bar on top and the guide only after the brain is drawn; hidden controls that stay
hidden; the 2D slice fetched only when its pane is on screen; offline preparation that asks for
each item once; Help in a student's words; names that are not cut; nothing above the 2D slice
that moves it once the brain is drawn.

Run by Scripts/browser-test.sh against a running server (BRAINTUTOR_URL) that lists a map, WebGL
in headless Chromium as in test_webgl.py. Every test also asserts that the page logged no error.
"""

import re
import unittest

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from test_app import SUM_TRANSFER, AppSession
from test_viewer import ARTIFACTS, BASE, POLL, TIMEOUT, api
from test_webgl import start_browser

FAST_LINK = {"offline": False, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1}
SLOW_LINK = {"offline": False, "latency": 150, "downloadThroughput": 1.6e6 / 8, "uploadThroughput": 0.75e6 / 8}

# Elements with the hidden attribute that are laid out anyway (a class's display winning).
SHOWN_THOUGH_HIDDEN = """Array.from(document.querySelectorAll('[hidden]'))
  .filter((e) => getComputedStyle(e).display !== 'none')
  .map((e) => e.id || e.className || e.tagName)"""

# Run before the page's own scripts: records, every frame, where the 2D slice's figure is on the
# page (not the window: scrolling is no shift), and when the guide first shows.
WATCH = """
window.__tops = []; window.__guideAt = null; window.__progressSeen = false;
const tick = () => {
  const figure = document.getElementById('slice-figure');
  if (figure) window.__tops.push([performance.now(), Math.round(figure.getBoundingClientRect().top + window.scrollY)]);
  const guide = document.getElementById('guide');
  if (guide && guide.open && window.__guideAt === null) window.__guideAt = performance.now();
  const bar = document.getElementById('brain-spinner');
  if (bar && bar.getClientRects().length && !(guide && guide.open)) window.__progressSeen = true;
  requestAnimationFrame(tick);
};
requestAnimationFrame(tick);
performance.setResourceTimingBufferSize(5000);
"""


class PageSession(AppSession):
    """One browser for the class (a browser's start is much of a short test); each test leaves
    the network as it found it."""

    @classmethod
    def setUpClass(cls):
        cls.driver = start_browser(cls.width, cls.height, cls.phone)
        cls.driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": WATCH})
        cls.driver.execute_cdp_cmd("Network.enable", {})
        cls.wait = WebDriverWait(cls.driver, TIMEOUT, poll_frequency=POLL)
        ARTIFACTS.mkdir(parents=True, exist_ok=True)

    @classmethod
    def tearDownClass(cls):
        cls.driver.quit()

    def setUp(self):
        pass

    def tearDown(self):
        errors = [e for e in self.driver.get_log("browser") if e["level"] == "SEVERE"]
        for method, params in (("Network.setBlockedURLs", {"urls": []}),
                               ("Network.setBypassServiceWorker", {"bypass": False}),
                               ("Network.emulateNetworkConditions", FAST_LINK)):
            self.driver.execute_cdp_cmd(method, params)
        self.assertEqual(errors, [], "the page logged errors")

    def shot(self, name):
        self.driver.save_screenshot(str(ARTIFACTS / f"page-{self.width}x{self.height}-{name}.png"))

    def resources(self, pattern):
        return self.call("performance.getEntriesByType('resource').map((e) => e.name)"
                         ".filter((n) => new RegExp(args[0]).test(n))", pattern)


class FirstPaint:
    def test_1_the_first_paint_is_styled_before_any_script_runs(self):
        # The page as it paints before its scripts arrive: scripts blocked.
        self.driver.execute_cdp_cmd("Network.setBlockedURLs", {"urls": ["*.js"]})
        self.driver.get(BASE + "/")
        self.wait.until(lambda d: d.execute_script("return document.readyState") == "complete")
        look = self.call("""(() => {
          const bar = document.getElementById('brain-spinner'), r = bar.getBoundingClientRect();
          const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
          const figure = document.getElementById('brain-figure').getBoundingClientRect();
          return {header: getComputedStyle(document.querySelector('.bar')).backgroundColor,
                  progress: bar.getClientRects().length > 0, text: bar.textContent.trim(), onTop: bar.contains(top),
                  brokenImages: Array.from(document.images).filter((i) => i.getClientRects().length
                    && getComputedStyle(i).visibility !== 'hidden' && !i.getAttribute('src')).length,
                  slice: getComputedStyle(document.getElementById('slice-figure')).backgroundColor,
                  figure: [figure.width, figure.height]};
        })()""")
        self.shot("first-paint")
        self.driver.execute_cdp_cmd("Network.setBlockedURLs", {"urls": []})
        self.driver.get_log("browser")  # the blocked scripts are logged: expected here
        self.assertEqual(look["header"], "rgb(24, 50, 79)", "the stylesheet is applied")
        self.assertTrue(look["progress"], "the progress bar shows from the first paint")
        self.assertEqual(look["text"], "Loading the brain")
        self.assertTrue(look["onTop"], "nothing covers the progress bar")
        self.assertEqual(look["brokenImages"], 0, "an image without a source shows its broken-image caption")
        self.assertNotEqual(look["slice"], "rgb(0, 0, 0)", "a black box where no slice is yet")
        width, height = look["figure"]
        self.assertGreaterEqual(height, 0.5 * width, "the brain's box is not reserved")


class SlowLink:
    """A phone's first visit on a slow link (the guide is a first visit's)."""

    def test_2_on_a_slow_link_the_guide_waits_for_the_brain(self):
        self.driver.execute_cdp_cmd("Network.setBypassServiceWorker", {"bypass": True})
        self.driver.execute_cdp_cmd("Network.emulateNetworkConditions", SLOW_LINK)
        self.driver.execute_cdp_cmd("Page.navigate", {"url": BASE + "/?guide=on"})
        # While the brain loads: the progress bar, and no guide over it.
        self.wait.until(lambda d: d.execute_script(
            "const b = document.getElementById('brain-spinner'); return !!b && b.getClientRects().length > 0"
            " && /MB/.test(b.textContent) && !!window.brainTutor"))
        self.assertFalse(self.call("document.getElementById('guide').open"))
        self.shot("slow-link-loading")
        self.call("brainTutor.ready")
        self.wait.until(lambda d: d.execute_script("return window.__guideAt !== null"))
        drawn, guide_at, seen = self.call("[brainTutor.timings().firstDrawnAt, window.__guideAt, window.__progressSeen]")
        print(f"\n{self.width}x{self.height} at 1.6 Mbit/s: brain drawn {drawn / 1e3:.1f} s, guide opened {guide_at / 1e3:.1f} s")
        self.assertTrue(seen, "the progress bar never showed uncovered")
        self.assertGreaterEqual(guide_at, drawn, "the guide opened before the brain was drawn")
        self.shot("slow-link-guide")


class Controls:
    def test_3_controls_help_and_names(self):
        """One page for three checks, each of its own: hidden controls, Help, names not cut."""
        self.load()
        self.check_hidden_controls()
        self.check_help()
        self.check_names()

    def check_hidden_controls(self):
        self.assertEqual(self.call(SHOWN_THOUGH_HIDDEN), [], "explore")
        for tab in ("table", "text", "brain"):
            self.call("document.getElementById(args[0]).click()", f"tab-{tab}")
            self.assertEqual(self.call(SHOWN_THOUGH_HIDDEN), [], f"tab {tab}")
        self.driver.find_element(By.CSS_SELECTOR, "button.mode[data-mode=learn]").click()
        self.assertEqual(self.call(SHOWN_THOUGH_HIDDEN), [], "learn")
        self.driver.find_element(By.CSS_SELECTOR, "button.mode[data-mode=explore]").click()
        # The map row shows because this server lists a map; with a map chosen its sliders show.
        self.assertTrue(self.driver.find_element(By.ID, "map-controls").is_displayed())

    def check_help(self):
        self.driver.find_element(By.ID, "help-open").click()
        help_text = self.driver.find_element(By.ID, "help").text
        self.shot("help")
        for heading in ("Turn and name", "3D slices", "2D slices", "Learn", "Without a connection", "Atlases"):
            self.assertIn(heading, help_text)
        for words in ("Tap a region", "Move planes here", "Axial", "Find it", "Name it", "Radiological"):
            self.assertIn(words, help_text)
        developer = re.findall(r"fsaverage\w*|abagen|\w+\.(?:md|js|json|lbl)\b|/api/|\bMNI\b|\bVMP\b|shader|endpoint", help_text, re.I)
        self.assertEqual(developer, [], "developer words in Help")
        titles = [a["title"] for a in api("/api/atlases")]
        self.assertEqual([e.text for e in self.driver.find_elements(By.CSS_SELECTOR, "#help-atlases li")], titles)
        self.driver.find_element(By.ID, "help-close").click()

    def check_names(self):
        # Every atlas title fits the chooser, at the font the page gives it (measured apart from the
        # page's own fitting: the box less its padding and a 20 px arrow).
        cut = self.call("""(async () => {
          const { fitSelect } = await import('/select-fit.js');
          const select = document.getElementById('atlas'), shown = select.value, g = document.createElement('canvas').getContext('2d');
          const out = [];
          for (const option of select.options) {
            select.value = option.value; fitSelect(select);
            const s = getComputedStyle(select);
            g.font = `${s.fontStyle} ${s.fontWeight} ${s.fontSize} ${s.fontFamily}`;
            const room = select.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight) - 20;
            if (g.measureText(option.textContent).width > room || parseFloat(s.fontSize) < 12) out.push([option.textContent, s.fontSize, room]);
          }
          select.value = shown; fitSelect(select);
          return out;
        })()""")
        self.assertEqual(cut, [], "atlas titles cut in the chooser")
        # The longest title chosen, as a student sees the bar.
        self.call("""(async () => { const { fitSelect } = await import('/select-fit.js'); const s = document.getElementById('atlas');
          s.value = Array.from(s.options).sort((a, b) => b.textContent.length - a.textContent.length)[0].value; fitSelect(s); })()""")
        self.driver.execute_script("window.scrollTo(0, 0)")
        self.shot("atlas-menu")
        self.call("""(async () => { const { fitSelect } = await import('/select-fit.js'); const s = document.getElementById('atlas');
          s.value = 'gyri'; fitSelect(s); })()""")
        # A region tapped at the brain's right edge: its pinned name stays inside the drawing.
        x, y, region = self.call("""(() => {
          const v = brainTutor.viewer(); v.ensurePick(); const t = v.renderer.pick;
          for (let x = t.width - 1; x >= 0; x -= 1) for (let y = 0; y < t.height; y += 1) {
            const i = (y * t.width + x) * 4, id = t.pixels[i] | (t.pixels[i + 1] << 8) | (t.pixels[i + 2] << 16);
            if (!id) continue;
            const hit = v.pickAt(x, t.height - 1 - y);
            if (hit) return [x, t.height - 1 - y, hit.name];
          }
          return [0, 0, null];
        })()""")
        self.assertIsNotNone(region, "no region at the brain's right edge")
        self.call("brainTutor.learn.tapAt(args[0], args[1])", x, y)
        self.wait.until(lambda d: d.find_element(By.ID, "brain-pin").is_displayed())
        pin, figure = self.call("""[document.getElementById('brain-pin'), document.getElementById('brain-canvas')]
          .map((e) => { const r = e.getBoundingClientRect(); return [r.left, r.right]; })""")
        self.assertGreaterEqual(pin[0], figure[0], f"{region}: the pinned name leaves the drawing on the left")
        self.assertLessEqual(pin[1], figure[1], f"{region}: the pinned name is cut at the right edge")
        self.shot("pinned-at-edge")


class SliceAndLayout:
    def test_4_nothing_moves_the_2d_slice_and_offline_preparation_asks_once(self):
        """One page for two checks: the slice's place once the brain is drawn, then the warm-up."""
        self.load()
        # The late panel: the map row (this server lists a map), its code loaded after the brain.
        self.wait.until(lambda d: self.resources(r"/map-panel\.js") and d.find_element(By.ID, "map-controls").is_displayed())
        self.driver.execute_script("document.getElementById('slice-figure').scrollIntoView({block: 'center'})")
        self.wait.until(lambda d: d.find_element(By.ID, "slice").get_attribute("data-state") == "ready")
        self.call("new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")
        drawn = self.call("brainTutor.timings().firstDrawnAt")
        tops = sorted({top for at, top in self.call("window.__tops") if at >= drawn})
        self.assertEqual(len(tops), 1, f"the 2D slice moved after the brain was drawn: page tops {tops}")
        self.check_offline_preparation_asks_once()

    def test_5_the_2d_slice_is_fetched_only_when_its_pane_is_on_screen(self):
        self.driver.execute_cdp_cmd("Network.setBypassServiceWorker", {"bypass": True})
        self.load()
        below = self.call("document.getElementById('slice-figure').getBoundingClientRect().top - window.innerHeight")
        slices = self.resources(r"/api/slice\?")
        if self.phone:
            self.assertGreater(below, 200, "on a phone the slice pane lies below the brain")
        if below > 200:
            self.assertEqual(slices, [], "the slice was fetched for a pane below the fold")
        mark = self.call("performance.getEntriesByType('resource').length + 1")
        self.call("brainTutor.setAtlas('lobes')")
        switch = self.call(SUM_TRANSFER, mark)
        print(f"\n{self.width}x{self.height}: atlas switch (gyri to lobes) {switch / 1e3:.0f} kB on the wire, "
              f"slice pane {below:.0f} px below the fold")
        if below > 200:
            self.assertEqual(self.resources(r"/api/slice\?"), [], "the switch fetched the slice below the fold")
        self.assertLessEqual(switch, 250_000)
        # Scrolled to, the slice of the shown atlas arrives.
        self.driver.execute_script("document.getElementById('slice-figure').scrollIntoView({block: 'center'})")
        self.wait.until(lambda d: d.find_element(By.ID, "slice").get_attribute("data-state") == "ready")
        self.assertIn("atlas=lobes", self.driver.find_element(By.ID, "slice").get_attribute("data-url"))
        self.shot("slice-scrolled-to")

    def check_offline_preparation_asks_once(self):
        counts = {"gyri": len(api("/api/regions", atlas="gyri")), "lobes": len(api("/api/regions", atlas="lobes"))}
        # This page's own requests (an earlier visit's kept copies do not count), each atlas's
        # texts all asked for: the warm-up of that atlas is over.
        kept = """(async () => { for (;;) {
            const names = new Set(performance.getEntriesByType('resource').map((e) => e.name)
              .filter((u) => u.includes('/api/info?') && u.includes('atlas=' + args[0])));
            if (names.size >= args[1]) return true;
            await new Promise((r) => setTimeout(r, 100)); } })()"""
        self.call(kept, "gyri", counts["gyri"])
        self.call("brainTutor.setAtlas('lobes')")
        self.call(kept, "lobes", counts["lobes"])
        asked = self.resources(r"/api/(info|quiz)\?")
        twice = sorted({u for u in asked if asked.count(u) > 1})
        self.assertGreaterEqual(len(asked), counts["gyri"] + counts["lobes"])
        self.assertEqual(twice, [], "asked for more than once")


class LaptopTest(FirstPaint, Controls, SliceAndLayout, PageSession, unittest.TestCase):
    width, height, phone = 1280, 800, False


class PhoneTest(FirstPaint, SlowLink, Controls, SliceAndLayout, PageSession, unittest.TestCase):
    width, height, phone = 390, 844, True


if __name__ == "__main__":
    unittest.main(verbosity=2)
