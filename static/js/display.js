// The learner's display choices (templates/base.html's Display menu), applied
// before the page is drawn. Loaded without `defer` in <head>, so someone who
// chose dark colours or larger cards never sees the page flash light or jump
// as it is redrawn; it only touches <html>, which exists by then. site.js
// wires the menu to the same functions (window.badaceyDisplay).
(function () {
  "use strict";

  var PREFIX = "badacey:";
  var root = document.documentElement;
  // Each toggle's class on <html> (site.css reads it as an ancestor of the cards)
  // and the key its on/off choice is kept under.
  var TOGGLES = { "deck-four-colour": "four-colour-deck", "cards-large": "larger-cards" };

  function read(key, fallback) {
    try {
      var value = window.localStorage.getItem(PREFIX + key);
      return value === null ? fallback : value;
    } catch (error) {
      return fallback; // storage disabled: the defaults
    }
  }

  function save(key, value) {
    try {
      window.localStorage.setItem(PREFIX + key, value);
    } catch (error) {
      // storage disabled: the choice lasts for this page only
    }
  }

  // data-theme pins site.css's color-scheme to one side of every light-dark()
  // colour (none: follow the system); data-bs-theme tells Bootstrap the same,
  // for what it draws that site.css cannot pair (such as the select's arrow).
  function applyTheme(theme) {
    if (theme === "light" || theme === "dark") {
      root.setAttribute("data-theme", theme);
      root.setAttribute("data-bs-theme", theme);
    } else {
      root.removeAttribute("data-theme");
      var dark = window.matchMedia && window.matchMedia("(prefers-color-scheme: dark)").matches;
      root.setAttribute("data-bs-theme", dark ? "dark" : "light");
    }
  }

  function toggleOn(name) {
    return read(TOGGLES[name], "off") === "on";
  }

  function setToggle(name, on) {
    root.classList.toggle(name, on);
    save(TOGGLES[name], on ? "on" : "off");
  }

  applyTheme(read("theme", "system"));
  Object.keys(TOGGLES).forEach(function (name) {
    root.classList.toggle(name, toggleOn(name));
  });
  if (window.matchMedia) {
    window.matchMedia("(prefers-color-scheme: dark)").addEventListener("change", function () {
      applyTheme(read("theme", "system"));
    });
  }

  window.badaceyDisplay = {
    toggles: Object.keys(TOGGLES),
    toggleOn: toggleOn,
    setToggle: setToggle,
    theme: function () {
      return read("theme", "system");
    },
    setTheme: function (theme) {
      save("theme", theme);
      applyTheme(theme);
    },
  };
})();
