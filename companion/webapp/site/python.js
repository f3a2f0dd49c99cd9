// The page's side of Python in the browser (replaces Flet's python.js).
//
// Flet's own python.js starts the Python worker only when Flutter asks for it
// (`jsConnect`), that is after the Flutter engine has downloaded, compiled and drawn
// its first frame: Python's start (Pyodide, our packages, imports) then waits for
// Flutter's, one after the other. Here the worker starts as soon as the page does, so
// both load at once on two cores; `jsConnect` only waits for what is left.
//
// It also keeps the timestamps the benchmark reads (`window.__companionMarks`: name and
// milliseconds since navigation, from the page and from the worker).
(function () {
  "use strict";
  const marks = (window.__companionMarks = []);
  const mark = (name, epoch) => {
    const at = (epoch === undefined ? performance.timeOrigin + performance.now() : epoch)
      - performance.timeOrigin;
    marks.push([name, Math.round(at)]);
  };
  window.__companionMark = mark;
  mark("page: python.js");
  window.addEventListener("flutter-first-frame", () => mark("flutter: first frame"));

  let worker = null;
  let dartOnMessage = null;
  let initialized = null;

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
        }
        resolve();
      } else if (data && data.mark) {
        mark(data.mark, data.t);
      } else if (dartOnMessage) {
        dartOnMessage(data);
      }
    };
    worker.postMessage({ start: true, documentUrl: document.URL });
  }

  startWorker();

  // Called from Dart on backend.connect().
  globalThis.jsConnect = async function (appId, args, onMessage) {
    mark("flutter: connect");
    if (worker === null) startWorker();
    dartOnMessage = onMessage;
    await initialized;
    mark("python: connected");
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
