// Live panels for mrp_tutor (anywidget; morph() and follow() come from morph.js and wire.js,
// prepended by Python): views of the app board's model ("the hub").
// The hub carries the HTML of every panel that changes on a click (status, step counter,
// countdown, decision, explanation, log, ...) and the option labels, so one click sends ONE
// message and every panel is redrawn in the same task. Each panel redraws only when its own
// text changed. No game logic here; the HTML was built (and escaped) in Python from the
// viewer's view.

const REF = "IPY_MODEL_";

// A citation button (mrp_tutor/app/html.py cite_button_html) opens or closes the rule's
// paraphrase, taken from the hub's table of the rules cited (wired trait "cites") the first
// time it is opened.
function citeToggler(hub) {
  let table = null;
  const toggle = (ev) => {
    const btn = ev.target.closest("button.mrp-cite");
    if (!btn) return;
    let para = btn.nextElementSibling;
    if (!para || !para.classList.contains("mrp-paraphrase")) {
      if (!table) table = follow(hub, "cites", () => {});
      const html = (table[0]() || {})[btn.dataset.rule];
      if (html === undefined) return;
      para = parse(html).firstElementChild;
      if (!para) return;
      para.hidden = true;
      btn.after(para);
    }
    para.hidden = !para.hidden;
    btn.setAttribute("aria-expanded", String(!para.hidden));
  };
  return [toggle, () => table && table[1]()];
}

// An HTML panel, morphed (unchanged nodes kept); `fresh`: one whose text is new at every
// change (the explanation) or that is a line or two (status, step counter, decision), drawn
// afresh (morphing it would only parse it apart, compare and discard).
function htmlSlot(hub, name, el, _model, fresh = false) {
  const box = document.createElement("div");
  box.className = "widget-html-content";
  el.classList.add("widget-html", "jupyter-widgets");
  el.appendChild(box);
  const [toggleCite, unfollow] = citeToggler(hub);
  box.addEventListener("click", toggleCite);
  let shown = null;
  const draw = () => {
    const html = hub.get(name) ?? "";
    if (html === shown) return;  // unchanged: no DOM write, no reflow
    shown = html;
    if (fresh) {
      box.innerHTML = html;
      return;
    }
    const t = document.createElement("template");
    t.innerHTML = html;
    morph(box, t.content);
  };
  draw();
  hub.on(`change:${name}`, draw);
  return () => {
    hub.off(`change:${name}`, draw);
    box.removeEventListener("click", toggleCite);
    unfollow();
  };
}

const parse = (html) => {
  const t = document.createElement("template");
  t.innerHTML = html;
  return t.content;
};

