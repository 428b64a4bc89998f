"""Browser tests of the WebGL viewer: picking and drawing on the device agree with the server.

Run by Scripts/browser-test.sh (which starts `braintutor serve` and sets BRAINTUTOR_URL) in
headless Chromium with WebGL on Mesa's llvmpipe through ANGLE (`--use-angle=gl-egl`; set
ANGLE=swiftshader for the CPU fallback). Every expectation is the server's own answer for the
same scene, size and pixel (/api/pick, /api/render?shading=flat).
"""

import os
import random
import unittest
import urllib.parse

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

# The server, artifacts folder, browser paths and API helper of the server-image tests.
from test_viewer import ARTIFACTS, BASE, CHROMEDRIVER, CHROMIUM, POLL, TIMEOUT, api, api_each

ANGLE_FLAGS = {
    "gl-egl": ("--use-angle=gl-egl", "--use-gl=angle"),
    "swiftshader": ("--use-angle=swiftshader", "--use-gl=angle", "--enable-unsafe-swiftshader"),
}
PRESETS = ["lateral", "medial", "superior", "inferior", "anterior", "posterior"]
SAMPLES = 520


def same_region(a, b):
    if a is None or b is None:
        return a is None and b is None
    return a["atlas"] == b["atlas"] and a["id"] == b["id"]


def start_browser(width, height, phone):
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--hide-scrollbars",
                 "--ignore-gpu-blocklist", "--enable-webgl", "--force-device-scale-factor=1",
                 f"--window-size={width},{height}") + ANGLE_FLAGS[os.environ.get("ANGLE", "gl-egl")]:
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": width, "height": height, "deviceScaleFactor": 1, "mobile": phone})
    driver.set_script_timeout(TIMEOUT)
    return driver


class BrowserSession:
    """One headless browser per test class (the subclass sets width, height, phone) and `call`."""

    @classmethod
    def setUpClass(cls):
        cls.driver = start_browser(cls.width, cls.height, cls.phone)
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        cls.wait = WebDriverWait(cls.driver, TIMEOUT, poll_frequency=POLL)

    @classmethod
    def tearDownClass(cls):
        cls.driver.quit()

    def tearDown(self):
        errors = [e for e in self.driver.get_log("browser") if e["level"] == "SEVERE"]
        self.assertEqual(errors, [], "the page logged errors")

    def call(self, expression, *args):
        """Evaluates `expression` (may be a promise) in the page; arguments as `args[i]`."""
        result = self.driver.execute_async_script(
            "const done = arguments[arguments.length - 1]; const args = arguments[1];"
            "Promise.resolve().then(() => eval(arguments[0])).then((v) => done({ok: v}), (e) => done({error: String(e)}));",
            expression, list(args))
        if "error" in result:
            raise AssertionError(f"{expression[:80]}: {result['error']}")
        return result.get("ok")


