// The contract gate: compares openapi.yaml with the last release's document
// (sdk/released/openapi.yaml) with api-smart-diff (pinned in tests/npm-contract's lockfile)
// and fails on a breaking change unless info.version's major part grew; info.version must
// be semantic versioning and never go back.
//   node sdk/compat.mjs [released.yaml] [current.yaml]     (prints every change it classifies)
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(join(root, "tests", "npm-contract", "package.json"));
const { apiCompare } = require("api-smart-diff");
const YAML = require("yaml");

const [releasedPath, currentPath] = [
  process.argv[2] ?? join(root, "sdk", "released", "openapi.yaml"),
  process.argv[3] ?? join(root, "openapi.yaml"),
];
const load = (path) => YAML.parse(readFileSync(path, "utf8"), { maxAliasCount: -1 });
const released = load(releasedPath);
const current = load(currentPath);

const SEMVER = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$/;
const parse = (v, where) => {
  const m = SEMVER.exec(String(v ?? ""));
  if (!m) { console.error(`${where}: info.version ${JSON.stringify(v)} is not semantic versioning`); process.exit(1); }
  return m.slice(1, 4).map(Number);
};
const before = parse(released.info?.version, releasedPath);
const after = parse(current.info?.version, currentPath);
const cmp = after[0] - before[0] || after[1] - before[1] || after[2] - before[2];
if (cmp < 0) {
  console.error(`info.version went back: ${released.info.version} -> ${current.info.version}`);
  process.exit(1);
}

// A union of unions of distinct JSON types is the flat union of those types: with branches
// that each allow one JSON type and no two the same type (number and integer overlap), at most
// one branch can ever match, so `oneOf: [{oneOf: [string, number]}, null]` (a branch often a
// $ref to a component that is such a union) accepts exactly what `oneOf: [string, number,
// null]` does. api-smart-diff compares the nesting, not the meaning, and calls moving the null
// branch into the component a removal: both documents are flattened before comparing.
const TYPES = new Set(["string", "number", "integer", "boolean", "null", "array", "object"]);
const ANNOTATIONS = new Set(["description", "title"]);
const flattenUnions = (doc) => {
  const component = (ref) => typeof ref === "string" && ref.startsWith("#/components/schemas/")
    ? doc.components?.schemas?.[ref.split("/")[3]] : undefined;
  // a pure union: only `oneOf` besides annotations (through a $ref without siblings)
  const union = (s) => {
    if (!s || typeof s !== "object") return undefined;
    if (s.$ref && Object.keys(s).length === 1) return union(component(s.$ref));
    return Array.isArray(s.oneOf) && Object.keys(s).every((k) => k === "oneOf" || ANNOTATIONS.has(k))
      ? s.oneOf : undefined;
  };
  const leaves = (branches) => branches.flatMap((b) => { const u = union(b); return u ? leaves(u) : [b]; });
  const oneType = (s) => typeof s.type === "string" && TYPES.has(s.type) && !("$ref" in s)
    && !["oneOf", "anyOf", "allOf", "not", "const", "enum"].some((k) => k in s) ? s.type : undefined;
  const seen = new Set();
  const walk = (node) => {
    if (!node || typeof node !== "object" || seen.has(node)) return;
    seen.add(node);
    if (Array.isArray(node)) { for (const x of node) walk(x); return; }
    const branches = union(node);
    if (branches && !node.discriminator) {
      const flat = leaves(branches);
      const types = flat.map(oneType);
      const distinct = types.every(Boolean) && new Set(types).size === types.length
        && !(types.includes("number") && types.includes("integer"));
      if (distinct && (flat.length > branches.length || node.$ref)) {
        delete node.$ref;  // a $ref to such a union: its flat branches in place
        node.oneOf = flat.map((x) => structuredClone(x));
      }
    }
    for (const [k, v] of Object.entries(node)) if (k !== "examples" && k !== "example") walk(v);
  };
  walk(doc);
};
flattenUnions(released);
flattenUnions(current);

