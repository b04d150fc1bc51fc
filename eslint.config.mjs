// Lint rules for the site's JavaScript (web/): ES modules in the browser, plus the service worker
// and the engine's module worker.
import js from "@eslint/js";
import globals from "globals";

export default [
  { ignores: ["**/*", "!web/", "!web/**", "!tools/", "!tools/*.mjs", "!tests/", "!tests/js/", "!tests/js/*.mjs", "!eslint.config.mjs"] },
  js.configs.recommended,
  {
    files: ["web/**/*.js"],
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: "module",
      globals: { ...globals.browser },
    },
    rules: {
      "no-unused-vars": ["error", { args: "none", caughtErrors: "none" }],
      eqeqeq: ["error", "smart"],
      "no-var": "error",
      "prefer-const": "error",
    },
  },
  {
    files: ["web/sw.js", "web/js/platform/engine/worker.js"],
    languageOptions: { globals: { ...globals.serviceworker, ...globals.worker } },
  },
  {
    // Loaded with a classic <script> tag by other sites' pages.
    files: ["web/js/embed/host.js", "web/js/embed/demo.js"],
    languageOptions: { sourceType: "script" },
    rules: { "no-var": "off" },
  },
  { files: ["tools/*.mjs", "tests/js/*.mjs", "eslint.config.mjs"], languageOptions: { globals: { ...globals.node } } },
];
