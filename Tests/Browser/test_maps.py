"""Browser tests of statistical maps in the WebGL viewer (`serve --map NAME=FILE`).

Run by Scripts/browser-test.sh, whose server is started with the map `blobs`
(Tests/Fixtures/maps/viewer_blobs_mni_3mm.nii.gz). Every expectation is the server's own answer
for the same scene, map parameters, size and pixel (/api/render, /api/pick).
"""

import random
import unittest
import urllib.parse

from selenium.webdriver.common.action_chains import ActionChains

from test_viewer import ARTIFACTS, api, api_each
from test_webgl import BrowserSession

MAP = "blobs"


class MapViewerTest(BrowserSession):
    """The scenario; the subclasses set the window size."""

    def load(self):
        self.driver.get(self.base() + "/")
        self.call("brainTutor.ready")
        self.assertEqual(self.call("brainTutor.renderer()"), "webgl", "WebGL is not available in this browser")

    @staticmethod
    def base():
        from test_viewer import BASE
        return BASE

    def assert_no_console_errors(self):
        errors = [e for e in self.driver.get_log("browser") if e["level"] == "SEVERE"]
        self.assertEqual(errors, [])

    def shot(self, name):
        self.driver.save_screenshot(str(ARTIFACTS / f"maps-{self.width}x{self.height}-{name}.png"))

    def scene_params(self):
        return dict(urllib.parse.parse_qsl(self.call("brainTutor.sceneQuery()")))

    def map_query(self, threshold, two_sided, cluster_min=0):
        size = self.call("brainTutor.canvasSize()")
        params = {k: v for k, v in self.scene_params().items() if k not in ("highlight", "dimOthers")}
        return {**params, "w": size["width"], "h": size["height"], "overlay": MAP,
                "threshold": threshold, "twoSided": "on" if two_sided else "off", "clusterMin": cluster_min, "aa": "off"}

    def frame_agreement(self, query):
        """Brain pixels (not white in the server's image, left of the colour bar's strip) where the
        viewer's lit frame is within 2 per channel of /api/render, and the map-coloured pixels of
        each (red or blue dominant)."""
        return self.call("""(async () => {
            const load = (src) => new Promise((ok, fail) => { const i = new Image(); i.onload = () => ok(i);
                i.onerror = () => fail(new Error('cannot load ' + src.slice(0, 60))); i.src = src; });
            const pixels = (img) => { const c = document.createElement('canvas'); c.width = img.width;
                c.height = img.height; const g = c.getContext('2d'); g.drawImage(img, 0, 0);
                return g.getImageData(0, 0, c.width, c.height).data; };
            const mine = pixels(await load(brainTutor.snapshot('lit')));
            const theirs = pixels(await load('/api/render?' + args[0]));
            const width = brainTutor.canvasSize().width;
            const strip = width < 330 ? 0 : Math.min(240, Math.max(110, Math.floor(width / 5)));
            const coloured = (p, i) => Math.max(p[i], p[i + 2]) - p[i + 1] > 60 || p[i + 1] - p[i + 2] > 100;
            let brain = 0, same = 0, mapMine = 0, mapTheirs = 0;
            for (let i = 0; i < theirs.length; i += 4) {
                if ((i / 4) % width >= width - strip) continue;
                if (theirs[i] === 255 && theirs[i + 1] === 255 && theirs[i + 2] === 255) continue;
                brain += 1;
                if (Math.abs(mine[i] - theirs[i]) <= 2 && Math.abs(mine[i + 1] - theirs[i + 1]) <= 2
                    && Math.abs(mine[i + 2] - theirs[i + 2]) <= 2) same += 1;
                if (coloured(mine, i)) mapMine += 1;
                if (coloured(theirs, i)) mapTheirs += 1;
            }
            return {brain, same, mapMine, mapTheirs, length: mine.length === theirs.length};
        })()""", urllib.parse.urlencode(query))

    def assert_frame_matches(self, threshold, two_sided, label, min_map=300, cluster_min=0):
        query = self.map_query(threshold, two_sided, cluster_min)
        result = self.frame_agreement(query)
        self.assertTrue(result["length"], "browser frame and server image differ in size")
        self.assertGreater(result["brain"], 10000)
        share = result["same"] / result["brain"]
        self.assertGreaterEqual(share, 0.99, f"{label}: {share:.3%} of brain pixels match /api/render")
        self.assertGreaterEqual(result["mapTheirs"], min_map, f"{label}: the server's image shows too little of the map")
        self.assertLess(abs(result["mapMine"] - result["mapTheirs"]), 0.02 * result["mapTheirs"] + 20,
                        f"{label}: map areas differ: {result}")
        return result

    def test_1_map_data_loads_only_when_chosen(self):
        self.load()
        names = self.call("performance.getEntriesByType('resource').map((e) => e.name)")
        self.assertFalse([n for n in names if "/api/map-values/" in n], "map values loaded before a map was chosen")
        self.call("new Promise((ok) => { const t = () => document.getElementById('map-controls').hidden ? setTimeout(t, 50) : ok(); t(); })")
        options = self.call("[...document.querySelectorAll('#map-choice option')].map((o) => o.value)")
        self.assertEqual(options, ["", MAP])

    def test_2_frames_match_the_server_and_the_slider_changes_the_area(self):
        self.load()
        info = next(m for m in api("/api/maps")["maps"] if m["name"] == MAP)
        self.call("brainTutor.setMap({name: args[0]})", MAP)
        self.assertIn(f"overlay={MAP}", self.call("brainTutor.sceneQuery()"))
        bar = self.driver.find_element("id", "map-bar")
        self.assertTrue(bar.is_displayed(), "no colour bar")
        self.assertIn(info["title"][:12], bar.text)
        self.shot("1-default")
        base = self.assert_frame_matches(info["threshold"], False, "default threshold")
        # The slider: a lower threshold colours more of the cortex, redrawn without a request.
        before = self.call("performance.now()")
        self.call("""(() => { const s = document.getElementById('map-threshold'); s.value = String(args[0]);
            s.dispatchEvent(new Event('input')); return new Promise((ok) => setTimeout(ok, 300)); })()""", info["upper"] / 8)
        fetched = self.call("performance.getEntriesByType('resource').filter((e) => e.startTime >= args[0]).map((e) => e.name)", before)
        # (The page keeps region texts for offline use in the background: not the slider's doing.)
        scene_data = ("/api/scene", "/api/mesh/", "/api/labels/", "/api/map")
        self.assertEqual([n for n in fetched if any(p in n for p in scene_data)], [], "the slider fetched scene or map data")
        threshold = float(self.call("document.getElementById('map-threshold').value"))
        lower = self.assert_frame_matches(threshold, False, "slider threshold")
        self.assertGreater(lower["mapMine"], 1.3 * base["mapMine"], "a lower threshold did not colour more")
        self.shot("2-low-threshold")
        # Both signs, through the hook.
        self.call("brainTutor.setMap({name: args[0], threshold: args[1], twoSided: true})", MAP, info["threshold"])
        self.assert_frame_matches(info["threshold"], True, "both signs")
        self.shot("3-both-signs")
        # The medial surface, which the fixture's blobs do not reach: grey as the server draws it.
        self.call("brainTutor.setView('medial')")
        self.assert_frame_matches(info["threshold"], True, "both signs, medial", min_map=0)
        self.assert_no_console_errors()

    def test_3_inflated_frame_and_tap_values_match_the_server(self):
        self.load()
        info = next(m for m in api("/api/maps")["maps"] if m["name"] == MAP)
        self.call("brainTutor.setMap({name: args[0], twoSided: true})", MAP)
        rng = random.Random(5)
        for surface in ("pial", "inflated"):
            if surface == "inflated":
                self.driver.find_element("css selector", 'button.surface[data-surface="inflated"]').click()
                self.call("brainTutor.shown()")
                self.call("brainTutor.setMap({name: args[0], twoSided: true})", MAP)
                self.assert_frame_matches(info["threshold"], True, "inflated")
                self.shot("4-inflated")
            query = self.map_query(info["threshold"], True)
            grid = self.call("""(() => { const {width, height} = brainTutor.canvasSize(); const out = [];
                for (let y = 3; y < height; y += 6) for (let x = 3; x < width; x += 6) out.push([x, y, !!brainTutor.pickAt(x, y)]);
                return out; })()""")
            brain = [(x, y) for x, y, hit in grid if hit]
            off = [(x, y) for x, y, hit in grid if not hit]
            checked = coloured = agree = 0
            taps = rng.sample(brain, 50) + rng.sample(off, 10)
            # The viewer's values in one script call, the server's four requests at a time.
            values = self.call("Promise.all(args[0].map(([x, y]) => brainTutor.mapValueAt(x, y)))", taps)
            answers = api_each("/api/pick", [{**query, "x": x, "y": y} for x, y in taps])
            for (x, y), mine, theirs in zip(taps, values, answers):
                if theirs["region"] is None and theirs.get("surface") is None:
                    self.assertIsNone(mine, f"{surface} ({x}, {y}): a value off the brain")
                    continue
                if mine is None or theirs.get("value") is None:
                    continue
                checked += 1
                coloured += abs(theirs["value"]) > 0.5
                # The viewer's positions are the quantised mesh's (within 0.002 mm of the renderer's),
                # and the fixture's steepest slope is 0.4 per mm: 0.001 covers both and the rounding.
                # On the inflated surface the value is the nearest corner's, and two corners can be
                # equally near to within the quantisation: a rare tap takes the other one.
                agree += abs(mine - theirs["value"]) <= 1e-3
            self.assertGreater(checked, 20, f"{surface}: too few taps on the cortex")
            self.assertGreaterEqual(agree / checked, 0.95, f"{surface}: {agree} of {checked} tap values agree with /api/pick")
            print(f"{self.width}x{self.height} {surface}: {agree} of {checked} tap values equal /api/pick's (within 0.001)")
            self.assertGreater(coloured, 0, f"{surface}: no tap met the map")
        # A real tap shows the value beside the region.
        point = self.call("""(() => { const {width, height} = brainTutor.canvasSize();
            const found = []; for (let y = 10; y < height; y += 7) for (let x = 10; x < width * 0.75; x += 7)
              if (brainTutor.pickAt(x, y)) found.push([x, y]);
            return found[found.length >> 1]; })()""")
        canvas = self.driver.find_element("id", "brain-canvas")
        ratio = canvas.size["width"] / self.call("brainTutor.canvasSize().width")
        ActionChains(self.driver).move_to_element_with_offset(
            canvas, int((point[0] + 0.5) * ratio - canvas.size["width"] / 2),
            int((point[1] + 0.5) * ratio - canvas.size["height"] / 2)).click().perform()
        self.call("new Promise((ok) => { const t = () => document.getElementById('map-value').hidden ? setTimeout(t, 50) : ok(); t(); })")
        line = self.driver.find_element("id", "map-value")
        x, y = (int(v) for v in line.get_attribute("data-pixel").split(","))
        self.assertTrue(line.get_attribute("data-value"), f"the tap at ({x}, {y}) met no cortex: {line.text}")
        server = api("/api/pick", **self.map_query(info["threshold"], True), x=x, y=y)
        self.assertAlmostEqual(float(line.get_attribute("data-value")), server["value"], delta=1e-3, msg=line.text)
        self.assertTrue(self.driver.find_element("id", "brain-caption").text, "the tap named no region")
        self.assert_no_console_errors()

    def test_4_smallest_cluster_is_removed_as_render_removes_it(self):
        """At threshold 2, both signs, clusters of 6000 mm³ or more: the fixture's 10 017 mm³ blob on the
        left hemisphere's lateral side stays, its negative 5 427 mm³ and frontal 3 321 mm³ blobs go (sizes:
        `braintutor clusters … --threshold 2 --two-sided`). The viewer's coloured pixels must be the ones
        `/api/render … --cluster-min 6000` colours, through the hook, the slider and the control."""
        self.load()
        self.call("brainTutor.setMap({name: args[0], threshold: 2, twoSided: true, clusterMin: 6000})", MAP)
        self.assertTrue(self.driver.find_element("id", "map-cluster-row").is_displayed(), "no smallest-cluster control")
        self.assertEqual(float(self.call("document.getElementById('map-cluster-min').value")), 6000)
        self.assertIn("clusters ≥ 6000 mm³", self.driver.find_element("id", "map-bar").text)
        kept = self.assert_frame_matches(2, True, "smallest cluster 6000 mm³", cluster_min=6000)
        everything = self.frame_agreement(self.map_query(2, True, 0))
        self.assertGreater(everything["mapTheirs"], kept["mapTheirs"] + 300, f"nothing was removed: {everything} vs {kept}")
        self.shot("5-smallest-cluster")
        # Taps on the removed blobs report the map after the removal, as `pick --overlay … --cluster-min` does.
        removed = self.call("""(async () => {
            const load = (src) => new Promise((ok) => { const i = new Image(); i.onload = () => ok(i); i.src = src; });
            const pixels = (img) => { const c = document.createElement('canvas'); c.width = img.width; c.height = img.height;
                const g = c.getContext('2d'); g.drawImage(img, 0, 0); return g.getImageData(0, 0, c.width, c.height).data; };
            const [all, kept] = [pixels(await load('/api/render?' + args[0])), pixels(await load('/api/render?' + args[1]))];
            const coloured = (p, i) => Math.max(p[i], p[i + 2]) - p[i + 1] > 60 || p[i + 1] - p[i + 2] > 100;
            const width = brainTutor.canvasSize().width, out = [];
            for (let i = 0; i < all.length; i += 4 * 7) if (coloured(all, i) && !coloured(kept, i)) out.push([(i / 4) % width, Math.floor(i / 4 / width)]);
            return out; })()""", urllib.parse.urlencode(self.map_query(2, True, 0)), urllib.parse.urlencode(self.map_query(2, True, 6000)))
        self.assertGreater(len(removed), 20, "no pixel of a removed blob")
        # The colour bar's caption differs between the two pictures, so some changed pixels lie on the bar,
        # off the brain (no point, no value): taps are taken on the brain only.
        taps = 0
        for x, y in random.Random(7).sample(removed, len(removed)):
            if taps == 12:
                break
            theirs = api("/api/pick", **self.map_query(2, True, 6000), x=x, y=y)["value"]
            if theirs is None:
                continue
            taps += 1
            mine = self.call("brainTutor.mapValueAt(args[0], args[1])", x, y)
            # The removal leaves a step from up to the threshold (2) to 0 across one 3 mm voxel: slopes up to
            # 0.67 per mm, times the quantised positions' 0.002 mm, plus the rounding.
            self.assertAlmostEqual(mine, theirs, delta=2e-3, msg=f"tap ({x}, {y}) on a removed blob")
            self.assertLess(abs(theirs), 2, f"({x}, {y}): the removed blob's value is still there")
        self.assertEqual(taps, 12, "fewer than 12 pixels of a removed blob on the brain")
        # The slider: at a lower threshold the negative blob is 7 992 mm³ and comes back once the slider rests.
        self.call("""(() => { const s = document.getElementById('map-threshold'); s.value = '1.5';
            s.dispatchEvent(new Event('input')); })()""")
        threshold = float(self.call("document.getElementById('map-threshold').value"))
        self.wait_for_values(f"threshold={threshold}")
        lower = self.assert_frame_matches(threshold, True, "smallest cluster, slider threshold", cluster_min=6000)
        self.assertGreater(lower["mapMine"], kept["mapMine"] + 300, "the negative blob did not come back at the lower threshold")
        # The control: 0 mm³ keeps every cluster, as the command line's --cluster-min 0.
        self.call("""(() => { const i = document.getElementById('map-cluster-min'); i.value = '0';
            i.dispatchEvent(new Event('change')); })()""")
        self.wait_for_values("")
        every = self.assert_frame_matches(threshold, True, "no smallest cluster", cluster_min=0)
        # The inflated surface shows its pial twins' values, removal included.
        self.driver.find_element("css selector", 'button.surface[data-surface="inflated"]').click()
        self.call("brainTutor.shown()")
        self.call("brainTutor.setMap({name: args[0], threshold: 2, twoSided: true, clusterMin: 6000})", MAP)
        self.assert_frame_matches(2, True, "smallest cluster, inflated", cluster_min=6000)
        print(f"{self.width}x{self.height} map pixels, viewer/server: 6000 mm³ at 2: {kept['mapMine']}/{kept['mapTheirs']} "
              f"(none removed: {everything['mapTheirs']}); at {threshold:.3f}: {lower['mapMine']}/{lower['mapTheirs']}; "
              f"0 mm³: {every['mapMine']}/{every['mapTheirs']}; same brain pixels {kept['same'] / kept['brain']:.2%}, "
              f"{lower['same'] / lower['brain']:.2%}")
        self.assert_no_console_errors()

    def wait_for_values(self, wanted):
        """Waits until the map drawn is the one with `wanted` in its values' query ("": the listed URL's)."""
        self.call("""new Promise((ok) => { const t = () => { const v = document.getElementById('map-bar').dataset.values;
            (args[0] ? (v || '').includes(args[0]) : v === '') ? ok() : setTimeout(t, 50); }; t(); })""", wanted)


class MapPhoneTest(MapViewerTest, unittest.TestCase):
    width, height, phone = 390, 844, True


class MapLaptopTest(MapViewerTest, unittest.TestCase):
    width, height, phone = 1280, 800, False


if __name__ == "__main__":
    unittest.main(verbosity=2)
