// The chat widget's build: server/static/widget/chat.src.js (the source) minified into
// server/static/widget/chat.js (what the service serves; committed, so that the service needs
// no Node). `npm ci && npm run build` here; tests/widget/test_widget_asset.py checks that the
// committed file is this build of the source. `--check` prints the build instead of writing it.
import { readFileSync, writeFileSync } from "node:fs";
import { minify } from "terser";

const dir = new URL("../../server/static/widget/", import.meta.url);
const source = readFileSync(new URL("chat.src.js", dir), "utf8");
const out = await minify(source, {
  ecma: 2022,
  compress: { passes: 2 },
  mangle: true,
  format: { comments: /^!/, ascii_only: false },
});
if (process.argv.includes("--check")) process.stdout.write(out.code + "\n");
else writeFileSync(new URL("chat.js", dir), out.code + "\n");