class WebGLViewerTest(BrowserSession):
    """The scenario; the subclasses below set the window size (width, height, phone)."""

    def load(self):
        self.driver.get(BASE + "/")
        self.call("brainTutor.ready")
        self.assertEqual(self.call("brainTutor.renderer()"), "webgl", "WebGL is not available in this browser")

    def shot(self, name):
        self.driver.save_screenshot(str(ARTIFACTS / f"webgl-{self.width}x{self.height}-{name}.png"))

    def scene_params(self):
        return dict(urllib.parse.parse_qsl(self.call("brainTutor.sceneQuery()")))

    def pick_grid(self, step, ids_only=False):
        """pickAt over a grid of drawing-buffer pixels: {(x, y): region or None}; with `ids_only`,
        each region as its atlas and id alone (tens of thousands of whole regions are slow to pass)."""
        return {tuple(p[0]): p[1] for p in self.call(
            "(() => { const {width, height} = brainTutor.canvasSize(); const out = [];"
            " for (let y = args[0] >> 1; y < height; y += args[0]) for (let x = args[0] >> 1; x < width; x += args[0]) {"
            " const r = brainTutor.pickAt(x, y); out.push([[x, y], r && args[1] ? {atlas: r.atlas, id: r.id} : r]); }"
            " return out; })()", step, ids_only)}

    def assert_no_console_errors(self):
        errors = [e for e in self.driver.get_log("browser") if e["level"] == "SEVERE"]
        self.assertEqual(errors, [])

    # ---------- agreement with the server ----------

    def assert_picks_agree(self, view, samples, rng):
        """pickAt at `samples` pixels (a few of them background) against /api/pick."""
        self.call("brainTutor.setView(args[0])", view)
        size = self.call("brainTutor.canvasSize()")
        params = self.scene_params()
        grid = self.pick_grid(6, ids_only=True)
        brain = [p for p, r in grid.items() if r]
        background = [p for p, r in grid.items() if not r]
        self.assertGreater(len(brain), samples, f"{view}: too few brain pixels on the canvas")
        sample = rng.sample(brain, samples - 40) + rng.sample(background, min(40, len(background)))
        answers = api_each("/api/pick", [{**params, "w": size["width"], "h": size["height"], "x": x, "y": y}
                                         for x, y in sample])
        agree = sum(same_region(grid[(x, y)], server["region"]) for (x, y), server in zip(sample, answers))
        share = agree / len(sample)
        self.assertGreaterEqual(share, 0.995, f"{params}: pickAt agrees with /api/pick at {share:.3%}")

    def test_1_picks_agree_with_the_server_at_every_preset(self):
        self.load()
        rng = random.Random(17)
        for view in PRESETS:
            self.assert_picks_agree(view, SAMPLES, rng)
            self.shot(f"1-{view}")
        self.assert_no_console_errors()

    def frame_agreement(self, shading):
        """The share of brain pixels where the browser's frame (`snapshot(shading)`) is within 1
        per channel of /api/render for the same scene, size and shading (no anti-aliasing)."""
        size = self.call("brainTutor.canvasSize()")
        query = urllib.parse.urlencode({**self.scene_params(), "w": size["width"], "h": size["height"],
                                        "shading": shading, "aa": "off"})
        result = self.call("""(async () => {
            const load = (src) => new Promise((ok, fail) => { const i = new Image(); i.onload = () => ok(i);
                i.onerror = () => fail(new Error('cannot load ' + src.slice(0, 60))); i.src = src; });
            const pixels = (img) => { const c = document.createElement('canvas'); c.width = img.width;
                c.height = img.height; const g = c.getContext('2d'); g.drawImage(img, 0, 0);
                return g.getImageData(0, 0, c.width, c.height).data; };
            const mine = pixels(await load(brainTutor.snapshot(args[1])));
            const theirs = pixels(await load('/api/render?' + args[0]));
            let brain = 0, same = 0;
            for (let i = 0; i < theirs.length; i += 4) {
                const bg = theirs[i] === 255 && theirs[i + 1] === 255 && theirs[i + 2] === 255;
                if (bg) continue;
                brain += 1;
                if (Math.abs(mine[i] - theirs[i]) <= 1 && Math.abs(mine[i + 1] - theirs[i + 1]) <= 1
                    && Math.abs(mine[i + 2] - theirs[i + 2]) <= 1) same += 1;
            }
            return {brain, same, length: mine.length === theirs.length};
        })()""", query, shading)
        self.assertTrue(result["length"], "browser frame and server image differ in size")
        self.assertGreater(result["brain"], 10000)
        return result["same"] / result["brain"]

    def test_2_flat_frame_matches_the_server_render(self):
        self.load()
        for view in ("lateral", "superior"):
            self.call("brainTutor.setView(args[0])", view)
            share = self.frame_agreement("flat")
            self.assertGreaterEqual(share, 0.99, f"{view}: {share:.3%} of brain pixels match")

    def test_9_inflated_lit_frame_with_curvature_matches_the_server_render(self):
        self.load()
        self.driver.find_element(By.CSS_SELECTOR, 'button.surface[data-surface="inflated"]').click()
        self.call("brainTutor.shown()")
        self.assertIn("surface=inflated", self.call("brainTutor.sceneQuery()"))
        # The scene shades the inflated cortex, so the lit frames compare the curvature too.
        scene = api("/api/scene", **self.scene_params())
        self.assertTrue(all(layer["curvature"] for layer in scene["layers"]), "inflated layers are not shaded")
        for view in ("lateral", "medial"):
            self.call("brainTutor.setView(args[0])", view)
            for shading in ("lit", "flat"):
                share = self.frame_agreement(shading)
                self.assertGreaterEqual(share, 0.99, f"inflated {view} {shading}: {share:.3%} of brain pixels match")
            self.shot(f"9-inflated-{view}")
        self.assert_no_console_errors()

    def test_10_pial_lit_frame_with_occlusion_matches_the_server_render(self):
        self.load()
        self.call("brainTutor.shown()")
        # The pial cortex carries ambient occlusion: lit frames compare it; the switch turns it off.
        scene = api("/api/scene", **self.scene_params())
        self.assertTrue(all(layer["occlusion"] for layer in scene["layers"]), "pial layers have no occlusion")
        self.assertGreaterEqual(self.frame_agreement("lit"), 0.99, "pial lateral lit frame with occlusion")
        self.driver.find_element(By.ID, "ambient-occlusion").click()
        self.call("brainTutor.shown()")
        self.assertIn("ao=off", self.call("brainTutor.sceneQuery()"))
        self.assertGreaterEqual(self.frame_agreement("lit"), 0.99, "pial lateral lit frame without occlusion")
        self.shot("10-pial-ao-off")
        self.assert_no_console_errors()

    # ---------- interaction ----------

    def brain_columns(self):
        grid = self.pick_grid(10)
        xs = [x for (x, _), r in grid.items() if r]
        return min(xs), max(xs)

    def test_3_drag_turns_tap_selects_reset_restores(self):
        self.load()
        self.call("brainTutor.setView('lateral')")
        size0 = self.call("brainTutor.canvasSize()")
        before = self.pick_grid(10)
        left, right = self.brain_columns()
        # A region on the near (lateral) side of the anterior end: in a left lateral view the
        # front is on the left, and turning it toward the viewer moves it right.
        front = next(r for r in before.values() if r and r["sourceLabel"] == "rostralmiddlefrontal")
        def front_x(grid):
            xs = [x for (x, _), r in grid.items() if r and r["id"] == front["id"]]
            return sum(xs) / len(xs)
        canvas = self.driver.find_element(By.ID, "brain-canvas")
        # Left lateral view: the anterior end is on the left. Dragging right turns the front
        # toward the viewer and to the right, so the brain's left edge moves right.
        ActionChains(self.driver).move_to_element(canvas).click_and_hold().move_by_offset(60, 0) \
            .move_by_offset(60, 0).release().perform()
        self.call("new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok)))")
        moved = front_x(self.pick_grid(10)) - front_x(before)
        self.assertGreater(moved, 0.04 * size0["width"], f"dragging right moved {front['name']} by {moved} px")
        self.shot("3-dragged")
        self.driver.find_element(By.ID, "brain-reset").click()
        self.wait.until(lambda d: self.pick_grid(10) == before)
        # A tap names the region under it and highlights it.
        size = self.call("brainTutor.canvasSize()")
        x, y = (left + right) // 2, size["height"] // 2
        expected = self.call("brainTutor.pickAt(args[0], args[1])", x, y)
        self.assertIsNotNone(expected)
        plain = self.call("brainTutor.snapshot('lit')")
        rect = canvas.rect
        ActionChains(self.driver).move_to_element_with_offset(
            canvas, round((x + 0.5) * rect["width"] / size["width"] - rect["width"] / 2),
            round((y + 0.5) * rect["height"] / size["height"] - rect["height"] / 2)).click().perform()
        self.wait.until(lambda d: d.find_element(By.ID, "info-name").get_attribute("textContent") == expected["name"])
        # The panel names the region at once; the brain is drawn with it once its text has come.
        self.wait.until(lambda d: f"highlight={expected['id']}" in (self.call("brainTutor.sceneQuery()") or ""))
        self.call("brainTutor.shown()")
        self.assertNotEqual(self.call("brainTutor.snapshot('lit')"), plain, "the highlight did not change the frame")
        self.shot("3-tapped")
        self.assert_no_console_errors()

    def test_4_data_is_cached_and_small(self):
        self.load()
        entries = self.call("performance.getEntriesByType('resource').filter((e) => /api\\/(mesh|labels)/.test(e.name))"
                            ".map((e) => ({name: e.name, bytes: e.transferSize, encoded: e.encodedBodySize}))")
        self.assertTrue(entries)
        self.assertLessEqual(sum(e["encoded"] for e in entries), 4 * 1024 * 1024)
        self.driver.get(BASE + "/")
        self.call("brainTutor.ready")
        again = self.call("performance.getEntriesByType('resource').filter((e) => /api\\/(mesh|labels)/.test(e.name))"
                          ".map((e) => e.transferSize)")
        self.assertTrue(all(size < 1000 for size in again), f"second load transferred {again}")


