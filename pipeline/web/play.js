// The play page (pipeline/play.py): draws every puzzle of the page's data as a board a player
// solves by mouse, touch or keyboard, with undo and redo, reset, check, hints from the stored
// trace (decoded by Replay, pipeline/web/replay.js), a timer and progress kept in localStorage.
//
// Vocabulary: a *board* is one puzzle's element and what the page knows of it; its *state* is
// what the player has made (grid genres: one value per cell, in the solution text's characters,
// "" when open; Araf: one 0/1 per edge between two cells, 1 a wall; Color Sort: the tubes, bottom
// to top, and the pours made); a *model* is a genre's rules of play: its start state, drawing,
// inputs, wrong things, solved test and hints. A *deciding step* of a trace is one that fills
// cells (or pours); its hint sentence is its own with those of the steps just before it that
// only narrowed what it reads (as `puzzlebank hint` says it).
"use strict";
(() => {
  const data = JSON.parse(document.getElementById("play-data").textContent);
  const NS = "http://www.w3.org/2000/svg";
  const S = 40;  // a cell's side in SVG units
  const STORE = "puzzlebank-play:";
  const LONG_PRESS_MS = 550;
  const SEARCH_BUDGET = 200000;  // Color Sort: states a search may visit before it gives up

  // cells named as the genre's sentences name them: column letter and row number from 1
  const columnName = (c) => (c < 26 ? String.fromCharCode(97 + c) : "c" + (c + 1));
  const cellName = (r, c, genre) => {
    const name = columnName(c) + (r + 1);
    return genre === "chesspy" ? name.toUpperCase() : name;
  };

  function el(name, attributes, parent) {
    const node = document.createElementNS(NS, name);
    for (const [key, value] of Object.entries(attributes || {})) node.setAttribute(key, value);
    if (parent) parent.appendChild(node);
    return node;
  }

  function html(name, attributes, text, parent) {
    const node = document.createElement(name);
    for (const [key, value] of Object.entries(attributes || {})) node.setAttribute(key, value);
    if (text) node.textContent = text;
    if (parent) parent.appendChild(node);
    return node;
  }

  function decidingSteps(trace, sentences) {  // [{cells, pours, text}] in trace order
    const found = [];
    let pending = [];
    Replay.decode(trace).forEach((step, i) => {
      pending.push(sentences[i] || "");
      if (step.cells.length || step.pours.length) {
        found.push({ cells: step.cells, pours: step.pours, text: pending.join(" ") });
        pending = [];
      }
    });
    return found;
  }

  // ---- grid genres: Slant, Shakashaka, Chesspy ------------------------------------------------

  const PIECES = { R: "♖", B: "♗", N: "♘" };

  function gridModel(puzzle, solutionRow, genre) {
    const spaced = false;
    const solution = Replay.gridCells(solutionRow.solution, spaced);
    const fixed = Replay.givens(genre, puzzle.puzzle) || solution.map(() => null);
    const width = puzzle.width, height = puzzle.height;
    const body = genre === "chesspy" ? puzzle.puzzle.split(":")[1] : puzzle.puzzle;
    const given = genre === "slant" ? null : Replay.gridCells(body, false);
    const open = (k) => fixed[k] === null;
    const rules = {
      slant: { cycle: ["", "/", "\\"], keys: { "/": "/", "\\": "\\" }, dot: false },
      shakashaka: { cycle: ["", "1", "2", "3", "4"],
                    keys: { 1: "1", 2: "2", 3: "3", 4: "4", ".": "." }, dot: true },
      chesspy: { cycle: ["", "R", "B", "N"],
                 keys: { r: "R", b: "B", n: "N", R: "R", B: "B", N: "N", ".": "." }, dot: true },
    }[genre];
    const margin = genre === "slant" ? 14 : 2;
    const inventory = genre === "chesspy" ? puzzle.puzzle.split(":")[0] : "";
    const same = (value, k) => value === solution[k] || (value === "" && solution[k] === ".");

    function wrongCells(state) {
      return state.v.map((value, k) => (open(k) && value !== "" && value !== solution[k] ? k : -1))
        .filter((k) => k >= 0);
    }

    return {
      kind: "grid", width, height, dot: rules.dot,
      start: () => ({ v: fixed.map((value) => (value === null ? "" : value)) }),
      valid: (state) => Array.isArray(state.v) && state.v.length === solution.length
        && state.v.every((value, k) => (open(k) ? value === "" || value === "." && rules.dot
          || rules.cycle.includes(value) : value === fixed[k])),
      viewBox: [-margin, -margin, width * S + 2 * margin, height * S + 2 * margin],
      build(board) {
        const cells = el("g", {}, board.svg);
        board.cellNodes = [];
        for (let r = 0; r < height; r++) {
          for (let c = 0; c < width; c++) {
            const k = r * width + c;
            const classes = ["cell"];
            if (genre === "chesspy" && (r + c) % 2) classes.push("dark");
            if (genre === "shakashaka" && !open(k)) classes.push("given");
            board.cellNodes.push(el("rect", { x: c * S, y: r * S, width: S, height: S,
                                              class: classes.join(" "),
                                              "data-cell": `${r},${c}` }, cells));
          }
        }
        board.ink = el("g", { class: "ink" }, board.svg);
        el("rect", { x: 0, y: 0, width: width * S, height: height * S, class: "frame" }, board.svg);
        const clues = el("g", { class: "clue" }, board.svg);
        if (genre === "slant") {
          puzzle.puzzle.split(",").forEach((row, r) => row.split("").forEach((ch, c) => {
            if (ch === ".") return;
            el("circle", { cx: c * S, cy: r * S, r: 10 }, clues);
            el("text", { x: c * S, y: r * S, "font-size": 14 }, clues).textContent = ch;
          }));
        } else {
          given.forEach((ch, k) => {
            if (ch === "." || ch === "#") return;
            const r = Math.floor(k / width), c = k % width;
            el("text", { x: c * S + S / 2, y: r * S + S / 2, "font-size": 20, "font-weight": "bold",
                         fill: genre === "shakashaka" ? "#fff" : "#222" }, clues).textContent = ch;
          });
        }
        board.cursorNode = el("rect", { class: "cursor", width: S, height: S }, board.svg);
      },
      draw(board) {
        const ink = board.ink;
        ink.textContent = "";
        board.state.v.forEach((value, k) => {
          const node = board.cellNodes[k];
          node.setAttribute("data-value", value);
          const r = Math.floor(k / width), c = k % width, x = c * S, y = r * S;
          if (!open(k)) return;
          if (value === "/" || value === "\\") {
            const [y1, y2] = value === "/" ? [y + S, y] : [y, y + S];
            el("line", { x1: x + 3, y1: y1 + (value === "/" ? -3 : 3), x2: x + S - 3,
                         y2: y2 + (value === "/" ? 3 : -3), class: "diagonal" }, ink);
          } else if ("1234".includes(value) && value !== "") {
            const corners = { 1: [[0, 0], [S, 0], [0, S]], 2: [[0, 0], [S, 0], [S, S]],
                              3: [[S, 0], [S, S], [0, S]], 4: [[0, 0], [S, S], [0, S]] }[value];
            el("polygon", { points: corners.map(([dx, dy]) => `${x + dx},${y + dy}`).join(" "),
                            class: "triangle" }, ink);
          } else if (PIECES[value]) {
            el("text", { x: x + S / 2, y: y + S / 2 + 1, "font-size": 28 }, ink).textContent =
              PIECES[value];
          } else if (value === ".") {
            el("circle", { cx: x + S / 2, cy: y + S / 2, r: 3.5, class: "dot" }, ink);
          }
        });
        if (board.piecesNode) {
          const left = inventory.match(/[RBN]\d+/g).map((part) => {
            const kind = part[0];
            const placed = board.state.v.filter((value) => value === kind).length;
            return `${PIECES[kind]} ${Number(part.slice(1)) - placed}`;
          });
          board.piecesNode.textContent = "Pieces left to place: " + left.join("   ");
        }
      },
      extras(board) {
        if (genre === "chesspy") board.piecesNode = html("p", { class: "pieces" }, "", board.el);
      },
      target(node) {  // the cell index a clicked node stands for, or null
        const at = node.closest("[data-cell]");
        if (!at) return null;
        const [r, c] = at.getAttribute("data-cell").split(",").map(Number);
        return r * width + c;
      },
      click(state, k, alt) {
        if (!open(k)) return null;
        const now = state.v[k];
        let next;
        if (alt) next = rules.dot ? (now === "." ? "" : ".") : now;
        else next = rules.cycle[(rules.cycle.indexOf(now) + 1) % rules.cycle.length];
        if (next === now) return null;
        const v = state.v.slice();
        v[k] = next;
        return { v };
      },
      key(state, k, key) {  // undefined: not this genre's key; null: nothing changes
        let next;
        if (key === "Backspace" || key === "Delete" || key === "0" && genre !== "shakashaka") {
          next = "";
        } else if (Object.hasOwn(rules.keys, key)) {
          next = rules.keys[key];
          if (next === state.v[k] && genre !== "slant") next = "";
        } else return undefined;
        if (!open(k) || next === state.v[k]) return null;
        const v = state.v.slice();
        v[k] = next;
        return { v };
      },
      cursorAt(board) {
        board.cursorNode.setAttribute("x", board.cursor.c * S);
        board.cursorNode.setAttribute("y", board.cursor.r * S);
      },
      wrong(state) {
        const cells = wrongCells(state);
        const names = cells.map((k) => cellName(Math.floor(k / width), k % width, genre));
        return { cells, edges: [], tubes: [], names };
      },
      solved: (state) => state.v.every((value, k) => same(value, k)),
      hint(state, steps) {
        for (const step of steps) {
          if (step.cells.every(([k, value]) => state.v[k] === value)) continue;
          const v = state.v.slice();
          for (const [k, value] of step.cells) v[k] = value;
          return { state: { v }, cells: step.cells.map(([k]) => k), text: step.text };
        }
        return null;
      },
    };
  }

  // ---- Araf: walls on the edges between cells -------------------------------------------------

  function arafModel(puzzle, solutionRow) {
    const width = puzzle.width, height = puzzle.height;
    const tokens = Replay.gridCells(puzzle.puzzle, true);
    const labels = Replay.gridCells(solutionRow.solution, true);
    const edges = [];  // [k, n, name]: the edge between cell k and its neighbour n
    for (let r = 0; r < height; r++) {
      for (let c = 0; c < width; c++) {
        const k = r * width + c;
        if (c + 1 < width) edges.push([k, k + 1, `${r},${c},right`]);
        if (r + 1 < height) edges.push([k, k + width, `${r},${c},down`]);
      }
    }
    const edgeOf = new Map(edges.map(([k, n], e) => [`${k},${n}`, e]));
    const wall = edges.map(([k, n]) => (labels[k] !== labels[n] ? 1 : 0));

    function rooms(state) {  // each cell's label: regions the walls enclose, numbered row-major
      const parent = tokens.map((_, k) => k);
      const find = (k) => (parent[k] === k ? k : (parent[k] = find(parent[k])));
      edges.forEach(([k, n], e) => { if (!state.w[e]) parent[find(k)] = find(n); });
      const names = new Map();
      return tokens.map((_, k) => {
        const root = find(k);
        if (!names.has(root)) names.set(root, names.size);
        return String(names.get(root));
      });
    }

    function edgeName([k, n]) {
      const side = n === k + 1 ? "right of" : "below";
      return `the wall ${side} ${cellName(Math.floor(k / width), k % width)}`;
    }

    function toggle(state, e) {
      const w = state.w.slice();
      w[e] = w[e] ? 0 : 1;
      return { w };
    }

    return {
      kind: "edges", width, height, dot: false,
      start: () => ({ w: edges.map(() => 0) }),
      valid: (state) => Array.isArray(state.w) && state.w.length === edges.length
        && state.w.every((x) => x === 0 || x === 1),
      viewBox: [-3, -3, width * S + 6, height * S + 6],
      build(board) {
        const cells = el("g", {}, board.svg);
        board.cellNodes = tokens.map((token, k) => {
          const r = Math.floor(k / width), c = k % width;
          return el("rect", { x: c * S, y: r * S, width: S, height: S, class: "cell",
                              "data-cell": `${r},${c}` }, cells);
        });
        const numbers = el("g", { class: "clue" }, board.svg);
        tokens.forEach((token, k) => {
          if (token === ".") return;
          const r = Math.floor(k / width), c = k % width;
          el("text", { x: c * S + S / 2, y: r * S + S / 2, "font-size": 18 }, numbers)
            .textContent = token;
        });
        board.ink = el("g", { class: "ink" }, board.svg);
        el("rect", { x: 0, y: 0, width: width * S, height: height * S, class: "frame" }, board.svg);
        const hits = el("g", {}, board.svg);
        board.edgeNodes = edges.map(([k, n, name]) => {
          const r = Math.floor(k / width), c = k % width;
          const band = S * 0.3, inset = S * 0.12;
          const box = n === k + 1
            ? { x: (c + 1) * S - band / 2, y: r * S + inset, width: band, height: S - 2 * inset }
            : { x: c * S + inset, y: (r + 1) * S - band / 2, width: S - 2 * inset, height: band };
          return el("rect", { ...box, class: "edge", "data-edge": name }, hits);
        });
        board.cursorNode = el("rect", { class: "cursor", width: S, height: S }, board.svg);
      },
      draw(board) {
        const labelled = rooms(board.state);
        labelled.forEach((label, k) => board.cellNodes[k].setAttribute("data-value", label));
        board.ink.textContent = "";
        edges.forEach(([k, n], e) => {
          const on = board.state.w[e];
          board.edgeNodes[e].setAttribute("data-value", on ? "wall" : "");
          if (!on) return;
          const r = Math.floor(k / width), c = k % width;
          const line = n === k + 1
            ? { x1: (c + 1) * S, y1: r * S, x2: (c + 1) * S, y2: (r + 1) * S }
            : { x1: c * S, y1: (r + 1) * S, x2: (c + 1) * S, y2: (r + 1) * S };
          const classes = ["wall"];
          if (board.marks.edges.has(e)) classes.push(board.marks.kind);
          el("line", { ...line, class: classes.join(" ") }, board.ink);
        });
      },
      extras() {},
      target(node) {
        const at = node.closest("[data-edge]");
        return at ? edges.findIndex(([, , name]) => name === at.getAttribute("data-edge")) : null;
      },
      click: (state, e) => toggle(state, e),
      key(state, k, key, event) {
        if (!event.shiftKey || !key.startsWith("Arrow")) return undefined;
        const r = Math.floor(k / width), c = k % width;
        const [dr, dc] = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1],
                           ArrowRight: [0, 1] }[key];
        if (r + dr < 0 || r + dr >= height || c + dc < 0 || c + dc >= width) return null;
        const n = (r + dr) * width + c + dc;
        return toggle(state, edgeOf.get(`${Math.min(k, n)},${Math.max(k, n)}`));
      },
      cursorAt(board) {
        board.cursorNode.setAttribute("x", board.cursor.c * S);
        board.cursorNode.setAttribute("y", board.cursor.r * S);
      },
      wrong(state) {
        const found = edges.map((_, e) => e).filter((e) => state.w[e] && !wall[e]);
        return { cells: [], edges: found, tubes: [], names: found.map((e) => edgeName(edges[e])) };
      },
      solved: (state) => state.w.every((x, e) => x === wall[e]),
      hint(state, steps) {  // walls between the step's cells and every cell decided by then
        const decided = new Set();
        for (const step of steps) {
          for (const [k] of step.cells) decided.add(k);
          const missing = [];
          for (const [k] of step.cells) {
            edges.forEach(([a, b], e) => {
              if ((a === k && decided.has(b) || b === k && decided.has(a))
                  && state.w[e] !== wall[e] && !missing.includes(e)) missing.push(e);
            });
          }
          if (!missing.length) continue;
          const w = state.w.slice();
          for (const e of missing) w[e] = wall[e];
          return { state: { w }, cells: step.cells.map(([k]) => k),
                   edges: missing.filter((e) => wall[e]), text: step.text };
        }
        return null;
      },
    };
  }

  // ---- Color Sort: pour the top run of a tube onto a tube ---------------------------------------

  const TW = 34, GAP = 12, LH = 24;  // tube width, space between tubes, layer height

  function sortedTubes(tubes, cap) {
    return tubes.every((t) => !t.length || t.length === cap && [...t].every((c) => c === t[0]));
  }

  function canPour(tubes, cap, i, j) {
    const a = tubes[i], b = tubes[j];
    if (i === j || !a.length || b.length >= cap) return false;
    return !b.length || b[b.length - 1] === a[a.length - 1];
  }

  function pour(tubes, cap, i, j) {
    const next = tubes.slice();
    let a = next[i], b = next[j];
    const top = a[a.length - 1];
    while (a.length && a[a.length - 1] === top && b.length < cap) {
      b += top;
      a = a.slice(0, -1);
    }
    next[i] = a;
    next[j] = b;
    return next;
  }

  // A way to sort the tubes by depth-first search ({pours}), or {pours: null} when there is
  // none, or {pours: null, unknown: true} when the search gave up after SEARCH_BUDGET states.
  function sortFrom(start, cap) {
    const seen = new Set();
    let visited = 0;
    function search(tubes) {
      if (sortedTubes(tubes, cap)) return [];
      const key = tubes.slice().sort().join(",");
      if (seen.has(key) || visited >= SEARCH_BUDGET) return null;
      seen.add(key);
      visited += 1;
      for (let i = 0; i < tubes.length; i++) {
        const t = tubes[i];
        if ([...t].every((c) => c === t[0]) && t.length === cap) continue;  // a finished tube
        for (let j = 0; j < tubes.length; j++) {
          if (!canPour(tubes, cap, i, j)) continue;
          if (!tubes[j].length && [...t].every((c) => c === t[0])) continue;  // only moves it
          const rest = search(pour(tubes, cap, i, j));
          if (rest) return [[i, j], ...rest];
        }
      }
      return null;
    }
    const pours = search(start);
    return pours ? { pours } : { pours: null, unknown: visited >= SEARCH_BUDGET };
  }

  function colorSortModel(puzzle) {
    const [capacity, body] = puzzle.puzzle.split(":");
    const cap = Number(capacity);
    const first = body.split(",");
    const n = first.length;
    const height = cap * LH + 10;

    function afterPours(pours) {
      let tubes = first;
      for (const [i, j] of pours) tubes = pour(tubes, cap, i, j);
      return tubes;
    }

    function spoiler(state) {  // the first pour after which the tubes cannot be sorted, or null
      const now = sortFrom(state.t, cap);
      if (now.pours || now.unknown) return null;
      for (let m = 0; m < state.p.length; m++) {
        const later = sortFrom(afterPours(state.p.slice(0, m + 1)), cap);
        if (!later.pours && !later.unknown) return m;
      }
      return null;
    }

    return {
      kind: "tubes", width: n, height: 1, dot: false,
      start: () => ({ t: first.slice(), p: [] }),
      valid: (state) => Array.isArray(state.t) && Array.isArray(state.p)
        && afterPours(state.p).join(",") === state.t.join(","),
      viewBox: [-GAP / 2, -4, n * (TW + GAP), height + 30],
      build(board) {
        board.tubeNodes = first.map((_, i) => {
          const g = el("g", { class: "tube", "data-tube": String(i) }, board.svg);
          el("rect", { x: i * (TW + GAP), y: 0, width: TW, height, rx: 6, class: "tube-glass" }, g);
          el("text", { x: i * (TW + GAP) + TW / 2, y: height + 14, "font-size": 13,
                       class: "mark" }, g).textContent = String(i);
          const layers = el("g", { class: "layer" }, g);
          return { g, layers };
        });
        board.cursorNode = el("rect", { class: "cursor", width: TW + 8, height: height + 8,
                                        y: -4 }, board.svg);
      },
      draw(board) {
        board.state.t.forEach((tube, i) => {
          const { g, layers } = board.tubeNodes[i];
          g.setAttribute("data-value", tube);
          g.classList.toggle("selected", board.selected === i);
          layers.textContent = "";
          [...tube].forEach((colour, level) => {
            el("rect", { x: i * (TW + GAP) + 3, y: height - 5 - (level + 1) * LH, width: TW - 6,
                         height: LH - 1, fill: data.palette[parseInt(colour, 36)] || "#888",
                         "data-colour": colour }, layers);
          });
        });
      },
      extras() {},
      target(node) {
        const at = node.closest("[data-tube]");
        return at ? Number(at.getAttribute("data-tube")) : null;
      },
      tap(board, i) {  // first tap selects a tube, the second pours it into the tapped tube
        const state = board.state;
        if (board.selected === null) {
          if (state.t[i].length) board.selected = i;
          return { state: null };
        }
        const from = board.selected;
        board.selected = null;
        if (from === i) return { state: null };
        if (!canPour(state.t, cap, from, i)) {
          return { state: null, text: `Tube ${from} cannot be poured into tube ${i}.` };
        }
        return { state: { t: pour(state.t, cap, from, i), p: [...state.p, [from, i]] } };
      },
      key(state, k, key) {
        return /^[0-9]$/.test(key) && Number(key) < n ? { tube: Number(key) } : undefined;
      },
      cursorAt(board) {
        board.cursorNode.setAttribute("x", board.cursor.c * (TW + GAP) - 4);
      },
      wrong(state) {
        const m = spoiler(state);
        if (m === null) return { cells: [], edges: [], tubes: [], names: [] };
        const [i, j] = state.p[m];
        return { cells: [], edges: [], tubes: [i, j],
                 names: [`pour ${m + 1} (tube ${i} into tube ${j})`],
                 text: `After pour ${m + 1} (tube ${i} into tube ${j}) the tubes cannot be `
                   + "sorted any more." };
      },
      solved: (state) => sortedTubes(state.t, cap),
      hint(state, steps) {
        let tubes = first;
        for (const step of steps) {
          const [i, j] = step.pours[0];
          if (tubes.join(",") === state.t.join(",")) {
            return { state: { t: pour(tubes, cap, i, j), p: [...state.p, [i, j]] },
                     tubes: [i, j], text: step.text };
          }
          tubes = pour(tubes, cap, i, j);
        }
        const found = sortFrom(state.t, cap);
        if (!found.pours || !found.pours.length) return null;
        const [i, j] = found.pours[0];
        return { state: { t: pour(state.t, cap, i, j), p: [...state.p, [i, j]] }, tubes: [i, j],
                 text: `Pour tube ${i} into tube ${j}: from these tubes a search sorts them in `
                   + `${found.pours.length} pours starting with it.` };
      },
    };
  }

  // ---- boards -------------------------------------------------------------------------------

  function modelOf(puzzle, solution) {
    if (puzzle.genre === "araf") return arafModel(puzzle, solution);
    if (puzzle.genre === "colorsort") return colorSortModel(puzzle);
    return gridModel(puzzle, solution, puzzle.genre);
  }

  const clock = (seconds) => {
    const s = Math.floor(seconds);
    return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
  };

  const storage = {  // localStorage, or nothing where the browser refuses it (play goes on)
    get(key) {
      try { return localStorage.getItem(STORE + key); } catch (error) { return null; }
    },
    set(key, text) {
      try { localStorage.setItem(STORE + key, text); } catch (error) { /* full or refused */ }
    },
  };
  let timersHidden = storage.get("timer-hidden") === "1";
  let lastBoard = null;
  const boards = [];

  function save(board) {
    storage.set(board.id, JSON.stringify({
      state: board.state, past: board.past.slice(-200), future: board.future.slice(-200),
      elapsed: board.elapsed, started: board.started }));
  }

  function restore(board) {
    const valid = (state) => {
      try { return Boolean(state) && board.model.valid(state); } catch (error) { return false; }
    };
    let kept = null;
    try { kept = JSON.parse(storage.get(board.id) || "null"); } catch (error) { kept = null; }
    if (!kept || !valid(kept.state)) return;
    board.state = kept.state;
    board.past = Array.isArray(kept.past) ? kept.past.filter(valid) : [];
    board.future = Array.isArray(kept.future) ? kept.future.filter(valid) : [];
    board.elapsed = Number(kept.elapsed) || 0;
    board.started = Boolean(kept.started);
  }

  function noMarks() { return { kind: "", cells: new Set(), edges: new Set(), tubes: new Set() }; }

  function say(board, text, kind) {
    board.messageNode.textContent = text || "";
    board.messageNode.className = "message" + (kind ? " " + kind : "");
  }

  function redraw(board) {
    board.model.draw(board);
    const { kind, cells, edges, tubes } = board.marks;
    (board.cellNodes || []).forEach((node, k) => {
      node.classList.toggle("hinted", kind === "hinted" && cells.has(k));
      node.classList.toggle("wrong", kind === "wrong" && cells.has(k));
      node.toggleAttribute("data-hinted", kind === "hinted" && cells.has(k));
      node.toggleAttribute("data-wrong", kind === "wrong" && cells.has(k));
    });
    (board.edgeNodes || []).forEach((node, e) => {
      node.toggleAttribute("data-hinted", kind === "hinted" && edges.has(e));
      node.toggleAttribute("data-wrong", kind === "wrong" && edges.has(e));
    });
    (board.tubeNodes || []).forEach(({ g }, i) => {
      g.classList.toggle("hinted", kind === "hinted" && tubes.has(i));
      g.classList.toggle("wrong", kind === "wrong" && tubes.has(i));
      g.toggleAttribute("data-hinted", kind === "hinted" && tubes.has(i));
      g.toggleAttribute("data-wrong", kind === "wrong" && tubes.has(i));
    });
    board.model.cursorAt(board);
    const solved = board.model.solved(board.state);
    board.el.setAttribute("data-solved", String(solved));
    board.link.classList.toggle("solved", solved);
    board.el.querySelector('[data-action="undo"]').disabled = !board.past.length;
    board.el.querySelector('[data-action="redo"]').disabled = !board.future.length;
    if (solved) say(board, `Solved in ${clock(board.elapsed)}.`, "solved");
  }

  function apply(board, state, marks) {  // a move: the new state, undoable
    board.past.push(board.state);
    board.future = [];
    board.state = state;
    board.started = true;
    board.marks = marks || noMarks();
    if (!marks) say(board, "");
    save(board);
    redraw(board);
  }

  function undo(board) {
    if (!board.past.length) return;
    board.future.push(board.state);
    board.state = board.past.pop();
    board.selected = null;
    board.marks = noMarks();
    say(board, "");
    save(board);
    redraw(board);
  }

  function redo(board) {
    if (!board.future.length) return;
    board.past.push(board.state);
    board.state = board.future.pop();
    board.selected = null;
    board.marks = noMarks();
    say(board, "");
    save(board);
    redraw(board);
  }

  function check(board) {
    const found = board.model.wrong(board.state);
    board.marks = { kind: "wrong", cells: new Set(found.cells), edges: new Set(found.edges),
                    tubes: new Set(found.tubes) };
    redraw(board);
    if (board.model.solved(board.state)) return;
    const count = found.names.length;
    if (!count) say(board, "Nothing is wrong so far.");
    else say(board, found.text || (count === 1 ? `${found.names[0]} is wrong.`
      : `${count} are wrong: ${found.names.join(", ")}.`), "wrong");
  }

  function hint(board) {
    const found = board.model.wrong(board.state);
    if (found.names.length) {
      board.marks = { kind: "wrong", cells: new Set(found.cells), edges: new Set(found.edges),
                      tubes: new Set(found.tubes) };
      redraw(board);
      say(board, (found.text || `${found.names[0]} is wrong`)
        + (found.text ? " Undo back before it." : ": fix it first."), "wrong");
      return;
    }
    const next = board.model.hint(board.state, board.steps);
    if (!next) {
      say(board, board.model.solved(board.state) ? "Solved." : "No hint from here.");
      return;
    }
    apply(board, next.state, { kind: "hinted", cells: new Set(next.cells || []),
                                edges: new Set(next.edges || []),
                                tubes: new Set(next.tubes || []) });
    if (!board.model.solved(board.state)) say(board, "Hint: " + next.text);
  }

  function act(board, action) {
    lastBoard = board;
    if (action === "undo") undo(board);
    else if (action === "redo") redo(board);
    else if (action === "reset") apply(board, board.model.start());
    else if (action === "check") check(board);
    else if (action === "hint") hint(board);
    else if (action === "timer") {
      timersHidden = !timersHidden;
      storage.set("timer-hidden", timersHidden ? "1" : "0");
      for (const b of boards) showTimer(b);
    }
  }

  function showTimer(board) {
    board.timerNode.hidden = timersHidden;
    board.timerNode.textContent = clock(board.elapsed);
    board.el.querySelector('[data-action="timer"]').textContent =
      timersHidden ? "show timer" : "hide timer";
  }

  function press(board, target, alt) {  // a click, tap, right click or long press on a target
    lastBoard = board;
    const model = board.model;
    if (model.kind === "tubes") {
      const tapped = model.tap(board, target);
      if (tapped.state) apply(board, tapped.state);
      else {
        redraw(board);
        if (tapped.text) say(board, tapped.text, "wrong");
      }
      board.cursor = { r: 0, c: target };
      return;
    }
    const next = model.click(board.state, target, alt);
    if (model.kind === "grid") {
      board.cursor = { r: Math.floor(target / model.width), c: target % model.width };
    }
    if (next) apply(board, next);
  }

  function keydown(board, event) {
    const model = board.model;
    const key = event.key;
    const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    const at = board.cursor.r * model.width + board.cursor.c;
    let handled = true;
    const keyed = model.key(board.state, model.kind === "tubes" ? board.cursor.c : at, key, event);
    if (keyed && keyed.tube !== undefined) {
      board.cursor = { r: 0, c: keyed.tube };
      press(board, keyed.tube, false);
    } else if (keyed) {
      apply(board, keyed);
    } else if (keyed === null) {
      // this genre's key, nothing to change
    } else if (moves[key]) {
      const [dr, dc] = moves[key];
      board.cursor = { r: Math.min(model.height - 1, Math.max(0, board.cursor.r + dr)),
                       c: Math.min(model.width - 1, Math.max(0, board.cursor.c + dc)) };
      model.cursorAt(board);
    } else if (key === " " || key === "Enter") {
      if (model.kind === "grid") press(board, at, false);
      else if (model.kind === "tubes") press(board, board.cursor.c, false);
      else handled = false;
    } else handled = false;
    if (handled) event.preventDefault();
  }

  function makeBoard(puzzle, solution, main, nav) {
    const model = modelOf(puzzle, solution);
    const section = html("section", { class: "board", id: "p-" + puzzle.id,
                                      "data-puzzle-id": puzzle.id, "data-genre": puzzle.genre,
                                      "data-solved": "false" }, "", main);
    html("h2", {}, `${puzzle.genre} ${puzzle.size} · ${puzzle.grade} · score ${puzzle.score}`,
         section);
    const tools = html("div", { class: "tools" }, "", section);
    for (const [action, label] of [["undo", "undo"], ["redo", "redo"], ["reset", "reset"],
                                   ["check", "check"], ["hint", "hint"], ["timer", "hide timer"]]) {
      html("button", { type: "button", "data-action": action }, label, tools);
    }
    const grid = html("div", { class: "grid", tabindex: "0", role: "application",
                               "aria-label": `${puzzle.genre} board` }, "", section);
    const link = html("a", { href: "#p-" + puzzle.id }, `${puzzle.genre} ${puzzle.size}`, nav);
    const board = {
      id: puzzle.id, model, el: section, link, marks: noMarks(), selected: null,
      state: model.start(), past: [], future: [], elapsed: 0, started: false,
      cursor: { r: 0, c: 0 }, timerNode: html("span", { class: "timer" }, "", tools),
      steps: decidingSteps(solution.trace, data.sentences[puzzle.id] || []),
    };
    const [x, y, w, h] = model.viewBox;
    board.svg = el("svg", { viewBox: `${x} ${y} ${w} ${h}`, role: "img" }, grid);
    grid.style.width = `${Math.min(w * 1.3, 600)}px`;
    model.build(board);
    board.messageNode = html("p", { class: "message", "aria-live": "polite" }, "", section);
    model.extras(board);
    restore(board);
    showTimer(board);
    redraw(board);

    tools.addEventListener("click", (event) => {
      const button = event.target.closest("[data-action]");
      if (button) act(board, button.getAttribute("data-action"));
    });
    let pressTimer = null, pressedLong = 0, pressStart = null;
    grid.addEventListener("click", (event) => {
      if (Date.now() - pressedLong < 800) return;  // the end of a long press
      const target = model.target(event.target);
      if (target !== null && target >= 0) press(board, target, false);
    });
    grid.addEventListener("contextmenu", (event) => {
      event.preventDefault();
      if (!model.dot || Date.now() - pressedLong < 800) return;
      const target = model.target(event.target);
      if (target !== null && target >= 0) press(board, target, true);
    });
    grid.addEventListener("pointerdown", (event) => {
      if (event.pointerType !== "touch" || !model.dot) return;
      const target = model.target(event.target);
      if (target === null || target < 0) return;
      pressStart = [event.clientX, event.clientY];
      pressTimer = setTimeout(() => {
        pressTimer = null;
        pressedLong = Date.now();
        press(board, target, true);
      }, LONG_PRESS_MS);
    });
    const cancel = () => { clearTimeout(pressTimer); pressTimer = null; };
    grid.addEventListener("pointermove", (event) => {  // a pan, not a press
      if (pressTimer && Math.hypot(event.clientX - pressStart[0],
                                   event.clientY - pressStart[1]) > 10) cancel();
    });
    grid.addEventListener("pointerup", cancel);
    grid.addEventListener("pointercancel", cancel);
    grid.addEventListener("keydown", (event) => {
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      lastBoard = board;
      keydown(board, event);
    });
    grid.addEventListener("focus", () => { lastBoard = board; });
    return board;
  }

  const main = document.getElementById("boards");
  const nav = document.getElementById("puzzles");
  const answers = new Map(data.solutions.solutions.map((s) => [s.id, s]));
  for (const puzzle of data.day.puzzles) {
    boards.push(makeBoard(puzzle, answers.get(puzzle.id), main, nav));
  }

  document.addEventListener("keydown", (event) => {
    if (!(event.ctrlKey || event.metaKey)) return;
    const focused = document.activeElement && document.activeElement.closest(".board");
    const board = boards.find((b) => b.el === focused) || lastBoard;
    if (!board) return;
    const key = event.key.toLowerCase();
    if (key === "z" && !event.shiftKey) undo(board);
    else if (key === "y" || key === "z" && event.shiftKey) redo(board);
    else return;
    event.preventDefault();
  });

  let tick = Date.now();
  setInterval(() => {
    const now = Date.now();
    for (const board of boards) {
      if (!board.started || board.model.solved(board.state) || document.hidden) continue;
      board.elapsed += (now - tick) / 1000;
      board.timerNode.textContent = clock(board.elapsed);
      if (Math.floor(board.elapsed) % 5 === 0) save(board);
    }
    tick = now;
  }, 1000);
  window.addEventListener("pagehide", () => boards.forEach(save));
})();
