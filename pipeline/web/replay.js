// The trace decoder of the front ends, in plain JavaScript: the play page's module (the page
// inlines this file and reads `Replay`), and a front end's round trip under node: read an
// export's JSON, replay every puzzle's trace from the empty board, and compare the result with
// the puzzle's solution.
// Usage: node replay.js EXPORT_FOLDER   -> prints {"checked": n, "failures": [...]} as JSON.
"use strict";
const Replay = (() => {

  function decode(trace) {
    const [version, body] = trace.split("|");
    if (version !== "t1") throw new Error("trace version " + version);
    if (!body) return [];
    return body.split(";").map((part) => {
      const colon = part.indexOf(":");
      const rule = Number(colon < 0 ? part : part.slice(0, colon));
      const items = colon < 0 ? [] : part.slice(colon + 1).split(" ");
      const cells = [], pours = [];
      for (const item of items) {
        if (item.includes(">")) pours.push(item.split(">").map(Number));
        else {
          const eq = item.indexOf("=");
          cells.push([Number(item.slice(0, eq)), item.slice(eq + 1)]);
        }
      }
      return { rule, cells, pours };
    });
  }

  function gridCells(text, spaced) {
    return text.split(",").flatMap((row) => (spaced ? row.split(" ") : row.split("")));
  }

  function givens(genre, puzzle) {  // the cells a grid genre's trace never names: their values
    if (genre === "shakashaka") return gridCells(puzzle, false).map((ch) => (ch === "." ? null : "#"));
    if (genre === "chesspy") return gridCells(puzzle.split(":")[1], false).map((ch) => (ch === "." ? null : "."));
    return null;
  }

  function replayGrid(genre, p) {
    const spaced = genre === "araf";
    const solution = gridCells(p.solution, spaced);
    const board = givens(genre, p.puzzle) || solution.map(() => null);
    for (const step of decode(p.trace)) {
      for (const [k, value] of step.cells) {
        if (board[k] !== null) return `cell ${k} decided twice`;
        board[k] = value;
      }
    }
    for (let k = 0; k < solution.length; k++) {
      if (board[k] === null) return `cell ${k} never decided`;
      let got = board[k];
      if (spaced) {  // Araf: "r,c" of a number in the cell's room -> that number's room label
        const [r, c] = got.split(",").map(Number);
        got = solution[r * p.width + c];
      }
      if (got !== solution[k]) return `cell ${k}: ${board[k]} is not the solution's ${solution[k]}`;
    }
    return null;
  }

  function replayPours(p) {
    const [capacity, body] = p.puzzle.split(":");
    const cap = Number(capacity);
    const tubes = body.split(",").map((t) => t.split(""));
    for (const step of decode(p.trace)) {
      for (const [i, j] of step.pours) {
        const src = tubes[i], dst = tubes[j];
        const top = src[src.length - 1];
        if (!src.length || dst.length >= cap || (dst.length && dst[dst.length - 1] !== top)) {
          return `pour ${i}>${j} is not legal`;
        }
        while (src.length && src[src.length - 1] === top && dst.length < cap) dst.push(src.pop());
      }
    }
    const sorted = tubes.every((t) => !t.length || (t.length === cap && t.every((c) => c === t[0])));
    return sorted ? null : "the tubes are not sorted";
  }

  return { decode, gridCells, givens, replayGrid, replayPours };
})();

function main(fs, path, folder) {
  const index = JSON.parse(fs.readFileSync(path.join(folder, "index.json"), "utf8"));
  let checked = 0;
  const failures = [];
  for (const bucket of index.buckets) {
    const file = JSON.parse(fs.readFileSync(path.join(folder, bucket.file), "utf8"));
    for (const p of file.puzzles) {
      const problem = file.genre === "colorsort" ? Replay.replayPours(p)
        : Replay.replayGrid(file.genre, p);
      checked += 1;
      if (problem) failures.push(`${file.genre} ${p.id}: ${problem}`);
    }
  }
  console.log(JSON.stringify({ checked, failures }));
}

if (typeof require !== "undefined" && typeof module !== "undefined" && require.main === module) {
  main(require("fs"), require("path"), process.argv[2]);
}
