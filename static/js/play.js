// The solitaire table, matchups and replays. No inline scripts (CSP): loaded with <script src defer>.
(function () {
  "use strict";
  // A refused decision comes back as 400 with the table and the reason: show it (htmx skips 4xx).
  document.addEventListener("htmx:beforeSwap", function (event) {
    var status = event.detail.xhr.status;
    var target = event.detail.target;
    if (status === 400 && target && (target.id === "table" || target.id === "matchup-result" || target.id === "replay")) {
      event.detail.shouldSwap = true;
      event.detail.isError = false;
    }
  });
  // One decision at a time: while a click is on its way, the other buttons wait.
  document.addEventListener("htmx:beforeRequest", function (event) {
    var form = event.target.closest && event.target.closest(".table-form");
    if (form) form.classList.add("busy");
  });
  // Replay: the arrow keys step back and forward.
  document.addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    var tag = (event.target.tagName || "").toLowerCase();
    if (tag === "input" || tag === "textarea" || tag === "select") return;
    // Shift + arrow steps a whole turn (a game has hundreds of decisions).
    var forward = event.shiftKey ? "turn-forward" : "step-forward", back = event.shiftKey ? "turn-back" : "step-back";
    var id = event.key === "ArrowRight" ? forward : event.key === "ArrowLeft" ? back : null;
    var link = id && document.getElementById(id);
    if (!link) return;
    event.preventDefault();
    // A key pressed just after a step's swap may reach a link htmx has not bound yet: bind it now
    // (idempotent), so the click steps in place instead of reloading the page.
    if (window.htmx) window.htmx.process(link);
    link.click();
  });
})();
