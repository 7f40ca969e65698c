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
  const PAGE = 50; // messages and conversations per request
  const RTL = ["ar", "he", "fa", "ur"];
  const BUDGET = 8; // ms of work per task while a reply streams (a frame has 16)
  const PIECE = 1500; // characters of text built at a time

  // ---- labels: one table per language (the `locale` attribute; `strings` adds or overrides) ----
  const STRINGS = {
    en: {
      open: "Open chat", close: "Close chat", threads: "Conversations", newThread: "New conversation",
      message: "Message", placeholder: "Type a message", send: "Send", stop: "Stop",
      noThreads: "No conversations yet.", conversation: "Conversation", more: "Show more conversations",
      unread: "{0} unread", you: "You said", bot: "Assistant said", typing: "The assistant is typing",
      waiting: "Waiting for the previous answer\u2026", stopped: "Stopped.",
      failed: "The assistant could not answer.", interrupted: "The answer was interrupted before it finished.",
      retry: "Try again", reconnecting: "Connection lost. Reconnecting\u2026", older: "Earlier messages",
      using: "Using {0}\u2026", used: "Used {0}", toolFailed: "{0} failed",
      handoff: "Passed to another assistant", allow: "Allow {0}?", approval: "Approval needed: {0}",
      approve: "Approve", deny: "Deny", approved: "Approved", denied: "Denied", timeout: " (no answer in time)",
      up: "Helpful", down: "Not helpful", comment: "Comment on this answer", commentHint: "Add a comment (optional)",
      feedback: "Send feedback", thanks: "Thanks for the feedback.", suggestions: "Suggested questions",
      sources: "Sources", part: "{0} (part {1})",
      connect: "Connect {0}", busy: "The assistant is still answering. Wait for the reply or stop it.",
      spend: "Your team has reached its spending limit for this month, so the assistant cannot answer right now.",
      limit: "The usage limit is reached for now.", retryIn: " Please try again in {0}.", shortly: " Please try again shortly.",
      ended: "Your chat session has ended. Reload the page to continue.", forbidden: "This chat is not available to you.",
      missing: "This conversation could not be found.", server: "The chat service had a problem. Please try again.",
      offline: "Can't reach the chat service. Check your connection.", generic: "Something went wrong. Please try again.",
      noToken: "No session token was provided.", badUrl: "The connect address is not valid.",
      requestFailed: "Request failed ({0}).",
    },
    fr: {
      open: "Ouvrir la discussion", close: "Fermer la discussion", threads: "Conversations",
      newThread: "Nouvelle conversation", message: "Message", placeholder: "Écrivez un message", send: "Envoyer",
      stop: "Arrêter", noThreads: "Aucune conversation pour l’instant.", conversation: "Conversation",
      more: "Plus de conversations", unread: "{0} non lu(s)", you: "Vous avez écrit", bot: "L’assistant a répondu",
      typing: "L’assistant écrit", waiting: "En attente de la réponse précédente\u2026", stopped: "Arrêté.",
      failed: "L’assistant n’a pas pu répondre.", interrupted: "La réponse a été interrompue avant la fin.",
      retry: "Réessayer", reconnecting: "Connexion perdue. Reconnexion\u2026", older: "Messages précédents",
      using: "Utilise {0}\u2026", used: "{0} utilisé", toolFailed: "Échec de {0}",
      handoff: "Transmis à un autre assistant", allow: "Autoriser {0} ?", approval: "Autorisation requise : {0}",
      approve: "Autoriser", deny: "Refuser", approved: "Autorisé", denied: "Refusé", timeout: " (sans réponse à temps)",
      up: "Utile", down: "Pas utile", comment: "Commenter cette réponse", commentHint: "Ajouter un commentaire (facultatif)",
      feedback: "Envoyer l’avis", thanks: "Merci pour votre avis.", suggestions: "Questions suggérées",
      sources: "Sources", part: "{0} (partie {1})",
      connect: "Connecter {0}", busy: "L’assistant répond encore. Attendez la réponse ou arrêtez-la.",
      spend: "Votre équipe a atteint sa limite de dépenses du mois : l’assistant ne peut pas répondre pour l’instant.",
      limit: "La limite d’utilisation est atteinte pour le moment.", retryIn: " Réessayez dans {0}.",
      shortly: " Réessayez dans un instant.", ended: "Votre session a pris fin. Rechargez la page pour continuer.",
      forbidden: "Cette discussion ne vous est pas accessible.", missing: "Cette conversation est introuvable.",
      server: "Le service de discussion a rencontré un problème. Réessayez.",
      offline: "Impossible de joindre le service de discussion. Vérifiez votre connexion.",
      generic: "Une erreur s’est produite. Réessayez.", noToken: "Aucun jeton de session n’a été fourni.",
      badUrl: "L’adresse de connexion n’est pas valide.", requestFailed: "La requête a échoué ({0}).",
    },
    ar: {
      open: "افتح المحادثة", close: "أغلق المحادثة",
      threads: "المحادثات", newThread: "محادثة جديدة",
      message: "رسالة", placeholder: "اكتب رسالة", send: "إرسال",
      stop: "إيقاف", noThreads: "لا توجد محادثات بعد.",
      conversation: "محادثة", more: "المزيد من المحادثات",
      unread: "{0} غير مقروءة", you: "كتبت", bot: "أجاب المساعد",
      typing: "المساعد يكتب", waiting: "في انتظار الإجابة السابقة\u2026",
      stopped: "تم الإيقاف.", failed: "تعذّر على المساعد الإجابة.",
      interrupted: "انقطعت الإجابة قبل أن تكتمل.",
      retry: "حاول مجددًا", reconnecting: "انقطع الاتصال. جارٍ إعادة الاتصال\u2026",
      older: "رسائل سابقة", using: "يستخدم {0}\u2026", used: "استخدم {0}",
      toolFailed: "فشل {0}", handoff: "أُحيل إلى مساعد آخر",
      allow: "هل تسمح بـ {0}؟", approval: "مطلوب إذن: {0}",
      approve: "اسمح", deny: "ارفض", approved: "تم السماح", denied: "تم الرفض",
      timeout: " (لم يصل رد في الوقت)", up: "مفيد", down: "غير مفيد",
      comment: "علّق على هذه الإجابة", commentHint: "أضف تعليقًا (اختياري)",
      feedback: "أرسل الرأي", thanks: "شكرًا على رأيك.",
      suggestions: "أسئلة مقترحة", connect: "اربط {0}", sources: "المصادر", part: "{0} (الجزء {1})",
      busy: "ما زال المساعد يجيب. انتظر الرد أو أوقفه.",
      spend: "بلغ فريقك حد الإنفاق لهذا الشهر، لذا لا يستطيع المساعد الإجابة الآن.",
      limit: "تم بلوغ حد الاستخدام حاليًا.", retryIn: " حاول مجددًا بعد {0}.",
      shortly: " حاول مجددًا بعد قليل.", ended: "انتهت جلستك. أعد تحميل الصفحة للمتابعة.",
      forbidden: "هذه المحادثة غير متاحة لك.", missing: "تعذّر العثور على هذه المحادثة.",
      server: "حدثت مشكلة في خدمة المحادثة. حاول مجددًا.",
      offline: "تعذّر الوصول إلى خدمة المحادثة. تحقّق من اتصالك.",
      generic: "حدث خطأ ما. حاول مجددًا.", noToken: "لم يتم تقديم رمز جلسة.",
      badUrl: "عنوان الربط غير صالح.", requestFailed: "فشل الطلب ({0}).",
    },
  };

  // colours: --ap-* set by the page on the element win in every theme (set them in the page's
  // own dark-mode rule); the theme's defaults fill in the rest
  const LIGHT = "--bg:var(--ap-bg,#fff);--fg:var(--ap-fg,#111827);--mu:var(--ap-muted,#4b5563);--bd:var(--ap-border,#6b7280);" +
    "--ub:var(--ap-user-bg,#e5edff);--bb:var(--ap-bot-bg,#f3f4f6);--er:var(--ap-error,#b91c1c);--ln:var(--ap-line,#e5e7eb)";
  const DARK = "--bg:var(--ap-bg,#111827);--fg:var(--ap-fg,#f3f4f6);--mu:var(--ap-muted,#9ca3af);--bd:var(--ap-border,#6b7280);" +
    "--ub:var(--ap-user-bg,#1e3a8a);--bb:var(--ap-bot-bg,#1f2937);--er:var(--ap-error,#fca5a5);--ln:var(--ap-line,#374151)";
  const CSS = `
:host{display:block}:host([data-inline]){height:100%}
.wrap{font-family:var(--ap-font,system-ui,-apple-system,"Segoe UI",Roboto,sans-serif);font-size:15px;line-height:1.45}
.wrap{--a:var(--ap-accent,#1d4ed8);--af:var(--ap-accent-fg,#fff);--r:var(--ap-radius,10px);${LIGHT};height:100%}
.dark{${DARK}}
@media (prefers-color-scheme:dark){.auto{${DARK}}}
*{box-sizing:border-box}
[hidden]{display:none!important}
.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
svg{width:18px;height:18px;fill:none;stroke:currentColor;stroke-width:2;stroke-linecap:round;stroke-linejoin:round;flex:none}
button,textarea,input{font:inherit;color:inherit}
button{cursor:pointer;border-radius:6px;border:1px solid var(--bd);background:var(--bg);padding:4px 10px;
display:inline-flex;align-items:center;justify-content:center;gap:4px}
button:disabled{cursor:not-allowed;opacity:.45}
button:focus-visible,textarea:focus-visible,input:focus-visible,a:focus-visible,.log:focus-visible{outline:3px solid var(--a);outline-offset:2px}
.primary{background:var(--a);color:var(--af);border-color:var(--a)}
.icon{padding:6px;border-color:transparent;background:transparent}
.panel{display:flex;flex-direction:column;background:var(--bg);color:var(--fg);border:1px solid var(--ln);
border-radius:var(--r);overflow:hidden;height:100%;min-height:320px}
.floating .panel{position:fixed;bottom:88px;width:var(--ap-width,380px);height:var(--ap-height,560px);
max-width:calc(100vw - 32px);max-height:calc(100vh - 110px);box-shadow:0 8px 30px rgba(0,0,0,.25);z-index:2147483000}
.launcher{position:fixed;bottom:20px;width:56px;height:56px;border-radius:50%;padding:0;
background:var(--a);color:var(--af);border:0;z-index:2147483000;box-shadow:0 4px 14px rgba(0,0,0,.3)}
.launcher svg{width:26px;height:26px}
.bottom-right .panel,.bottom-right .launcher{right:20px}
.bottom-left .panel,.bottom-left .launcher{left:20px}
header{display:flex;align-items:center;gap:2px;padding:8px 8px 8px 14px;border-bottom:1px solid var(--ln)}
[dir=rtl] header{padding:8px 14px 8px 8px}
header h2{flex:1;margin:0;font-size:16px;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.threads{border-bottom:1px solid var(--ln);max-height:40%;overflow:auto;padding:6px 12px}
.threads ul{list-style:none;margin:0;padding:0}
.threads li button{width:100%;text-align:start;border:0;display:flex;justify-content:flex-start;gap:6px;padding:6px 4px}
.threads li button[aria-current=true]{font-weight:600}
.badge{background:var(--a);color:var(--af);border-radius:9px;padding:0 7px;font-size:12px;margin-inline-start:auto}
.connect{padding:6px 12px;border-bottom:1px solid var(--ln);display:flex;flex-wrap:wrap;gap:6px}
.log{flex:1;overflow:auto;padding:12px;display:flex;flex-direction:column;gap:10px;overscroll-behavior:contain}
.log>.more{align-self:center;font-size:13px;color:var(--mu)}
.msg{max-width:88%;padding:8px 11px;border-radius:var(--r);overflow-wrap:anywhere}
.user{align-self:flex-end;background:var(--ub);white-space:pre-wrap}
.assistant{align-self:flex-start;background:var(--bb)}
.body>:first-child{margin-top:0}.body>:last-child{margin-bottom:0}
.body>*{content-visibility:auto;contain-intrinsic-size:auto 1.5em}
.body p,.body ul,.body ol,.body pre,.body blockquote,.body h1,.body h2,.body h3,.body h4,.body h5,.body h6{margin:0 0 8px}
.body h1,.body h2,.body h3,.body h4,.body h5,.body h6{font-size:1em}
.body ul,.body ol{padding-inline-start:22px}
.body blockquote{padding-inline-start:10px;border-inline-start:3px solid var(--ln);margin-inline:0}
.body hr{border:0;border-top:1px solid var(--ln)}
.body pre{background:rgba(127,127,127,.15);padding:8px;border-radius:6px;overflow:auto;white-space:pre;direction:ltr;text-align:left}
.body code{font-family:var(--ap-mono,ui-monospace,Menlo,Consolas,monospace);font-size:.9em}
.body a{color:inherit;text-decoration:underline}
.typing{display:flex;gap:4px;padding:4px 0}
.typing i{width:7px;height:7px;border-radius:50%;background:var(--mu);animation:ap-dot 1s infinite ease-in-out}
.typing i:nth-child(2){animation-delay:.15s}.typing i:nth-child(3){animation-delay:.3s}
@keyframes ap-dot{0%,60%,100%{opacity:.3;transform:none}30%{opacity:1;transform:translateY(-3px)}}
@media (prefers-reduced-motion:reduce){.typing i{animation:none}}
.steps{list-style:none;margin:0 0 6px;padding:0;font-size:13px;color:var(--mu)}
.sources{font-size:12px;color:var(--mu);margin-top:6px}
.sources ol{margin:2px 0 0;padding-inline-start:18px}
.note{font-size:13px;color:var(--mu);margin-top:4px}
.queued .body:empty{display:none}
.failed .note{color:var(--er)}
.actions{display:flex;gap:6px;margin-top:6px;align-items:center;flex-wrap:wrap}
.actions button{padding:3px 7px;font-size:13px}
.actions button[aria-pressed=true]{background:var(--a);color:var(--af)}
.actions input{flex:1;min-width:120px;padding:3px 6px;border:1px solid var(--bd);border-radius:6px;background:var(--bg);font-size:16px}
.ask{border:1px solid var(--a);border-radius:8px;padding:6px 8px;margin:0 0 6px;font-size:13px}
.ask pre{margin:4px 0;white-space:pre-wrap;word-break:break-word;font-size:12px;direction:ltr;text-align:left}
.followups{display:flex;flex-wrap:wrap;gap:6px;align-self:flex-start}
.followups button{border-color:var(--a);font-size:13px}
.alert{color:var(--er);padding:6px 12px;font-size:14px}
form{display:flex;gap:8px;padding:10px 12px;border-top:1px solid var(--ln);align-items:flex-end}
textarea{flex:1;resize:none;min-height:40px;max-height:140px;padding:8px;border-radius:8px;font-size:16px;
border:1px solid var(--bd);background:var(--bg)}
form button{min-height:40px}
@media (max-width:520px){
.floating .panel{inset:0;width:100%;height:100%;max-width:none;max-height:none;border-radius:0;border:0;
padding:env(safe-area-inset-top) env(safe-area-inset-right) env(safe-area-inset-bottom) env(safe-area-inset-left)}
.launcher{bottom:calc(16px + env(safe-area-inset-bottom))}
.bottom-right .launcher{right:calc(16px + env(safe-area-inset-right))}
.bottom-left .launcher{left:calc(16px + env(safe-area-inset-left))}
.msg{max-width:94%}}
`;

  // inline SVG icons (24x24, stroked): no emoji font needed
  const PATHS = {
    chat: "M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12z",
    list: "M8 6h13M8 12h13M8 18h13M3.5 6h.01M3.5 12h.01M3.5 18h.01",
    plus: "M12 5v14M5 12h14",
    x: "M6 6l12 12M18 6L6 18",
    up: "M7 10v11H3V10h4zm0 0l4-8a3 3 0 0 1 3 3v4h5.5a2 2 0 0 1 2 2.3l-1.4 8A2 2 0 0 1 18.1 21H7",
    down: "M17 14V3h4v11h-4zm0 0l-4 8a3 3 0 0 1-3-3v-4H4.5a2 2 0 0 1-2-2.3l1.4-8A2 2 0 0 1 5.9 3H17",
  };
  const icon = (name) => `<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="${PATHS[name]}"/></svg>`;

  const TEMPLATE = `<div class="wrap"><button class="launcher" type="button" aria-expanded="false" hidden>
${icon("chat")}<span class="sr" data-l="open"></span></button>
<section class="panel" role="region"><header><h2 class="title"></h2>
<button type="button" class="threads-btn icon" aria-expanded="false">${icon("list")}<span class="sr" data-l="threads"></span></button>
<button type="button" class="new-btn icon">${icon("plus")}<span class="sr" data-l="newThread"></span></button>
<button type="button" class="close-btn icon" hidden>${icon("x")}<span class="sr" data-l="close"></span></button></header>
<nav class="threads" hidden><ul></ul><button type="button" class="more-threads" hidden data-l="more"></button></nav>
<div class="connect" hidden></div>
<div class="log" role="log" aria-live="polite" aria-relevant="additions text" tabindex="0"></div>
<div class="alert" role="alert" hidden></div>
<form><label class="sr" data-l="message"></label><textarea rows="1"></textarea>
<button type="button" class="stop" hidden data-l="stop"></button><button type="submit" class="primary send" data-l="send"></button></form>
</section></div>`;

  let uid = 0;
  const el = (tag, cls, text) => {
    const n = document.createElement(tag);
    if (cls) n.className = cls;
    if (text != null) n.textContent = text;
    return n;
  };
  const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
  // a user's message as text; a long one in pieces of whole lines, each a block that layout
  // and paint skip while it is out of view (.body>*), so that a pasted essay lays out in a frame
  const said = (body, text) => {
    if (text.length <= 2 * PIECE) { body.textContent = text; return; }
    for (let i = 0, nl; i < text.length; i = nl + 1) {
      nl = text.indexOf("\n", i + PIECE);
      if (nl < 0) nl = text.length;
      const part = body.appendChild(el("div", null, text.slice(i, nl + 1)));
      part.style.containIntrinsicSize = `auto ${Math.ceil((nl - i) / 60) * 1.45}em`; // about its height
    }
  };
  const fill = (s, ...args) => s.replace(/\{(\d)\}/g, (_, n) => args[n]);

  // ---- Markdown: a CommonMark subset (docs/widget.md) parsed to a tree of plain objects,
  // ---- then built as DOM nodes with text content only; HTML in the source stays text ----
  // a node: a string (text), or {t: tag, c: children, href, start, lang}
  const ESCAPABLE = /[!-\/:-@\[-`{-~]/;
  const PUNCT = /[\p{P}\p{S}]/u;
  const SPACE = /\s/u;
  const ENTITIES = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0", copy: "\u00a9",
    reg: "\u00ae", hellip: "\u2026", mdash: "\u2014", ndash: "\u2013", laquo: "\u00ab", raquo: "\u00bb" };
  const ENTITY = /^&(?:#[xX]([0-9a-fA-F]{1,6})|#([0-9]{1,7})|([A-Za-z][A-Za-z0-9]{1,31}));/;
  const AUTOLINK = /^<([A-Za-z][A-Za-z0-9+.-]{1,31}:[^\s<>\x00-\x1f]*)>/;
  const EMAIL = /^<([a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*)>/;
  const BARE = /^https?:\/\/[^\s<]*[^\s<?!.,:*_~'")]/;
  const SPECIAL = /[\\`*_\[\]<&\nh]/g;

  function entity(s, i) {
    const m = ENTITY.exec(s.slice(i, i + 40));
    if (!m) return null;
    if (m[3]) {
      const named = ENTITIES[m[3]] || decode(m[0]);
      return named ? [named, m[0].length] : null;
    }
    const n = parseInt(m[1] || m[2], m[1] ? 16 : 10);
    return [n && n <= 0x10ffff && (n < 0xd800 || n > 0xdfff) ? String.fromCodePoint(n) : "\ufffd", m[0].length];
  }

  // HTML's named character references (the browser's table): an RCDATA element decodes, never parses markup
  let decoder = null;
  function decode(ref) {
    try {
      decoder = decoder || document.createElement("textarea");
      decoder.innerHTML = ref;
      const v = decoder.value;
      return v !== ref && v.length <= 2 ? v : null;
    } catch (_) {
      return null;
    }
  }

  // a tool's output: JSON shown as code, never as Markdown
  const JSON_LINE = /^(?:([^\s{\[][^\n]{0,80}?): )?([\[{].*[\]}])[ \t]*$/;
  function json(s) {
    try {
      const v = JSON.parse(s);
      if (v && typeof v === "object" && Object.keys(v).length) return JSON.stringify(v, null, 2);
    } catch (_) { /* not JSON */ }
    return null;
  }
  const code = (text) => ({ t: "pre", c: [{ t: "code", lang: "json", c: [text] }] });

  // backslash escapes and entities of a link destination or title
  function unescape(s) {
    let out = "";
    for (let i = 0; i < s.length; i++) {
      if (s[i] === "\\" && ESCAPABLE.test(s[i + 1] || "")) out += s[++i];
      else if (s[i] === "&" && entity(s, i)) { const [t, n] = entity(s, i); out += t; i += n - 1; }
      else out += s[i];
    }
    return out;
  }

  // `(destination "title")` after a link text's `]`, from p (just after `(`)
  function linkTail(s, p) {
    const sp = () => { let nl = 0; while (p < s.length && (s[p] === " " || s[p] === "\t" || (s[p] === "\n" && !nl++))) p++; };
    sp();
    let dest = "";
    if (s[p] === "<") {
      let q = p + 1;
      for (; q < s.length && s[q] !== ">"; q++) {
        if (s[q] === "\n" || s[q] === "<") return null;
        if (s[q] === "\\") q++;
      }
      if (s[q] !== ">") return null;
      dest = s.slice(p + 1, q);
      p = q + 1;
    } else {
      let depth = 0, q = p;
      for (; q < s.length; q++) {
        const c = s[q];
        if (c === "\\" && ESCAPABLE.test(s[q + 1] || "")) { q++; continue; }
        if (c === "(") depth++;
        else if (c === ")") { if (!depth) break; depth--; }
        else if (c <= " ") break;
      }
      if (depth) return null;
      dest = s.slice(p, q);
      p = q;
    }
    const before = p;
    sp();
    let title = null;
    const open = s[p];
    if (p > before && (open === '"' || open === "'" || open === "(")) {
      const close = open === "(" ? ")" : open;
      let q = p + 1;
      for (; q < s.length && s[q] !== close; q++) {
        if (s[q] === "\\") q++;
        else if (open === "(" && s[q] === "(") return null;
      }
      if (q >= s.length) return null;
      title = unescape(s.slice(p + 1, q));
      p = q + 1;
      sp();
    }
    if (s[p] !== ")") return null;
    return { href: unescape(dest), title, end: p + 1 };
  }

  function inlines(s) {
    const out = [], stack = [];
    let text = "", i = 0;
    const flush = () => { if (text) { out.push(text); text = ""; } };
    const delim = (v, d) => { flush(); const item = { v }; out.push(item); if (d) stack.push({ ...d, item }); };
    while (i < s.length) {
      SPECIAL.lastIndex = i;
      const found = SPECIAL.exec(s);
      const at = found ? found.index : s.length;
      if (at > i) { text += s.slice(i, at); i = at; }
      if (i >= s.length) break;
      const c = s[i];
      if (c === "\\") {
        const n = s[i + 1];
        if (n === "\n") { text = text.replace(/ +$/, ""); flush(); out.push({ t: "br" }); i += 2; while (s[i] === " ") i++; }
        else if (n && ESCAPABLE.test(n)) { text += n; i += 2; } else { text += c; i++; }
      } else if (c === "`") {
        let j = i;
        while (s[j] === "`") j++;
        const run = j - i;
        let k = j, end = -1;
        while ((k = s.indexOf("`", k)) >= 0) {
          let m = k;
          while (s[m] === "`") m++;
          if (m - k === run) { end = k; break; }
          k = m;
        }
        if (end < 0) { text += s.slice(i, j); i = j; continue; }
        let code = s.slice(j, end).replace(/\n/g, " ");
        if (code.length > 1 && code[0] === " " && code[code.length - 1] === " " && /[^ ]/.test(code)) code = code.slice(1, -1);
        flush();
        out.push({ t: "code", c: [code] });
        i = end + run;
      } else if (c === "*" || c === "_") {
        let j = i;
        while (s[j] === c) j++;
        const before = i ? s[i - 1] : " ", after = j < s.length ? s[j] : " ";
        const wsB = SPACE.test(before), wsA = SPACE.test(after);
        const pB = PUNCT.test(before), pA = PUNCT.test(after);
        const left = !wsA && (!pA || wsB || pB), right = !wsB && (!pB || wsA || pA);
        const open = c === "*" ? left : left && (!right || pB);
        const close = c === "*" ? right : right && (!left || pA);
        delim(s.slice(i, j), open || close ? { ch: c, n: j - i, orig: j - i, open, close } : null);
        i = j;
      } else if (c === "[") {
        delim("[", { ch: "[", active: true });
        i++;
      } else if (c === "]") {
        let k = stack.length - 1;
        while (k >= 0 && stack[k].ch !== "[") k--;
        const tail = k >= 0 && stack[k].active && s[i + 1] === "(" ? linkTail(s, i + 2) : null;
        if (!tail) {
          if (k >= 0) stack.splice(k, 1);
          text += "]";
          i++;
          continue;
        }
        flush();
        emphasis(out, stack, k + 1);
        const start = out.indexOf(stack[k].item);
        const kids = out.splice(start).slice(1);
        out.push({ t: "a", href: tail.href, title: tail.title, c: kids });
        stack.splice(k);
        for (const d of stack) if (d.ch === "[") d.active = false;
        i = tail.end;
      } else if (c === "<") {
        const rest = s.slice(i, i + 2048);
        const m = AUTOLINK.exec(rest) || EMAIL.exec(rest);
        if (m) {
          flush();
          out.push({ t: "a", href: (m[0].includes("@") && !m[0].includes(":") ? "mailto:" : "") + m[1], c: [m[1]] });
          i += m[0].length;
        } else { text += c; i++; }
      } else if (c === "&") {
        const e = entity(s, i);
        if (e) { text += e[0]; i += e[1]; } else { text += c; i++; }
      } else if (c === "\n") {
        const hard = / {2,}$/.test(text);
        text = text.replace(/ +$/, "");
        flush();
        out.push(hard ? { t: "br" } : "\n");
        i++;
        while (s[i] === " ") i++;
      } else { // "h": a bare http(s) URL at a word's start is a link (GFM's extended autolink)
        const m = (!i || /[\s(*_~]/.test(s[i - 1])) && BARE.exec(s.slice(i, i + 2048));
        if (m) {
          let url = m[0];
          while (url.endsWith(")") && url.split("(").length < url.split(")").length) url = url.slice(0, -1);
          flush();
          out.push({ t: "a", href: url, c: [url] });
          i += url.length;
        } else { text += c; i++; }
      }
    }
    flush();
    emphasis(out, stack, 0);
    return out;
  }

  // CommonMark's "process emphasis" over the delimiter stack above bottom
  function emphasis(out, stack, bottom) {
    const floors = {};
    let ci = bottom;
    while (ci < stack.length) {
      const closer = stack[ci];
      if (closer.ch === "[" || !closer.close) { ci++; continue; }
      const key = closer.ch + closer.open + (closer.orig % 3);
      const floor = Math.max(bottom, floors[key] == null ? bottom : floors[key]);
      let oi = ci - 1;
      for (; oi >= floor; oi--) {
        const o = stack[oi];
        if (o.ch === closer.ch && o.open && !((closer.open || o.close) && (o.orig + closer.orig) % 3 === 0
          && (o.orig % 3 || closer.orig % 3))) break;
      }
      if (oi < floor) {
        floors[key] = ci;
        if (!closer.open) stack.splice(ci, 1); else ci++;
        continue;
      }
      const opener = stack[oi];
      const use = opener.n >= 2 && closer.n >= 2 ? 2 : 1;
      opener.n -= use;
      closer.n -= use;
      opener.item.v = opener.item.v.slice(use);
      closer.item.v = closer.item.v.slice(use);
      const a = out.indexOf(opener.item), b = out.indexOf(closer.item);
      out.splice(a + 1, 0, { t: use === 2 ? "strong" : "em", c: out.splice(a + 1, b - a - 1) });
      stack.splice(oi + 1, ci - oi - 1);
      ci = oi + 1;
      if (!opener.n) { out.splice(out.indexOf(opener.item), 1); stack.splice(oi, 1); ci--; }
      if (!closer.n) { out.splice(out.indexOf(closer.item), 1); stack.splice(ci, 1); }
    }
    stack.splice(bottom);
  }

  // ---- blocks ----
  const FENCE = /^( {0,3})(`{3,}|~{3,})\s*([^`\s]*)[^`]*$/;
  const TILDE_FENCE = /^( {0,3})(~{3,})\s*(\S*).*$/;
  const ATX = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/;
  const SETEXT = /^ {0,3}(=+|-+)[ \t]*$/;
  const HR = /^ {0,3}(?:(?:\*[ \t]*){3,}|(?:-[ \t]*){3,}|(?:_[ \t]*){3,})$/;
  const QUOTE = /^ {0,3}> ?/;
  const ITEM = /^( {0,3})([-+*]|(\d{1,9})([.)]))( {1,4}(?! )|[ ]*$|(?= {5}))/;
  const blank = (l) => !/\S/.test(l);
  const indent = (l) => l.length - l.trimStart().length;

  function expandTabs(line) {
    const lead = /^[ \t]*/.exec(line)[0];
    if (!lead.includes("\t")) return line;
    let out = "";
    for (const c of lead) out += c === "\t" ? " ".repeat(4 - (out.length % 4)) : c;
    return out + line.slice(lead.length);
  }

  // a line that starts a block other than a paragraph's continuation
  function interrupts(line) {
    if (FENCE.test(line) || TILDE_FENCE.test(line) || ATX.test(line) || HR.test(line) || QUOTE.test(line)) return true;
    const m = ITEM.exec(line);
    return !!m && !blank(line.slice(m[0].length)) && (!m[3] || m[3] === "1");
  }

  function blocks(lines) {
    const out = [];
    let para = null, i = 0, gap = false;
    const end = () => {
      if (para) push({ t: "p", c: inlines(para.join("\n").replace(/^[ \t]+/, "").replace(/[ \t]+$/, "")) });
      para = null;
    };
    const push = (node) => { if (gap && out.length) out.gap = true; gap = false; out.push(node); };
    while (i < lines.length) {
      const line = lines[i];
      let m;
      if (blank(line)) { end(); gap = true; i++; continue; }
      if (!para && indent(line) >= 4) { // indented code
        const code = [];
        for (; i < lines.length && (blank(lines[i]) || indent(lines[i]) >= 4); i++) code.push(lines[i].slice(4));
        while (blank(code[code.length - 1])) { code.pop(); i--; }
        push({ t: "pre", c: [{ t: "code", c: [code.join("\n") + "\n"] }] });
        continue;
      }
      if ((m = FENCE.exec(line) || TILDE_FENCE.exec(line))) {
        end();
        const pad = m[1].length, mark = m[2], code = [];
        const close = new RegExp(`^ {0,3}${mark[0] === "`" ? "`" : "~"}{${mark.length},}[ \\t]*$`);
        for (i++; i < lines.length && !close.test(lines[i]); i++) {
          const l = lines[i];
          code.push(l.slice(Math.min(pad, indent(l))));
        }
        i++;
        push({ t: "pre", c: [{ t: "code", lang: unescape(m[3]), c: [code.length ? code.join("\n") + "\n" : ""] }] });
        continue;
      }
      if ((m = ATX.exec(line))) {
        end();
        push({ t: "h" + m[1].length, c: inlines((m[2] || "").replace(/(^|[ \t]+)#+$/, "").trim()) });
        i++;
        continue;
      }
      if (para && (m = SETEXT.exec(line))) {
        push({ t: m[1][0] === "=" ? "h1" : "h2", c: inlines(para.join("\n").trim()) });
        para = null;
        i++;
        continue;
      }
      if (HR.test(line)) { end(); push({ t: "hr" }); i++; continue; }
      if (QUOTE.test(line)) {
        end();
        const inner = [];
        let lazy = false;
        for (; i < lines.length; i++) {
          const l = lines[i];
          if (QUOTE.test(l)) {
            const rest = l.replace(QUOTE, "");
            inner.push(rest);
            const core = rest.replace(/^(?: {0,3}> ?)*/, "");
            lazy = !blank(core) && indent(core) < 4 && !interrupts(core);
          } else if (lazy && !blank(l) && !interrupts(l)) inner.push(l);
          else break;
        }
        push({ t: "blockquote", c: blocks(inner) });
        continue;
      }
      if ((m = ITEM.exec(line)) && (!para || interrupts(line))) {
        end();
        const node = { t: "ol", c: [] };
        push(node);
        i = list(lines, i, node);
        continue;
      }
      if ((m = JSON_LINE.exec(line)) && (m[1] || !para) && (m[3] = json(m[2]))) {
        end();
        if (m[1]) push({ t: "p", c: inlines(m[1] + ":") });
        push(code(m[3]));
        i++;
        continue;
      }
      if (!para) { if (gap && out.length) out.gap = true; gap = false; para = []; }
      para.push(line);
      i++;
    }
    end();
    return out;
  }

  // the items of one list from line i into node; returns the line after it
  function list(lines, i, node) {
    const first = ITEM.exec(lines[i]);
    const ordered = !!first[3], kind = ordered ? first[4] : first[2];
    node.t = ordered ? "ol" : "ul";
    if (ordered && +first[3] !== 1) node.start = +first[3];
    let gap = false, tail = 0;
    while (i < lines.length) {
      const m = ITEM.exec(lines[i]);
      if (!m || (ordered ? m[4] !== kind || !m[3] : m[2] !== kind) || HR.test(lines[i])) break;
      if (gap) node.loose = true;
      let rest = lines[i].slice(m[0].length);
      if (!m[5] && !blank(rest)) rest = rest.slice(1); // five spaces or more: one, then indented code
      const width = m[1].length + m[2].length + (blank(rest) || !m[5] ? 1 : m[5].length);
      const inner = [blank(rest) ? "" : rest];
      let lazy = !blank(rest) && indent(rest) < 4 && !interrupts(rest);
      i++;
      if (!blank(rest) || i >= lines.length || !blank(lines[i])) { // starts with one blank line at most
        for (; i < lines.length; i++) {
          const l = lines[i];
          if (blank(l)) { inner.push(""); lazy = false; continue; }
          if (indent(l) >= width) {
            inner.push(l.slice(width));
            lazy = indent(l) - width < 4 && !interrupts(l.slice(width));
            continue;
          }
          if (lazy && !interrupts(l) && !ITEM.test(l) && !SETEXT.test(l)) { inner.push(l); continue; }
          break;
        }
      }
      else while (i < lines.length && blank(lines[i])) { i++; inner.push(""); } // an empty item
      tail = 0;
      while (inner.length > 1 && blank(inner[inner.length - 1])) { inner.pop(); tail++; }
      gap = tail > 0;
      const kids = blocks(inner);
      if (kids.gap) node.loose = true;
      node.c.push({ t: "li", c: kids });
    }
    return i - tail; // blank lines after the list are the caller's
  }

  function parse(src) {
    const whole = /^\s*[\[{][\s\S]*[\]}]\s*$/.test(src) && json(src);
    if (whole) return [code(whole)];
    const lines = src.replace(/\r\n?/g, "\n").replace(/\u0000/g, "\ufffd").split("\n").map(expandTabs);
    if (!lines[lines.length - 1]) lines.pop();
    const tree = blocks(lines);
    const tighten = (nodes) => {
      for (const n of nodes) {
        if (n.t === "ul" || n.t === "ol") {
          for (const li of n.c) {
            if (!n.loose) li.c = li.c.flatMap((k) => (k.t === "p" ? k.c : [k]));
            tighten(li.c);
          }
        } else if (n.t === "blockquote") tighten(n.c);
      }
      return nodes;
    };
    return tighten(tree);
  }

  const SAFE_PROTOCOLS = ["http:", "https:", "mailto:"];
  function safeHref(raw) {
    try {
      const u = new URL(raw, location.href);
      return SAFE_PROTOCOLS.includes(u.protocol) ? u.href : null;
    } catch (_) {
      return null;
    }
  }

  // the tree as DOM nodes: elements of a fixed set, text as text; a link keeps only a safe URL
  function build(parent, nodes) {
    for (const n of nodes) {
      if (typeof n === "string") parent.append(n);
      else if (n.v !== undefined) parent.append(n.v);
      else if (n.t === "a") {
        const safe = safeHref(n.href.replace(/[\\ ]/g, encodeURIComponent));
        if (!safe) { build(parent, n.c); continue; }
        const a = parent.appendChild(el("a"));
        a.href = safe;
        a.target = "_blank";
        a.rel = "noopener noreferrer";
        if (n.title) a.title = n.title;
        build(a, n.c);
      } else {
        const e = parent.appendChild(el(n.t));
        if (n.start != null) e.start = n.start;
        if (n.lang) e.className = "language-" + n.lang;
        if (n.c) build(e, n.c);
      }
    }
  }

  function fragment(src) {
    const f = document.createDocumentFragment();
    build(f, parse(src));
    return f;
  }

  function markdown(target, src) {
    target.replaceChildren(fragment(src));
  }

  // where a streaming text's settled blocks end: the start of its last complete line that
  // opens a block at the margin after a blank line, outside a code fence (nothing after it
  // can change what comes before it); with `most`, the first such line that many characters on
  function settled(text, from, most = Infinity) {
    let cut = from, fence = null, gap = false, i = from;
    for (let nl; (nl = text.indexOf("\n", i)) >= 0; i = nl + 1) {
      const line = text.slice(i, nl);
      if (fence) { if (fence.test(line)) fence = null; continue; }
      if (blank(line)) { gap = true; continue; }
      if (gap && /^[^\s>]/.test(line) && !ITEM.test(line) && !SETEXT.test(line)) {
        cut = i;
        if (cut - from >= most) break;
      }
      gap = false;
      const m = /^ {0,3}(`{3,}|~{3,})/.exec(line);
      if (m) fence = new RegExp(`^ {0,3}${m[1][0] === "`" ? "`" : "~"}{${m[1].length},}[ \\t]*$`);
    }
    return cut;
  }

  // a streaming reply painted in place: settled blocks once, the unsettled tail every frame.
  // A frame builds about PIECE characters of settled blocks, BUDGET ms at most (a burst of
  // text, such as a replay or a fast model, is built over several frames, and so is its
  // layout: never one long task): false when some are left for the next frame
  function paint(live) {
    const start = performance.now(), first = live.cut || 0;
    for (const n of live.tail || []) n.remove();
    live.tail = null;
    for (let from; (from = live.cut || 0) < live.text.length;) {
      const cut = settled(live.text, from, PIECE);
      if (cut <= from) break;
      live.body.append(fragment(live.text.slice(from, cut)));
      live.cut = cut;
      if (cut - first >= PIECE || performance.now() - start > BUDGET) return false;
    }
    const tail = fragment(live.text.slice(live.cut || 0));
    live.tail = [...tail.childNodes];
    live.body.append(tail);
    live.shown = live.text;
    return true;
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

  function duration(s, lang) {
    const [n, unit] = s < 90 ? [s, "second"] : s < 5400 ? [Math.round(s / 60), "minute"]
      : s < 172800 ? [Math.round(s / 3600), "hour"] : [Math.round(s / 86400), "day"];
    try {
      return new Intl.NumberFormat(lang, { style: "unit", unit, unitDisplay: "long" }).format(n);
    } catch (_) {
      return `${n} ${unit}${n === 1 ? "" : "s"}`;
    }
  }

  let sheet = null; // one constructed stylesheet shared by every widget (no inline <style>: strict CSPs)
  function styles(root) {
    if ("adoptedStyleSheets" in Document.prototype && "replaceSync" in CSSStyleSheet.prototype) {
      if (!sheet) { sheet = new CSSStyleSheet(); sheet.replaceSync(CSS); }
      root.adoptedStyleSheets = [sheet];
    } else root.append(el("style", null, CSS));
  }

  class AgentPlatformChat extends HTMLElement {
    // the session's tokens: private to the element, out of reach of the page's scripts
    #tokens = null;
    #renewing = null;

    static get observedAttributes() { return ["base-url", "copilot-id", "multitask-strategy", "locale", "session-url", "connect-url"]; }

    // the widget's Markdown renderer (text only; safe links), for pages that show replies elsewhere
    static renderMarkdown(src) { return fragment(String(src)); }

    constructor() {
      super();
      const root = this.attachShadow({ mode: "open" });
      styles(root);
      const tpl = document.createElement("template");
      tpl.innerHTML = TEMPLATE; // static markup of the widget itself, no data
      root.append(tpl.content.cloneNode(true));
      const $ = (s) => root.querySelector(s);
      this.ui = {
        wrap: $(".wrap"), launcher: $(".launcher"), panel: $(".panel"), title: $(".title"),
        threadsBtn: $(".threads-btn"), newBtn: $(".new-btn"), closeBtn: $(".close-btn"),
        threads: $(".threads"), list: $(".threads ul"), moreThreads: $(".more-threads"), connect: $(".connect"),
        log: $(".log"), alert: $(".alert"), form: $("form"), input: $("textarea"), stop: $(".stop"),
        send: $(".send"), label: $("form label"),
      };
      const id = "ap-chat-" + ++uid;
      this.ui.input.id = id + "-input";
      this.ui.label.htmlFor = this.ui.input.id;
      this.ui.panel.id = id + "-panel";
      this.ui.threads.id = id + "-threads";
      this.ui.launcher.setAttribute("aria-controls", this.ui.panel.id);
      this.ui.threadsBtn.setAttribute("aria-controls", this.ui.threads.id);
      this.thread = null;
      this.live = null; // the reply being streamed
      this.waiting = []; // replies of turns sent while one ran, in order (enqueue, interrupt)
      this.streamCtrl = null;
      this.extra = {};
      this.localize();
      this.bind();
    }

    // the host page's callbacks, also when set before the element was defined
    get getSessionToken() { return this._getSessionToken; }
    set getSessionToken(fn) { this._getSessionToken = fn; this.start(); }
    get getConnectUrl() { return this._getConnectUrl; }
    set getConnectUrl(fn) { this._getConnectUrl = fn; this.renderConnect(); }
    // labels added to or replacing those of the locale: {send: "Go", ...}
    get strings() { return this.extra; }
    set strings(table) { this.extra = table && typeof table === "object" ? table : {}; this.localize(); }

    connectedCallback() {
      for (const name of ["getSessionToken", "getConnectUrl", "multitaskStrategy", "strings"]) {
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
      if (name === "locale") { this.localize(); return; }
      if (name === "session-url") { this.start(); return; }
      if (name === "connect-url") { this.renderConnect(); return; }
      if (this.started) { this.started = false; this.start(); }
    }

    // ---- the page's API: open(), close(), send(text), newThread(); events (docs/widget.md) ----
    open() { this.setOpen(true); }
    close() { this.setOpen(false); }
    newThread() { return this.openThread(null); }
    send(text) { return this.post(text); }

    emit(name, detail) {
      this.dispatchEvent(new CustomEvent(name, { detail }));
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

    // ---- labels ----
    get lang() {
      const want = (this.getAttribute("locale") || document.documentElement.lang || "en").toLowerCase();
      return STRINGS[want] ? want : STRINGS[want.split("-")[0]] ? want.split("-")[0] : "en";
    }

    t(key, ...args) {
      const s = this.extra[key] != null ? String(this.extra[key]) : STRINGS[this.lang][key] || STRINGS.en[key];
      return fill(s, ...args);
    }

    // a label of the widget in its language, written again when the locale changes: its
    // parts are [key, ...args] or text (a tool's name, a reason), joined; attr: an attribute
    // (aria-label, title, placeholder), or the text when null
    say(node, attr, ...parts) {
      (node.labels || (node.labels = {}))[attr || ""] = parts;
      node.setAttribute("data-said", "");
      const text = parts.map((p) => (typeof p === "string" ? p : this.t(...p))).join("");
      if (attr) node.setAttribute(attr, text); else node.textContent = text;
      return node;
    }

    localize() {
      const u = this.ui;
      u.wrap.lang = this.lang;
      u.wrap.dir = RTL.includes(this.lang) ? "rtl" : "ltr";
      for (const n of this.shadowRoot.querySelectorAll("[data-l]")) n.textContent = this.t(n.dataset.l);
      for (const n of this.shadowRoot.querySelectorAll("[data-said]")) {
        for (const [attr, parts] of Object.entries(n.labels)) this.say(n, attr, ...parts);
      }
      if (this.providers) this.renderConnect();
      for (const b of [u.threadsBtn, u.newBtn, u.closeBtn, u.launcher]) b.title = b.textContent.trim();
      u.threads.setAttribute("aria-label", this.t("threads"));
      u.input.placeholder = this.placeholder || this.t("placeholder");
    }

    bind() {
      const u = this.ui;
      u.form.addEventListener("submit", (e) => { e.preventDefault(); this.post(u.input.value); });
      u.send.addEventListener("click", (e) => { e.preventDefault(); this.post(u.input.value); });
      u.input.addEventListener("keydown", (e) => {
        if (e.key === "Enter" && !e.shiftKey && !e.isComposing) { e.preventDefault(); this.post(u.input.value); }
      });
      u.input.addEventListener("input", () => {
        u.input.style.height = "auto";
        u.input.style.height = Math.min(u.input.scrollHeight, 140) + "px";
      });
      u.stop.addEventListener("click", () => this.stop());
      u.newBtn.addEventListener("click", () => this.openThread(null));
      u.threadsBtn.addEventListener("click", () => this.toggleThreads());
      u.moreThreads.addEventListener("click", () => this.refreshThreads(true).catch((e) => this.fail(e)));
      u.launcher.addEventListener("click", () => this.setOpen(u.panel.hidden));
      u.closeBtn.addEventListener("click", () => this.setOpen(false));
      u.panel.addEventListener("keydown", (e) => {
        if (e.key === "Escape" && this.floating) { e.stopPropagation(); this.setOpen(false); }
      });
      u.log.addEventListener("scroll", () => { if (u.log.scrollTop < 200) this.older(); }, { passive: true });
      addEventListener("pagehide", () => this.save());
      addEventListener("online", () => { if (this.live && this.live.offline) this.resume(); });
    }

    setOpen(open) {
      const u = this.ui;
      if (!this.floating) { if (open) u.input.focus(); return; }
      const was = !u.panel.hidden;
      u.panel.hidden = !open;
      u.launcher.setAttribute("aria-expanded", String(open));
      if (open) { u.input.focus(); this.scroll(); this.older(); } else u.launcher.focus();
      if (was !== open) this.emit(open ? "open" : "close", {});
    }

    async start() {
      if (this.started || !this.isConnected || !(this._getSessionToken || this.getAttribute("session-url")) || !this.copilotId) return;
      this.started = true;
      try {
        await this.loadConfig();
        const saved = this.restore();
        await this.refreshThreads();
        if (saved && saved.thread) await this.openThread(saved.thread, saved);
        else this.greet();
        this.emit("ready", { copilot_id: this.copilotId });
      } catch (e) {
        this.fail(e);
      }
    }

    // ---- HTTP: bearer session token, one refresh (or re-mint) and retry on 401 ----
    async token() {
      if (this.#renewing) await this.#renewing;
      if (!this.#tokens || !this.#tokens.access) await this.renew(true);
      return this.#tokens.access;
    }

    // the host's answer: getSessionToken(), or a POST to session-url (the page's own backend)
    async mint() {
      if (this._getSessionToken) return this._getSessionToken();
      const r = await fetch(new URL(this.getAttribute("session-url"), location.href), { method: "POST", credentials: "same-origin" });
      if (!r.ok) throw new ChatError(this.t("ended"), r.status);
      return r.json();
    }

    // a tool provider's authorization URL: getConnectUrl(), or a POST to connect-url (answering {url})
    async connectUrl(p) {
      if (this._getConnectUrl) return this._getConnectUrl({ provider_id: p.id, name: p.name });
      const u = new URL(this.getAttribute("connect-url"), location.href);
      u.searchParams.set("provider_id", p.id);
      const r = await fetch(u, { method: "POST", credentials: "same-origin" });
      if (!r.ok) throw new ChatError(this.t("badUrl"), r.status);
      return (await r.json()).url;
    }

    renew(mint) {
      if (!this.#renewing) {
        const spent = this.#tokens;
        this.#renewing = (async () => {
          if (!mint && spent && spent.refresh) {
            try {
              const r = await fetch(this.base + "/v1/sessions/refresh", {
                method: "POST", headers: { "Content-Type": "application/json" },
                body: JSON.stringify({ refresh_token: spent.refresh }),
              });
              if (r.ok) return this.takeTokens(await r.json());
            } catch (_) { /* fall back to the host */ }
          }
          this.takeTokens(await this.mint());
        })().finally(() => { this.#renewing = null; });
      }
      return this.#renewing;
    }

    takeTokens(t) {
      if (!t) throw new ChatError(this.t("noToken"), 0);
      this.#tokens = typeof t === "string" ? { access: t } : { access: t.access_token, refresh: t.refresh_token, user: t.user_id };
    }

    get user() { return this.#tokens && this.#tokens.user; }

    readable(status, problem, headers) {
      const code = problem && problem.code;
      if (status === 429) {
        if (code === "spend_cap_reached") return this.t("spend");
        const wait = parseInt(headers.get("Retry-After") || "", 10);
        return this.t("limit") + (wait > 0 ? this.t("retryIn", duration(wait, this.lang)) : this.t("shortly"));
      }
      if (code === "turn_in_progress") return this.t("busy");
      if (status === 401) return this.t("ended");
      if (status === 403) return this.t("forbidden");
      if (status === 404) return this.t("missing");
      if (status >= 500) return this.t("server");
      return (problem && (problem.detail || problem.title)) || this.t("requestFailed", status);
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
          throw new ChatError(this.t("offline"), 0, "network");
        }
        if (res.status === 401 && attempt === 0) {
          if (this.#tokens && this.#tokens.access === token) await this.renew(false);
          continue;
        }
        if (!res.ok) {
          let problem = null;
          try { problem = await res.json(); } catch (_) { /* not JSON */ }
          throw new ChatError(this.readable(res.status, problem, res.headers), res.status, problem && problem.code);
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
      this.toggleAttribute("data-inline", !this.floating); // an inline chat fills its container
      const title = typeof ui.title === "string" && ui.title ? ui.title : "Chat";
      u.title.textContent = title;
      u.title.title = title;
      u.panel.setAttribute("aria-label", title);
      this.placeholder = typeof ui.placeholder === "string" ? ui.placeholder : "";
      u.input.placeholder = this.placeholder || this.t("placeholder");
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
        if (!this._getConnectUrl && !this.getAttribute("connect-url")) continue;
        const b = this.say(el("button"), null, ["connect", p.name]);
        b.type = "button";
        b.addEventListener("click", () => this.connectProvider(p));
        box.append(b);
      }
      box.hidden = !box.childElementCount;
    }

    async connectProvider(p) {
      const popup = window.open("", "agent-platform-connect", "popup,width=520,height=680");
      try {
        const url = await this.connectUrl(p);
        const safe = safeHref(url);
        if (!safe) throw new ChatError(this.t("badUrl"), 0);
        if (popup) popup.location.href = safe; else window.open(safe, "_blank", "noopener");
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

    // ---- threads: the user's conversations of this network, a page at a time ----
    async refreshThreads(more) {
      const path = "/v1/threads?limit=" + PAGE + (more && this.threadCursor ? "&cursor=" + encodeURIComponent(this.threadCursor) : "");
      const data = await this.json("GET", path);
      const rows = data.threads.filter((t) => !t.copilot_id || t.copilot_id === this.copilotId);
      this.threadCursor = data.next_cursor || null;
      const list = this.ui.list;
      if (!more) list.replaceChildren();
      for (const t of rows) {
        const b = el("button");
        b.type = "button";
        b.append(t.title ? el("span", null, t.title) : this.say(el("span"), null, ["conversation"]));
        if (t.id === this.thread) b.setAttribute("aria-current", "true");
        if (t.unread_count > 0) {
          const badge = el("span", "badge", String(t.unread_count));
          this.say(badge, "aria-label", ["unread", t.unread_count]);
          b.append(badge);
        }
        b.addEventListener("click", () => { this.toggleThreads(false); this.openThread(t.id); });
        list.appendChild(el("li")).append(b);
      }
      if (!list.childElementCount && !this.threadCursor) list.append(this.say(el("li", "note"), null, ["noThreads"]));
      this.ui.moreThreads.hidden = !this.threadCursor;
      if (more && !rows.length && this.threadCursor) await this.refreshThreads(true); // a page of other networks' threads
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

    // ---- history: the latest page, earlier pages as the user scrolls up ----
    async openThread(id, saved) {
      this.abortStream();
      this.live = null;
      this.waiting = [];
      this.thread = id;
      this.history = null;
      this.ui.log.replaceChildren();
      this.followupBox = null;
      this.clearAlert();
      this.busy(false);
      this.save();
      if (!id) { this.greet(); this.ui.input.focus(); return; }
      const data = await this.json("GET", `/v1/messages?thread_id=${id}&order=desc&limit=${PAGE}`);
      if (this.thread !== id) return;
      this.history = { cursor: data.next_cursor, loading: null };
      const rows = data.messages.reverse();
      this.ui.log.append(this.past(rows));
      const last = rows.filter((m) => m.role !== "user").pop();
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
      } else if (last && last.followups && last.followups.length && rows[rows.length - 1] === last) {
        this.followups(last.followups);
      }
      this.markRead();
      this.scroll();
      this.older();
    }

    // bubbles of stored messages, as they were: tool lines, "Stopped." for a stopped answer
    past(rows) {
      const f = document.createDocumentFragment();
      for (const m of rows) {
        const b = this.bubble(m.role === "user" ? "user" : "assistant", f);
        if (m.role === "user") { said(b.body, m.content); continue; }
        const r = { ...b, tools: {} };
        m.activity && m.activity.forEach((s, n) => {
          if (s.type === "handoff") this.step(r, n, ["handoff"], s.reason ? `: ${s.reason}` : "");
          else if (s.type === "tool_call") this.step(r, n, [s.status === "succeeded" ? "used" : "toolFailed", s.name]);
        });
        markdown(b.body, m.content);
        if (m.interrupted) {
          b.node.classList.add("cancelled");
          b.node.append(this.say(el("div", "note"), null, ["stopped"]));
        }
        this.votes(b, m.id);
      }
      return f;
    }

    // the page before the earliest shown, when the log is scrolled near its top
    older() {
      const h = this.history, log = this.ui.log;
      if (!h || !h.cursor || h.loading || !log.clientHeight || log.scrollTop > 200) return;
      const id = this.thread;
      h.loading = this.json("GET", `/v1/messages?thread_id=${id}&order=desc&limit=${PAGE}&cursor=${encodeURIComponent(h.cursor)}`)
        .then((data) => {
          if (this.history !== h) return;
          h.cursor = data.next_cursor;
          const below = log.scrollHeight - log.scrollTop;
          log.prepend(this.past(data.messages.reverse()));
          log.scrollTop = log.scrollHeight - below; // the messages in view stay in view
        })
        .catch((e) => this.fail(e))
        .finally(() => { h.loading = null; requestAnimationFrame(() => this.older()); });
    }

    markRead() {
      if (this.thread) this.api("POST", `/v1/threads/${this.thread}/read`).catch(() => {});
    }

    // ---- sending, streaming, stopping ----
    async post(text) {
      text = (text || "").trim();
      const strategy = this.multitaskStrategy;
      if (!text || this.sending) return false;
      if (this.live && strategy === "reject") { this.alert(this.t("busy")); return false; }
      this.sending = true;
      this.clearAlert();
      this.dropFollowups();
      const u = this.ui;
      u.input.value = "";
      u.input.style.height = "auto";
      const mine = this.bubble("user");
      said(mine.body, text);
      this.scrollSoon();
      this.busy(true);
      const body = { copilot_id: this.copilotId, message: text };
      if (this.thread) body.thread_id = this.thread;
      if (strategy !== "reject") body.multitask_strategy = strategy;
      // interrupt: the server cancels the turns waiting in line (and stops the one streaming)
      if (this.live && strategy === "interrupt") this.dropWaiting();
      try {
        const turn = await this.json("POST", "/v1/chat", body);
        this.thread = turn.thread.id;
        this.emit("message", { role: "user", text, message_id: turn.message.id, thread_id: this.thread, run_id: turn.run.id });
        if (this.live) { // a reply still streams: this turn's reply comes after it
          this.waiting.push(this.startReply(turn.run.id, true, false, text));
        } else {
          this.live = this.startReply(turn.run.id, false, strategy !== "reject", text);
          this.follow();
        }
        this.save();
        return true;
      } catch (e) {
        mine.node.remove();
        u.input.value = text;
        this.busy(!!this.live);
        this.fail(e);
        return false;
      } finally {
        this.sending = false;
      }
    }

    // strict: only this run's events (a turn sent while another ran may follow it in the log)
    startReply(runId, queued, strict, prompt) {
      const b = this.bubble("assistant");
      b.node.setAttribute("aria-busy", "true");
      const reply = { ...b, run: runId, text: "", last: null, tools: {}, painted: false, strict: !!(queued || strict), prompt };
      reply.typing = b.node.insertBefore(el("div", "typing"), b.body);
      reply.typing.setAttribute("aria-hidden", "true");
      reply.typing.append(el("i"), el("i"), el("i"));
      if (queued) {
        b.node.classList.add("queued");
        reply.wait = b.node.appendChild(this.say(el("div", "note"), null, ["waiting"]));
      }
      return reply;
    }

    typed(live) {
      if (live.typing) { live.typing.remove(); live.typing = null; }
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
        this.endReply(w, "cancelled", ["stopped"]);
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
          let buf = "", since = performance.now(); // a burst of events (a replay): BUDGET ms at a time
          for (;;) {
            const { value, done } = await reader.read();
            if (done) break;
            buf += decoder.decode(value, { stream: true }).replace(/\r\n?/g, "\n");
            let at = 0, cut; // queued chunks resolve their reads without a task in between
            while ((cut = buf.indexOf("\n\n", at)) >= 0) {
              const block = buf.slice(at, cut);
              at = cut + 2;
              if (this.event(live, block)) { reader.cancel().catch(() => {}); return; }
              if (performance.now() - since > BUDGET) {
                await sleep(0);
                if (ctrl.signal.aborted || this.live !== live) { reader.cancel().catch(() => {}); return; }
                since = performance.now();
              }
            }
            buf = buf.slice(at);
          }
          tries = 0; // the server closed without a final event: reconnect at once
        } catch (e) {
          if (ctrl.signal.aborted || this.live !== live) return;
          if (e instanceof ChatError && e.status && e.status !== 429 && e.status < 500) {
            this.endReply(live, "failed", e.message);
            return;
          }
          live.offline = true;
          this.alert(e instanceof ChatError && e.code !== "network" ? e.message : this.t("reconnecting"));
        }
        await sleep(Math.min(250 * 2 ** tries, 4000) * (0.75 + Math.random() / 4));
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
        case "tool.called": this.step(live, d.tool_call_id, ["using", d.name]); break;
        case "tool.result":
          this.step(live, d.tool_call_id, [d.status === "succeeded" ? "used" : "toolFailed", d.name]);
          if (Array.isArray(d.citations) && d.citations.length) this.sources(live, d.citations);
          break;
        case "approval.requested": this.ask(live, d); break;
        case "approval.decided": this.asked(live, d.call_id, d.decision, d.decided_by); break;
        case "agent.handoff":
          this.step(live, "handoff-" + live.last, ["handoff"], d.reason ? `: ${d.reason}` : "");
          break;
        case "message.completed":
          if ((d.content || "") !== live.text) { // the whole answer: what was settled stays when it is the same
            if (!(d.content || "").startsWith(live.text.slice(0, live.cut || 0))) {
              live.cut = 0;
              live.tail = null;
              live.body.replaceChildren();
            }
            live.text = d.content || "";
          }
          live.done = true;
          this.render(live);
          if (d.message_id) this.votes(live, d.message_id);
          live.followups = d.followups || [];
          this.emit("message", { role: "assistant", text: live.text, message_id: d.message_id, thread_id: this.thread, run_id: live.run });
          break;
        case "run.completed": this.endReply(live, "completed"); break;
        case "run.failed": {
          const code = d.error && d.error.code;
          this.endReply(live, "failed", [code === "run_interrupted" ? "interrupted" : "failed"], code);
          break;
        }
        case "run.cancelled": this.endReply(live, "cancelled", ["stopped"]); break;
        default: break;
      }
      this.saveSoon();
      return FINAL.includes(kind);
    }

    render(live) {
      if (live.text) this.typed(live);
      // the first text is painted at once; later pieces at most once per frame
      if (!live.painted && !live.frame) {
        live.painted = true;
        if (!paint(live)) this.frame(live);
        this.scrollSoon();
        return;
      }
      if (!live.frame) this.frame(live);
    }

    // the reply painted on the next frame (the scroll metrics read before the DOM is written),
    // and on the following ones while text is left to build; then its end, if it came meanwhile
    frame(live) {
      live.frame = requestAnimationFrame(() => {
        live.frame = 0;
        if (!live.node.isConnected) return; // another thread was opened
        const log = this.ui.log, pinned = log.scrollHeight - log.scrollTop - log.clientHeight < 80;
        const done = paint(live);
        if (pinned) log.scrollTop = log.scrollHeight;
        if (!done) this.frame(live);
        else if (live.ending) this.endReply(live, ...live.ending);
      });
    }

    step(live, key, ...text) {
      this.typed(live);
      if (!live.steps) live.steps = live.node.insertBefore(el("ul", "steps"), live.body);
      let item = live.tools[key];
      if (!item) item = live.tools[key] = live.steps.appendChild(el("li"));
      this.say(item, null, ...text);
      this.scrollSoon();
    }

    // the sources a knowledge search found (search_knowledge's citations), under the answer
    sources(live, citations) {
      if (!live.sources) {
        live.sources = live.node.appendChild(el("div", "sources"));
        live.sources.setAttribute("role", "group");
        this.say(live.sources, "aria-label", ["sources"]);
        live.sources.append(this.say(el("div", "sources-title"), null, ["sources"]));
        live.sourceList = live.sources.appendChild(el("ol"));
        live.cited = {};
      }
      for (const c of citations) {
        const key = `${c.document_id}:${c.position}`;
        if (!c.document_name || live.cited[key]) continue;
        live.cited[key] = true;
        live.sourceList.append(this.say(el("li"), null, ["part", c.document_name, Number(c.position) + 1]));
      }
      this.scrollSoon();
    }

    // a tool call waiting for the user's approval: the tool, its arguments (as text), and
    // Approve / Deny; the decision replaces the buttons
    ask(live, d) {
      const asks = live.asks || (live.asks = {});
      if (!d.call_id || asks[d.call_id]) return;
      this.typed(live);
      const box = el("div", "ask");
      box.setAttribute("role", "group");
      this.say(box, "aria-label", ["approval", d.name]);
      box.append(this.say(el("div"), null, ["allow", d.name]), el("pre", null, JSON.stringify(d.arguments || {}, null, 2)));
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
      for (const decision of ["approve", "deny"]) {
        const b = row.appendChild(this.say(el("button", decision === "approve" ? "primary" : null), null, [decision]));
        b.type = "button";
        b.addEventListener("click", () => go(decision));
      }
      live.node.insertBefore(box, live.body);
      this.scroll();
      this.emit("approval-requested", { run_id: d.run_id, call_id: d.call_id, name: d.name, arguments: d.arguments || {} });
      return a;
    }

    asked(live, callId, decision, by) {
      const a = live.asks && live.asks[callId];
      if (!a || a.done) return;
      a.done = true;
      const note = this.say(el("div", "note"), null, [decision === "approved" ? "approved" : "denied"], by && by.kind === "timeout" ? ["timeout"] : "");
      note.setAttribute("role", "status");
      a.row.replaceWith(note);
      this.saveSoon();
    }

    endReply(live, how, note, code) {
      live.ending = [how, note, code];
      if (live.node.isConnected && (live.frame || (live.shown || "") !== live.text)) {
        if (!document.hidden) { if (!live.frame) this.frame(live); return; } // it ends once its text is built (frame)
        cancelAnimationFrame(live.frame); // a hidden page has no frames: built at once
        live.frame = 0;
        while (!paint(live));
      }
      live.ending = null;
      this.typed(live);
      live.node.removeAttribute("aria-busy");
      if (how !== "completed") {
        live.node.classList.add(how);
        const n = live.node.appendChild(el("div", "note"));
        n.append(this.say(el("span"), null, note));
        const prompt = how === "failed" && (live.prompt || this.promptOf(live.node));
        if (prompt) { // the user asks again in one press
          const again = n.appendChild(this.say(el("button"), null, ["retry"]));
          again.type = "button";
          again.className = "retry";
          again.style.marginInlineStart = "8px";
          again.addEventListener("click", () => { again.disabled = true; this.post(prompt); });
        }
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
      if (how !== "cancelled" || live.run) this.emit("run-completed", { run_id: live.run, status: how, ...(code ? { code } : {}) });
      if (how === "failed" && live.offline !== undefined) this.clearAlert();
      this.scrollSoon();
    }

    promptOf(node) {
      for (let n = node.previousElementSibling; n; n = n.previousElementSibling) {
        if (n.classList.contains("user")) return n.textContent;
      }
      return null;
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
      this.say(comment, "placeholder", ["commentHint"]);
      this.say(comment, "aria-label", ["comment"]);
      const submit = this.say(el("button"), null, ["feedback"]);
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
          if (text) { comment.value = ""; row.append(this.say(el("span", "note"), null, ["thanks"])); }
          else if (state.value) comment.focus();
        } catch (e) {
          this.fail(e);
        }
      };
      const mk = (value) => {
        const btn = el("button");
        btn.type = "button";
        btn.setAttribute("aria-pressed", "false");
        this.say(btn, "aria-label", [value]);
        this.say(btn, "title", [value]);
        const tpl = document.createElement("template");
        tpl.innerHTML = icon(value); // a static icon of the widget itself
        btn.append(tpl.content);
        btn.addEventListener("click", () => cast(state.value === value ? null : value));
        return btn;
      };
      const up = mk("up");
      const down = mk("down");
      submit.addEventListener("click", () => cast(state.value, comment.value.trim()));
      comment.addEventListener("keydown", (e) => { if (e.key === "Enter") { e.preventDefault(); submit.click(); } });
      row.append(up, down, comment, submit);
    }

    followups(items) {
      this.dropFollowups();
      const box = this.followupBox = el("div", "followups");
      box.setAttribute("role", "group");
      this.say(box, "aria-label", ["suggestions"]);
      for (const text of items.slice(0, 5)) {
        if (typeof text !== "string" || !text.trim()) continue;
        const b = el("button", null, text);
        b.type = "button";
        b.addEventListener("click", () => this.post(text));
        box.append(b);
      }
      this.ui.log.append(box);
      this.scroll();
    }

    dropFollowups() {
      if (this.followupBox) { this.followupBox.remove(); this.followupBox = null; }
    }

    // ---- view helpers ----
    bubble(role, parent) {
      const node = el("div", "msg " + role);
      node.setAttribute("role", "article");
      this.say(node, "aria-label", [role === "user" ? "you" : "bot"]);
      const body = node.appendChild(el("div", "body"));
      (parent || this.ui.log).append(node);
      return { node, body };
    }

    busy(on) {
      this.ui.stop.hidden = !on;
      this.ui.send.disabled = on && this.multitaskStrategy === "reject";
    }

    // to the newest message; while a reply streams, only when the user has not scrolled up
    scroll(follow) {
      const log = this.ui.log;
      if (follow && log.scrollHeight - log.scrollTop - log.clientHeight > 80) return;
      log.scrollTop = log.scrollHeight;
    }

    // the same on the next frame, when its layout is done anyway (none forced in between)
    scrollSoon() {
      if (!this.scrollFrame) this.scrollFrame = requestAnimationFrame(() => { this.scrollFrame = 0; this.scroll(); });
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
      this.alert(e instanceof ChatError ? e.message : this.t("generic"));
      const detail = { message: String(e && e.message), status: e && e.status, code: e && e.code };
      this.emit("error", detail);
      this.emit("agent-platform-chat:error", detail);
    }

    // ---- what survives a reload (this tab only): the thread and a reply in progress ----
    save() {
      if (this.saveTimer) { clearTimeout(this.saveTimer); this.saveTimer = 0; }
      if (!this.copilotId) return;
      const live = this.live;
      const state = { thread: this.thread, user: this.user };
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
        if (!s || (s.user && this.user && s.user !== this.user)) return null;
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
