// Player accounts, optional (docs/accounts.md): the lobby's account card (sign in, create an
// account, sign out, sign out everywhere) and the account page (#/account), where the turn
// alerts by e-mail are chosen and an account is deleted. The session is an HttpOnly cookie this page never reads: /api/me says who is signed in.

import { app, h, toast, api } from "./shared.js";
import { lang, t } from "./i18n.js";

// The signed-in account as /api/me last said ({ name, created, matches, ratings }), or null.
let current = null;

export function account() {
  return current;
}

// Ask the server who is signed in (null: nobody, or the server cannot be reached). A guest's
// page asks /api/session, which answers 200 either way: /api/me answers a guest 401, which the
// browser would log as an error at every look.
export async function loadAccount() {
  try {
    if (!current) {
      const session = await (await fetch("/api/session")).json();
      if (!session.name) return (current = null);
    }
    const response = await fetch("/api/me");
    current = response.ok ? await response.json() : null;
  } catch {
    current = null;
  }
  return current;
}

async function send(method, path, body) {
  return api(path, { method, body: body === undefined ? undefined : JSON.stringify(body) });
}

// The name and password fields with their two buttons; onDone() runs once signed in.
function signInForm(onDone) {
  const name = h("input", { type: "text", id: "account-name", name: "username", maxlength: 24,
    autocomplete: "username", required: true, autocapitalize: "none", spellcheck: "false" });
  const password = h("input", { type: "password", id: "account-password", name: "password",
    minlength: 8, maxlength: 1024, autocomplete: "current-password", required: true,
    "aria-describedby": "account-password-help" });
  async function submit(path) {
    try {
      await send("POST", path, { name: name.value, password: password.value });
      password.value = "";
      await loadAccount();
      onDone();
    } catch (error) {
      toast(error.message);
    }
  }
  const form = h("form", { className: "account-form", onsubmit: (event) => {
    event.preventDefault();
    submit("/api/session");
  } },
  h("div", { className: "field" }, h("label", { for: "account-name" }, t("account.name")), name),
  h("div", { className: "field" }, h("label", { for: "account-password" }, t("account.password")),
    password, h("small", { className: "muted", id: "account-password-help" }, t("account.password_help"))),
  h("div", { className: "row" },
    h("button", { type: "submit", className: "primary", id: "sign-in" }, t("account.sign_in")),
    h("button", { type: "button", id: "sign-up", onclick: () => {
      if (!form.reportValidity()) return;
      password.autocomplete = "new-password";
      submit("/api/accounts");
    } }, t("account.create"))));
  return form;
}

async function signOut(everywhere, onDone) {
  try {
    await send("DELETE", `/api/session${everywhere ? "?everywhere=true" : ""}`);
    current = null;
    if (everywhere) toast(t("account.signed_out_all"), "info");
    onDone();
  } catch (error) {
    toast(error.message);
  }
}

function signOutButtons(onDone) {
  return h("div", { className: "row" },
    h("button", { type: "button", id: "sign-out", onclick: () => signOut(false, onDone) },
      t("account.sign_out")),
    h("button", { type: "button", id: "sign-out-all", onclick: () => signOut(true, onDone) },
      t("account.sign_out_all")));
}

// The lobby's account card: signed out, the form; signed in, who and the ways out.
export function accountCard(onChange) {
  const me = current;
  if (!me) {
    return h("section", { className: "card account", id: "account" },
      h("h2", {}, t("account.title")),
      h("p", { className: "muted small" }, t("account.help")),
      signInForm(onChange));
  }
  return h("section", { className: "card account signed-in", id: "account" },
    h("h2", {}, t("account.title")),
    h("p", {}, t("account.signed_in_as", { name: me.name })),
    signOutButtons(onChange),
    h("p", { className: "small" }, h("a", { href: "#/account" }, t("account.manage"))));
}

