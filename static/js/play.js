// The study table (templates/play/table.html): keys for every action, and
// focus kept where the learner is after htmx swaps the table. Without this
// file the table works the same with the mouse, Tab and Enter.
(function () {
  "use strict";

  function region() {
    return document.getElementById("play-table");
  }

  function typing(target) {
    if (!target || !target.closest) return false;
    return !!target.closest("input[type=text], input[type=number], textarea, select, [contenteditable]");
  }

  // The single-key shortcuts can be turned off (WCAG 2.1.4: a speech-input user's words
  // must not fire them); the choice is kept in this browser, or for this page when the
  // browser keeps nothing.
  var KEYS_STORE = "play-single-keys";
  var keysOff = false;
  try {
    keysOff = window.localStorage.getItem(KEYS_STORE) === "off";
  } catch (e) {
    keysOff = false;
  }

  document.querySelectorAll("[data-play-keys-toggle]").forEach(function (button) {
    button.setAttribute("aria-pressed", keysOff ? "false" : "true");
  });

  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("[data-play-keys-toggle]");
    if (!button) return;
    keysOff = !keysOff;
    try {
      window.localStorage.setItem(KEYS_STORE, keysOff ? "off" : "on");
    } catch (e) {
      /* nothing kept: the choice holds for this page */
    }
    document.querySelectorAll("[data-play-keys-toggle]").forEach(function (each) {
      each.setAttribute("aria-pressed", keysOff ? "false" : "true");
    });
  });

  // F, C, R, D, P press the action buttons; 1-5 tick or untick a card to throw
  // (the boxes sit on the felt, in the form by their form attribute); N deals the next hand.
  document.addEventListener("keydown", function (event) {
    if (keysOff) return;
    if (event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return;
    if (typing(event.target)) return;
    var table = region();
    if (!table) return;
    var key = event.key.toLowerCase();
    var box = table.querySelector('[data-throw-key="' + key + '"]');
    if (box) {
      event.preventDefault();
      box.checked = !box.checked;
      box.focus();
      return;
    }
    var button = table.querySelector('[data-play-form] [data-play-key="' + key + '"], [data-play-next] [data-play-key="' + key + '"]');
    if (button && !button.disabled) {
      event.preventDefault();
      button.click();
    }
  });

  // One post per step: once a form is sent, its buttons wait for the answer.
  document.body.addEventListener("htmx:beforeRequest", function (event) {
    var form = event.detail.elt;
    if (!form.matches || !form.matches("[data-play-form]")) return;
    if (form.hasAttribute("data-sent")) {
      event.preventDefault();
      return;
    }
    form.setAttribute("data-sent", "");
  });

  // A refused action (400) or a stale one (409) comes back with the table and its reason.
  document.body.addEventListener("htmx:beforeSwap", function (event) {
    var status = event.detail.xhr.status;
    if ((status === 400 || status === 409) && event.detail.target === region()) {
      event.detail.shouldSwap = true;
      event.detail.isError = false;
    }
  });

  // Land on the reason, the next decision or the result, so the keyboard carries on there;
  // the focus never scrolls the page, so the felt stays where the learner sees it.
  document.body.addEventListener("htmx:afterSettle", function (event) {
    var table = region();
    if (!table || event.detail.target !== table) return;
    var landing = table.querySelector("[data-play-focus]");
    if (landing) landing.focus({ preventScroll: true });
  });
})();
