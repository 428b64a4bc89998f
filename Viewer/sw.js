// @ts-check
// Brain Tutor service worker: keeps the page, its scripts and the scene data it has used, so the
// viewer starts, draws, names taps, shows texts and runs Learn with no network after one visit.
// The server fills in BUILD (a hash of the page's files: new files, new worker) and SHELL.
const BUILD = "@BUILD@";
const SHELL = ["@SHELL@"];
const CACHE = `braintutor-${BUILD}`;
const DATA = "braintutor-data";  // scene data and answers: kept across builds, versioned by URL

// The worker's own scope and events, typed here: the page's DOM library does not describe them
// (and the WebWorker one clashes with it).
/** @typedef {Event & {waitUntil(promise: Promise<unknown>): void}} ExtendableEvent */
/** @typedef {ExtendableEvent & {request: Request, respondWith(response: Response | Promise<Response>): void}} FetchEvent */
/** @typedef {{skipWaiting(): Promise<void>, clients: {claim(): Promise<void>}, location: Location,
 *   addEventListener(type: string, listener: (event: any) => void): void}} WorkerScope */
const worker = /** @type {WorkerScope} */ (/** @type {unknown} */ (self));

worker.addEventListener("install", (/** @type {ExtendableEvent} */ event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(SHELL)).then(() => worker.skipWaiting()));
});

worker.addEventListener("activate", (/** @type {ExtendableEvent} */ event) => {
  event.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((k) => k !== CACHE && k !== DATA).map((k) => caches.delete(k))))
    .then(() => worker.clients.claim()));
});

// The cache key of a request. Scene JSON differs between views only in its `camera`, which the
// viewer does not use, and between canvas sizes only in the cameras' framing, which the viewer
// fits again to its canvas (gl-camera.js refitViews): one answer stands in for every view and
// size of a scene (Learn's shorter canvas asks for another size). A quiz offline is any round
// kept for the same atlas, mode and side.
/** @param {string} url */
function key(url) {
  const u = new URL(url);
  if (u.pathname === "/api/scene") for (const name of ["view", "w", "h"]) u.searchParams.delete(name);
  if (u.pathname === "/api/quiz") {
    for (const name of ["seed", "count", "review"]) u.searchParams.delete(name);
  }
  u.searchParams.sort();
  return u.toString();
}

// Versioned bodies (`?v=` carries their ETag) never change: from the cache when there.
/** @param {Request} request */
async function versioned(request) {
  const cache = await caches.open(DATA);
  const hit = await cache.match(request.url);
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok) await cache.put(request.url, response.clone());
  return response;
}

// Everything else: the network first, so answers stay current; the kept copy when offline.
/** @param {Request} request @param {string} cacheName */
async function networkFirst(request, cacheName) {
  const cache = await caches.open(cacheName);
  const k = key(request.url);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(k, response.clone());
    return response;
  } catch (error) {
    const hit = await cache.match(k, { ignoreVary: true });
    if (hit) return hit;
    return new Response(JSON.stringify({ error: "you are offline and this was not kept from an earlier visit" }),
      { status: 503, headers: { "Content-Type": "application/json" } });
  }
}

worker.addEventListener("fetch", (/** @type {FetchEvent} */ event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "GET" || url.origin !== worker.location.origin) return;
  // Images for one size, point or pixel, and map values at a point or for one threshold: not
  // worth keeping. (The 3D slices' volumes are versioned and kept below, so the mode works offline.)
  if (["/api/render", "/api/slice", "/api/pick"].includes(url.pathname) || url.pathname.startsWith("/api/map-value/")
    || (url.pathname.startsWith("/api/map-values/") && url.searchParams.has("threshold"))) return;
  if (url.searchParams.has("v")) { event.respondWith(versioned(event.request)); return; }
  const shell = SHELL.includes(url.pathname);
  event.respondWith(networkFirst(event.request, shell ? CACHE : DATA));
});
