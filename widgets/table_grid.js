// The referee's table on one screen (anywidget): the round row (chips: colours, stage, round,
// first player, who resolves which character), a row per zone (a - count + stepper per
// colour, a chip per resource), per ship in play (its crew) and per seat (its point tokens
// and its cards as chips).
// No game logic: Python sends the grid and checks every tap.

function button(cls, label, aria, onClick) {
  const b = document.createElement("button");
  b.type = "button";
  b.className = cls;
  b.textContent = label;
  b.setAttribute("aria-label", aria);
  b.addEventListener("click", onClick);
  return b;
}

function stepper(send, part, row, key, who, n, where) {
  const step = document.createElement("span");
  step.className = `mrp-tg-step mrp-tg-${key}`;
  const label = document.createElement("span");
  label.className = "mrp-tg-who";
  label.textContent = who;
  const count = document.createElement("span");
  count.className = "mrp-tg-n";
  count.textContent = String(n || 0);
  const tap = (delta) => () => send({ kind: "step", part, row, key, delta });
  step.append(
    label,
    button("mrp-tg-minus", "\u2212", `${who} in ${where}: one fewer`, tap(-1)),
    count,
    button("mrp-tg-plus", "+", `${who} in ${where}: one more`, tap(1)));
  return step;
}

function section(list, title, part, rows, keys, extra) {
  if (!rows.length) return;
  const head = document.createElement("div");
  head.className = "mrp-tg-head";
  head.textContent = title;
  list.appendChild(head);
  for (const r of rows) {
    const row = document.createElement("div");
    row.className = `mrp-tg-row mrp-tg-${part}`;
    row.setAttribute("role", "listitem");
    row.dataset[part] = r.id;
    const name = document.createElement("span");
    name.className = "mrp-tg-zone";
    name.textContent = r.where ? `${r.name}, ${r.where}` : r.name;
    row.appendChild(name);
    for (const k of keys) {
      row.appendChild(stepper(list.send, part, r.id, k.id, k.name, r.counts[k.id], r.name));
    }
    if (extra) row.appendChild(extra(r));
    list.appendChild(row);
  }
}

function chipGroup(label, chips, on, aria, onTap, cls) {
  const box = document.createElement("span");
  box.className = `mrp-tg-chips mrp-tg-${cls}`;
  const who = document.createElement("span");
  who.className = "mrp-tg-who";
  who.textContent = label;
  box.appendChild(who);
  for (const c of chips) {
    const b = button(`mrp-tg-chip mrp-tg-${cls}-${c.id || "none"}`, c.name,
                     `${aria}: ${c.name}`, () => onTap(c.id));
    b.setAttribute("aria-pressed", String(on.includes(c.id)));
    box.appendChild(b);
  }
  return box;
}

const ROUND = [["player", "Colours at the table"], ["stage", "Stage"], ["round", "Round"],
               ["production", "Production"], ["first", "First player"],
               ["colour", "Resolving"], ["character", "Character"], ["step", "Effect"]];
const HANDS = [["played", "Played"], ["chosen", "Chosen (face down)"], ["missions", "Missions"],
               ["actions", "Action cards"]];

function roundRow(list, model, round) {
  const head = document.createElement("div");
  head.className = "mrp-tg-head";
  head.textContent = "Round";
  list.appendChild(head);
  for (const [field, label] of ROUND) {
    const f = round[field];
    if (!f || f.shown === false) continue;
    const row = document.createElement("div");
    row.className = `mrp-tg-row mrp-tg-round mrp-tg-round-${field}`;
    row.setAttribute("role", "listitem");
    row.appendChild(chipGroup(label, f.chips, f.on, label, (value) =>
      model.send({ kind: "round", field, value: String(value) }), `r-${field}`));
    list.appendChild(row);
  }
}

function seatCards(model, cards, seat) {
  const box = document.createElement("div");
  box.className = "mrp-tg-cards";
  for (const [hand, label] of HANDS) {
    if (!(cards[hand] || []).length) continue;
    box.appendChild(chipGroup(label, cards[hand], seat.cards[hand] || [],
                              `${seat.name}, ${label.toLowerCase()}`, (card) =>
      model.send({ kind: "card", seat: seat.id, hand, card }), `c-${hand}`));
  }
  return box;
}

function draw(model, el) {
  el.replaceChildren();
  const grid = model.get("grid") || {};
  if (!(grid.zones || []).length) return;
  // rows that wrap on a narrow screen: a table's columns scrolled sideways on a phone
  const list = document.createElement("div");
  list.className = "mrp-tg";
  list.setAttribute("role", "list");
  list.send = (msg) => model.send(msg);
  const chips = (z) => {
    const box = document.createElement("span");
    box.className = "mrp-tg-chips";
    for (const r of grid.resources || []) {
      const b = button(`mrp-tg-chip mrp-tg-res-${r.id || "unknown"}`, r.name,
                       `${z.name}: resource ${r.name}`,
                       () => model.send({ kind: "resource", zone: z.id, value: r.id }));
      b.setAttribute("aria-pressed", String(z.resource === r.id));
      box.appendChild(b);
    }
    return box;
  };
  const colours = grid.colours || [];
  const resources = (grid.resources || []).filter((r) => r.id);
  if (grid.round) roundRow(list, model, grid.round);
  section(list, "Zones: astronauts and resource", "zone", grid.zones, colours, chips);
  section(list, "Ships in play: crew", "ship", grid.ships || [], colours, null);
  section(list, "Players: point tokens and cards", "seat", grid.seats || [], resources,
          (seat) => seatCards(model, grid.cards || {}, seat));
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
