"""Browser tests of the phone-first viewer: wire budgets, offline use, installability, state on
atlas changes, the highlight's contrast, search turning to the region, and the phone layout.

Run by Scripts/browser-test.sh against a running server (BRAINTUTOR_URL), WebGL in headless
Chromium as in test_webgl.py. Every test also asserts that the page logged no error.
"""

import json
import unittest

from selenium.webdriver.common.by import By

from test_learn import FIND_PIXEL_GL
from test_viewer import ARTIFACTS, BASE, api, api_each
from test_webgl import BrowserSession, start_browser

QUIZ_MIN_PIXELS, QUIZ_W, QUIZ_H = 300, 480, 360  # QuizSurvey's visibility rule
# Bytes over the wire (gzip, headers included) from the browser's resource timing.
SUM_TRANSFER = ("performance.getEntriesByType('navigation').concat(performance.getEntriesByType('resource'))"
                ".slice(args[0] || 0).filter((e) => !/\\/api\\/(info|quiz)\\?/.test(e.name))"
                ".reduce((n, e) => n + (e.transferSize || 0), 0)")

# Pixels of a region in the pick pass of the shown frame, and the bounding box of all brain pixels.
PICK_STATS = """(() => {
  const v = brainTutor.viewer(); v.ensurePick();
  const t = v.renderer.pick, layers = v.scene.description.layers;
  const counts = new Map(); let x0 = t.width, x1 = -1;
  for (let y = 0; y < t.height; y += 1) for (let x = 0; x < t.width; x += 1) {
    const i = (y * t.width + x) * 4, id = t.pixels[i] | (t.pixels[i + 1] << 8) | (t.pixels[i + 2] << 16);
    if (!id) continue;
    x0 = Math.min(x0, x); x1 = Math.max(x1, x);
    counts.set(id, (counts.get(id) || 0) + 1);
  }
  const regions = [];
  for (const [id, n] of counts) for (const l of layers) {
    if (l.firstPickId && id >= l.firstPickId && id < l.firstPickId + l.ranges.length) {
      const r = l.ranges[id - l.firstPickId].region; if (r) regions.push({atlas: r.atlas, id: r.id, pixels: n});
    }
  }
  return {width: t.width, height: t.height, brainWidth: x1 - x0 + 1, regions};
})()"""

# For each region shown in this frame with at least args[0] pixels, other than those named in
# args[1] ("id hemisphere"): the mean CIE76 colour difference between its lit pixels (mean Lab)
# and every other brain pixel, with it highlighted.
DELTA_E = """(async () => {
  const v = brainTutor.viewer(), gl = v.renderer.gl, done = new Set(args[1] || []);
  const lab = (r, g, b) => {
    const f = (c) => { c /= 255; return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
    const R = f(r), G = f(g), B = f(b);
    const X = (0.4124 * R + 0.3576 * G + 0.1805 * B) / 0.95047, Y = 0.2126 * R + 0.7152 * G + 0.0722 * B,
          Z = (0.0193 * R + 0.1192 * G + 0.9505 * B) / 1.08883;
    const h = (t) => (t > 216 / 24389 ? Math.cbrt(t) : (24389 / 27 * t + 16) / 116);
    return [116 * h(Y) - 16, 500 * (h(X) - h(Y)), 200 * (h(Y) - h(Z))];
  };
  // A frame has far fewer colours than pixels: each colour's Lab is worked out once.
  const labs = new Map();
  const labOf = (rgba, i) => {
    const key = rgba[i] | (rgba[i + 1] << 8) | (rgba[i + 2] << 16);
    let c = labs.get(key);
    if (!c) { c = lab(rgba[i], rgba[i + 1], rgba[i + 2]); labs.set(key, c); }
    return c;
  };
  v.ensurePick();
  const t = v.renderer.pick, n = t.width * t.height, ids = new Uint32Array(n);
  for (let i = 0; i < n; i += 1) ids[i] = t.pixels[4 * i] | (t.pixels[4 * i + 1] << 8) | (t.pixels[4 * i + 2] << 16);
  const counts = new Map();
  for (const id of ids) if (id) counts.set(id, (counts.get(id) || 0) + 1);
  const out = [], rgba = new Uint8Array(n * 4);
  for (const layer of v.scene.description.layers) {
    if (!layer.firstPickId) continue;
    for (let k = 0; k < layer.ranges.length; k += 1) {
      const region = layer.ranges[k].region, id = layer.firstPickId + k;
      if (!region || (counts.get(id) || 0) < args[0] || done.has(region.id + ' ' + region.hemisphere)) continue;
      // Not awaited: its own redraw would draw the frame a second time; the draw below shows it.
      v.setHighlight(region, false);
      v.renderer.draw(v.frame('lit'));
      gl.readPixels(0, 0, t.width, t.height, gl.RGBA, gl.UNSIGNED_BYTE, rgba);
      const mine = [0, 0, 0]; let m = 0;
      for (let i = 0; i < n; i += 1) {
        if (ids[i] !== id) continue;
        const c = labOf(rgba, 4 * i);
        mine[0] += c[0]; mine[1] += c[1]; mine[2] += c[2]; m += 1;
      }
      const mean = mine.map((s) => s / m);
      let sum = 0, others = 0;
      for (let i = 0; i < n; i += 1) {
        if (!ids[i] || ids[i] === id) continue;
        const c = labOf(rgba, 4 * i);
        sum += Math.hypot(c[0] - mean[0], c[1] - mean[1], c[2] - mean[2]); others += 1;
      }
      out.push({name: region.name, hemisphere: region.hemisphere, id: region.id, deltaE: sum / others});
    }
  }
  await v.setHighlight(null, false);
  return out;
})()"""


