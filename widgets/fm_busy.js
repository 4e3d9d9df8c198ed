// First Martians panel: no tap lands on a control the kernel is about to redraw.
// A tap on a control that applies a step (Apply, a phase button, an answer, Add, Declare,
// Undo...) marks the panel busy at once, in the page: its controls take no tap (buttons
// ignore the pointer, lists and boxes are disabled) until the kernel says the step is
// applied and the panel redrawn (``done`` changes; the kernel sends it after every other
// change of that step, and the page applies messages in order).  No game logic here.

const STEP = ".fm-step-tap";
const LOCKED = "data-fm-busy-locked";
const SAFETY_MS = 20000;  // never locked for good if an answer is lost (a kernel restarted)

export default {
  render({ model, el }) {
    el.classList.add("fm-busy-guard");
    let timer = null;
    const panel = () => el.closest(".fm-panel");
    const unlock = () => {
      const p = panel();
      if (timer !== null) { clearTimeout(timer); timer = null; }
      if (!p) return;
      p.classList.remove("fm-busy");
      p.removeAttribute("aria-busy");
      for (const c of p.querySelectorAll(`[${LOCKED}]`)) {
        c.disabled = false;
        c.removeAttribute(LOCKED);
      }
    };
    const lock = () => {
      const p = panel();
      if (!p || p.classList.contains("fm-busy")) return;
      p.classList.add("fm-busy");
      p.setAttribute("aria-busy", "true");
      for (const c of p.querySelectorAll("select, input")) {
        if (!c.disabled) { c.disabled = true; c.setAttribute(LOCKED, ""); }
      }
      timer = setTimeout(unlock, SAFETY_MS);
    };
    const onTap = (ev) => {
      const p = panel();
      if (!p || !p.contains(ev.target)) return;
      if (p.classList.contains("fm-busy")) {  // a tap while the last one is applied
        ev.stopPropagation();
        ev.preventDefault();
        return;
      }
      const step = ev.target.closest(STEP);
      if (step && !(ev.target.closest("button") || {}).disabled) lock();
    };
    // capture phase: runs before the widget's own handler sends the tap to the kernel
    document.addEventListener("click", onTap, true);
    model.on("change:done", unlock);
    return () => {
      document.removeEventListener("click", onTap, true);
      unlock();
    };
  },
};
