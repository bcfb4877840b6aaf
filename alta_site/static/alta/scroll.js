// A box whose content scrolls inside it (a wide table on a phone, a board
// kept a finger wide) joins the Tab order while, and only while, it
// overflows and holds nothing focusable: keyboard users can then scroll it
// with the arrow keys (WCAG 2.1.1).  Such a box opens on the last move
// drawn in it (a tile at the east end of a wide Alpaca table), not on its
// top-left corner.  Pages that update in place are re-checked after each
// change.
(function () {
  "use strict";
  const main = document.querySelector("main");
  if (!main) return;
  const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"]):not([data-scroll-stop])';

  function scrolls(box) {
    const style = getComputedStyle(box);
    const sideways = /auto|scroll/.test(style.overflowX) && box.scrollWidth > box.clientWidth;
    const down = /auto|scroll/.test(style.overflowY) && box.scrollHeight > box.clientHeight;
    return sideways || down;
  }

  function mark() {
    for (const box of main.querySelectorAll("*")) {
      if (!(box instanceof HTMLElement)) continue; // SVG drawings are not scroll boxes
      const marked = box.hasAttribute("data-scroll-stop");
      if (!marked && box.hasAttribute("tabindex")) continue;
      const needs = scrolls(box) && !box.querySelector(FOCUSABLE);
      if (needs && !marked) {
        box.setAttribute("tabindex", "0");
        box.setAttribute("data-scroll-stop", "");
      } else if (!needs && marked) {
        box.removeAttribute("tabindex");
        box.removeAttribute("data-scroll-stop");
      }
    }
  }

  // A box scrolled to its last move once, when it first overflows: after
  // that the player's own scrolling is left alone (an update in place draws
  // a new box, which opens on the new last move).
  const opened = new WeakSet();
  function openOnLastMove() {
    for (const move of main.querySelectorAll(".last-move")) {
      let box = move.parentElement;
      while (box && box !== main && !(box instanceof HTMLElement && scrolls(box))) box = box.parentElement;
      if (!box || box === main || opened.has(box)) continue;
      opened.add(box);
      const outer = box.getBoundingClientRect();
      const drawn = move.getBoundingClientRect();
      box.scrollLeft += drawn.left + drawn.width / 2 - (outer.left + outer.width / 2);
      box.scrollTop += drawn.top + drawn.height / 2 - (outer.top + outer.height / 2);
    }
  }

  let pending = false;
  function later() {
    if (pending) return;
    pending = true;
    requestAnimationFrame(() => {
      pending = false;
      mark();
      openOnLastMove();
    });
  }
  mark();
  openOnLastMove();
  // Style sheets and fonts that arrive after the first check change what overflows.
  window.addEventListener("load", later);
  window.addEventListener("resize", later);
  if (window.ResizeObserver) {
    const sized = new ResizeObserver(later);
    for (const box of main.querySelectorAll(".board-scroll, .table-scroll, .table, pre")) sized.observe(box);
  }
  // A board's script turning its pieces in or out of the Tab order changes what a box holds.
  new MutationObserver(later).observe(main, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ["tabindex", "disabled"],
  });
})();
