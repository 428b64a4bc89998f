// Brain Tutor web viewer: plain JavaScript talking to the braintutor server's JSON API.
// Everything the page shows comes from /api/*; nothing is fetched from elsewhere.
"use strict";

const state = {
  atlases: [],          // from /api/atlases
  atlas: null,          // atlas name
  regions: [],          // region objects of the current atlas
  view: "lateral",
  hemi: "left",
  surface: "pial",
  dimOthers: false,
  head: false,          // the see-through head around the brain
  selected: null,       // region object (+ text etc.) or null
  plane: "axial",
  sliceMni: 0,          // slider value: the plane's MNI coordinate in mm
  slicePoint: null,     // MNI point marked on the slices (picked point or region centre) or null
  cursor: null,         // keyboard cursor on the brain image, as fractions {fx, fy} of its size
  figureWidth: 0,       // last width of the brain figure while it was shown
  gl: null,             // the WebGL viewer, or null in server-image mode
};

const $ = (id) => document.getElementById(id);
const SIDE_VIEWS = new Set(["lateral", "medial"]);
const VIEWS = ["lateral", "medial", "superior", "inferior", "anterior", "posterior"];

// ---------- helpers ----------

function query(params) {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v !== null && v !== undefined && v !== "") q.set(k, String(v));
  }
  return q.toString();
}

async function getJSON(path) {
  const response = await fetch(path);
  let body = null;
  try { body = await response.json(); } catch (_) { /* not JSON */ }
  if (!response.ok) {
    const message = body && body.error ? body.error : `${response.status} ${response.statusText}`;
    const error = new Error(message);
    error.status = response.status;
    error.body = body;
    throw error;
  }
  return body;
}

function showStatus(message) { $("status").textContent = message || ""; }

function atlasTitle(name) {
  const atlas = state.atlases.find((a) => a.name === name);
  return atlas ? (atlas.title || atlas.name) : name;
}

function sideText(hemisphere) {
  return hemisphere === "none" ? "midline / both" : hemisphere;
}

function regionLabel(region) {
  return `${region.name}${region.hemisphere === "none" ? "" : ` (${region.hemisphere})`}`;
}

function colorCSS(c) { return `rgb(${c[0]}, ${c[1]}, ${c[2]})`; }

// A pane hidden by the phone layout has no boxes; drawing for it would waste a render at width 0.
function isShown(id) { return $(id).getClientRects().length > 0; }

// ---------- images (fetched, so errors have messages and stale loads can be dropped) ----------

const imageLoads = new Map();  // img id -> AbortController

async function loadImage(imgId, spinnerId, url) {
  const img = $(imgId);
  const spinner = $(spinnerId);
  if (img.dataset.url === url && img.dataset.state === "ready") return;
  if (imageLoads.has(imgId)) imageLoads.get(imgId).abort();
  const controller = new AbortController();
  imageLoads.set(imgId, controller);
  img.dataset.url = url;
  img.dataset.state = "loading";
  img.setAttribute("aria-busy", "true");
  spinner.hidden = false;
  try {
    const response = await fetch(url, { signal: controller.signal });
    if (!response.ok) {
      let message = `${response.status}`;
      try { message = (await response.json()).error || message; } catch (_) { /* keep status */ }
      throw new Error(message);
    }
    const blob = await response.blob();
    const objectURL = URL.createObjectURL(blob);
    await new Promise((resolve, reject) => {
      img.onload = resolve;
      img.onerror = () => reject(new Error("the image could not be decoded"));
      img.src = objectURL;
    });
    if (img.dataset.objectUrl) URL.revokeObjectURL(img.dataset.objectUrl);
    img.dataset.objectUrl = objectURL;
    img.dataset.state = "ready";
    if (imgId === "brain") placeCursor();
    showStatus("");
  } catch (error) {
    if (error.name === "AbortError") return;
    img.dataset.state = "error";
    showStatus(`Could not load the ${imgId === "brain" ? "brain image" : "slice"}: ${error.message}`);
  } finally {
    if (imageLoads.get(imgId) === controller) {
      imageLoads.delete(imgId);
      spinner.hidden = true;
      img.removeAttribute("aria-busy");
    }
  }
}

// ---------- brain rendering and picking ----------

