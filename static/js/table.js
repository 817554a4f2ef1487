// The solitaire table on a touch screen (issue 25, point 5): tap "Elegir" on a hand card, then tap
// a combat slot of the board: the card is played face up there (the chooser's own button is
// pressed, so the server decides as for any click). The chooser stays for face down and keyboards.
(function () {
  "use strict";
  var picked = null;
  function clear() {
    document.querySelectorAll(".hand-card.is-picked").forEach(function (card) { card.classList.remove("is-picked"); });
    document.querySelectorAll(".pick-card[aria-pressed=true]").forEach(function (b) { b.setAttribute("aria-pressed", "false"); });
    document.querySelectorAll(".combat-slot.is-target").forEach(function (slot) { slot.classList.remove("is-target"); });
    picked = null;
  }
  document.addEventListener("click", function (event) {
    var pick = event.target.closest(".pick-card");
    if (pick) {
      var card = pick.closest(".hand-card");
      var again = picked === card;
      clear();
      if (again) return;
      picked = card;
      card.classList.add("is-picked");
      pick.setAttribute("aria-pressed", "true");
      document.querySelectorAll(".combat-slot").forEach(function (slot) {
        if (card.querySelector('button[value$=":slot' + slot.getAttribute("data-slot") + ':up"]')) slot.classList.add("is-target");
      });
      // On a phone the board is above the hand: bring the slots to the thumb.
      var slots = document.querySelector(".combat-slots");
      if (slots) slots.scrollIntoView({ block: "center" });
      return;
    }
    var slot = event.target.closest(".combat-slot.is-target");
    if (slot && picked) {
      var button = picked.querySelector('button[value$=":slot' + slot.getAttribute("data-slot") + ':up"]');
      clear();
      if (button) button.click();
    }
  });
  document.addEventListener("htmx:beforeSwap", clear);
})();
