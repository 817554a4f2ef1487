// The service worker (served at /sw.js by cards.views.service_worker, so its scope is the site):
// keeps the catalogue page, its search index, the card pages a player opened, their faces and the
// static files, so they open without a connection after one visit. Pages are asked of the network
// first (always fresh when online); the index, whose URL names the catalogue version, from the
// cache first. Answers marked `no-store` (signed-in pages) are never kept.
"use strict";

var CACHE = "eliria-offline-v1";
var CATALOGUE = "/cartas/";
var CARD_PAGE = /^\/cartas\/[^/]+\/[^/]+\/(cara(-\d+)?\.png)?$/;
var INDEX = /^\/cartas\/indice-\d+\.json$/;

self.addEventListener("install", function () { self.skipWaiting(); });
self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (keys) {
    return Promise.all(keys.filter(function (k) { return k !== CACHE; }).map(function (k) { return caches.delete(k); }));
  }).then(function () { return self.clients.claim(); }));
});

function keep(request, response, key) {
  var control = response.headers.get("Cache-Control") || "";
  if (response.ok && response.type === "basic" && !response.redirected && control.indexOf("no-store") === -1) {
    var copy = response.clone();
    caches.open(CACHE).then(function (cache) { cache.put(key || request, copy); });
  }
  return response;
}

function networkFirst(request, key) {
  return fetch(request).then(function (response) { return keep(request, response, key); }, function () {
    return caches.match(key || request).then(function (hit) { return hit || Response.error(); });
  });
}

function cacheFirst(request) {
  return caches.match(request).then(function (hit) {
    return hit || fetch(request).then(function (response) { return keep(request, response); });
  });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") return;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname === CATALOGUE) {
    // Any search of the catalogue falls back to the last catalogue page kept: its script answers
    // the query in the address from the index.
    event.respondWith(networkFirst(request, CATALOGUE));
  } else if (INDEX.test(url.pathname)) {
    event.respondWith(cacheFirst(request));
  } else if (CARD_PAGE.test(url.pathname) || url.pathname.indexOf("/static/") === 0) {
    event.respondWith(networkFirst(request));
  }
});