function brainSize() {
  // Sizes snap to 64 px steps so that views repeat exactly and hit the server's scene cache.
  // While the brain pane is hidden (phone tabs) the last shown width stands in.
  const figure = $("brain-figure");
  if (figure.clientWidth > 0) state.figureWidth = figure.clientWidth;
  const width = state.figureWidth || Math.max(256, window.innerWidth - 32);
  const scale = Math.min(window.devicePixelRatio || 1, 2);
  const w = Math.max(256, Math.min(1024, Math.round((width * scale) / 64) * 64));
  return { w, h: Math.round((w * 3) / 4) };
}

function highlightParam() {
  return state.selected && state.selected.atlas === state.atlas ? state.selected.id : null;
}

function sceneParams(view = state.view, hemi = state.hemi) {
  const { w, h } = brainSize();
  return {
    atlas: state.atlas, view, hemi, surface: state.surface, w, h, head: state.head ? "true" : null,
    highlight: highlightParam(), dimOthers: state.dimOthers && highlightParam() !== null ? "true" : null,
  };
}

function renderBrain() {
  if (!state.atlas || !isShown("brain-pane")) return Promise.resolve();
  if (state.gl) return showGLBrain();
  const params = sceneParams();
  $("brain").dataset.scene = query(params);
  return loadImage("brain", "brain-spinner", `/api/render?${query(params)}`);
}

async function pickPixel(x, y) {
  const img = $("brain");
  try {
    const result = await getJSON(`/api/pick?${img.dataset.scene}&${query({ x, y })}`);
    if (Learn.takesTaps()) return Learn.tapped(result.region, result.surface || null);
    if (!result.region) {
      showStatus(result.surface ? `No region there: ${result.surface}.` : "No region there: that is background.");
      return;
    }
    showStatus("");
    // The slices jump to the tapped surface point, so the two views explain each other.
    await select(result.region, { point: result.mni, keepView: true });
  } catch (error) {
    showStatus(`Pick failed: ${error.message}`);
  }
}

async function pickAt(event) {
  const img = $("brain");
  if (img.dataset.state !== "ready" || !img.naturalWidth) return;
  const rect = img.getBoundingClientRect();
  const x = Math.floor(((event.clientX - rect.left) * img.naturalWidth) / rect.width);
  const y = Math.floor(((event.clientY - rect.top) * img.naturalHeight) / rect.height);
  if (x < 0 || y < 0 || x >= img.naturalWidth || y >= img.naturalHeight) return;
  state.cursor = { fx: (x + 0.5) / img.naturalWidth, fy: (y + 0.5) / img.naturalHeight };
  placeCursor();
  await pickPixel(x, y);
}

// ---------- keyboard cursor on the brain image ----------

function cursorPixel() {
  const img = $("brain");
  if (!state.cursor || !img.naturalWidth) return null;
  return {
    x: Math.min(img.naturalWidth - 1, Math.floor(state.cursor.fx * img.naturalWidth)),
    y: Math.min(img.naturalHeight - 1, Math.floor(state.cursor.fy * img.naturalHeight)),
  };
}

function placeCursor() {
  const img = $("brain");
  const mark = $("brain-cursor");
  const pixel = cursorPixel();
  if (!pixel || img.dataset.state !== "ready") { mark.hidden = true; return; }
  img.dataset.cursor = `${pixel.x},${pixel.y}`;
  mark.style.left = `${img.offsetLeft + ((pixel.x + 0.5) * img.clientWidth) / img.naturalWidth}px`;
  mark.style.top = `${img.offsetTop + ((pixel.y + 0.5) * img.clientHeight) / img.naturalHeight}px`;
  mark.hidden = false;
}

function brainKey(event) {
  const img = $("brain");
  const step = event.shiftKey ? 0.1 : 0.02;
  const moves = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] };
  if (moves[event.key]) {
    event.preventDefault();
    if (!state.cursor) state.cursor = { fx: 0.5, fy: 0.5 };
    const [dx, dy] = moves[event.key];
    state.cursor = {
      fx: Math.min(0.999, Math.max(0, state.cursor.fx + dx)),
      fy: Math.min(0.999, Math.max(0, state.cursor.fy + dy)),
    };
    placeCursor();
  } else if (event.key === "Enter" || event.key === " ") {
    event.preventDefault();
    if (img.dataset.state !== "ready") return;
    if (!state.cursor) { state.cursor = { fx: 0.5, fy: 0.5 }; placeCursor(); }
    const pixel = cursorPixel();
    if (pixel) pickPixel(pixel.x, pixel.y);
  }
}

// ---------- choosing a view that shows the selected region ----------

function pixelsOf(report, region) {
  const entry = (report.regions || []).find((r) => r.atlas === region.atlas && r.id === region.id);
  return entry ? entry.pixels : 0;
}

