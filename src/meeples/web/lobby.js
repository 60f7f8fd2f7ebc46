// The lobby: a new game's form (game, players, options, seats), the games open to join, live and
// finished, the account card (optional accounts) and one's own games: this browser's (by their
// seat tokens) and, when signed in, the account's on every device (from /api/me).

import { app, h, toast, errorText, api, loadGames, boardFor, tokensFor, rememberTokens, matchLink,
  swatch, loadedBoard, warmRule, focusKey, ratingChip } from "./shared.js";
import { lang, t } from "./i18n.js";
import { account, accountCard, loadAccount } from "./account.js";
import { timeControl } from "./clocks.js";

// The bot speeds a game may be created with (the server's delay before each bot decision).
const BOT_SPEEDS = ["slow", "normal", "fast"];

// After how many minutes away a bot may play an absent player's seat (the lobby's choices).
const WARM_MINUTES = [1, 2, 5, 15];

// The time controls offered besides one's own ("custom"): none, a live game, a game over days.
const CLOCKS = { none: null, live: { initial: 600, increment: 20 },
  correspondence: { initial: 3 * 86400, increment: 86400 }, custom: null };

// An option's words in the page's language, from the keys of its game's catalogue that the
// server sends with it (/api/games: label, explain, values); without them, the game's own
// English help text and the value itself.
function optionValue(option, value) {
  const key = option.values?.[String(value)];
  return key ? t(key) : String(value);
}

function optionLabel(option) {
  return option.label ? t(option.label) : option.help;
}

function optionHelp(option) {
  return option.explain ? t(option.explain) : option.help;
}


