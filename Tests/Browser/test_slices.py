"""Browser tests of the 2D slice pane: a tap on the slice names the region `where` gives at the
tapped voxel and moves the marked point there; the radiological switch mirrors the image and
its letters. Run by Scripts/browser-test.sh against a running server (BRAINTUTOR_URL), WebGL in
headless Chromium as in test_webgl.py; every test also asserts that the page logged no error.
"""

import unittest
import urllib.parse

from selenium.webdriver.common.by import By

from test_viewer import ARTIFACTS, BASE, api, api_each
from test_webgl import BrowserSession

# The pixels drawn in the letters' own colour (SliceDecorations.letterColor) in the left and
# right thirds of the image's middle rows, each as a mask relative to its bounding box.
LETTER_MASKS = """(() => {
  const img = document.getElementById('slice');
  const c = document.createElement('canvas'); c.width = img.naturalWidth; c.height = img.naturalHeight;
  const g = c.getContext('2d'); g.drawImage(img, 0, 0);
  const d = g.getImageData(0, 0, c.width, c.height).data;
  const mask = (x0, x1) => {
    const points = [];
    for (let y = Math.floor(c.height * 0.3); y < c.height * 0.7; y += 1) for (let x = x0; x < x1; x += 1) {
      const i = (y * c.width + x) * 4;
      if (d[i] === 235 && d[i + 1] === 235 && d[i + 2] === 240) points.push([x, y]);
    }
    if (!points.length) return '';
    const mx = Math.min(...points.map((p) => p[0])), my = Math.min(...points.map((p) => p[1]));
    return points.map((p) => `${p[0] - mx},${p[1] - my}`).sort().join(' ');
  };
  return {left: mask(0, Math.floor(c.width / 3)), right: mask(Math.ceil(c.width * 2 / 3), c.width)};
})()"""


