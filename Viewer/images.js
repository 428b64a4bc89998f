// @ts-check
// Brain Tutor images from the server (brain renders, slices): fetched through the API module, so
// errors have messages, and a newer load of the same image drops the older one.
import { getBlob } from "./api.js";
import { $, failed, showStatus } from "./dom.js";

/** @type {Map<string, AbortController>} img id -> its load in flight */
const loads = new Map();

/** Loads `url` into image `imgId`, showing `spinnerId` meanwhile; resolves when shown or failed.
 * @param {string} imgId @param {string} spinnerId @param {string} url @param {string} what */
export async function loadImage(imgId, spinnerId, url, what) {
  const img = $(imgId);
  const spinner = $(spinnerId);
  if (img.dataset.url === url && img.dataset.state === "ready") return;
  const previous = loads.get(imgId);
  if (previous) previous.abort();
  const controller = new AbortController();
  loads.set(imgId, controller);
  img.dataset.url = url;
  img.dataset.state = "loading";
  img.setAttribute("aria-busy", "true");
  spinner.hidden = false;
  try {
    const blob = await getBlob(url, controller.signal);
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
    if (error instanceof DOMException && error.name === "AbortError") return;
    img.dataset.state = "error";
    showStatus(failed(`Could not load the ${what}`, error));
  } finally {
    if (loads.get(imgId) === controller) {
      loads.delete(imgId);
      spinner.hidden = true;
      img.removeAttribute("aria-busy");
    }
  }
}

/** Resolves once image `imgId` is no longer loading. @param {string} imgId */
export function imageSettled(imgId) {
  const img = $(imgId);
  if (img.dataset.state !== "loading") return Promise.resolve();
  return new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      if (img.dataset.state !== "loading") { observer.disconnect(); resolve(undefined); }
    });
    observer.observe(img, { attributes: true, attributeFilter: ["data-state"] });
  });
}