class PhoneWebGLTest(WebGLViewerTest, unittest.TestCase):
    width, height, phone = 390, 844, True

    def test_5_phone_brain_first(self):
        self.load()
        canvas = self.driver.find_element(By.ID, "brain-canvas").rect
        visible_h = max(0, min(canvas["y"] + canvas["height"], self.height) - max(canvas["y"], 0))
        share = canvas["width"] * visible_h / (self.width * self.height)
        self.assertGreaterEqual(share, 0.55, f"the brain takes {share:.0%} of the first screen")
        how = self.driver.find_element(By.CSS_SELECTOR, ".how-to").text.lower()
        self.assertIn("drag to turn, tap to name", how)
        small = self.call("Array.from(document.querySelectorAll('button, select, .tab'))"
                          ".filter((b) => b.getClientRects().length && !b.classList.contains('link'))"
                          ".map((b) => b.getBoundingClientRect()).filter((r) => r.height < 44 || r.width < 44).length")
        self.assertEqual(small, 0, "touch targets under 44 px")
        self.shot("5-phone")

    def test_6_landscape_is_usable(self):
        self.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
            "width": 844, "height": 390, "deviceScaleFactor": 1, "mobile": True})
        try:
            self.load()
            canvas = self.driver.find_element(By.ID, "brain-canvas").rect
            self.assertGreater(canvas["height"], 220)
            self.assertLess(canvas["y"], 390 - 220)
            self.assertIsNotNone(self.call("(() => { const s = brainTutor.canvasSize();"
                                           " return brainTutor.pickAt(s.width >> 1, s.height >> 1); })()"))
            self.driver.save_screenshot(str(ARTIFACTS / "webgl-844x390-6-landscape.png"))
        finally:
            self.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
                "width": self.width, "height": self.height, "deviceScaleFactor": 1, "mobile": True})