class AppSession:
    """One browser for the class (its start is a good part of a short test). Every test meets the
    page as a first visit: before it, the browser forgets the site (storage, service worker, HTTP
    cache) and any emulated network."""
    width, height, phone = 1280, 800, False
    bypass_worker = False
    driver = None

    @classmethod
    def tearDownClass(cls):
        if cls.driver is not None:
            cls.driver.quit()
            cls.driver = None

    def setUp(self):
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        if type(self).driver is None:
            self.start()
        else:
            self.forget_the_site()

    def start(self):
        """A new browser for this class (the one before it, if any, is closed)."""
        cls = type(self)
        if cls.driver is not None:
            cls.driver.quit()
        cls.driver = start_browser(self.width, self.height, self.phone)
        cls.driver.execute_cdp_cmd("Network.enable", {})
        if self.bypass_worker:
            # Budgets count bytes on the wire: responses the worker hands over would count as 0.
            cls.driver.execute_cdp_cmd("Network.setBypassServiceWorker", {"bypass": True})

    def forget_the_site(self):
        try:
            if self.driver.current_url.startswith(BASE):
                # Clearing the origin's storage leaves a worker that controls an open page registered.
                self.call("navigator.serviceWorker.getRegistrations().then((all) => Promise.all(all.map((r) => r.unregister())))")
        except Exception:  # the last test left a page that does not answer: start afresh instead
            self.start()
            return
        self.driver.get("about:blank")
        self.driver.execute_cdp_cmd("Network.emulateNetworkConditions", ONLINE)
        self.driver.execute_cdp_cmd("Storage.clearDataForOrigin", {"origin": BASE, "storageTypes": "all"})
        self.driver.execute_cdp_cmd("Network.clearBrowserCache", {})
        self.driver.get_log("browser")  # the last test's page is gone: what it logged after its check is not this test's

    def tearDown(self):
        errors = [e for e in self.driver.get_log("browser") if e["level"] == "SEVERE"]
        self.assertEqual(errors, [], "the page logged errors")

    call = BrowserSession.call  # evaluates an expression (may be a promise) in the page

    def load(self, query=""):
        self.driver.get(BASE + "/" + query)
        self.call("brainTutor.ready")

    def shot(self, name):
        self.driver.save_screenshot(str(ARTIFACTS / f"app-{self.width}x{self.height}-{name}.png"))

    def go_offline(self):
        """No network for the page and for its service worker (a target of its own, which the
        page's network emulation does not reach)."""
        self.driver.execute_cdp_cmd("Network.enable", {})
        self.driver.execute_cdp_cmd("Network.emulateNetworkConditions", OFFLINE)
        workers = [t for t in self.driver.execute_cdp_cmd("Target.getTargets", {})["targetInfos"]
                   if t["type"] == "service_worker"]
        self.assertTrue(workers, "no service worker is running")
        for worker in workers:
            session = self.driver.execute_cdp_cmd("Target.attachToTarget", {"targetId": worker["targetId"], "flatten": False})["sessionId"]
            for n, (method, params) in enumerate([("Network.enable", {}), ("Network.emulateNetworkConditions", OFFLINE)]):
                self.driver.execute_cdp_cmd("Target.sendMessageToTarget", {
                    "sessionId": session, "message": json.dumps({"id": n + 1, "method": method, "params": params})})

    def tap_region(self, region_id):
        """Taps (as a finger would, through the viewer's own tap path) a pixel of region `region_id`."""
        x, y = self.call(FIND_PIXEL_GL, region_id)
        return self.call("brainTutor.learn.tapAt(args[0], args[1])", x, y)


