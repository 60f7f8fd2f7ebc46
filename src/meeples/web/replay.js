// The replay viewer: a finished or live game step by step, with the check of its chance.

import { app, h, words, api, boardFor, namer, logList, playerLabel, swatch } from "./shared.js";
import { component, gamePrefix, lang, t, tm } from "./i18n.js";
import * as generic from "./boards/generic.js";

// The verdict of `meeples verify` on a finished game, computed by the server: every decision
// legal, every draw from the seed revealed at the end (which matches the commitment published at
// creation), the recorded end reached. Verified, it is said for a game with chance; not, the
// page says why (the first finding, as a message).
function chanceCheck(data) {
  const verdict = data.verified;
  if (!verdict || (verdict.ok && !verdict.draws)) return null;
  const commitment = data.record?.commitment || "";
  const message = verdict.ok
    ? { key: "core.replay.chance_ok", params: { n: verdict.draws, commitment: commitment.slice(0, 16) + "…" } }
    : verdict.msg ? { key: "core.replay.check_bad", params: { why: verdict.msg } }
      : { key: "core.replay.chance_bad", params: {} };
  return h("section", { className: "card", id: "replay-chance" },
    h("p", { className: verdict.ok ? "chance-ok" : "chance-bad", title: commitment }, tm(message)));
}

export function replayPage(matchId) {
  let data = null;
  let board = generic;
  let step = 0;
  let timer = null;
  const root = h("div", { className: "replay" });
  app.replaceChildren(root);

  api(`/api/matches/${matchId}/replay`).then(async (result) => {
    data = result;
    board = await boardFor(result.game);
    step = result.views.length - 1;
    draw();
  }).catch((error) => {
    root.replaceChildren(h("section", { className: "card" }, h("p", {}, error.message),
      h("a", { className: "button", href: `#/m/${matchId}` }, t("lobby.watch"))));
  });

  function go(index) {
    step = Math.max(0, Math.min(index, data.views.length - 1));
    draw();
  }

  function toggle() {
    if (timer) { clearInterval(timer); timer = null; draw(); return; }
    if (step >= data.views.length - 1) step = 0;
    timer = setInterval(() => {
      if (step >= data.views.length - 1) { clearInterval(timer); timer = null; draw(); return; }
      go(step + 1);
    }, 700);
    draw();
  }

  function draw() {
    if (!data) return;
    const n = data.views.length - 1;
    const boardBox = h("div", { className: "board-box" });
    const names = namer(board, data.players, data.views[step]);
    const last = step > 0 ? data.log[step - 1] : null;
    board.render(boardBox, { view: data.views[step], legal: [], seat: null, interactive: false,
      onAct: () => {}, t, lang: lang(), last, lastAction: last ? last.action : null, component,
      prefix: gamePrefix(data.game),
      prompt: null, tm: (message) => tm(message, names) });
    const slider = h("input", { type: "range", min: 0, max: n, value: step, id: "replay-slider",
      "aria-label": t("replay.step", { i: step, n }),
      oninput: (event) => go(parseInt(event.target.value, 10)) });
    const controls = h("div", { className: "replay-controls row" },
      h("button", { onclick: () => go(0), id: "replay-start", title: t("replay.start") }, "|◀"),
      h("button", { onclick: () => go(step - 1), id: "replay-prev" }, `◀ ${t("replay.prev")}`),
      h("button", { onclick: toggle, className: "primary" }, timer ? t("replay.pause") : t("replay.play")),
      h("button", { onclick: () => go(step + 1), id: "replay-next" }, `${t("replay.next")} ▶`),
      h("button", { onclick: () => go(n), id: "replay-end", title: t("replay.end") }, "▶|"));
    const log = logList(board, { players: data.players, view: data.views[step] }, data.log,
      step - 1, (index) => go(index + 1), data.events || []);
    log.classList.add("replay-log");
    const info = h("div", { className: "info" });
    if (board.renderInfo) board.renderInfo(info, { view: data.views[step], t, lang: lang(),
      component, tm: (message) => tm(message, names) });
    const winners = new Set(data.outcome ? data.outcome.winners : []);
    const players = h("ul", { className: "players", id: "replay-players" }, data.players.map((p) =>
      h("li", { className: winners.has(p.seat) ? "winner" : "" }, swatch(board, p.seat),
        playerLabel(board, data.players, p.seat, data.views[step]),
        winners.has(p.seat) ? h("strong", {}, ` — ${t("match.winner")}`) : null)));
    const outcome = data.outcome ? h("p", { id: "replay-result" }, words(data.outcome.msg,
      data.outcome.reason, names)) : null;
    root.replaceChildren(
      h("h1", {}, t("replay.title", { game: data.title })),
      h("div", { className: "match-layout" },
        boardBox,
        h("aside", { className: "side" },
          h("section", { className: "card replay-card" }, controls, slider,
            h("p", { className: "muted", id: "replay-step" }, t("replay.step", { i: step, n })),
            h("p", { className: "muted small" }, t("replay.keys"))),
          h("section", { className: "card" }, h("h3", {}, t("replay.players")), players, outcome),
          chanceCheck(data),
          h("section", { className: "card log-card" }, h("h3", {}, t("match.log")), log),
          h("section", { className: "card" }, info))));
    const current = root.querySelector(".replay-log .current");
    if (current) current.scrollIntoView({ block: "nearest" });
  }

  // ← and → step through the game, Home and End jump to its ends.
  function onKey(event) {
    if (!data || event.target.closest?.("input, textarea, select")) return;
    const moves = { ArrowLeft: step - 1, ArrowRight: step + 1, Home: 0, End: data.views.length - 1 };
    if (!(event.key in moves)) return;
    event.preventDefault();
    go(moves[event.key]);
  }
  document.addEventListener("keydown", onKey);

  return {
    destroy() {
      if (timer) clearInterval(timer);
      document.removeEventListener("keydown", onKey);
    },
    rerender: draw,
  };
}
