// Mars board for mrp_tutor: render-only ES module (anywidget).
// Reads the synced trait "board" (built in Python from the viewer's view; wired(): sent as a
// patch of what the page holds, wire.js) and sends
// {kind: "pick", target, id} when a zone or ship is clicked. No game logic here.
// A redraw reconciles the board in keyed parts (reconcile below; place() comes from
// morph.js, prepended by Python): unchanged zones and ships keep their nodes. Clicks and keys
// are handled once, on the root, from the data-zone / data-ship / data-colour attributes.

const COLOURS = {
  red: "#d64541", blue: "#3b7dd8", green: "#2e9e5b", yellow: "#e0b400",
  purple: "#8e5cc8", black: "#333333",
};
// Pip backgrounds dark enough for white digits (WCAG AA 4.5:1); yellow takes black digits.
const PIP_BG = {
  red: "#b3261e", blue: "#1f5fbf", green: "#1b6e3c", yellow: "#f2c200",
  purple: "#6a3aa8", black: "#333333",
};
const PIP_FG = { yellow: "#111111" };
const SVGNS = "http://www.w3.org/2000/svg";

function h(tag, cls, text) {
  const el = document.createElement(tag);
  if (cls) el.className = cls;
  if (text !== undefined && text !== null) el.textContent = String(text);
  return el;
}

// Whose view the board shows, in words (no counters: the step is in the stepper).
function viewerText(v) {
  const who = String(v || "table");
  if (who === "table") return "Table view (no secrets)";
  if (who.startsWith("referee")) return "Referee view (everything)";
  return `${who.charAt(0).toUpperCase()}${who.slice(1)}'s view`;
}