// The turn alerts by e-mail: the address and which mails (issue 25, point 3). The mails are
// written in the page's language at the time of saving.
function alertsCard(me, redraw) {
  const chosen = me.alerts;
  const email = h("input", { type: "email", id: "alert-email", name: "email", autocomplete: "email",
    maxlength: 254, required: true, spellcheck: "false", value: chosen ? chosen.email : "",
    "aria-describedby": "alerts-help" });
  const turn = h("input", { type: "checkbox", id: "alert-turn", checked: (chosen ? chosen.turn : true) || null });
  const lowTime = h("input", { type: "checkbox", id: "alert-low-time",
    checked: (chosen ? chosen.low_time : true) || null });
  async function save(event) {
    event.preventDefault();
    try {
      const answer = await send("PUT", "/api/me/alerts", { email: email.value.trim(), turn: turn.checked,
        low_time: lowTime.checked, language: lang() });
      current = { ...current, alerts: answer.alerts, mail: answer.mail };
      toast(t("account.alerts_saved"), "info");
      redraw();
    } catch (error) {
      toast(error.message);
    }
  }
  async function forget() {
    try {
      await send("DELETE", "/api/me/alerts");
      current = { ...current, alerts: null };
      toast(t("account.alerts_forgotten"), "info");
      redraw();
    } catch (error) {
      toast(error.message);
    }
  }
  return h("section", { className: "card account-alerts", id: "alerts" },
    h("h2", {}, t("account.alerts_title")),
    h("p", { className: "muted small", id: "alerts-help" }, t("account.alerts_help")),
    me.mail === false ? h("p", { className: "small", id: "no-mail" }, t("account.no_mail")) : null,
    h("form", { className: "account-form", id: "alerts-form", onsubmit: save },
      h("div", { className: "field" }, h("label", { for: "alert-email" }, t("account.email")), email),
      h("label", { className: "setting inline-setting" }, turn, ` ${t("account.alert_turn")}`),
      h("label", { className: "setting inline-setting" }, lowTime, ` ${t("account.alert_low_time")}`),
      h("div", { className: "row" },
        h("button", { type: "submit", className: "primary", id: "alerts-save" }, t("account.alerts_save")),
        chosen ? h("button", { type: "button", id: "alerts-forget", onclick: forget },
          t("account.alerts_forget")) : null)));
}

// The account page: who is signed in, the ways out, the turn alerts, and deleting the account.
export function accountPage() {
  const root = h("div", { className: "account-page" });
  app.replaceChildren(root);
  let destroyed = false;

  function draw() {
    if (destroyed) return;
    const me = current;
    if (!me) {
      root.replaceChildren(h("h1", {}, t("account.page_title")),
        h("section", { className: "card account", id: "account" },
          h("h2", {}, t("account.signed_out_title")),
          h("p", { className: "muted small" }, t("account.help")),
          signInForm(draw)));
      return;
    }
    const since = new Intl.DateTimeFormat(lang(), { dateStyle: "long" })
      .format(new Date(me.created * 1000));
    const password = h("input", { type: "password", id: "delete-password", name: "password",
      autocomplete: "current-password", required: true });
    const remove = h("form", { className: "account-form", onsubmit: async (event) => {
      event.preventDefault();
      try {
        await send("DELETE", "/api/me", { password: password.value });
        current = null;
        toast(t("account.deleted"), "info");
        location.hash = "#/";
      } catch (error) {
        password.value = "";
        toast(error.message);
      }
    } },
    h("div", { className: "field" }, h("label", { for: "delete-password" }, t("account.delete_password")),
      password),
    h("button", { type: "submit", className: "danger", id: "delete-account" }, t("account.delete")));
    root.replaceChildren(h("h1", {}, t("account.page_title")),
      h("section", { className: "card account signed-in", id: "account" },
        h("h2", {}, me.name),
        h("p", { className: "muted" }, t("account.since", { date: since })),
        h("p", {}, h("a", { href: "#/" }, t("account.games", { n: me.matches.length }))),
        signOutButtons(draw)),
      alertsCard(me, draw),
      h("section", { className: "card account-delete" },
        h("h2", {}, t("account.delete_title")),
        h("p", {}, t("account.delete_help")),
        remove));
  }

  loadAccount().then(draw);
  return { destroy() { destroyed = true; }, rerender: draw };
}
