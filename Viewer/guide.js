// @ts-check
// Brain Tutor first-run guide (three steps: turn, tap, learn) and the help page (turning and
// naming, 3D and 2D slices, Learn, offline use, keys, atlases). The guide shows once, after the
// first brain is drawn; "Help" in the bar opens the help page, which can replay it.
import { $ } from "./dom.js";
import { state } from "./store.js";

const SEEN_KEY = "braintutor.guide.v1";

const STEPS = [
  { title: "Turn the brain", text: "Drag with a finger or the mouse to turn the brain. Pinch or scroll to zoom toward that point; two fingers or a right-drag move it." },
  { title: "Tap a region", text: "Tap any region to name it: its name is pinned where you tapped, the rest fades, and Info tells you about it. Search finds a region by name and turns the brain to show it." },
  { title: "Learn", text: "Learn asks you to find or name regions of an atlas. Regions you miss come back sooner in later rounds." },
];

/** Whether the guide was seen (storage may be blocked: then it shows once per visit). */
function seen() {
  try { return window.localStorage.getItem(SEEN_KEY) === "1"; } catch (_) { return false; }
}

function markSeen() {
  try { window.localStorage.setItem(SEEN_KEY, "1"); } catch (_) { /* blocked storage: shown again next visit */ }
}

let step = 0;

function showStep() {
  const s = STEPS[step];
  $("guide-step").textContent = `Step ${step + 1} of ${STEPS.length}`;
  $("guide-title").textContent = s.title;
  $("guide-text").textContent = s.text;
  $("guide-back").hidden = step === 0;
  $("guide-next").textContent = step === STEPS.length - 1 ? "Start" : "Next";
}

/** Opens the guide at its first step. */
export function openGuide() {
  step = 0;
  showStep();
  const dialog = $("guide");
  if (!dialog.open) dialog.showModal();
  $("guide-next").focus();
}

function closeGuide() {
  markSeen();
  const dialog = $("guide");
  if (dialog.open) dialog.close();
}

/** The atlases the server offers, by their titles: their descriptions are written for
 * researchers (sources, templates), not for a student choosing one. */
function fillAtlases() {
  const list = $("help-atlases");
  list.textContent = "";
  for (const atlas of state.atlases) {
    const item = document.createElement("li");
    item.textContent = atlas.title || atlas.name;
    list.appendChild(item);
  }
}

export function openHelp() {
  fillAtlases();
  const dialog = $("help");
  if (!dialog.open) dialog.showModal();
  $("help-close").focus({ preventScroll: true });
  dialog.scrollTop = 0;
}

/** @param {Promise<void>} firstDrawn resolves once the first brain is drawn: the guide waits for it,
 * so on a first visit it never covers the page while the brain loads (nor its progress bar). */
export function wireGuide(firstDrawn) {
  $("guide-next").addEventListener("click", () => {
    if (step < STEPS.length - 1) { step += 1; showStep(); } else closeGuide();
  });
  $("guide-back").addEventListener("click", () => { step = Math.max(0, step - 1); showStep(); });
  $("guide-skip").addEventListener("click", closeGuide);
  $("guide").addEventListener("cancel", markSeen);
  $("help-open").addEventListener("click", openHelp);
  $("help-close").addEventListener("click", () => $("help").close());
  $("help-guide").addEventListener("click", () => { $("help").close(); openGuide(); });
  // ?guide=on shows it, ?guide=off does not; a browser driven by a script (navigator.webdriver)
  // gets none unless asked, so automation is not stopped by a dialog.
  const asked = new URLSearchParams(window.location.search).get("guide");
  if (asked === "on" || (asked !== "off" && !seen() && !navigator.webdriver)) firstDrawn.then(openGuide, () => {});
}
