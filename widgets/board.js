// Mars board for mrp_tutor: render-only ES module (anywidget).
// Reads the synced trait "board" (built in Python from the viewer's view) and sends
// {kind: "pick", target, id} when a zone or ship is clicked. No game logic here.

const COLOURS = {
  red: "#d64541", blue: "#3b7dd8", green: "#2e9e5b", yellow: "#e0b400",
  purple: "#8e5cc8", black: "#333333",
};

function h(tag, cls, text) {
  const el = document.createElement(tag);
  if (cls) el.className = cls;
  if (text !== undefined && text !== null) el.textContent = String(text);
  return el;
}

function pips(counts, colours) {
  const wrap = h("div", "mrp-pips");
  for (const c of colours) {
    const n = counts[c] || 0;
    if (!n) continue;
    const pip = h("span", "mrp-pip", String(n));
    pip.style.background = COLOURS[c] || "#777";
    pip.title = `${n} ${c} astronaut${n === 1 ? "" : "s"}`;
    pip.setAttribute("aria-label", pip.title);
    pip.dataset.colour = c;
    wrap.appendChild(pip);
  }
  return wrap;
}

function unverifiedBadge(what) {
  const b = h("span", "mrp-unverified", "unverified");
  b.title = `${what}: placeholder data, not checked against a physical copy`;
  return b;
}

function zoneBox(z, colours, send, picked) {
  const box = h("div", `mrp-zone mrp-zone-${z.kind}`);
  if (!z.verified) box.classList.add("mrp-zone-unverified");
  if (picked === `zone:${z.id}`) box.classList.add("mrp-picked");
  box.dataset.zone = z.id;
  box.style.left = `${z.x}%`;
  box.style.top = `${z.y}%`;
  box.tabIndex = 0;
  box.setAttribute("role", "button");
  const title = h("div", "mrp-zone-name", z.name);
  if (!z.verified) title.appendChild(unverifiedBadge("zone name"));
  box.appendChild(title);
  const res = h("div", "mrp-resource");
  if (z.resource === null || z.resource === undefined) {
    res.textContent = "no resource";
    res.classList.add("mrp-none");
  } else if (z.face_up) {
    res.textContent = z.resource;
    res.classList.add(`mrp-res-${z.resource}`);
  } else if (z.resource === "hidden") {
    res.textContent = "resource face down";
    res.classList.add("mrp-facedown");
  } else {
    res.textContent = `${z.resource} (face down)`;
    res.classList.add("mrp-facedown");
  }
  box.appendChild(res);
  box.appendChild(pips(z.astronauts, colours));
  const waiting = Object.entries(z.waiting || {}).filter(([, n]) => n > 0);
  if (waiting.length) {
    box.appendChild(h("div", "mrp-waiting",
      "waiting: " + waiting.map(([r, n]) => `${n} ${r}`).join(", ")));
  }
  if (z.kind === "outer" || z.discovery) {
    const d = h("div", "mrp-discovery",
      z.discovery ? `discovery: ${z.discovery}` : "discovery slot: empty");
    if (!z.discovery) d.classList.add("mrp-none");
    box.appendChild(d);
  }
  const pick = () => send({ kind: "pick", target: "zone", id: z.id });
  box.addEventListener("click", pick);
  box.addEventListener("keydown", (e) => { if (e.key === "Enter") pick(); });
  return box;
}

function shipCard(s, colours, send, picked, label) {
  const card = h("div", "mrp-ship");
  if (s.launched) card.classList.add("mrp-ship-launched");
  if (!s.verified) card.classList.add("mrp-ship-unverified");
  if (picked === `ship:${s.id}`) card.classList.add("mrp-picked");
  card.dataset.ship = s.id;
  card.tabIndex = 0;
  card.setAttribute("role", "button");
  const head = h("div", "mrp-ship-head", `${label} ${s.id}`);
  if (!s.verified) head.appendChild(unverifiedBadge("ship card"));
  card.appendChild(head);
  card.appendChild(h("div", "mrp-ship-dest", `to ${s.destination}`));
  if (s.tokens.length) {
    card.appendChild(h("div", "mrp-ship-tokens", "tokens: " + s.tokens.join(" > ")));
  }
  const cap = h("div", "mrp-ship-cap", `${s.aboard}/${s.capacity} aboard`);
  if (s.aboard >= s.capacity) cap.classList.add("mrp-full");
  card.appendChild(cap);
  card.appendChild(pips(s.crew, colours));
  const pick = () => send({ kind: "pick", target: "ship", id: s.id });
  card.addEventListener("click", pick);
  card.addEventListener("keydown", (e) => { if (e.key === "Enter") pick(); });
  return card;
}

function draw(model, root) {
  const b = model.get("board") || {};
  const picked = model.get("picked") || "";
  const send = (msg) => model.send(msg);
  const colours = b.colours || [];
  const frag = document.createDocumentFragment();

  const head = h("div", "mrp-board-head");
  head.appendChild(h("span", "mrp-board-round", `Round ${b.round ?? "-"}`));
  head.appendChild(h("span", "mrp-board-stage", b.stage || ""));
  if (b.character) head.appendChild(h("span", "mrp-board-char", `resolving: ${b.character} (${b.resolving})`));
  head.appendChild(h("span", "mrp-board-viewer", `view: ${b.viewer} · event ${b.step ?? 0}`));
  frag.appendChild(head);

  const legend = h("div", "mrp-legend");
  for (const c of colours) {
    const item = h("span", "mrp-legend-item", `${c}${c === b.first ? " (first)" : ""}: ${b.supply?.[c] ?? 0} in supply`);
    const dot = h("span", "mrp-dot");
    dot.style.background = COLOURS[c] || "#777";
    item.prepend(dot);
    legend.appendChild(item);
  }
  frag.appendChild(legend);

  const mars = h("div", "mrp-mars");
  mars.setAttribute("aria-label", "Mars and Phobos");
  for (const z of b.zones || []) mars.appendChild(zoneBox(z, colours, send, picked));
  frag.appendChild(mars);

  const pad = h("div", "mrp-launchpad");
  pad.appendChild(h("div", "mrp-section-title", "Launchpad"));
  const docks = h("div", "mrp-docks");
  (b.docks || []).forEach((s, i) => {
    if (s) docks.appendChild(shipCard(s, colours, send, picked, `Dock ${i + 1}:`));
    else docks.appendChild(h("div", "mrp-ship mrp-empty-dock", `Dock ${i + 1}: empty`));
  });
  pad.appendChild(docks);
  if ((b.launched || []).length) {
    pad.appendChild(h("div", "mrp-section-title", "Launched (land at the end of the round)"));
    const fl = h("div", "mrp-docks");
    for (const s of b.launched) fl.appendChild(shipCard(s, colours, send, picked, "In flight:"));
    pad.appendChild(fl);
  }
  frag.appendChild(pad);

  const mem = h("div", "mrp-memorial");
  mem.appendChild(h("span", "mrp-section-title", "Lost in Space Memorial "));
  const entries = Object.entries(b.memorial || {});
  if (entries.length) mem.appendChild(pips(b.memorial, colours));
  else mem.appendChild(h("span", "mrp-none", "nobody yet"));
  frag.appendChild(mem);

  root.replaceChildren(frag);
}

function render({ model, el }) {
  const root = h("div", "mrp-board");
  el.appendChild(root);
  const redraw = () => draw(model, root);
  model.on("change:board", redraw);
  model.on("change:picked", redraw);
  redraw();
  return () => {
    model.off("change:board", redraw);
    model.off("change:picked", redraw);
  };
}

export default { render };
