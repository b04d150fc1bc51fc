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
// Usage: node tools/bundle.mjs <site folder> <entry>...   (prints one line per entry)

import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import * as esbuild from "esbuild";

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
        const code = text.replace(/\/\/.*$|\/\*[\s\S]*?\*\//gm, "");
        if (!own.has(args.path) && args.path !== build.initialOptions.entryPoints[0] && code.includes("import.meta.url")) {
          return { errors: [{ text: `${args.path} uses import.meta.url: make it an own module (tools/bundle.mjs)` }] };
        }
        return { contents: text, loader: "js" };
      });
    },
  };
}

const [site, ...entries] = process.argv.slice(2);
if (!site || entries.length === 0) {
  console.error("usage: node tools/bundle.mjs <site folder> <entry>...");
  process.exit(2);
}
const siteDir = path.resolve(site);
const own = await ownModules(siteDir);
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
  const modules = Object.keys(result.metafile.inputs).length;
  await writeFile(file, output.contents);
  console.log(`${entry}: ${modules} modules in one file (${output.contents.length} bytes)`);
}
