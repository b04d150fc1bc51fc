// The hunt's complete rules page (hunt-rules.html): its frame in the page's language and the
// language switch. The rules themselves are docs/hunt-rules.md, turned into HTML by the build
// (tools/site_pages.py); they are in English for now, which the frame says in other languages.

import { initI18n } from "../../platform/i18n/i18n.js";
import { languageSwitch } from "../../platform/i18n/switch.js";

await initI18n();
document.getElementById("rules-language")?.append(languageSwitch());
