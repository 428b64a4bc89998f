// @ts-check
// Brain Tutor offline use: the service worker (sw.js) keeps the page and whatever it loads; once
// the brain is drawn, the texts of the shown atlas and a quiz round are fetched too, so after one
// visit a tap shows its text and Learn plays a round with no network.
import { query, request } from "./api.js";
import { failed, showStatus } from "./dom.js";
import { state } from "./store.js";

/** Atlases whose texts are kept already (this visit). */
const warmed = new Set();
/** Whether the worker controlled the page from its start (a later visit): then everything the
 * page loaded went through it and is kept already, and nothing needs asking again. */
const keptFromStart = "serviceWorker" in navigator && !!navigator.serviceWorker.controller;
/** URLs asked for through the worker already (this visit): each is asked for once, not again on
 * every atlas switch. */
const asked = new Set();

/** Registers the service worker; the page works without one (it is only not kept offline). */
export function registerWorker() {
  if (!("serviceWorker" in navigator)) return;
  navigator.serviceWorker.register("/sw.js").catch((error) => showStatus(failed("Offline use is not available", error)));
}

/** One request after another, while the page is idle, so they never compete with the brain. */
function whenIdle() {
  return new Promise((resolve) => {
    if ("requestIdleCallback" in window) window.requestIdleCallback(() => resolve(undefined), { timeout: 2000 });
    else setTimeout(resolve, 200);
  });
}

/** Resolves once the service worker controls the page (at once on a later visit). */
async function controlled() {
  const worker = navigator.serviceWorker;
  await worker.ready;
  if (worker.controller) return;
  await new Promise((resolve) => worker.addEventListener("controllerchange", resolve, { once: true }));
}

/** Not kept: images for one size, pixel or point. @param {string} url */
const kept = (url) => { const u = new URL(url); return u.origin === location.origin && !/^\/api\/(render|slice|pick)/.test(u.pathname); };

/** Asks for `url` through the worker unless this visit already did (or is doing): each item is
 * asked for once, whatever the atlas switches and overlapping warm-ups in between. A failure
 * forgets it, so a later warm-up tries again. @param {string} url */
async function askOnce(url) {
  const full = new URL(url, location.origin).href;
  if (asked.has(full)) return;
  asked.add(full);
  try {
    await whenIdle();
    await (await request(full)).blob();
  } catch (error) {
    asked.delete(full);
    throw error;
  }
}

/** Asks again, now through the worker (which keeps it), for what the page loaded before the
 * worker took over, then fetches the texts of atlas `name` and one quiz round of the Learn
 * set-up. Failures are left unsaid here: this only prepares for going offline.
 * @param {string} name @param {{atlas: string, hemi: string, mode: string, count: number}} learn */
export async function keepForOffline(name, learn) {
  if (warmed.has(name) || !("serviceWorker" in navigator)) return;
  warmed.add(name);
  const regions = state.atlas === name ? state.regions.slice() : [];
  try {
    await controlled();
    const loaded = new Set(performance.getEntriesByType("resource").map((e) => e.name).filter(kept));
    loaded.add(location.origin + "/");
    if (!keptFromStart) for (const url of loaded) await askOnce(url);
    await askOnce(`/api/quiz?${query({ atlas: learn.atlas, mode: learn.mode, count: learn.count, hemi: learn.hemi, seed: 1 })}`);
    for (const region of regions) await askOnce(`/api/info?${query({ q: String(region.id), atlas: region.atlas })}`);
  } catch (_) {
    warmed.delete(name);  // offline or a server error: tried again on the next draw of this atlas
  }
}
