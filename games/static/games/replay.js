// Replay: ← and → step one move, Home and End go to the first and last
// position (the links of the replay controls; without script they still work).
(function () {
  "use strict";
  const keys = { ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last" };
  document.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    if (event.target.closest && event.target.closest("input,textarea,select,[contenteditable]")) return;
    const which = keys[event.key];
    const link = which && document.querySelector(`.replay-controls a[data-replay="${which}"][href]`);
    if (!link) return; // none, or disabled: already at that end
    event.preventDefault();
    window.location.href = link.href;
  });
  // The current move stays in sight in a long move list (the list scrolls
  // inside itself; the page does not move).  The list is positioned, so a
  // move's offsetTop is already measured from the list's top.
  const list = document.querySelector(".move-list ol");
  const current = list && list.querySelector('a[aria-current="step"]');
  if (current) list.scrollTop = current.offsetTop - (list.clientHeight - current.offsetHeight) / 2;
})();
