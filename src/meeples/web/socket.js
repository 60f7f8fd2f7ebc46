// A WebSocket that reconnects by itself and says hello (with the seat tokens) each time.
// The server answers every hello with the full state, so a reconnect needs nothing else.

export class LiveSocket {
  constructor(matchId, tokens, { onMessage, onStatus }) {
    this.url = `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws/${matchId}`;
    this.tokens = tokens;
    this.onMessage = onMessage;
    this.onStatus = onStatus || (() => {});
    this.delay = 500;
    this.closed = false;
    this.ws = null;
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
      this.onStatus("online");
    };
    ws.onmessage = (event) => {
      let message;
      try { message = JSON.parse(event.data); } catch { return; }
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

  send(message) {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) return false;
    this.ws.send(JSON.stringify(message));
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
