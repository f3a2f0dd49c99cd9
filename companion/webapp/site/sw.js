// Cache-first service worker: every file of the site is stored at install, then served
// from the cache, so the app opens and works with no network at all.
// The build writes the cache name (one per build) and the file list below. A new build
// gives a new sw.js; the browser notices on the next load with a network, installs it
// (downloading the new files into a new cache) and deletes the old cache once it takes
// over; the page open at that moment keeps working on the old files.
"use strict";
const CACHE = "__CACHE_NAME__";
const FILES = __FILES__;

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    // `reload`: never take a file from the browser's HTTP cache, which may hold the
    // previous build's copy under the same address.
    await cache.addAll(FILES.map((file) => new Request(file, { cache: "reload" })));
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name !== CACHE && name.startsWith("__CACHE_PREFIX__")) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) {
    return;
  }
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    // The app's own addresses (`./`, `./?x`, `./#/history`) are all the one page.
    const found = await cache.match(request, { ignoreSearch: true })
      || (request.mode === "navigate" ? await cache.match("./") : undefined);
    if (found) return found;
    try {
      return await fetch(request);
    } catch (error) {
      return new Response("", { status: 504, statusText: "Offline and not cached" });
    }
  })());
});