OFFLINE = {"offline": True, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1}
ONLINE = {"offline": False, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1}


class BudgetTest(AppSession, unittest.TestCase):
    bypass_worker = True

    def test_1_first_brain_and_atlas_switch_fit_their_budgets(self):
        self.load()
        # The first brain: the page, its scripts and every request made before the brain was drawn.
        # The 2D slice and the region table are asked for after it, so they are printed beside it.
        drawn = self.call("brainTutor.timings().firstDrawnAt")
        first = self.call("""performance.getEntriesByType('navigation')[0].transferSize
            + performance.getEntriesByType('resource').filter((e) => e.startTime < args[0])
              .reduce((n, e) => n + (e.transferSize || 0), 0)""", drawn)
        page = self.call(SUM_TRANSFER, 0)
        print(f"\nfirst brain: {first / 1e3:.0f} kB on the wire ({page / 1e3:.0f} kB with the slice and table after it)")
        self.assertGreater(first, 500_000, "the mesh was not counted")
        self.assertLessEqual(first, 900_000)
        mark = self.call("performance.getEntriesByType('resource').length + 1")
        self.call("brainTutor.setAtlas('lobes')")
        switch = self.call(SUM_TRANSFER, mark)
        print(f"atlas switch (gyri to lobes): {switch / 1e3:.0f} kB on the wire")
        self.assertLessEqual(switch, 250_000)

    def test_3_subcortical_scene_fits_its_budget(self):
        # Everything since the page was opened: page, scripts, the first brain and the subcortical
        # scene (its mesh at the viewer's level of detail).
        self.load()
        self.call("brainTutor.setAtlas('subcortical')")
        total = self.call(SUM_TRANSFER, 0)
        mesh = self.call("performance.getEntriesByType('resource').filter((e) => e.name.includes('/api/mesh/subcortical'))"
                         ".reduce((n, e) => n + e.transferSize, 0)")
        print(f"\nsubcortical scene: {total / 1e3:.0f} kB on the wire, its mesh {mesh / 1e3:.0f} kB")
        self.assertGreater(mesh, 0, "the subcortical mesh was not loaded")
        self.assertLessEqual(total, 2_500_000)

    def test_2_first_brain_on_a_slow_phone_link(self):
        self.load()  # the server is warm
        self.start()  # a new browser: no connection of the warm-up's left open
        self.driver.execute_cdp_cmd("Network.emulateNetworkConditions", {
            "offline": False, "latency": 150, "downloadThroughput": 1.6e6 / 8, "uploadThroughput": 0.75e6 / 8})
        self.load()
        # When the first brain was drawn (the page's `ready` also waits for the slice and the region
        # table, which come after it and are not part of the first brain).
        drawn = self.call("brainTutor.timings().firstDrawnAt")
        # The budget is the link's: when the last byte of the first brain arrived (of the requests
        # made before it was drawn). Drawing on the software renderer comes on top and depends on
        # how busy the machine is, so it is printed.
        arrived = self.call("""Math.max(performance.getEntriesByType('navigation')[0].responseEnd,
            ...performance.getEntriesByType('resource').filter(e => e.startTime < args[0]).map(e => e.responseEnd))""", drawn)
        slice_start = self.call("""Math.min(...performance.getEntriesByType('resource')
            .filter(e => e.name.includes('/api/slice?')).map(e => e.startTime), 1e12)""")
        mesh_end = self.call("""Math.max(...performance.getEntriesByType('resource')
            .filter(e => e.name.includes('/api/mesh/')).map(e => e.responseEnd))""")
        self.assertGreaterEqual(slice_start, mesh_end, "the slice shared the link with the first brain's mesh")
        print(f"\nfirst brain at 1.6 Mbit/s, 150 ms RTT: last byte {arrived / 1e3:.1f} s, drawn {drawn / 1e3:.1f} s")
        self.assertLessEqual(arrived, 6000)


