// Site-wide behaviour that needs a script (none of it inline: the CSP forbids it).
// An htmx request that fails on the server (5xx) or never reaches it shows a message where its
// answer would have gone, instead of silently doing nothing. 4xx answers are swapped in by htmx
// itself (see the htmx-config meta tag): they are partials that explain the problem.
(function () {
  "use strict";
  function show(event, text) {
    var target = event.detail && event.detail.target;
    if (!target || !text) return;
    var box = document.createElement("p");
    box.className = "error htmx-failure";
    box.setAttribute("role", "alert");
    box.textContent = text;
    var old = target.querySelector(":scope > .htmx-failure");
    if (old) old.remove();
    target.prepend(box);
  }
  document.addEventListener("htmx:responseError", function (event) {
    var status = event.detail.xhr ? event.detail.xhr.status : 0;
    if (status >= 500) show(event, document.body.getAttribute("data-error-text"));
  });
  document.addEventListener("htmx:sendError", function (event) {
    show(event, document.body.getAttribute("data-offline-text"));
  });
})();

// A switch that changes what a list shows (the collection's «Todo el catálogo») applies at once,
// not only after «Buscar».
document.addEventListener("change", function (event) {
  var box = event.target;
  if (box.matches && box.matches("input[data-autosubmit]") && box.form) {
    if (box.form.requestSubmit) box.form.requestSubmit(); else box.form.submit();
  }
});

// Offline reading (static/sw.js): the service worker is registered on every page, signed in or
// not. On the first visit, before it controls the page, the page names what it loaded so the
// worker keeps that too ("after one visit"); signing out empties the player's private cache.
(function () {
  "use strict";
  var sw = navigator.serviceWorker;
  if (!sw || !window.isSecureContext) return;
  var PRIVATE = "eliria-private-v1";
  function forget() {
    if (window.caches) window.caches.delete(PRIVATE).catch(function () {});
    if (sw.controller) sw.controller.postMessage({ type: "forget" });
  }
  document.addEventListener("submit", function (event) {
    if (event.target.closest && event.target.closest("form.logout")) forget();
  });
  sw.addEventListener("message", function (event) {
    if (event.data && event.data.type === "kept") document.documentElement.setAttribute("data-offline-ready", "1");
  });
  var first = !sw.controller;
  sw.register("/sw.js").then(function () { return sw.ready; }).then(function (registration) {
    if (!first) {
      document.documentElement.setAttribute("data-offline-ready", "1");
      return;
    }
    var urls = [window.location.href];
    if (window.performance && performance.getEntriesByType) {
      performance.getEntriesByType("resource").forEach(function (entry) { urls.push(entry.name); });
    }
    registration.active.postMessage({ type: "keep", urls: urls });
  }).catch(function () { /* offline pages are a bonus */ });
})();

