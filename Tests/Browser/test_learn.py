"""Browser tests of the Learn mode: quiz rounds from /api/quiz played in headless Chromium.

Run by Scripts/browser-test.sh (which starts `braintutor serve` and sets BRAINTUTOR_URL). Find-it
rounds are answered through `brainTutor.learn.tapAt` at pixels where the viewer's own pick
(`brainTutor.pickAt`) names the answer; Name-it rounds through the choice buttons and keys. Every
expectation comes from the server's question set, /api/info and the page's localStorage.
Screenshots (set-up, a question, the results at 390×844 and 1280×800): $ARTIFACTS/learn-*.png.
"""

import json
import unittest
import urllib.parse

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from test_viewer import ARTIFACTS, BASE, api
from test_webgl import BrowserSession

MEMORY_KEY = "braintutor.learn.v1"

# In the page: a pixel of region `args[0]` (id) whose neighbours 3 px away are the same region,
# from pickAt over the drawing buffer on a 4 px grid (WebGL: synchronous picks on the device).
FIND_PIXEL_GL = """(() => {
  const {width, height} = brainTutor.canvasSize();
  const is = (x, y) => { const r = brainTutor.pickAt(x, y); return !!r && r.id === args[0]; };
  let best = null;
  for (let y = 2; y < height; y += 4) for (let x = 2; x < width; x += 4) {
    if (!is(x, y)) continue;
    if (is(x - 3, y) && is(x + 3, y) && is(x, y - 3) && is(x, y + 3)) return [x, y];
    best = best || [x, y];
  }
  return best;
})()"""

# The same in server-image mode, where pickAt asks /api/pick: only inside the region's box of
# /api/render.json (args[1]), coarse to fine.
FIND_PIXEL_SERVER = """(async () => {
  const [x0, y0, x1, y1] = args[1];
  for (const step of [16, 8, 4, 2]) {
    for (let y = y0 + (step >> 1); y <= y1; y += step) for (let x = x0 + (step >> 1); x <= x1; x += step) {
      const r = await brainTutor.pickAt(x, y);
      if (r && r.id === args[0]) return [x, y];
    }
  }
  return null;
})()"""


