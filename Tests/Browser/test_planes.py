"""Browser tests of the viewer's 3D slices: the head cut open with three MRI planes drawn in
WebGL with the renderer's plane shaders, cut on the device from volumes fetched once. A pick on
a plane names the region `/api/where` gives at the voxel it reports, and what `/api/pick` (the
code of `braintutor pick --planes`) names at the same pixel; dragging a plane asks for nothing;
moving the planes (the hook, a drag, the ±1 mm buttons) moves the 2D slice;
a tap on the 2D slice names the region and "Move planes here" moves the planes to it; the
mode's data loads only once the mode is entered and its opening view shows the whole head,
uncut by the canvas's edge; on a 1.6 Mbit/s link the first planes are
drawn from at most 600 KB, before the head's mesh. Prints the first entry time, its bytes, and
the frame times of a moving plane against the same view without planes. Run by
Scripts/browser-test.sh against a running server (BRAINTUTOR_URL), WebGL in headless Chromium as in
test_webgl.py; every test also asserts that the page logged no error.
"""

import os
import pathlib
import unittest
import urllib.parse

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By

from test_viewer import ARTIFACTS, BASE, api
from test_webgl import BrowserSession

PLANES = ("sagittal", "coronal", "axial")
SHOTS = pathlib.Path(os.environ["PLANES_SHOTS"]) if os.environ.get("PLANES_SHOTS") else ARTIFACTS


