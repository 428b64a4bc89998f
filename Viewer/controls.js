// @ts-check
// Brain Tutor controls: view, side, surface and switches, the phone layout's tabs, and what
// each of them changes in the store.
import { fitSelect } from "./select-fit.js";
import { $, SIDE_VIEWS, isPhone, phoneQuery } from "./dom.js";
import { renderBrain, theBrain } from "./brain.js";
import { renderSlice, setPlane, wireSlices } from "./slices.js";
import { setAtlas } from "./selection.js";
import { state, update } from "./store.js";
import { setTab, updateButtons } from "./tabs.js";

/** A preset view; lateral and medial show one side, the others both. @param {string} view */
export function setViewName(view) {
  update({ view, pin: null });  // the brain turns away from where the name was pinned
  $("view-note").textContent = "";
  if (SIDE_VIEWS.has(view) && state.hemi === "both") {
    update({ hemi: state.selected && state.selected.hemisphere === "right" ? "right" : "left" });
  } else if (!SIDE_VIEWS.has(view) && (navigator.onLine || state.hemi === "both")) {
    update({ hemi: "both" });
  } else if (!SIDE_VIEWS.has(view)) {
    // Offline, the half shown stays: its kept scene has every view, while both halves together
    // may never have been loaded (a round of Learn on one side).
    $("view-note").textContent = "Offline: the half shown stays; both halves show when you are online.";
  }
  updateButtons();
  return renderBrain();
}

// On a phone the sections are tab panels; on a wider screen they are all shown, so the
// tab roles are taken off them (the tab bar itself is hidden there).
function updatePaneRoles() {
  for (const tab of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll(".tab"))) {
    for (const id of (tab.getAttribute("aria-controls") || "").split(" ")) {
      const pane = $(id);
      if (isPhone()) {
        pane.setAttribute("role", "tabpanel");
        pane.setAttribute("aria-labelledby", tab.id);
      } else {
        pane.setAttribute("role", "region");
        pane.setAttribute("aria-labelledby", pane.dataset.title);
      }
    }
  }
}

/** @param {KeyboardEvent} event */
function tabKey(event) {
  const tabs = /** @type {HTMLElement[]} */ (Array.from(document.querySelectorAll(".tab")));
  const at = tabs.indexOf(/** @type {HTMLElement} */ (event.target));
  /** @type {Record<string, number>} */
  const moves = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: tabs.length - 1 };
  const go = moves[event.key];
  if (at < 0 || go === undefined) return;
  event.preventDefault();
  setTab(/** @type {string} */ (tabs[(go + tabs.length) % tabs.length].dataset.tab), { focus: true });
}

/** @param {string} selector @param {(button: HTMLButtonElement) => void} action */
function onClick(selector, action) {
  for (const button of /** @type {NodeListOf<HTMLButtonElement>} */ (document.querySelectorAll(selector))) {
    button.addEventListener("click", () => action(button));
  }
}

export function wireControls() {
  $("atlas").addEventListener("change", (/** @type {Event} */ event) => setAtlas(/** @type {HTMLSelectElement} */ (event.target).value));
  onClick("button.view", (b) => setViewName(/** @type {string} */ (b.dataset.view)));
  onClick("button.hemi", (b) => { update({ hemi: /** @type {any} */ (b.dataset.hemi), pin: null }); updateButtons(); renderBrain(); });
  onClick("button.surface", (b) => { update({ surface: /** @type {string} */ (b.dataset.surface), pin: null }); updateButtons(); renderBrain(); });
  onClick("button.plane", (b) => { setPlane(/** @type {string} */ (b.dataset.plane)); updateButtons(); });
  onClick(".tab", (b) => setTab(/** @type {string} */ (b.dataset.tab)));
  for (const tab of document.querySelectorAll(".tab")) tab.addEventListener("keydown", (e) => tabKey(/** @type {KeyboardEvent} */ (e)));
  $("dim-others").addEventListener("change", (/** @type {Event} */ e) => { update({ dimOthers: /** @type {HTMLInputElement} */ (e.target).checked }); renderBrain(); renderSlice(); });
  $("show-head").addEventListener("change", (/** @type {Event} */ e) => { update({ head: /** @type {HTMLInputElement} */ (e.target).checked }); renderBrain(); });
  $("ambient-occlusion").addEventListener("change", (/** @type {Event} */ e) => {
    update({ ao: /** @type {HTMLInputElement} */ (e.target).checked });
    renderBrain();
  });
  $("cvd-palette").addEventListener("change", (/** @type {Event} */ e) => {
    update({ cvd: /** @type {HTMLInputElement} */ (e.target).checked });
    renderBrain();
    renderSlice();
  });
  $("brain-reset").addEventListener("click", () => {
    const brain = theBrain();
    if (brain.kind === "webgl") brain.reset();
  });
  wireSlices();
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let resizeTimer;
  window.addEventListener("resize", () => {
    clearTimeout(resizeTimer);
    resizeTimer = setTimeout(() => { fitSelect($("atlas")); renderBrain(); }, 200);
  });
  phoneQuery.addEventListener("change", () => { updatePaneRoles(); renderBrain(); renderSlice(); });
  updatePaneRoles();
}
