// Bundles the built site's module scripts in place (tools/build_site.py runs it on dist/): each page's
// module script and the engine's worker become one file each, at the same address, where the browser
// fetched 10-55 modules one import level after another. On a first visit every module is a request,
// and on a return visit every one is revalidated (they are not versioned): the embed demo's frames
// made 127 requests for their modules and styles. web/ keeps the modules; only dist/ is bundled.
//
// Glossary:
//   entry        -- a file given on the command line (a page's <script type="module" src>, the
//                   engine's worker), relative to the site's folder; its bundle replaces it.
//   own module   -- a module that stays a file of its own, imported by the bundles at its address:
//                   OWN_ROOTS and every module they import. A page, a test, the benchmark and
//                   start-early.js must all reach the same instance of the page's engine (getEngine
//                   in client.js) and of its language (i18n.js), and a module that uses
//                   import.meta.url finds its files relative to its own address.
//   site module  -- any other module under js/: copied into each bundle that imports it. The build
//                   fails when one uses import.meta.url (it would then be relative to the bundle).
//
// Usage: node tools/bundle.mjs <site folder> <entry>...
//   stderr: one line per entry; stdout: {"inlined": [...]}, the site modules copied into a bundle
//   (relative to the site folder), which no page fetches any more.

import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import * as esbuild from "esbuild";

const MARK = "__import_meta_url_in_a_bundled_module__";
const OWN_ROOTS = [
  "js/platform/engine/client.js",
  "js/platform/i18n/i18n.js",
  "js/platform/site-url.js",
];

/** Every module the roots import, themselves included: absolute paths. */
async function ownModules(site) {
  const own = new Set();
  for (const root of OWN_ROOTS) {
    const result = await esbuild.build({
      entryPoints: [path.join(site, root)], bundle: true, write: false, metafile: true, format: "esm",
      logLevel: "silent",
    });
    for (const input of Object.keys(result.metafile.inputs)) own.add(path.resolve(input));
  }
  return own;
}

/** The plugin that leaves own modules out of a bundle, at their address relative to the entry. */
function keepOwn(own, entryDir) {
  return {
    name: "keep-own-modules",
    setup(build) {
      build.onResolve({ filter: /^\.\.?\// }, (args) => {
        if (args.kind === "entry-point") return undefined;
        const file = path.resolve(args.resolveDir, args.path);
        if (!own.has(file)) return undefined;
        let relative = path.relative(entryDir, file).split(path.sep).join("/");
        if (!relative.startsWith(".")) relative = `./${relative}`;
        return { path: relative, external: true };
      });
      build.onLoad({ filter: /\.js$/ }, async (args) => {
        const text = await readFile(args.path, "utf-8");
        if (!own.has(args.path) && args.path !== build.initialOptions.entryPoints[0] && await usesImportMetaUrl(text)) {
          return { errors: [{ text: `${args.path} uses import.meta.url: make it an own module (tools/bundle.mjs)` }] };
        }
        return { contents: text, loader: "js" };
      });
    },
  };
}

/** Whether a module's code (not its comments or strings) reads import.meta.url: esbuild replaces
 * the expression itself with a name the module cannot hold. */
async function usesImportMetaUrl(text) {
  if (!text.includes("import.meta")) return false;
  const { code } = await esbuild.transform(text, { loader: "js", format: "esm", define: { "import.meta.url": MARK } });
  return code.includes(MARK);
}

const [site, ...entries] = process.argv.slice(2);
if (!site || entries.length === 0) {
  console.error("usage: node tools/bundle.mjs <site folder> <entry>...");
  process.exit(2);
}
const siteDir = path.resolve(site);
const own = await ownModules(siteDir);
const entryFiles = new Set(entries.map((entry) => path.join(siteDir, entry)));
const inlined = new Set();
for (const entry of entries) {
  const file = path.join(siteDir, entry);
  if (own.has(file)) throw new Error(`${entry} is an own module: it cannot be bundled`);
  const result = await esbuild.build({
    entryPoints: [file],
    bundle: true,
    format: "esm",
    target: "es2022",
    write: false,
    metafile: true,
    legalComments: "none",
    logLevel: "warning",
    plugins: [keepOwn(own, path.dirname(file))],
  });
  const [output] = result.outputFiles;
  const inputs = Object.keys(result.metafile.inputs).map((input) => path.resolve(input));
  for (const input of inputs) if (!entryFiles.has(input) && !own.has(input)) inlined.add(input);
  await writeFile(file, output.contents);
  console.error(`${entry}: ${inputs.length} modules in one file (${output.contents.length} bytes)`);
}
// For the build: the site modules now inside a bundle, which no page fetches (the service worker
// need not precache them; they stay in the site for tests that import one).
const relative = (file) => path.relative(siteDir, file).split(path.sep).join("/");
console.log(JSON.stringify({ inlined: [...inlined].map(relative).sort() }));