class LearnTest(BrowserSession):
    """Shared helpers; subclasses set width, height, phone and renderer."""

    renderer = "webgl"

    def load(self, memory=None):
        """Opens the viewer with localStorage cleared (or holding `memory`, a string)."""
        query = "?renderer=server" if self.renderer == "server" else ""
        self.driver.get(BASE + "/" + query)
        self.call("brainTutor.ready")
        self.assertEqual(self.call("brainTutor.renderer()"), self.renderer)
        self.call("localStorage.clear()" if memory is None else "localStorage.setItem(args[0], args[1])",
                  MEMORY_KEY, memory)

    def shot(self, name):
        self.driver.save_screenshot(str(ARTIFACTS / f"learn-{self.renderer}-{self.width}x{self.height}-{name}.png"))

    def learn(self, expression, *args):
        return self.call(f"brainTutor.learn.{expression}", *args)

    def text(self, element_id):
        return self.driver.find_element(By.ID, element_id).get_attribute("textContent")

    def memory(self):
        raw = self.call("localStorage.getItem(args[0])", MEMORY_KEY)
        return json.loads(raw) if raw else None

    def quiz_requests(self):
        return [urllib.parse.parse_qs(urllib.parse.urlparse(u).query) for u in self.call(
            "performance.getEntriesByType('resource').map((e) => e.name).filter((n) => n.includes('/api/quiz?'))")]

    def scene(self):
        return dict(urllib.parse.parse_qsl(self.call("brainTutor.sceneQuery()")))

    def highlighted_id(self):
        """The region the brain shows highlighted (WebGL viewer, or the server image's query)."""
        value = self.scene().get("highlight")
        return int(value) if value else None

    def find_pixel(self, region):
        if self.renderer == "webgl":
            return self.call(FIND_PIXEL_GL, region["id"])
        report = api("/api/render.json", **self.scene())  # the image's own query, w and h included
        entry = next(r for r in report["regions"] if r["id"] == region["id"] and r["atlas"] == region["atlas"])
        return self.call(FIND_PIXEL_SERVER, region["id"], entry["bbox"])

    def other_pixel(self, region):
        """A pixel of some other region in the current view."""
        size = self.call("brainTutor.canvasSize()")
        for fy in (0.5, 0.4, 0.6, 0.3, 0.7):
            for fx in (0.5, 0.35, 0.65, 0.25, 0.75):
                x, y = int(size["width"] * fx), int(size["height"] * fy)
                other = self.call("brainTutor.pickAt(args[0], args[1])", x, y)
                if other and other["id"] != region["id"]:
                    return (x, y), other
        self.fail("no other region found on the canvas")

    def real_tap(self, x, y):
        """A mouse click at drawing-buffer pixel (x, y) of the canvas (or the server image)."""
        element = self.driver.find_element(By.ID, "brain-canvas" if self.renderer == "webgl" else "brain")
        size = self.call("brainTutor.canvasSize()")
        rect = element.rect
        ActionChains(self.driver).move_to_element_with_offset(
            element, round((x + 0.5) * rect["width"] / size["width"] - rect["width"] / 2),
            round((y + 0.5) * rect["height"] / size["height"] - rect["height"] / 2)).click().perform()

    # ---------- a Find-it round ----------

    def play_find_round(self, count, seed, miss_once=1, miss_all=None, shots=False):
        """Finds every answer; one wrong tap first on question `miss_once`, three on `miss_all`."""
        questions = self.learn("start(args[0])", {"atlas": "gyri", "mode": "find", "count": count,
                                                   "seed": seed, "hemi": "left"})["questions"]
        self.assertEqual(len(questions), count)
        expected_score = 0
        for i, q in enumerate(questions):
            state = self.learn("state()")
            self.assertEqual(state["question"]["number"], q["number"])
            self.assertEqual(state["tries"], 3)
            self.assertIn(q["answer"]["name"], self.text("learn-prompt"))
            if shots and i == 0:
                self.shot("2-find-question")
            if i in (miss_once, miss_all):
                for attempt in range(3 if i == miss_all else 1):
                    (x, y), other = self.other_pixel(q["answer"])
                    result = self.learn("tapAt(args[0], args[1])", x, y)
                    self.assertFalse(result["correct"])
                    self.assertEqual(result["region"]["id"], other["id"])
                    self.assertEqual(self.learn("state()")["tries"], 2 - attempt)
                    self.assertIn(other["name"], self.text("learn-feedback"))
            if i == miss_all:
                # The last miss shows the answer: highlighted, in the question's view.
                self.assertEqual(self.highlighted_id(), q["answer"]["id"])
                self.assertEqual(self.scene()["view"], q["view"]["name"])
                self.assertEqual(self.learn("state()")["phase"], "answered")
            else:
                self.call("brainTutor.setView(args[0])", q["view"]["name"])
                pixel = self.find_pixel(q["answer"])
                self.assertIsNotNone(pixel, f"question {q['number']}: {q['answer']['name']} not on the canvas")
                expected_score += 1
                if i == len(questions) - 1:
                    # The last one with a real click: the page's own tap handling.
                    self.real_tap(*pixel)
                    self.wait.until(lambda d: self.learn("state()")["phase"] == "answered")
                else:
                    result = self.learn("tapAt(args[0], args[1])", *pixel)
                    self.assertTrue(result["correct"], f"question {q['number']}: tapped {result['region']}")
                self.assertEqual(self.highlighted_id(), q["answer"]["id"])
            self.assertEqual(self.learn("state()")["score"], expected_score)
            self.learn("next()")
        state = self.learn("state()")
        self.assertTrue(state["done"])
        self.assertEqual(state["score"], expected_score)
        return questions, state


