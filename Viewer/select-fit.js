// @ts-check
// Brain Tutor choosers whose chosen title would be cut: a closed <select> shows one line and
// cannot wrap, and on a phone's narrow bar long atlas titles ("Brodmann areas (histology and
// landmarks)") lost their ends. Such a chooser gets a smaller font, down to MIN_PX.

const MIN_PX = 12;
/** What a closed chooser keeps for its arrow beside the text (Chromium draws it in about 20 px). */
const ARROW_PX = 24;

/** @type {CanvasRenderingContext2D | null} */
let measure = null;

/** The width `text` takes in `select`'s own font at `px` pixels. @param {HTMLSelectElement} select
 * @param {string} text @param {number} px */
function textWidth(select, text, px) {
  measure = measure || /** @type {CanvasRenderingContext2D} */ (document.createElement("canvas").getContext("2d"));
  const style = getComputedStyle(select);
  measure.font = `${style.fontStyle} ${style.fontWeight} ${px}px ${style.fontFamily}`;
  return measure.measureText(text).width;
}

/** The room a closed chooser leaves its text. @param {HTMLSelectElement} select */
export function textRoom(select) {
  const style = getComputedStyle(select);
  return select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - ARROW_PX;
}

/** Shrinks `select`'s font, when needed, until its chosen title fits; back to the page's size when
 * it fits at that. Does nothing while the chooser is not laid out. @param {HTMLSelectElement} select */
export function fitSelect(select) {
  select.style.fontSize = "";
  const room = textRoom(select);
  const option = select.selectedOptions[0];
  if (!option || room <= 0) return;
  const px = parseFloat(getComputedStyle(select).fontSize);
  const width = textWidth(select, option.textContent || "", px);
  if (width <= room) return;
  // Text widths scale with the font size; a tenth of a pixel down keeps the rounding inside.
  select.style.fontSize = `${Math.max(MIN_PX, Math.floor((10 * px * room) / width) / 10)}px`;
}
