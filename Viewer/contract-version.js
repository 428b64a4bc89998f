// @ts-check
// Brain Tutor contract check: the server says which renderer contract its scenes follow
// (/api/scene `contractVersion`); a viewer generated for another one (an old copy the browser
// or the service worker kept) would draw and pick by rules the server no longer holds, so it
// stops and says why instead.
import { CONTRACT_VERSION } from "./contract.js";

/** What is wrong when the server's contract is not this viewer's, or null when they agree.
 * @param {unknown} served the scene description's `contractVersion` */
export function contractMismatch(served) {
  if (served === CONTRACT_VERSION) return null;
  if (typeof served !== "number") {
    return `The server does not say which renderer contract it follows; this viewer needs contract ${CONTRACT_VERSION}. `
      + "The server is older than the viewer: update it, or use the viewer it serves.";
  }
  const stale = served > CONTRACT_VERSION;
  return `The server follows renderer contract ${served} and this viewer contract ${CONTRACT_VERSION}: `
    + (stale ? "the page is an old copy. Reload it (clear the site's data if that does not help)."
      : "the server is older than the viewer. Update the server, or use the viewer it serves.");
}

/** Throws the mismatch, so loading the scene fails with it in the status line.
 * @param {{contractVersion?: unknown}} description */
export function checkContract(description) {
  const problem = contractMismatch(description.contractVersion);
  if (problem) throw new Error(problem);
}
