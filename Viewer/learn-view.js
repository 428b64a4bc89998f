// @ts-check
// Brain Tutor Learn tab: the DOM of the set-up, the question and the results. It shows what
// learn.js decides and reports clicks back through the handlers it is given.

import { fitSelect } from "./select-fit.js";
import { atlasTitle, colorCSS, regionLabel } from "./dom.js";

const LEVELS = ["lobes", "gyri", "sulci", "brodmann"];
/** @param {string} id @returns {any} */
const el = (id) => document.getElementById(id);
const MODE_HELP = {
  find: "A region is named; tap it on the brain (drag to turn). Three tries per question.",
  name: "A region is highlighted; choose its name (keys 1–4, or arrows and Enter).",
};

function press(selector, attribute, value) {
  for (const button of /** @type {NodeListOf<HTMLElement & {disabled: boolean, value: string}>} */ (document.querySelectorAll(selector))) {
    button.setAttribute("aria-pressed", button.dataset[attribute] === String(value) ? "true" : "false");
  }
}

function show(section) {
  el("learn-setup").hidden = section !== "setup";
  el("learn-play").hidden = section !== "play";
  el("learn-results").hidden = section !== "results";
  document.body.dataset.learn = section;
}

// The set-up controls for `setup` {atlas, hemi, count, mode}; `atlases` from /api/atlases.
function fillSetup(setup, atlases, memory) {
  const more = el("learn-more");
  const others = atlases.filter((a) => !LEVELS.includes(a.name));
  if (more.options.length !== others.length) {
    more.textContent = "";
    for (const atlas of others) {
      const option = document.createElement("option");
      option.value = atlas.name;
      option.textContent = atlas.title || atlas.name;
      more.appendChild(option);
    }
  }
  const level = LEVELS.includes(setup.atlas) ? setup.atlas : "more";
  press("button.learn-level", "atlas", level);
  more.hidden = level !== "more";
  if (level === "more") { more.value = setup.atlas; fitSelect(more); }
  el("learn-more").previousElementSibling.setAttribute("aria-expanded", level === "more" ? "true" : "false");
  press("button.learn-hemi", "hemi", setup.hemi);
  press("button.learn-count", "count", setup.count);
  press("button.learn-mode", "mode", setup.mode);
  el("learn-mode-help").textContent = MODE_HELP[setup.mode];
  el("learn-due").textContent = memory.due
    ? `${memory.due} ${memory.due === 1 ? "region" : "regions"} you missed or learnt earlier ${memory.due === 1 ? "is" : "are"} due: asked first.`
    : memory.seen ? "Nothing due for review in this atlas yet." : "";
}

function progress(round) {
  const n = round.set.questions.length;
  const tries = round.mode === "find" && round.phase === "asking" ? ` · ${triesText(round.tries)}` : "";
  el("learn-progress").textContent =
    `Question ${round.index + 1} of ${n} · Score ${round.score} · Streak ${round.streak}${tries}`;
}

// A new question: the prompt, and in name mode four choice buttons (one Tab stop, arrows move).
function question(round, onChoice) {
  const q = round.set.questions[round.index];
  progress(round);
  const prompt = el("learn-prompt");
  prompt.textContent = "";
  if (round.mode === "find") {
    prompt.append("Find the ");
    const name = document.createElement("strong");
    name.textContent = regionLabel(q.answer);
    prompt.append(name, " on the brain.");
  } else {
    prompt.append("Which region is highlighted?");
  }
  const choices = el("learn-choices");
  choices.textContent = "";
  choices.hidden = round.mode !== "name";
  (round.mode === "name" ? q.choices : []).forEach((choice, i) => {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "choice";
    button.dataset.index = String(i);
    button.tabIndex = i === 0 ? 0 : -1;
    const key = document.createElement("span");
    key.className = "key";
    key.textContent = String(i + 1);
    button.append(key, choice.name);
    button.addEventListener("click", () => onChoice(i));
    choices.appendChild(button);
  });
  feedback("", "");
  el("learn-next").hidden = true;
}

function triesText(tries) {
  return `${tries} ${tries === 1 ? "try" : "tries"} left.`;
}

function feedback(text, kind) {
  const box = el("learn-feedback");
  box.textContent = text;
  box.dataset.kind = kind;
}