// Enums are open (info.description, "Compatibility"): a value added to an enum, or a branch
// added to a union told apart by a discriminator (a new chat event kind, a new provider type),
// is announced in CHANGELOG.md but breaks no client, which must accept values and kinds it does
// not know. Where both documents have such an enum or union at the same place and the current
// one only adds, the released values stand in for it in the comparison (a removed value or
// branch still shows as breaking).
const grown = [];
const openEnums = (before, after, path) => {
  if (!before || !after || typeof before !== "object" || typeof after !== "object") return;
  for (const key of Object.keys(after)) {
    if (!(key in before)) continue;
    const [b, a] = [before[key], after[key]];
    if (key === "oneOf" && Array.isArray(b) && Array.isArray(a) && before.discriminator && after.discriminator) {
      const refs = (list) => list.map((x) => JSON.stringify(x));
      const added = refs(a).filter((x) => !refs(b).includes(x));
      if (refs(b).every((x) => refs(a).includes(x)) && added.length) {
        grown.push(`${path}/oneOf: + ${added.join(", ")}`);
        after.oneOf = b;
        after.discriminator = before.discriminator;
        continue;
      }
      openEnums(b, a, `${path}/${key}`);
    } else if (key === "enum" && Array.isArray(b) && Array.isArray(a)) {
      const added = a.filter((v) => !b.some((w) => JSON.stringify(w) === JSON.stringify(v)));
      const kept = b.every((v) => a.some((w) => JSON.stringify(w) === JSON.stringify(v)));
      if (kept && added.length) {
        grown.push(`${path}/enum: + ${added.map((v) => JSON.stringify(v)).join(", ")}`);
        after[key] = b;
      }
    } else {
      openEnums(b, a, `${path}/${key}`);
    }
  }
};
openEnums(released, current, "");
for (const line of grown) console.log(`enum grew (open, not breaking): ${line}`);

// api-smart-diff judges a change inside components/schemas without knowing where the schema is
// used, as if it were a request's: a response narrowed (an id given `format: uuid`) counts as
// breaking there, while the same change under each operation's response is (rightly) not.
// A schema that only answers use (reachable from responses, never from a request body or a
// parameter, in either document) is judged by those uses alone: each of them is compared under
// /paths, in context. A schema used by no operation, or by any request, keeps its verdict.
const uses = (doc) => {
  const schemas = doc.components?.schemas ?? {};
  const seen = { request: new Set(), response: new Set() };
  const walk = (node, side) => {
    if (!node || typeof node !== "object") return;
    if (Array.isArray(node)) { for (const x of node) walk(x, side); return; }
    const ref = node.$ref;
    if (typeof ref === "string" && ref.startsWith("#/components/")) {
      const [kind, name] = ref.split("/").slice(2);
      const key = `${kind}/${name}`;
      if (!seen[side].has(key)) {
        seen[side].add(key);
        walk(doc.components?.[kind]?.[name], side);
      }
    }
    for (const [k, v] of Object.entries(node)) if (k !== "$ref" && k !== "examples" && k !== "example") walk(v, side);
  };
  for (const item of Object.values(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(item ?? {})) {
      if (method === "parameters") { walk(op, "request"); continue; }
      if (!op || typeof op !== "object") continue;
      walk(op.parameters, "request");
      walk(op.requestBody, "request");
      walk(op.callbacks, "request");
      walk(op.responses, "response");
    }
  }
  for (const hook of Object.values(doc.webhooks ?? {})) walk(hook, "request");
  return (name) => ({ request: seen.request.has(`schemas/${name}`), response: seen.response.has(`schemas/${name}`) });
};
const [usedBefore, usedAfter] = [uses(released), uses(current)];
const answerOnly = (d) => {
  if (d.path[0] !== "components" || d.path[1] !== "schemas" || d.path.length < 3) return false;
  const [b, a] = [usedBefore(d.path[2]), usedAfter(d.path[2])];
  return b.response && a.response && !b.request && !a.request;
};

const { diffs } = apiCompare(released, current);
const where = (d) => "/" + d.path.map((p) => String(p).replaceAll("~", "~0").replaceAll("/", "~1")).join("/");
for (const d of diffs) {
  if (d.type === "breaking" && answerOnly(d)) {
    d.type = "judged-by-use";
    console.log(`answer-only schema, judged where it is used (under /paths): ${where(d)}: ${d.description ?? d.action}`);
  }
}
const counts = {};
for (const d of diffs) counts[d.type] = (counts[d.type] ?? 0) + 1;
const breaking = diffs.filter((d) => d.type === "breaking");
for (const d of breaking) console.log(`breaking: ${where(d)}: ${d.description ?? d.action}`);
console.log(`changes since ${released.info.version}: ` +
  (Object.entries(counts).map(([k, n]) => `${n} ${k}`).join(", ") || "none"));
if (breaking.length && after[0] <= before[0]) {
  console.error(`${breaking.length} breaking change(s) since the released ${released.info.version}, ` +
    `and info.version ${current.info.version} keeps major ${before[0]}: make the change compatible ` +
    `(add, never remove or narrow), or raise the major version and record the break in CHANGELOG.md`);
  process.exit(1);
}
console.log(`compatible with ${released.info.version} (info.version ${current.info.version})`);
