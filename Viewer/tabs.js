// @ts-check
// Brain Tutor buttons and tabs: which buttons show pressed for the store's state, and the phone
// layout's current tab. Apart from controls.js, which wires them, so that selection.js and
// learn.js can press and switch without importing the controls (and the controls them).
import { $, SIDE_VIEWS } from "./dom.js";
import { renderBrain } from "./brain.js";
import { renderSlice } from "./slices.js";
import { state } from "./store.js";

/** Marks pressed the buttons that match the store (view, side, surface, plane) and sets the switches. */
export function updateButtons() {
  /** @param {string} selector @param {string} attribute @param {string} value */
  const press = (selector, attribute, value) => {
    for (const button of /** @type {NodeListOf<HTMLButtonElement>} */ (document.querySelectorAll(selector))) {
      button.setAttribute("aria-pressed", button.dataset[attribute] === value ? "true" : "false");
    }
  };
  press("button.view", "view", state.view);
  press("button.hemi", "hemi", state.hemi);
  press("button.surface", "surface", state.surface);
  press("button.plane", "plane", state.plane);
  for (const button of /** @type {NodeListOf<HTMLButtonElement>} */ (document.querySelectorAll("button.hemi"))) {
    // Lateral and medial views show one hemisphere at a time.
    button.disabled = button.dataset.hemi === "both" && SIDE_VIEWS.has(state.view);
  }
  $("dim-others").checked = state.dimOthers;
  $("show-head").checked = state.head;
  $("cvd-palette").checked = state.cvd;
  $("ambient-occlusion").checked = state.ao;
}

/** @param {string} tab @param {{focus?: boolean}} [options] */
export function setTab(tab, options = {}) {
  const focus = !!options.focus;
  document.body.dataset.tab = tab;
  for (const button of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll(".tab"))) {
    const on = button.dataset.tab === tab;
    button.setAttribute("aria-selected", on ? "true" : "false");
    button.tabIndex = on ? 0 : -1;
    if (on && focus) button.focus();
  }
  if (tab === "brain") { renderBrain(); renderSlice(); }
}
