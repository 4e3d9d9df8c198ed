// The board's prompt follows the eye (issue 26, item 3): while the map is on screen but its
// top has scrolled above the visible part of the page (a phone or tablet, where the prompt
// and the choices sit above the board; a desktop with the launchpad below the fold), a copy of
// the prompt is shown at the top of the visible part of the board, so a lit zone or ship is
// never seen without what it is lit for. The copy is aria-hidden: the prompt is read once.
// Prepended to board.js by Python (an anywidget module cannot import a sibling file).

// The top of the visible area: the nearest ancestor that scrolls (Voila, JupyterLab and a
// plain page each scroll a different element), else the window.
function visibleTop(el) {
  for (let n = el.parentElement; n; n = n.parentElement) {
    const y = getComputedStyle(n).overflowY;
    if ((y === "auto" || y === "scroll") && n.scrollHeight > n.clientHeight + 1) {
      return Math.max(0, n.getBoundingClientRect().top);
    }
  }
  return 0;
}

// Install the floating copy on the board widget `el` (whose child `root` the board is drawn
// in); returns [update, stop]: update() after each redraw, stop() when the view goes.
function installFloat(el, root) {
  const bar = document.createElement("div");
  bar.className = "mrp-board-float";
  bar.setAttribute("aria-hidden", "true");
  bar.hidden = true;
  el.appendChild(bar);
  let queued = false;
  const update = () => {
    queued = false;
    const src = root.querySelector(".mrp-board-prompt");
    const mars = root.querySelector(".mrp-mars");
    if (!src || !mars || !el.isConnected) {
      bar.hidden = true;
      return;
    }
    const top = visibleTop(el);
    const box = el.getBoundingClientRect();
    const show = mars.getBoundingClientRect().top < top + 4 && box.bottom > top + 80;
    bar.hidden = !show;
    if (!show) return;
    if (bar.textContent !== src.textContent) bar.textContent = src.textContent;
    bar.style.top = `${top - box.top}px`;
  };
  const later = () => {
    if (!queued) {
      queued = true;
      requestAnimationFrame(update);
    }
  };
  const opts = { capture: true, passive: true };
  document.addEventListener("scroll", later, opts);
  window.addEventListener("resize", later);
  const stop = () => {
    document.removeEventListener("scroll", later, opts);
    window.removeEventListener("resize", later);
    bar.remove();
  };
  return [later, stop];
}
