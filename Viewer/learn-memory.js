// @ts-check
// Brain Tutor Learn tab: what the student knows, kept in localStorage as Leitner boxes per atlas
// and region id (docs/VIEWER.md, "Learn"). Missing or corrupt storage (private mode, a full
// quota, someone's edit) never breaks a round: the page then remembers for this visit only.

const KEY = "braintutor.learn.v1";
const VERSION = 1;
// Rounds a region in box b (1…5) waits before it is due again: a miss puts it back in box 1,
// so it returns in the very next round; each first-try answer moves it one box up.
const WAIT = [0, 1, 2, 4, 8, 16];
const TOP_BOX = WAIT.length - 1;

let memory = null;     // the data as last read or written; stands in when storage fails
let unsaved = false;   // a write failed: storage holds older data than `memory`

function empty() { return { version: VERSION, atlases: {} }; }

function store() {
  try { return window.localStorage || null; } catch (_) { return null; }  // blocked storage throws
}

// Keeps only well-formed entries: one bad entry does not cost the rest.
function clean(data) {
  const result = empty();
  if (!data || typeof data !== "object" || data.version !== VERSION || !data.atlases
      || typeof data.atlases !== "object") return result;
  for (const [atlas, entry] of Object.entries(data.atlases)) {
    if (!entry || typeof entry !== "object" || !Number.isInteger(entry.round) || entry.round < 0) continue;
    const regions = {};
    for (const [id, r] of Object.entries(entry.regions || {})) {
      if (!/^\d+$/.test(id) || !r || typeof r !== "object") continue;
      if (!Number.isInteger(r.box) || r.box < 1 || r.box > TOP_BOX) continue;
      if (!Number.isInteger(r.last) || r.last < 0 || r.last > entry.round) continue;
      regions[id] = { box: r.box, last: r.last, hemi: typeof r.hemi === "string" ? r.hemi : "none" };
    }
    result.atlases[atlas] = { round: entry.round, regions };
  }
  return result;
}

function read() {
  const s = store();
  if (s && !unsaved) {
    try {
      const raw = s.getItem(KEY);
      memory = raw ? clean(JSON.parse(raw)) : (memory || empty());
    } catch (_) {
      memory = memory || empty();  // unreadable or not JSON: start afresh
    }
  }
  return memory || (memory = empty());
}

function write(data) {
  memory = data;
  const s = store();
  try {
    if (!s) throw new Error("no storage");
    s.setItem(KEY, JSON.stringify(data));
    unsaved = false;
  } catch (_) {
    unsaved = true;
  }
  return !unsaved;
}

function atlasEntry(data, atlas) {
  if (!data.atlases[atlas]) data.atlases[atlas] = { round: 0, regions: {} };
  return data.atlases[atlas];
}

// Region ids due in the coming round of `atlas`, at most `limit`, lowest box (weakest) first;
// with hemi "left" or "right" only that side's regions (and midline ones).
function due(atlas, hemi, limit) {
  const entry = read().atlases[atlas];
  if (!entry || limit <= 0) return [];
  const next = entry.round + 1;
  return Object.entries(entry.regions)
    .filter(([, r]) => next - r.last >= WAIT[r.box])
    .filter(([, r]) => hemi === "both" || r.hemi === hemi || r.hemi === "none")
    .sort(([a, x], [b, y]) => x.box - y.box || x.last - y.last || Number(a) - Number(b))
    .slice(0, limit)
    .map(([id]) => Number(id));
}

// A round of `atlas` begins: answers from now on count for it.
function beginRound(atlas) {
  const data = read();
  atlasEntry(data, atlas).round += 1;
  write(data);
}

// One question's outcome: "first" (right at once), "late" (right after a miss), "missed".
function record(region, outcome) {
  const data = read();
  const entry = atlasEntry(data, region.atlas);
  const id = String(region.id);
  const before = entry.regions[id] ? entry.regions[id].box : 1;
  const box = outcome === "first" ? Math.min(TOP_BOX, before + 1) : outcome === "late" ? before : 1;
  entry.regions[id] = { box, last: entry.round, hemi: region.hemisphere || "none" };
  write(data);
}

// The boxes of an atlas, for the set-up line: {due, known} counts.
function summary(atlas, hemi) {
  const entry = read().atlases[atlas];
  if (!entry) return { due: 0, seen: 0 };
  return { due: due(atlas, hemi, Infinity).length, seen: Object.keys(entry.regions).length };
}

export { KEY, WAIT, due, beginRound, record, summary, read };
