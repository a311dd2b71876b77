// How long a learner took to answer: from the moment an answer form is first on
// screen to the moment it is sent. The figure goes with the answer as
// "answer_ms" and into the review log (lessons/memory/review_log.py), where the
// server clamps it to a sane range. Without this script the server's own clock
// is used instead, so nothing depends on it. No inline script: loaded from /static/.
(function () {
  "use strict";

  var FORMS = ".exercise__form, .replay-guess__form";
  var FIELD = "answer_ms";
  var shown = new WeakMap();

  function now() {
    return window.performance && performance.now ? performance.now() : Date.now();
  }

  function markShown(form) {
    if (!shown.has(form)) shown.set(form, now());
  }

  var observer = null;
  if ("IntersectionObserver" in window) {
    observer = new IntersectionObserver(
      function (entries) {
        entries.forEach(function (entry) {
          if (entry.isIntersecting) {
            markShown(entry.target);
            observer.unobserve(entry.target);
          }
        });
      },
      { threshold: 0 }
    );
  }

  function formsIn(root) {
    var forms = [];
    if (root.matches && root.matches(FORMS)) forms.push(root);
    if (root.querySelectorAll) {
      forms = forms.concat(Array.prototype.slice.call(root.querySelectorAll(FORMS)));
    }
    return forms;
  }

  // On a page as it loads (a lesson has many exercises) a form counts as shown once
  // it is scrolled into view.
  function watch(root) {
    formsIn(root).forEach(function (form) {
      if (observer) observer.observe(form);
      else markShown(form);
    });
  }

  function took(form) {
    if (!shown.has(form)) return null;
    return String(Math.max(0, Math.round(now() - shown.get(form))));
  }

  // A plain post: the figure rides in a hidden field added at the last moment.
  document.addEventListener(
    "submit",
    function (event) {
      var form = event.target;
      if (!form.matches || !form.matches(FORMS)) return;
      var ms = took(form);
      if (ms === null) return;
      var input = form.querySelector('input[name="' + FIELD + '"]');
      if (!input) {
        input = document.createElement("input");
        input.type = "hidden";
        input.name = FIELD;
        form.appendChild(input);
      }
      input.value = ms;
    },
    true
  );

  // An htmx post: the same figure among the request's parameters.
  document.addEventListener("htmx:configRequest", function (event) {
    var elt = event.detail.elt;
    var form = elt && elt.closest ? elt.closest("form") : null;
    if (!form || !form.matches(FORMS)) return;
    var ms = took(form);
    if (ms !== null) event.detail.parameters[FIELD] = ms;
  });

  // A form that stays on the page after its answer's reply (another try) starts
  // timing again; a hint's request (sent by a button, not the form) does not.
  document.addEventListener("htmx:afterRequest", function (event) {
    var form = event.detail.elt;
    if (form && form.matches && form.matches(FORMS)) shown.set(form, now());
  });

  // Reaching a form by keyboard shows it too (an observer may not have reported yet).
  document.addEventListener("focusin", function (event) {
    var form = event.target && event.target.closest ? event.target.closest(FORMS) : null;
    if (form) markShown(form);
  });

  // A form that arrives in answer to the learner (the next session item, a new quiz
  // question, an exercise with its feedback) is what they look at next: shown now.
  // (htmx also sends this for the whole page when it starts: that is left to the observer.)
  document.addEventListener("htmx:load", function (event) {
    if (event.detail.elt === document.body) return;
    formsIn(event.detail.elt).forEach(markShown);
  });
  watch(document);
})();
