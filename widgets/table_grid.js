// The referee's table on one screen (anywidget): the round row (chips: colours, stage, round,
// first player, who resolves which character), a row per zone (a - count + stepper per
// colour, a chip per resource; under "More" its waiting tokens and discovery), the ship cards
// to put in play, a row per ship in play (its crew; under "More" its place and destination
// tokens), per seat (its point tokens, known or not, and its cards as chips), the memorial.
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

function stepper(send, part, row, key, who, n, where, unknown) {
  const step = document.createElement("span");
  step.className = `mrp-tg-step mrp-tg-${key}`;
  const label = document.createElement("span");
  label.className = "mrp-tg-who";
  label.textContent = who;
  const count = document.createElement("span");
  count.className = "mrp-tg-n";
  count.textContent = unknown ? "?" : String(n || 0);
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
  if (title) {
    const head = document.createElement("div");
    head.className = "mrp-tg-head";
    head.textContent = title;
    list.appendChild(head);
  }
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
      row.appendChild(stepper(list.send, part, r.id, k.id, k.name, r.counts[k.id], r.name,
                              r.known === false));
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
    const b = button(`mrp-tg-chip mrp-tg-${cls}-${(c.id || "none").replace(":", "-")}`, c.name,
                     `${aria}: ${c.name}`, () => onTap(c.id));
    b.setAttribute("aria-pressed", String(on.includes(c.id)));
    box.appendChild(b);
  }
  return box;
}

// A "More" fold whose open state outlives the redraw after each tap (default: closed, or
// ``open`` until the referee folds it).
function fold(el, key, title, open, fill) {
  const d = document.createElement("details");
  d.className = `mrp-tg-more mrp-tg-more-${key.split(":")[0]}`;
  el._folds = el._folds || new Map();
  d.open = el._folds.has(key) ? el._folds.get(key) : open;
  const s = document.createElement("summary");
  s.textContent = title;
  const body = document.createElement("div");
  body.className = "mrp-tg-more-body";
  fill(body);
  d.append(s, body);
  // the referee's own fold or unfold is kept (not the default set above: its toggle
  // event would look the same)
  s.addEventListener("click", () => el._folds.set(key, !d.open));
  return d;
}

function zoneMore(el, model, grid, z) {
  return fold(el, `zone:${z.id}`, z.more ? `More: ${z.more}` : "More: waiting tokens" +
              (z.discover ? ", discovery" : ""), false, (d) => {
    for (const r of (grid.resources || []).filter((x) => x.id)) {
      d.appendChild(stepper((m) => model.send(m), "waiting", z.id, r.id, `${r.name} waiting`,
                            z.waiting[r.id], z.name));
    }
    if (z.discover) {
      d.appendChild(chipGroup("Discovery", grid.discoveries || [], [z.discovery],
                              `${z.name}, discovery`, (value) =>
        model.send({ kind: "discovery", zone: z.id, value }), "disc"));
    }
  });
}

function shipMore(el, model, grid, ship) {
  const toks = ship.tokens.length ? `tokens ${ship.tokens.join(", ")} (last on top)`
    : "no destination token";
  return fold(el, `ship:${ship.id}`, `More: ${ship.where}, ${toks}`, false, (d) => {
    const send = (action, value) => model.send({ kind: "ship", action, ship: ship.id, value });
    d.appendChild(chipGroup("Where", grid.places || [], [ship.place], `${ship.name}, where`,
                            (value) => send("place", value), "place"));
    const tokens = chipGroup("Destination token on top", grid.token_zones || [], [],
                             `${ship.name}, destination token`, (value) => send("token", value),
                             "tok");
    if (ship.tokens.length) {
      tokens.appendChild(button("mrp-tg-chip mrp-tg-untoken", "take the top one off",
                                `${ship.name}: take the top destination token off`,
                                () => send("untoken", "")));
    }
    d.appendChild(tokens);
  });
}

function addShips(el, list, model, grid) {
  const cards = grid.ship_cards || [];
  if (!cards.length) return;
  const row = document.createElement("div");
  row.className = "mrp-tg-row mrp-tg-add-ships";
  row.setAttribute("role", "listitem");
  row.appendChild(fold(el, "add-ships", "Put a ship card in play (number: destination, room)",
                       Boolean(grid.docks_free), (d) => {
    d.appendChild(chipGroup("Ship", cards, [], "Put in play: ship", (ship) =>
      model.send({ kind: "ship", action: "add", ship, value: "" }), "add"));
  }));
  list.appendChild(row);
}

function knownChips(model, seat) {
  const none = seat.known && Object.values(seat.counts).every((n) => !n);
  return chipGroup("Point tokens", [{ id: "no", name: "not known" }, { id: "yes", name: "none" }],
                   [seat.known ? (none ? "yes" : "") : "no"], `${seat.name}, point tokens`,
                   (v) => model.send({ kind: "known", seat: seat.id, known: v === "yes" }),
                   "known");
}

function memorial(list, grid) {
  const head = document.createElement("div");
  head.className = "mrp-tg-row mrp-tg-memorial";
  head.setAttribute("role", "listitem");
  const name = document.createElement("span");
  name.className = "mrp-tg-zone";
  name.textContent = "Memorial";
  head.appendChild(name);
  for (const c of grid.colours || []) {
    head.appendChild(stepper(list.send, "memorial", "memorial", c.id, c.name,
                             (grid.memorial || {})[c.id], "the memorial"));
  }
  list.appendChild(head);
}

const ROUND = [["player", "Colours at the table"], ["stage", "Stage"], ["round", "Round"],
               ["production", "Production"], ["first", "First player"],
               ["colour", "Resolving"], ["character", "Character"],
               ["effect", "or at its own effect"]];
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
    const both = document.createDocumentFragment();
    both.append(resourceChips(z), zoneMore(el, model, grid, z));
    return both;
  };
  const resourceChips = (z) => {
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
  const head = document.createElement("div");
  head.className = "mrp-tg-head";
  head.textContent = "Ships: the cards in play, their crew";
  list.appendChild(head);
  addShips(el, list, model, grid);
  section(list, "", "ship", grid.ships || [], colours, (ship) => shipMore(el, model, grid, ship));
  section(list, "Players: point tokens and cards", "seat", grid.seats || [], resources,
          (seat) => {
            const box = seatCards(model, grid.cards || {}, seat);
            box.prepend(knownChips(model, seat));
            return box;
          });
  memorial(list, grid);
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
