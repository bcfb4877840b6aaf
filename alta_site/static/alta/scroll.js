// A box whose content scrolls inside it (a wide table on a phone, a board
// kept a finger wide) joins the Tab order while, and only while, it
// overflows and holds nothing focusable: keyboard users can then scroll it
// with the arrow keys (WCAG 2.1.1).  Pages that update in place are
// re-checked after each change.
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

  let pending = false;
  function later() {
    if (pending) return;
    pending = true;
    requestAnimationFrame(() => {
      pending = false;
      mark();
    });
  }
  mark();
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
