// Seat colours: each board's own, or, when the person chose it (match settings, kept in this
// browser), a palette that people with a red-green colour vision deficiency tell apart (the
// Okabe-Ito colours: orange, blue, bluish green, reddish purple). Colour is never the only sign:
// every board marks owners by a letter or shape as well.

export const SAFE = ["#e69f00", "#0072b2", "#009e73", "#cc79a7"];

/** Whether the colour-blind-safe palette is on (set on the page's root element). */
export function safePalette() {
  return typeof document !== "undefined" && document.documentElement.dataset.palette === "safe";
}

/** Return a seat's colour: from the board's own colours, or from the safe palette. */
export function seatColour(own, seat) {
  const colours = safePalette() ? SAFE : own;
  return colours[seat % colours.length];
}
