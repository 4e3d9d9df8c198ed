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
  // a row per zone that wraps on a narrow screen (the chips go under the steppers): a
  // table's columns scrolled sideways on a phone and hid the last colour
  const list = document.createElement("div");
  list.className = "mrp-tg";
  list.setAttribute("role", "list");
  for (const z of zones) {
    const row = document.createElement("div");
    row.className = "mrp-tg-row";
    row.setAttribute("role", "listitem");
    row.dataset.zone = z.id;
    const name = document.createElement("span");
    name.className = "mrp-tg-zone";
    name.textContent = z.name;
    row.appendChild(name);
    for (const c of colours) {
      const step = document.createElement("span");
      step.className = `mrp-tg-step mrp-tg-${c.id}`;
      const who = document.createElement("span");
      who.className = "mrp-tg-who";
      who.textContent = c.name;
      const n = document.createElement("span");
      n.className = "mrp-tg-n";
      n.textContent = String(z.counts[c.id] || 0);
      step.append(
        who,
        button("mrp-tg-minus", "\u2212", `${c.name} in ${z.name}: one fewer`,
               () => send({ kind: "step", zone: z.id, colour: c.id, delta: -1 })),
        n,
        button("mrp-tg-plus", "+", `${c.name} in ${z.name}: one more`,
               () => send({ kind: "step", zone: z.id, colour: c.id, delta: 1 })));
      row.appendChild(step);
    }
    const chips = document.createElement("span");
    chips.className = "mrp-tg-chips";
    for (const r of grid.resources || []) {
      const b = button(`mrp-tg-chip mrp-tg-res-${r.id || "unknown"}`, r.name,
                       `${z.name}: resource ${r.name}`,
                       () => send({ kind: "resource", zone: z.id, value: r.id }));
      b.setAttribute("aria-pressed", String(z.resource === r.id));
      chips.appendChild(b);
    }
    row.appendChild(chips);
    list.appendChild(row);
  }
  el.appendChild(list);
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