function plural(n, word) {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

// Astronaut pips; a click on one sends the zone/ship pick with that colour (a mouse
// shortcut: the same choices are buttons in the decision panel for keyboard users).
function pips(counts, colours) {
  const wrap = h("div", "mrp-pips");
  for (const c of colours) {
    const n = counts[c] || 0;
    if (!n) continue;
    const pip = h("span", "mrp-pip", String(n));
    pip.style.background = PIP_BG[c] || "#555";
    pip.style.color = PIP_FG[c] || "#ffffff";
    pip.title = `${plural(n, c + " astronaut")}`;
    // read out with its colour; the name of the zone or ship holds the visible "2" (axe)
    pip.appendChild(h("span", "mrp-sr", ` ${c} astronaut${n === 1 ? "" : "s"}`));
    pip.dataset.colour = c;
    wrap.appendChild(pip);
  }
  return wrap;
}

function unverifiedBadge(what) {
  const b = h("span", "mrp-unverified", "unverified");
  b.title = `${what}: placeholder data, not checked against a physical copy`;
  b.dataset.tip = b.title;
  return b;
}

function zoneBox(z, colours, picked, targets) {
  const box = h("div", `mrp-zone mrp-zone-${z.kind}`);
  if (!z.verified) box.classList.add("mrp-zone-unverified");
  const isPicked = picked === `zone:${z.id}` || (targets.picked || []).includes(z.id);
  if (isPicked) box.classList.add("mrp-picked");
  const isTarget = (targets.zones || []).includes(z.id);
  if (isTarget) box.classList.add("mrp-target");
  box.dataset.zone = z.id;
  // kept inside the map whatever the zone box width (--mrp-zone-half, set by board.css)
  box.style.left = `clamp(var(--mrp-zone-half), ${z.x}%, calc(100% - var(--mrp-zone-half)))`;
  box.style.top = `${z.y}%`;
  box.tabIndex = 0;
  box.setAttribute("role", "button");
  // the accessible name is the zone's own text (what is seen, in the order seen) plus what
  // only the eye gets from colour: no aria-label that leaves the visible text out (axe
  // label-content-name-mismatch)
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
  const state = (Object.values(z.astronauts || {}).some((n) => n > 0) ? "" : "; no astronauts") +
    (isTarget ? " (you can act here)" : "") + (isPicked ? " (picked)" : "");
  if (state) box.appendChild(h("span", "mrp-sr", state));
  return box;
}

function shipCard(s, colours, picked, label, targets) {
  const card = h("div", "mrp-ship");
  if (s.launched) card.classList.add("mrp-ship-launched");
  if (!s.verified) card.classList.add("mrp-ship-unverified");
  const isPicked = picked === `ship:${s.id}` || (targets.picked || []).includes(s.id);
  if (isPicked) card.classList.add("mrp-picked");
  const isTarget = (targets.ships || []).includes(s.id);
  if (isTarget) card.classList.add("mrp-target");
  card.dataset.ship = s.id;
  card.tabIndex = 0;
  card.setAttribute("role", "button");
  const head = h("div", "mrp-ship-head", `${label} ${s.name || s.id}`);
  if (!s.verified) head.appendChild(unverifiedBadge(s.card || "ship card"));
  card.appendChild(head);
  card.appendChild(h("div", "mrp-ship-dest", `to ${s.destination}`));
  if (s.tokens.length) {
    card.appendChild(h("div", "mrp-ship-tokens", "tokens: " + s.tokens.join(" > ")));
  }
  const cap = h("div", "mrp-ship-cap", `${s.aboard}/${s.capacity} aboard`);
  if (s.aboard >= s.capacity) cap.classList.add("mrp-full");
  card.appendChild(cap);
  card.appendChild(pips(s.crew, colours));
  // named by its own text, like a zone (no aria-label hiding what is seen)
  const state = (s.aboard ? "" : "; nobody aboard") + (isTarget ? " (you can act here)" : "") +
    (isPicked ? " (picked)" : "");
  if (state) card.appendChild(h("span", "mrp-sr", state));
  return card;
}

// Adjacency lines (the zone graph): solid when verified, dashed when the edge is unverified.
function edgeLayer(b) {
  const svg = document.createElementNS(SVGNS, "svg");
  svg.setAttribute("class", "mrp-edges");
  svg.setAttribute("viewBox", "0 0 100 100");
  svg.setAttribute("preserveAspectRatio", "none");
  svg.setAttribute("aria-hidden", "true");
  const at = {};
  for (const z of b.zones || []) at[z.id] = z;
  for (const e of b.edges || []) {
    const a = at[e.a], c = at[e.b];
    if (!a || !c) continue;
    const line = document.createElementNS(SVGNS, "line");
    line.setAttribute("x1", a.x); line.setAttribute("y1", a.y);
    line.setAttribute("x2", c.x); line.setAttribute("y2", c.y);
    line.setAttribute("class", e.verified ? "mrp-edge" : "mrp-edge mrp-edge-unverified");
    line.setAttribute("vector-effect", "non-scaling-stroke");
    line.dataset.edge = `${e.a}|${e.b}`;
    svg.appendChild(line);
  }
  return svg;
}

// Make the children of `box` the nodes of `parts` ([key, build] pairs, in order): a child
// whose key is unchanged keeps its node, neither built nor compared, and stays in place
// (morph.js place()); the others are built; children no part wants are removed. Returns the
// nodes in order. A Next changes a zone or two and a ship: only those are built again.
function reconcile(box, parts) {
  const have = new Map();  // the children by key
  for (let n = box.firstChild; n; n = n.nextSibling) {
    if (n.__mrpKey !== undefined && !have.has(n.__mrpKey)) have.set(n.__mrpKey, n);
  }
  const nodes = parts.map(([key, build]) => {
    let node = have.get(key);
    if (node) have.delete(key);
    else {
      node = build();
      node.__mrpKey = key;
    }
    return node;
  });
  place(box, nodes);
  return nodes;
}

// The board is drawn in keyed parts (reconcile): each part's key is the data it is drawn
// from, so a Next rebuilds only the zones, ships and sections whose data changed.
function draw(model, root, b) {
  const picked = model.get("picked") || "";
  const colours = b.colours || [];
  const targets = b.targets || {};
  const J = JSON.stringify;
  const zones = b.zones || [];
  const W = b.words || {};  // the board's labels in the words of the game's ruleset
  const top = [
    [J(["head", b.round, b.stage, b.character, b.resolving, b.viewer, b.step, W.round]), () => {
      const head = h("div", "mrp-board-head");
      head.appendChild(h("span", "mrp-board-round", `${W.round || "Round"} ${b.round ?? "-"}`));
      head.appendChild(h("span", "mrp-board-stage", b.stage || ""));
      if (b.character) head.appendChild(h("span", "mrp-board-char", `resolving: ${b.character} (${b.resolving})`));
      head.appendChild(h("span", "mrp-board-viewer", viewerText(b.viewer)));
      return head;
    }],
    [J(["legend", colours, b.first, b.supply, b.roles]), () => {
      const legend = h("div", "mrp-legend");
      for (const c of colours) {
        // the 2-player variant names each colour's role (main colour, or neutral and whose)
        const role = b.roles?.[c] ? ` (${b.roles[c]})` : "";
        const item = h("span", "mrp-legend-item", `${c}${role}${c === b.first ? " (first)" : ""}: ${b.supply?.[c] ?? 0} in supply`);
        const dot = h("span", "mrp-dot");
        dot.style.background = COLOURS[c] || "#777";
        item.prepend(dot);
        legend.appendChild(item);
      }
      return legend;
    }],
  ];
  if (targets.prompt) {
    top.push([J(["prompt", targets.prompt]), () => h("div", "mrp-board-prompt", targets.prompt)]);
  }
  const MARS = top.length;
  top.push([J(["mars", b.moon, W.map, W.neighbours]), () => {  // its zones are reconciled below
    const mars = h("div", "mrp-mars");
    mars.setAttribute("role", "group");
    mars.setAttribute("aria-label",
      `${W.map || "Map of Mars"}${b.moon ? " and " + b.moon : ""}: ${W.neighbours || "lines join neighbouring zones"}`);
    return mars;
  }]);
  const PAD = top.length;
  top.push([J(["pad"]), () => h("div", "mrp-launchpad")]);  // its rows are reconciled below
  top.push([J(["memorial", b.memorial, colours]), () => {
    const mem = h("div", "mrp-memorial");
    mem.appendChild(h("span", "mrp-section-title", "Lost in Space Memorial "));
    const entries = Object.entries(b.memorial || {});
    if (entries.length) mem.appendChild(pips(b.memorial, colours));
    else mem.appendChild(h("span", "mrp-none", "nobody yet"));
    return mem;
  }]);
  const unplaced = zones.some((z) => !z.placed);
  top.push([J(["key", b.moon, unplaced, W.key, W.act, W.unplaced]), () => h("div", "mrp-map-key",
    (W.key || "Lines join neighbouring zones (dashed: not yet checked against a physical board). ") +
    (b.moon ? `${b.moon}, top right, has no neighbours. ` : "") +
    (W.act || "Highlighted zones and ships are where you can act.") +
    (unplaced ? (W.unplaced || " Zone positions are a tutor layout, not measured from a physical board.") : ""))]);
  const nodes = reconcile(root, top);

  const mars = [[J(["edges", b.edges, zones.map((z) => [z.id, z.x, z.y])]), () => edgeLayer(b)]];
  for (const z of zones) {
    const marks = [picked === `zone:${z.id}` || (targets.picked || []).includes(z.id),
                   (targets.zones || []).includes(z.id)];
    mars.push([J(["zone", z, colours, marks]), () => zoneBox(z, colours, picked, targets)]);
  }
  reconcile(nodes[MARS], mars);

  const cards = (ships, label) => ships.map((s, i) => (s
    ? [J(["ship", s, label(i), colours, picked === `ship:${s.id}`,
          (targets.picked || []).includes(s.id), (targets.ships || []).includes(s.id)]),
       () => shipCard(s, colours, picked, label(i), targets)]
    : [J(["empty", i, W.dock]), () => h("div", "mrp-ship mrp-empty-dock", `${W.dock || "Dock"} ${i + 1}: empty`)]));
  const row = (parts) => () => {
    const box = h("div", "mrp-docks");
    reconcile(box, parts);
    return box;
  };
  const docks = cards(b.docks || [], (i) => `${W.dock || "Dock"} ${i + 1}:`);
  const pad = [[J(["title", "pad", W.launchpad]), () => h("div", "mrp-section-title", W.launchpad || "Launchpad")],
               [J(["docks"]), row(docks)]];
  const launched = cards(b.launched || [], () => "In flight:");
  if (launched.length) {
    pad.push([J(["title", "launched", W.launched]), () => h("div", "mrp-section-title",
      W.launched || "Launched (land at the end of the round)")], [J(["launched"]), row(launched)]);
  }
  const rows = reconcile(nodes[PAD], pad);
  reconcile(rows[1], docks);
  if (launched.length) reconcile(rows[3], launched);
}

// A click on a zone or ship (or one of its astronaut pips: the pick names that colour).
function pickOf(target) {
  const place = target.closest("[data-zone], [data-ship]");
  if (!place) return null;
  const msg = place.dataset.zone !== undefined
    ? { kind: "pick", target: "zone", id: place.dataset.zone }
    : { kind: "pick", target: "ship", id: place.dataset.ship };
  const pip = target.closest(".mrp-pip");
  if (pip && place.contains(pip)) msg.colour = pip.dataset.colour;
  return msg;
}

function render({ model, el }) {
  installTips();
  installPressed();
  markMain(el);
  const root = h("div", "mrp-board");
  el.appendChild(root);
  const [floatPrompt, stopFloat] = installFloat(el, root);
  let board = () => ({});
  // A zone or ship drawn again (picked, highlighted, changed) is a new node: the keyboard
  // focus it had goes to the node now drawn for the same zone or ship. A board that cannot
  // be drawn is said in a sentence, never left half drawn; the next change draws it afresh.
  const redraw = () => {
    const had = document.activeElement;
    const focused = had && root.contains(had) ? pickOf(had) : null;
    try {
      draw(model, root, board() || {});
    } catch (err) {
      console.error("mrp_tutor: the board could not be drawn", err);
      root.replaceChildren(h("div", "mrp-board-error",
        "The board could not be drawn. The rest of the app still works; the next step " +
        "draws it again."));
    }
    floatPrompt();
    if (!focused || had.isConnected) return;
    const again = root.querySelector(`[data-${focused.target}="${CSS.escape(focused.id)}"]`);
    if (again) again.focus({ preventScroll: true });
  };
  const onClick = (ev) => {
    const msg = pickOf(ev.target);
    if (msg) model.send(msg);
  };
  const onKey = (ev) => {
    if ((ev.key === "Enter" || ev.key === " ") && ev.target.matches("[data-zone], [data-ship]")) {
      ev.preventDefault();
      model.send(pickOf(ev.target));
    }
  };
  root.addEventListener("click", onClick);
  root.addEventListener("keydown", onKey);
  const [value, stop] = follow(model, "board", redraw);
  board = value;
  model.on("change:picked", redraw);
  redraw();
  return () => {
    stop();
    stopFloat();
    model.off("change:picked", redraw);
    root.removeEventListener("click", onClick);
    root.removeEventListener("keydown", onKey);
  };
}

// Follow the wired traits from the model's creation (the app board also carries the log, the
// countdown and the rules cited: AppBoard.WIRED in mrp_tutor/games/mission_red_planet/ui/live.py), so no patch
// arrives before the page holds the value it patches.
function initialize({ model }) {
  for (const name of ["board", "log", "countdown", "cites"]) wireStream(model, name);
}

export default { initialize, render };
