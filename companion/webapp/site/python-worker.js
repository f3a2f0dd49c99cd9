// Python in the browser: Pyodide from this site, our package and its dependencies from
// app.zip (also from this site), then `companion.webapp.main_in_browser`.
// Replaces Flet's python-worker.js, which downloads the app as a tar.gz and installs
// its requirements with micropip from the package index at every load: nothing here
// ever asks another host.
import { loadPyodide } from "./pyodide/pyodide.mjs";

const now = () => performance.timeOrigin + performance.now();
const mark = (name) => self.postMessage({ mark: name, t: now() });
self.flet_js = {};
self.companion_web = { mark };

const receiveCallback = (message) => {
  const bytes = message.toJs();
  self.postMessage(bytes, [bytes.buffer]);
};

/** FNV-1a of the bytes, twice (two offsets), with their length: a few milliseconds for
 *  the archive, and no secure context needed (crypto.subtle is https-only). */
function fingerprint(bytes) {
  let a = 0x811c9dc5;
  let b = 0x01000193;
  for (let i = 0; i < bytes.length; i++) {
    a = Math.imul(a ^ bytes[i], 0x01000193);
    b = Math.imul(b ^ bytes[i], 0x01000193) ^ (b >>> 15);
  }
  const hex = (n) => (n >>> 0).toString(16).padStart(8, "0");
  return `${hex(a)}${hex(b)}-${bytes.length}`;
}

async function start(documentUrl) {
  mark("worker: started");
  // The archive downloads while Pyodide starts.
  // Its fingerprint tells the page whether the first screen kept from the last start
  // was drawn by this app (python.js, "the first screen").
  const archive = fetch(new URL("app.zip", import.meta.url)).then((response) => {
    if (!response.ok) throw new Error(`app.zip: HTTP ${response.status}`);
    return response.arrayBuffer();
  }).then((buffer) => {
    self.postMessage({ app: fingerprint(new Uint8Array(buffer)) });
    return buffer;
  });
  const options = {
    indexURL: new URL("./pyodide/", import.meta.url).href,
    stdout: (text) => console.log(text),
    stderr: (text) => console.error(text),
  };
  // Pyodide's memory with the first page's modules already imported, made at build time
  // (see build.py `_snapshot`). Only when the service worker has it: on the first visit
  // it is being downloaded in the background, and the usual start is quicker than
  // waiting for 30 MB.
  let snapshot = null;
  try {
    const cached = await caches.match(new URL("./pyodide/snapshot.bin", import.meta.url));
    if (cached) snapshot = await cached.arrayBuffer();
    const head = snapshot ? new Uint8Array(snapshot, 0, 2) : null;
    if (head && head[0] === 0x1f && head[1] === 0x8b) {
      const inflated = new Blob([snapshot]).stream()
        .pipeThrough(new DecompressionStream("gzip"));
      snapshot = await new Response(inflated).arrayBuffer();
    }
  } catch (error) {
    snapshot = null;
  }
  let pyodide = null;
  let restored = false;
  if (snapshot) {
    try {
      pyodide = await loadPyodide({ ...options, _loadSnapshot: snapshot });
      restored = true;
      mark("worker: snapshot restored");
    } catch (error) {
      console.warn("The memory snapshot could not be used:", error);
    }
  }
  if (pyodide === null) pyodide = await loadPyodide(options);
  mark("worker: pyodide ready");
  // Without a snapshot the dependencies are imported from the archive itself
  // (zipimport: only what is imported is ever read); unpacked are our package, whose data
  // files are read as files, and the packages with compiled extensions, which load only
  // from files. A snapshot was made with every package unpacked in /app: so it is then.
  pyodide.FS.writeFile("/app.zip", new Uint8Array(await archive));
  pyodide.globals.set("unpack_all", restored);
  pyodide.runPython(`
import sys, zipfile
with zipfile.ZipFile("/app.zip") as archive:
    names = archive.namelist()
    unpacked = {"companion"} | {name.split("/")[0] for name in names if name.endswith(".so")}
    archive.extractall("/app", names if unpack_all else
                       [name for name in names if name.split("/")[0] in unpacked])
sys.path[:0] = ["/app"] if unpack_all else ["/app", "/app.zip"]
del archive, names, unpacked, unpack_all
`);
  mark("worker: app unpacked");
  self.flet_js.documentUrl = documentUrl;
  pyodide.registerJsModule("flet_js", self.flet_js);
  pyodide.registerJsModule("companion_web", self.companion_web);
  await pyodide.runPythonAsync(`
from companion.webapp.main_in_browser import start
await start()
`);
  if (typeof self.flet_js.start_connection !== "function") {
    throw new Error("the app did not start Flet");
  }
  await self.flet_js.start_connection(receiveCallback);
  mark("worker: python ready");
}

let started = false;
self.onmessage = async (event) => {
  if (!started) {
    started = true;
    try {
      await start(event.data.documentUrl);
      self.postMessage("initialized");
    } catch (error) {
      self.postMessage(String(error && error.stack ? error.stack : error));
    }
  } else if (typeof self.flet_js.send === "function") {
    self.flet_js.send(event.data);
  } else {
    console.error("A message for a Python app that never started was dropped.");
  }
};
