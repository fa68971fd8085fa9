// The Color Sort engine of seed 004 (rng, shuffle, dealTubes, pourInfo, applyPour, isSolved,
// canon, solve), copied as the reference prints it, and a driver for the Python bit-compatibility tests.
// Driver: reads one JSON array of requests from stdin, writes one JSON array of answers:
//   {"floats": SEED, "n": N}                                  -> the first N floats of rng(SEED)
//   {"deal": SEED, "colors", "capacity", "duplicates", "empty", "nodeLimit"}
//                                                             -> {"tubes", "solve"}
//   {"solve": TUBES, "capacity", "nodeLimit"}                 -> solve's result
// Floats are printed as their exact uint32 numerators (float * 2**32) so no decimal rounding
// stands between the two engines.
'use strict';

function pourInfo(tubes, capacity, i, j) {
  if (i === j) return null;
  const src = tubes[i], dst = tubes[j];
  if (!src.length) return null;
  if (dst.length >= capacity) return null;
  const color = src[src.length - 1];
  if (dst.length && dst[dst.length - 1] !== color) return null;
  let amount = 0;
  for (let k = src.length - 1; k >= 0 && src[k] === color; k--) amount++;
  amount = Math.min(amount, capacity - dst.length);
  return { amount, color };
}

function applyPour(tubes, capacity, i, j) {
  const info = pourInfo(tubes, capacity, i, j);
  if (!info) return null;
  const next = tubes.map((t) => t.slice());
  for (let k = 0; k < info.amount; k++) next[j].push(next[i].pop());
  return next;
}

function isSolved(tubes, capacity) {
  return tubes.every((t) => t.length === 0 || (t.length === capacity && t.every((c) => c === t[0])));
}

function canon(tubes) {
  return tubes.map((t) => t.join(',')).sort().join('|');
}

function rng(seed) {
  let state = 2166136261;
  for (const c of String(seed)) state = Math.imul(state ^ c.charCodeAt(0), 16777619);
  return () => {
    state += 0x6D2B79F5;
    let t = Math.imul(state ^ state >>> 15, 1 | state);
    t ^= t + Math.imul(t ^ t >>> 7, 61 | t);
    return ((t ^ t >>> 14) >>> 0) / 4294967296;
  };
}

function shuffle(array, random) {
  for (let i = array.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [array[i], array[j]] = [array[j], array[i]];
  }
  return array;
}

function dealTubes(numColors, capacity, random, duplicateColors = 0, emptyTubes = 2) {
  const multiplicities = new Array(numColors).fill(1);
  for (let d = 0; d < duplicateColors; d++) multiplicities[d] += 1;
  const units = [];
  for (let c = 0; c < numColors; c++) {
    for (let m = 0; m < multiplicities[c]; m++) for (let k = 0; k < capacity; k++) units.push(c);
  }
  shuffle(units, random);
  const totalFilledTubes = multiplicities.reduce((a, b) => a + b, 0);
  const tubes = [];
  for (let t = 0; t < totalFilledTubes; t++) tubes.push(units.slice(t * capacity, t * capacity + capacity));
  for (let e = 0; e < emptyTubes; e++) tubes.push([]);
  return tubes;
}

function solve(initialTubes, capacity, nodeLimit = 20000) {
  const start = initialTubes.map((t) => t.slice());
  if (isSolved(start, capacity)) return { solved: true, moves: [], nodes: 0, truncated: false };
  const visited = new Set([canon(start)]);
  let nodes = 0, truncated = false;
  function dfs(tubes, path) {
    if (truncated) return null;
    if (++nodes > nodeLimit) { truncated = true; return null; }
    const n = tubes.length;
    const moves = [];
    for (let i = 0; i < n; i++) {
      const src = tubes[i];
      if (!src.length) continue;
      const isSrcUniform = src.every((c) => c === src[0]);
      if (isSrcUniform && src.length === capacity) continue; // a full single-color tube is already settled
      for (let j = 0; j < n; j++) {
        if (i === j) continue;
        const dst = tubes[j];
        if (isSrcUniform && dst.length === 0) continue; // relocating a uniform pile to an empty tube never helps
        const info = pourInfo(tubes, capacity, i, j);
        if (info) moves.push([i, j, info.amount]);
      }
    }
    moves.sort((a, b) => b[2] - a[2]);
    for (const [i, j] of moves) {
      const next = applyPour(tubes, capacity, i, j);
      const sig = canon(next);
      if (visited.has(sig)) continue;
      visited.add(sig);
      if (isSolved(next, capacity)) return [...path, [i, j]];
      const result = dfs(next, [...path, [i, j]]);
      if (result) return result;
      if (truncated) return null;
    }
    return null;
  }
  const moves = dfs(start, []);
  if (moves) return { solved: true, moves, nodes, truncated: false };
  return { solved: false, moves: [], nodes, truncated };
}

function answer(request) {
  if ('floats' in request) {
    const random = rng(request.floats);
    return Array.from({ length: request.n }, () => random() * 4294967296);
  }
  if ('deal' in request) {
    const tubes = dealTubes(request.colors, request.capacity, rng(request.deal),
                            request.duplicates, request.empty);
    return { tubes, solve: solve(tubes, request.capacity, request.nodeLimit) };
  }
  return solve(request.solve, request.capacity, request.nodeLimit);
}

const chunks = [];
process.stdin.on('data', (chunk) => chunks.push(chunk));
process.stdin.on('end', () => {
  const requests = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  process.stdout.write(JSON.stringify(requests.map(answer)));
});
