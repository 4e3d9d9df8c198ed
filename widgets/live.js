// Live panels for mrp_tutor (anywidget): views of the app board's model ("the hub").
// The hub carries the HTML of every panel that changes on a click (status, step counter,
// countdown, decision, explanation, log, ...) and the option labels, so one click sends ONE
// message and every panel is redrawn in the same task. Each panel redraws only when its own
// text changed. No game logic here; the HTML was built (and escaped) in Python from the
// viewer's view.

const REF = "IPY_MODEL_";

// Make `into`'s children equal to `from`'s, keeping every old node that is unchanged (its
// text is not shaped or laid out again): a Next that adds one log row inserts one <tr>.
const keyOf = (n) => (n.nodeType === 1 ? n.outerHTML : `${n.nodeType}:${n.nodeValue}`);

function sameShell(a, b) {
  if (a.nodeType !== 1 || b.nodeType !== 1 || a.nodeName !== b.nodeName) return false;
  if (a.attributes.length !== b.attributes.length) return false;
  for (const at of b.attributes) if (a.getAttribute(at.name) !== at.value) return false;
  return true;
}

function morph(into, from) {
  const olds = Array.from(into.childNodes);
  const news = Array.from(from.childNodes);
  const newKeys = new Set(news.map(keyOf));
  const pool = new Map();  // key -> unchanged old nodes, in order
  const spare = new Set();  // old nodes no new node equals: morphed in place or removed
  for (const o of olds) {
    const k = keyOf(o);
    if (newKeys.has(k)) (pool.get(k) || pool.set(k, []).get(k)).push(o);
    else spare.add(o);
  }
  const used = new Set();
  let ref = into.firstChild;
  for (const n of news) {
    const same = pool.get(keyOf(n));
    if (same && same.length) {
      const o = same.shift();
      used.add(o);
      if (o === ref) ref = ref.nextSibling;
      else into.insertBefore(o, ref);
      continue;
    }
    while (ref && spare.has(ref) && !sameShell(ref, n) &&
           !(ref.nodeType === 3 && n.nodeType === 3)) ref = ref.nextSibling;
    if (ref && spare.has(ref)) {
      if (ref.nodeType === 3) ref.nodeValue = n.nodeValue;
      else morph(ref, n);
      spare.delete(ref);
      used.add(ref);
      ref = ref.nextSibling;
      continue;
    }
    into.insertBefore(n, ref);
  }
  for (const o of olds) if (!used.has(o)) o.remove();
}

function htmlSlot(hub, name, el) {
  const box = document.createElement("div");
  box.className = "widget-html-content";
  el.classList.add("widget-html", "jupyter-widgets");
  el.appendChild(box);
  let shown = null;
  const draw = () => {
    const html = hub.get(name) ?? "";
    if (html === shown) return;  // unchanged: no DOM write, no reflow
    shown = html;
    const t = document.createElement("template");
    t.innerHTML = html;
    morph(box, t.content);
  };
  draw();
  return [`change:${name}`, draw];
}

let uid = 0;

// The legal options and "Play this": a native labelled <select> (keyboard and screen-reader
// friendly) whose choice is sent with the position it was listed for.
function optionsSlot(hub, name, el, model) {
  el.classList.add("widget-inline-hbox", "widget-dropdown", "jupyter-widgets");
  const id = `mrp-options-select-${++uid}`;
  const label = document.createElement("label");
  label.className = "widget-label";
  label.htmlFor = id;
  label.textContent = "Options";
  const select = document.createElement("select");
  select.id = id;
  const play = document.createElement("button");
  play.className = "jupyter-widgets jupyter-button widget-button mrp-play";
  play.type = "button";
  play.textContent = "Play this";
  play.title = "Play the chosen legal option";
  el.append(label, select, play);
  play.addEventListener("click", () => {
    const o = hub.get(name) || {};
    if (!(o.labels || []).length) return;
    model.send({ kind: "play", index: Number(select.value), position: o.position });
  });
  let shown = null;
  const draw = () => {
    const o = hub.get(name) || {};
    const labels = o.labels || [];
    const key = JSON.stringify([o.position, labels]);
    if (key === shown) return;
    shown = key;
    const frag = document.createDocumentFragment();
    if (!labels.length) {
      const opt = document.createElement("option");
      opt.value = "-1";
      opt.textContent = o.empty || "(no decision)";
      frag.appendChild(opt);
    }
    labels.forEach((text, i) => {
      const opt = document.createElement("option");
      opt.value = String(i);
      opt.textContent = text;
      frag.appendChild(opt);
    });
    select.replaceChildren(frag);
    select.selectedIndex = 0;
    play.disabled = !labels.length;
  };
  draw();
  return [`change:${name}`, draw];
}

// The seated learner's choices: one button each; a click sends its index and position.
function choicesSlot(hub, name, el, model) {
  el.classList.add("jupyter-widgets");
  let shown = null;
  const draw = () => {
    const o = hub.get(name) || {};
    const labels = o.labels || [];
    const key = JSON.stringify([o.position, labels]);
    if (key === shown) return;
    shown = key;
    const frag = document.createDocumentFragment();
    labels.forEach((text, i) => {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "jupyter-widgets jupyter-button widget-button mrp-choice";
      b.textContent = text;
      b.addEventListener("click", () => {
        model.send({ kind: "play", index: i, position: o.position });
      });
      frag.appendChild(b);
    });
    el.replaceChildren(frag);
  };
  draw();
  return [`change:${name}`, draw];
}

const KINDS = { html: htmlSlot, options: optionsSlot, choices: choicesSlot };

async function render({ model, el }) {
  const ref = String(model.get("hub") || "");
  const hub = await model.widget_manager.get_model(ref.startsWith(REF) ? ref.slice(REF.length) : ref);
  const name = model.get("name");
  const [event, draw] = (KINDS[model.get("kind")] || htmlSlot)(hub, name, el, model);
  hub.on(event, draw);
  return () => hub.off(event, draw);
}

export default { render };

export { morph };