class InstallTest(AppSession, unittest.TestCase):
    def test_1_manifest_passes_the_installability_check(self):
        self.load()
        self.call("navigator.serviceWorker.ready.then(() => true)")
        errors = self.driver.execute_cdp_cmd("Page.getInstallabilityErrors", {})["installabilityErrors"]
        self.assertEqual(errors, [])

    def test_2_after_one_visit_it_works_offline(self):
        self.load()
        regions = api("/api/regions", atlas="gyri")
        # The worker keeps what the page loaded, every text of the atlas and a quiz round.
        self.call("""(async () => {
            for (;;) {
              const keys = await (await caches.open('braintutor-data')).keys();
              const infos = keys.filter((k) => k.url.includes('/api/info?')).length;
              if (infos >= args[0] && keys.some((k) => k.url.includes('/api/quiz?'))) return true;
              await new Promise((r) => setTimeout(r, 100));
            }
        })()""", len(regions))
        self.go_offline()
        self.driver.refresh()
        self.call("brainTutor.ready")
        # Offline for real: what was never kept is not there.
        status = self.call("fetch('/api/info?q=never-kept&atlas=gyri').then((r) => r.status)")
        self.assertEqual(status, 503)
        self.driver.get_log("browser")  # that 503 is expected: not an error of the page
        # The brain draws, a tap names a region and its text shows.
        pick = self.call("brainTutor.pickAt(args[0], args[1])", *[v // 2 for v in self.call("[brainTutor.canvasSize().width, brainTutor.canvasSize().height]")])
        self.assertIsNotNone(pick, "no region in the middle of the brain")
        self.tap_region(pick["id"])
        text = self.driver.find_element(By.ID, "info-text")
        self.assertEqual(self.driver.find_element(By.ID, "info-name").get_attribute("textContent"), pick["name"])
        for _ in range(50):
            if len(text.get_attribute("textContent").split()) > 10:
                break
            self.call("new Promise((r) => setTimeout(r, 100))")
        self.assertGreater(len(text.get_attribute("textContent").split()), 10)
        # A Learn round plays: one Find-it question answered on the brain.
        qset = self.call("brainTutor.learn.start({atlas: 'gyri', mode: 'find', hemi: 'left', count: 10})")
        self.assertGreater(len(qset["questions"]), 0)
        q = self.call("brainTutor.learn.state()")["question"]
        self.call("brainTutor.setView(args[0])", q["view"]["name"])
        result = self.tap_region(q["answer"]["id"])
        self.assertTrue(result["correct"])
        self.shot("offline-learn")


class StateTest(AppSession, unittest.TestCase):
    def test_1_atlas_change_clears_the_selection(self):
        self.load()
        pick = self.call("brainTutor.pickAt(brainTutor.canvasSize().width / 2, brainTutor.canvasSize().height / 2)")
        self.tap_region(pick["id"])
        self.assertIn(pick["name"], self.driver.find_element(By.ID, "brain-caption").get_attribute("textContent"))
        self.call("brainTutor.setAtlas('lobes')")
        # No lobe has a gyrus's name: nothing is selected, and nothing says otherwise.
        self.assertEqual(self.driver.find_element(By.ID, "brain-caption").get_attribute("textContent"), "")
        self.assertEqual(self.driver.find_element(By.ID, "info-name").get_attribute("textContent"),
                         "Tap the brain or pick a region from the table.")
        self.assertEqual(self.driver.find_element(By.ID, "info-text").get_attribute("textContent"), "")
        self.assertNotIn("highlight=", self.call("brainTutor.sceneQuery()"))
        self.assertIn("atlas=lobes", self.call("brainTutor.sceneQuery()"))

    def test_2_search_turns_to_a_view_that_shows_the_region(self):
        self.load()
        self.call("brainTutor.setView('medial')")
        self.assertTrue(self.call("brainTutor.select('wernicke')"))
        query = self.call("brainTutor.sceneQuery()")
        highlighted = int(dict(p.split("=") for p in query.split("&"))["highlight"])
        stats = self.call(PICK_STATS)
        pixels = next((r["pixels"] for r in stats["regions"] if r["id"] == highlighted), 0)
        needed = QUIZ_MIN_PIXELS * stats["width"] * stats["height"] / (QUIZ_W * QUIZ_H)
        self.assertGreaterEqual(pixels, needed, f"{query}: the region shows {pixels} pixels")
        # Well visible: at least half of what the preset showing it most shows (the server's count).
        params = dict(p.split("=") for p in query.split("&"))
        views = ("lateral", "medial", "superior", "inferior", "anterior", "posterior")
        reports = api_each("/api/render.json", [
            {**params, "view": view, "hemi": params["hemi"] if view in ("lateral", "medial") else "both",
             "w": QUIZ_W, "h": QUIZ_H} for view in views])
        counts = {view: next((r["pixels"] for r in report["regions"] if r["id"] == highlighted), 0)
                  for view, report in zip(views, reports)}
        self.assertGreaterEqual(counts[params["view"]], 0.5 * max(counts.values()), f"{query}: {counts}")
        self.assertNotEqual(params["view"], "medial", f"{query}: {counts}")
        self.shot("search-wernicke")


class GuideTest(AppSession, unittest.TestCase):
    def test_1_guide_steps_dismisses_and_reopens_from_help(self):
        self.load("?guide=on")
        is_open = lambda id: self.call(f"document.getElementById('{id}').open")
        self.assertTrue(is_open("guide"))
        titles = []
        for _ in range(3):
            titles.append(self.driver.find_element(By.ID, "guide-title").text)
            self.driver.find_element(By.ID, "guide-next").click()
        self.assertEqual(titles, ["Turn the brain", "Tap a region", "Learn"])
        self.assertFalse(is_open("guide"))
        self.assertEqual(self.call("localStorage.getItem('braintutor.guide.v1')"), "1")
        # Help: gestures, keys and every atlas with what it is; the guide again from there.
        self.driver.find_element(By.ID, "help-open").click()
        self.assertTrue(is_open("help"))
        atlases = self.driver.find_elements(By.CSS_SELECTOR, "#help-atlases li")
        self.assertEqual(len(atlases), len(api("/api/atlases")))
        self.assertIn("Keys", self.driver.find_element(By.ID, "help").text)
        self.driver.find_element(By.ID, "help-guide").click()
        self.assertFalse(is_open("help"))
        self.assertTrue(is_open("guide"))
        self.driver.find_element(By.ID, "guide-skip").click()
        self.assertFalse(is_open("guide"))


class HighlightTest(AppSession, unittest.TestCase):
    def test_1_selected_region_stands_out_on_every_palette(self):
        self.load()
        worst = []
        for atlas in ["gyri", "sulci", "brodmann"]:
            self.call("brainTutor.setAtlas(args[0])", atlas)
            seen = {}
            # Each side's lateral and medial view, then the views of both sides.
            for hemi, view in [("left", "lateral"), ("left", "medial"), ("right", "lateral"), ("right", "medial"),
                               ("both", "superior"), ("both", "inferior"), ("both", "anterior"), ("both", "posterior")]:
                if hemi != "both":
                    self.call(f"document.querySelector('button.hemi[data-hemi=\"{hemi}\"]').click()")
                self.call("brainTutor.setView(args[0])", view)
                # A region is judged by its best view: once one view passes, later views could only
                # raise its figure, so it is not measured again (a region under 25 is, in every view).
                passed = [f"{id} {hemisphere}" for (id, hemisphere), (d, _) in seen.items() if d >= 25]
                for r in self.call(DELTA_E, QUIZ_MIN_PIXELS, passed):
                    key = (r["id"], r["hemisphere"])
                    seen[key] = max(seen.get(key, (0, ""))[0], r["deltaE"]), r["name"]
            regions = {(r["id"], r["hemisphere"]) for r in api("/api/regions", atlas=atlas)}
            low = sorted((d, name) for key, (d, name) in seen.items() if d < 25)
            print(f"\n{atlas}: {len(seen)} of {len(regions)} regions measured; lowest mean ΔE "
                  f"{min(d for d, _ in seen.values()):.1f} (each region's best view, or its first over 25)")
            self.assertGreater(len(seen), 0.8 * len(regions), f"{atlas}: too few regions showed")
            worst += [(atlas, name, round(d, 1)) for d, name in low]
        self.assertEqual(worst, [], "regions whose highlight differs from the rest by under 25 ΔE")


class PhoneLayout:
    phone = True

    def test_1_layout_fits_the_thumb(self):
        self.load()
        overflow = self.call("document.documentElement.scrollWidth - window.innerWidth")
        self.assertLessEqual(overflow, 0, "horizontal overflow")
        small = self.call("""Array.from(document.querySelectorAll('button, select, input, [role=tab], summary'))
            .filter((e) => e.getClientRects().length && getComputedStyle(e).visibility !== 'hidden')
            .map((e) => { const r = (e.closest('label.switch') || e).getBoundingClientRect();
                          return {what: e.id || e.className || e.textContent.trim(), w: r.width, h: r.height}; })
            .filter((r) => r.w < 44 || r.h < 44)""")
        self.assertEqual(small, [], "controls under 44 px")
        stats = self.call(PICK_STATS)
        self.assertGreaterEqual(stats["brainWidth"], 0.8 * stats["width"], "the brain fills too little of the canvas")
        self.shot("layout")


class PhonePortraitTest(PhoneLayout, AppSession, unittest.TestCase):
    width, height = 390, 844


class PhoneLandscapeTest(PhoneLayout, AppSession, unittest.TestCase):
    width, height = 844, 390


if __name__ == "__main__":
    unittest.main(verbosity=2)
