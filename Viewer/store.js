// @ts-check
// Brain Tutor page state: one store, written only through `update`, so every change of what
// the page shows passes one place.

/** @typedef {{id: number, atlas: string, name: string, hemisphere: string, color: number[],
 *   lobe?: string, lobes?: string[], synonyms?: string[], volumeMl?: number, text?: string,
 *   caveat?: string, anchorMni?: number[], centroidMni?: number[]}} Region */
/** @typedef {{name: string, title?: string}} Atlas */

export const state = {
  /** @type {Atlas[]} from /api/atlases */
  atlases: [],
  /** @type {string | null} the shown atlas */
  atlas: null,
  /** @type {Region[]} the regions of the shown atlas */
  regions: [],
  view: "lateral",
  /** @type {"left" | "right" | "both"} */
  hemi: "left",
  surface: "pial",
  dimOthers: false,
  /** the see-through head around the brain */
  head: false,
  /** the palette whose bordering regions stay apart under colour blindness (`palette=cvd`) */
  cvd: false,
  /** ambient occlusion on the pial surface (`ao=off` turns it off) */
  ao: true,
  /** @type {Region | null} */
  selected: null,
  plane: "axial",
  /** the slice plane's MNI coordinate in mm */
  sliceMni: 0,
  /** @type {number[] | null} MNI point marked on the slices (picked point or region anchor) */
  slicePoint: null,
  /** slices mirrored: the subject's left on the image right */
  radiological: false,
  /** the 3D slicing mode: the head cut open with three MRI planes through `planesPoint` */
  slicing: false,
  /** @type {number[] | null} where the 3D planes cross (MNI mm): moved only when asked (a drag, the
   * sliders, "Move planes here", a double tap), never by a tap that names a region */
  planesPoint: null,
  /** shown with the planes: the cortex of the chosen side, the subcortical structures */
  slicingCortex: false,
  slicingDeep: false,
  /** @type {{x: number, y: number} | null} where the selected region was tapped (fractions of the drawing) */
  pin: null,
  /** @type {{name: string, threshold: number, twoSided: boolean | null, clusterMin: number} | null} the statistical
   * map shown (`serve --map`), its threshold, sign choice (null: the map's own) and smallest cluster (mm³) */
  map: null,
};

/** @typedef {typeof state} State */
/** @typedef {"left" | "right" | "both"} Hemi */

/** Changes the state. @param {Partial<State>} patch */
export function update(patch) {
  Object.assign(state, patch);
}

/** The selected region when it belongs to the shown atlas, else null. */
export function shownSelection() {
  return state.selected && state.selected.atlas === state.atlas ? state.selected : null;
}