// A panel of keyed rows (the log, the countdown strip): {head, shell (HTML holding one empty
// element marked data-mrp-rows: a <tbody>, <ol> or <ul>), rows: {index: one "<tr>" or
// "<li>" each}, foot, order}, wired (a Next sends the new or changed rows only, wire.js).
// Shown as head, shell with the rows in its container, then foot; rows in index order
// ("asc") or the highest first (the default). A row whose HTML is unchanged keeps its node.
function rowsSlot(hub, name, el) {
  const box = document.createElement("div");
  box.className = "widget-html-content";
  el.classList.add("widget-html", "jupyter-widgets");
  el.appendChild(box);
  let head = null, shell = null, foot = null, headNodes = [], shellNodes = [], footNodes = [];
  let body = null, wrap = "tbody";
  const shown = new Map();  // row key -> [html, its node]
  let value = () => ({});
  const part = (html, nodes, before) => {  // replace `nodes` by the parsed `html`
    for (const n of nodes) n.remove();
    const frag = parse(html);
    const out = Array.from(frag.childNodes);
    box.insertBefore(frag, before);
    return out;
  };
  const draw = () => {
    const v = value() || {};
    if ((v.shell ?? "") !== shell) {
      shell = v.shell ?? "";
      for (const n of shellNodes) n.remove();
      const frag = parse(shell);
      shellNodes = Array.from(frag.childNodes);
      body = frag.querySelector("[data-mrp-rows]");
      wrap = body ? body.localName : "tbody";
      box.insertBefore(frag, footNodes[0] || null);
      shown.clear();
    }
    if ((v.head ?? "") !== head) {
      head = v.head ?? "";
      headNodes = part(head, headNodes, shellNodes[0] || footNodes[0] || null);
    }
    if ((v.foot ?? "") !== foot) {
      foot = v.foot ?? "";
      footNodes = part(foot, footNodes, null);
    }
    if (!body) return;
    const rows = v.rows || {};
    // integer keys: a JavaScript object lists them in ascending order
    const keys = Object.keys(rows);
    if (v.order !== "asc") keys.reverse();
    // the new or changed rows, parsed in one go (each parse has a fixed cost of its own)
    const fresh = keys.filter((k) => { const hit = shown.get(k); return !hit || hit[0] !== rows[k]; });
    if (fresh.length) {
      const got = parse(fresh.map((k) => `<${wrap}>${rows[k]}</${wrap}>`).join("")).children;
      fresh.forEach((k, i) => {
        const c = got[i];
        shown.set(k, [rows[k], c.childNodes.length === 1 ? c.firstChild : c]);
      });
    }
    const nodes = keys.map((k) => shown.get(k)[1]);
    place(body, nodes);  // a kept row is never moved (morph.js)
    const used = new Set(nodes);
    for (const [k, hit] of shown) if (!used.has(hit[1])) shown.delete(k);
  };
  const [current, stop] = follow(hub, name, draw);
  value = current;
  draw();
  return stop;
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
  // The options shown (a new position picks the first again). Only what changed is
  // written: most steps list nothing or the same labels again, and a <select> is dear to
  // refill (each option added or removed updates its list).
  let shownPosition = null;
  let shownTexts = [];
  const draw = () => {
    const o = hub.get(name) || {};
    const labels = o.labels || [];
    const texts = labels.length ? labels : [o.empty || "(no decision)"];
    const opts = select.options;
    let changed = o.position !== shownPosition || opts.length !== texts.length;
    for (let i = 0; i < texts.length; i++) {
      const value = labels.length ? String(i) : "-1";
      if (i >= opts.length) {
        const opt = document.createElement("option");
        opt.value = value;
        opt.textContent = texts[i];
        select.appendChild(opt);
        continue;
      }
      if (opts[i].value !== value) opts[i].value = value;
      if (shownTexts[i] !== texts[i]) {
        opts[i].textContent = texts[i];
        changed = true;
      }
    }
    while (opts.length > texts.length) opts[opts.length - 1].remove();
    shownTexts = texts;
    shownPosition = o.position;
    if (changed) select.selectedIndex = 0;  // another list: its first option again
    play.disabled = !labels.length;
  };
  draw();
  hub.on(`change:${name}`, draw);
  return () => hub.off(`change:${name}`, draw);
}

// The seated learner's choices: one button each; a click sends its index and position. A
// keyboard user who chose keeps the focus in the new list (the button at the same place,
// or the last), not thrown back to the top of the page; focus elsewhere is never taken.
function choicesSlot(hub, name, el, model) {
  el.classList.add("jupyter-widgets");
  let shown = null;
  const draw = () => {
    const o = hub.get(name) || {};
    const labels = o.labels || [];
    const details = o.details || [];
    const key = JSON.stringify([o.position, labels, details]);
    if (key === shown) return;
    shown = key;
    const frag = document.createDocumentFragment();
    labels.forEach((text, i) => {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "jupyter-widgets jupyter-button widget-button mrp-choice";
      b.textContent = text;
      if (details[i]) {  // what the card named says, under the choice (touch: no tooltip)
        const d = document.createElement("span");
        d.className = "mrp-choice-detail";
        d.textContent = details[i];
        b.appendChild(d);
      }
      b.addEventListener("click", () => {
        model.send({ kind: "play", index: i, position: o.position });
      });
      frag.appendChild(b);
    });
    const had = Array.prototype.indexOf.call(el.children, document.activeElement);
    el.replaceChildren(frag);
    if (had >= 0 && el.children.length) {
      el.children[Math.min(had, el.children.length - 1)].focus();
    }
  };
  draw();
  hub.on(`change:${name}`, draw);
  return () => hub.off(`change:${name}`, draw);
}

const KINDS = {
  html: htmlSlot, options: optionsSlot, choices: choicesSlot, rows: rowsSlot,
  fresh: (hub, name, el, model) => htmlSlot(hub, name, el, model, true),
};

async function render({ model, el }) {
  installTips();
  installPressed();
  const ref = String(model.get("hub") || "");
  const hub = await model.widget_manager.get_model(ref.startsWith(REF) ? ref.slice(REF.length) : ref);
  const name = model.get("name");
  return (KINDS[model.get("kind")] || htmlSlot)(hub, name, el, model);  // the cleanup
}

export default { render };

