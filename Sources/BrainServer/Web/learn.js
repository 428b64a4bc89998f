// Brain Tutor Learn mode: quiz rounds from /api/quiz. Find it: a region is named and the
// student taps it (three tries). Name it: the region is highlighted and the student picks its
// name from four. Scored in the page, remembered by LearnMemory; the brain, its picks and its
// highlight are the explorer's own (app.js, gl-mode.js), so every renderer works the same.
"use strict";

const Learn = (() => {
  const TRIES = 3;
  const setup = { atlas: "gyri", hemi: "left", count: 10, mode: "find" };
  let learning = false;  // the Learn mode is shown
  let round = null;      // {set, mode, options, seed, index, tries, score, streak, best, misses, phase}
  let saved = null;      // the explorer's scene while the Learn mode is shown
  let serial = 0;

  const el = (id) => document.getElementById(id);
  const same = (a, b) => !!a && !!b && a.atlas === b.atlas && a.id === b.id;
  const current = () => (round && round.index < round.set.questions.length ? round.set.questions[round.index] : null);

  // ---------- mode ----------

  function setMode(mode) {
    const on = mode === "learn";
    if (on === learning) return Promise.resolve();
    learning = on;
    document.body.dataset.mode = on ? "learn" : "explore";
    for (const button of document.querySelectorAll("button.mode")) {
      button.setAttribute("aria-pressed", button.dataset.mode === document.body.dataset.mode ? "true" : "false");
    }
    // Hover names would give the answers away.
    if (state.gl) { state.gl.namesOnHover = !on; state.gl.hideTooltip(); }
    if (on) {
      saved = { atlas: state.atlas, view: state.view, hemi: state.hemi, surface: state.surface,
                head: state.head, dimOthers: state.dimOthers, selected: state.selected };
      state.dimOthers = true;  // the answer stands out: the rest lightened strongly
      if (round && round.phase !== "done") return showScene(current(), { turn: round.mode === "name" || round.phase === "answered" });
      state.selected = null;
      state.head = false;
      if (!round) showSetup();
      return renderBrain();
    }
    const back = saved;
    saved = null;
    const { atlas, ...scene } = back;
    Object.assign(state, scene);
    $("show-head").checked = state.head;
    if (state.atlas !== atlas) setAtlas(atlas, { keepSelection: true });  // state.atlas is set at once
    updateButtons();
    setTab(document.body.dataset.tab || "brain");
    return Promise.resolve();
  }

  function showSetup() {
    LearnView.show("setup");
    LearnView.fillSetup(setup, state.atlases, LearnMemory.summary(setup.atlas, setup.hemi));
  }

  // ---------- the brain for a question ----------

  // The question's hemisphere and surface. `turn`: its view with the answer highlighted (Name it,
  // or a Find-it answer revealed); otherwise the side view to start searching from, no highlight.
  async function showScene(q, { turn }) {
    const view = q.view;
    state.surface = view.surface || "pial";
    state.hemi = view.hemi;
    state.view = turn ? view.name : (view.hemi === "both" ? "superior" : "lateral");
    state.selected = turn ? q.answer : null;
    state.head = false;
    $("show-head").checked = false;
    if (state.atlas !== q.answer.atlas) await setAtlas(q.answer.atlas, { keepSelection: true });
    updateButtons();
    await renderBrain();
    // The same preset again undoes the student's own turning.
    if (state.gl && state.gl.camera) await state.gl.setView(state.view).catch(() => {});
  }

  function highlight(region) {
    state.selected = region;
    return renderBrain();
  }

  // ---------- a round ----------

  function seedFor(explicit) {
    if (explicit !== undefined && explicit !== null && Number.isFinite(Number(explicit))) return Number(explicit) >>> 0;
    const asked = new URLSearchParams(window.location.search).get("seed");
    if (asked !== null && /^\d+$/.test(asked)) return Number(asked) >>> 0;
    const random = new Uint32Array(1);
    window.crypto.getRandomValues(random);
    return random[0];
  }

  async function fetchSet(options, seed, review) {
    const params = { atlas: options.atlas, mode: options.mode, count: options.count, seed, hemi: options.hemi };
    if (review.length) params.review = review.join(",");
    try {
      return await getJSON(`/api/quiz?${query(params)}`);
    } catch (error) {
      // A remembered id this atlas no longer asks (new data): play the round without review.
      if (!params.review || error.status !== 400 || !/review/.test(error.message)) throw error;
      delete params.review;
      return getJSON(`/api/quiz?${query(params)}`);
    }
  }

  // Starts a round: {atlas, mode, count, seed, hemi, review} (missing ones from the set-up; no
  // seed: ?seed= of the address, else random); resolves with the question set once asked.
  async function start(options = {}) {
    const o = {
      atlas: options.atlas || setup.atlas, mode: options.mode || setup.mode,
      count: Number(options.count || setup.count), hemi: options.hemi || setup.hemi,
    };
    Object.assign(setup, o);
    const seed = seedFor(options.seed);
    // Regions due for review come first, but fill at most half a round: new ones keep coming.
    const review = Array.isArray(options.review) ? options.review.slice(0, o.count)
      : LearnMemory.due(o.atlas, o.hemi, Math.ceil(o.count / 2));
    const mine = ++serial;
    if (!learning) await setMode("learn");
    el("learn-start").disabled = true;
    let set;
    try {
      set = await fetchSet(o, seed, review);
    } catch (error) {
      showStatus(`Could not make a quiz: ${error.message}`);
      throw error;
    } finally {
      el("learn-start").disabled = false;
    }
    if (mine !== serial) return set;
    if (!set.questions.length) {
      showStatus(`${atlasTitle(o.atlas)} has no region that shows well enough to be asked.`);
      return set;
    }
    showStatus("");
    LearnMemory.beginRound(o.atlas);
    round = { set, mode: o.mode, options: o, seed, review, index: 0, tries: TRIES, score: 0, streak: 0,
              best: 0, misses: [], phase: "asking" };
    LearnView.show("play");
    await ask();
    return set;
  }

  async function ask() {
    round.tries = TRIES;
    round.phase = "asking";
    LearnView.question(round, (i) => answer(i));
    if (round.mode === "name") LearnView.focusFirstChoice();
    round.shown = showScene(current(), { turn: round.mode === "name" });
    await round.shown;
  }

  // Scores the current question: outcome "first" (right at once), "late" (right after a miss)
  // or "missed"; `chosen` is the choice index in Name it.
  function settle(q, outcome, chosen) {
    if (outcome === "missed") {
      round.streak = 0;
      round.misses.push(q);
    } else {
      round.score += 1;
      round.streak += 1;
      round.best = Math.max(round.best, round.streak);
    }
    round.phase = "answered";
    LearnMemory.record(q.answer, outcome);
    LearnView.answered(round, chosen);
  }

  // A tap on the brain while learning (gl-mode.js and app.js hand every tap here). A tap on
  // background or unlabelled cortex costs no try.
  async function tapped(region, surface) {
    const q = current();
    if (!q || round.phase !== "asking" || round.mode !== "find") return { ignored: true };
    if (!region) {
      LearnView.feedback(surface ? "No region there (unlabelled cortex): try again." : "That is background: tap the brain.", "info");
      return { correct: false, region: null, tries: round.tries };
    }
    if (same(region, q.answer)) {
      LearnView.feedback(`Right: ${regionLabel(q.answer)}.`, "right");
      settle(q, round.tries === TRIES ? "first" : "late");
      await highlight(q.answer);
      return { correct: true, region, tries: round.tries };
    }
    round.tries -= 1;
    if (round.tries > 0) {
      LearnView.feedback(`That is ${regionLabel(region)}. ${LearnView.triesText(round.tries)}`, "wrong");
      LearnView.progress(round);
      return { correct: false, region, tries: round.tries };
    }
    LearnView.feedback(`That is ${regionLabel(region)}. Highlighted: ${regionLabel(q.answer)}.`, "wrong");
    settle(q, "missed");
    round.shown = showScene(q, { turn: true });
    await round.shown;
    return { correct: false, region, tries: 0 };
  }

  // Name it: answers the current question with choice `index` (0–3).
  async function answer(index) {
    const q = current();
    if (!q || round.phase !== "asking" || round.mode !== "name") throw new Error("no Name-it question is waiting for an answer");
    const choice = q.choices[index];
    if (!choice) throw new Error(`choice ${index} does not exist: 0 to ${q.choices.length - 1}`);
    const right = same(choice, q.answer);
    LearnView.feedback(right ? `Right: ${regionLabel(q.answer)}.`
      : `No: this is ${regionLabel(q.answer)}, not ${choice.name}.`, right ? "right" : "wrong");
    settle(q, right ? "first" : "missed", index);
    return { correct: right, answer: q.answer };
  }

  async function next() {
    if (!round || round.phase !== "answered") return;
    round.index += 1;
    if (round.index < round.set.questions.length) { await ask(); return; }
    round.phase = "done";
    LearnView.show("results");
    LearnView.results(round, [], showMiss);
    el("learn-score").focus({ preventScroll: true });
    state.selected = null;
    renderBrain();
    const shown = round;
    const texts = await Promise.all(round.misses.map((q) => describe(q.answer).then((d) => d.region)));
    if (round === shown) LearnView.results(round, texts, showMiss);
  }

  function showMiss(q) { return showScene(q, { turn: true }); }

  function stop() {
    serial += 1;
    round = null;
    state.selected = null;
    showSetup();
    return renderBrain();
  }

  function practise() {
    if (!round || !round.misses.length) return Promise.resolve(null);
    const ids = round.misses.map((q) => q.answer.id);
    return start({ ...round.options, count: ids.length, review: ids });
  }

  function snapshot() {
    const q = current();
    if (!round) return { question: null, tries: 0, score: 0, streak: 0, done: false, phase: "setup" };
    return {
      question: q, index: round.index, count: round.set.questions.length, mode: round.mode, seed: round.seed,
      tries: round.tries, score: round.score, streak: round.streak, bestStreak: round.best,
      misses: round.misses.map((m) => m.answer.id), phase: round.phase, done: round.phase === "done",
    };
  }

  // ---------- controls ----------

  function key(event) {
    if (!learning || !round || round.phase === "done") return;
    const tag = event.target && event.target.tagName;
    if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA") return;
    if (round.mode === "name" && round.phase === "asking" && /^[1-4]$/.test(event.key)) {
      event.preventDefault();
      answer(Number(event.key) - 1).catch(() => {});
    } else if (LearnView.choiceKey(event)) {
      event.preventDefault();
    }
  }

  function wire() {
    for (const button of document.querySelectorAll("button.mode")) {
      button.addEventListener("click", () => setMode(button.dataset.mode));
    }
    LearnView.wireSetup(setup, () => LearnView.fillSetup(setup, state.atlases, LearnMemory.summary(setup.atlas, setup.hemi)));
    el("learn-setup").addEventListener("submit", (event) => { event.preventDefault(); start().catch(() => {}); });
    el("learn-next").addEventListener("click", () => next());
    el("learn-stop").addEventListener("click", () => stop());
    el("learn-practise").addEventListener("click", () => practise().catch(() => {}));
    el("learn-again").addEventListener("click", () => stop());
    document.addEventListener("keydown", key);
  }

  wire();
  return { takesTaps: () => learning, tapped, setMode, start,
           shown: () => Promise.resolve(round && round.shown), answer, next, stop, practise, state: snapshot };
})();

// The scripting hook (docs/VIEWER.md): rounds for tests and embedders.
window.brainTutor.learn = {
  start: (options) => Learn.start(options),
  state: () => Learn.state(),
  // Resolves once the brain shows the current question (its view, highlight) as drawn.
  shown: () => Learn.shown(),
  answer: (index) => Learn.answer(index),
  next: () => Learn.next(),
  stop: () => Learn.stop(),
  practise: () => Learn.practise(),
  // Exactly what a tap at drawing-buffer pixel (x, y) does (in server mode through /api/pick).
  tapAt(x, y) {
    if (state.gl) return Promise.resolve(state.gl.callbacks.onPick(state.gl.pickAt(x, y), { x, y }));
    return pickPixel(Math.floor(x), Math.floor(y));
  },
  memoryKey: LearnMemory.KEY,
};
