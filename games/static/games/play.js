// The game page: click-to-move on the SVG board and live updates.
// The server decides legality; this only turns clicks into notation text.
(function () {
  "use strict";
  // A form with data-confirm asks first (no inline handlers: the CSP forbids them).
  document.addEventListener("submit", (event) => {
    const question = event.target.dataset && event.target.dataset.confirm;
    if (question && !window.confirm(question)) event.preventDefault();
  });

  const play = document.getElementById("play");
  if (!play) return;

  // ---- live updates: poll the ply and reload when the position changes.
  const pollUrl = play.dataset.pollUrl;
  const ply = Number(play.dataset.ply);
  const status = play.dataset.status;
  if (pollUrl && status === "active") {
    const poll = () => {
      if (document.hidden) return;
      fetch(pollUrl, { headers: { Accept: "application/json" }, cache: "no-store" })
        .then((r) => (r.ok ? r.json() : null))
        .then((data) => {
          if (data && (data.ply !== ply || data.status !== status)) window.location.reload();
        })
        .catch(() => {});
    };
    setInterval(poll, 5000);
    document.addEventListener("visibilitychange", poll);
  }

  // ---- click to move.
  const controlsNode = document.getElementById("controls");
  const form = document.getElementById("move-form");
  if (!controlsNode || !form) return;
  const controls = JSON.parse(controlsNode.textContent);
  const input = form.querySelector("input[name=move]");
  let picked = null;

  const submit = (text) => {
    input.value = text;
    form.requestSubmit ? form.requestSubmit() : form.submit();
  };
  const pickable = new Set(controls.filter((c) => c.pick).map((c) => c.pick));
  const targetsFor = (pick) =>
    new Map(controls.filter((c) => c.pick === pick && c.target).map((c) => [c.target, c.text]));

  document.querySelectorAll("[data-pick]").forEach((node) => {
    if (!pickable.has(node.dataset.pick)) {
      node.classList.remove("pickable");
      node.removeAttribute("tabindex");
    }
  });

  const clearHighlights = () => {
    document.querySelectorAll(".picked").forEach((n) => n.classList.remove("picked"));
    document.querySelectorAll(".legal").forEach((n) => n.classList.remove("legal"));
  };

  const activate = (node) => {
    if (node.dataset.pick && pickable.has(node.dataset.pick)) {
      clearHighlights();
      picked = node.dataset.pick;
      document.querySelectorAll(`[data-pick="${CSS.escape(picked)}"]`).forEach((n) => n.classList.add("picked"));
      const targets = targetsFor(picked);
      document.querySelectorAll("[data-target]").forEach((t) => {
        if (targets.has(t.dataset.target)) t.classList.add("legal");
      });
      return;
    }
    if (node.dataset.target && picked) {
      const text = targetsFor(picked).get(node.dataset.target);
      if (text) submit(text);
    }
  };

  document.addEventListener("click", (event) => {
    const node = event.target.closest("[data-pick],[data-target]");
    if (node) activate(node);
    const button = event.target.closest("button[data-move]");
    if (button) submit(button.dataset.move);
  });
  document.addEventListener("keydown", (event) => {
    if (event.key !== "Enter" && event.key !== " ") return;
    const node = event.target.closest && event.target.closest("[data-pick],[data-target]");
    if (node) {
      event.preventDefault();
      activate(node);
    }
  });
})();