// If the current view shows none of the region, switch to the view (and side) showing most
// of it; the renders are the ones the image would need anyway, so they warm the cache.
async function showRegionInView(region) {
  if (region.atlas !== state.atlas) return;
  try {
    const here = await getJSON(`/api/render.json?${query(sceneParams())}`);
    if (state.selected !== region || pixelsOf(here, region) > 0) return;
    const sides = region.hemisphere === "none" ? ["left", "right"] : [region.hemisphere];
    const candidates = [];
    for (const view of VIEWS) {
      for (const hemi of SIDE_VIEWS.has(view) ? sides : ["both"]) {
        if (view !== state.view || hemi !== state.hemi) candidates.push({ view, hemi });
      }
    }
    const reports = await Promise.all(candidates.map((c) =>
      getJSON(`/api/render.json?${query(sceneParams(c.view, c.hemi))}`).catch(() => ({ regions: [] }))));
    if (state.selected !== region) return;  // a newer selection won
    let best = null;
    let most = 0;
    reports.forEach((report, i) => {
      const pixels = pixelsOf(report, region);
      if (pixels > most) { most = pixels; best = candidates[i]; }
    });
    if (best) {
      state.view = best.view;
      state.hemi = best.hemi;
      showStatus("");
      $("view-note").textContent = `${regionLabel(region)} is not visible in the previous view; showing the ${best.view} view.`;
    } else {
      $("view-note").textContent = `${regionLabel(region)} lies under the surface: the slices show it.`;
    }
  } catch (_) { /* keep the view: the image itself will report any error */ }
}

// ---------- slices ----------

const PLANE_AXIS = { sagittal: 0, coronal: 1, axial: 2 };
const PLANE_LETTER = { sagittal: "x", coronal: "y", axial: "z" };

function renderSlice() {
  if (!state.atlas) return;
  $("slice-index").value = String(state.sliceMni);
  $("slice-label").textContent = `${PLANE_LETTER[state.plane]} = ${state.sliceMni} mm (MNI)`;
  if (!isShown("slice-pane")) return;
  const params = { plane: state.plane, atlas: state.atlas, highlight: highlightParam() };
  if (state.slicePoint) {
    // The point, moved onto this slice: the crosshair marks it (the picked spot or region centre).
    const p = state.slicePoint.slice();
    p[PLANE_AXIS[state.plane]] = state.sliceMni;
    params.at = p.map((v) => Math.round(v * 10) / 10).join(",");
  } else {
    params.index = 128 - state.sliceMni;   // BV index along the plane's axis (CONVENTIONS.md)
  }
  loadImage("slice", "slice-spinner", `/api/slice?${query(params)}`);
}

function moveSliceTo(point) {
  if (!Array.isArray(point) || point.length !== 3) return;
  state.slicePoint = point.map((v) => Math.max(-127, Math.min(128, v)));
  state.sliceMni = Math.round(state.slicePoint[PLANE_AXIS[state.plane]]);
}

// ---------- regions table: one Tab stop, arrow keys inside, filtered by /api/search ----------

function tableRows() { return Array.from(document.querySelectorAll("#regions tbody tr")); }
function visibleRows() { return tableRows().filter((row) => !row.hidden); }

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

function regionOfRow(row) {
  return state.regions.find((r) => String(r.id) === row.dataset.id);
}

async function fillTable() {
  const body = document.querySelector("#regions tbody");
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
    const name = document.createElement("td");
    name.textContent = region.name;
    const side = document.createElement("td");
    side.textContent = region.hemisphere === "none" ? "–" : region.hemisphere;
    const lobe = document.createElement("td");
    lobe.textContent = region.lobe || (region.lobes || []).join(", ");
    row.append(swatch, name, side, lobe);
    body.appendChild(row);
  }
  markSelectedRow();
  await filterTable();
}

function tableKey(event) {
  const row = event.target.closest("tr");
  if (!row || !row.parentElement || row.parentElement.tagName !== "TBODY") return;
  const rows = visibleRows();
  const at = rows.indexOf(row);
  const go = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: rows.length - 1, PageDown: at + 10, PageUp: at - 10 }[event.key];
  if (go !== undefined) {
    event.preventDefault();
    const target = rows[Math.max(0, Math.min(rows.length - 1, go))];
    if (target) { setRover(target); target.focus(); }
  } else if (event.key === "Enter" || event.key === " ") {
    event.preventDefault();
    const region = regionOfRow(row);
    if (region) selectFromTable(region);
  }
}

