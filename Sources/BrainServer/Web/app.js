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
  selected: null,       // region object (+ text etc.) or null
  plane: "axial",
  sliceMni: 0,          // slider value: the plane's MNI coordinate in mm
};

const $ = (id) => document.getElementById(id);
const SIDE_VIEWS = new Set(["lateral", "medial"]);

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

function fold(text) {
  return String(text).normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
}

function atlasTitle(name) {
  const atlas = state.atlases.find((a) => a.name === name);
  return atlas ? (atlas.title || atlas.name) : name;
}

function sideText(hemisphere) {
  return hemisphere === "none" ? "midline / both" : hemisphere;
}

function colorCSS(c) { return `rgb(${c[0]}, ${c[1]}, ${c[2]})`; }

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
  const figure = $("brain-figure");
  const scale = Math.min(window.devicePixelRatio || 1, 2);
  const w = Math.max(256, Math.min(1024, Math.round((figure.clientWidth * scale) / 64) * 64));
  return { w, h: Math.round((w * 3) / 4) };
}

function highlightParam() {
  return state.selected && state.selected.atlas === state.atlas ? state.selected.id : null;
}

function sceneParams() {
  const { w, h } = brainSize();
  return {
    atlas: state.atlas, view: state.view, hemi: state.hemi, surface: state.surface, w, h,
    highlight: highlightParam(), dimOthers: state.dimOthers && highlightParam() !== null ? "true" : null,
  };
}

function renderBrain() {
  if (!state.atlas) return;
  const params = sceneParams();
  $("brain").dataset.scene = query(params);
  loadImage("brain", "brain-spinner", `/api/render?${query(params)}`);
}

async function pickAt(event) {
  const img = $("brain");
  if (img.dataset.state !== "ready" || !img.naturalWidth) return;
  const rect = img.getBoundingClientRect();
  const x = Math.floor(((event.clientX - rect.left) * img.naturalWidth) / rect.width);
  const y = Math.floor(((event.clientY - rect.top) * img.naturalHeight) / rect.height);
  if (x < 0 || y < 0 || x >= img.naturalWidth || y >= img.naturalHeight) return;
  try {
    const result = await getJSON(`/api/pick?${img.dataset.scene}&${query({ x, y })}`);
    if (!result.region) {
      showStatus("No region there: that is background or unlabelled cortex.");
      return;
    }
    showStatus("");
    // The slices jump to the tapped surface point, so the two views explain each other.
    await select(result.region, { point: result.mni });
  } catch (error) {
    showStatus(`Pick failed: ${error.message}`);
  }
}

// ---------- slices ----------

const PLANE_AXIS = { sagittal: "x", coronal: "y", axial: "z" };

function renderSlice() {
  if (!state.atlas) return;
  const index = 128 - state.sliceMni;   // BV index along the plane's axis (CONVENTIONS.md)
  $("slice-index").value = String(state.sliceMni);
  $("slice-label").textContent = `${PLANE_AXIS[state.plane]} = ${state.sliceMni} mm (MNI)`;
  const params = { plane: state.plane, index, atlas: state.atlas, highlight: highlightParam() };
  loadImage("slice", "slice-spinner", `/api/slice?${query(params)}`);
}

function moveSliceTo(centroid) {
  if (!Array.isArray(centroid) || centroid.length !== 3) return;
  const value = { sagittal: centroid[0], coronal: centroid[1], axial: centroid[2] }[state.plane];
  state.sliceMni = Math.max(-127, Math.min(128, Math.round(value)));
}

// ---------- regions table ----------

function fillTable() {
  const body = document.querySelector("#regions tbody");
  body.textContent = "";
  for (const region of state.regions) {
    const row = document.createElement("tr");
    row.tabIndex = 0;
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
    lobe.textContent = region.lobe || "";
    row.append(swatch, name, side, lobe);
    row.addEventListener("click", () => selectFromTable(region));
    row.addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === " ") { event.preventDefault(); selectFromTable(region); }
      if (event.key === "ArrowDown" && row.nextElementSibling) { event.preventDefault(); row.nextElementSibling.focus(); }
      if (event.key === "ArrowUp" && row.previousElementSibling) { event.preventDefault(); row.previousElementSibling.focus(); }
    });
    body.appendChild(row);
  }
  filterTable();
  markSelectedRow();
}

function filterTable() {
  const needle = fold($("search").value.trim());
  for (const row of document.querySelectorAll("#regions tbody tr")) {
    const region = state.regions.find((r) => String(r.id) === row.dataset.id);
    const hay = fold(`${region.name} ${region.sourceLabel} ${region.hemisphere} ${region.lobe || ""}`);
    row.hidden = needle !== "" && !needle.split(/\s+/).every((word) => hay.includes(word))
      && row.getAttribute("aria-selected") !== "true";
  }
}