class SliceTapTest(BrowserSession):
    """The scenario; the subclasses below set the window size (width, height, phone)."""

    def load(self):
        self.driver.get(BASE + "/")
        self.call("brainTutor.ready")
        slice_img = self.driver.find_element(By.ID, "slice")
        self.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", slice_img)
        self.wait_slice()

    def wait_slice(self, contains=None):
        def ready(driver):
            img = driver.find_element(By.ID, "slice")
            url = img.get_attribute("data-url") or ""
            return (img.get_attribute("data-state") == "ready" and (contains is None or contains in url)
                    and driver.execute_script("return arguments[0].naturalWidth", img) > 0)
        self.wait.until(ready)
        return self.driver.find_element(By.ID, "slice")

    def shot(self, name):
        self.driver.save_screenshot(str(ARTIFACTS / f"slices-{self.width}x{self.height}-{name}.png"))

    def shown_params(self):
        url = self.call("brainTutor.slice.state().url")
        return dict(urllib.parse.parse_qsl(url.split("?", 1)[1], keep_blank_values=True))

    def where_region(self, mni, atlas):
        hit = api("/api/where", x=mni[0], y=mni[1], z=mni[2])
        return hit["atlases"][atlas]

    def stable_slice_pixel(self, params, width, height):
        """A slice pixel inside a region with the same region 4 px around it, so a click that
        lands a pixel off (CSS scaling) names the same region."""
        steps = 12
        grid = [(width * gx // steps, height * gy // steps) for gy in range(2, steps - 1) for gx in range(2, steps - 1)]
        for (x, y), hit in zip(grid, api_each("/api/slice/pick", [{**params, "x": x, "y": y} for x, y in grid])):
            if not hit["region"]:
                continue
            around = [r["region"] for r in api_each("/api/slice/pick", [
                {**params, "x": x + dx, "y": y + dy} for dx, dy in ((-4, 0), (4, 0), (0, -4), (0, 4))])]
            if all(r and r["id"] == hit["region"]["id"] for r in around):
                return x, y, hit
        self.fail("no stable region pixel on the slice")

    def test_1_a_tap_on_the_slice_names_the_region_where_gives(self):
        self.load()
        self.call("brainTutor.slice.setPlane('coronal')")
        img = self.wait_slice("plane=coronal")
        params = self.shown_params()
        width, height = self.driver.execute_script("return [arguments[0].naturalWidth, arguments[0].naturalHeight]", img)
        x, y, expected = self.stable_slice_pixel(params, width, height)
        # A click at that image pixel through the page's own click handler. The point is taken from
        # the image's box in the same script that clicks, so a late layout change above the slice
        # (a panel that appears once its data arrives) cannot move the image under the click. A
        # click lands on whole CSS pixels, and a scaled-down image has more pixels than its box:
        # the answer expected is the one at the image pixel that CSS pixel covers.
        x, y = self.driver.execute_script("""
            const [img, x, y, w, h] = arguments, r = img.getBoundingClientRect();
            const cx = Math.round(r.left + (x + 0.5) * r.width / w), cy = Math.round(r.top + (y + 0.5) * r.height / h);
            img.dispatchEvent(new MouseEvent("click", {bubbles: true, clientX: cx, clientY: cy}));
            return [Math.floor((cx - r.left) * w / r.width), Math.floor((cy - r.top) * h / r.height)];""",
            img, x, y, width, height)
        expected = api("/api/slice/pick", **params, x=x, y=y)
        name = expected["region"]["name"]
        self.wait.until(lambda d: name in d.find_element(By.ID, "slice-note").text)
        # (On a phone the panel is on the Info tab: read its text, shown or not.)
        self.wait.until(lambda d: d.find_element(By.ID, "info-name").get_attribute("textContent") == name)
        state = self.call("brainTutor.slice.state()")
        self.assertEqual([round(v, 3) for v in state["point"]], expected["mni"], "the marked point is the tapped voxel")
        where = self.where_region(expected["mni"], params["atlas"])
        self.assertEqual((where["id"], where["name"]), (expected["region"]["id"], name))
        # The slice now goes through the tapped point, marks it and highlights the region.
        img = self.wait_slice("at=")
        shown = self.shown_params()
        self.assertEqual(shown["highlight"], str(expected["region"]["id"]))
        self.assertEqual([float(v) for v in shown["at"].split(",")], [round(v, 1) for v in expected["mni"]])
        self.shot("1-tapped")
        # The other planes go through the same point.
        for plane, axis in (("axial", 2), ("sagittal", 0)):
            self.call(f"brainTutor.slice.setPlane('{plane}')")
            self.wait_slice(f"plane={plane}")
            at = [float(v) for v in self.shown_params()["at"].split(",")]
            self.assertAlmostEqual(at[axis], round(expected["mni"][axis]), delta=0.51, msg=plane)
            for other in {0, 1, 2} - {axis}:
                self.assertEqual(at[other], round(expected["mni"][other], 1), plane)

        # Taps through the hook on three planes, on pixels inside and outside regions: the named
        # region is where's at the reported point.
        named = unnamed = 0
        for plane in ("axial", "coronal", "sagittal"):
            self.call(f"brainTutor.slice.setPlane('{plane}')")
            img = self.wait_slice(f"plane={plane}")
            params = self.shown_params()
            width, height = self.driver.execute_script("return [arguments[0].naturalWidth, arguments[0].naturalHeight]", img)
            inside, outside = [], []
            grid = [(width * gx // 16, height * gy // 16) for gy in range(1, 16) for gx in range(1, 16)]
            # An HTTP error: the caption or a band, not on the slice.
            hits = api_each("/api/slice/pick", [{**params, "x": x, "y": y} for x, y in grid], lambda _: None)
            for (x, y), hit in zip(grid, hits):
                if hit is not None:
                    (inside if hit["region"] else outside).append((x, y))
            self.assertGreaterEqual(len(inside), 4, f"{plane}: too few region pixels on the grid of {params}")
            # Outside first: the last tap is in a region, so the next plane goes through the brain.
            for x, y in outside[:2] + inside[:6]:
                pick = self.call("brainTutor.slice.tapAt(args[0], args[1])", x, y)
                self.assertIsNotNone(pick, f"{plane} pixel {x},{y}")
                where = self.where_region(pick["mni"], "gyri")
                got = pick["region"]
                self.assertEqual(where and where["id"], got and got["id"], f"{plane} pixel {x},{y}")
                if got:
                    named += 1
                    self.wait.until(lambda d: d.find_element(By.ID, "info-name").get_attribute("textContent") == got["name"])
                else:
                    unnamed += 1
        self.assertGreaterEqual(named, 12)
        self.assertGreater(unnamed, 0)

    def test_2_radiological_switch_mirrors_the_image_and_letters(self):
        self.load()
        self.call("brainTutor.slice.setPlane('axial')")
        if self.call("brainTutor.slice.state().radiological"):
            self.driver.find_element(By.ID, "slice-radiological").click()
        img = self.wait_slice("plane=axial")
        self.assertNotIn("radiological", self.shown_params())
        neuro = self.call(LETTER_MASKS)
        width, height = self.driver.execute_script("return [arguments[0].naturalWidth, arguments[0].naturalHeight]", img)
        left_pixel = {"x": width // 4, "y": height // 2}
        before = api("/api/slice/pick", **self.shown_params(), **left_pixel)
        button = self.driver.find_element(By.ID, "slice-radiological")
        self.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
        button.click()
        self.wait_slice("radiological=true")
        self.assertEqual(button.get_attribute("aria-pressed"), "true")
        radio = self.call(LETTER_MASKS)
        after = api("/api/slice/pick", **self.shown_params(), **left_pixel)
        # Neurological: the image's left is the subject's left (negative x); radiological: the right.
        self.assertLess(before["mni"][0], 0)
        self.assertGreater(after["mni"][0], 0)
        # The letters swap sides: the glyph on the left is now the one that was on the right.
        self.assertTrue(neuro["left"] and neuro["right"] and neuro["left"] != neuro["right"], neuro)
        self.assertEqual(radio["left"], neuro["right"])
        self.assertEqual(radio["right"], neuro["left"])
        self.shot("2-radiological")
        button.click()
        self.wait.until(lambda d: "radiological" not in self.shown_params())


class PhoneSliceTest(SliceTapTest, unittest.TestCase):
    width, height, phone = 390, 844, True


class LaptopSliceTest(SliceTapTest, unittest.TestCase):
    width, height, phone = 1280, 800, False


if __name__ == "__main__":
    unittest.main(verbosity=2)
