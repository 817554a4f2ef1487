// Deck pages: "copy" buttons (data-copy="#selector" names the field to copy). No inline scripts (CSP).
(function () {
  "use strict";
  document.addEventListener("click", function (event) {
    var button = event.target.closest("[data-copy]");
    if (!button) return;
    var field = document.querySelector(button.getAttribute("data-copy"));
    if (!field) return;
    var text = field.value !== undefined ? field.value : field.textContent;
    var done = function () {
      var label = button.textContent;
      button.classList.add("copied");
      button.textContent = button.getAttribute("data-copied") || "✓";
      setTimeout(function () { button.textContent = label; button.classList.remove("copied"); }, 1500);
    };
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(text).then(done, function () { fallback(field); done(); });
    } else {
      fallback(field);
      done();
    }
  });
  function fallback(field) {
    var details = field.closest("details");
    if (details) details.open = true;
    field.focus();
    if (field.select) field.select();
    try { document.execCommand("copy"); } catch (e) { /* the text stays selected for Ctrl+C */ }
  }
})();