// The answered state: the right choice green, a wrong pick red, Next focused.
function answered(round, chosen) {
  progress(round);
  const q = round.set.questions[round.index];
  for (const button of /** @type {NodeListOf<HTMLElement & {disabled: boolean, value: string}>} */ (document.querySelectorAll("#learn-choices .choice"))) {
    const i = Number(button.dataset.index);
    const right = q.choices[i].id === q.answer.id;
    button.disabled = true;
    if (right) button.dataset.result = "right";
    else if (i === chosen) button.dataset.result = "wrong";
  }
  const next = el("learn-next");
  next.textContent = round.index + 1 < round.set.questions.length ? "Next" : "See results";
  next.hidden = false;
  next.focus({ preventScroll: true });
}

// Arrow keys move between the choices; Enter or Space answers with the focused one.
function choiceKey(event) {
  const buttons = Array.from(/** @type {NodeListOf<HTMLElement & {disabled: boolean, value: string}>} */ (document.querySelectorAll("#learn-choices .choice")));
  const at = buttons.indexOf(/** @type {any} */ (document.activeElement));
  if (at < 0) return false;
  const step = { ArrowDown: 1, ArrowRight: 1, ArrowUp: -1, ArrowLeft: -1 }[event.key];
  if (!step) return false;
  const target = buttons[(at + step + buttons.length) % buttons.length];
  for (const b of buttons) b.tabIndex = b === target ? 0 : -1;
  target.focus();
  return true;
}

function focusFirstChoice() {
  const first = /** @type {HTMLElement | null} */ (document.querySelector("#learn-choices .choice"));
  if (first) first.focus({ preventScroll: true });
}

// The results: score, best streak and each miss with its text (`texts[i]` for misses[i]).
function results(round, texts, onSelect) {
  const n = round.set.questions.length;
  el("learn-score").textContent = `Score ${round.score} of ${n} (${Math.round((100 * round.score) / n)} %)`;
  el("learn-streak").textContent = `Best streak ${round.best} · ${round.options.mode === "find" ? "Find it" : "Name it"}, ${atlasTitle(round.options.atlas)}`;
  const list = el("learn-misses");
  list.textContent = "";
  el("learn-misses-title").textContent = round.misses.length ? "To review" : "No misses: well done.";
  round.misses.forEach((q, i) => {
    const region = q.answer;
    const item = document.createElement("li");
    const head = document.createElement("p");
    const swatch = document.createElement("span");
    swatch.className = "swatch";
    swatch.style.background = colorCSS(region.color);
    const name = document.createElement("button");
    name.type = "button";
    name.className = "link";
    name.textContent = regionLabel(region);
    name.title = "Show it on the brain";
    name.addEventListener("click", () => onSelect(q));
    head.append(swatch, name);
    const details = texts[i] || {};
    const lobe = details.lobe || (details.lobes || []).join(", ");
    if (lobe) head.append(` · ${lobe}`);
    const text = document.createElement("p");
    text.className = "learn-text";
    text.textContent = details.text || "";
    item.append(head, text);
    list.appendChild(item);
  });
  el("learn-practise").hidden = round.misses.length === 0;
}

// The set-up buttons change `setup` in place, then call `changed`.
function wireSetup(setup, changed) {
  const more = el("learn-more");
  for (const button of /** @type {NodeListOf<HTMLElement & {disabled: boolean, value: string}>} */ (document.querySelectorAll("button.learn-level"))) {
    button.addEventListener("click", () => {
      const other = button.dataset.atlas === "more";
      setup.atlas = other ? (more.value || (more.options[0] || {}).value || "gyri") : button.dataset.atlas;
      changed();
      if (other) more.focus();
    });
  }
  more.addEventListener("change", () => { setup.atlas = more.value; changed(); });
  for (const [selector, field] of [["button.learn-hemi", "hemi"], ["button.learn-count", "count"], ["button.learn-mode", "mode"]]) {
    for (const button of /** @type {NodeListOf<HTMLElement & {disabled: boolean, value: string}>} */ (document.querySelectorAll(selector))) {
      button.addEventListener("click", () => {
        setup[field] = field === "count" ? Number(button.dataset.count) : button.dataset[field];
        changed();
      });
    }
  }
}

export { LEVELS, wireSetup, show, fillSetup, question, triesText, feedback, answered, progress, choiceKey, focusFirstChoice, results };
