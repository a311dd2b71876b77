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

// ---------------------------------------------------------------------------
// exercises: the answer forms of templates/lessons/_exercise.html
(function () {
  "use strict";

  function isFeedback(element) {
    return element && element.hasAttribute && element.hasAttribute("data-exercise-feedback");
  }

  // An unreadable answer comes back as 400 with an explanation; htmx ignores
  // 4xx responses by default, so let this one region show it.
  document.body.addEventListener("htmx:beforeSwap", function (event) {
    if (event.detail.xhr.status === 400 && isFeedback(event.detail.target)) {
      event.detail.shouldSwap = true;
      event.detail.isError = false;
    }
  });

  // Move focus to the new summary (GOV.UK's error summary pattern) so keyboard
  // and screen-reader users land on it; it is read once, on focus.
  document.body.addEventListener("htmx:afterSwap", function (event) {
    if (isFeedback(event.detail.target)) {
      var summary = event.detail.target.querySelector("[data-feedback-summary]");
      (summary || event.detail.target).focus();
    }
  });

  // A checked answer sent without htmx comes back as a page: focus its summary
  // once, when the page loads (never again, so reading on is not interrupted).
  var first = document.querySelector("[data-focus-on-load]");
  if (first) {
    first.focus();
  }

  // Hints: the button that asked is swapped for the next one; keep the focus
  // on it (or on "All hints shown") so the keyboard stays where it was. The
  // new hint itself is announced by its list, a live region.
  var askedFrom = null;
  document.body.addEventListener("htmx:beforeSwap", function (event) {
    var active = document.activeElement;
    askedFrom = active && active.hasAttribute("data-hint-button") ? active.id : null;
  });
  // "htmx:load" fires once htmx has wired up the new controls: focusing the
  // new button any earlier would let a quick Enter reach a button htmx does
  // not know yet, and submit the whole form instead of asking for a hint.
  document.body.addEventListener("htmx:load", function (event) {
    if (!askedFrom) return;
    var box = askedFrom.replace(/-button$/, "");
    var loaded = event.detail.elt;
    if (!loaded || !loaded.id || loaded.id !== box + "-controls") return;
    var next = document.getElementById(box + "-button") || document.getElementById(box + "-done");
    if (next) next.focus();
    askedFrom = null;
  });
})();

// ---------------------------------------------------------------------------
// replayer: templates/lessons/replay.html
(function () {
  "use strict";

  function replayer() {
    return document.querySelector("[data-replayer]");
  }

  function isTable(element) {
    return element && element.id === "replay-table";
  }

  // Left and Right step when focus is anywhere in the replayer, except in a
  // field where the arrows already mean something.
  document.addEventListener("keydown", function (event) {
    var region = replayer();
    if (!region || !region.contains(event.target)) return;
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    if (/^(INPUT|SELECT|TEXTAREA)$/.test(event.target.tagName)) return;
    var which = { ArrowLeft: "previous", ArrowRight: "next" }[event.key];
    if (!which) return;
    var control = region.querySelector('[data-replay-control="' + which + '"]');
    if (control) {
      event.preventDefault();
      control.click();
    }
  });

  // The swap replaces the control that was used; remember it (and whether the
  // step list was open) so focus lands on its successor, not on the page.
  var used = null;
  var listOpen = false;
  document.body.addEventListener("htmx:beforeSwap", function (event) {
    if (!isTable(event.detail.target)) return;
    var active = document.activeElement;
    used = active && active.getAttribute("data-replay-control");
    var list = event.detail.target.querySelector("[data-replay-steps]");
    listOpen = Boolean(list && list.open);
  });

  document.body.addEventListener("htmx:afterSettle", function (event) {
    if (!isTable(event.detail.target)) return;
    var list = event.detail.target.querySelector("[data-replay-steps]");
    if (list && listOpen) list.open = true;
    if (!used) return; // focus was on the replayer itself, which stays
    var again = event.detail.target.querySelector('[data-replay-control="' + used + '"]');
    (again || replayer()).focus();
    used = null;
  });
})();

/* print answers: a lesson's worked answers wait in an inert <template> (see
   templates/lessons/_print_answers.html) and join the page only while it is
   being printed, so find-in-page never reaches them on screen. */
(function () {
  "use strict";
  let printed = null;
  window.addEventListener("beforeprint", function () {
    const template = document.querySelector("template[data-print-answers]");
    if (!template || printed) return;
    printed = template.content.firstElementChild.cloneNode(true);
    template.after(printed);
  });
  window.addEventListener("afterprint", function () {
    if (printed) printed.remove();
    printed = null;
  });
})();

// ---------------------------------------------------------------------------
// tools: the draw-odds and showdown-calculator forms (lessons/views/tools.py)
(function () {
  "use strict";

  function toolOf(element) {
    return element && element.closest ? element.closest(".tool__body") : null;
  }

  // The server answers with the answer alone, unless the form on screen still
  // shows problems from the last try: then it sends the whole tool again.
  document.body.addEventListener("htmx:configRequest", function (event) {
    var form = event.detail.elt;
    if (!form.matches || !form.matches("[data-tool-form]")) return;
    if (form.querySelector(".is-invalid, [aria-invalid='true'], .alert")) {
      event.detail.headers["X-Tool-Form"] = "stale";
    }
  });

  // A form with a problem answers 400 with the messages beside its fields;
  // htmx ignores 4xx responses by default, so let the tool show it.
  document.body.addEventListener("htmx:beforeSwap", function (event) {
    if (event.detail.xhr.status === 400 && toolOf(event.detail.target)) {
      event.detail.shouldSwap = true;
      event.detail.isError = false;
    }
  });

  // Move focus to the new answer or list of problems, so keyboard and
  // screen-reader users land on what changed.
  document.body.addEventListener("htmx:afterSettle", function (event) {
    var tool = toolOf(event.target);
    if (!tool) return;
    var landing = tool.querySelector("[data-tool-focus]");
    if (landing) landing.focus();
  });
})();

// ---------------------------------------------------------------------------
// drills: templates/lessons/drill.html
(function () {
  "use strict";

  function isDrill(element) {
    return element && element.hasAttribute && element.hasAttribute("data-drill-region");
  }

  // A refused answer (400) carries the same item with its problems: show it.
  document.body.addEventListener("htmx:beforeSwap", function (event) {
    if (event.detail.xhr.status === 400 && isDrill(event.detail.target)) {
      event.detail.shouldSwap = true;
      event.detail.isError = false;
    }
  });

  // The region is replaced whole; land on the verdict (or the problems) so the
  // keyboard carries on from there and screen readers read it out.
  document.body.addEventListener("htmx:afterSettle", function (event) {
    var region = document.getElementById("drill-region");
    if (!region || !event.detail.elt || !isDrill(event.detail.elt)) return;
    var landing = region.querySelector("[data-drill-focus]");
    if (landing) landing.focus();
  });
})();
