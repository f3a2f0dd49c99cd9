// The page's side of Python in the browser (replaces Flet's python.js), and the order in
// which the page loads.
//
// 1. The offline copy first: on a first visit the service worker (sw.js) is registered
//    and takes over before anything big is fetched, so every file goes through it once
//    and is kept as it arrives (never downloaded a second time to be stored). A browser
//    without service workers (plain HTTP from another device) starts at once.
// 2. Then Python's worker and Flutter: Flet's own python.js starts the worker only when
//    Flutter asks for it (`jsConnect`), after Flutter's engine has loaded and drawn;
//    here both start on their own (two cores), Python's downloads a little after
//    Flutter's on a first visit (see `whenFlutterFileArrived`), at once on later visits.
// 3. The shell in index.html (the app's name and a progress line) shows from the first
//    byte and follows Python's start, so a first visit never looks dead; it goes away
//    when the app draws its first screen.
// 4. Once the home screen is up, the service worker is asked to store the rest of what
//    this browser needs offline (`window.__companionOffline` resolves with its answer).
// 5. On a later visit the screen Python drew first at the last start is drawn at once,
//    before Python is ready (see "the first screen" below).
//
// It also keeps the timestamps the benchmark reads (`window.__companionMarks`: name and
// milliseconds since navigation, from the page and from the worker).
(function () {
  "use strict";
  const marks = (window.__companionMarks = []);
  const progress = {
    "worker: started": 10, "worker: pyodide ready": 45, "worker: app unpacked": 55,
    "python: entry": 60, "python: storage loaded": 65, "python: app imported": 80,
    "worker: python ready": 90, "flutter: first frame": 20, "python: connected": 95,
  };
  let shown = 0;
  const mark = (name, epoch) => {
    const at = (epoch === undefined ? performance.timeOrigin + performance.now() : epoch)
      - performance.timeOrigin;
    marks.push([name, Math.round(at)]);
    if (name === "python: first screen made") early.save();
    if (progress[name] > shown) {
      shown = progress[name];
      const bar = document.getElementById("shell-progress");
      if (bar) bar.value = shown;
    }
  };
  window.__companionMark = mark;
  mark("page: python.js");
  window.addEventListener("flutter-first-frame", () => mark("flutter: first frame"));

  // --- 1. the offline copy first ---------------------------------------------------
  const offline = "serviceWorker" in navigator;
  const TAKE_OVER_MS = 5000;
  window.__companionBoot = (async () => {
    if (!offline) return;
    const registered = navigator.serviceWorker.register("sw.js").catch((error) => {
      console.warn("No offline copy:", error);
      return null;
    });
    if (navigator.serviceWorker.controller) return;
    const taken = new Promise((resolve) => {
      navigator.serviceWorker.addEventListener("controllerchange", resolve, { once: true });
      setTimeout(resolve, TAKE_OVER_MS);
    });
    if (await registered) await taken;
    mark("page: offline copy ready");
  })();

  // --- 4. what is left to keep offline, once the home screen is up ------------------
  let offlineDone;
  window.__companionOffline = new Promise((resolve) => (offlineDone = resolve));
  function loadedPaths() {
    const base = new URL("./", document.baseURI).href;
    return performance.getEntriesByType("resource").map((entry) => entry.name)
      .filter((name) => name.startsWith(base))
      .map((name) => name.slice(base.length).split(/[?#]/)[0]);
  }
  async function keepOffline() {
    if (!offline) return offlineDone(null);
    const registration = await navigator.serviceWorker.ready;
    const channel = new MessageChannel();
    const answer = new Promise((resolve) => (channel.port1.onmessage = (e) => resolve(e.data)));
    registration.active.postMessage({ type: "complete", loaded: loadedPaths() },
      [channel.port2]);
    const result = await answer;
    mark("page: kept offline");
    offlineDone(result);
  }
  if (offline) {
    // A new build took over while this page runs: it keeps what this page loaded too.
    navigator.serviceWorker.addEventListener("controllerchange", () => {
      if (started) keepOffline().catch((error) => console.warn(error));
    });
  }
  let started = false;

  // --- 3. the shell ----------------------------------------------------------------
  function hideShell() {
    const shell = document.getElementById("loading");
    if (!shell) return;
    shell.style.transition = "opacity 150ms";
    shell.style.opacity = "0";
    setTimeout(() => shell.remove(), 200);
  }

  // --- 2. Python's worker and Flutter ----------------------------------------------
  let worker = null;
  let dartOnMessage = null;
  let initialized = null;
  let firstScreen = false;
  let appKnown;
  const app = new Promise((resolve) => (appKnown = resolve));

  function toDart(data) {
    dartOnMessage(data);
    if (!firstScreen) {
      firstScreen = true;
      requestAnimationFrame(() => requestAnimationFrame(hideShell));
    }
  }

  function startWorker() {
    let resolve;
    let error = null;
    initialized = new Promise((done) => (resolve = done)).then(() => {
      if (error) throw error;
    });
    worker = new Worker("python-worker.js", { type: "module" });
    worker.onmessage = (event) => {
      const data = event.data;
      if (typeof data === "string") {
        if (data !== "initialized") {
          error = data;
          console.error("Python worker init error:", data);
          const status = document.getElementById("shell-status");
          if (status) status.textContent = data.split("\n")[0];
        }
        resolve();
      } else if (data && data.mark) {
        mark(data.mark, data.t);
      } else if (data && data.app) {
        appKnown(data.app);
      } else if (dartOnMessage && !early.fromPython(data)) {
        toDart(data);
      }
    };
    worker.postMessage({ start: true, documentUrl: document.URL });
  }

  // On a first visit both downloads share the phone's link. Flutter's big files (its
  // build and its renderer) get a head start: Python's downloads begin once the first of
  // them has arrived, so Flutter's start runs on the page while Python's files arrive
  // (measured with bench/bench_web.py on a phone's link: 10.5 s to the home screen, 12.8
  // s with both at once, 11.2 s after both of Flutter's files). Later visits read
  // everything from the offline copy: both start at once.
  const firstVisit = offline && !navigator.serviceWorker.controller;
  const FLUTTER_FILES = /(main\.dart\.(wasm|js)|canvaskit\/(.*\/)?[a-z_]+\.wasm)$/;
  const PYTHON_WAITS_MS = 8000;
  function whenFlutterFileArrived(then) {
    const observer = new PerformanceObserver((list) => {
      if (list.getEntries().some((entry) => FLUTTER_FILES.test(entry.name.split(/[?#]/)[0]))) {
        observer.disconnect();
        then();
      }
    });
    observer.observe({ type: "resource", buffered: true });
    setTimeout(then, PYTHON_WAITS_MS);
  }
  function ensureWorker() {
    if (worker === null) startWorker();
  }

  const booted = window.__companionBoot.then(() => {
    if (firstVisit) whenFlutterFileArrived(ensureWorker);
    else ensureWorker();
    const bootstrap = document.createElement("script");
    bootstrap.src = "flutter_bootstrap.js";
    bootstrap.async = true;
    document.head.appendChild(bootstrap);
  });

  // Called from Dart on backend.connect(). With a first screen kept from the last start
  // Flutter goes on at once and draws it (see `early`); else it waits for Python.
  globalThis.jsConnect = async function (appId, args, onMessage) {
    mark("flutter: connect");
    await booted;
    ensureWorker();
    dartOnMessage = onMessage;
    const failed = initialized.then(() => null, () => null);
    early.kept = early.keptFor(await Promise.race([app, failed]));
    if (early.kept === null) {
      await initialized;
      connected();
    } else {
      initialized.then(connected, () => early.differ("Python did not start"));
    }
  };

  function connected() {
    mark("python: connected");
    early.pythonReady();
    if (!started) {
      started = true;
      keepOffline().catch((error) => console.warn("Not kept offline:", error));
    }
  }

  // Called from Dart on backend.send(): the buffer is handed over, not copied.
  globalThis.jsSend = async function (appId, data) {
    if (worker !== null) early.fromDart(data);
  };

  function toPython(data) {
    if (worker !== null) worker.postMessage(data, [data.buffer]);
  }

  // Called from Dart on channel.disconnect().
  globalThis.jsDisconnect = async function (appId) {
    if (worker !== null) {
      worker.terminate();
      worker.onmessage = null;
      worker = null;
      dartOnMessage = null;
    }
  };

  // --- 5. the first screen, before Python is ready ----------------------------------
  // On a later visit Flutter is ready about a second before Python, which then needs a
  // few tenths more to make its first screen. The messages that drew the first screen at
  // the last start (Python's to Flutter, kept in localStorage) are drawn at once, when
  // they came from the same app.zip and answered the same request (the screen's size,
  // brightness and route): the screen shows before Python has started.
  // Python then starts as it always does, and what it sends is compared with what was
  // drawn (as data: the order of a map's keys and the random ids of a session are not
  // the screen): while it agrees it is not sent again. A tap made meanwhile is held, and
  // handed to Python once Python has drawn the same screen, whose controls it then
  // names. If Python's screen differs (a game started since, a day that changed what
  // the home screen says), the page loads again without the kept screen: Flutter merges
  // what it is sent into what it shows, so a wrong screen cannot be put right in place,
  // and a tap on it is dropped rather than given to a control Python never made.
  const KEPT_KEY = "wonderful-companion.first-screen";
  const NOT_NOW_KEY = "wonderful-companion.no-first-screen";
  const KEPT_MAX_CHARS = 512 * 1024;
  const QUIET_MS = 1000;
  const STALL_MS = 5000;
  const PAGE = 1; // the page is each session's first control
  const Action = { register: 1, patch: 2, event: 3, props: 4, method: 5 };

  window.__companionFirstScreen = true; // a page that marks "first screen: none" or "shown"
  const early = {
    kept: null, // {request, screen}: the last start's, for this app and request
    shown: false, // the kept screen is drawn and Python has not yet drawn it too
    agreed: 0, // how many of its messages Python has sent again
    taken: [], // which of them
    held: [], // Flutter's messages waiting for Python
    ready: false, // Python is ready
    lastHeard: 0, // when a message last passed between Python and Flutter
    requested: false, // Flutter has sent its first message (its request)
    record: { app: null, request: null, screen: [], open: true, timer: 0 },

    /** The screen kept for `appId` (app.zip's fingerprint), or null. */
    keptFor(appId) {
      this.record.app = appId;
      let notNow = null;
      try {
        notNow = sessionStorage.getItem(NOT_NOW_KEY);
        sessionStorage.removeItem(NOT_NOW_KEY);
        const kept = notNow || !appId ? null : JSON.parse(localStorage.getItem(KEPT_KEY));
        if (!kept || kept.app !== appId || !Array.isArray(kept.screen)) return null;
        return { request: fromBase64(kept.request), screen: kept.screen.map(fromBase64) };
      } catch (error) {
        return null;
      }
    },

    fromDart(data) {
      this.lastHeard = performance.now();
      if (!this.requested) {
        this.requested = true;
        this.record.request = data.slice();
        const same = this.kept !== null && sameMessage(this.kept.request, data);
        if (!same) {
          this.kept = null;
          mark("first screen: none"); // whatever Python draws is drawn as it comes
        }
        if (!this.ready) this.held.push(data);
        else this.send(data);
        if (same) this.show(); // Flutter answers it at once, after its request
        return;
      }
      const answer = action(data) === Action.method; // to a call Python is waiting on
      if (!this.ready || (this.shown && !answer && (this.held.length || byPlayer(data)))) {
        this.held.push(data);
      } else {
        this.send(data);
      }
    },

    send(data) {
      // What follows a tap is the player's doing, not the first screen (read only while
      // the first screen is being kept: every later message goes through untouched).
      if (this.record.open && byPlayer(data)) this.stopRecording();
      toPython(data);
    },

    /** Draw the kept screen, as Python drew it at the last start. */
    show() {
      this.shown = true;
      for (const message of this.kept.screen) toDart(message.slice());
      mark("first screen: shown");
    },

    /** Python is ready: it gets Flutter's request at once, and what Flutter said after
     *  drawing the kept screen once Python has answered the request (as Flutter says it
     *  after its answer on any start); a player's taps only once Python has drawn the
     *  same screen. */
    pythonReady() {
      this.ready = true;
      if (this.shown) {
        this.send(this.held.shift());
        this.watch();
      } else {
        this.release();
      }
    },

    /** Python made its first screen and then nothing passed either way for a while, with
     *  part of the kept screen still to come: it will not come (the kept screen had more,
     *  a dialog since closed, say), and the taps held for it would wait for ever. A call
     *  of Python's that Flutter is slow to answer (a busy phone) is not silence. */
    watch() {
      this.lastHeard = performance.now();
      const check = () => {
        if (!this.shown) return;
        const made = marks.some(([name]) => name === "python: first screen made");
        if (made && performance.now() - this.lastHeard >= STALL_MS) {
          this.differ("Python drew less than the kept screen");
        } else {
          setTimeout(check, 1000);
        }
      };
      setTimeout(check, 1000);
    },

    release() {
      while (this.held.length && !(this.shown && byPlayer(this.held[0]))) {
        this.send(this.held.shift());
      }
    },

    /** True when `data` (from Python) is already on the screen. */
    fromPython(data) {
      this.lastHeard = performance.now();
      const screen = isScreen(data);
      if (screen && this.record.open) this.keep(data);
      if (!this.shown || !screen) return false;
      if (action(data) === Action.register) this.release();
      const found = this.partOf(data);
      if (found < 0) {
        const part = `${this.agreed + 1} of ${this.kept.screen.length}`;
        this.differ(`Python drew another screen: part ${part}`);
        return true;
      }
      this.taken[found] = true;
      this.agreed += 1;
      if (this.agreed === this.kept.screen.length) {
        this.shown = false;
        mark("first screen: agreed");
        while (this.held.length) this.send(this.held.shift());
      }
      return true;
    },

    /** Which part of the kept screen `data` is, or -1. Python's parts may come in
     *  another order than at the last start (the language read back while the page's
     *  brightness is told, say): a part may come before others of the kept screen, but
     *  never before an earlier part that changes the same control (the screen would then
     *  differ). */
    partOf(data) {
      const screen = this.kept.screen;
      const found = screen.findIndex((part, i) => !this.taken[i] && sameMessage(part, data));
      if (found < 0) return -1;
      const control = controlOf(data);
      const earlier = screen.slice(0, found)
        .some((part, i) => !this.taken[i] && controlOf(part) === control);
      return earlier ? -1 : found;
    },

    differ(why) {
      mark("first screen: differed");
      console.warn(`The first screen kept from the last start is not this one (${why}).`);
      try {
        localStorage.removeItem(KEPT_KEY);
        sessionStorage.setItem(NOT_NOW_KEY, "1");
      } catch (error) {
        // Without storage there is no kept screen at the next load either.
      }
      this.shown = false;
      dartOnMessage = null;
      location.reload();
    },

    keep(data) {
      this.record.screen.push(data.slice());
      this.save();
      clearTimeout(this.record.timer);
      this.record.timer = setTimeout(() => this.stopRecording(), QUIET_MS);
    },

    /** What Python drew so far is kept for the next start as soon as its first screen is
     *  made, and again with each later part of it (a reload a moment later finds it
     *  kept), unless it is what was kept already. */
    save() {
      const record = this.record;
      const made = marks.some(([name]) => name === "python: first screen made");
      if (!record.open || !made || this.shown) return;
      if (this.kept && record.screen.length <= this.kept.screen.length) return;
      if (!record.app || !record.request || !record.screen.length) return;
      const text = JSON.stringify({ app: record.app, request: toBase64(record.request),
                                    screen: record.screen.map(toBase64) });
      try {
        if (text.length <= KEPT_MAX_CHARS) localStorage.setItem(KEPT_KEY, text);
        else localStorage.removeItem(KEPT_KEY);
      } catch (error) {
        console.warn("The first screen is not kept:", error);
      }
    },

    /** The first screen is whole (Python went quiet after making it) or the player acts:
     *  what Python draws from then on is not part of it. */
    stopRecording() {
      const made = marks.some(([name]) => name === "python: first screen made");
      if (this.record.open && (made || this.agreed)) {
        this.record.open = false;
        mark("first screen: kept"); // nothing of this start is written over it from now on
      }
    },
  };

  // Flet's messages are one type byte (0: the protocol) then MessagePack [action, body].
  function action(data) {
    return data.length > 2 && data[0] === 0 && data[1] === 0x92 ? data[2] : -1;
  }
  /** The control a screen message changes: the page for the answer to the request. */
  function controlOf(data) {
    if (action(data) === Action.register) return PAGE;
    try {
      return unpack(data)[1].get("id");
    } catch (error) {
      return null;
    }
  }
  function isScreen(data) {
    const found = action(data);
    return found === Action.register || found === Action.patch;
  }
  /** An event of a control or a value typed into one: the player's doing (the page's
   *  own, its size or brightness, are the browser's). */
  function byPlayer(data) {
    const found = action(data);
    if (found !== Action.event && found !== Action.props) return false;
    try {
      const body = unpack(data)[1];
      return (found === Action.event ? body.get("target") : body.get("id")) !== PAGE;
    } catch (error) {
      return true; // unreadable: held like a tap, never handed to a screen Python lacks
    }
  }
  /** The same message but for what is random in each session: its id, the page's
   *  service registry's uid. */
  function sameMessage(a, b) {
    if (!a || a[0] !== b[0] || action(a) !== action(b)) return false;
    try {
      return same(forget(unpack(a)), forget(unpack(b)));
    } catch (error) {
      return false;
    }
  }
  function forget(value) {
    if (value instanceof Map) {
      value.delete("session_id");
      const internals = value.get("_internals");
      if (internals instanceof Map) internals.delete("uid");
      for (const item of value.values()) forget(item);
    } else if (Array.isArray(value)) {
      for (const item of value) forget(item);
    }
    return value;
  }
  function same(a, b) {
    if (a === b) return true;
    if (a instanceof Uint8Array && b instanceof Uint8Array) {
      return a.length === b.length && a.every((byte, i) => byte === b[i]);
    }
    if (Array.isArray(a) && Array.isArray(b)) {
      return a.length === b.length && a.every((item, i) => same(item, b[i]));
    }
    if (a instanceof Map && b instanceof Map) {
      if (a.size !== b.size) return false;
      for (const [key, item] of a) if (!b.has(key) || !same(item, b.get(key))) return false;
      return true;
    }
    return false;
  }

  /** MessagePack, as far as Flet's messages use it (extensions kept as their bytes). */
  function unpack(data) {
    const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
    const text = new TextDecoder();
    let at = 1;
    const take = (n) => { const found = data.slice(at, at + n); at += n; return found; };
    const string = (n) => text.decode(take(n));
    const list = (n) => Array.from({ length: n }, () => read());
    const map = (n) => {
      const found = new Map();
      for (let i = 0; i < n; i++) { const key = read(); found.set(key, read()); }
      return found;
    };
    const number = (get, size) => { const found = view[get](at); at += size; return found; };
    const sized = (size) => (size === 1 ? data[at++] : number(size === 2 ? "getUint16" : "getUint32", size));
    function read() {
      const byte = data[at++];
      if (byte <= 0x7f) return byte;
      if (byte >= 0xe0) return byte - 0x100;
      if (byte >= 0x80 && byte <= 0x8f) return map(byte & 0x0f);
      if (byte >= 0x90 && byte <= 0x9f) return list(byte & 0x0f);
      if (byte >= 0xa0 && byte <= 0xbf) return string(byte & 0x1f);
      switch (byte) {
        case 0xc0: return null;
        case 0xc2: return false;
        case 0xc3: return true;
        case 0xc4: return take(sized(1));
        case 0xc5: return take(sized(2));
        case 0xc6: return take(sized(4));
        case 0xc7: return take(sized(1) + 1);
        case 0xc8: return take(sized(2) + 1);
        case 0xc9: return take(sized(4) + 1);
        case 0xca: return number("getFloat32", 4);
        case 0xcb: return number("getFloat64", 8);
        case 0xcc: return data[at++];
        case 0xcd: return number("getUint16", 2);
        case 0xce: return number("getUint32", 4);
        case 0xcf: return number("getBigUint64", 8);
        case 0xd0: return number("getInt8", 1);
        case 0xd1: return number("getInt16", 2);
        case 0xd2: return number("getInt32", 4);
        case 0xd3: return number("getBigInt64", 8);
        case 0xd4: return take(2);
        case 0xd5: return take(3);
        case 0xd6: return take(5);
        case 0xd7: return take(9);
        case 0xd8: return take(17);
        case 0xd9: return string(sized(1));
        case 0xda: return string(sized(2));
        case 0xdb: return string(sized(4));
        case 0xdc: return list(sized(2));
        case 0xdd: return list(sized(4));
        case 0xde: return map(sized(2));
        case 0xdf: return map(sized(4));
        default: throw new Error(`MessagePack: unknown type ${byte}`);
      }
    }
    return read();
  }

  function toBase64(bytes) {
    let binary = "";
    for (let i = 0; i < bytes.length; i += 0x8000) {
      binary += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
    }
    return btoa(binary);
  }
  function fromBase64(text) {
    return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
  }
})();
