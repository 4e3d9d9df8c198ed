// The referee's zones on one screen (anywidget): a row per zone, a - count + stepper per
// colour and a chip per resource.  No game logic: Python sends the grid and checks every tap.

function button(cls, label, aria, onClick) {
  const b = document.createElement("button");
  b.type = "button";
  b.className = cls;
  b.textContent = label;
  b.setAttribute("aria-label", aria);
  b.addEventListener("click", onClick);
  return b;
}

function draw(model, el) {
  el.replaceChildren();
  const grid = model.get("grid") || {};
  const zones = grid.zones || [];
  if (!zones.length) return;
  const colours = grid.colours || [];
  const send = (msg) => model.send(msg);
  const wrap = document.createElement("div");
  wrap.className = "mrp-tg-wrap";
  const table = document.createElement("table");
  table.className = "mrp-tg";
  const head = table.createTHead().insertRow();
  for (const text of ["Zone", ...colours.map((c) => c.name), "Resource"]) {
    const th = document.createElement("th");
    th.textContent = text;
    head.appendChild(th);
  }
  const body = table.createTBody();
  for (const z of zones) {
    const row = body.insertRow();
    row.dataset.zone = z.id;
    row.className = "mrp-tg-row";
    const th = document.createElement("th");
    th.scope = "row";
    th.textContent = z.name;
    row.appendChild(th);
    for (const c of colours) {
      const cell = row.insertCell();
      const step = document.createElement("span");
      step.className = `mrp-tg-step mrp-tg-${c.id}`;
      const n = document.createElement("span");
      n.className = "mrp-tg-n";
      n.textContent = String(z.counts[c.id] || 0);
      step.append(
        button("mrp-tg-minus", "\u2212", `${c.name} in ${z.name}: one fewer`,
               () => send({ kind: "step", zone: z.id, colour: c.id, delta: -1 })),
        n,
        button("mrp-tg-plus", "+", `${c.name} in ${z.name}: one more`,
               () => send({ kind: "step", zone: z.id, colour: c.id, delta: 1 })));
      cell.appendChild(step);
    }
    const chips = document.createElement("div");
    chips.className = "mrp-tg-chips";
    for (const r of grid.resources || []) {
      const b = button(`mrp-tg-chip mrp-tg-res-${r.id || "unknown"}`, r.name,
                       `${z.name}: resource ${r.name}`,
                       () => send({ kind: "resource", zone: z.id, value: r.id }));
      b.setAttribute("aria-pressed", String(z.resource === r.id));
      chips.appendChild(b);
    }
    row.insertCell().appendChild(chips);
  }
  wrap.appendChild(table);
  el.appendChild(wrap);
}

export default {
  render({ model, el }) {
    el.classList.add("mrp-table-grid");
    draw(model, el);
    const redraw = () => draw(model, el);
    model.on("change:grid", redraw);
    return () => model.off("change:grid", redraw);
  },
};
