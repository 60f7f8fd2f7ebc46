// What the pages share: building elements, messages in the page's language, the server's API,
// the seats this browser holds, and the action log with each action's effects.

import { component, ruleOf, t, tm } from "./i18n.js";
import * as generic from "./boards/generic.js";

export const app = document.getElementById("app");
const boards = { generic };
let gamesCache = null;


export function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on")) node[key] = value;
    else if (key === "className") node.className = value;
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.appendChild(typeof child === "string" || typeof child === "number"
      ? document.createTextNode(String(child)) : child);
  }
  return node;
}

export function toast(message, kind = "error", link = null) {
  const box = document.getElementById("toast");
  box.replaceChildren(message, ...(link ? [" ", link] : []));
  box.className = `show ${kind}`;
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => { box.className = ""; }, 4500);
}

// A message from the server in the page's language (a record stored before messages existed
// has only its English words).
export function words(message, english = "", names = null) {
  return message ? tm(message, names) : english;
}

// A match's warm-seat settings, public to everyone at the table: a bot may play an absent
// player's seat, and each player should know after how long and how strong (issue 28).
export function warmRule(warm) {
  if (!warm) return null;
  const time = warm.after % 60 === 0 ? t("warm.minutes", { n: warm.after / 60 })
    : t("warm.seconds", { n: warm.after });
  return t("warm.rule", { level: t(`level.${warm.level}`), time });
}

// The engine's own reasons (an illegal action, a refused new game) come as messages ("msg"),
// worded here in the page's language; the server's own errors are worded by their code.
export function errorText(message) {
  const key = `error.${message.code}`;
  const reason = words(message.msg, message.message);
  const text = t(key, { message: reason });
  return text === key ? t("error.generic", { message: reason }) : text;
}

export async function api(path, options = {}) {
  let response;
  try {
    response = await fetch(path, {
      headers: { "Content-Type": "application/json" },
      ...options,
    });
  } catch {
    throw new Error(t("error.network"));
  }
  const data = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(data.code ? errorText(data) : response.statusText);
  return data;
}

export async function loadGames() {
  if (!gamesCache) gamesCache = (await api("/api/games")).games;
  return gamesCache;
}

// The board module of a game already loaded, else the generic one (for lists drawn at once).
export function loadedBoard(game) {
  return boards[game] || generic;
}

// The board module a game declares (its capabilities' "board", sent in /api/games), else the
// generic one: the page never guesses a module from a game's name.
export async function boardFor(game) {
  if (boards[game]) return boards[game];
  try {
    const declared = (await loadGames()).find((g) => g.name === game)?.board;
    boards[game] = declared ? await import(`./boards/${declared}.js`) : generic;
  } catch {
    boards[game] = generic;
  }
  return boards[game];
}

export function tokensFor(matchId) {
  try { return JSON.parse(localStorage.getItem(`meeples.tokens.${matchId}`) || "[]"); }
  catch { return []; }
}

export function rememberTokens(matchId, tokens) {
  const all = [...new Set([...tokensFor(matchId), ...tokens])];
  localStorage.setItem(`meeples.tokens.${matchId}`, JSON.stringify(all));
}

export function matchLink(matchId, tokens) {
  const base = `${location.origin}${location.pathname}#/m/${matchId}`;
  return tokens.length ? `${base}?t=${tokens.join(",")}` : base;
}

// How messages name a player: the name given in the lobby, else the board's seat name.
export function namer(board, players, view) {
  return (seat) => players?.[seat]?.name || board.seatName(seat, t, view);
}

// The seat of chance's outcomes in the log (a tile drawn, a die rolled): OpenSpiel's chance player.
export const CHANCE = -1;

// The action log: each entry names its player, chance's outcomes are labelled as chance's, a line
// separates the turns of different players, and the "done" steps that only close a step are folded
// (shown on demand). The match's events (a resignation, a seat kept warm by a bot, a rematch
// offered) show after the action before them.
export function logList(board, state, entries, current = null, onPick = null, events = []) {
  if (!entries.length && !events.length) return h("p", { className: "muted" }, t("match.no_moves"));
  const names = namer(board, state.players, state.view);
  const first = entries.length ? entries[0].ply : 0;
  const eventsAt = (ply) => events.filter((event) => event.ply === ply && ply >= first).map((event) =>
    h("li", { className: `event event-${event.kind}`, "data-event": event.kind }, swatch(board, event.seat),
      tm(event.msg, names)));
  let previous = null;
  const rows = entries.flatMap((entry, index) => [...eventsAt(entry.ply), logEntry(entry, index)]);
  // A scrolling region a keyboard can reach (and scroll) on its own.
  return h("ol", { className: "log", start: first + 1, tabindex: "0", "aria-label": t("match.log") },
    rows, eventsAt(first + entries.length));

  function logEntry(entry, index) {
    // A decision the server declined for its player (their anytime setting) folds like a "done",
    // unless it caused something (a "done" that ends a phase may settle a battle).
    const told = entry.effects || [];
    const closing = (entry.parts?.verb === "done" || entry.passed) && !told.length;
    const classes = [entry.seat !== previous && previous !== null ? "new-turn" : "",
      closing ? "closing" : "", current === index ? "current" : ""].filter(Boolean).join(" ");
    previous = entry.seat;
    return h("li", { title: entry.action, className: classes || null, value: entry.ply + 1,
      onclick: onPick ? () => onPick(index) : null },
    entry.seat === CHANCE ? null : swatch(board, entry.seat),
    entry.seat === CHANCE
      ? h("strong", { className: "who chance" }, `${t("match.log_who", { player: t("match.chance") })} `)
      : entry.seat === null || entry.seat === undefined || thirdPerson(entry) ? null
        : h("strong", { className: "who" }, `${t("match.log_who", { player: names(entry.seat) })} `),
    logWords(entry, names),
    entry.passed ? h("small", { className: "muted" }, ` · ${t("match.passed")}`) : null,
    effectList(told, names));
  }
}

