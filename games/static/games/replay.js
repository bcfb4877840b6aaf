// Replay: arrow keys step through the positions.
(function () {
  "use strict";
  document.addEventListener("keydown", (event) => {
    if (event.target.closest && event.target.closest("input,textarea,select")) return;
    const rel = event.key === "ArrowLeft" ? "prev" : event.key === "ArrowRight" ? "next" : null;
    const link = rel && document.querySelector(`a[rel="${rel}"]`);
    if (link) window.location.href = link.href;
  });
})();
