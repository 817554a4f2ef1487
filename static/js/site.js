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
