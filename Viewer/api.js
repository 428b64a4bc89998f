// @ts-check
// Brain Tutor API client: every request of the page goes through `request`, so a failed one
// always becomes an ApiError with the server's own one-sentence message.

/** A request that failed: the server's message, its HTTP status (0: no answer) and JSON body. */
export class ApiError extends Error {
  /** @param {string} message @param {number} status @param {any} [body] */
  constructor(message, status, body) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.body = body;
  }
}

/** Query text from `params`, leaving out null, undefined and empty values.
 * @param {Record<string, unknown>} params */
export function query(params) {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v !== null && v !== undefined && v !== "") q.set(k, String(v));
  }
  return q.toString();
}

/** The one sentence the server said in a failed answer, else its status.
 * @param {Response} response */
async function failure(response) {
  let body = null;
  try { body = await response.clone().json(); } catch (_) { /* not JSON: the status speaks */ }
  const said = body && typeof body.error === "string" ? body.error : `${response.status} ${response.statusText}`.trim();
  return new ApiError(said, response.status, body);
}

/** The response to `url`, or an ApiError (an AbortError passes through untouched).
 * @param {string} url @param {{signal?: AbortSignal}} [options] */
export async function request(url, options = {}) {
  let response;
  try {
    response = await fetch(url, { signal: options.signal });
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new ApiError("the server could not be reached", 0);
  }
  if (!response.ok) throw await failure(response);
  return response;
}

/** @param {string} url @returns {Promise<any>} */
export async function getJSON(url) {
  return (await request(url)).json();
}

/** @param {string} url */
export async function getText(url) {
  return (await request(url)).text();
}

/** The body of `url` as bytes; `onBytes(n)` hears each chunk as it arrives (for progress).
 * @param {string} url @param {(n: number) => void} [onBytes] */
export async function getBytes(url, onBytes) {
  const response = await request(url);
  if (!onBytes || !response.body) return response.arrayBuffer();
  const reader = response.body.getReader();
  /** @type {Uint8Array[]} */
  const chunks = [];
  let length = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    length += value.length;
    onBytes(value.length);
  }
  const bytes = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) { bytes.set(chunk, at); at += chunk.length; }
  return bytes.buffer;
}

/** @param {string} url @param {AbortSignal} signal */
export async function getBlob(url, signal) {
  return (await request(url, { signal })).blob();
}
