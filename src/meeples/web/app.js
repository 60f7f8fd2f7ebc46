// The single-page client: lobby, live match, replay viewer and rule help, by hash route:
//   #/                 lobby            #/m/ID?t=TOKEN[,TOKEN]   a match (tokens: your seats)
//   #/replay/ID        replay viewer    #/rules[/GAME]           rule help
// It renders what the server sends and sends back action strings taken from the legal list.

import { LiveSocket } from "./socket.js";
import { component, componentIds, componentKinds, gamePrefix, lang, loadCatalogue, onLangChange, setLang, t,
  tm, translatePage } from "./i18n.js";
import { HELP } from "./help.js";
import { summaryTable } from "./summary.js";
import * as generic from "./boards/generic.js";

const app = document.getElementById("app");
const boards = { generic };
let page = null; // the current page: { destroy(), rerender() }
let gamesCache = null;

// ---------------------------------------------------------------- helpers

function h(tag, attrs = {}, ...children) {
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

function toast(message, kind = "error") {
  const box = document.getElementById("toast");
  box.textContent = message;
  box.className = `show ${kind}`;
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => { box.className = ""; }, 4500);
}

// A message from the server in the page's language (a record stored before messages existed
// has only its English words).
function words(message, english = "", names = null) {
  return message ? tm(message, names) : english;
}

// The engine's own reasons (an illegal action, a refused new game) come as messages ("msg"),
// worded here in the page's language; the server's own errors are worded by their code.
// A match's warm-seat settings, public to everyone at the table: a bot may play an absent
// player's seat, and each player should know after how long and how strong (issue 28).
function warmRule(warm) {
  if (!warm) return null;
  const time = warm.after % 60 === 0 ? t("warm.minutes", { n: warm.after / 60 })
    : t("warm.seconds", { n: warm.after });
  return t("warm.rule", { level: t(`level.${warm.level}`), time });
}

function errorText(message) {
  const key = `error.${message.code}`;
  const reason = words(message.msg, message.message);
  const text = t(key, { message: reason });
  return text === key ? t("error.generic", { message: reason }) : text;
}

async function api(path, options = {}) {
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

async function loadGames() {
  if (!gamesCache) gamesCache = (await api("/api/games")).games;
  return gamesCache;
}

async function boardFor(game) {
  if (boards[game]) return boards[game];
  try {
    boards[game] = await import(`./boards/${game}.js`);
  } catch {
    boards[game] = generic;
  }
  return boards[game];
}

function tokensFor(matchId) {
  try { return JSON.parse(localStorage.getItem(`meeples.tokens.${matchId}`) || "[]"); }
  catch { return []; }
}

function rememberTokens(matchId, tokens) {
  const all = [...new Set([...tokensFor(matchId), ...tokens])];
  localStorage.setItem(`meeples.tokens.${matchId}`, JSON.stringify(all));
}

function matchLink(matchId, tokens) {
  const base = `${location.origin}${location.pathname}#/m/${matchId}`;
  return tokens.length ? `${base}?t=${tokens.join(",")}` : base;
}

// How messages name a player: the name given in the lobby, else the board's seat name.
function namer(board, players, view) {
  return (seat) => players?.[seat]?.name || board.seatName(seat, t, view);
}

// The seat of chance's outcomes in the log (a tile drawn, a die rolled): OpenSpiel's chance player.
const CHANCE = -1;

// The action log: each entry names its player, chance's outcomes are labelled as chance's, a line
// separates the turns of different players, and the "done" steps that only close a step are folded
// (shown on demand). The match's events (a resignation, a seat kept warm by a bot, a rematch
// offered) show after the action before them.
function logList(board, state, entries, current = null, onPick = null, events = []) {
  if (!entries.length && !events.length) return h("p", { className: "muted" }, t("match.no_moves"));
  const names = namer(board, state.players, state.view);
  const first = entries.length ? entries[0].ply : 0;
  const eventsAt = (ply) => events.filter((event) => event.ply === ply && ply >= first).map((event) =>
    h("li", { className: `event event-${event.kind}`, "data-event": event.kind }, swatch(board, event.seat),
      tm(event.msg, names)));
  let previous = null;
  const rows = entries.flatMap((entry, index) => [...eventsAt(entry.ply), logEntry(entry, index)]);
  return h("ol", { className: "log", start: first + 1 }, rows, eventsAt(first + entries.length));

  function logEntry(entry, index) {
    // A decision the server declined for its player (their anytime setting) folds like a "done".
    const closing = entry.parts?.verb === "done" || entry.passed;
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
    entry.passed ? h("small", { className: "muted" }, ` · ${t("match.passed")}`) : null);
  }
}

