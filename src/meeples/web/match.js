// A live match: the board, whose turn it is, the log with each action's effects and a banner of
// the last ones, hints, undo, resign, the rematch and the hotseat's pass screen.

import { app, h, toast, words, errorText, focusKey, boardFor, tokensFor, rememberTokens, namer, CHANCE,
  logList, lastDecision, playerLabel, swatch, reducedMotion, safeColours, setSafeColours, thirdPerson,
  logWords, ruleLink, ruleRefLink, warmRule, ratingChip } from "./shared.js";
import { component, gamePrefix, lang, t, tm } from "./i18n.js";
import { LiveSocket } from "./socket.js";
import { chatPanel } from "./chat.js";
import { summaryTable } from "./summary.js";
import { alertSettings, turnAlerts } from "./alerts.js";
import { clockCard, tickClocks } from "./clocks.js";
import * as generic from "./boards/generic.js";

// How long the effects banner stays (it is also replaced by the next action's effects).
const BANNER_MS = 9000;
// At most this many new actions are animated at once; more (catching up) show the result.
const MAX_ANIMATED = 4;

// "Confirm moves": this browser's setting, off unless turned on.
function confirmMoves() {
  return localStorage.getItem("meeples.confirm") === "on";
}

function setConfirmMoves(on) {
  if (on) localStorage.setItem("meeples.confirm", "on");
  else localStorage.removeItem("meeples.confirm");
}


