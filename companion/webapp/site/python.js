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
      } else if (dartOnMessage) {
        dartOnMessage(data);
        if (!firstScreen) {
          firstScreen = true;
          requestAnimationFrame(() => requestAnimationFrame(hideShell));
        }
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

  // Called from Dart on backend.connect().
  globalThis.jsConnect = async function (appId, args, onMessage) {
    mark("flutter: connect");
    await booted;
    ensureWorker();
    dartOnMessage = onMessage;
    await initialized;
    mark("python: connected");
    if (!started) {
      started = true;
      keepOffline().catch((error) => console.warn("Not kept offline:", error));
    }
  };

  // Called from Dart on backend.send(): the buffer is handed over, not copied.
  globalThis.jsSend = async function (appId, data) {
    if (worker !== null) worker.postMessage(data, [data.buffer]);
  };

  // Called from Dart on channel.disconnect().
  globalThis.jsDisconnect = async function (appId) {
    if (worker !== null) {
      worker.terminate();
      worker.onmessage = null;
      worker = null;
      dartOnMessage = null;
    }
  };
})();