// What an action caused beyond itself (a battle and its losses, points, an event, the end), as
// the server told it: a list under the action in the log, and in the banner.
export function effectList(effects, names) {
  if (!effects.length) return null;
  return h("ul", { className: "effects" }, effects.map((effect) =>
    h("li", { "data-effect": effect.key }, tm(effect, names), " ", ruleLink(effect))));
}

// The last decision someone made (the actions passed by a setting after it are not one), which
// the board highlights.
export function lastDecision(entries) {
  for (let i = entries.length - 1; i >= 0; i--) if (!entries[i].passed) return entries[i];
  return null;
}

// A log entry's words: the third-person form "<key>.log" of its message when the catalogue
// has one (its player given as the parameter "player"), else the action's own words after the
// player's name as a label.
export function thirdPerson(entry) {
  const key = entry.msg ? `${entry.msg.key}.log` : null;
  return key !== null && t(key) !== key ? key : null;
}

export function logWords(entry, names) {
  const message = entry.msg;
  if (!message) return entry.action;
  const third = thirdPerson(entry);
  if (third) {
    return tm({ key: third, params: { ...message.params, player: { ref: "player", id: entry.seat } } },
      names);
  }
  return tm(message, names);
}

export function playerLabel(board, players, seat, view) {
  const player = players?.[seat];
  const name = player?.name ? `${player.name} · ` : "";
  const bot = player?.kind === "bot" ? ` · ${t("lobby.bot", { level: t(`level.${player.level}`) })}` : "";
  return `${name}${board.seatName(seat, t, view)}${bot}`;
}

// A rated game's rating beside a player's name (the players' "rating" from the server): the
// account's name, the number ("?" while provisional) and, once rated, the change; the details
// (rated games, the nearest bot level) as its title. Nothing for an unrated game's player.
export function ratingChip(player) {
  const rating = player?.rating;
  if (!rating) return null;
  const change = rating.change === undefined ? ""
    : ` (${rating.change >= 0 ? "+" : "−"}${Math.abs(rating.change)})`;
  const detail = rating.bot ? t("rating.bot_detail", { level: t(`level.${rating.about}`) })
    : t(rating.provisional ? "rating.provisional_detail" : "rating.detail",
      { n: rating.games, level: rating.about ? t(`level.${rating.about}`) : "—" });
  const who = player.account ? `${player.account} ` : "";
  return h("small", { className: "rating-chip", "data-rating": player.seat, title: detail },
    ` · ${who}${t(rating.provisional ? "rating.provisional" : "rating.value", { rating: rating.rating })}${change}`,
    h("span", { className: "sr-only" }, ` (${detail})`));
}

export function swatch(board, seat) {
  // A board that marks its owners by shape or letter shows the same mark here (colour alone
  // never tells seats apart).
  if (board.seatIcon) return h("span", { className: "swatch-icon" }, board.seatIcon(seat));
  return h("span", { className: "swatch", style: `background:${board.seatColor(seat)}` });
}

// Whether the person asked for less motion (the system setting): boards then show results at once.
export function reducedMotion() {
  return window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

// The colour-blind-safe seat colours (boards/palette.js): this browser's choice, applied to the
// page's root element so that every board and swatch reads it.
export function safeColours() {
  return localStorage.getItem("meeples.palette") === "safe";
}

export function setSafeColours(on) {
  if (on) localStorage.setItem("meeples.palette", "safe");
  else localStorage.removeItem("meeples.palette");
  applyPalette();
}

export function applyPalette() {
  if (safeColours()) document.documentElement.dataset.palette = "safe";
  else delete document.documentElement.dataset.palette;
}

// What has the keyboard's focus inside a part of the page, as a selector that finds the same
// control once the part is drawn again (its id, or its data-focus key); null when nothing does.
export function focusKey(part) {
  const active = document.activeElement;
  if (!active || !part.contains(active)) return null;
  if (active.id) return `#${CSS.escape(active.id)}`;
  if (active.dataset?.focus) return `[data-focus="${CSS.escape(active.dataset.focus)}"]`;
  if (active.dataset?.action) return `[data-action="${CSS.escape(active.dataset.action)}"]`;
  if (active.dataset?.learn) return `[data-learn="${CSS.escape(active.dataset.learn)}"]`;
  const name = active.getAttribute("name");
  if (name) return `${active.tagName.toLowerCase()}[name="${CSS.escape(name)}"]`;
  const match = active.closest("[data-match]")?.dataset.match;
  const href = active.getAttribute("href");
  if (match && href) return `[data-match="${CSS.escape(match)}"] [href="${CSS.escape(href)}"]`;
  return null;
}

// A link to the rule a message comes from ("§4"), or null: after a refusal, a prompt, an effect.
export function ruleLink(message) {
  const rule = ruleOf(message);
  if (!rule) return null;
  return h("a", { className: "rule-link", href: `#/rules/${rule.game}/${rule.id}`, title: rule.name,
    "aria-label": t("rules.see", { rule: rule.name }) }, `§${rule.id}`);
}

// A link to a rule named by reference ({ref: "sp.rule", id: "4"}) of a game: a lesson's rule.
export function ruleRefLink(game, ref) {
  const name = component(ref.ref, ref.id).name;
  return h("a", { className: "rule-link", href: `#/rules/${game}/${ref.id}`, title: name,
    "aria-label": t("rules.see", { rule: name }) }, `§${ref.id}`);
}