class DesktopWebGLTest(WebGLViewerTest, unittest.TestCase):
    width, height, phone = 1280, 800, False

    def test_11_a_drag_draws_the_coarse_cortex_and_its_end_the_full_one(self):
        """While the mouse turns the brain the cortex is drawn coarse (coarse-mesh.js), in the
        same places and colours; the frame after the drag ends is the full mesh again."""
        self.load()
        self.call("brainTutor.setView('lateral')")
        full = self.call("brainTutor.viewer().renderer.triangles")
        canvas = self.driver.find_element(By.ID, "brain-canvas")
        frame = "new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok)))"
        ActionChains(self.driver).move_to_element(canvas).click_and_hold().move_by_offset(40, 0) \
            .move_by_offset(40, 12).perform()
        self.call(frame)
        dragging = self.call("brainTutor.viewer().renderer.triangles")
        self.shot("11-dragging")
        # The same dragged camera drawn flat, full and coarse: regions where they were.
        agree = self.call("""(() => {
          const v = brainTutor.viewer(), gl = v.renderer.gl, {width, height} = brainTutor.canvasSize();
          const read = (coarse) => { v.renderer.draw(v.frame('flat', coarse));
            const px = new Uint8Array(width * height * 4); gl.readPixels(0, 0, width, height, gl.RGBA, gl.UNSIGNED_BYTE, px); return px; };
          const a = read(false), b = read(true), bg = v.scene.description.background;
          const isBrain = (px, i) => px[i] !== bg[0] || px[i + 1] !== bg[1] || px[i + 2] !== bg[2];
          let brain = 0, outline = 0, colour = 0;
          for (let i = 0; i < a.length; i += 4) {
            const inA = isBrain(a, i), inB = isBrain(b, i);
            if (!inA && !inB) continue;
            brain += 1;
            if (inA === inB) outline += 1;
            if (a[i] === b[i] && a[i + 1] === b[i + 1] && a[i + 2] === b[i + 2]) colour += 1;
          }
          return {brain, outline: outline / brain, colour: colour / brain};
        })()""")
        ActionChains(self.driver).release().perform()
        self.call(frame)
        after = self.call("brainTutor.viewer().renderer.triangles")
        self.assertEqual(after, full, "the frame after the drag is not the full mesh")
        self.assertLess(dragging, 0.4 * full, f"{dragging} of {full} triangles drawn while dragging")
        self.assertGreater(agree["brain"], 50000)
        self.assertGreaterEqual(agree["outline"], 0.99, f"coarse and full outlines: {agree}")
        self.assertGreaterEqual(agree["colour"], 0.97, f"coarse and full region colours: {agree}")
        self.assert_no_console_errors()

    def test_7_hover_names_without_selecting(self):
        self.load()
        self.call("brainTutor.setView('lateral')")
        size = self.call("brainTutor.canvasSize()")
        canvas = self.driver.find_element(By.ID, "brain-canvas")
        x, y = size["width"] // 2, size["height"] // 2
        expected = self.call("brainTutor.pickAt(args[0], args[1])", x, y)
        rect = canvas.rect
        ActionChains(self.driver).move_to_element_with_offset(
            canvas, round((x + 0.5) * rect["width"] / size["width"] - rect["width"] / 2),
            round((y + 0.5) * rect["height"] / size["height"] - rect["height"] / 2)).move_by_offset(1, 0).perform()
        tip = self.driver.find_element(By.ID, "brain-tooltip")
        self.wait.until(lambda d: tip.is_displayed())
        self.assertIn(expected["name"], tip.text)
        self.assertNotEqual(self.driver.find_element(By.ID, "info-name").text, expected["name"])
        # A view change moves the brain under the resting mouse: the old name goes with it.
        self.call("brainTutor.setView('medial')")
        self.assertFalse(tip.is_displayed(), "the hover's name stayed after the view changed")


    def test_8_subcortical_glass_head_and_inflated_pick_like_the_server(self):
        self.load()
        rng = random.Random(18)
        # The subcortical atlas: the structures inside the see-through cortex.
        self.call("brainTutor.setAtlas('subcortical')")
        self.assert_picks_agree("lateral", 300, rng)
        self.shot("8-subcortical")
        self.call("brainTutor.setAtlas('gyri')")
        self.driver.find_element(By.ID, "show-head").click()
        self.call("brainTutor.shown()")
        self.assertIn("head=true", self.call("brainTutor.sceneQuery()"))
        self.assert_picks_agree("anterior", 300, rng)
        self.shot("8-head")
        # The inflated surface of the right hemisphere.
        self.driver.find_element(By.ID, "show-head").click()
        self.driver.find_element(By.CSS_SELECTOR, 'button.surface[data-surface="inflated"]').click()
        self.call("brainTutor.setView('medial')")
        self.driver.find_element(By.CSS_SELECTOR, 'button.hemi[data-hemi="right"]').click()
        self.call("brainTutor.shown()")
        self.assertIn("surface=inflated", self.call("brainTutor.sceneQuery()"))
        self.assertIn("hemi=right", self.call("brainTutor.sceneQuery()"))
        self.assert_picks_agree("medial", 300, rng)
        self.shot("8-inflated-right-medial")
        self.assert_no_console_errors()


if __name__ == "__main__":
    unittest.main(verbosity=2)
