// The clocks of a timed match: each seat's time left, the running one counting down here between
// the server's messages. The server alone decides when time runs out (its stored deadline); this
// page only shows the seconds it was sent, less the time since they came.

import { h } from "./shared.js";
import { t } from "./i18n.js";

const DAY = 86400;

// A time left as people read it: "9:41", "1:02:03", "2 d 5 h" (days and hours, in words).
export function timeLeft(seconds) {
  const s = Math.max(0, Math.floor(seconds));
  if (s >= DAY) return t("clock.days", { d: Math.floor(s / DAY), h: Math.floor((s % DAY) / 3600) });
  const hours = Math.floor(s / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  const rest = String(s % 60).padStart(2, "0");
  return hours ? `${hours}:${String(minutes).padStart(2, "0")}:${rest}` : `${minutes}:${rest}`;
}

// A span of a time control in its largest whole unit: "3 d", "10 min", "20 s".
function span(seconds) {
  for (const [unit, size] of [["days", DAY], ["hours", 3600], ["minutes", 60]]) {
    if (seconds >= size && seconds % size === 0) return t(`clock.span_${unit}`, { n: seconds / size });
  }
  return t("clock.span_seconds", { n: seconds });
}

// A time control in words, for the lobby and the match: "10 min + 20 s, out of time loses".
export function timeControl(clock) {
  if (!clock) return null;
  return t("clock.control", { initial: span(clock.initial), increment: span(clock.increment),
    timeout: t(`clock.timeout_${clock.timeout}`) });
}

// The seconds left of each seat now: as sent, the running seat's less the time since they came.
export function secondsNow(clocks, receivedAt, now = performance.now()) {
  return clocks.seconds.map((seconds, seat) => seconds === null ? null
    : seat === clocks.running ? Math.max(0, seconds - (now - receivedAt) / 1000) : seconds);
}

// What a seat's clock says beside its time, in words (never by colour alone).
function note(clocks, seat, seconds, over) {
  if (clocks.bot === seat) return t("clock.bot");
  if (over && seconds <= 0) return t("clock.out");
  if (clocks.running === seat) return t("clock.running");
  return "";
}

// The clocks card of the side column: one line per seat with a clock (a bot's has none).
export function clockCard(clocks, receivedAt, { names, swatch, over }) {
  if (!clocks) return null;
  const now = secondsNow(clocks, receivedAt);
  const lines = clocks.seconds.map((seconds, seat) => seconds === null ? null : h("li", {
    className: `clock${clocks.running === seat ? " running" : ""}`, "data-clock-seat": String(seat) },
  swatch(seat), h("span", { className: "clock-name" }, names(seat)),
  h("span", { className: "clock-time", "data-seconds": String(Math.floor(now[seat])) }, timeLeft(now[seat])),
  h("small", { className: "clock-note muted" }, note(clocks, seat, now[seat], over)))).filter(Boolean);
  return h("section", { className: "card clock-card", id: "clocks", "aria-label": t("clock.title") },
    h("h2", { className: "card-title" }, t("clock.title")),
    h("ul", { className: "clocks" }, lines),
    h("p", { className: "muted small" }, timeControl(clocks)));
}

// Count the running clock down on the page (once a second): only its time changes, nothing else
// is drawn again.
export function tickClocks(root, clocks, receivedAt) {
  if (!clocks || clocks.running === null) return;
  const seconds = secondsNow(clocks, receivedAt)[clocks.running];
  const time = root.querySelector(`[data-clock-seat="${clocks.running}"] .clock-time`);
  if (time) {
    time.textContent = timeLeft(seconds);
    time.dataset.seconds = String(Math.floor(seconds));
  }
}
