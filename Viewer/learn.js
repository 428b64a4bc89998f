// @ts-check
// Brain Tutor Learn mode: quiz rounds from /api/quiz. Find it: a region is named and the
// student taps it (three tries). Name it: the region is highlighted and the student picks its
// name from four. Scored in the page, remembered by LearnMemory; the brain, its picks and its
// highlight are the explorer's own (brain.js), so every renderer works the same.
import { getJSON, query } from "./api.js";
import { atlasTitle, failed, regionLabel, showStatus } from "./dom.js";
import { renderBrain, setTapTaker, theBrain } from "./brain.js";
import { setTab, updateButtons } from "./tabs.js";
import * as LearnMemory from "./learn-memory.js";
import * as LearnView from "./learn-view.js";
import { describe, setAtlas } from "./selection.js";
import { state, update } from "./store.js";

/** @typedef {import("./store.js").Region} Region */
/** @typedef {import("./brain.js").Pick} Pick */

const TRIES = 3;
const setup = { atlas: "gyri", hemi: "left", count: 10, mode: "find" };
let learning = false;  // the Learn mode is shown
let round = null;      // {set, mode, options, seed, index, tries, score, streak, best, misses, phase}
let saved = null;      // the explorer's scene while the Learn mode is shown
let serial = 0;

/** @param {string} id @returns {any} */
const el = (id) => document.getElementById(id);
const same = (a, b) => !!a && !!b && a.atlas === b.atlas && a.id === b.id;
const current = () => (round && round.index < round.set.questions.length ? round.set.questions[round.index] : null);

// ---------- mode ----------

function setMode(mode) {
  const on = mode === "learn";
  if (on === learning) return Promise.resolve();
  learning = on;
  document.body.dataset.mode = on ? "learn" : "explore";
  for (const button of /** @type {NodeListOf<HTMLElement & {disabled: boolean, value: string}>} */ (document.querySelectorAll("button.mode"))) {
    button.setAttribute("aria-pressed", button.dataset.mode === document.body.dataset.mode ? "true" : "false");
  }
  theBrain().setLearning(on);
  setTapTaker(on ? tapped : null);
  if (on) {
    saved = { atlas: state.atlas, view: state.view, hemi: state.hemi, surface: state.surface,
              head: state.head, dimOthers: state.dimOthers, selected: state.selected, pin: state.pin };
    update({ dimOthers: true, pin: null });  // the answer stands out: the rest lightened strongly
    if (round && round.phase !== "done") return showScene(current(), { turn: round.mode === "name" || round.phase === "answered" });
    update({ selected: null, head: false });
    if (!round) showSetup();
    return renderBrain();
  }
  const back = saved;
  saved = null;
  const { atlas, ...scene } = back;
  update(scene);
  if (state.atlas !== atlas) setAtlas(atlas, { keepSelection: true });  // the store's atlas is set at once
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
  update({ surface: view.surface || "pial", hemi: view.hemi,
            view: turn ? view.name : (view.hemi === "both" ? "superior" : "lateral"),
            selected: turn ? q.answer : null, head: false, pin: null });
  if (state.atlas !== q.answer.atlas) await setAtlas(q.answer.atlas, { keepSelection: true });
  updateButtons();
  await renderBrain();
  // The same preset again undoes the student's own turning.
  await theBrain().setPreset(state.view);
}

function highlight(region) {
  update({ selected: region });
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
    showStatus(failed("Could not make a quiz", error));
    throw error;
  } finally {
    el("learn-start").disabled = false;
  }
  if (mine !== serial) return set;
  if (!set.questions.length) {
    showStatus(`${atlasTitle(o.atlas)} has no region that shows well enough to be asked.`);
    return set;
  }
  // Fewer regions than asked for show well enough: the round says so rather than stopping early.
  const asked = set.questions.length;
  showStatus(asked < o.count ? `${atlasTitle(o.atlas)} has ${asked} regions that show well on this side, so this round has ${asked} questions.` : "");
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

// A tap on the brain while learning (brain.js hands every tap here). A tap on background or
// unlabelled cortex costs no try.
/** @param {Pick} pick */
async function tapped({ region, surface }) {
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
  update({ selected: null });
  renderBrain();
  const shown = round;
  const texts = await Promise.all(round.misses.map((q) => describe(q.answer).then((d) => d.region)));
  if (round === shown) LearnView.results(round, texts, showMiss);
}

function showMiss(q) { return showScene(q, { turn: true }); }

function stop() {
  serial += 1;
  round = null;
  update({ selected: null });
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
    answer(Number(event.key) - 1).catch((error) => showStatus(failed("The answer did not count", error)));
  } else if (LearnView.choiceKey(event)) {
    event.preventDefault();
  }
}

function wire() {
  for (const button of /** @type {NodeListOf<HTMLElement & {disabled: boolean, value: string}>} */ (document.querySelectorAll("button.mode"))) {
    button.addEventListener("click", () => setMode(button.dataset.mode));
  }
  LearnView.wireSetup(setup, () => LearnView.fillSetup(setup, state.atlases, LearnMemory.summary(setup.atlas, setup.hemi)));
  el("learn-setup").addEventListener("submit", (event) => { event.preventDefault(); start().catch(() => { /* start() has said why in the status line */ }); });
  el("learn-next").addEventListener("click", () => next());
  el("learn-stop").addEventListener("click", () => stop());
  el("learn-practise").addEventListener("click", () => practise().catch(() => { /* start() has said why in the status line */ }));
  el("learn-again").addEventListener("click", () => stop());
  document.addEventListener("keydown", key);
}

export { wire as wireLearn };

/** The Learn set-up as chosen (level, side, count, mode). */
export function learnSetup() { return { ...setup }; }

/** The scripting hook's `learn` member (docs/VIEWER.md): rounds for tests and embedders. */
export function learnHook() {
  return {
    /** @param {any} options */
    start: (options) => start(options),
    state: () => snapshot(),
    /** Resolves once the brain shows the current question (its view, highlight) as drawn. */
    shown: () => Promise.resolve(round && round.shown),
    /** @param {number} index */
    answer: (index) => answer(index),
    next: () => next(),
    stop: () => stop(),
    practise: () => practise(),
    /** Exactly what a tap at drawing-buffer pixel (x, y) does. @param {number} x @param {number} y */
    tapAt: (x, y) => theBrain().tap(x, y),
    memoryKey: LearnMemory.KEY,
  };
}
