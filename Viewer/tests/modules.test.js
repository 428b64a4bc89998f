// The viewer's shape, as docs/VIEWER.md promises it: no module imports another in a circle
// (a circle makes the load order decide which binding is still undefined), and no file runs
// past 400 lines.
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { test } from "node:test";

const folder = new URL("../", import.meta.url);
const files = readdirSync(folder).filter((name) => name.endsWith(".js"));
const MAX_LINES = 400;

/** The viewer modules `name` imports, statically or with import() (comments, where JSDoc names
 * types with import(), left out). @param {string} name */
function importsOf(name) {
  const text = readFileSync(new URL(name, folder), "utf8").replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
  return Array.from(text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*)["']\.\/([\w-]+\.js)["']/g), (m) => m[1]);
}

test("every imported module exists", () => {
  for (const name of files) for (const target of importsOf(name)) assert.ok(files.includes(target), `${name} imports ${target}`);
});

test("no module imports another in a circle", () => {
  const graph = new Map(files.map((name) => [name, importsOf(name)]));
  /** @type {Map<string, "open" | "done">} */
  const marks = new Map();
  /** @type {string[]} */
  const path = [];
  /** @param {string} name */
  const visit = (name) => {
    if (marks.get(name) === "done") return;
    if (marks.get(name) === "open") assert.fail(`import circle: ${[...path.slice(path.indexOf(name)), name].join(" → ")}`);
    marks.set(name, "open");
    path.push(name);
    for (const next of graph.get(name) || []) visit(next);
    path.pop();
    marks.set(name, "done");
  };
  files.forEach(visit);
});

test(`no viewer file is over ${MAX_LINES} lines`, () => {
  const names = readdirSync(folder).filter((name) => /\.(js|css|html)$/.test(name));
  for (const name of names) {
    const lines = readFileSync(new URL(name, folder), "utf8").split("\n").length - 1;
    assert.ok(lines <= MAX_LINES, `${name} has ${lines} lines`);
  }
});