export function lobbyPage() {
  let timer = null;
  let destroyed = false;
  let created = null;
  const form = { game: null, players: 2, options: {}, seats: [], position: "", showPosition: false,
    showVariants: false, botSpeed: "normal", hints: null, warm: "off", warmLevel: "normal",
    research: false, clock: "none", clockMinutes: 10, clockIncrement: 20, timeout: "lose",
    rated: false, chat: "players" };
  let skew = 0; // the server's clock minus this browser's (from the Date header of the list)
  let games = null;
  let matches = null;
  // The form and the lists redraw separately: the lists refresh every few seconds without
  // disturbing what someone is typing in the form.
  const formColumn = h("div", { className: "col" });
  // The account card is drawn again only when who is signed in changes: the lists under it are
  // drawn every few seconds, and a password being typed must survive that.
  const accountBox = h("div", {});
  const listsBox = h("div", {});
  const listColumn = h("div", { className: "col" }, accountBox, listsBox);
  const root = h("div", { className: "lobby" }, h("div", { className: "columns" }, formColumn, listColumn));
  app.replaceChildren(root);
  let accountShown; // the name the account card shows (null: signed out), once drawn

  function drawAccount() {
    accountShown = account()?.name ?? null;
    const kept = focusKey(accountBox);
    accountBox.replaceChildren(accountCard(() => { drawAccount(); drawForm(); refresh(); }),
      h("p", { className: "small leaderboards" },
        h("a", { href: "#/ratings", id: "leaderboards-link" }, t("rating.leaderboards"))));
    if (kept) accountBox.querySelector(kept)?.focus({ preventScroll: true });
  }

  async function refresh() {
    try {
      const [allGames, allMatches] = await Promise.all([loadGames(), matchesNow(), loadAccount()]);
      await Promise.all(allGames.map((g) => boardFor(g.name)));
      if (destroyed) return;
      matches = allMatches;
      if (accountShown === undefined || (account()?.name ?? null) !== accountShown) {
        drawAccount();
        if (games) drawForm(); // "rated" is offered to a signed-in creator only
      }
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
      name: `seat${index}`, "aria-label": t("lobby.seat", { n: index + 1 }),
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
      "aria-label": `${t("lobby.seat", { n: index + 1 })}: ${t("lobby.name")}`,
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
        optionValue(option, c))));
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
    const help = optionHelp(option);
    return h("label", { className: "option", title: help }, input, " ",
      optionLabel(option),
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
    // Whether the finished game may go into the research dataset (meeples export), anonymised.
    const research = h("label", { className: "inline lobby-setting" },
      h("input", { type: "checkbox", name: "research", checked: form.research || null,
        "aria-describedby": "research-help",
        onchange: (event) => { form.research = event.target.checked; } }), ` ${t("lobby.research")}`,
      h("span", { className: "muted small block", id: "research-help" }, t("lobby.research_help")));
    const humans = form.seats.filter((s) => s.kind === "human").length;
    if (!humans) return h("div", {}, hints, research);
    // A rated game (signed in only): no bot may keep an absent seat warm in it.
    const rated = account() ? h("label", { className: "inline lobby-setting", title: t("lobby.rated_help") },
      h("input", { type: "checkbox", name: "rated", checked: form.rated || null,
        onchange: (event) => { form.rated = event.target.checked; drawForm(); } }), ` ${t("lobby.rated")}`,
      h("small", { className: "muted option-help" }, t("lobby.rated_help"))) : null;
    if (form.rated && account()) return h("div", {}, hints, rated, clockEditor(), chatEditor(), research);
    const warm = h("select", { name: "warm", "aria-label": t("lobby.warm"), onchange: (event) => { form.warm = event.target.value; drawForm(); } },
      h("option", { value: "off" }, t("warm.off")),
      WARM_MINUTES.map((n) => h("option", { value: String(n) }, t("warm.after", { n }))));
    warm.value = form.warm;
    const level = form.warm === "off" ? null : h("select", { name: "warm_level",
      onchange: (event) => { form.warmLevel = event.target.value; } },
    levelsOf(form.game).map((l) => h("option", { value: l.name }, t(`level.${l.name}`))));
    if (level) level.value = form.warmLevel;
    return h("div", {}, hints, rated,
      h("div", { className: "lobby-setting", title: t("lobby.warm_help") },
        h("span", {}, t("lobby.warm")), warm,
        level ? h("label", {}, t("lobby.warm_level"), " ", level) : null),
      clockEditor(), chatEditor(), research);
  }

  // The table chat: who reads it (docs/chat.md).
  function chatEditor() {
    const chat = h("select", { name: "chat", onchange: (event) => { form.chat = event.target.value; } },
      ["players", "table", "off"].map((mode) => h("option", { value: mode }, t(`chat.mode.${mode}`))));
    chat.value = form.chat;
    return h("label", { className: "lobby-setting" }, h("span", {}, t("chat.mode")), " ", chat);
  }

  // The time control: none, the two presets, or minutes and seconds of one's own; and what a
  // seat whose time runs out gets.
  function clockEditor() {
    const choice = h("select", { name: "clock", "aria-label": t("lobby.clock"),
      onchange: (event) => { form.clock = event.target.value; drawForm(); } },
    Object.keys(CLOCKS).map((name) => h("option", { value: name }, t(`clock.${name}`))));
    choice.value = form.clock;
    const custom = form.clock !== "custom" ? null : h("span", { className: "row clock-custom" },
      h("label", {}, t("lobby.clock_minutes"), " ", h("input", { type: "number", name: "clock_minutes",
        min: "1", max: String(30 * 24 * 60), step: "1", value: String(form.clockMinutes),
        oninput: (event) => { form.clockMinutes = event.target.value; } })),
      h("label", {}, t("lobby.clock_increment"), " ", h("input", { type: "number", name: "clock_increment",
        min: "0", max: String(7 * 86400), step: "1", value: String(form.clockIncrement),
        oninput: (event) => { form.clockIncrement = event.target.value; } })));
    const timeout = form.clock === "none" ? null : h("select", { name: "timeout",
      onchange: (event) => { form.timeout = event.target.value; } },
    ["lose", "bot"].map((name) => h("option", { value: name }, t(`timeout.${name}`))));
    if (timeout) timeout.value = form.timeout;
    return h("div", { className: "lobby-setting", title: t("lobby.clock_help") },
      h("span", {}, t("lobby.clock")), choice, custom,
      timeout ? h("label", {}, t("lobby.timeout"), " ", timeout) : null);
  }

  // The time control a request asks for (null: none).
  function clockWanted() {
    if (form.clock === "custom") {
      return { initial: Math.round(Number(form.clockMinutes) * 60),
        increment: Math.round(Number(form.clockIncrement)) };
    }
    return CLOCKS[form.clock];
  }

  // Learn to play: each game's guided first game, a click away (a tutorial match against bots).
  function learnCard() {
    const taught = (games || []).filter((g) => g.tutorial);
    if (!taught.length) return null;
    return h("section", { className: "card learn", id: "learn" },
      h("h2", {}, t("lobby.learn")),
      h("p", { className: "muted" }, t("lobby.learn_help")),
      h("div", { className: "row" }, taught.map((g) => h("button", { className: "primary",
        "data-learn": g.name, onclick: () => learn(g.name) }, t("lobby.learn_game", { game: g.title })))));
  }

  async function learn(name) {
    try {
      const result = await api("/api/matches", { method: "POST",
        body: JSON.stringify({ game: name, tutorial: true }) });
      rememberTokens(result.id, result.seats.filter((s) => s.token).map((s) => s.token));
      location.hash = `#/m/${result.id}`;
    } catch (error) {
      toast(error.message);
    }
  }

  async function create() {
    const body = { game: form.game, bot_speed: form.botSpeed, hints: hintsWanted(),
      research: form.research,
      seats: form.seats.map((s) => ({ kind: s.kind,
        level: s.kind === "bot" ? s.level : null, name: s.name || "", open: !!s.open })) };
    const rated = form.rated && !!account() && form.seats.some((s) => s.kind === "human");
    if (rated) {
      body.rated = true;
    } else if (form.warm !== "off" && form.seats.some((s) => s.kind === "human")) {
      body.warm = { after: parseInt(form.warm, 10) * 60, level: form.warmLevel };
    }
    const clock = form.seats.some((s) => s.kind === "human") ? clockWanted() : null;
    if (clock) {
      body.clock = clock;
      body.timeout = form.timeout;
    }
    if (form.seats.some((s) => s.kind === "human")) body.chat = form.chat;
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
      created = { ...result, rated };
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
      human.length > 1 && !created.rated // one account plays one seat of a rated game
        ? h("a", { className: "button primary", href: `#/m/${created.id}?t=${all.join(",")}` },
          t("lobby.hotseat"))
        : null);
  }

  function matchList(title, items, kind) {
    const list = items.length ? h("ul", { className: "matches" }, items.map((item) => {
      const board = loadedBoard(item.game);
      const seats = item.players.map((p) => h("span", { className: `seat-chip ${p.joined ? "" : "waiting"}` },
        swatch(board, p.seat), p.name || (p.kind === "bot" ? t("lobby.bot", { level: t(`level.${p.level}`) })
          : (p.joined ? t("lobby.human") : t("lobby.waiting"))), ratingChip(p)));
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
      if (kind === "mine" && !item.result) {
        actions.push(h("a", { className: "button primary", href: `#/m/${item.id}` }, t("lobby.resume")));
      } else if (kind === "finished" || kind === "mine") {
        actions.push(h("a", { className: "button", href: `#/replay/${item.id}` }, t("lobby.replay")));
      } else {
        actions.push(h("a", { className: "button", href: `#/m/${item.id}` }, t("lobby.watch")));
      }
      if (item.rematch) {
        actions.push(h("a", { className: "button", href: `#/m/${item.rematch}` }, t("lobby.rematch")));
      }
      const mine = isMine(item.id) && !item.result && kind !== "mine"
        ? h("a", { className: "button primary", href: `#/m/${item.id}`, "aria-label": t("lobby.resume"),
          title: t("lobby.resume") }, "▶") : null;
      // A finished game says who won (by the names of the lobby, else the seats').
      const winners = (item.result?.winners || []).map((seat) => item.players[seat]?.name
        || board.seatName(seat, t, null));
      const result = !item.result ? null : h("span", { className: "result", "data-result": item.id },
        ` · ${!winners.length ? t("match.draw")
          : t(winners.length > 1 ? "match.won_by_many" : "match.won_by", { players: winners.join(", ") })}`);
      return h("li", { "data-match": item.id },
        h("strong", {}, item.title), " ",
        h("span", { className: "seats" }, seats),
        item.plies !== null ? h("span", { className: "muted" }, ` ${t("lobby.plies", { n: item.plies })}`) : null,
        result,
        h("span", { className: "muted when" }, ` · ${t("lobby.created_ago", { time: ago(item.created) })}`,
          item.moved ? ` · ${t("lobby.moved_ago", { time: ago(item.moved) })}` : ""),
        item.warm ? h("span", { className: "muted warm-rule" }, ` · ${warmRule(item.warm)}`) : null,
        item.research ? h("span", { className: "muted research", title: t("lobby.research_help") },
          ` · ${t("lobby.research_mark")}`) : null,
        item.clock ? h("span", { className: "muted time-control" }, ` · ${timeControl(item.clock)}`) : null,
        item.rated ? h("span", { className: "muted rated-mark" }, ` · ${t("lobby.rated_mark")}`) : null,
        h("span", { className: "spacer" }), mine, actions);
    })) : h("p", { className: "muted" }, t("lobby.none"));
    return h("section", { className: "card", "data-list": kind }, h("h2", {}, title), list);
  }

  // The options set away from their defaults.
  function changedVariants(game) {
    return game.options.filter((o) => form.options[o.name] !== o.default).length;
  }

  // Whether a match is one's own: a seat token in this browser, or a seat of the account.
  function isMine(id) {
    return tokensFor(id).length > 0 || (account()?.matches || []).some((m) => m.id === id);
  }

  function drawLists() {
    if (!matches) return;
    const abandoned = matches.abandoned || [];
    const everything = [...matches.open, ...matches.live, ...abandoned, ...matches.finished];
    const mine = everything.filter((item) => tokensFor(item.id).length);
    // The account's matches, wherever they were played (the lobby lists the newest only).
    for (const item of account()?.matches || []) {
      if (mine.some((m) => m.id === item.id)) continue;
      mine.push({ ...item, result: item.outcome, warm: null });
    }
    mine.sort((a, b) => b.created - a.created);
    const kept = focusKey(listsBox); // the lists are drawn again every few seconds
    listsBox.replaceChildren(
      ...(mine.length ? [matchList(t(account() ? "lobby.my_games_account" : "lobby.my_games"), mine, "mine")] : []),
      matchList(t("lobby.open_games"), matches.open, "open"),
      matchList(t("lobby.live_games"), matches.live, "live"),
      matchList(t("lobby.finished_games"), matches.finished, "finished"),
      ...(abandoned.length ? [matchList(t("lobby.abandoned_games"), abandoned, "abandoned")] : []));
    if (kept) listsBox.querySelector(kept)?.focus({ preventScroll: true });
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
      h("p", { className: "muted small game-blurb" }, game.blurb ? t(game.blurb) : "", " ",
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

    const kept = focusKey(formColumn); // a menu changed draws the form again: keep its focus
    formColumn.replaceChildren(...[learnCard(), newCard, created ? createdCard() : null].filter(Boolean));
    if (kept) formColumn.querySelector(kept)?.focus({ preventScroll: true });
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
    rerender() { drawForm(); drawLists(); if (accountShown !== undefined) drawAccount(); },
  };
}
