// Tooltips that also work on touch (issue 26): an element with data-tip shows its text in a
// small box when tapped or clicked (again, or anywhere else, or Escape: hidden), and when it
// takes the keyboard focus. Hover tooltips (title) never show on a touch screen. One
// listener for the whole page, whichever widget installs it first.
function installTips() {
  if (window.__mrpTips) return;
  window.__mrpTips = true;
  let pop = null;
  let owner = null;
  const close = () => {
    if (pop) pop.remove();
    if (owner) owner.removeAttribute("aria-describedby");
    pop = null;
    owner = null;
  };
  const open = (el) => {
    close();
    const text = el.getAttribute("data-tip");
    if (!text) return;
    pop = document.createElement("div");
    pop.className = "mrp-tip-pop";
    pop.id = "mrp-tip-pop";
    pop.setAttribute("role", "tooltip");
    pop.textContent = text;
    Object.assign(pop.style, {
      position: "fixed", zIndex: "10000", maxWidth: "min(320px, 90vw)", background: "#1f2937",
      color: "#ffffff", padding: "6px 8px", borderRadius: "6px", fontSize: "13px",
      lineHeight: "1.35", boxShadow: "0 2px 8px rgba(0,0,0,.3)", pointerEvents: "none",
    });
    document.body.appendChild(pop);
    const r = el.getBoundingClientRect();
    const left = Math.min(Math.max(4, r.left), window.innerWidth - pop.offsetWidth - 4);
    let top = r.bottom + 6;
    if (top + pop.offsetHeight > window.innerHeight - 4) {
      top = Math.max(4, r.top - pop.offsetHeight - 6);
    }
    pop.style.left = `${Math.max(4, left)}px`;
    pop.style.top = `${top}px`;
    owner = el;
    el.setAttribute("aria-describedby", pop.id);
  };
  document.addEventListener("click", (ev) => {
    const el = ev.target && ev.target.closest ? ev.target.closest("[data-tip]") : null;
    if (!el || el === owner) close();
    else open(el);
  }, true);
  document.addEventListener("focusin", (ev) => {
    const el = ev.target && ev.target.closest ? ev.target.closest("[data-tip]") : null;
    if (el && el !== owner) open(el);
  });
  document.addEventListener("keydown", (ev) => { if (ev.key === "Escape") close(); });
  window.addEventListener("scroll", close, { capture: true, passive: true });
}

// Pressed states (issue 26): the buttons of a toggle group (Tutor/Referee, the game picker)
// say which one is on, for a screen reader as for the eye (ipywidgets marks it mod-active
// only). Kept in step whenever a class changes.
function installPressed() {
  if (window.__mrpPressed) return;
  window.__mrpPressed = true;
  const SEL = ".widget-toggle-buttons button, button.widget-toggle-button";
  const mark = (b) => {
    const on = String(b.classList.contains("mod-active"));
    if (b.getAttribute("aria-pressed") !== on) b.setAttribute("aria-pressed", on);
  };
  // ipywidgets writes title="null" on the label of a widget without a tooltip: a tooltip
  // reading "null" (issue 26); such a title is dropped
  const NULL = "[title='null']";
  const sync = (root) => {
    if (root.matches(SEL)) mark(root);
    for (const b of root.querySelectorAll(SEL)) mark(b);
    if (root.matches(NULL)) root.removeAttribute("title");
    for (const n of root.querySelectorAll(NULL)) n.removeAttribute("title");
  };
  sync(document.body);
  new MutationObserver((records) => {
    for (const r of records) {
      if (r.type === "attributes") {
        if (r.target.matches(SEL)) mark(r.target);
        if (r.target.matches(NULL)) r.target.removeAttribute("title");
        continue;
      }
      for (const n of r.addedNodes) if (n.nodeType === 1) sync(n);
    }
  }).observe(document.body, { subtree: true, childList: true, attributes: true,
                              attributeFilter: ["class", "title"] });
}
