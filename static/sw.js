// The service worker (served at /sw.js by cards.views.service_worker, so its scope is the site),
// registered by js/site.js on every page, signed in or not. It keeps the pages a player reads
// (home, catalogue, card pages and their faces, search index, rulings, decks) and the static
// files, so they open without a connection after one visit; a page never fetched opens the
// offline page (/sin-conexion/) instead of the browser's error.
//
// Two caches: what is the same for everyone (answers not marked `no-store`) and what is one
// player's own (signed-in answers, `private, no-store`: their decks, the catalogue with their
// copies). The private one is emptied when anyone signs in or out (the POST is seen here, and
// js/site.js empties it too), so nothing of a player's stays on the machine after sign-out.
// Pages are asked of the network first (always fresh when online); the index, whose URL names the
// catalogue version, from the cache first. htmx's partial answers are never kept under a page's URL.
"use strict";

var CACHE = "eliria-offline-v2";
var PRIVATE = "eliria-private-v1";
var OFFLINE = "/sin-conexion/";
var CATALOGUE = "/cartas/";
var CARD_PAGE = /^\/cartas\/[^/]+\/[^/]+\/(cara(-\d+)?\.png)?$/;
var INDEX = /^\/cartas\/indice-\d+\.json$/;
// Pages kept for reading offline: home, catalogue and cards, search help, rulings, the decks
// (one's own list and pages, public and shared ones) and the offline page itself.
var PAGES = /^\/(|cartas\/.*|busqueda\/|resoluciones\/(\d+\/)?|mazos\/(publicos\/|\d+\/|enlace\/[^/]+\/)?|sin-conexion\/)$/;
var SIGN_IN_OUT = /^\/cuenta\/(login|logout)\/$/;

self.addEventListener("install", function (event) {
  // The offline page, as anyone sees it (no cookies: nothing of the player's in it).
  event.waitUntil(caches.open(CACHE).then(function (cache) {
    return fetch(new Request(OFFLINE, { credentials: "omit" })).then(function (response) {
      if (response.ok) return cache.put(OFFLINE, response);
    });
  }).catch(function () { /* offline at install: the next visit tries again */ }).then(function () {
    return self.skipWaiting();
  }));
});
self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (keys) {
    return Promise.all(keys.filter(function (k) { return k !== CACHE && k !== PRIVATE; }).map(function (k) { return caches.delete(k); }));
  }).then(function () { return self.clients.claim(); }));
});

function keepable(request, response) {
  return response.ok && response.type === "basic" && !response.redirected && !request.headers.get("HX-Request");
}

function keep(request, response, key, page) {
  // A page made for one player (no-store) goes to the private cache, the rest to the shared one.
  // A card's face or a static file is the same for everyone, even when a signed-in request made
  // its answer no-store: it goes to the shared cache.
  if (keepable(request, response)) {
    var own = page && (response.headers.get("Cache-Control") || "").indexOf("no-store") !== -1;
    var copy = response.clone();
    caches.open(own ? PRIVATE : CACHE).then(function (cache) { return cache.put(key || request, copy); });
  }
  return response;
}

function kept(key, options) {
  // The player's own copy first (their decks, their catalogue), then the shared one. `Vary` is
  // ignored: the answers vary on Cookie and the like, and the two caches already keep each
  // player's answers apart from everyone's.
  options = Object.assign({ ignoreVary: true }, options || {});
  return caches.open(PRIVATE).then(function (own) { return own.match(key, options); }).then(function (hit) {
    return hit || caches.open(CACHE).then(function (shared) { return shared.match(key, options); });
  });
}

function offlinePage() {
  return caches.open(CACHE).then(function (cache) { return cache.match(OFFLINE, { ignoreVary: true }); }).then(function (hit) {
    return hit || new Response("Sin conexión / Offline", { status: 503, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  });
}

function networkFirst(request, key, navigate) {
  return fetch(request).then(function (response) { return keep(request, response, key, navigate); }, function () {
    return kept(key || request).then(function (hit) {
      // A page with another query (a deck list's filters, a search): the same page without it.
      return hit || (navigate ? kept(key || request, { ignoreSearch: true }) : null);
    }).then(function (hit) {
      if (hit) return hit;
      return navigate ? offlinePage() : Response.error();
    });
  });
}

function cacheFirst(request) {
  return caches.match(request, { ignoreVary: true }).then(function (hit) {
    return hit || fetch(request).then(function (response) { return keep(request, response); });
  });
}

function forget() {
  return caches.delete(PRIVATE);
}

self.addEventListener("message", function (event) {
  var data = event.data || {};
  if (data.type === "forget") {
    event.waitUntil(forget());
  } else if (data.type === "keep" && Array.isArray(data.urls)) {
    // The first visit, before this worker controlled the page: the page names what it loaded.
    event.waitUntil(Promise.all(data.urls.map(function (href) {
      var url = new URL(href, self.location.origin);
      if (url.origin !== self.location.origin || !wanted(url)) return null;
      var request = new Request(url.href, { credentials: "same-origin" });
      var page = PAGES.test(url.pathname) && !/\.(png|json)$/.test(url.pathname);
      return fetch(request).then(function (response) { keep(request, response, url.pathname === CATALOGUE ? CATALOGUE : null, page); }, function () {});
    })).then(function () {
      if (event.source) event.source.postMessage({ type: "kept" });
    }));
  }
});

function wanted(url) {
  return PAGES.test(url.pathname) || INDEX.test(url.pathname) || CARD_PAGE.test(url.pathname)
    || url.pathname.indexOf("/static/") === 0;
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.method !== "GET") {
    // Signing in or out: the private cache belonged to whoever was signed in.
    if (request.method === "POST" && SIGN_IN_OUT.test(url.pathname)) event.waitUntil(forget());
    return;
  }
  var navigate = request.mode === "navigate";
  if (url.pathname === CATALOGUE && !request.headers.get("HX-Request")) {
    // Any search of the catalogue falls back to the last catalogue page kept: its script answers
    // the query in the address from the index.
    event.respondWith(networkFirst(request, CATALOGUE, navigate));
  } else if (INDEX.test(url.pathname)) {
    event.respondWith(cacheFirst(request));
  } else if (PAGES.test(url.pathname) || CARD_PAGE.test(url.pathname) || url.pathname.indexOf("/static/") === 0) {
    event.respondWith(networkFirst(request, null, navigate));
  } else if (navigate) {
    // Any other page (a form, the goldfish, an account page): never kept, but offline it opens
    // the offline page rather than the browser's error.
    event.respondWith(fetch(request).catch(offlinePage));
  }
});