// The last decision someone made (the actions passed by a setting after it are not one), which
// the board highlights.
function lastDecision(entries) {
  for (let i = entries.length - 1; i >= 0; i--) if (!entries[i].passed) return entries[i];
  return null;
}

// The bot speeds a game may be created with (the server's delay before each bot decision).
const BOT_SPEEDS = ["slow", "normal", "fast"];
// After how many minutes away a bot may play an absent player's seat (the lobby's choices).
const WARM_MINUTES = [1, 2, 5, 15];

// "Confirm moves": this browser's setting, off unless turned on.
function confirmMoves() {
  return localStorage.getItem("meeples.confirm") === "on";
}

function setConfirmMoves(on) {
  if (on) localStorage.setItem("meeples.confirm", "on");
  else localStorage.removeItem("meeples.confirm");
}

// A log entry's words: the third-person form "<key>.log" of its message when the catalogue
// has one (its player given as the parameter "player"), else the action's own words after the
// player's name as a label.
function thirdPerson(entry) {
  const key = entry.msg ? `${entry.msg.key}.log` : null;
  return key !== null && t(key) !== key ? key : null;
}

function logWords(entry, names) {
  const message = entry.msg;
  if (!message) return entry.action;
  const third = thirdPerson(entry);
  if (third) {
    return tm({ key: third, params: { ...message.params, player: { ref: "player", id: entry.seat } } },
      names);
  }
  return tm(message, names);
}

function playerLabel(board, players, seat, view) {
  const player = players?.[seat];
  const name = player?.name ? `${player.name} · ` : "";
  const bot = player?.kind === "bot" ? ` · ${t("lobby.bot", { level: t(`level.${player.level}`) })}` : "";
  return `${name}${board.seatName(seat, t, view)}${bot}`;
}

function swatch(board, seat) {
  return h("span", { className: "swatch", style: `background:${board.seatColor(seat)}` });
}

// A choice of an option in the page's language ("optval.<game>.<option>.<value>").
function optionValue(game, option, value) {
  const key = `optval.${game}.${option.name}.${value}`;
  const text = t(key);
  return text === key ? String(value) : text;
}

function optionLabel(game, option) {
  const key = `opt.${game}.${option.name}`;
  const text = t(key);
  return text === key ? option.help : text;
}

// The detailed help under an option, in the page's language (the game's own English text when
// the table does not know the option yet).
function optionHelp(game, option) {
  const key = `opt_help.${game}.${option.name}`;
  const text = t(key);
  return text === key ? option.help : text;
}

// ---------------------------------------------------------------- lobby