class DesktopLearnTest(LearnTest, unittest.TestCase):
    width, height, phone = 1280, 800, False

    def test_1_find_round_with_misses_and_memory(self):
        self.load()
        self.driver.find_element(By.CSS_SELECTOR, 'button.mode[data-mode="learn"]').click()
        self.assertTrue(self.driver.find_element(By.ID, "learn-setup").is_displayed())
        self.assertFalse(self.driver.find_element(By.ID, "table-pane").is_displayed())
        self.shot("1-setup")
        questions, state = self.play_find_round(count=5, seed=11, miss_once=1, miss_all=3, shots=True)
        missed = questions[3]["answer"]
        self.assertEqual(state["score"], 4)
        self.assertEqual(state["misses"], [missed["id"]])
        self.assertEqual(state["bestStreak"], 3)
        # Results: the score and the miss with its text from /api/info.
        self.assertIn("Score 4 of 5", self.text("learn-score"))
        self.assertIn("Best streak 3", self.text("learn-streak"))
        info = api("/api/info", q=str(missed["id"]), atlas="gyri")["region"]
        self.wait.until(lambda d: info["text"][:60] in self.text("learn-misses"))
        self.assertIn(missed["name"], self.text("learn-misses"))
        self.shot("3-find-results")
        # Memory: the miss is in box 1, the late find stays in box 1, the others moved up.
        regions = self.memory()["atlases"]["gyri"]["regions"]
        self.assertEqual(regions[str(missed["id"])]["box"], 1)
        self.assertEqual(regions[str(questions[1]["answer"]["id"])]["box"], 1)
        self.assertEqual(regions[str(questions[0]["answer"]["id"])]["box"], 2)
        # The next round asks for the due regions (the two box-1 ones) first.
        again = self.learn("start(args[0])", {"atlas": "gyri", "mode": "find", "count": 4, "seed": 12})
        review = self.quiz_requests()[-1]["review"][0].split(",")
        self.assertEqual(sorted(review), sorted([str(missed["id"]), str(questions[1]["answer"]["id"])]))
        self.assertEqual({q["answer"]["id"] for q in again["questions"][:2]},
                         {missed["id"], questions[1]["answer"]["id"]})

    def test_2_name_round_buttons_keys_and_practise(self):
        self.load()
        questions = self.learn("start(args[0])", {"atlas": "gyri", "mode": "name", "count": 6, "seed": 5,
                                                   "hemi": "left"})["questions"]
        wrong = set()
        score = 0
        for i, q in enumerate(questions):
            self.learn("shown()")
            self.assertEqual(self.highlighted_id(), q["answer"]["id"])
            self.assertEqual(self.scene()["view"], q["view"]["name"])
            buttons = self.driver.find_elements(By.CSS_SELECTOR, "#learn-choices .choice")
            self.assertEqual([b.text.split("\n")[-1].strip() for b in buttons], [c["name"] for c in q["choices"]])
            right = next(k for k, c in enumerate(q["choices"]) if c["id"] == q["answer"]["id"])
            pick = right if i % 3 != 1 else (right + 1) % 4
            if i == 0:
                self.shot("2-name-question")
            if i == 2:   # the keyboard: the number key
                self.driver.switch_to.active_element.send_keys(str(pick + 1))
            elif i == 3:  # arrows to the choice, then Enter
                first = buttons[0]
                first.send_keys(Keys.ARROW_DOWN * pick) if pick else None
                self.driver.switch_to.active_element.send_keys(Keys.ENTER)
            else:
                buttons[pick].click()
            self.wait.until(lambda d: self.learn("state()")["phase"] == "answered")
            if pick == right:
                score += 1
            else:
                wrong.add(q["answer"]["id"])
                self.assertEqual(buttons[pick].get_attribute("data-result"), "wrong")
            self.assertEqual(buttons[right].get_attribute("data-result"), "right")
            self.assertEqual(self.learn("state()")["score"], score)
            if i == 0:
                self.shot("2-name-answered")
            self.driver.switch_to.active_element.send_keys(Keys.ENTER)  # Next has the focus
            self.wait.until(lambda d: self.learn("state()")["index"] == i + 1 or self.learn("state()")["done"])
        state = self.learn("state()")
        self.assertTrue(state["done"])
        self.assertEqual((state["score"], set(state["misses"])), (4, wrong))
        # The review list is drawn again when the misses' texts arrive: read it in one script call,
        # and wait for the final list rather than holding elements that may be replaced.
        names = {q["answer"]["name"] for q in questions if q["answer"]["id"] in wrong}
        read = ("return [...document.querySelectorAll('#learn-misses li')]"
                ".map((li) => li.innerText.split('\\n')[0].split(' (')[0])")
        self.wait.until(lambda d: len(d.execute_script(read)) == 2 and set(d.execute_script(read)) == names)
        self.shot("3-name-results")
        memory = self.memory()["atlases"]["gyri"]["regions"]
        self.assertEqual({int(k) for k, v in memory.items() if v["box"] == 1}, wrong)
        # "Practise these": a round of exactly the misses, asked for through review=.
        self.driver.find_element(By.ID, "learn-practise").click()
        self.wait.until(lambda d: self.learn("state()")["phase"] == "asking")
        state = self.learn("state()")
        self.assertEqual(state["count"], 2)
        self.assertEqual(set(self.quiz_requests()[-1]["review"][0].split(",")), {str(i) for i in wrong})
        self.assertIn(state["question"]["answer"]["id"], wrong)

    def test_3_corrupt_storage_does_not_break_a_round(self):
        self.load(memory="{not json")
        self.learn("start(args[0])", {"atlas": "lobes", "mode": "name", "count": 2, "seed": 2})
        for _ in range(2):
            q = self.learn("state()")["question"]
            self.learn("answer(args[0])", next(k for k, c in enumerate(q["choices"]) if c["id"] == q["answer"]["id"]))
            self.learn("next()")
        self.assertEqual(self.learn("state()")["score"], 2)
        self.assertEqual(len(self.memory()["atlases"]["lobes"]["regions"]), 2)
        # Back to exploring: the table and the explorer's atlas return.
        self.driver.find_element(By.CSS_SELECTOR, 'button.mode[data-mode="explore"]').click()
        self.assertTrue(self.driver.find_element(By.ID, "table-pane").is_displayed())
        self.assertEqual(self.call("document.getElementById('atlas').value"), "gyri")
        errors = [e for e in self.driver.get_log("browser") if e["level"] == "SEVERE"]
        self.assertEqual(errors, [])

    def test_4_leitner_schedule_and_blocked_storage(self):
        self.load()
        # The page's own memory module (the same module instance as the page's).
        schedule = self.call("""import('/learn-memory.js').then((M) => {
            const r = (id, hemisphere) => ({atlas: 'gyri', id, hemisphere});
            const out = [];
            M.beginRound('gyri');                       // round 1
            M.record(r(1, 'left'), 'first');            // box 2: due in round 3
            M.record(r(2, 'left'), 'missed');           // box 1: due in round 2
            M.record(r(3, 'right'), 'missed');          // the other side
            M.record(r(4, 'left'), 'late');             // box 1
            out.push(M.due('gyri', 'left', 10), M.due('gyri', 'both', 10), M.due('gyri', 'left', 1));
            M.beginRound('gyri');                       // round 2: 2 and 4 answered right at once
            M.record(r(2, 'left'), 'first'); M.record(r(4, 'left'), 'first');
            out.push(M.due('gyri', 'left', 10));        // for round 3: 1 is due, 2 and 4 (box 2) not yet
            // Storage that refuses writes (a full quota, private mode): the visit still remembers.
            Storage.prototype.setItem = () => { throw new DOMException('quota', 'QuotaExceededError'); };
            M.beginRound('gyri');                       // round 3
            M.record(r(5, 'left'), 'missed');
            out.push(M.due('gyri', 'left', 10));        // for round 4: box 1 first, then box 2 by age
            return out;
        })""")
        self.assertEqual(schedule[0], [2, 4])
        self.assertEqual(schedule[1], [2, 3, 4])
        self.assertEqual(schedule[2], [2])
        self.assertEqual(schedule[3], [1])
        self.assertEqual(schedule[4], [5, 1, 2, 4])


