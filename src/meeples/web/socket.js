// A WebSocket that reconnects by itself and says hello (with the seat tokens) each time.
// The server answers every hello with the full state (a snapshot), so a reconnect needs
// nothing else. After each change it sends only an update (the new log entries, the view, the
// legal actions: docs/messages.md): applied here to the state held, so the page always gets
// whole states. An update that does not follow the state held asks for a snapshot ("sync").

// Entries of the log a state holds, as in the server's snapshots.
const LOG_TAIL = 300;

// The state an update makes of the state of its base version (null: it does not follow).
export function applyUpdate(state, update) {
  if (!state || state.version !== update.base) return null;
  const merged = { ...state };
  for (const [key, value] of Object.entries(update)) {
    if (key !== "base" && key !== "entries") merged[key] = value;
  }
  merged.type = "state";
  merged.log = state.log.concat(update.entries).slice(-LOG_TAIL);
  return merged;
}

export class LiveSocket {
  constructor(matchId, tokens, { onMessage, onStatus }) {
    this.url = `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws/${matchId}`;
    this.tokens = tokens;
    this.onMessage = onMessage;
    this.onStatus = onStatus || (() => {});
    this.delay = 500;
    this.closed = false;
    this.ws = null;
    this.queue = [];
    this.state = null; // the last state, to which updates apply
    this.connect();
  }

  connect() {
    if (this.closed) return;
    this.onStatus("connecting");
    const ws = new WebSocket(this.url);
    this.ws = ws;
    ws.onopen = () => {
      this.delay = 500;
      ws.send(JSON.stringify({ type: "hello", tokens: this.tokens }));
      for (const message of this.queue.splice(0)) ws.send(JSON.stringify(message));
      this.onStatus("online");
    };
    ws.onmessage = (event) => {
      let message;
      try { message = JSON.parse(event.data); } catch { return; }
      if (message.type === "update") {
        const state = applyUpdate(this.state, message);
        if (!state) {
          ws.send(JSON.stringify({ type: "sync" }));
          return;
        }
        message = state;
      }
      if (message.type === "state") this.state = message;
      this.onMessage(message);
    };
    ws.onclose = (event) => {
      if (this.ws !== ws) return;
      this.ws = null;
      // 4403: a wrong token, 4404: no such game; retrying would not help.
      if (this.closed || event.code === 4403 || event.code === 4404) {
        this.onStatus("closed");
        return;
      }
      this.onStatus("reconnecting");
      setTimeout(() => this.connect(), this.delay);
      this.delay = Math.min(this.delay * 2, 8000);
    };
  }

  // Send now, or right after the next hello when the connection is down (an action sent while
  // reconnecting still carries the version it was chosen at, so the server judges it as usual).
  send(message) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) {
      this.ws.send(JSON.stringify(message));
    } else {
      this.queue.push(message);
    }
    return true;
  }

  // For tests and for the "reconnect" button: drop the connection, it comes back by itself.
  drop() {
    if (this.ws) this.ws.close();
  }

  close() {
    this.closed = true;
    if (this.ws) this.ws.close();
  }
}
