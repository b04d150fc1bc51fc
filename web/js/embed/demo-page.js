// The embedding demo's own texts (examples/embed-demo.html) in the reader's language, and its
// language switch. The boards are written by demo.js, a classic script like a host page's, once
// the texts are in: <leopard-board> then passes the page's language (<html lang>) to its frame.

import { initI18n } from "../platform/i18n/i18n.js";
import { languageSwitch } from "../platform/i18n/switch.js";

await initI18n();
document.getElementById("demo-language")?.append(languageSwitch({ id: "demo-language-switch" }));