class PlanesTest(BrowserSession):
    """The scenario; the subclasses below set the window size (width, height, phone)."""

    def setUp(self):
        self.driver.get(BASE + "/")
        self.call("brainTutor.ready")

    def shot(self, name):
        SHOTS.mkdir(parents=True, exist_ok=True)
        self.driver.save_screenshot(str(SHOTS / f"planes-{self.width}x{self.height}-{name}.png"))

    def resources(self):
        return self.driver.execute_script("return performance.getEntriesByType('resource').map((e) => e.name)")

    def enter(self):
        ms = self.call("brainTutor.setSlicing(true)")
        self.assertTrue(self.call("brainTutor.planes().on"))
        return ms

    def where(self, mni, atlas="gyri"):
        return api("/api/where", x=mni[0], y=mni[1], z=mni[2])["atlases"][atlas]

    def plane_pixels(self, step):
        """The hook's pick on a grid of drawing-buffer pixels, those that land on a plane."""
        return self.call("""(() => {
          const {width, height} = brainTutor.canvasSize(); const out = [];
          for (let y = args[0] / 2; y < height; y += args[0]) for (let x = args[0] / 2; x < width; x += args[0]) {
            const p = brainTutor.pick(Math.floor(x), Math.floor(y));
            if (p && ['sagittal', 'coronal', 'axial'].includes(p.surface)) out.push(p);
          }
          return out; })()""", step)

    def bytes_since(self, since, until=None):
        """Bytes on the wire (gzip, headers included) of the requests started after `since` (ms,
        page time) and, with `until`, done by then; and their URLs."""
        return self.call("""(() => { const list = performance.getEntriesByType('resource')
            .filter((e) => e.startTime >= args[0] && (args[1] === null || e.responseEnd <= args[1]));
            return {bytes: list.reduce((n, e) => n + (e.transferSize || 0), 0), urls: list.map((e) => e.name)}; })()""",
                         since, until)

    def test_1_data_loads_on_entry_and_first_entry_time(self):
        before = self.resources()
        self.assertFalse([u for u in before if "/api/volume" in u or "planes=" in u], "plane data before the mode")
        start = self.call("performance.now()")
        times = [self.enter()]
        drawn = self.call("performance.now()")
        entry = self.bytes_since(start, drawn)
        volumes = [urllib.parse.urlsplit(u) for u in entry["urls"] if "/api/volume/" in u]
        # The coarse volumes first; on a fast link the whole ones may be here before the head is drawn.
        coarse = sorted(u.path for u in volumes if "step=2" in u.query)
        self.assertEqual(coarse, ["/api/volume/labels/gyri", "/api/volume/template"], entry["urls"])
        self.assertFalse([u for u in self.resources() if "/api/plane/" in u])
        # The mode's own data as the scene JSON states it: the head mesh (its body before gzip) and
        # the coarse volumes (gzip), all a first entry needs before its first planes.
        sizes = self.call("""(() => { const d = brainTutor.viewer().scene.description;
            const head = d.layers.find((l) => l.name === 'head'); const v = d.planes.volumeBytes;
            return {head: head.meshBytes, coarse: v.template.coarse + v.labels.coarse}; })()""")
        print(f"\n{self.width}x{self.height}: entering the 3D slices: head mesh {sizes['head'] / 1000:.0f} KB before gzip, "
              f"coarse volumes {sizes['coarse'] / 1000:.0f} KB gzip; the page's resource timing counted {entry['bytes'] / 1000:.0f} KB "
              f"in {len(entry['urls'])} requests before the first planes (the service worker's copies count 0)")
        self.assertLessEqual(sizes["coarse"], 400_000, "the coarse volumes stay a few hundred KB")
        self.wait.until(lambda d: self.call("brainTutor.planes().step") == 1)
        self.assert_head_framed()
        self.shot("entered")
        # The preset views frame the whole head too, not only the brain their scene frames.
        for view in ("lateral", "anterior"):
            self.call("brainTutor.setView(args[0])", view)
            self.assert_head_framed(view)
            self.shot(f"preset-{view}")
        # Twice more in a fresh page (the server warm, the page's data cache empty).
        for _ in range(2):
            self.setUp()
            times.append(self.enter())
        print(f"\n{self.width}x{self.height}: first entry into the 3D slices drawn after {times[0]:.0f} ms "
              f"(first visit), {times[1]:.0f} and {times[2]:.0f} ms (fresh pages, the browser's cache warm)")

    def assert_head_framed(self, view="opening"):
        """Once the head's mesh is drawn, the view shows all of it: no pixel on the canvas's
        edge belongs to the scene (the pick pass, 0 there), while the scene spans most of the canvas
        across or down."""
        self.wait.until(lambda d: self.call("brainTutor.viewer().scene.layers.every((l) => l.positions.length > 0)"))
        box = self.call("""(() => { const v = brainTutor.viewer(); v.ensurePick();
            const w = v.canvas.width, h = v.canvas.height; let edge = 0;
            let x0 = w, x1 = -1, y0 = h, y1 = -1;
            for (let y = 0; y < h; y += 1) for (let x = 0; x < w; x += 1) {
              if (!v.renderer.readPick(x, y)) continue;
              x0 = Math.min(x0, x); x1 = Math.max(x1, x); y0 = Math.min(y0, y); y1 = Math.max(y1, y);
              if (x === 0 || y === 0 || x === w - 1 || y === h - 1) edge += 1;
            }
            return {edge, x0, x1, y0, y1, w, h}; })()""")
        print(f"\n{self.width}x{self.height}: the {view} view's scene spans pixels {box['x0']}…{box['x1']} across and "
              f"{box['y0']}…{box['y1']} down of {box['w']}x{box['h']}")
        self.assertEqual(box["edge"], 0, f"the head is cropped at the canvas's edge in the {view} view: {box}")
        self.assertGreater(max((box["x1"] - box["x0"]) / box["w"], (box["y1"] - box["y0"]) / box["h"]), 0.8, box)

    def test_1c_entry_on_a_slow_phone_link(self):
        """Entering the mode on a 1.6 Mbit/s link with 150 ms round trips (the browser's cache and
        the service worker bypassed): the bytes on the wire before the first planes are drawn stay
        within 600 KB; the time until then and until the head is drawn are printed."""
        cdp = self.driver.execute_cdp_cmd
        cdp("Network.enable", {})
        cdp("Network.setCacheDisabled", {"cacheDisabled": True})
        cdp("Network.setBypassServiceWorker", {"bypass": True})
        cdp("Network.emulateNetworkConditions", {"offline": False, "latency": 150,
                                                 "downloadThroughput": 1.6e6 / 8, "uploadThroughput": 0.75e6 / 8})
        try:
            start = self.call("performance.now()")
            ms = self.enter()
            drawn = self.call("performance.now()")
            entry = self.bytes_since(start, drawn)
            step = self.call("brainTutor.planes().step")
            self.wait.until(lambda d: self.call("brainTutor.viewer().scene.layers.every((l) => l.positions.length > 0)"))
            head = self.call("performance.now()") - start
            self.shot("slow-link")
        finally:
            cdp("Network.emulateNetworkConditions", {"offline": False, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})
            cdp("Network.setCacheDisabled", {"cacheDisabled": False})
            cdp("Network.setBypassServiceWorker", {"bypass": False})
        paths = sorted(urllib.parse.urlsplit(u).path for u in entry["urls"])
        print(f"\n{self.width}x{self.height}: entering the 3D slices at 1.6 Mbit/s, 150 ms: first planes ({step} mm) drawn "
              f"after {ms / 1e3:.1f} s with {entry['bytes'] / 1e3:.0f} KB on the wire in {len(paths)} requests; "
              f"the head drawn after {head / 1e3:.1f} s")
        self.assertTrue([p for p in paths if p.startswith("/api/volume/")], paths)
        self.assertFalse([p for p in paths if p.startswith("/api/mesh/")], "the head's mesh came before the first planes")
        self.assertLessEqual(entry["bytes"], 600_000, paths)

    def test_2b_picks_name_what_the_renderer_names_at_the_same_pixels(self):
        """In the preset views (the renderer's own cameras) a plane pixel's pick on the device is
        /api/pick's at the same pixel, region and voxel."""
        self.enter()
        self.wait.until(lambda d: self.call("brainTutor.planes().step") == 1)
        size = self.call("brainTutor.canvasSize()")
        agree = total = 0
        for view in ("lateral", "anterior", "superior"):
            self.call("brainTutor.setView(args[0])", view)
            params = dict(urllib.parse.parse_qsl(self.call("brainTutor.sceneQuery()")))
            query = {k: v for k, v in params.items() if k not in ("highlight", "dimOthers") and v not in ("", "null")}
            query.update(w=size["width"], h=size["height"], aa="off")
            picks = self.plane_pixels(24 if self.width > 600 else 16)
            self.assertGreater(len(picks), 10, f"{view}: too few plane pixels")
            for pick in picks[:: max(1, len(picks) // 25)]:
                theirs = api("/api/pick", **query, x=pick["x"], y=pick["y"])
                total += 1
                same = (theirs["surface"], theirs["mni"], (theirs["region"] or {}).get("id")) == \
                    (pick["surface"], pick["mni"], (pick["region"] or {}).get("id"))
                agree += same
        print(f"\n{self.width}x{self.height}: device pick = /api/pick (surface, voxel, region) at {agree} of {total} plane pixels")
        self.assertGreaterEqual(total, 40)
        self.assertGreaterEqual(agree, 0.95 * total)

    def test_2c_dragging_a_plane_asks_for_nothing(self):
        self.enter()
        self.wait.until(lambda d: self.call("brainTutor.planes().step") == 1)
        self.call("brainTutor.setPlanes({x: -30, y: -20, z: 12})")
        self.call("brainTutor.setView({azimuth: -50, elevation: 30})")
        picks = [p for p in self.plane_pixels(10) if p["surface"] == "axial"]
        self.assertTrue(picks, "no axial plane pixel")
        pick = picks[len(picks) // 2]
        canvas = self.driver.find_element(By.ID, "brain-canvas")
        box = self.driver.execute_script("const r = arguments[0].getBoundingClientRect(); return [r.width, r.height]", canvas)
        size = self.call("brainTutor.canvasSize()")
        ox = (pick["x"] + 0.5) * box[0] / size["width"] - box[0] / 2
        oy = (pick["y"] + 0.5) * box[1] / size["height"] - box[1] / 2
        start = self.call("performance.now()")
        chain = ActionChains(self.driver).move_to_element_with_offset(canvas, ox, oy).click_and_hold()
        for _ in range(10):
            chain = chain.move_by_offset(0, -5)
        chain.perform()
        self.wait.until(lambda d: self.call("brainTutor.planes().point")[2] > 12)
        during = self.bytes_since(start)
        ActionChains(self.driver).release().perform()
        # The offline preparation (offline.js) asks for the atlas's texts one by one while the page
        # is idle, whatever the user does: not the drag's.
        asked = [u for u in during["urls"] if not urllib.parse.urlsplit(u).path in ("/api/info", "/api/quiz")]
        self.assertEqual(asked, [], "a moving plane asks for nothing")
        print(f"\n{self.width}x{self.height}: dragging a plane 50 px to z = {self.call('brainTutor.planes().point')[2]}: "
              f"{len(asked)} requests")

    def test_2_pick_on_planes_is_where(self):
        self.enter()
        agree = total = 0
        seen = set()
        for angles in ({"azimuth": -50, "elevation": 30}, {"azimuth": -130, "elevation": 20}, {"azimuth": -40, "elevation": -25}):
            self.call("brainTutor.setView(args[0])", angles)
            picks = self.plane_pixels(12 if self.width > 600 else 8)
            self.assertGreater(len(picks), 20, f"{angles}: too few plane pixels")
            for pick in picks[:: max(1, len(picks) // 90)]:
                self.assertEqual(len(pick["mni"]), 3)
                self.assertTrue(all(float(v).is_integer() for v in pick["mni"]), pick)
                where = self.where(pick["mni"])
                got = pick["region"]
                total += 1
                agree += (where and where["id"]) == (got and got["id"])
                seen.add(pick["surface"])
        print(f"\n{self.width}x{self.height}: pick on planes = where at {agree} of {total} plane pixels")
        self.assertGreaterEqual(total, 200 if self.width > 600 else 120)
        self.assertGreaterEqual(agree, 0.99 * total)
        self.assertEqual(seen, set(PLANES))

    def test_3_moving_the_planes_moves_the_2d_slice(self):
        self.enter()
        self.call("brainTutor.slice.setPlane('axial')")
        self.call("brainTutor.setPlanes({x: -30, y: -20, z: 12})")
        state = self.call("brainTutor.slice.state()")
        self.assertEqual(state["point"], [-30, -20, 12])
        self.assertIn("at=-30%2C-20%2C12", state["url"].replace(",", "%2C"))
        self.assertEqual(self.call("brainTutor.planes().point"), [-30, -20, 12])
        # A drag that starts on the axial plane moves it (and the slice) along z only.
        self.call("brainTutor.setView({azimuth: -50, elevation: 30})")
        picks = [p for p in self.plane_pixels(10) if p["surface"] == "axial"]
        self.assertTrue(picks, "no axial plane pixel")
        pick = picks[len(picks) // 2]
        canvas = self.driver.find_element(By.ID, "brain-canvas")
        # Back to the head: the slice's methods scrolled its pane into view.
        self.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", canvas)
        box = self.driver.execute_script("const r = arguments[0].getBoundingClientRect(); return [r.width, r.height]", canvas)
        size = self.call("brainTutor.canvasSize()")
        ox = (pick["x"] + 0.5) * box[0] / size["width"] - box[0] / 2
        oy = (pick["y"] + 0.5) * box[1] / size["height"] - box[1] / 2
        ActionChains(self.driver).move_to_element_with_offset(canvas, ox, oy).click_and_hold() \
            .move_by_offset(0, -10).move_by_offset(0, -30).release().perform()
        self.wait.until(lambda d: self.call("brainTutor.planes().point")[2] != 12)
        moved = self.call("brainTutor.planes().point")
        self.assertEqual(moved[:2], [-30, -20], "only the axial plane moves")
        self.assertGreater(moved[2], 12, "dragging up moves the axial plane up")
        self.wait.until(lambda d: self.call("brainTutor.slice.state().point")[2] == moved[2])
        self.call("brainTutor.slice.reveal()")  # the slice is drawn only while its pane is on screen
        self.wait.until(lambda d: f"{moved[0]}%2C{moved[1]}%2C{moved[2]}" in (d.find_element(By.ID, "slice").get_attribute("data-url") or "").replace(",", "%2C"))
        self.shot("dragged")
        # The step buttons move one plane 1 mm; the readout says where it is drawn.
        plus = self.driver.find_element(By.CSS_SELECTOR, '.plane-step[data-axis="y"][data-step="1"]')
        self.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", plus)
        plus.click()
        plus.click()
        self.wait.until(lambda d: self.call("brainTutor.planes().point") == [-30, -18, moved[2]])
        self.wait.until(lambda d: d.find_element(By.ID, "plane-y-out").text == "-18 mm")
        self.driver.find_element(By.CSS_SELECTOR, '.plane-step[data-axis="y"][data-step="-1"]').click()
        self.driver.find_element(By.CSS_SELECTOR, '.plane-step[data-axis="y"][data-step="-1"]').click()
        self.wait.until(lambda d: self.call("brainTutor.planes().point") == [-30, -20, moved[2]])
        self.call("brainTutor.shown()")

    def test_4_a_tap_on_the_2d_slice_names_the_region_and_move_planes_here_moves_them(self):
        self.enter()
        before = self.call("brainTutor.planes().point")
        self.call("brainTutor.slice.setPlane('coronal')")
        url = self.call("brainTutor.slice.state().url")
        params = dict(urllib.parse.parse_qsl(url.split("?", 1)[1], keep_blank_values=True))
        img = self.driver.find_element(By.ID, "slice")
        width, height = self.driver.execute_script("return [arguments[0].naturalWidth, arguments[0].naturalHeight]", img)
        hit = None
        for gy in range(3, 12):
            for gx in range(3, 12):
                x, y = width * gx // 14, height * gy // 14
                try:
                    candidate = api("/api/slice/pick", **params, x=x, y=y)
                except Exception:
                    continue
                if candidate["region"]:
                    hit = (x, y)
                    break
            if hit:
                break
        self.assertIsNotNone(hit, "no region pixel on the coronal slice")
        pick = self.call("brainTutor.slice.tapAt(args[0], args[1])", *hit)
        self.assertIsNotNone(pick["region"])
        self.assertEqual(self.where(pick["mni"])["id"], pick["region"]["id"])
        self.call("brainTutor.shown()")
        self.assertEqual(self.call("brainTutor.planes().point"), before, "a tap names; the planes stay")
        here = self.driver.find_element(By.ID, "planes-here")
        self.wait.until(lambda d: here.is_enabled())
        self.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", here)
        here.click()
        self.wait.until(lambda d: self.call("brainTutor.planes().point") != before)
        self.call("brainTutor.shown()")
        point = self.call("brainTutor.planes().point")
        self.assertEqual(point, [round(v) for v in pick["mni"]], "Move planes here: through the tapped voxel")
        self.wait.until(lambda d: self.call("brainTutor.planes().point") == point and not here.is_enabled())
        # The 3D planes drawn there: a plane pixel's voxel lies on one of the new planes.
        picks = self.plane_pixels(16)
        self.assertTrue(picks)
        for p in picks[:20]:
            axis = PLANES.index(p["surface"])
            self.assertEqual(p["mni"][axis], point[axis], p)
        self.shot("slice-tapped")

    def test_6_a_tap_on_a_deep_structure_reports_the_point_tapped(self):
        self.enter()
        self.call("brainTutor.setAtlas('subcortical')")
        self.call("(() => { const box = document.getElementById('planes-deep'); if (!box.checked) box.click(); })()")
        self.call("brainTutor.shown()")
        self.call("brainTutor.setView({azimuth: -50, elevation: 30})")
        picks = self.call("""(() => {
          const {width, height} = brainTutor.canvasSize(); const out = [];
          for (let y = 4; y < height; y += 8) for (let x = 4; x < width; x += 8) {
            const p = brainTutor.pick(x, y); if (p && p.region && !p.surface) out.push(p); }
          return out; })()""")
        self.assertGreater(len(picks), 10, "no deep structure in view")
        near = 0
        sample = picks[:: max(1, len(picks) // 30)]
        for pick in sample:
            mni = [round(v) for v in pick["mni"]]
            around = [mni] + [[mni[0] + dx, mni[1] + dy, mni[2] + dz]
                              for dx, dy, dz in ((1, 0, 0), (-1, 0, 0), (0, 1, 0), (0, -1, 0), (0, 0, 1), (0, 0, -1))]
            ids = {(self.where(p, "subcortical") or {}).get("id") for p in around}
            near += pick["region"]["id"] in ids
        print(f"\n{self.width}x{self.height}: a deep structure's voxels within 1 mm of the point tapped at {near} of {len(sample)} taps")
        self.assertGreaterEqual(near, 0.9 * len(sample))

    def test_5_frame_of_a_moving_plane_against_the_plain_view(self):
        self.enter()
        result = self.call("brainTutor.benchPlanes(40)")
        print(f"\n{self.width}x{self.height}: frame without planes {result['plainMs']:.2f} ms, "
              f"moving a plane {result['movingMs']:.2f} ms (ratio {result['ratio']:.2f}, median of {result['frames']}; "
              f"{'voxel textures, smooth borders' if result['onGPU'] else 'per-plane ids'}; per-plane ids as the renderer draws them {result['cpuMovingMs']:.2f} ms); "
              f"cutting and uploading a plane {result['uploadMs']:.2f} ms")
        self.assertTrue(result["onGPU"], "the planes are drawn from their voxels where WebGL has high-precision fragment floats")
        self.assertGreater(result["movingMs"], 0)


class PhonePlanesTest(PlanesTest, unittest.TestCase):
    width, height, phone = 390, 844, True


class LaptopPlanesTest(PlanesTest, unittest.TestCase):
    width, height, phone = 1280, 800, False


if __name__ == "__main__":
    unittest.main(verbosity=2)
