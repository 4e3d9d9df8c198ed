// First Martians map (anywidget): draws the map spaces Python sends and reports a tap on a
// pickable space. No game logic here: which spaces can be picked comes from Python.

const NS = "http://www.w3.org/2000/svg";
const ICON = { "Extra Pawn": "+1", "Wound": "✚", "Morale": "☹", "Adventure": "?",
               "Rover": "Rv", "sample": "●", "POI": "◆", "Objective": "★" };

function svg(tag, attrs, parent) {
  const n = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs || {})) n.setAttribute(k, String(v));
  if (parent) parent.appendChild(n);
  return n;
}

function shortName(name) {
  return name.replace("Ring ", "R").replace("Northeast", "NE").replace("Northwest", "NW")
    .replace("Southeast", "SE").replace("Southwest", "SW").replace("North", "N")
    .replace("South", "S").replace("East", "E").replace("West", "W");
}

export default {
  render({ model, el }) {
    el.classList.add("fm-map");
    markMain(el);
    const draw = () => {
      const d = model.get("data") || {};
      const spaces = d.spaces || [];
      const byId = Object.fromEntries(spaces.map((s) => [s.id, s]));
      const pick = new Set(d.pickable || []);
      const path = d.path || [];
      el.replaceChildren();
      const S = 100;  // layout units to svg units
      const root = svg("svg", { viewBox: `${-1.18 * S} ${-1.18 * S} ${2.36 * S} ${2.36 * S}`,
                                role: "img", "aria-label": "Map of Mars around the HUB",
                                class: "fm-map-svg" }, el);
      for (const [a, b] of d.edges || []) {
        const p = byId[a], q = byId[b];
        if (!p || !q) continue;
        svg("line", { x1: p.x * S, y1: p.y * S, x2: q.x * S, y2: q.y * S,
                      class: p.revealed && q.revealed ? "fm-edge fm-edge-open" : "fm-edge" },
            root);
      }
      if (path.length > 1) {
        const pts = path.filter((id) => byId[id]).map((id) => `${byId[id].x * S},${byId[id].y * S}`);
        svg("polyline", { points: pts.join(" "), class: "fm-path" }, root);
      }
      for (const s of spaces) {
        const cls = ["fm-space", s.revealed ? "fm-revealed" : "fm-hidden"];
        if (pick.has(s.id)) cls.push("fm-pickable");
        if (d.chosen === s.id) cls.push("fm-chosen");
        if (path.includes(s.id)) cls.push("fm-on-path");
        if (s.id === "hub") cls.push("fm-hub-space");
        const g = svg("g", { class: cls.join(" "), "data-space": s.id,
                             transform: `translate(${s.x * S},${s.y * S})` }, root);
        const title = svg("title", {}, g);
        title.textContent = s.name + (s.icons.length ? ` (${s.icons.join(", ")})` : "")
          + (s.revealed ? "" : " (not explored)");
        svg("circle", { r: s.id === "hub" ? 15 : 12.5 }, g);
        const label = svg("text", { y: -1, class: "fm-space-name" }, g);
        label.textContent = s.id === "hub" ? "HUB" : shortName(s.name).slice(0, 9);
        if (s.icons.length) {
          const ic = svg("text", { y: 8, class: "fm-space-icons" }, g);
          ic.textContent = s.icons.map((i) => ICON[i] || "·").join("");
        }
        if (pick.has(s.id)) {
          g.setAttribute("tabindex", "0");
          g.setAttribute("role", "button");
          g.setAttribute("aria-label", `Travel to ${s.name}`);
          const send = () => model.send({ pick: s.id });
          g.addEventListener("click", send);
          g.addEventListener("keydown", (ev) => {
            if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); send(); }
          });
        }
      }
      const key = document.createElement("div");
      key.className = "fm-map-key";
      key.textContent = "Key: +1 Extra Pawn · ✚ Wound · ☹ Morale · ? Adventure · Rv Rover · "
        + "● sample · ◆ POI · ★ Objective. Dashed: not explored. Tap a highlighted space.";
      el.appendChild(key);
    };
    model.on("change:data", draw);
    draw();
  },
};
