// Wired traits (mrp_tutor/app/wire.py; prepended to board.js and live.js by Python): the
// board, the log, the countdown and the rules cited arrive as
// {"$wire": seq, "id": stream, "full": value} or as a patch of the value the page holds,
// {"$wire": seq, "id": stream, "base": b, "patch": p}. The value is kept
// once per stream for the whole page (globalThis: board.js and live.js are separate modules,
// and anywidget hands each hook its own model proxy); a page that missed a step asks the
// kernel for the whole value again.
const isWire = (v) => v !== null && typeof v === "object" && !Array.isArray(v) && "$wire" in v;

function wirePatch(old, p) {
  if (p === null || typeof p !== "object") return p;
  if (p.$ === "v") return p.v;
  if (p.$ === "d") {
    if (old === null || typeof old !== "object" || Array.isArray(old)) throw new Error("patch");
    const out = Object.assign({}, old);
    for (const k of p.x || []) delete out[k];
    for (const [k, sub] of Object.entries(p.p)) out[k] = wirePatch(out[k], sub);
    return out;
  }
  if (p.$ === "l" && Array.isArray(old)) {
    const out = Array.from(old);
    for (const [i, sub] of Object.entries(p.i)) out[Number(i)] = wirePatch(out[Number(i)], sub);
    return out;
  }
  throw new Error("patch");
}

// The page's copy of a wired trait (null when the trait is a plain value), following it from
// the first call on.
function wireStream(model, name) {
  const first = model.get(name);
  if (!isWire(first)) return null;
  const streams = globalThis.__mrpWire || (globalThis.__mrpWire = new Map());
  let st = streams.get(first.id);
  if (st) return st;
  st = { seq: null, value: undefined, asked: false, subs: new Set() };
  streams.set(first.id, st);
  const resync = () => {
    st.seq = null;
    if (!st.asked) {
      st.asked = true;
      model.send({ kind: "resync", name });
    }
  };
  const apply = () => {
    const w = model.get(name);
    if (!isWire(w)) return;
    if ("full" in w) {
      st.value = w.full;
      st.seq = w.$wire;
      st.asked = false;
    } else if (st.seq !== null && w.base === st.seq) {
      try {
        st.value = wirePatch(st.value, w.patch);
      } catch (err) {
        resync();
        return;
      }
      st.seq = w.$wire;
    } else {
      resync();
      return;
    }
    for (const f of st.subs) f();
  };
  model.on(`change:${name}`, apply);
  apply();
  return st;
}

// Call draw() after each change of trait `name`; returns [current value getter, unsubscribe].
function follow(model, name, draw) {
  const st = wireStream(model, name);
  if (st === null) {
    model.on(`change:${name}`, draw);
    return [() => model.get(name), () => model.off(`change:${name}`, draw)];
  }
  st.subs.add(draw);
  return [() => st.value, () => st.subs.delete(draw)];
}
