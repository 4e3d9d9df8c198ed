// DOM morphing shared by the app's anywidgets (prepended to live.js and board.js by Python).
// Make `into`'s children equal to `from`'s, keeping every old node that is unchanged (its
// text is not shaped or laid out again): a Next that adds one log row inserts one <tr>.
// A node is compared by its HTML, or by a key its builder gave it (keyed(): the data it was
// built from; the board's zones, ships and sections), which spares serialising it. A lazy
// node (lazy(): a key and a builder) is built only when no old node has its key.
const KEY = "\u0000";  // keys never equal an outerHTML
const keyOf = (n) => n.__mrpKey ??
  (n.nodeType === 1 ? n.outerHTML : `${n.nodeType}:${n.nodeValue}`);

function keyed(node, key) {
  node.__mrpKey = KEY + key;
  return node;
}

function lazy(key, build) {
  const stub = document.createElement("mrp-lazy");
  stub.__mrpKey = KEY + key;
  stub.__mrpBuild = () => keyed(build(), key);
  return stub;
}

// A node about to be inserted, with every lazy node inside it built.
function built(node) {
  if (node.nodeType === 1) {
    for (const s of node.querySelectorAll("mrp-lazy")) s.replaceWith(s.__mrpBuild());
  }
  return node;
}

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
  for (const lazyOrNode of news) {
    const same = pool.get(keyOf(lazyOrNode));
    if (same && same.length) {
      const o = same.shift();
      used.add(o);
      if (o === ref) ref = ref.nextSibling;
      else into.insertBefore(o, ref);
      continue;
    }
    const n = lazyOrNode.__mrpBuild ? lazyOrNode.__mrpBuild() : lazyOrNode;
    while (ref && spare.has(ref) && !sameShell(ref, n) &&
           !(ref.nodeType === 3 && n.nodeType === 3)) ref = ref.nextSibling;
    if (ref && spare.has(ref)) {
      if (ref.nodeType === 3) ref.nodeValue = n.nodeValue;
      else morph(ref, n);
      if (n.__mrpKey === undefined) delete ref.__mrpKey;  // now equal to n
      else ref.__mrpKey = n.__mrpKey;
      spare.delete(ref);
      used.add(ref);
      ref = ref.nextSibling;
      continue;
    }
    into.insertBefore(built(n), ref);
  }
  for (const o of olds) if (!used.has(o)) o.remove();
}