export function matchPage(matchId, urlTokens) {
  if (urlTokens.length) rememberTokens(matchId, urlTokens);
  const tokens = tokensFor(matchId);
  let state = null;
  let board = generic;
  let status = "connecting";
  let pending = false;
  let showEnd = true;
  let showSheet = false; // the score sheet opened under the players
  let showSteps = false; // the folded steps of the log shown
  let choicesOpen = false; // the list of every legal action opened
  let textOpen = false; // the position in words opened
  let lessonStep = -1; // a tutorial's step shown, and which of its pages
  let lessonPage = 0;
  let motion = null; // while drawing a new state: { previous view, fresh log entries } to animate
  let hints = null; // null, "asked", or the list the server suggested for this version
  let chosenHint = null; // the hint clicked once, played on a second click
  let confirming = null; // with "confirm moves": the action waiting for Play or Cancel
  let resigning = false; // the resign button was clicked: a dialog asks to confirm
  // Hotseat with private views: the seat whose view may show. When the device must pass to
  // another seat, a screen hides the board until that player says they hold it.
  let shownSeat = null;
  let clocksAt = 0; // when the state with the clocks shown came (they count down from then)
  const root = h("div", { className: "match", "data-match": matchId });
  const boardBox = h("div", { className: "board-box", id: "board" });
  // The page's parts stay the same elements across redraws (only their insides change), so that
  // what has the keyboard's focus (a square, a button) keeps it when a state arrives.
  const header = h("h1", {});
  const strip = h("p", { className: "turn-strip", "aria-hidden": "true" }); // a phone's one-line turn
  const side = h("aside", { className: "side" });
  const layout = h("div", { className: "match-layout" }, boardBox, side);
  // Said to screen readers: each new entry of the log with its effects (polite), and the turn,
  // the decision asked and the end (a status region).
  const logAnnouncer = h("div", { className: "sr-only", id: "log-announcer", "aria-live": "polite" });
  const turnAnnouncer = h("div", { className: "sr-only", id: "turn-announcer", role: "status" });
  let overlay = null; // the dialog shown (resign, game over, pass the device), if any
  let beforeDialog = null; // what had the focus when it opened, given back when it closes
  let lastTurnSaid = "";
  // The banner tells what the actions just played caused (a battle and its losses, points, an
  // event, the end): the same element across redraws, a status region read by screen readers.
  const banner = h("div", { className: "effects-banner", id: "effects-banner" });
  let bannerTimer = null;
  // The table chat (docs/chat.md): one panel for the page's life, so that what is being
  // typed survives every redraw.
  const chat = chatPanel((message) => socket.send(message));
  root.replaceChildren(header, strip, layout, logAnnouncer, turnAnnouncer, chat.announcer);
  app.replaceChildren(root);
  const alerts = turnAlerts(matchId); // the tab's title and icon, a sound, a notification

  // The entries of a new state that the last one did not have (none for the first state, or
  // after an undo took entries back).
  function freshEntries(before, after) {
    if (!before || after.version <= before.version) return [];
    const known = before.log.length ? before.log[before.log.length - 1].ply : -1;
    return after.log.filter((entry) => entry.ply > known);
  }

  function tell(entries) {
    const names = namer(board, state.players, state.view);
    const said = entries.filter((entry) => !entry.passed).map((entry) => [
      entry.seat === CHANCE ? `${t("match.log_who", { player: t("match.chance") })} ` : "",
      entry.seat !== CHANCE && entry.seat !== null && !thirdPerson(entry)
        ? `${t("match.log_who", { player: names(entry.seat) })} ` : "",
      logWords(entry, names),
      ...(entry.effects || []).map((effect) => `. ${tm(effect, names)}`)].join(""));
    if (said.length) logAnnouncer.textContent = said.join(". ");
    const told = entries.filter((entry) => (entry.effects || []).length);
    if (!told.length) return;
    // The effects alone, each naming whom it concerns: the action before them may be someone
    // else's (a "done" that ends a phase settles the other player's battle or tower points).
    banner.replaceChildren(...told.slice(-3).map((entry) => h("p", {},
      entry.effects.flatMap((effect, i) => [i ? " · " : "", tm(effect, names), " ", ruleLink(effect)]))),
    h("button", { className: "close", "aria-label": t("match.close"), onclick: hideBanner }, "×"));
    banner.classList.add("show");
    clearTimeout(bannerTimer);
    bannerTimer = setTimeout(hideBanner, BANNER_MS);
  }

  function hideBanner() {
    banner.classList.remove("show");
    banner.replaceChildren();
  }

  // Messages are handled one after the other, in the order they came: the first state waits
  // for its board's module (the games' list, then an import), and a state arriving meanwhile
  // (a bot's move) was drawn first, then overwritten by the older one, so the page stayed a
  // version behind the server (the browser tests' "#turn.mine" time-outs).
  let handled = Promise.resolve();
  const socket = new LiveSocket(matchId, tokens, {
    onMessage: (message) => {
      // an error still reaches the page's error handler, and the next messages are handled
      handled = handled.then(() => handle(message)).catch((error) => setTimeout(() => { throw error; }));
    },
    onStatus: (value) => {
      status = value;
      const line = root.querySelector(".status");
      if (line) {
        line.textContent = t(`match.status.${status}`);
        line.dataset.status = status;
      }
    },
  });
  window.meeplesSocket = socket; // handy for tests: meeplesSocket.drop() forces a reconnect

  async function handle(message) {
    if (message.type === "state") {
      board = await boardFor(message.game);
      if (!state || state.version !== message.version) {
        hints = null;
        confirming = null;
      }
      const fresh = freshEntries(state, message);
      // The board animates the actions just played (a move, a battle's losses) from the view
      // it showed before; a connection catching up on several at once, a hidden page, or
      // reduced motion shows the result at once.
      motion = fresh.length > 0 && fresh.length <= MAX_ANIMATED && !reducedMotion()
        && document.visibilityState === "visible" && state !== null && state.seat === message.seat
        ? { previous: state.view, fresh } : null;
      state = message;
      clocksAt = performance.now();
      pending = false;
      draw();
      motion = null;
      tell(fresh);
    } else if (message.type === "chat") {
      chat.add(message);
    } else if (message.type === "chat_hidden") {
      chat.hide(message.seq);
    } else if (message.type === "chat_reported") {
      chat.reported();
    } else if (message.type === "rematch") {
      joinRematch(message.id);
    } else if (message.type === "hint") {
      hints = state && message.version === state.version ? message.hints : null;
      draw();
    } else if (message.type === "error") {
      pending = false;
      if (hints === "asked") hints = null;
      toast(errorText(message), "error", ruleLink(message.msg));
      if (message.code === "bad_token") {
        localStorage.removeItem(`meeples.tokens.${matchId}`);
      }
      if (state) draw();
      else {
        // A guest opening an invite to a rated game: the seat waits for an account.
        root.replaceChildren(h("p", { className: "card" }, errorText(message),
          message.code === "account_needed" ? [" ", h("a", { href: "#/account", id: "sign-in-to-play" },
            t("account.signed_out_title"))] : null));
      }
    }
  }

  function onKey(event) {
    const active = document.activeElement;
    if (event.key.toLowerCase() !== "v" || event.ctrlKey || event.metaKey || event.altKey) return;
    if (active && (boardBox.contains(active) || ["INPUT", "SELECT", "TEXTAREA"].includes(active.tagName))) return;
    textOpen = true;
    draw();
    root.querySelector("#text-view summary")?.focus();
  }
  document.addEventListener("keydown", onKey);

  // With "confirm moves" on, a choice first waits in the confirm bar; Play there sends it.
  function act(action) {
    if (pending || !state) return;
    if (confirmMoves() && confirming !== action) {
      confirming = action;
      draw();
      return;
    }
    confirming = null;
    pending = true;
    if (!socket.send({ type: "act", action, version: state.version })) {
      pending = false;
      toast(t("match.status.reconnecting"));
    }
  }

  function confirmBar(names) {
    const item = state.legal.find((entry) => entry.action === confirming);
    if (!item) return null;
    return h("div", { className: "confirm-bar", id: "confirm-bar", role: "alertdialog" },
      h("span", {}, t("match.confirm", { action: words(item.msg, item.action, names) })),
      h("span", { className: "row" },
        h("button", { className: "primary", id: "confirm-play", onclick: () => act(item.action) },
          t("match.confirm_play")),
        h("button", { id: "confirm-cancel", onclick: () => { confirming = null; draw(); } },
          t("match.confirm_cancel"))));
  }

  function undoButton() {
    if (!state.undo) return null;
    return h("button", { id: "undo", title: t("match.undo_help"), disabled: pending || null, onclick: () => {
      confirming = null;
      socket.send({ type: "undo", version: state.version });
    } }, `↶ ${t("match.undo")}`);
  }

  // A tutorial's lesson: where it stands ("Lesson 3 of 12"), its pages (Back and Next, kept
  // while the step lasts), the rule it teaches; once over, that the game goes on.
  function lessonCard(names) {
    const lesson = state.tutorial;
    if (!lesson) return null;
    if (lessonStep !== lesson.step) { lessonStep = lesson.step; lessonPage = 0; }
    const pages = lesson.say;
    const page = Math.min(lessonPage, pages.length - 1);
    const turn = (by) => () => { lessonPage = page + by; draw(); root.querySelector("#lesson-text")?.focus(); };
    return h("section", { className: `card lesson ${lesson.done ? "done" : ""}`, id: "lesson",
      "aria-labelledby": "lesson-title" },
    h("h2", { className: "card-title", id: "lesson-title" }, lesson.done ? t("lesson.over")
      : t("lesson.title", { n: lesson.step + 1, of: lesson.of })),
    h("p", { id: "lesson-text", tabindex: "-1" }, tm(pages[page], names),
      lesson.rule && page === pages.length - 1 ? [" ", ruleRefLink(state.game, lesson.rule)] : null),
    pages.length > 1 ? h("div", { className: "row" },
      h("button", { id: "lesson-back", disabled: page === 0 || null, onclick: turn(-1) }, t("lesson.back")),
      h("span", { className: "muted small" }, t("lesson.page", { n: page + 1, of: pages.length })),
      h("button", { id: "lesson-next", className: "primary", disabled: page === pages.length - 1 || null,
        onclick: turn(1) }, t("lesson.next"))) : null);
  }

  // Every legal action as a list of buttons, grouped by verb: the way to decide without the map
  // (a keyboard, a screen reader, a decision easier to read than to point at).
  function allChoices(names) {
    const box = h("details", { className: "all-choices", id: "all-choices", open: choicesOpen || null,
      ontoggle: (event) => { choicesOpen = event.target.open; } },
    h("summary", {}, t("match.all_choices", { n: state.legal.length })));
    box.appendChild(generic.actionPanel(state.legal, { t, tm: (message) => tm(message, names),
      prefix: gamePrefix(state.game), onAct: act }, t("match.all_choices_title")));
    return box;
  }

  // The position in words: every square or hex of the board by the name the board gives it (its
  // pieces, owner, terrain and role in the decision), as a list a screen reader reads in order;
  // the key V opens it from anywhere outside the board.
  function textView() {
    const cells = [...boardBox.querySelectorAll("[data-cell][aria-label], [data-hex][aria-label]")];
    if (!cells.length) return null;
    const box = h("details", { className: "card text-view", id: "text-view", open: textOpen || null,
      ontoggle: (event) => { textOpen = event.target.open; } },
    h("summary", {}, t("match.text_view")));
    if (textOpen) {
      box.appendChild(h("ul", { tabindex: "0", "aria-label": t("match.text_view") },
        cells.map((cell) => h("li", {}, cell.getAttribute("aria-label")))));
    }
    return box;
  }

  // What the player holds that may be used "at any time" (the Tree, a power): nobody is asked
  // about it at every phase; this button arms it, and the next chance to use it is asked.
  function armButton(names) {
    const held = state.held || [];
    if (!held.length || !state.settings || state.outcome || mustPass()) return null;
    const things = held.map((message) => tm(message, names)).join(", ");
    const armed = state.settings.armed;
    return h("div", { className: "arm" },
      h("button", { id: "arm", className: armed ? "armed" : "", "aria-pressed": String(armed),
        title: t("match.arm_help"), onclick: () => socket.send({ type: "settings", armed: !armed,
          seat: state.seat }) },
      t(armed ? "match.armed" : "match.arm", { things })));
  }

  // This player's settings: the anytime setting (kept by the server, per seat), "confirm moves",
  // the turn's sound and notifications (web/alerts.js) and the colour-blind-safe colours (kept
  // by this browser).
  function settingsCard() {
    // A player who resigned, or a spectator, has only this browser's colours to set.
    const seated = state.seats.length > 0 && !state.outcome && state.can_resign !== false;
    const anytime = seated && state.settings ? h("select", { id: "anytime", onchange: (event) => {
      socket.send({ type: "settings", anytime: event.target.value });
    } }, ["ask", "own", "never"].map((value) => h("option", { value }, t(`anytime.${value}`)))) : null;
    if (anytime) anytime.value = state.settings.anytime;
    return h("section", { className: "card settings-card" },
      h("h2", { className: "card-title" }, t("match.settings")),
      anytime ? h("label", { className: "setting", title: t("match.anytime_help") },
        h("span", {}, t("match.anytime")), anytime) : null,
      seated ? h("label", { className: "setting inline-setting" },
        h("input", { type: "checkbox", id: "confirm-moves", checked: confirmMoves() || null,
          onchange: (event) => { setConfirmMoves(event.target.checked); confirming = null; draw(); } }),
        ` ${t("match.confirm_moves")}`) : null,
      ...(seated ? alertSettings(draw) : []),
      h("label", { className: "setting inline-setting" },
        h("input", { type: "checkbox", id: "safe-colours", checked: safeColours() || null,
          onchange: (event) => { setSafeColours(event.target.checked); draw(); } }),
        ` ${t("match.safe_colours")}`));
  }


  // Resign: a button, then a dialog that says what it means before anything is sent.
  function resignButton() {
    if (!state.can_resign) return null;
    return h("button", { id: "resign", className: "danger", title: t("match.resign_help"),
      onclick: () => { resigning = true; draw(); } }, t("match.resign"));
  }

  function resignDialog() {
    const who = state.seats.length > 1 ? playerLabel(board, state.players, state.seat, state.view) : null;
    return h("div", { className: "overlay", id: "resign-dialog", role: "alertdialog", "aria-modal": "true",
      "aria-labelledby": "resign-title", "data-escape": "resign-no" },
      h("div", { className: "card end" },
        h("h2", { id: "resign-title" }, who ? t("match.resign_who", { seat: who }) : t("match.resign")),
        h("p", {}, t(state.players.length > 2 ? "match.resign_confirm_more" : "match.resign_confirm_two")),
        h("div", { className: "row" },
          h("button", { className: "danger", id: "resign-yes", onclick: () => {
            resigning = false;
            socket.send({ type: "resign", seat: state.seat });
            draw();
          } }, t("match.resign_yes")),
          h("button", { id: "resign-no", onclick: () => { resigning = false; draw(); } },
            t("match.resign_no")))));
  }

  // The tokens of this browser open the same seats of the rematch: keep them under its id too.
  function joinRematch(id) {
    rememberTokens(id, tokensFor(matchId));
    location.hash = `#/m/${id}`;
  }

  // Once the game is over: the rematch offered (join it) or a button to offer one.
  function rematchBox(names) {
    if (!state.outcome || !state.seats.length) return null;
    const offer = state.rematch;
    const by = offer && offer.by !== null ? names(offer.by) : "";
    return h("div", { className: "rematch row", id: "rematch" },
      offer ? h("p", {}, t(offer.swap ? "match.rematch_offered_swap" : "match.rematch_offered", { player: by }))
        : null,
      offer
        ? h("button", { className: "primary", id: "rematch-join", onclick: () => joinRematch(offer.id) },
          t("match.rematch_join"))
        : [h("button", { className: "primary", id: "rematch-offer", onclick: () => socket.send({ type: "rematch" }) },
          t("match.rematch_offer")),
        h("button", { id: "rematch-swap", onclick: () => socket.send({ type: "rematch", swap: true }) },
          t("match.rematch_swap"))]);
  }

  // Each player's score against the total that wins ("4 / 6 VP"); a tap shows the score sheet
  // (where each player's points came from) under the players.
  function scoreChip(seat) {
    const total = state.summary?.total;
    if (!total) return null;
    const n = total.points[seat];
    const target = state.summary.target;
    return h("button", { className: "score-chip", "data-score": seat, "aria-expanded": String(showSheet),
      "aria-controls": "score-sheet", title: t("match.score_sheet"),
      onclick: () => { showSheet = !showSheet; draw(); } },
    target == null ? t("match.score", { n }) : t("match.score_target", { n, target }));
  }

  // Once the end dialog is closed the result stays: who won and why, with the way back to the
  // summary, the replay and a rematch.
  function resultCard(names) {
    const outcome = state.outcome;
    const winners = outcome.winners.map((seat) => names(seat));
    const headline = !winners.length ? t("match.draw")
      : t(winners.length > 1 ? "match.won_by_many" : "match.won_by", { players: winners.join(", ") });
    return h("section", { className: "card result-card", id: "result" },
      h("h2", {}, headline),
      h("p", { className: "muted" }, t("match.reason", { reason: words(outcome.msg, outcome.reason, names) })),
      h("div", { className: "row" },
        h("button", { className: "primary", id: "show-summary", onclick: () => { showEnd = true; draw(); } },
          t("match.show_summary")),
        h("a", { className: "button", href: `#/replay/${matchId}` }, t("match.watch_replay"))),
      rematchBox(names));
  }

  function mustPass() {
    return state.private && state.seats.length > 1 && state.seat !== null
      && state.seat !== shownSeat && !state.outcome;
  }

  function passScreen() {
    const seat = state.seat;
    const name = playerLabel(board, state.players, seat, null);
    return h("div", { className: "overlay", id: "pass-device", role: "dialog", "aria-modal": "true",
      "aria-labelledby": "pass-title" },
      h("div", { className: "card end" },
        h("h2", { id: "pass-title" }, t("match.pass_title", { seat: name })),
        h("p", {}, t("match.pass_text", { seat: name })),
        h("button", { className: "primary big", id: "pass-ready", onclick: () => {
          shownSeat = seat;
          draw();
        } }, t("match.pass_ready", { seat: name }))));
  }

  function endScreen() {
    const outcome = state.outcome;
    const several = state.players.length > 2;
    // Places count the players ranked above: two tied for first, then third.
    let place = 1;
    const ranking = outcome.ranking.map((group, index) => {
      const at = place;
      place += group.length;
      const tied = group.length > 1 ? ` ${t("match.tied")}` : "";
      return h("li", { className: index === 0 && outcome.winners.length ? "first" : "" },
        h("span", { className: "rank" }, `${t("match.rank", { n: at })}${tied}`),
        h("span", { className: "group" }, group.map((seat) => h("span", { className: "ranked" },
          swatch(board, seat), playerLabel(board, state.players, seat, state.view),
          state.seats.includes(seat) ? ` (${t("match.you")})` : "",
          ratingChip(state.players[seat]),
          (state.resigned || []).includes(seat) ? h("small", { className: "muted" }, ` · ${t("match.resigned")}`) : null,
          board.score ? h("span", { className: "score" }, ` · ${board.score(state.view, seat, t)}`) : null,
          index === 0 && outcome.winners.includes(seat) ? h("strong", {}, ` — ${t("match.winner")}`) : null))));
    });
    const mine = state.seats.length === 1 ? state.seats[0] : null;
    let headline = null;
    if (mine !== null && several) {
      const rank = 1 + outcome.ranking.findIndex((group) => group.includes(mine));
      const placeOf = outcome.ranking.slice(0, rank - 1).reduce((n, group) => n + group.length, 1);
      headline = h("p", { className: "headline" }, outcome.winners.includes(mine)
        ? t("match.you_won") : t("match.you_placed", { n: placeOf, of: state.players.length }));
    } else if (mine !== null) {
      headline = h("p", { className: "headline" }, outcome.winners.includes(mine) ? t("match.you_won")
        : outcome.winners.length ? t("match.you_lost") : t("match.draw"));
    }
    const names = namer(board, state.players, state.view);
    const reason = words(outcome.msg, outcome.reason, names);
    return h("div", { className: "overlay", id: "game-over", role: "dialog", "aria-modal": "true",
      "aria-labelledby": "game-over-title", "data-escape": "see-board" },
      h("div", { className: "card end" },
        h("h2", { id: "game-over-title" }, t("match.game_over")),
        headline,
        outcome.winners.length || headline ? null : h("p", {}, t("match.draw")),
        h("ol", { className: "ranking" }, ranking),
        state.summary ? summaryTable(state.summary, { seats: state.players.length,
          winners: outcome.winners, names: namer(board, state.players, state.view),
          head: (seat) => h("span", {}, swatch(board, seat),
            namer(board, state.players, state.view)(seat)) }) : null,
        h("p", { className: "muted" }, t("match.reason", { reason })),
        state.rated ? h("p", { className: "muted", id: "rated-end" }, words(state.rated.msg, "", names)) : null,
        rematchBox(names),
        h("div", { className: "row" },
          h("a", { className: "button primary", href: `#/replay/${matchId}` }, t("match.watch_replay")),
          h("button", { id: "see-board", onclick: () => { showEnd = false; draw(); } }, t("match.see_board")),
          h("a", { className: "button", href: "#/" }, t("match.back")))));
  }

  function draw() {
    if (!state) return;
    const mine = state.seats;
    const toMove = state.to_move;
    const hidden = mustPass();
    const myTurn = toMove !== null && mine.includes(toMove) && state.legal.length > 0 && !hidden;
    const names = namer(board, state.players, state.view);
    let turn = "";
    if (toMove !== null) {
      const mover = state.players[toMove];
      // At a shared screen "your turn" names the person to take the device.
      turn = myTurn ? (mine.length > 1 ? t("match.your_turn_named", { seat: names(toMove) }) : t("match.your_turn"))
        : mover.kind === "bot" ? t("match.waiting_bot", { seat: names(toMove) })
          : t("match.turn_of", { seat: names(toMove) });
      if (state.round != null) turn = `${t("match.round", { n: state.round })} · ${turn}`;
    }
    const who = mine.length === 0 ? t("match.spectating")
      : t("match.playing_as", { seat: mine.map((s) => board.seatName(s, t, state.view)).join(" + ") });

    // The same board element across redraws: a half-made choice (a selected piece) survives
    // messages that change nothing on the board, such as a player coming online.
    boardBox.replaceChildren();
    const last = lastDecision(state.log);
    if (!hidden) board.render(boardBox, { view: state.view, legal: state.legal, seat: state.seat,
      interactive: myTurn && !pending, onAct: act, t, lang: lang(), last,
      lastAction: last ? last.action : null, prompt: state.prompt, component,
      prefix: gamePrefix(state.game), motion,
      tm: (message) => tm(message, names) });

    const players = h("ul", { className: "players" }, state.players.map((p) => h("li",
      { className: p.seat === toMove ? "to-move" : "" }, swatch(board, p.seat),
      playerLabel(board, state.players, p.seat, state.view),
      mine.includes(p.seat) ? ` (${t("match.you")})` : "",
      ratingChip(p),
      p.kind === "human" ? h("small", { className: "muted" },
        ` · ${p.joined ? t(p.online ? "match.online" : "match.offline") : t("match.not_joined")}`) : null,
      (state.timed_out || []).includes(p.seat) ? h("small", { className: "muted resigned" }, ` · ${t("clock.out")}`)
        : (state.resigned || []).includes(p.seat) ? h("small", { className: "muted resigned" }, ` · ${t("match.resigned")}`)
        : (state.kept_warm || []).includes(p.seat) ? h("small", { className: "muted kept-warm" }, ` · ${t("match.kept_warm")}`)
          : null,
      scoreChip(p.seat))));
    const sheet = showSheet && state.summary ? summaryTable(state.summary, { seats: state.players.length,
      winners: state.outcome?.winners || [], names,
      head: (seat) => h("span", {}, swatch(board, seat), names(seat)) }) : null;

    const info = h("div", { className: "info" });
    if (board.renderInfo && !hidden) board.renderInfo(info, { view: state.view, t, lang: lang(),
      component, tm: (message) => tm(message, names) });

    const logBox = logList(board, state, state.log, null, null, state.events || []);

    let hintBox = null;
    if (myTurn && state.hints) {
      // A hint is shown first and played only on a second, deliberate click.
      const list = Array.isArray(hints) ? h("ol", { className: "hints" }, hints.map((hint) =>
        h("li", { className: chosenHint === hint.action ? "chosen" : "" },
          h("button", { "data-hint": hint.action, onclick: () => { chosenHint = hint.action; draw(); } },
            words(hint.msg, hint.action, names)),
          hint.value == null ? null
            : h("small", { className: "muted", title: t("match.hint_value") }, ` ${Math.round(hint.value * 100)}%`),
          hint.why ? h("small", { className: "muted hint-why" }, ` (${words(hint.why)})`, ruleLink(hint.why)) : null,
          chosenHint === hint.action ? h("button", { className: "primary", "data-play-hint": hint.action,
            onclick: () => { chosenHint = null; act(hint.action); } }, t("match.play_hint")) : null)))
        : null;
      hintBox = h("div", { className: "hint-box" },
        h("button", { id: "hint", disabled: hints === "asked" || null, onclick: () => {
          hints = "asked";
          socket.send({ type: "hint" });
          draw();
        } }, hints === "asked" ? t("match.hint_thinking") : t("match.hint")), list);
    }
    const kept = focusKey(side);
    side.replaceChildren(...[
      banner, // at the top of the side column: never over the map, never moving it
      lessonCard(names),
      h("section", { className: "card turn-card" },
        turn ? h("h2", { className: `turn ${myTurn ? "mine" : ""}`, id: "turn" }, turn) : null, // the card's heading
        myTurn && confirming ? confirmBar(names) : null,
        state.undo || hintBox ? h("div", { className: "row turn-actions" }, undoButton(), hintBox) : null,
        myTurn && !pending ? allChoices(names) : null,
        armButton(names),
        // A board that shows the prompt beside its own controls says so (showsPrompt).
        myTurn && state.prompt && !board.showsPrompt ? h("p", { className: "prompt", id: "prompt" },
          words(state.prompt, "", names), " ", ruleLink(state.prompt)) : null,
        h("p", { className: "muted" }, who),
        h("p", { className: "status small", "data-status": status }, t(`match.status.${status}`))),
      clockCard(state.clocks, clocksAt, { names, swatch: (seat) => swatch(board, seat),
        over: state.outcome !== null }),
      state.outcome && !showEnd ? resultCard(names) : null,
      h("section", { className: "card players-card" }, h("h2", { className: "card-title" }, t("match.players")),
        players, state.warm ? h("p", { className: "muted small", id: "warm-rule" }, warmRule(state.warm)) : null,
        state.research ? h("p", { className: "muted small", id: "research-rule" }, t("match.research")) : null,
        state.rated ? h("p", { className: "muted small", id: "rated-state", "data-rated": state.rated.state },
          words(state.rated.msg, "", names)) : null,
        sheet, info),
      textView(),
      h("section", { className: "card log-card" }, h("h2", { className: "card-title" }, t("match.log")),
        foldToggle(), logBox),
      chat.fromState(state, names),
      settingsCard(),
      state.can_resign ? h("p", { className: "row" }, resignButton()) : null,
      h("a", { href: `#/rules/${state.game}`, className: "small" }, t("match.rules"))].filter(Boolean));

    if (kept) side.querySelector(kept)?.focus({ preventScroll: true });

    root.dataset.version = String(state.version);
    // The decision at hand is an "at any time" one (asked because the setting or an armed token
    // says so).
    root.dataset.anytime = state.anytime && myTurn ? "asked" : "";
    header.textContent = state.title;
    // At a shared screen, a turn waiting behind the pass screen is this device's all the same.
    alerts.update(toMove !== null && mine.includes(toMove) && state.legal.length > 0, state.title);
    strip.textContent = state.outcome ? t("match.game_over") : turn;
    strip.classList.toggle("mine", myTurn);
    root.classList.toggle("show-steps", showSteps);
    showDialog(state.outcome && showEnd ? endScreen() : hidden ? passScreen()
      : resigning && state.can_resign ? resignDialog() : null);
    const log = root.querySelector(".log");
    if (log) log.scrollTop = log.scrollHeight;
    const said = state.outcome ? `${t("match.game_over")}. ${words(state.outcome.msg, state.outcome.reason, names)}`
      : [turn, myTurn && state.prompt ? words(state.prompt, "", names) : ""].filter(Boolean).join(". ");
    if (said !== lastTurnSaid) turnAnnouncer.textContent = lastTurnSaid = said;
  }

  // A dialog takes the focus when it opens, keeps Tab inside it, closes on Escape (when it has a
  // way out), and gives the focus back to what had it before.
  function showDialog(next) {
    const same = overlay && next && overlay.id === next.id;
    const inside = same && overlay.contains(document.activeElement) ? focusKey(overlay) : null;
    if (overlay) overlay.remove();
    if (!overlay && next) beforeDialog = document.activeElement;
    overlay = next;
    if (next) {
      root.appendChild(next);
      next.addEventListener("keydown", trapKeys);
      const target = (inside && next.querySelector(inside)) || next.querySelector("button, a[href], input, select");
      target?.focus({ preventScroll: true }); // a card taller than the screen is read from its top
    } else if (beforeDialog) {
      if (beforeDialog.isConnected) beforeDialog.focus({ preventScroll: true });
      beforeDialog = null;
    }
  }

  function trapKeys(event) {
    const dialog = event.currentTarget;
    if (event.key === "Escape" && dialog.dataset.escape) {
      event.preventDefault();
      dialog.querySelector(`#${dialog.dataset.escape}`)?.click();
      return;
    }
    if (event.key !== "Tab") return;
    const stops = [...dialog.querySelectorAll("button, a[href], input, select, [tabindex='0']")]
      .filter((node) => !node.disabled && node.offsetParent !== null);
    if (!stops.length) return;
    const first = stops[0];
    const last = stops[stops.length - 1];
    if (event.shiftKey && document.activeElement === first) { event.preventDefault(); last.focus(); }
    else if (!event.shiftKey && document.activeElement === last) { event.preventDefault(); first.focus(); }
  }

  // The steps that only close a step ("done", a choice passed by a setting) are folded in the log;
  // this button shows them (on a phone or by keyboard, where hovering is not possible).
  function foldToggle() {
    return h("button", { className: "fold-toggle small", id: "show-steps", "aria-pressed": String(showSteps),
      onclick: () => { showSteps = !showSteps; draw(); } }, t(showSteps ? "match.hide_steps" : "match.show_steps"));
  }

  // The running clock counts down between messages (only its text changes).
  const clockTimer = setInterval(() => { if (state) tickClocks(side, state.clocks, clocksAt); }, 1000);

  return {
    destroy() {
      clearInterval(clockTimer);
      document.removeEventListener("keydown", onKey);
      clearTimeout(bannerTimer);
      alerts.destroy();
      socket.close();
      if (window.meeplesSocket === socket) window.meeplesSocket = null;
    },
    rerender: draw,
  };
}
