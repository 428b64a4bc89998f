// @ts-check
// Brain Tutor regions table: one Tab stop with arrow keys inside, filtered and ranked by
// /api/search as the user types; matches in other atlases are offered below it.
import { getJSON, query } from "./api.js";
import { $, atlasTitle, colorCSS, failed, linkButton, regionLabel } from "./dom.js";
import { state } from "./store.js";

/** @typedef {import("./store.js").Region} Region */

/** @type {{onChoose: (region: Region) => any}} */
const handlers = { onChoose: () => {} };

function tableRows() { return /** @type {HTMLTableRowElement[]} */ (Array.from(document.querySelectorAll("#regions tbody tr"))); }
function visibleRows() { return tableRows().filter((row) => !row.hidden); }

/** @param {HTMLTableRowElement | null} row */
function setRover(row) {
  for (const r of tableRows()) r.tabIndex = r === row ? 0 : -1;
}

// Keeps exactly one visible row reachable with Tab: the selected one, else the first.
function updateRover() {
  const rows = visibleRows();
  const current = rows.find((r) => r.tabIndex === 0);
  if (current) { setRover(current); return; }
  setRover(rows.find((r) => r.getAttribute("aria-selected") === "true") || rows[0] || null);
}

/** @param {HTMLTableRowElement} row */
function regionOfRow(row) {
  return state.regions.find((r) => String(r.id) === row.dataset.id);
}

/** @param {...string} texts */
function cells(...texts) {
  return texts.map((text) => { const td = document.createElement("td"); td.textContent = text; return td; });
}

/** Rows for the regions of the shown atlas. */
export async function fillTable() {
  const body = /** @type {HTMLElement} */ (document.querySelector("#regions tbody"));
  body.textContent = "";
  for (const region of state.regions) {
    const row = document.createElement("tr");
    row.tabIndex = -1;
    row.dataset.id = String(region.id);
    row.setAttribute("aria-selected", "false");
    const swatch = document.createElement("td");
    const chip = document.createElement("span");
    chip.className = "swatch";
    chip.style.background = colorCSS(region.color);
    swatch.appendChild(chip);
    row.append(swatch, ...cells(region.name, region.hemisphere === "none" ? "–" : region.hemisphere,
      region.lobe || (region.lobes || []).join(", ")));
    body.appendChild(row);
  }
  markSelectedRow();
  await filterTable();
}

/** @param {KeyboardEvent} event */
function tableKey(event) {
  const row = /** @type {HTMLElement} */ (event.target).closest("tr");
  if (!row || !row.parentElement || row.parentElement.tagName !== "TBODY") return;
  const rows = visibleRows();
  const at = rows.indexOf(row);
  /** @type {Record<string, number>} */
  const moves = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: rows.length - 1, PageDown: at + 10, PageUp: at - 10 };
  const go = moves[event.key];
  if (go !== undefined) {
    event.preventDefault();
    const target = rows[Math.max(0, Math.min(rows.length - 1, go))];
    if (target) { setRover(target); target.focus(); }
  } else if (event.key === "Enter" || event.key === " ") {
    event.preventDefault();
    const region = regionOfRow(row);
    if (region) handlers.onChoose(region);
  }
}

let searchSerial = 0;

// The table shows the regions `/api/search` ranks for the typed text (the same matching as
// `info`: names, synonyms, abbreviations, misspellings), best first; an empty box shows all.
async function filterTable() {
  const text = $("search").value.trim();
  const serial = ++searchSerial;
  const body = /** @type {HTMLElement} */ (document.querySelector("#regions tbody"));
  const hint = $("search-hint");
  const rows = new Map(tableRows().map((row) => [row.dataset.id, row]));
  if (!text) {
    for (const region of state.regions) {
      const row = rows.get(String(region.id));
      if (row) { row.hidden = false; body.appendChild(row); }
    }
    hint.textContent = "";
    updateRover();
    return;
  }
  let result, elsewhere;
  try {
    [result, elsewhere] = await Promise.all([
      getJSON(`/api/search?${query({ q: text, atlas: state.atlas, limit: 500 })}`),
      getJSON(`/api/search?${query({ q: text, limit: 4 })}`),
    ]);
  } catch (error) {
    if (serial === searchSerial) hint.textContent = failed("The search failed", error);
    return;
  }
  if (serial !== searchSerial) return;  // a newer search is on its way
  const shown = new Set();
  for (const region of result.regions) {
    const row = rows.get(String(region.id));
    if (!row) continue;
    row.hidden = false;
    body.appendChild(row);   // moves it: the ranked rows come first, in order
    shown.add(row);
  }
  for (const row of rows.values()) {
    if (!shown.has(row)) { row.hidden = true; body.appendChild(row); }
  }
  updateRover();
  hint.textContent = "";
  if (shown.size) {
    hint.append(`${shown.size} ${shown.size === 1 ? "region matches" : "regions match"}; Enter selects the best.`);
    return;
  }
  hint.append(`No region of ${atlasTitle(/** @type {string} */ (state.atlas))} matches "${text}".`);
  // Offer the other atlases' matches (e.g. "Broca" is in the functional atlas).
  const others = elsewhere.regions.filter((/** @type {Region} */ r) => r.atlas !== state.atlas);
  if (others.length) {
    hint.append(" In other atlases: ");
    others.forEach((/** @type {Region} */ region, /** @type {number} */ i) => {
      hint.append(linkButton(`${regionLabel(region)} – ${atlasTitle(region.atlas)}`, () => handlers.onChoose(region)));
      if (i < others.length - 1) hint.append(" ");
    });
  } else if (result.suggestions && result.suggestions.length) {
    hint.append(` Did you mean ${result.suggestions.slice(0, 3).join(", ")}?`);
  }
}

export function markSelectedRow() {
  for (const row of tableRows()) {
    const on = !!state.selected && state.selected.atlas === state.atlas && row.dataset.id === String(state.selected.id);
    row.setAttribute("aria-selected", on ? "true" : "false");
    if (on && !row.hidden) {
      setRover(row);
      row.scrollIntoView({ block: "nearest" });
    }
  }
  updateRover();
}

/** @param {(region: Region) => any} onChoose what a chosen row (or other-atlas match) does */
export function wireTable(onChoose) {
  handlers.onChoose = onChoose;
  const body = /** @type {HTMLElement} */ (document.querySelector("#regions tbody"));
  body.addEventListener("keydown", tableKey);
  body.addEventListener("click", (event) => {
    const row = /** @type {HTMLElement} */ (event.target).closest("tr");
    const region = row && regionOfRow(row);
    if (row && region) { setRover(row); onChoose(region); }
  });
  body.addEventListener("focusin", (event) => {
    const target = /** @type {HTMLTableRowElement} */ (event.target);
    if (target.tagName === "TR") setRover(target);
  });
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;
  $("search").addEventListener("input", () => { clearTimeout(timer); timer = setTimeout(filterTable, 200); });
}
