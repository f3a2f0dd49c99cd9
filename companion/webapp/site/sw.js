// The offline copy: a service worker that keeps, in one cache per build, only the files
// this browser runs, and serves them from there.
//
// - CORE: what every browser needs (the page, Pyodide, app.zip, fonts, icons).
// - The rest of FILES is kept only once a page asks for it: one Flutter build and one
//   renderer (chosen by Flutter's bootstrap for this browser), never the others.
// - First visit: nothing is fetched at install, so the worker takes over at once and
//   the page starts loading only then (see python.js): every file the first view loads
//   goes through here and is stored as it arrives, so nothing is downloaded twice. The
//   page then asks for "complete": the CORE files the first view did not load.
// - A new build (a new sw.js, found on a load with a network): its install stores the
//   new cache completely (CORE and the files this browser used in the last build),
//   copying every file whose content did not change from the old cache and fetching
//   the others. Only then does it take over and delete the old cache; an install that
//   fails (offline half-way) leaves the old build working offline as before.
// The build writes the cache name, FILES (path: content hash) and CORE below.
"use strict";
const CACHE = "__CACHE_NAME__";
const PREFIX = "__CACHE_PREFIX__";
const FILES = __FILES__;
const CORE = __CORE__;
const MANIFEST = "offline-manifest.json";
// Where each cache keeps the FILES of its build, to tell unchanged files at an update.
const SCOPE = new URL("./", self.location).href;
const pending = new Set();
const storing = new Map(); // path -> the store of a response on its way

const href = (path) => new URL(path, SCOPE).href;

function pathOf(url, navigate) {
  const address = new URL(url);
  address.search = "";
  address.hash = "";
  const path = address.href.startsWith(SCOPE) ? address.href.slice(SCOPE.length) : null;
  if (path === null) return null;
  if (navigate || path === "" || path === "index.html") return "./";
  return path;
}

async function olderCaches() {
  const names = await caches.keys();
  return names.filter((name) => name !== CACHE && name.startsWith(PREFIX)).reverse();
}

async function manifestOf(cache) {
  const found = await cache.match(href(MANIFEST));
  try {
    return found ? await found.json() : null;
  } catch (error) {
    return null;
  }
}

function keep(cache, path, response) {
  const stored = cache.put(href(path), response).catch(
    (error) => console.warn("Not kept offline:", path, error));
  pending.add(stored);
  storing.set(path, stored);
  stored.finally(() => {
    pending.delete(stored);
    storing.delete(path);
  });
  return stored;
}

async function fetchFresh(path) {
  // `no-cache`: the server confirms the browser's HTTP copy (a few bytes) or sends the
  // file; a copy of an older build is never taken for this one.
  const response = await fetch(href(path), { cache: "no-cache" });
  if (!response.ok || response.type !== "basic") {
    throw new Error(`${path}: HTTP ${response.status}`);
  }
  return response;
}

// Stores `paths` in `cache`: an unchanged file is copied from an older cache of this
// site, any other is fetched. Rejects when one cannot be had.
async function fill(cache, paths, older) {
  const sources = [];
  for (const name of older) {
    const oldCache = await caches.open(name);
    sources.push([oldCache, (await manifestOf(oldCache)) || {}]);
  }
  const queue = [...paths];
  const work = async () => {
    while (queue.length) {
      const path = queue.shift();
      if (await cache.match(href(path))) continue;
      let copied = false;
      for (const [oldCache, files] of sources) {
        if (files[path] !== FILES[path]) continue;
        const found = await oldCache.match(href(path));
        if (found) {
          await cache.put(href(path), found);
          copied = true;
          break;
        }
      }
      if (!copied) await cache.put(href(path), await fetchFresh(path));
    }
  };
  await Promise.all([work(), work(), work(), work()]);
}

async function install() {
  const cache = await caches.open(CACHE);
  await cache.put(href(MANIFEST), new Response(JSON.stringify(FILES),
    { headers: { "Content-Type": "application/json" } }));
  const older = await olderCaches();
  const used = new Set();
  for (const name of older) {
    const files = await manifestOf(await caches.open(name));
    if (!files) continue; // a build from before this worker: it kept every file
    for (const request of await (await caches.open(name)).keys()) {
      const path = pathOf(request.url, false);
      if (path in FILES) used.add(path);
    }
    break;
  }
  if (older.length) await fill(cache, [...new Set([...CORE, ...used])], older);
  await self.skipWaiting();
}

self.addEventListener("install", (event) => event.waitUntil(install()));

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await olderCaches()) await caches.delete(name);
    await self.clients.claim();
  })());
});

async function serve(event, path) {
  const cache = await caches.open(CACHE);
  // A second request while the first copy is still arriving waits for it: one download.
  if (storing.has(path)) await storing.get(path);
  const found = await cache.match(href(path));
  if (found) return found;
  try {
    const response = await fetchFresh(path);
    event.waitUntil(keep(cache, path, response.clone()));
    return response;
  } catch (error) {
    for (const name of await olderCaches()) {
      const old = await (await caches.open(name)).match(href(path));
      if (old) return old;
    }
    return new Response("", { status: 504, statusText: "Offline and not kept" });
  }
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const path = pathOf(request.url, request.mode === "navigate");
  // Not a file of this build (another host, sw.js itself): the browser's own way.
  if (path === null || !(path in FILES)) return;
  event.respondWith(serve(event, path));
});

// "complete": store the CORE files and those the page says it loaded (it may have
// loaded some before this worker took over), then answer with what is kept.
async function complete(loaded) {
  const cache = await caches.open(CACHE);
  const wanted = [...CORE, ...loaded.filter((path) => path in FILES)];
  await Promise.all([...pending]);
  await fill(cache, [...new Set(wanted)], []);
  const files = (await cache.keys()).map((request) => pathOf(request.url, false))
    .filter((path) => path in FILES).sort();
  return { cache: CACHE, files };
}

self.addEventListener("message", (event) => {
  const data = event.data || {};
  const port = event.ports && event.ports[0];
  if (data.type !== "complete" || !port) return;
  event.waitUntil(complete(Array.isArray(data.loaded) ? data.loaded : []).then(
    (result) => port.postMessage(result),
    (error) => port.postMessage({ cache: CACHE, error: String(error) })));
});
