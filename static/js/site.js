// Small behaviours for the Badacey Study Room. Loaded with `defer`, so the DOM is ready.
// No inline scripts anywhere: the Content-Security-Policy allows only files from /static/.
(function () {
  "use strict";

  // The display menu in the header (templates/base.html). display.js has
  // already applied the stored choices before the page was drawn; here the
  // menu's buttons and select show them and change them.
  var display = window.badaceyDisplay;
  var menu = document.querySelector("[data-display-menu]");
  if (display && menu) {
    display.toggles.forEach(function (name) {
      var button = menu.querySelector('[data-display-toggle="' + name + '"]');
      if (!button) return;
      button.setAttribute("aria-pressed", display.toggleOn(name) ? "true" : "false");
      button.addEventListener("click", function () {
        var now = button.getAttribute("aria-pressed") !== "true";
        button.setAttribute("aria-pressed", now ? "true" : "false");
        display.setToggle(name, now);
      });
    });
    var select = menu.querySelector("[data-display-theme]");
    select.value = display.theme();
    select.addEventListener("change", function () {
      display.setTheme(select.value);
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

  // An answer sent from a lesson page says so, and its reply then also redraws
  // the exercise's entry in "On this page" and the lesson's count out of band
  // (lessons/_next_step.html); the exercise's own page has neither to redraw.
  document.body.addEventListener("htmx:configRequest", function (event) {
    var form = event.detail.elt;
    if (!form.matches || !form.matches("[data-exercise-form]")) return;
    if (document.querySelector(".lesson-toc__exercises")) {
      event.detail.headers["X-Lesson-Contents"] = "true";
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

  function control(which) {
    var region = replayer();
    return region && region.querySelector('[data-replay-control="' + which + '"]');
  }

  // Key presses wait in a queue and each runs after the previous step has
  // arrived, so five quick presses of Right are five steps, never fewer.
  var queue = [];
  var busy = false;

  function pump() {
    while (!busy && queue.length) {
      var link = control(queue.shift());
      if (link) {
        busy = true;
        link.click();
      }
    }
  }

  function typing(target) {
    return (
      target &&
      (/^(INPUT|SELECT|TEXTAREA)$/.test(target.tagName) || target.isContentEditable)
    );
  }

  // Left, Right, Home and End work from page load, wherever focus is, except
  // in a field where those keys already mean something.
  document.addEventListener("keydown", function (event) {
    if (!replayer()) return;
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    if (typing(event.target)) return;
    var which = { ArrowLeft: "previous", ArrowRight: "next", Home: "first", End: "last" }[
      event.key
    ];
    if (!which) return;
    event.preventDefault();
    stopAutoplay();
    queue.push(which);
    pump();
  });

  // Autoplay: the Play button steps on at the chosen speed until the last
  // step, a second press, a key press, or the window losing focus.
  var timer = null;

  function showPlaying(on) {
    var play = control("play");
    if (!play) return;
    play.setAttribute("aria-pressed", on ? "true" : "false");
    play.textContent = on ? "Pause" : "Play";
  }

  function stopAutoplay() {
    if (timer !== null) window.clearInterval(timer);
    timer = null;
    showPlaying(false);
  }

  function speed() {
    var select = document.querySelector("[data-replay-speed]");
    return select ? Number(select.value) || 1200 : 1200;
  }

  var chosenSpeed = null;

  function startAutoplay() {
    stopAutoplay();
    showPlaying(true);
    timer = window.setInterval(function () {
      if (!control("next")) {
        stopAutoplay();
        return;
      }
      queue.push("next");
      pump();
    }, speed());
  }

  function wireAutoplay() {
    var box = document.querySelector("[data-replay-autoplay]");
    if (!box) return;
    box.hidden = false;
    var select = box.querySelector("[data-replay-speed]");
    if (chosenSpeed) select.value = chosenSpeed;
    showPlaying(timer !== null);
  }

  document.addEventListener("click", function (event) {
    var play = event.target.closest && event.target.closest('[data-replay-control="play"]');
    if (!play) return;
    if (timer !== null) stopAutoplay();
    else startAutoplay();
  });

  document.addEventListener("change", function (event) {
    if (!event.target.matches || !event.target.matches("[data-replay-speed]")) return;
    chosenSpeed = event.target.value;
    if (timer !== null) startAutoplay();
  });

  window.addEventListener("blur", stopAutoplay);
  document.addEventListener("visibilitychange", function () {
    if (document.hidden) stopAutoplay();
  });

  // The slider sends its form through htmx as soon as it changes, so the Go
  // button is only needed without JavaScript.
  function wireSlider() {
    var go = document.querySelector("[data-replay-go]");
    if (go && window.htmx) go.hidden = true;
  }

  // The status sentence sticks just under the sticky controls (site.css); it
  // needs the bar's height, which changes as the buttons wrap.
  function measureBar() {
    var region = replayer();
    var bar = region && region.querySelector(".replay-bar");
    if (!bar) return;
    region.style.setProperty("--replay-bar-height", bar.offsetHeight + "px");
    region.setAttribute("data-bar-measured", "");
  }

  wireAutoplay();
  wireSlider();
  measureBar();
  window.addEventListener("resize", measureBar);

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
    wireAutoplay();
    wireSlider();
    measureBar();
    if (used) {
      var again = control(used);
      (again || replayer()).focus();
      used = null;
    }
    busy = false;
    pump();
  });

  function giveUp() {
    busy = false;
    queue = [];
  }
  document.body.addEventListener("htmx:responseError", giveUp);
  document.body.addEventListener("htmx:sendError", giveUp);
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

  // A form with a problem answers 400 with the messages beside its fields,
  // and a pause for an address that asked too much at once 429 with its
  // message; htmx ignores 4xx responses by default, so let the tool show it.
  document.body.addEventListener("htmx:beforeSwap", function (event) {
    var status = event.detail.xhr.status;
    if ((status === 400 || status === 429) && toolOf(event.detail.target)) {
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
    // A practice session (templates/lessons/study_session.html) swaps its region the same way.
    var region = document.getElementById("drill-region") || document.getElementById("study-region");
    if (!region || !event.detail.elt || !isDrill(event.detail.elt)) return;
    var landing = region.querySelector("[data-drill-focus]");
    if (landing) landing.focus();
  });
})();

// ---------------------------------------------------------------------------
// Glossary definitions (lessons/glossary/linking.py) show on hover and focus by CSS alone;
// Escape hides the one showing without moving the pointer or the focus (WCAG 1.4.13),
// until the pointer or the focus leaves that word.
(function () {
  "use strict";
  var DISMISSED = "glossary-use--dismissed";
  document.addEventListener("keydown", function (event) {
    if (event.key !== "Escape") return;
    document.querySelectorAll(".glossary-use:hover, .glossary-use:focus-within").forEach(function (use) {
      use.classList.add(DISMISSED);
    });
  });
  function restore(event) {
    var use = event.target.closest && event.target.closest(".glossary-use");
    if (use && (event.type === "focusout" || event.target === use)) use.classList.remove(DISMISSED);
  }
  document.addEventListener("focusout", restore);
  document.addEventListener("mouseleave", restore, true);  // capture: mouseleave does not bubble
})();