function lobbyPage() {
  let timer = null;
  let destroyed = false;
  let created = null;
  const form = { game: null, players: 2, options: {}, seats: [], position: "", showPosition: false,
    showVariants: false, botSpeed: "normal", hints: null, warm: "off", warmLevel: "normal" };
  let skew = 0; // the server's clock minus this browser's (from the Date header of the list)
  let games = null;
  let matches = null;
  // The form and the lists redraw separately: the lists refresh every few seconds without
  // disturbing what someone is typing in the form.
  const formColumn = h("div", { className: "col" });
  const listColumn = h("div", { className: "col" });
  const root = h("div", { className: "lobby" }, h("div", { className: "columns" }, formColumn, listColumn));
  app.replaceChildren(root);

  async function refresh() {
    try {
      const [allGames, allMatches] = await Promise.all([loadGames(), matchesNow()]);
      await Promise.all(allGames.map((g) => boardFor(g.name)));
      if (destroyed) return;
      matches = allMatches;
      if (!games) {
        games = allGames;
        drawForm();
      }
      drawLists();
    } catch (error) {
      toast(error.message);
    }
  }

  // The matches, and how far this browser's clock is from the server's (times are shown as
  // "3 minutes ago" from the server's times).
  async function matchesNow() {
    const response = await fetch("/api/matches").catch(() => { throw new Error(t("error.network")); });
    const data = await response.json().catch(() => ({}));
    if (!response.ok) throw new Error(data.code ? errorText(data) : response.statusText);
    const date = Date.parse(response.headers.get("date") || "");
    if (!Number.isNaN(date)) skew = date - Date.now();
    return data;
  }

  function resetSeats(game) {
    const seats = [];
    for (let i = 0; i < form.players; i++) {
      seats.push(form.seats[i] || (i === 0 ? { kind: "human" } : { kind: "bot", level: "normal" }));
    }
    form.seats = seats;
    if (!game) return;
  }

  function chooseGame(games, name) {
    const game = games.find((g) => g.name === name) || games[0];
    form.game = game.name;
    form.players = Math.max(game.min_players, Math.min(form.players, game.max_players));
    form.options = Object.fromEntries(game.options.map((o) => [o.name, o.default]));
    resetSeats(game);
  }

  function seatEditor(index) {
    const seat = form.seats[index];
    const value = seat.kind === "human" ? "human" : `bot:${seat.level}`;
    const select = h("select", {
      name: `seat${index}`,
      onchange: (event) => {
        const [kind, level] = event.target.value.split(":");
        form.seats[index] = kind === "human" ? { kind } : { kind, level };
        drawForm();
      },
    },
    h("option", { value: "human" }, t("lobby.human")),
    levelsOf(form.game).map((level) =>
      h("option", { value: `bot:${level.name}`, title: level.spec },
        t("lobby.bot", { level: t(`level.${level.name}`) }))));
    select.value = value;
    const level = seat.kind === "bot" ? levelsOf(form.game).find((l) => l.name === seat.level) : null;
    const help = level ? h("small", { className: "muted level-help", title: level.spec },
      t(`level_help.${level.name}`)) : null;
    const name = h("input", { type: "text", maxlength: 40, placeholder: t("lobby.name"),
      value: seat.name || "", oninput: (event) => { seat.name = event.target.value; } });
    const open = seat.kind === "human" && index > 0
      ? h("label", { className: "inline" }, h("input", { type: "checkbox", checked: seat.open,
        onchange: (event) => { seat.open = event.target.checked; } }), ` ${t("lobby.open_seat")}`)
      : null;
    return h("div", { className: "seat-row" },
      h("span", { className: "seat-label" }, t("lobby.seat", { n: index + 1 })), select, name, open,
      help);
  }

  function levelsOf(name) {
    const game = games && games.find((g) => g.name === name);
    return game && game.levels ? game.levels
      : ["random", "easy", "normal", "hard"].map((level) => ({ name: level, spec: level }));
  }

  function optionEditor(option) {
    const current = form.options[option.name];
    let input;
    if (option.choices) {
      input = h("select", { name: option.name, onchange: (event) => {
        const raw = event.target.value;
        form.options[option.name] = option.choices.find((c) => String(c) === raw);
        drawForm();
      } }, option.choices.map((c) => h("option", { value: String(c) },
        optionValue(form.game, option, c))));
      input.value = String(current);
    } else if (typeof option.default === "boolean") {
      input = h("input", { type: "checkbox", name: option.name, checked: current,
        onchange: (event) => { form.options[option.name] = event.target.checked; drawForm(); } });
    } else if (typeof option.default === "number") {
      input = h("input", { type: "number", name: option.name, value: current, step: 1,
        onchange: (event) => { form.options[option.name] = parseInt(event.target.value, 10); } });
    } else {
      input = h("input", { type: "text", name: option.name, value: current,
        oninput: (event) => { form.options[option.name] = event.target.value; } });
    }
    // The help text, with the rule references, shows as a tooltip and in full under the option.
    const help = optionHelp(form.game, option);
    return h("label", { className: "option", title: help }, input, " ",
      optionLabel(form.game, option),
      h("small", { className: "muted option-help" }, help));
  }

  // How fast the bots play: shown when a seat is a bot.
  function botSpeedEditor() {
    if (!form.seats.some((s) => s.kind === "bot")) return null;
    const select = h("select", { name: "bot_speed", onchange: (event) => { form.botSpeed = event.target.value; } },
      BOT_SPEEDS.map((speed) => h("option", { value: speed }, t(`speed.${speed}`))));
    select.value = form.botSpeed;
    return h("label", { className: "bot-speed" }, t("lobby.bot_speed"), " ", select);
  }

  // Hints: off by default when two or more people play, on against bots, until ticked.
  function hintsWanted() {
    return form.hints ?? form.seats.filter((s) => s.kind === "human").length < 2;
  }

  function lifecycleEditor() {
    const hints = h("label", { className: "inline lobby-setting", title: t("lobby.hints_help") },
      h("input", { type: "checkbox", name: "hints", checked: hintsWanted() || null,
        onchange: (event) => { form.hints = event.target.checked; } }), ` ${t("lobby.hints")}`);
    const humans = form.seats.filter((s) => s.kind === "human").length;
    if (!humans) return hints;
    const warm = h("select", { name: "warm", onchange: (event) => { form.warm = event.target.value; drawForm(); } },
      h("option", { value: "off" }, t("warm.off")),
      WARM_MINUTES.map((n) => h("option", { value: String(n) }, t("warm.after", { n }))));
    warm.value = form.warm;
    const level = form.warm === "off" ? null : h("select", { name: "warm_level",
      onchange: (event) => { form.warmLevel = event.target.value; } },
    levelsOf(form.game).map((l) => h("option", { value: l.name }, t(`level.${l.name}`))));
    if (level) level.value = form.warmLevel;
    return h("div", {}, hints,
      h("div", { className: "lobby-setting", title: t("lobby.warm_help") },
        h("span", {}, t("lobby.warm")), warm,
        level ? h("label", {}, t("lobby.warm_level"), " ", level) : null));
  }

  async function create() {
    const body = { game: form.game, bot_speed: form.botSpeed, hints: hintsWanted(),
      seats: form.seats.map((s) => ({ kind: s.kind,
        level: s.kind === "bot" ? s.level : null, name: s.name || "", open: !!s.open })) };
    if (form.warm !== "off" && form.seats.some((s) => s.kind === "human")) {
      body.warm = { after: parseInt(form.warm, 10) * 60, level: form.warmLevel };
    }
    if (form.position.trim()) {
      body.position = form.position.trim();
    } else {
      body.players = form.players;
      body.options = form.options;
    }
    try {
      const result = await api("/api/matches", { method: "POST", body: JSON.stringify(body) });
      const human = result.seats.filter((s) => s.token);
      if (human.length === 1 && !form.seats.some((s) => s.open)) {
        rememberTokens(result.id, [human[0].token]);
        location.hash = `#/m/${result.id}`;
        return;
      }
      created = result;
      drawForm();
      refresh();
    } catch (error) {
      toast(error.message);
    }
  }

  function createdCard() {
    const human = created.seats.filter((s) => s.token);
    const rows = human.map((s) => {
      const link = matchLink(created.id, [s.token]);
      const input = h("input", { type: "text", readonly: true, value: link, className: "link" });
      return h("div", { className: "invite" },
        h("label", {}, t("lobby.invite", { n: s.seat + 1 })),
        h("div", { className: "row" }, input,
          h("button", { onclick: () => {
            input.select();
            navigator.clipboard?.writeText(link).then(() => toast(t("lobby.copied"), "info"));
          } }, t("lobby.copy")),
          h("a", { className: "button", href: `#/m/${created.id}?t=${s.token}` },
            t("lobby.play_seat", { n: s.seat + 1 }))));
    });
    const all = human.map((s) => s.token);
    return h("section", { className: "card created" }, h("h2", {}, t("lobby.created")), rows,
      human.length > 1
        ? h("a", { className: "button primary", href: `#/m/${created.id}?t=${all.join(",")}` },
          t("lobby.hotseat"))
        : null);
  }

  function matchList(title, items, kind) {
    const list = items.length ? h("ul", { className: "matches" }, items.map((item) => {
      const board = boards[item.game] || generic;
      const seats = item.players.map((p) => h("span", { className: `seat-chip ${p.joined ? "" : "waiting"}` },
        swatch(board, p.seat), p.name || (p.kind === "bot" ? t("lobby.bot", { level: t(`level.${p.level}`) })
          : (p.joined ? t("lobby.human") : t("lobby.waiting")))));
      const actions = [];
      if (kind === "open" && item.players.some((p) => p.open)) {
        actions.push(h("button", { className: "primary", onclick: async () => {
          try {
            const claim = await api(`/api/matches/${item.id}/claim`, { method: "POST" });
            rememberTokens(item.id, [claim.token]);
            location.hash = `#/m/${item.id}`;
          } catch (error) { toast(error.message); }
        } }, t("lobby.join")));
      }
      if (kind === "mine") {
        actions.push(h("a", { className: "button primary", href: `#/m/${item.id}` }, t("lobby.resume")));
      } else if (kind === "finished") {
        actions.push(h("a", { className: "button", href: `#/replay/${item.id}` }, t("lobby.replay")));
      } else {
        actions.push(h("a", { className: "button", href: `#/m/${item.id}` }, t("lobby.watch")));
      }
      if (item.rematch) {
        actions.push(h("a", { className: "button", href: `#/m/${item.rematch}` }, t("lobby.rematch")));
      }
      const mine = tokensFor(item.id).length && kind !== "finished" && kind !== "mine"
        ? h("a", { className: "button primary", href: `#/m/${item.id}` }, "▶") : null;
      return h("li", { "data-match": item.id },
        h("strong", {}, item.title), " ",
        h("span", { className: "seats" }, seats),
        item.plies !== null ? h("span", { className: "muted" }, ` ${t("lobby.plies", { n: item.plies })}`) : null,
        h("span", { className: "muted when" }, ` · ${t("lobby.created_ago", { time: ago(item.created) })}`,
          item.moved ? ` · ${t("lobby.moved_ago", { time: ago(item.moved) })}` : ""),
        item.warm ? h("span", { className: "muted warm-rule" }, ` · ${warmRule(item.warm)}`) : null,
        h("span", { className: "spacer" }), mine, actions);
    })) : h("p", { className: "muted" }, t("lobby.none"));
    return h("section", { className: "card", "data-list": kind }, h("h2", {}, title), list);
  }

  // The options set away from their defaults.
  function changedVariants(game) {
    return game.options.filter((o) => form.options[o.name] !== o.default).length;
  }

  function drawLists() {
    if (!matches) return;
    const abandoned = matches.abandoned || [];
    const everything = [...matches.open, ...matches.live, ...abandoned, ...matches.finished];
    const mine = everything.filter((item) => tokensFor(item.id).length);
    listColumn.replaceChildren(
      ...(mine.length ? [matchList(t("lobby.my_games"), mine, "mine")] : []),
      matchList(t("lobby.open_games"), matches.open, "open"),
      matchList(t("lobby.live_games"), matches.live, "live"),
      matchList(t("lobby.finished_games"), matches.finished, "finished"),
      ...(abandoned.length ? [matchList(t("lobby.abandoned_games"), abandoned, "abandoned")] : []));
  }

  function drawForm() {
    if (!games) return;
    if (!form.game) chooseGame(games, games[0].name);
    const game = games.find((g) => g.name === form.game);
    resetSeats(game);
    const gameSelect = h("select", { name: "game", onchange: (event) => {
      chooseGame(games, event.target.value); drawForm();
    } }, games.map((g) => h("option", { value: g.name }, g.title)));
    gameSelect.value = form.game;
    const counts = [];
    for (let n = game.min_players; n <= game.max_players; n++) counts.push(n);
    const playersSelect = h("select", { name: "players", disabled: counts.length === 1,
      onchange: (event) => { form.players = parseInt(event.target.value, 10); drawForm(); } },
    counts.map((n) => h("option", { value: n }, String(n))));
    playersSelect.value = String(form.players);
    const position = h("textarea", { name: "position", rows: 2, placeholder: t("lobby.position_help"),
      oninput: (event) => { form.position = event.target.value; } });
    position.value = form.position;

    const newCard = h("section", { className: "card new-game" },
      h("h2", {}, t("lobby.new")),
      h("div", { className: "row" },
        h("label", {}, t("lobby.game"), " ", gameSelect),
        h("label", {}, t("lobby.players"), " ", playersSelect),
        h("a", { href: `#/rules/${game.name}`, className: "small" }, t("lobby.rules_of", { game: game.title }))),
      h("p", { className: "muted small game-blurb" }, t(`blurb.${game.name}`), " ",
        game.min_players === game.max_players ? t("lobby.players_exactly", { n: game.min_players })
          : t("lobby.players_range", { min: game.min_players, max: game.max_players })),
      h("fieldset", { className: "seats" }, h("legend", {}, t("lobby.seats")),
        form.seats.map((_, i) => seatEditor(i)), botSpeedEditor(), lifecycleEditor()),
      // The rule variants stay folded: the plain choice is the game, the players and the seats.
      game.options.length ? h("details", { className: "variants", open: form.showVariants || null,
        ontoggle: (event) => { form.showVariants = event.target.open; } },
      h("summary", {}, t("lobby.variants"), changedVariants(game) ? " •" : ""),
      game.options.map(optionEditor)) : null,
      h("details", { className: "position", open: form.showPosition || null,
        ontoggle: (event) => { form.showPosition = event.target.open; } },
      h("summary", {}, t("lobby.position")), position,
      game.hidden ? h("p", { className: "muted small" }, t("lobby.position_hidden")) : null),
      h("button", { className: "primary big", id: "create", onclick: create }, t("lobby.create")));

    formColumn.replaceChildren(...[newCard, created ? createdCard() : null].filter(Boolean));
  }

  // How long ago a time of the server was, in the page's language ("il y a 3 minutes").
  function ago(seconds) {
    const elapsed = (Date.now() + skew) / 1000 - seconds;
    const format = new Intl.RelativeTimeFormat(lang(), { numeric: "auto" });
    for (const [unit, size] of [["day", 86400], ["hour", 3600], ["minute", 60]]) {
      if (elapsed >= size) return format.format(-Math.floor(elapsed / size), unit);
    }
    return format.format(-Math.max(0, Math.floor(elapsed)), "second");
  }

  refresh();
  timer = setInterval(refresh, 5000);
  return {
    destroy() { destroyed = true; clearInterval(timer); },
    rerender() { drawForm(); drawLists(); },
  };
}

