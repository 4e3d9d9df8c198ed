// DOM helpers shared by the app's anywidgets (prepended to live.js and board.js by Python).

// Make the children of `box` exactly `nodes`, in order: a node already in its place stays
// (never taken out and put back: a move costs the page a relayout), the others are inserted,
// every other child is removed.
function place(box, nodes) {
  const keep = new Set(nodes);
  let ref = box.firstChild;
  const drop = (all) => {  // remove the children from ref on that are not kept (or all)
    while (ref && (all || !keep.has(ref))) {
      const next = ref.nextSibling;
      ref.remove();
      ref = next;
    }
  };
  for (const node of nodes) {
    drop(false);
    if (node === ref) ref = ref.nextSibling;
    else box.insertBefore(node, ref);
  }
  drop(true);
}

// Make `into`'s children equal to `from`'s, keeping every old node that is unchanged (its
// text is not shaped or laid out again): a Next that adds one sentence inserts one node.
// A node is compared by its HTML.
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