let searchSerial = 0;

// The table shows the regions `/api/search` ranks for the typed text (the same matching as
// `info`: names, synonyms, abbreviations, misspellings), best first; an empty box shows all.
async function filterTable() {
  const text = $("search").value.trim();
  const serial = ++searchSerial;
  const body = document.querySelector("#regions tbody");
  const hint = $("search-hint");
  const rows = new Map(tableRows().map((row) => [row.dataset.id, row]));
  if (!text) {
    for (const region of state.regions) {
      const row = rows.get(String(region.id));
      row.hidden = false;
      body.appendChild(row);
    }
    hint.textContent = "";
    updateRover();
    return;
  }
  let result;
  try {
    result = await getJSON(`/api/search?${query({ q: text, atlas: state.atlas, limit: 500 })}`);
  } catch (error) {
    if (serial === searchSerial) hint.textContent = `Search failed: ${error.message}`;
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
  hint.append(`No region of ${atlasTitle(state.atlas)} matches "${text}".`);
  // Offer the other atlases' matches (e.g. "Broca" is in the functional atlas).
  try {
    const elsewhere = await getJSON(`/api/search?${query({ q: text, limit: 4 })}`);
    if (serial !== searchSerial) return;
    const others = elsewhere.regions.filter((r) => r.atlas !== state.atlas);
    if (others.length) {
      hint.append(" In other atlases: ");
      others.forEach((region, i) => {
        const button = document.createElement("button");
        button.type = "button";
        button.className = "link";
        button.textContent = `${regionLabel(region)} – ${atlasTitle(region.atlas)}`;
        button.addEventListener("click", () => selectFromTable(region));
        hint.append(button);
        if (i < others.length - 1) hint.append(" ");
      });
    } else if (result.suggestions && result.suggestions.length) {
      hint.append(` Did you mean ${result.suggestions.slice(0, 3).join(", ")}?`);
    }
  } catch (_) { /* the hint already says there is no match */ }
}

let searchTimer = null;
function searchTyped() {
  clearTimeout(searchTimer);
  searchTimer = setTimeout(filterTable, 200);
}

function markSelectedRow() {
  for (const row of tableRows()) {
    const on = state.selected && state.selected.atlas === state.atlas && row.dataset.id === String(state.selected.id);
    row.setAttribute("aria-selected", on ? "true" : "false");
    if (on && !row.hidden) {
      setRover(row);
      row.scrollIntoView({ block: "nearest" });
    }
  }
  updateRover();
}

async function selectFromTable(region) {
  // Finish the selection (and its view choice) before showing the brain: on a phone the
  // brain pane is hidden until then, and a render for a hidden pane would be wasted.
  await select(region, {});
  if (isPhone()) setTab("brain");
}

// ---------- selection and the info panel ----------

// The info endpoint, asked for exactly this region: its id within its atlas.
async function describe(region) {
  try {
    const result = await getJSON(`/api/info?${query({ q: String(region.id), atlas: region.atlas })}`);
    if (result && result.region && result.region.id === region.id && result.region.atlas === region.atlas) {
      return result;
    }
  } catch (_) { /* fall through: show what we have */ }
  return { region, alternatives: [] };
}

async function select(region, { point = null, info = null, keepView = false } = {}) {
  if (region.atlas !== state.atlas) await setAtlas(region.atlas, { keepSelection: true });
  state.selected = region;
  $("view-note").textContent = "";
  // Show the selected side: a right-hemisphere region is invisible in the left lateral view.
  if (SIDE_VIEWS.has(state.view) && (region.hemisphere === "left" || region.hemisphere === "right")) {
    state.hemi = region.hemisphere;
  }
  markSelectedRow();
  showInfo({ region, alternatives: [] });
  const details = info || await describe(region);
  if (state.selected !== region) return;  // a newer selection won
  if (!keepView) await showRegionInView(region);
  if (state.selected !== region) return;
  state.selected = Object.assign({}, region, details.region);
  showInfo(details);
  if (point) moveSliceTo(point);
  else if (details.region && (details.region.anchorMni || details.region.centroidMni)) {
    // The anchor lies inside the region; a centroid can fall outside a curved one.
    moveSliceTo(details.region.anchorMni || details.region.centroidMni);
  }
  updateButtons();
  renderBrain();
  renderSlice();
}

function showInfo(details) {
  const region = details.region;
  $("info-name").textContent = region.name;
  $("info-swatch").hidden = false;
  $("info-swatch").style.background = colorCSS(region.color);
  $("info-atlas").textContent = atlasTitle(region.atlas);
  $("info-side").textContent = sideText(region.hemisphere);
  $("info-lobe").textContent = region.lobe || (region.lobes && region.lobes.length ? region.lobes.join(", ") : "–");
  $("info-caveat").textContent = region.caveat ? `Approximate: ${region.caveat}` : "";
  $("info-caveat").hidden = !region.caveat;
  $("info-synonyms").textContent = region.synonyms && region.synonyms.length ? region.synonyms.join(", ") : "–";
  $("info-volume").textContent = typeof region.volumeMl === "number" ? `${region.volumeMl.toFixed(1)} ml` : "–";
  $("info-text").textContent = region.text || "";
  const alternatives = $("info-alternatives");
  alternatives.textContent = "";
  const others = (details.alternatives || []).slice(0, 6);
  if (others.length) {
    alternatives.append("See also: ");
    others.forEach((alt, i) => {
      const target = alt.region || alt;
      const button = document.createElement("button");
      button.type = "button";
      button.className = "link";
      button.textContent = `${regionLabel(target)} – ${atlasTitle(target.atlas)}`;
      button.addEventListener("click", () => select(target, {}));
      alternatives.append(button);
      if (i < others.length - 1) alternatives.append(" ");
    });
  }
  $("brain").alt = `Brain rendering, ${region.name} selected: click or tap a region to name it`;
  const caption = $("brain-caption");
  caption.textContent = `${regionLabel(region)} `;
  const more = document.createElement("button");
  more.type = "button";
  more.className = "link";
  more.textContent = "About this region";
  more.addEventListener("click", () => {
    if (isPhone()) setTab("text"); else $("text-pane").scrollIntoView({ block: "nearest" });
  });
  caption.appendChild(more);
}

async function search(text) {
  const q = text.trim();
  if (!q) return;
  try {
    let result;
    try {
      result = await getJSON(`/api/info?${query({ q, atlas: state.atlas })}`);
    } catch (error) {
      if (error.status !== 404) throw error;
      result = await getJSON(`/api/info?${query({ q })}`);  // not in this atlas: any atlas
    }
    showStatus("");
    await select(result.region, { info: result });
    if (isPhone()) setTab("brain");
  } catch (error) {
    showStatus(`No region matches "${q}" (${error.message})`);
  }
}

// ---------- atlas, view and layout controls ----------

async function setAtlas(name, { keepSelection = false } = {}) {
  state.atlas = name;
  $("atlas").value = name;
  if (!keepSelection) { state.selected = null; state.slicePoint = null; }
  // The brain loads while the regions arrive: it does not need them.
  if (!keepSelection) renderBrain();
  try {
    state.regions = await getJSON(`/api/regions?${query({ atlas: name })}`);
  } catch (error) {
    state.regions = [];
    showStatus(`Could not load the regions: ${error.message}`);
  }
  await fillTable();
  if (!keepSelection) renderSlice();
}

function updateButtons() {
  const press = (selector, attribute, value) => {
    for (const button of document.querySelectorAll(selector)) {
      button.setAttribute("aria-pressed", button.dataset[attribute] === value ? "true" : "false");
    }
  };
  press("button.view", "view", state.view);
  press("button.hemi", "hemi", state.hemi);
  press("button.surface", "surface", state.surface);
  press("button.plane", "plane", state.plane);
  for (const button of document.querySelectorAll("button.hemi")) {
    // Lateral and medial views show one hemisphere at a time.
    button.disabled = button.dataset.hemi === "both" && SIDE_VIEWS.has(state.view);
  }
  $("dim-others").checked = state.dimOthers;
}

// A preset view; lateral and medial show one side, the others both.
function setViewName(view) {
  state.view = view;
  $("view-note").textContent = "";
  if (SIDE_VIEWS.has(state.view) && state.hemi === "both") {
    state.hemi = state.selected && state.selected.hemisphere === "right" ? "right" : "left";
  } else if (!SIDE_VIEWS.has(state.view)) {
    state.hemi = "both";
  }
  updateButtons();
  return renderBrain();
}

// The same widths as the phone layout in style.css.
const phoneQuery = window.matchMedia("(max-width: 600px), (max-height: 500px) and (orientation: landscape)");
function isPhone() { return phoneQuery.matches; }

// On a phone the sections are tab panels; on a wider screen they are all shown, so the
// tab roles are taken off them (the tab bar itself is hidden there).
function updatePaneRoles() {
  for (const tab of document.querySelectorAll(".tab")) {
    for (const id of tab.getAttribute("aria-controls").split(" ")) {
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

function setTab(tab, { focus = false } = {}) {
  document.body.dataset.tab = tab;
  for (const button of document.querySelectorAll(".tab")) {
    const on = button.dataset.tab === tab;
    button.setAttribute("aria-selected", on ? "true" : "false");
    button.tabIndex = on ? 0 : -1;
    if (on && focus) button.focus();
  }
  if (tab === "brain") { renderBrain(); renderSlice(); }
}

function tabKey(event) {
  const tabs = Array.from(document.querySelectorAll(".tab"));
  const at = tabs.indexOf(event.target);
  const go = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: tabs.length - 1 }[event.key];
  if (at < 0 || go === undefined) return;
  event.preventDefault();
  setTab(tabs[(go + tabs.length) % tabs.length].dataset.tab, { focus: true });
}

function wireControls() {
  $("atlas").addEventListener("change", (event) => setAtlas(event.target.value));
  for (const button of document.querySelectorAll("button.view")) {
    button.addEventListener("click", () => setViewName(button.dataset.view));
  }
  for (const button of document.querySelectorAll("button.hemi")) {
    button.addEventListener("click", () => { state.hemi = button.dataset.hemi; updateButtons(); renderBrain(); });
  }
  for (const button of document.querySelectorAll("button.surface")) {
    button.addEventListener("click", () => { state.surface = button.dataset.surface; updateButtons(); renderBrain(); });
  }
  for (const button of document.querySelectorAll("button.plane")) {
    button.addEventListener("click", () => {
      state.plane = button.dataset.plane;
      if (state.slicePoint) state.sliceMni = Math.round(state.slicePoint[PLANE_AXIS[state.plane]]);
      updateButtons();
      renderSlice();
    });
  }
  for (const button of document.querySelectorAll(".tab")) {
    button.addEventListener("click", () => setTab(button.dataset.tab));
    button.addEventListener("keydown", tabKey);
  }
  $("dim-others").addEventListener("change", (event) => { state.dimOthers = event.target.checked; renderBrain(); });
  $("show-head").addEventListener("change", (event) => { state.head = event.target.checked; renderBrain(); });
  let sliderTimer = null;
  $("slice-index").addEventListener("input", (event) => {
    state.sliceMni = Number(event.target.value);
    $("slice-label").textContent = `${PLANE_LETTER[state.plane]} = ${state.sliceMni} mm (MNI)`;
    clearTimeout(sliderTimer);
    sliderTimer = setTimeout(renderSlice, 60);
  });
  const brain = $("brain");
  brain.addEventListener("click", pickAt);
  brain.addEventListener("keydown", brainKey);
  brain.addEventListener("focus", () => { if (!state.cursor) state.cursor = { fx: 0.5, fy: 0.5 }; placeCursor(); });
  const regionsBody = document.querySelector("#regions tbody");
  regionsBody.addEventListener("keydown", tableKey);
  regionsBody.addEventListener("click", (event) => {
    const row = event.target.closest("tr");
    const region = row && regionOfRow(row);
    if (region) { setRover(row); selectFromTable(region); }
  });
  regionsBody.addEventListener("focusin", (event) => { if (event.target.tagName === "TR") setRover(event.target); });
  $("search").addEventListener("input", searchTyped);
  $("search-form").addEventListener("submit", (event) => { event.preventDefault(); search($("search").value); });
  let resizeTimer = null;
  window.addEventListener("resize", () => {
    placeCursor();
    clearTimeout(resizeTimer);
    resizeTimer = setTimeout(renderBrain, 200);
  });
  phoneQuery.addEventListener("change", () => { updatePaneRoles(); renderBrain(); renderSlice(); });
}

async function start() {
  setupRenderer();
  wireControls();
  updatePaneRoles();
  setTab("brain");
  updateButtons();
  try {
    state.atlases = await getJSON("/api/atlases");
  } catch (error) {
    showStatus(`The server did not list its atlases: ${error.message}`);
    return;
  }
  const chooser = $("atlas");
  for (const atlas of state.atlases) {
    const option = document.createElement("option");
    option.value = atlas.name;
    option.textContent = atlas.title || atlas.name;
    chooser.appendChild(option);
  }
  const first = state.atlases.find((a) => a.name === "gyri") || state.atlases[0];
  if (first) await setAtlas(first.name);
  document.body.dataset.ready = "true";
  brainShown().then(() => readyHook(), (error) => readyHook(error));
}

start();
