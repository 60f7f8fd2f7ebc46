// The table chat of a match page (docs/chat.md): the recent messages, a box to write one, a
// seat's mute and a message's report. Every message is put in as text (text nodes, never
// markup): what a player typed is shown as typed, and nothing in it runs. On a phone the panel
// starts folded and counts the messages that came meanwhile; new messages of the others are
// said to screen readers (a polite live region).

import { h, toast } from "./shared.js";
import { lang, t } from "./i18n.js";

// The width under which the panel starts folded (the phone layout of style.css).
const PHONE = "(max-width: 600px)";
// The longest message, as the server allows it (protocol.CHAT_MAX).
const MOST = 500;

export function chatPanel(send) {
  let chat = null; // the last snapshot's chat: mode, read, write, muted, messages
  let messages = []; // shown, oldest first
  let seats = []; // the seats this page holds
  let names = (seat) => String(seat + 1);
  let open = !window.matchMedia(PHONE).matches;
  let unread = 0;
  // Made once, so that what is being typed and the focus survive every redraw.
  const input = h("input", { type: "text", id: "chat-input", maxlength: String(MOST), autocomplete: "off" });
  const announcer = h("div", { className: "sr-only", id: "chat-announcer", "aria-live": "polite" });
  const element = h("section", { className: "card chat-card", id: "chat", "aria-labelledby": "chat-toggle" });

  function who(message) {
    return message.name || names(message.seat);
  }

  function clock(seconds) {
    return new Date(seconds * 1000).toLocaleTimeString(lang(), { hour: "2-digit", minute: "2-digit" });
  }

  function line(message) {
    const mine = seats.includes(message.seat);
    const player = who(message);
    return h("li", { className: `chat-line ${mine ? "mine" : ""}`, "data-seq": String(message.seq) },
      h("span", { className: "chat-who" }, player), " ",
      h("span", { className: "chat-text" }, message.text), " ",
      h("time", { className: "muted small", datetime: new Date(message.time * 1000).toISOString() },
        clock(message.time)),
      !mine && chat.write ? h("span", { className: "chat-tools" },
        h("button", { className: "small", "data-focus": `chat-mute-${message.seq}`,
          "aria-label": t("chat.mute", { player }), title: t("chat.mute", { player }),
          onclick: () => send({ type: "chat_mute", seat: message.seat, muted: true }) }, t("chat.mute_short")),
        h("button", { className: "small", "data-focus": `chat-report-${message.seq}`,
          "aria-label": t("chat.report", { player }), title: t("chat.report", { player }),
          onclick: () => send({ type: "chat_report", seq: message.seq }) }, t("chat.report_short"))) : null);
  }

  function draw() {
    if (!chat || !chat.read) {
      element.replaceChildren();
      return;
    }
    const list = h("ol", { className: "chat-log", id: "chat-log", "aria-label": t("chat.messages") },
      messages.map(line));
    const muted = (chat.muted || []).length ? h("p", { className: "small muted chat-muted" },
      t("chat.muted"), " ", chat.muted.map((seat) => h("button", { className: "small",
        "data-focus": `chat-unmute-${seat}`, onclick: () => send({ type: "chat_mute", seat, muted: false }) },
      t("chat.unmute", { player: names(seat) })))) : null;
    const form = chat.write ? h("form", { className: "chat-form row", id: "chat-form", onsubmit: (event) => {
      event.preventDefault();
      const text = input.value.trim();
      if (!text) return;
      send({ type: "chat", text });
      input.value = "";
    } }, h("label", { className: "sr-only", for: "chat-input" }, t("chat.label")), input,
    h("button", { type: "submit", id: "chat-send" }, t("chat.send")))
      : h("p", { className: "small muted" }, t("chat.read_only"));
    const body = h("div", { id: "chat-body", hidden: !open || null },
      messages.length ? list : h("p", { className: "small muted", id: "chat-empty" }, t("chat.empty")),
      muted, form);
    const toggle = h("button", { id: "chat-toggle", className: "chat-toggle", "aria-expanded": String(open),
      "aria-controls": "chat-body", onclick: () => {
        open = !open;
        if (open) unread = 0;
        draw();
      } }, h("span", { "aria-hidden": "true" }, open ? "▾" : "▸"), t("chat.title"),
    unread ? h("span", { className: "chat-unread", id: "chat-unread" }, t("chat.unread", { n: unread })) : null);
    element.replaceChildren(h("h2", { className: "card-title" }, toggle), body);
    const shown = element.querySelector(".chat-log");
    if (shown) shown.scrollTop = shown.scrollHeight;
  }

  return {
    element,
    announcer, // a live region the page keeps in place (one moved around is not always read)
    // A snapshot: its chat replaces what is shown (a reconnect, a mute); an update carries the
    // chat of the snapshot it applies to, the very same object, which changes nothing.
    fromState(state, namer) {
      seats = state.seats;
      names = namer;
      if (state.chat && state.chat !== chat) {
        chat = state.chat;
        messages = chat.messages.slice();
      }
      draw();
      return chat && chat.read ? element : null;
    },
    // A new message: shown once (a snapshot may hold it already), said to screen readers, and
    // counted while the panel is folded.
    add(message) {
      if (!chat || messages.some((m) => m.seq === message.seq)) return;
      messages.push(message);
      if (!seats.includes(message.seat)) {
        announcer.textContent = t("chat.said", { player: who(message), text: message.text });
        if (!open) unread += 1;
      }
      draw();
    },
    // A message an operator hid.
    hide(seq) {
      messages = messages.filter((m) => m.seq !== seq);
      draw();
    },
    reported() {
      toast(t("chat.reported"), "info");
    },
  };
}