// ---------------------------------------------------------------- live match

function matchPage(matchId, urlTokens) {
  if (urlTokens.length) rememberTokens(matchId, urlTokens);
  const tokens = tokensFor(matchId);
  let state = null;
  let board = generic;
  let status = "connecting";
  let pending = false;
  let showEnd = true;
  let hints = null; // null, "asked", or the list the server suggested for this version
  let chosenHint = null; // the hint clicked once, played on a second click
  let confirming = null; // with "confirm moves": the action waiting for Play or Cancel
  let resigning = false; // the resign button was clicked: a dialog asks to confirm
  // Hotseat with private views: the seat whose view may show. When the device must pass to
  // another seat, a screen hides the board until that player says they hold it.
  let shownSeat = null;
  const root = h("div", { className: "match", "data-match": matchId });
  const boardBox = h("div", { className: "board-box" });
  app.replaceChildren(root);

  const socket = new LiveSocket(matchId, tokens, {
    onMessage: async (message) => {
      if (message.type === "state") {
        board = await boardFor(message.game);
        if (!state || state.version !== message.version) {
          hints = null;
          confirming = null;
        }
        state = message;
        pending = false;
        draw();
      } else if (message.type === "rematch") {
        joinRematch(message.id);
      } else if (message.type === "hint") {
        hints = state && message.version === state.version ? message.hints : null;
        draw();
      } else if (message.type === "error") {
        pending = false;
        if (hints === "asked") hints = null;
        toast(errorText(message));
        if (message.code === "bad_token") {
          localStorage.removeItem(`meeples.tokens.${matchId}`);
        }
        if (state) draw();
        else root.replaceChildren(h("p", { className: "card" }, errorText(message)));
      }
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

  // This player's settings: the anytime setting (kept by the server, per seat) and "confirm
  // moves" (kept by this browser).
  function settingsCard() {
    // A player who resigned has nothing left to set.
    if (!state.seats.length || state.outcome || state.can_resign === false) return null;
    const anytime = state.settings ? h("select", { id: "anytime", onchange: (event) => {
      socket.send({ type: "settings", anytime: event.target.value });
    } }, ["ask", "own", "never"].map((value) => h("option", { value }, t(`anytime.${value}`)))) : null;
    if (anytime) anytime.value = state.settings.anytime;
    return h("section", { className: "card settings-card" },
      h("h3", {}, t("match.settings")),
      anytime ? h("label", { className: "setting", title: t("match.anytime_help") },
        h("span", {}, t("match.anytime")), anytime) : null,
      h("label", { className: "setting inline-setting" },
        h("input", { type: "checkbox", id: "confirm-moves", checked: confirmMoves() || null,
          onchange: (event) => { setConfirmMoves(event.target.checked); confirming = null; draw(); } }),
        ` ${t("match.confirm_moves")}`));
  }

  // Resign: a button, then a dialog that says what it means before anything is sent.
  function resignButton() {
    if (!state.can_resign) return null;
    return h("button", { id: "resign", className: "danger", title: t("match.resign_help"),
      onclick: () => { resigning = true; draw(); } }, t("match.resign"));
  }

  function resignDialog() {
    return h("div", { className: "overlay", id: "resign-dialog", role: "alertdialog" },
      h("div", { className: "card end" },
        h("h2", {}, t("match.resign")),
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
    return h("div", { className: "rematch", id: "rematch" },
      offer ? h("p", {}, t("match.rematch_offered", { player: offer.by === null ? "" : names(offer.by) })) : null,
      offer
        ? h("button", { className: "primary", id: "rematch-join", onclick: () => joinRematch(offer.id) },
          t("match.rematch_join"))
        : h("button", { className: "primary", id: "rematch-offer", onclick: () => socket.send({ type: "rematch" }) },
          t("match.rematch_offer")));
  }

  function mustPass() {
    return state.private && state.seats.length > 1 && state.seat !== null
      && state.seat !== shownSeat && !state.outcome;
  }

  function passScreen() {
    const seat = state.seat;
    const name = playerLabel(board, state.players, seat, null);
    return h("div", { className: "overlay", id: "pass-device" },
      h("div", { className: "card end" },
        h("h2", {}, t("match.pass_title", { seat: name })),
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
    return h("div", { className: "overlay", id: "game-over" },
      h("div", { className: "card end" },
        h("h2", {}, t("match.game_over")),
        headline,
        outcome.winners.length || headline ? null : h("p", {}, t("match.draw")),
        h("ol", { className: "ranking" }, ranking),
        state.summary ? summaryTable(state.summary, { seats: state.players.length,
          winners: outcome.winners, names: namer(board, state.players, state.view),
          head: (seat) => h("span", {}, swatch(board, seat),
            namer(board, state.players, state.view)(seat)) }) : null,
        h("p", { className: "muted" }, t("match.reason", { reason })),
        rematchBox(names),
        h("div", { className: "row" },
          h("a", { className: "button primary", href: `#/replay/${matchId}` }, t("match.watch_replay")),
          h("button", { onclick: () => { showEnd = false; draw(); } }, t("match.see_board")),
          h("a", { className: "button", href: "#/" }, t("match.back")))));
  }

  function draw() {
    if (!state) return;
    const mine = state.seats;
    const toMove = state.to_move;
    const hidden = mustPass();
    const myTurn = toMove !== null && mine.includes(toMove) && state.legal.length > 0 && !hidden;
    let turn = "";
    if (toMove !== null) {
      const mover = state.players[toMove];
      turn = myTurn ? t("match.your_turn")
        : mover.kind === "bot" ? t("match.waiting_bot", { seat: board.seatName(toMove, t, state.view) })
          : t("match.turn_of", { seat: board.seatName(toMove, t, state.view) });
    }
    const who = mine.length === 0 ? t("match.spectating")
      : t("match.playing_as", { seat: mine.map((s) => board.seatName(s, t, state.view)).join(" + ") });

    // The same board element across redraws: a half-made choice (a selected piece) survives
    // messages that change nothing on the board, such as a player coming online.
    boardBox.replaceChildren();
    const last = lastDecision(state.log);
    const names = namer(board, state.players, state.view);
    if (!hidden) board.render(boardBox, { view: state.view, legal: state.legal, seat: state.seat,
      interactive: myTurn && !pending, onAct: act, t, lang: lang(), last,
      lastAction: last ? last.action : null, prompt: state.prompt, component,
      prefix: gamePrefix(state.game),
      tm: (message) => tm(message, names) });

    const players = h("ul", { className: "players" }, state.players.map((p) => h("li",
      { className: p.seat === toMove ? "to-move" : "" }, swatch(board, p.seat),
      playerLabel(board, state.players, p.seat, state.view),
      mine.includes(p.seat) ? ` (${t("match.you")})` : "",
      p.kind === "human" ? h("small", { className: "muted" },
        ` · ${p.joined ? t(p.online ? "match.online" : "match.offline") : t("match.not_joined")}`) : null,
      (state.resigned || []).includes(p.seat) ? h("small", { className: "muted resigned" }, ` · ${t("match.resigned")}`)
        : (state.kept_warm || []).includes(p.seat) ? h("small", { className: "muted kept-warm" }, ` · ${t("match.kept_warm")}`)
          : null)));

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
          hint.why ? h("small", { className: "muted hint-why" }, ` (${words(hint.why)})`) : null,
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
    const side = h("aside", { className: "side" },
      h("section", { className: "card turn-card" },
        h("p", { className: `turn ${myTurn ? "mine" : ""}`, id: "turn" }, turn),
        myTurn && confirming ? confirmBar(names) : null,
        state.undo || hintBox ? h("div", { className: "row turn-actions" }, undoButton(), hintBox) : null,
        // A board that shows the prompt beside its own controls says so (showsPrompt).
        myTurn && state.prompt && !board.showsPrompt ? h("p", { className: "prompt", id: "prompt" },
          words(state.prompt, "", names)) : null,
        state.outcome && !showEnd ? rematchBox(names) : null,
        h("p", { className: "muted" }, who),
        h("p", { className: "status small", "data-status": status }, t(`match.status.${status}`))),
      h("section", { className: "card players-card" }, h("h3", {}, t("match.players")), players,
        state.warm ? h("p", { className: "muted small", id: "warm-rule" }, warmRule(state.warm)) : null,
        info),
      h("section", { className: "card log-card" }, h("h3", {}, t("match.log")), logBox),
      settingsCard(),
      state.can_resign ? h("p", { className: "row" }, resignButton()) : null,
      h("a", { href: `#/rules/${state.game}`, className: "small" }, t("match.rules")));

    root.dataset.version = String(state.version);
    const header = h("h1", {}, state.title);
    root.replaceChildren(header, h("div", { className: "match-layout" }, boardBox, side));
    if (state.outcome && showEnd) root.appendChild(endScreen());
    else if (hidden) root.appendChild(passScreen());
    else if (resigning && state.can_resign) root.appendChild(resignDialog());
    const log = root.querySelector(".log");
    if (log) log.scrollTop = log.scrollHeight;
  }

  return {
    destroy() { socket.close(); if (window.meeplesSocket === socket) window.meeplesSocket = null; },
    rerender: draw,
  };
}

// ---------------------------------------------------------------- replay

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

function replayPage(matchId) {
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

// ---------------------------------------------------------------- rules

function rulesPage(game) {
  const root = h("div", { className: "rules" });
  app.replaceChildren(root);
  async function draw() {
    const games = await loadGames().catch(() => []);
    const nav = h("nav", { className: "row" }, games.map((g) =>
      h("a", { className: `button ${g.name === game ? "primary" : ""}`, href: `#/rules/${g.name}` }, g.title)));
    const body = h("section", { className: "card rule-text" });
    if (!game) body.textContent = t("rules.choose");
    else if (HELP[game]) body.innerHTML = HELP[game][lang()] || HELP[game].en;
    else body.textContent = t("rules.missing");
    root.replaceChildren(h("h1", {}, t("rules.title")), nav, body);
    if (game) root.appendChild(componentsSection(game));
  }
  draw();
  return { destroy() {}, rerender: draw };
}

// Every component of a game's catalogue, kind by kind: its name and its effect.
function componentsSection(game) {
  const kinds = componentKinds(game);
  const section = h("section", { className: "card components", id: "components" },
    h("h2", {}, t("rules.components")));
  for (const kind of kinds) {
    const titleKey = `${kind}.title`;
    const title = t(titleKey);
    const entries = [];
    for (const id of componentIds(kind)) {
      const { name, effect } = component(kind, id);
      entries.push(h("dt", { "data-component": `${kind}:${id}` }, name), h("dd", {}, effect || "–"));
    }
    section.appendChild(h("h3", {}, title === titleKey ? kind : title));
    section.appendChild(h("dl", { className: "component-list" }, entries));
  }
  return section;
}

// ---------------------------------------------------------------- router

function route() {
  if (page) page.destroy();
  const hash = location.hash.replace(/^#/, "") || "/";
  const [path, query = ""] = hash.split("?");
  const params = new URLSearchParams(query);
  const parts = path.split("/").filter(Boolean);
  if (parts[0] === "m" && parts[1]) {
    const tokens = (params.get("t") || "").split(",").filter(Boolean);
    if (tokens.length) {
      // Keep the secret out of the address bar once it is stored in this browser.
      rememberTokens(parts[1], tokens);
      history.replaceState(null, "", `#/m/${parts[1]}`);
    }
    page = matchPage(parts[1], tokens);
  } else if (parts[0] === "replay" && parts[1]) {
    page = replayPage(parts[1]);
  } else if (parts[0] === "rules") {
    page = rulesPage(parts[1] || null);
  } else {
    page = lobbyPage();
  }
}

const langSelect = document.getElementById("lang");
langSelect.value = lang();
langSelect.onchange = () => setLang(langSelect.value);
onLangChange(() => {
  translatePage();
  if (page) page.rerender();
});
document.documentElement.lang = lang();
translatePage();
await loadCatalogue(lang());
window.addEventListener("hashchange", route);
route();
