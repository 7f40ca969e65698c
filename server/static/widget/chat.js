/*! Agent Platform chat widget v1: <agent-platform-chat>. No dependencies. docs/widget.md */
(() => {
  "use strict";
  if (customElements.get("agent-platform-chat")) return;

  const THEMES = ["light", "dark", "auto"];
  const POSITIONS = ["bottom-right", "bottom-left", "inline"];
  const HEX = /^#[0-9a-fA-F]{6}$/;
  const FINAL = ["run.completed", "run.failed", "run.cancelled"];
  const STRATEGIES = ["reject", "enqueue", "interrupt"];
  const STORE = "agent-platform-chat:";

  const CSS = `
:host{--ap-accent:#1d4ed8;--ap-accent-fg:#fff;--ap-bg:#fff;--ap-fg:#111827;--ap-muted:#4b5563;
--ap-border:#d1d5db;--ap-user-bg:#e5edff;--ap-bot-bg:#f3f4f6;--ap-error:#b91c1c;--ap-radius:10px;
--ap-font:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;--ap-width:380px;--ap-height:560px;
display:block;font-family:var(--ap-font);font-size:15px;line-height:1.45}
.dark{--ap-bg:#111827;--ap-fg:#f3f4f6;--ap-muted:#9ca3af;--ap-border:#374151;--ap-user-bg:#1e3a8a;
--ap-bot-bg:#1f2937;--ap-error:#fca5a5}
@media (prefers-color-scheme:dark){.auto{--ap-bg:#111827;--ap-fg:#f3f4f6;--ap-muted:#9ca3af;
--ap-border:#374151;--ap-user-bg:#1e3a8a;--ap-bot-bg:#1f2937;--ap-error:#fca5a5}}
*{box-sizing:border-box}
[hidden]{display:none!important}
.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
button,textarea,input{font:inherit;color:inherit}
button{cursor:pointer;border-radius:6px;border:1px solid var(--ap-border);background:var(--ap-bg);
padding:4px 10px}
button:focus-visible,textarea:focus-visible,input:focus-visible,a:focus-visible{
outline:3px solid var(--ap-accent);outline-offset:2px}
.primary{background:var(--ap-accent);color:var(--ap-accent-fg);border-color:var(--ap-accent)}
.panel{display:flex;flex-direction:column;background:var(--ap-bg);color:var(--ap-fg);
border:1px solid var(--ap-border);border-radius:var(--ap-radius);overflow:hidden;height:100%;
min-height:320px}
.floating .panel{position:fixed;bottom:88px;width:var(--ap-width);height:var(--ap-height);
max-width:calc(100vw - 32px);max-height:calc(100vh - 110px);box-shadow:0 8px 30px rgba(0,0,0,.25);
z-index:2147483000}
.launcher{position:fixed;bottom:20px;width:56px;height:56px;border-radius:50%;font-size:24px;
background:var(--ap-accent);color:var(--ap-accent-fg);border:0;z-index:2147483000;
box-shadow:0 4px 14px rgba(0,0,0,.3)}
.bottom-right .panel,.bottom-right .launcher{right:20px}
.bottom-left .panel,.bottom-left .launcher{left:20px}
header{display:flex;align-items:center;gap:8px;padding:10px 12px;border-bottom:1px solid var(--ap-border)}
header h2{flex:1;margin:0;font-size:16px;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.threads{border-bottom:1px solid var(--ap-border);max-height:40%;overflow:auto;padding:6px 12px}
.threads ul{list-style:none;margin:0;padding:0}
.threads li button{width:100%;text-align:left;border:0;display:flex;gap:6px;padding:6px 4px}
.threads li button[aria-current=true]{font-weight:600}
.badge{background:var(--ap-accent);color:var(--ap-accent-fg);border-radius:9px;padding:0 7px;
font-size:12px;margin-left:auto}
.connect{padding:6px 12px;border-bottom:1px solid var(--ap-border);display:flex;flex-wrap:wrap;gap:6px}
.log{flex:1;overflow:auto;padding:12px;display:flex;flex-direction:column;gap:10px}
.msg{max-width:88%;padding:8px 11px;border-radius:var(--ap-radius);overflow-wrap:anywhere}
.user{align-self:flex-end;background:var(--ap-user-bg);white-space:pre-wrap}
.assistant{align-self:flex-start;background:var(--ap-bot-bg)}
.body>:first-child{margin-top:0}.body>:last-child{margin-bottom:0}
.body p,.body ul,.body ol,.body pre{margin:0 0 8px}
.body pre{background:rgba(127,127,127,.15);padding:8px;border-radius:6px;overflow:auto}
.body code{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:.9em}
.body a{color:inherit;text-decoration:underline}
.steps{list-style:none;margin:0 0 6px;padding:0;font-size:13px;color:var(--ap-muted)}
.sources{font-size:12px;color:var(--ap-muted);margin-top:6px}
.sources ol{margin:2px 0 0;padding-left:18px}
.note{font-size:13px;color:var(--ap-muted);margin-top:4px}
.queued .body:empty{display:none}
.failed .note{color:var(--ap-error)}
.actions{display:flex;gap:6px;margin-top:6px;align-items:center;flex-wrap:wrap}
.actions button{padding:2px 8px;font-size:13px}
.actions button[aria-pressed=true]{background:var(--ap-accent);color:var(--ap-accent-fg)}
.actions input{flex:1;min-width:120px;padding:3px 6px;border:1px solid var(--ap-border);
border-radius:6px;background:var(--ap-bg)}
.ask{border:1px solid var(--ap-accent);border-radius:8px;padding:6px 8px;margin:0 0 6px;font-size:13px}
.ask pre{margin:4px 0;white-space:pre-wrap;word-break:break-word;font-size:12px}
.followups{display:flex;flex-wrap:wrap;gap:6px;align-self:flex-start}
.followups button{border-color:var(--ap-accent);font-size:13px}
.alert{color:var(--ap-error);padding:6px 12px;font-size:14px}
form{display:flex;gap:8px;padding:10px 12px;border-top:1px solid var(--ap-border)}
textarea{flex:1;resize:none;min-height:40px;max-height:140px;padding:8px;border-radius:8px;
border:1px solid var(--ap-border);background:var(--ap-bg)}
`;

  const TEMPLATE = `<div class="wrap"><button class="launcher" type="button" aria-expanded="false" hidden>
<span aria-hidden="true">\u{1F4AC}</span><span class="sr">Open chat</span></button>
<section class="panel" role="region"><header><h2 class="title"></h2>
<button type="button" class="threads-btn" aria-expanded="false">Conversations</button>
<button type="button" class="new-btn">New</button>
<button type="button" class="close-btn" hidden><span aria-hidden="true">\u2715</span><span class="sr">Close chat</span></button></header>
<nav class="threads" aria-label="Conversations" hidden><ul></ul></nav>
<div class="connect" hidden></div>
<div class="log" role="log" aria-live="polite" aria-relevant="additions text" tabindex="0"></div>
<div class="alert" role="alert" hidden></div>
<form><label class="sr">Message</label><textarea rows="1"></textarea>
<button type="button" class="stop" hidden>Stop</button><button type="submit" class="primary send">Send</button></form>
</section></div>`;

  let uid = 0;
  const el = (tag, cls, text) => {
    const n = document.createElement(tag);
    if (cls) n.className = cls;
    if (text != null) n.textContent = text;
    return n;
  };
  const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

  // ---- safe markdown: DOM nodes and textContent only, never HTML from the model ----
  const SAFE_PROTOCOLS = ["http:", "https:", "mailto:"];
  const INLINE = /(`[^`\n]+`)|(\*\*[^*\n]+\*\*)|(\[[^\]\n]+\]\([^)\s]+\))|(https?:\/\/[^\s<>()]+[^\s<>().,;:!?'"])|(\*[^*\s][^*\n]*\*)|(_[^_\s][^_\n]*_)/g;

  function safeHref(raw) {
    try {
      const u = new URL(raw, location.href);
      return SAFE_PROTOCOLS.includes(u.protocol) ? u.href : null;
    } catch (_) {
      return null;
    }
  }

  function link(text, href) {
    const safe = safeHref(href);
    if (!safe) return document.createTextNode(text);
    const a = el("a", null, text);
    a.href = safe;
    a.target = "_blank";
    a.rel = "noopener noreferrer";
    return a;
  }

  function inline(parent, text) {
    let at = 0;
    const re = new RegExp(INLINE.source, "g"); // own state: inline() recurses
    for (let m; (m = re.exec(text)); ) {
      if (m.index > at) parent.append(text.slice(at, m.index));
      const t = m[0];
      if (m[1]) parent.append(el("code", null, t.slice(1, -1)));
      else if (m[2]) inline(parent.appendChild(el("strong")), t.slice(2, -2));
      else if (m[3]) {
        const cut = t.indexOf("](");
        parent.append(link(t.slice(1, cut), t.slice(cut + 2, -1)));
      } else if (m[4]) parent.append(link(t, t));
      else inline(parent.appendChild(el("em")), t.slice(1, -1));
      at = m.index + t.length;
    }
    if (at < text.length) parent.append(text.slice(at));
  }

  function markdown(target, src) {
    const frag = document.createDocumentFragment();
    const lines = src.replace(/\r\n?/g, "\n").split("\n");
    let para = null, list = null;
    const close = () => { para = null; list = null; };
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i];
      const fence = /^\s*```/.test(line);
      if (fence) {
        close();
        const code = [];
        for (i++; i < lines.length && !/^\s*```/.test(lines[i]); i++) code.push(lines[i]);
        const pre = frag.appendChild(el("pre"));
        pre.append(el("code", null, code.join("\n")));
        continue;
      }
      if (!line.trim()) { close(); continue; }
      const item = /^\s*(?:([-*+])|(\d{1,9})[.)])\s+(.*)$/.exec(line);
      if (item) {
        const tag = item[1] ? "ul" : "ol";
        if (!list || list.tagName.toLowerCase() !== tag) { para = null; list = frag.appendChild(el(tag)); }
        inline(list.appendChild(el("li")), item[3]);
        continue;
      }
      const head = /^\s*#{1,6}\s+(.*)$/.exec(line);
      if (head) {
        close();
        inline(frag.appendChild(el("p")).appendChild(el("strong")), head[1]);
        continue;
      }
      if (list) list = null;
      if (para) para.append(el("br"));
      else para = frag.appendChild(el("p"));
      inline(para, line);
    }
    target.replaceChildren(frag);
  }

  // ---- colours: a readable text colour on the accent ----
  function luminance(hex) {
    const c = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
      .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
    return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
  }
  const contrast = (a, b) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
  const onAccent = (hex) => {
    const l = luminance(hex);
    return contrast(l, 1) >= contrast(l, luminance("#111111")) ? "#ffffff" : "#111111";
  };

  class ChatError extends Error {
    constructor(message, status, code) {
      super(message);
      this.status = status;
      this.code = code;
    }
  }

  function duration(s) {
    const [n, unit] = s < 90 ? [s, "second"] : s < 5400 ? [Math.round(s / 60), "minute"]
      : s < 172800 ? [Math.round(s / 3600), "hour"] : [Math.round(s / 86400), "day"];
    return `${n} ${unit}${n === 1 ? "" : "s"}`;
  }

  function readable(status, problem, headers) {
    const code = problem && problem.code;
    if (status === 429) {
      if (code === "spend_cap_reached") return "Your team has reached its spending limit for this month, so the assistant cannot answer right now.";
      const wait = parseInt(headers.get("Retry-After") || "", 10);
      return "The usage limit is reached for now." + (wait > 0 ? ` Please try again in ${duration(wait)}.` : " Please try again shortly.");
    }
    if (code === "turn_in_progress") return "The assistant is still answering. Wait for the reply or stop it.";
    if (status === 401) return "Your chat session has ended. Reload the page to continue.";
    if (status === 403) return "This chat is not available to you.";
    if (status === 404) return "This conversation could not be found.";
    if (status >= 500) return "The chat service had a problem. Please try again.";
    return (problem && (problem.detail || problem.title)) || `Request failed (${status}).`;
  }

  class AgentPlatformChat extends HTMLElement {
    static get observedAttributes() { return ["base-url", "copilot-id", "multitask-strategy"]; }

    constructor() {
      super();
      this.shadow = this.attachShadow({ mode: "open" });
      const style = el("style", null, CSS);
      const tpl = document.createElement("template");
      tpl.innerHTML = TEMPLATE; // static markup of the widget itself, no data
      this.shadow.append(style, tpl.content.cloneNode(true));
      const $ = (s) => this.shadow.querySelector(s);
      this.ui = {
        wrap: $(".wrap"), launcher: $(".launcher"), panel: $(".panel"), title: $(".title"),
        threadsBtn: $(".threads-btn"), newBtn: $(".new-btn"), closeBtn: $(".close-btn"),
        threads: $(".threads"), list: $(".threads ul"), connect: $(".connect"), log: $(".log"),
        alert: $(".alert"), form: $("form"), input: $("textarea"), stop: $(".stop"), send: $(".send"),
        label: $("form label"),
      };
      const id = "ap-chat-" + ++uid;
      this.ui.input.id = id + "-input";
      this.ui.label.htmlFor = this.ui.input.id;
      this.ui.panel.id = id + "-panel";
      this.ui.threads.id = id + "-threads";
      this.ui.launcher.setAttribute("aria-controls", this.ui.panel.id);
      this.ui.threadsBtn.setAttribute("aria-controls", this.ui.threads.id);
      this.tokens = null;
      this.renewing = null;
      this.thread = null;
      this.live = null; // the reply being streamed
      this.waiting = []; // replies of turns sent while one ran, in order (enqueue, interrupt)
      this.streamCtrl = null;
      this.bind();
    }

    // the host page's callbacks, also when set before the element was defined
    get getSessionToken() { return this._getSessionToken; }
    set getSessionToken(fn) { this._getSessionToken = fn; this.start(); }
    get getConnectUrl() { return this._getConnectUrl; }
    set getConnectUrl(fn) { this._getConnectUrl = fn; this.renderConnect(); }

    connectedCallback() {
      for (const name of ["getSessionToken", "getConnectUrl", "multitaskStrategy"]) {
        if (Object.prototype.hasOwnProperty.call(this, name)) {
          const v = this[name];
          delete this[name];
          this[name] = v;
        }
      }
      this.start();
    }

    disconnectedCallback() {
      this.save();
      if (this.streamCtrl) this.streamCtrl.abort();
    }

    attributeChangedCallback(name) {
      if (name === "multitask-strategy") { this.busy(!!this.live); return; }
      if (this.started) { this.started = false; this.start(); }
    }

    // what a message sent while a reply streams does: reject (sending waits), enqueue or interrupt
    get multitaskStrategy() {
      const v = this.getAttribute("multitask-strategy");
      return STRATEGIES.includes(v) ? v : "reject";
    }
    set multitaskStrategy(v) { this.setAttribute("multitask-strategy", String(v)); }

    get base() { return (this.getAttribute("base-url") || "").replace(/\/+$/, ""); }
    get copilotId() { return this.getAttribute("copilot-id") || ""; }
    get storeKey() { return STORE + this.copilotId; }

    bind() {
      const u = this.ui;
      u.form.addEventListener("submit", (e) => { e.preventDefault(); this.send(u.input.value); });
      u.input.addEventListener("keydown", (e) => {
        if (e.key === "Enter" && !e.shiftKey && !e.isComposing) { e.preventDefault(); this.send(u.input.value); }
      });
      u.input.addEventListener("input", () => {
        u.input.style.height = "auto";
        u.input.style.height = Math.min(u.input.scrollHeight, 140) + "px";
      });
      u.stop.addEventListener("click", () => this.stop());
      u.newBtn.addEventListener("click", () => this.openThread(null));
      u.threadsBtn.addEventListener("click", () => this.toggleThreads());
      u.launcher.addEventListener("click", () => this.setOpen(u.panel.hidden));
      u.closeBtn.addEventListener("click", () => this.setOpen(false));
      u.panel.addEventListener("keydown", (e) => {
        if (e.key === "Escape" && this.floating) { e.stopPropagation(); this.setOpen(false); }
      });
      addEventListener("pagehide", () => this.save());
      addEventListener("online", () => { if (this.live && this.live.offline) this.resume(); });
    }

    setOpen(open) {
      const u = this.ui;
      u.panel.hidden = !open;
      u.launcher.setAttribute("aria-expanded", String(open));
      if (open) u.input.focus();
      else u.launcher.focus();
    }

    async start() {
      if (this.started || !this.isConnected || !this._getSessionToken || !this.copilotId) return;
      this.started = true;
      try {
        await this.loadConfig();
        const saved = this.restore();
        await this.refreshThreads();
        if (saved && saved.thread) await this.openThread(saved.thread, saved);
        else this.greet();
      } catch (e) {
        this.fail(e);
      }
    }

    // ---- HTTP: bearer session token, one refresh (or re-mint) and retry on 401 ----
    async token() {
      if (this.renewing) await this.renewing;
      if (!this.tokens || !this.tokens.access) await this.renew(true);
      return this.tokens.access;
    }

    renew(mint) {
      if (!this.renewing) {
        const spent = this.tokens;
        this.renewing = (async () => {
          if (!mint && spent && spent.refresh) {
            try {
              const r = await fetch(this.base + "/v1/sessions/refresh", {
                method: "POST", headers: { "Content-Type": "application/json" },
                body: JSON.stringify({ refresh_token: spent.refresh }),
              });
              if (r.ok) return this.takeTokens(await r.json());
            } catch (_) { /* fall back to the host */ }
          }
          this.takeTokens(await this._getSessionToken());
        })().finally(() => { this.renewing = null; });
      }
      return this.renewing;
    }

    takeTokens(t) {
      if (!t) throw new ChatError("No session token was provided.", 0);
      this.tokens = typeof t === "string" ? { access: t } : { access: t.access_token, refresh: t.refresh_token, user: t.user_id };
    }

    async api(method, path, body, opts = {}) {
      for (let attempt = 0; ; attempt++) {
        const token = await this.token();
        const headers = { Authorization: "Bearer " + token, ...(opts.headers || {}) };
        if (body !== undefined) headers["Content-Type"] = "application/json";
        let res;
        try {
          res = await fetch(this.base + path, {
            method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal: opts.signal,
          });
        } catch (e) {
          if (e && e.name === "AbortError") throw e;
          throw new ChatError("Can't reach the chat service. Check your connection.", 0, "network");
        }
        if (res.status === 401 && attempt === 0) {
          if (this.tokens && this.tokens.access === token) await this.renew(false);
          continue;
        }
        if (!res.ok) {
          let problem = null;
          try { problem = await res.json(); } catch (_) { /* not JSON */ }
          throw new ChatError(readable(res.status, problem, res.headers), res.status, problem && problem.code);
        }
        return res;
      }
    }

    async json(method, path, body) {
      return (await this.api(method, path, body)).json();
    }

    // ---- configuration (sdk_ui) ----
    async loadConfig() {
      const data = await this.json("GET", "/v1/copilots/" + encodeURIComponent(this.copilotId));
      this.config = data.copilot;
      this.providers = data.runtimeAuthProviders || [];
      this.applyUi(this.config.sdk_ui || {});
      this.renderConnect();
    }

    applyUi(ui) {
      const u = this.ui;
      const theme = THEMES.includes(ui.theme) ? ui.theme : "auto";
      const position = POSITIONS.includes(ui.position) ? ui.position : "bottom-right";
      this.floating = position !== "inline";
      u.wrap.className = `wrap ${theme} ${position}${this.floating ? " floating" : ""}`;
      const title = typeof ui.title === "string" && ui.title ? ui.title : "Chat";
      u.title.textContent = title;
      u.panel.setAttribute("aria-label", title);
      u.input.placeholder = typeof ui.placeholder === "string" ? ui.placeholder : "Type a message";
      if (typeof ui.accent_color === "string" && HEX.test(ui.accent_color)) {
        u.wrap.style.setProperty("--ap-accent", ui.accent_color);
        u.wrap.style.setProperty("--ap-accent-fg", onAccent(ui.accent_color));
      }
      this.greeting = typeof ui.greeting === "string" ? ui.greeting : "";
      u.launcher.hidden = !this.floating;
      u.closeBtn.hidden = !this.floating;
      if (this.floating && !this.opened) u.panel.hidden = true;
      this.opened = true;
    }

    renderConnect() {
      const box = this.ui.connect;
      box.replaceChildren();
      const missing = (this.providers || []).filter((p) => !p.has_credentials && p.oauth_connect);
      for (const p of missing) {
        if (!this._getConnectUrl) continue;
        const b = el("button", null, "Connect " + p.name);
        b.type = "button";
        b.addEventListener("click", () => this.connectProvider(p));
        box.append(b);
      }
      box.hidden = !box.childElementCount;
    }

    async connectProvider(p) {
      const popup = open("", "agent-platform-connect", "popup,width=520,height=680");
      try {
        const url = await this._getConnectUrl({ provider_id: p.id, name: p.name });
        const safe = safeHref(url);
        if (!safe) throw new ChatError("The connect address is not valid.", 0);
        if (popup) popup.location.href = safe; else open(safe, "_blank", "noopener");
        for (let i = 0; i < 600 && popup && !popup.closed; i++) {
          await sleep(1500);
          await this.loadConfig();
          if ((this.providers.find((x) => x.id === p.id) || {}).has_credentials) { popup.close(); break; }
        }
        await this.loadConfig();
      } catch (e) {
        if (popup) popup.close();
        this.fail(e);
      }
    }

    // ---- threads ----
    async refreshThreads() {
      const data = await this.json("GET", "/v1/threads?limit=50");
      this.threadRows = data.threads.filter((t) => !t.copilot_id || t.copilot_id === this.copilotId);
      const list = this.ui.list;
      list.replaceChildren();
      for (const t of this.threadRows) {
        const b = el("button");
        b.type = "button";
        b.append(el("span", null, t.title || "Conversation"));
        if (t.id === this.thread) b.setAttribute("aria-current", "true");
        if (t.unread_count > 0) {
          const badge = el("span", "badge", String(t.unread_count));
          badge.setAttribute("aria-label", `${t.unread_count} unread`);
          b.append(badge);
        }
        b.addEventListener("click", () => { this.toggleThreads(false); this.openThread(t.id); });
        list.appendChild(el("li")).append(b);
      }
      if (!this.threadRows.length) list.append(el("li", "note", "No conversations yet."));
    }

    toggleThreads(force) {
      const show = force === undefined ? this.ui.threads.hidden : force;
      this.ui.threads.hidden = !show;
      this.ui.threadsBtn.setAttribute("aria-expanded", String(show));
      if (show) this.refreshThreads().catch((e) => this.fail(e));
    }

    greet() {
      if (this.greeting) {
        const m = this.bubble("assistant");
        markdown(m.body, this.greeting);
        m.node.classList.add("greeting");
      }
    }

    async openThread(id, saved) {
      this.abortStream();
      this.live = null;
      this.waiting = [];
      this.thread = id;
      this.ui.log.replaceChildren();
      this.clearAlert();
      this.busy(false);
      this.save();
      if (!id) { this.greet(); this.ui.input.focus(); return; }
      const data = await this.json("GET", `/v1/messages?thread_id=${id}&order=desc&limit=100`);
      const rows = data.messages.reverse();
      let last = null;
      for (const m of rows) {
        const b = this.bubble(m.role === "user" ? "user" : "assistant");
        if (m.role === "user") b.body.textContent = m.content;
        else { markdown(b.body, m.content); this.votes(b, m.id); last = m; }
      }
      const answered = (run) => rows.some((m) => m.role !== "user" && m.run_id === run);
      const done = saved && saved.live && answered(saved.live.run);
      for (const run of (saved && saved.waiting) || []) {
        if (!answered(run)) this.waiting.push(this.startReply(run, true));
      }
      if (saved && saved.live && done && this.waiting.length) {
        this.nextReply(saved.live.last);
      } else if (saved && saved.live && !done) {
        // a reply was streaming when the page went away: show what arrived, fetch the rest
        this.live = this.startReply(saved.live.run);
        this.live.text = saved.live.text;
        this.live.last = saved.live.last;
        for (const d of saved.live.asks || []) this.ask(this.live, d);
        this.render(this.live);
        this.busy(true);
        this.follow();
      } else if (last && last.followups && last.followups.length) {
        this.followups(last.followups);
      }
      this.markRead();
      this.scroll();
    }

    markRead() {
      if (this.thread) this.api("POST", `/v1/threads/${this.thread}/read`).catch(() => {});
    }

    // ---- sending, streaming, stopping ----
    async send(text) {
      text = (text || "").trim();
      const strategy = this.multitaskStrategy;
      if (!text || this.sending || (this.live && strategy === "reject")) return;
      this.sending = true;
      this.clearAlert();
      this.dropFollowups();
      const u = this.ui;
      u.input.value = "";
      u.input.style.height = "auto";
      const mine = this.bubble("user");
      mine.body.textContent = text;
      this.scroll();
      this.busy(true);
      const body = { copilot_id: this.copilotId, message: text };
      if (this.thread) body.thread_id = this.thread;
      if (strategy !== "reject") body.multitask_strategy = strategy;
      // interrupt: the server cancels the turns waiting in line (and stops the one streaming)
      if (this.live && strategy === "interrupt") this.dropWaiting();
      try {
        const turn = await this.json("POST", "/v1/chat", body);
        this.thread = turn.thread.id;
        if (this.live) { // a reply still streams: this turn's reply comes after it
          this.waiting.push(this.startReply(turn.run.id, true));
        } else {
          this.live = this.startReply(turn.run.id, false, strategy !== "reject");
          this.follow();
        }
        this.save();
      } catch (e) {
        mine.node.remove();
        u.input.value = text;
        this.busy(!!this.live);
        this.fail(e);
      } finally {
        this.sending = false;
      }
    }

    // strict: only this run's events (a turn sent while another ran may follow it in the log)
    startReply(runId, queued, strict) {
      const b = this.bubble("assistant");
      b.node.setAttribute("aria-busy", "true");
      const reply = { ...b, run: runId, text: "", last: null, tools: {}, painted: false, strict: !!(queued || strict) };
      if (queued) {
        b.node.classList.add("queued");
        reply.wait = b.node.appendChild(el("div", "note", "Waiting for the previous answer\u2026"));
      }
      return reply;
    }

    // the reply that waited next in line streams now, from where the previous one ended
    nextReply(last) {
      const next = this.waiting.shift();
      if (next.wait) { next.wait.remove(); next.wait = null; }
      next.node.classList.remove("queued");
      next.last = last;
      this.live = next;
      this.busy(true);
      this.save();
      this.follow();
    }

    // replies waiting in line whose turns the server cancelled (Stop, or an interrupt)
    dropWaiting() {
      for (const w of this.waiting.splice(0)) {
        if (w.wait) { w.wait.remove(); w.wait = null; }
        w.node.classList.remove("queued");
        this.endReply(w, "cancelled", "Stopped.");
      }
    }

    resume() {
      if (this.live) this.follow();
    }

    abortStream() {
      if (this.streamCtrl) { this.streamCtrl.abort(); this.streamCtrl = null; }
    }

    // the reply's events, resumed after the last one seen (Last-Event-ID) whenever the
    // connection drops, until the turn's final event
    async follow() {
      this.abortStream();
      const ctrl = new AbortController();
      this.streamCtrl = ctrl;
      const live = this.live;
      for (let tries = 0; this.live === live && !ctrl.signal.aborted; tries++) {
        try {
          const headers = { Accept: "text/event-stream" };
          if (live.last != null) headers["Last-Event-ID"] = String(live.last);
          const res = await this.api("GET", `/v1/chat/stream?thread_id=${this.thread}`, undefined, { headers, signal: ctrl.signal });
          if (live.offline) { live.offline = false; this.clearAlert(); }
          const reader = res.body.getReader();
          const decoder = new TextDecoder();
          let buf = "";
          for (;;) {
            const { value, done } = await reader.read();
            if (done) break;
            buf += decoder.decode(value, { stream: true }).replace(/\r\n?/g, "\n");
            let cut;
            while ((cut = buf.indexOf("\n\n")) >= 0) {
              const block = buf.slice(0, cut);
              buf = buf.slice(cut + 2);
              if (this.event(live, block)) { reader.cancel().catch(() => {}); return; }
            }
          }
          tries = 0; // the server closed without a final event: reconnect at once
        } catch (e) {
          if (ctrl.signal.aborted || this.live !== live) return;
          if (e instanceof ChatError && e.status && e.status !== 429 && e.status < 500) {
            this.endReply(live, "failed", e.message);
            return;
          }
          live.offline = true;
          this.alert(e instanceof ChatError && e.code !== "network" ? e.message : "Connection lost. Reconnecting\u2026");
        }
        await sleep(Math.min(250 * 2 ** tries, 8000));
      }
    }

    // one SSE block; true when it was the turn's final event
    event(live, block) {
      let id = null, kind = "message";
      const data = [];
      for (const line of block.split("\n")) {
        if (!line || line[0] === ":") continue;
        const at = line.indexOf(":");
        const field = at < 0 ? line : line.slice(0, at);
        let value = at < 0 ? "" : line.slice(at + 1);
        if (value[0] === " ") value = value.slice(1);
        if (field === "id") id = value;
        else if (field === "event") kind = value;
        else if (field === "data") data.push(value);
      }
      if (!data.length) return false;
      let d;
      try { d = JSON.parse(data.join("\n")); } catch (_) { return false; }
      if (id != null && /^\d+$/.test(id)) {
        if (live.last != null && +id <= live.last) return false; // already shown
        live.last = +id;
      }
      const run = d.run_id || (d.run && d.run.id);
      if (run && live.run && run !== live.run && (live.strict || kind !== "run.started")) return false;
      switch (kind) {
        case "run.started": live.run = d.run_id; break;
        case "message.delta":
          live.text += d.text || "";
          this.render(live);
          break;
        case "tool.called": this.step(live, d.tool_call_id, `Using ${d.name}\u2026`); break;
        case "tool.result":
          this.step(live, d.tool_call_id, d.status === "succeeded" ? `Used ${d.name}` : `${d.name} failed`);
          if (Array.isArray(d.citations) && d.citations.length) this.sources(live, d.citations);
          break;
        case "approval.requested": this.ask(live, d); break;
        case "approval.decided": this.asked(live, d.call_id, d.decision, d.decided_by); break;
        case "agent.handoff":
          this.step(live, "handoff-" + live.last, "Passed to another assistant" + (d.reason ? `: ${d.reason}` : ""));
          break;
        case "message.completed":
          live.text = d.content || "";
          live.done = true;
          this.render(live, true);
          if (d.message_id) this.votes(live, d.message_id);
          live.followups = d.followups || [];
          break;
        case "run.completed": this.endReply(live, "completed"); break;
        case "run.failed": this.endReply(live, "failed", (d.error && d.error.message) || "The assistant could not answer."); break;
        case "run.cancelled": this.endReply(live, "cancelled", "Stopped."); break;
        default: break;
      }
      this.saveSoon();
      return FINAL.includes(kind);
    }

    render(live, now) {
      // the first text is painted at once; later pieces at most once per frame
      if (now || !live.painted) {
        live.painted = true;
        markdown(live.body, live.text);
        this.scroll();
        return;
      }
      if (live.frame) return;
      live.frame = requestAnimationFrame(() => {
        live.frame = 0;
        markdown(live.body, live.text);
        this.scroll();
      });
    }

    step(live, key, text) {
      if (!live.steps) live.steps = live.node.insertBefore(el("ul", "steps"), live.body);
      let item = live.tools[key];
      if (!item) item = live.tools[key] = live.steps.appendChild(el("li"));
      item.textContent = text;
      this.scroll();
    }

    // the sources a knowledge search found (search_knowledge's citations), under the answer
    sources(live, citations) {
      if (!live.sources) {
        live.sources = live.node.appendChild(el("div", "sources"));
        live.sources.setAttribute("role", "group");
        live.sources.setAttribute("aria-label", "Sources");
        live.sources.append(el("div", "sources-title", "Sources"));
        live.sourceList = live.sources.appendChild(el("ol"));
        live.cited = {};
      }
      for (const c of citations) {
        const key = `${c.document_id}:${c.position}`;
        if (!c.document_name || live.cited[key]) continue;
        live.cited[key] = true;
        live.sourceList.append(el("li", null, `${c.document_name} (part ${Number(c.position) + 1})`));
      }
      this.scroll();
    }

    // a tool call waiting for the user's approval: the tool, its arguments (as text), and
    // Approve / Deny; the decision replaces the buttons
    ask(live, d) {
      const asks = live.asks || (live.asks = {});
      if (!d.call_id || asks[d.call_id]) return;
      const box = el("div", "ask");
      box.setAttribute("role", "group");
      box.setAttribute("aria-label", `Approval needed: ${d.name}`);
      box.append(el("div", null, `Allow ${d.name}?`), el("pre", null, JSON.stringify(d.arguments || {}, null, 2)));
      const row = box.appendChild(el("div", "actions"));
      const a = asks[d.call_id] = { d, box, row, done: false };
      const go = async (decision) => {
        for (const b of row.children) b.disabled = true;
        try {
          const r = await this.json("POST", `/v1/runs/${d.run_id}/approvals`, { call_id: d.call_id, decision });
          const p = (r.run.approvals || []).find((x) => x.call_id === d.call_id);
          this.asked(live, d.call_id, p ? p.status : decision === "approve" ? "approved" : "denied");
        } catch (e) {
          if (e.code === "approval_already_decided" || e.code === "run_not_awaiting_approval") return;
          for (const b of row.children) b.disabled = false;
          this.fail(e);
        }
      };
      for (const [decision, label] of [["approve", "Approve"], ["deny", "Deny"]]) {
        const b = row.appendChild(el("button", decision === "approve" ? "primary" : null, label));
        b.type = "button";
        b.addEventListener("click", () => go(decision));
      }
      live.node.insertBefore(box, live.body);
      this.scroll();
      return a;
    }

    asked(live, callId, decision, by) {
      const a = live.asks && live.asks[callId];
      if (!a || a.done) return;
      a.done = true;
      const note = el("div", "note", (decision === "approved" ? "Approved" : "Denied") + (by && by.kind === "timeout" ? " (no answer in time)" : ""));
      note.setAttribute("role", "status");
      a.row.replaceWith(note);
      this.saveSoon();
    }

    endReply(live, how, note) {
      if (live.frame) cancelAnimationFrame(live.frame);
      markdown(live.body, live.text);
      live.node.removeAttribute("aria-busy");
      if (how !== "completed") {
        live.node.classList.add(how);
        live.node.append(el("div", "note", note));
      }
      if (!live.text && how === "completed") live.body.textContent = "";
      if (this.live === live && this.waiting.length) {
        this.nextReply(live.last);
      } else if (this.live === live) {
        this.live = null;
        this.busy(false);
        this.save();
        if (live.followups && live.followups.length && how === "completed") this.followups(live.followups);
        this.markRead();
      }
      this.scroll();
    }

    async stop() {
      if (!this.live || !this.thread) return;
      this.ui.stop.disabled = true;
      this.dropWaiting(); // DELETE /v1/chat/stream cancels them too
      try {
        await this.api("DELETE", `/v1/chat/stream?thread_id=${this.thread}`);
      } catch (e) {
        if (e.code !== "no_active_turn") this.fail(e);
      } finally {
        this.ui.stop.disabled = false;
      }
    }

    // ---- votes and follow-ups ----
    votes(b, messageId) {
      if (b.actions) return;
      const row = b.actions = b.node.appendChild(el("div", "actions"));
      const state = { value: null };
      const comment = el("input");
      comment.type = "text";
      comment.maxLength = 2000;
      comment.placeholder = "Add a comment (optional)";
      comment.setAttribute("aria-label", "Comment on this answer");
      const submit = el("button", null, "Send feedback");
      submit.type = "button";
      comment.hidden = submit.hidden = true;
      const cast = async (value, text) => {
        try {
          const body = { message_id: messageId, value };
          if (text) body.comment = text;
          const r = await this.json("POST", "/v1/vote", body);
          state.value = r.vote.value;
          up.setAttribute("aria-pressed", String(state.value === "up"));
          down.setAttribute("aria-pressed", String(state.value === "down"));
          comment.hidden = submit.hidden = !state.value || !!text;
          if (text) { comment.value = ""; row.append(el("span", "note", "Thanks for the feedback.")); }
          else if (state.value) comment.focus();
        } catch (e) {
          this.fail(e);
        }
      };
      const mk = (value, glyph, label) => {
        const btn = el("button");
        btn.type = "button";
        btn.setAttribute("aria-pressed", "false");
        btn.setAttribute("aria-label", label);
        btn.append(el("span", null, glyph));
        btn.firstChild.setAttribute("aria-hidden", "true");
        btn.addEventListener("click", () => cast(state.value === value ? null : value));
        return btn;
      };
      const up = mk("up", "\u{1F44D}", "Helpful");
      const down = mk("down", "\u{1F44E}", "Not helpful");
      submit.addEventListener("click", () => cast(state.value, comment.value.trim()));
      comment.addEventListener("keydown", (e) => { if (e.key === "Enter") { e.preventDefault(); submit.click(); } });
      row.append(up, down, comment, submit);
    }

    followups(items) {
      this.dropFollowups();
      const box = this.followupBox = el("div", "followups");
      box.setAttribute("role", "group");
      box.setAttribute("aria-label", "Suggested questions");
      for (const text of items.slice(0, 5)) {
        if (typeof text !== "string" || !text.trim()) continue;
        const b = el("button", null, text);
        b.type = "button";
        b.addEventListener("click", () => this.send(text));
        box.append(b);
      }
      this.ui.log.append(box);
      this.scroll();
    }

    dropFollowups() {
      if (this.followupBox) { this.followupBox.remove(); this.followupBox = null; }
    }

    // ---- view helpers ----
    bubble(role) {
      const node = el("div", "msg " + role);
      node.setAttribute("role", "article");
      node.setAttribute("aria-label", role === "user" ? "You said" : "Assistant said");
      const body = node.appendChild(el("div", "body"));
      this.ui.log.append(node);
      return { node, body };
    }

    busy(on) {
      this.ui.stop.hidden = !on;
      this.ui.send.disabled = on && this.multitaskStrategy === "reject";
    }

    scroll() {
      const log = this.ui.log;
      log.scrollTop = log.scrollHeight;
    }

    alert(text) {
      this.ui.alert.textContent = text;
      this.ui.alert.hidden = false;
    }

    clearAlert() {
      this.ui.alert.hidden = true;
      this.ui.alert.textContent = "";
    }

    fail(e) {
      this.alert(e instanceof ChatError ? e.message : "Something went wrong. Please try again.");
      this.dispatchEvent(new CustomEvent("agent-platform-chat:error", { detail: { message: String(e && e.message), status: e && e.status, code: e && e.code } }));
    }

    // ---- what survives a reload (this tab only): the thread and a reply in progress ----
    save() {
      if (this.saveTimer) { clearTimeout(this.saveTimer); this.saveTimer = 0; }
      if (!this.copilotId) return;
      const live = this.live;
      const state = { thread: this.thread, user: this.tokens && this.tokens.user };
      if (live && live.run) {
        state.live = { run: live.run, text: live.text, last: live.last };
        const open = Object.values(live.asks || {}).filter((a) => !a.done).map((a) => a.d);
        if (open.length) state.live.asks = open;
      }
      if (this.waiting.length) state.waiting = this.waiting.map((w) => w.run);
      try { sessionStorage.setItem(this.storeKey, JSON.stringify(state)); } catch (_) { /* storage off */ }
    }

    saveSoon() {
      if (!this.saveTimer) this.saveTimer = setTimeout(() => this.save(), 200);
    }

    restore() {
      try {
        const s = JSON.parse(sessionStorage.getItem(this.storeKey) || "null");
        if (!s || (s.user && this.tokens && this.tokens.user && s.user !== this.tokens.user)) return null;
        if (s.live && !(typeof s.live.text === "string" && (s.live.last == null || Number.isInteger(s.live.last)))) s.live = null;
        if (s.live && s.live.asks && !Array.isArray(s.live.asks)) s.live.asks = null;
        if (s.waiting && !(Array.isArray(s.waiting) && s.waiting.every((r) => typeof r === "string"))) s.waiting = null;
        return s;
      } catch (_) {
        return null;
      }
    }
  }

  customElements.define("agent-platform-chat", AgentPlatformChat);
})();
