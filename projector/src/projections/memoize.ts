/**
 * A value made once per combination of four keys, looked up through nested maps (no key string to
 * build per call). The board's counters name a few thousand documents and counters (organizations ×
 * creators × years, days of a year, facet values) and a rebuild asks for them millions of times; the
 * same string each time also spares the runner hashing a new one.
 */
export function memoize4<A, B, C, D, V>(make: (a: A, b: B, c: C, d: D) => V): (a: A, b: B, c: C, d: D) => V {
  const root = new Map<A, Map<B, Map<C, Map<D, V>>>>();
  return (a, b, c, d) => {
    let byB = root.get(a);
    if (!byB) {
      byB = new Map();
      root.set(a, byB);
    }
    let byC = byB.get(b);
    if (!byC) {
      byC = new Map();
      byB.set(b, byC);
    }
    let byD = byC.get(c);
    if (!byD) {
      byD = new Map();
      byC.set(c, byD);
    }
    let value = byD.get(d);
    if (value === undefined) {
      value = make(a, b, c, d);
      byD.set(d, value);
    }
    return value;
  };
}

/** The same for two keys. */
export function memoize2<A, B, V>(make: (a: A, b: B) => V): (a: A, b: B) => V {
  const root = new Map<A, Map<B, V>>();
  return (a, b) => {
    let byB = root.get(a);
    if (!byB) {
      byB = new Map();
      root.set(a, byB);
    }
    let value = byB.get(b);
    if (value === undefined) {
      value = make(a, b);
      byB.set(b, value);
    }
    return value;
  };
}
