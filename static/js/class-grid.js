// The class grid (templates/classes/class_page.html): the arrow keys move between its
// cells, Home and End to a row's ends, as in a spreadsheet. Without this script the
// grid still reads and sorts; Tab goes through its links as on any page.
(function () {
  "use strict";
  var MOVES = {
    ArrowUp: [-1, 0],
    ArrowDown: [1, 0],
    ArrowLeft: [0, -1],
    ArrowRight: [0, 1],
  };

  document.addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    var target = event.target;
    if (!(target instanceof Element)) return;
    var table = target.closest(".class-grid__table");
    var cell = target.closest("th, td");
    if (!table || !cell) return;
    var rows = Array.prototype.slice.call(table.rows);
    var row = rows.indexOf(cell.parentElement);
    var column = cell.cellIndex;
    if (event.key === "Home") {
      column = 0;
    } else if (event.key === "End") {
      column = rows[row].cells.length - 1;
    } else if (MOVES[event.key]) {
      row = Math.max(0, Math.min(rows.length - 1, row + MOVES[event.key][0]));
      column = column + MOVES[event.key][1];
    } else {
      return;
    }
    var cells = rows[row].cells;
    column = Math.max(0, Math.min(cells.length - 1, column));
    var next = cells[column];
    if (!next || next === cell) return;
    var focusable = next.querySelector("a[href], button") || next;
    if (focusable === next) next.tabIndex = -1;
    focusable.focus();
    event.preventDefault();
  });
})();
