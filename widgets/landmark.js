// The page's content is one landmark (axe-core `region`): once this widget's element is on
// the page, the outermost app box (the game picker's page, else the game's own root) gets
// role="main", unless the page already has a main landmark. Prepended by Python to the
// board and the First Martians map (an anywidget module cannot import a sibling file).
function markMain(el, tries = 120) {
  if (el.isConnected) {
    const box = el.closest(".mrp-page") || el.closest(".mrp-app, .fm-panel");
    if (box) {
      if (!document.querySelector("main, [role='main']")) box.setAttribute("role", "main");
      return;
    }
  }
  if (tries > 0) requestAnimationFrame(() => markMain(el, tries - 1));
}
