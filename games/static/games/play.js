// The game page: click-to-move on the SVG board and live updates.
// The server decides legality; this only turns clicks into notation text.
(function () {
  "use strict";
  // A form with data-confirm asks first (no inline handlers: the CSP forbids them).
  document.addEventListener("submit", (event) => {
    const question = event.target.dataset && event.target.dataset.confirm;
    if (question && !window.confirm(question)) event.preventDefault();
  });

  // A tab in the background polls too (the title and the favicon are how
  // it says "your move"), but only at every HIDDEN_EVERY-th tick.
  const HIDDEN_EVERY = 12;
  let ticks = 0;
  const due = () => !document.hidden || ++ticks % HIDDEN_EVERY === 0;

  // A game waiting for players reloads once it starts (or is cancelled).
  const opening = document.getElementById("opening");
  if (opening && opening.dataset.pollUrl) {
    const check = () => {
      if (!due()) return;
      fetch(opening.dataset.pollUrl, { headers: { Accept: "application/json" }, cache: "no-store" })
        .then((r) => (r.ok ? r.json() : null))
        .then((data) => {
          if (data && data.status !== opening.dataset.status) window.location.reload();
        })
        .catch(() => {});
    };
    setInterval(check, Number(opening.dataset.pollSeconds || 5) * 1000);
  }

  const play = document.getElementById("play");
  if (!play) return;

  // ---- cues: "(Your move)" in the title comes from the server; the
  // favicon gets a badge while it is this player's move.
  const icon = document.querySelector("link[rel~=icon]");
  const plainIcon = icon && icon.href;
  const showCues = () => {
    const current = document.getElementById("play");
    if (icon && current) icon.href = current.dataset.yourMove ? current.dataset.moveIcon : plainIcon;
  };

  // ---- live updates: poll the ply; when the position changes, fetch the
  // page and swap its main part in place, keeping scroll and focus.
  const focusKey = (node) => {
    if (!node || node === document.body) return null;
    for (const name of ["id", "data-pick", "data-target", "data-move", "name", "href"]) {
      const value = node.getAttribute && node.getAttribute(name);
      if (value) return `[${name}="${CSS.escape(value)}"]`;
    }
    return null;
  };
  const refresh = () =>
    fetch(window.location.href, { headers: { Accept: "text/html" }, cache: "no-store" })
      .then((r) => (r.ok ? r.text() : Promise.reject(r.status)))
      .then((html) => {
        const fresh = new DOMParser().parseFromString(html, "text/html");
        const main = document.getElementById("main");
        const next = fresh.getElementById("main");
        if (!main || !next) return window.location.reload();
        const key = focusKey(document.activeElement);
        const typed = document.querySelector("#move-form input[name=move]");
        const draft = typed && typed.value;
        // A chat message being written survives a new line of the others' too.
        const writing = document.querySelector("#chat textarea[name=text]");
        const message = writing && writing.value;
        const [x, y] = [window.scrollX, window.scrollY];
        main.replaceChildren(...next.childNodes);
        document.title = fresh.title;
        window.scrollTo(x, y);
        const again = key && document.querySelector(key);
        if (again) again.focus({ preventScroll: true });
        const input = document.querySelector("#move-form input[name=move]");
        if (input && draft && !input.value) input.value = draft;
        const box = document.querySelector("#chat textarea[name=text]");
        if (box && message && !box.value) box.value = message;
        setup();
      })
      .catch(() => {});

  const poll = () => {
    const current = document.getElementById("play");
    if (!current || current.dataset.status !== "active" || !due()) return;
    fetch(current.dataset.pollUrl, { headers: { Accept: "application/json" }, cache: "no-store" })
      .then((r) => (r.ok ? r.json() : null))
      .then((data) => {
        if (!data) return;
        // A new chat line counts for a reader shown the chat (only they get ``chat``).
        const chat = "chat" in current.dataset && data.chat !== undefined && data.chat !== Number(current.dataset.chat);
        if (chat || data.ply !== Number(current.dataset.ply) || data.status !== current.dataset.status) refresh();
      })
      .catch(() => {});
  };
  if (play.dataset.pollUrl && play.dataset.status === "active") {
    setInterval(poll, Number(play.dataset.pollSeconds || 5) * 1000);
    document.addEventListener("visibilitychange", () => {
      if (!document.hidden) poll();
    });
  }

  // ---- click to move (set up again after each live update).
  let controls = [];
  let form = null;
  let input = null;
  let pickable = new Set();
  let picked = null;
  const setup = () => {
    showCues();
    picked = null;
    const controlsNode = document.getElementById("controls");
    form = document.getElementById("move-form");
    controls = controlsNode && form ? JSON.parse(controlsNode.textContent) : [];
    input = form && form.querySelector("input[name=move]");
    pickable = new Set(controls.filter((c) => c.pick).map((c) => c.pick));
    document.querySelectorAll("[data-pick]").forEach((node) => {
      if (!pickable.has(node.dataset.pick)) {
        node.classList.remove("pickable");
        node.removeAttribute("tabindex");
      }
    });
  };

  const submit = (text) => {
    if (!form) return;
    input.value = text;
    form.requestSubmit ? form.requestSubmit() : form.submit();
  };
  const targetsFor = (pick) =>
    new Map(controls.filter((c) => c.pick === pick && c.target).map((c) => [c.target, c.text]));

  // A target is a disabled button out of the Tab order (as the server draws
  // it) until a pick makes it legal: the keyboard walks only legal places.
  const enable = (node, on) => {
    node.classList.toggle("legal", on);
    if (on) {
      node.setAttribute("tabindex", "0");
      node.removeAttribute("aria-disabled");
    } else {
      node.removeAttribute("tabindex");
      node.setAttribute("aria-disabled", "true");
    }
  };
  const clearHighlights = () => {
    document.querySelectorAll(".picked").forEach((n) => n.classList.remove("picked"));
    document.querySelectorAll("[data-target].legal").forEach((n) => enable(n, false));
  };

  const activate = (node) => {
    if (node.dataset.pick && pickable.has(node.dataset.pick)) {
      clearHighlights();
      picked = node.dataset.pick;
      document.querySelectorAll(`[data-pick="${CSS.escape(picked)}"]`).forEach((n) => n.classList.add("picked"));
      const targets = targetsFor(picked);
      document.querySelectorAll("[data-target]").forEach((t) => {
        if (targets.has(t.dataset.target)) enable(t, true);
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
  setup();
  document.addEventListener("keydown", (event) => {
    // Escape puts a picked piece back: no place is a Tab stop any more.
    if (event.key === "Escape" && picked) {
      const piece = document.querySelector(`[data-pick="${CSS.escape(picked)}"]`);
      clearHighlights();
      picked = null;
      if (piece) piece.focus();
      return;
    }
    if (event.key !== "Enter" && event.key !== " ") return;
    const node = event.target.closest && event.target.closest("[data-pick],[data-target]");
    if (node) {
      event.preventDefault();
      activate(node);
    }
  });
})();