function markSelectedRow() {
  for (const row of document.querySelectorAll("#regions tbody tr")) {
    const on = state.selected && state.selected.atlas === state.atlas && row.dataset.id === String(state.selected.id);
    row.setAttribute("aria-selected", on ? "true" : "false");
    if (on) { row.hidden = false; row.scrollIntoView({ block: "nearest" }); }
  }
}

function selectFromTable(region) {
  select(region, {});
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

async function select(region, { point = null, info = null } = {}) {
  if (region.atlas !== state.atlas) await setAtlas(region.atlas, { keepSelection: true });
  state.selected = region;
  // Show the selected side: a right-hemisphere region is invisible in the left lateral view.
  if (SIDE_VIEWS.has(state.view) && (region.hemisphere === "left" || region.hemisphere === "right")) {
    state.hemi = region.hemisphere;
  }
  markSelectedRow();
  showInfo({ region, alternatives: [] });
  const details = info || await describe(region);
  if (state.selected !== region) return;  // a newer selection won
  state.selected = Object.assign({}, region, details.region);
  showInfo(details);
  if (point) moveSliceTo(point);
  else if (details.region && details.region.centroidMni) moveSliceTo(details.region.centroidMni);
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
  $("info-lobe").textContent = region.lobe || "–";
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
      button.textContent = `${target.name}${target.hemisphere === "none" ? "" : ` (${target.hemisphere})`} – ${atlasTitle(target.atlas)}`;
      button.addEventListener("click", () => select(target, {}));
      alternatives.append(button);
      if (i < others.length - 1) alternatives.append(" ");
    });
  }
  $("brain").alt = `Brain rendering, ${region.name} selected: click or tap a region to name it`;
  const caption = $("brain-caption");
  caption.textContent = `${region.name}${region.hemisphere === "none" ? "" : ` (${region.hemisphere})`} `;
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
    const suggestions = error.body && error.body.suggestions;
    showStatus(`No region matches "${q}"${suggestions && suggestions.length ? `; did you mean ${suggestions.map((s) => s.name || s).slice(0, 3).join(", ")}?` : ""} (${error.message})`);
  }
}

// ---------- atlas, view and layout controls ----------

async function setAtlas(name, { keepSelection = false } = {}) {
  state.atlas = name;
  $("atlas").value = name;
  if (!keepSelection) state.selected = null;
  try {
    state.regions = await getJSON(`/api/regions?${query({ atlas: name })}`);
  } catch (error) {
    state.regions = [];
    showStatus(`Could not load the regions: ${error.message}`);
  }
  fillTable();
  if (!keepSelection) {
    renderBrain();
    renderSlice();
  }
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

function isPhone() { return window.matchMedia("(max-width: 600px)").matches; }

function setTab(tab) {
  document.body.dataset.tab = tab;
  for (const button of document.querySelectorAll(".tab")) {
    button.setAttribute("aria-selected", button.dataset.tab === tab ? "true" : "false");
  }
  if (tab === "brain") { renderBrain(); renderSlice(); }
}

function wireControls() {
  $("atlas").addEventListener("change", (event) => setAtlas(event.target.value));
  for (const button of document.querySelectorAll("button.view")) {
    button.addEventListener("click", () => {
      state.view = button.dataset.view;
      if (SIDE_VIEWS.has(state.view) && state.hemi === "both") {
        state.hemi = state.selected && state.selected.hemisphere === "right" ? "right" : "left";
      } else if (!SIDE_VIEWS.has(state.view)) {
        state.hemi = "both";
      }
      updateButtons();
      renderBrain();
    });
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
      if (state.selected && state.selected.centroidMni) moveSliceTo(state.selected.centroidMni);
      updateButtons();
      renderSlice();
    });
  }
  for (const button of document.querySelectorAll(".tab")) {
    button.addEventListener("click", () => setTab(button.dataset.tab));
  }
  $("dim-others").addEventListener("change", (event) => { state.dimOthers = event.target.checked; renderBrain(); });
  let sliderTimer = null;
  $("slice-index").addEventListener("input", (event) => {
    state.sliceMni = Number(event.target.value);
    $("slice-label").textContent = `${PLANE_AXIS[state.plane]} = ${state.sliceMni} mm (MNI)`;
    clearTimeout(sliderTimer);
    sliderTimer = setTimeout(renderSlice, 60);
  });
  $("brain").addEventListener("click", pickAt);
  $("search").addEventListener("input", filterTable);
  $("search-form").addEventListener("submit", (event) => { event.preventDefault(); search($("search").value); });
  let resizeTimer = null;
  window.addEventListener("resize", () => { clearTimeout(resizeTimer); resizeTimer = setTimeout(renderBrain, 200); });
}

async function start() {
  wireControls();
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
}

start();
