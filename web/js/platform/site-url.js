// The address of one of the site's files, from any module: relative to this file's own address
// (js/platform/), which stays a file of its own when the build bundles the pages' modules
// (tools/bundle.mjs), so a module copied into a bundle elsewhere still finds the site's files.

/** The address of a file of the site, given from the site's root ("css/rules-dialog.css"). @param {string} file */
export function siteURL(file) {
  return new URL(`../../${file}`, import.meta.url).href;
}
