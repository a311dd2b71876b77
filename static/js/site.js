// Small behaviours for the Badacey Study Room. Loaded with `defer`, so the DOM is ready.
// No inline scripts anywhere: the Content-Security-Policy allows only files from /static/.
(function () {
  "use strict";

  var STORAGE_KEY = "badacey:four-colour-deck";

  function readPreference() {
    try {
      return window.localStorage.getItem(STORAGE_KEY) === "on";
    } catch (error) {
      return false; // storage disabled: fall back to the two-colour deck
    }
  }

  function savePreference(on) {
    try {
      window.localStorage.setItem(STORAGE_KEY, on ? "on" : "off");
    } catch (error) {
      // storage disabled: the choice lasts for this page only
    }
  }

  function applyDeck(on, toggle) {
    document.body.classList.toggle("deck-four-colour", on);
    if (toggle) {
      toggle.setAttribute("aria-pressed", on ? "true" : "false");
    }
  }

  var toggle = document.querySelector("[data-deck-toggle]");
  applyDeck(readPreference(), toggle);
  if (toggle) {
    toggle.hidden = false;
    toggle.addEventListener("click", function () {
      var on = toggle.getAttribute("aria-pressed") !== "true";
      applyDeck(on, toggle);
      savePreference(on);
    });
  }
})();