class PhoneLearnTest(LearnTest, unittest.TestCase):
    width, height, phone = 390, 844, True

    def test_1_phone_round_fits_and_has_big_targets(self):
        self.load()
        self.driver.find_element(By.CSS_SELECTOR, 'button.mode[data-mode="learn"]').click()
        self.shot("1-setup")
        self.driver.find_element(By.CSS_SELECTOR, 'button.learn-mode[data-mode="name"]').click()
        self.driver.find_element(By.ID, "learn-start").click()
        self.wait.until(lambda d: self.learn("state()")["phase"] == "asking")
        self.learn("shown()")
        # The prompt, the four choices and the brain are all on the first screen.
        for selector in ("#learn-prompt", "#learn-choices", "#brain-canvas"):
            rect = self.driver.find_element(By.CSS_SELECTOR, selector).rect
            self.assertLessEqual(rect["y"] + min(rect["height"], 200), self.height, selector)
        small = self.call("Array.from(document.querySelectorAll('#learn-pane button, .modes button'))"
                          ".filter((b) => b.getClientRects().length && !b.classList.contains('link'))"
                          ".map((b) => b.getBoundingClientRect()).filter((r) => r.height < 44 || r.width < 44).length")
        self.assertEqual(small, 0, "touch targets under 44 px")
        self.shot("2-name-question")
        count = self.learn("state()")["count"]
        for _ in range(count):
            q = self.learn("state()")["question"]
            self.learn("answer(0)")
            self.learn("next()")
        self.assertTrue(self.learn("state()")["done"])
        self.shot("3-results")

    def test_2_landscape_question_beside_the_brain(self):
        self.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
            "width": 844, "height": 390, "deviceScaleFactor": 1, "mobile": True})
        try:
            self.load()
            self.learn("start(args[0])", {"atlas": "lobes", "mode": "name", "count": 2, "seed": 3})
            canvas = self.driver.find_element(By.ID, "brain-canvas").rect
            choices = self.driver.find_element(By.ID, "learn-choices").rect
            self.assertGreater(canvas["height"], 220)
            self.assertLessEqual(canvas["y"] + 220, 390)
            self.assertLessEqual(choices["y"] + choices["height"], 390)
            self.driver.save_screenshot(str(ARTIFACTS / "learn-webgl-844x390-2-name-question.png"))
        finally:
            self.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
                "width": self.width, "height": self.height, "deviceScaleFactor": 1, "mobile": True})


class ServerLearnTest(LearnTest, unittest.TestCase):
    """The server-image fallback: picks through /api/pick, the highlight through /api/render."""
    width, height, phone, renderer = 1280, 800, False, "server"

    def test_1_find_round_in_server_mode(self):
        self.load()
        questions, state = self.play_find_round(count=3, seed=21, miss_once=0, miss_all=1, shots=True)
        self.assertEqual((state["score"], state["misses"]), (2, [questions[1]["answer"]["id"]]))
        self.shot("3-find-results")

    def test_2_name_round_in_server_mode(self):
        self.load()
        self.learn("start(args[0])", {"atlas": "sulci", "mode": "name", "count": 2, "seed": 4, "hemi": "right"})
        q = self.learn("state()")["question"]
        self.assertEqual(self.highlighted_id(), q["answer"]["id"])
        self.assertEqual(self.scene()["view"], q["view"]["name"])
        self.assertEqual(self.scene()["hemi"], q["view"]["hemi"])
        self.shot("2-name-question")


if __name__ == "__main__":
    unittest.main(verbosity=2)
