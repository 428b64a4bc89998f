// @ts-check
// Brain Tutor scripting hook `window.brainTutor` (docs/VIEWER.md): for pages that embed the
// viewer, and for the tests. Every method that changes the brain resolves once it is drawn.
import { brainShown, theBrain } from "./brain.js";
import { setViewName } from "./controls.js";
import { search, setAtlas } from "./selection.js";
import { planesHook } from "./planes.js";
import { renderSlice, revealSlice, setPlane, setRadiological, tapSlice } from "./slices.js";
import { state } from "./store.js";

/** @param {Promise<void>} ready @param {object} learn */
export function installHook(ready, learn) {
  const hook = {
    ready,
    renderer: () => theBrain().kind,
    /** A preset name, or {azimuth, elevation}. @param {string | {azimuth?: number, elevation?: number}} view */
    async setView(view) {
      if (typeof view === "string") {
        await setViewName(view);
        await brainShown();
        await theBrain().setPreset(view);
        return;
      }
      await theBrain().setAngles(view.azimuth || 0, view.elevation || 0);
    },
    /** Resolves once the latest brain asked for (by a control or a method) is drawn. */
    shown: () => brainShown(),
    canvasSize: () => theBrain().canvasSize(),
    /** The region at drawing-buffer pixel (x, y) from the top-left, or null (a promise in
     * server-image mode). @param {number} x @param {number} y */
    pickAt(x, y) {
      const brain = theBrain();
      if (brain.kind === "webgl") return brain.viewer.pickAt(x, y);
      return brain.pickAt(x, y).then((pick) => pick.region);
    },
    /** Selects the region a name, abbreviation or synonym names, as the search box does; resolves
     * with true once it is drawn (false: no region matches). @param {string} regionQuery */
    async select(regionQuery) {
      const found = await search(String(regionQuery));
      await brainShown();
      return found;
    },
    /** Shows atlas `name`; resolves once drawn. @param {string} name */
    async setAtlas(name) {
      if (!state.atlases.some((a) => a.name === name)) throw new Error(`no atlas '${name}'`);
      await setAtlas(name);
      await brainShown();
    },
    /** The shown scene as /api/render query text (atlas, hemi, surface, view). */
    sceneQuery: () => theBrain().sceneQuery(),
    /** A frame as a PNG data URL ("flat": exact region colours, as /api/render?shading=flat). */
    snapshot: (shading = "flat") => theBrain().snapshot(shading),
    /** Scene load time and recent frame times (ms). */
    timings: () => theBrain().timings(),
    /** Shows a map of `serve --map` ({name: null}: none) at a threshold (default: the map's own);
     * resolves once drawn. @param {{name: string | null, threshold?: number, twoSided?: boolean}} choice */
    setMap: async (choice) => (await import("./map-panel.js")).setMap(choice),
    /** The map's value under drawing-buffer pixel (x, y), as a tap reports it. @param {number} x @param {number} y */
    mapValueAt: async (x, y) => (await import("./map-panel.js")).mapValueAt(x, y),
    /** The WebGL viewer itself (null with server images), for benches that time its frames. */
    viewer: () => { const brain = theBrain(); return brain.kind === "webgl" ? brain.viewer : null; },
    learn,
    ...planesHook(),
    // The slice is drawn only while its pane is on screen: these bring it into view first, as a
    // student scrolls to it before tapping it.
    slice: {
      /** Does what a tap at pixel (x, y) of the slice image does; resolves with the
       * /api/slice/pick answer (null: not on the slice) once the slice is redrawn.
       * @param {number} x @param {number} y */
      tapAt: async (x, y) => { revealSlice(); await renderSlice(); return tapSlice(x, y); },
      /** @param {string} plane */
      setPlane: (plane) => { revealSlice(); return setPlane(plane); },
      /** @param {boolean} on */
      setRadiological: (on) => { revealSlice(); return setRadiological(Boolean(on)); },
      /** Scrolls the slice into view; resolves once the slice there is loaded. */
      reveal: () => { revealSlice(); return renderSlice(); },
      /** The slice shown: its /api/slice address, plane, marked MNI point and mirroring. */
      state: () => ({ url: document.getElementById("slice")?.dataset.url || null, plane: state.plane,
        point: state.slicePoint, radiological: state.radiological }),
    },
  };
  Object.defineProperty(window, "brainTutor", { value: hook, configurable: false });
}
