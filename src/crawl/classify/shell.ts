/**
 * JavaScript shells: pages whose text only JavaScript would build. A shell has almost no readable
 * text, script bundles to build it, and a sign of client rendering: an element a framework mounts
 * into (#root, #app, #__next, <app-root>, Ember's body class…), an "enable JavaScript" notice,
 * or a loader. A server-rendered page that also uses JavaScript has its text in the HTML and is
 * content, whatever scripts it carries.
 */
import { LONG_TEXT, type PageFacts } from "./page.js";

/** Below this much readable text a page with a client-rendering sign is a shell. */
export const SHELL_TEXT = 200;
/** Inline JavaScript of this size is an application, not a snippet. */
const INLINE_APP = 4000;
/** So little text that, with a bundle, nothing but JavaScript can fill the page. */
const NEAR_EMPTY = 25;
/**
 * Text beside an empty mount element, or beside an "enable JavaScript" notice, past which the
 * server wrote the page (an address, an imprint) and the script only adds to it (a map, a chat).
 */
const OWN_TEXT = 60;

const JS_NOTICE =
  /(?:enable|requires?|need|turn on|switch on|activate|allow|without|support)\b[^.]{0,30}\b(?:javascript|js)\b|\b(?:javascript|js)\b[^.]{0,30}(?:required|disabled|must be|needed|is off|aktivieren)|activer javascript|attiva javascript|habilita javascript|включите javascript/;
const LOADER =
  /^(?:loading|please wait|one moment|chargement|wird geladen|laden|caricamento|cargando|carregando|загрузка)\b/;

const FRAMESET = /<frameset[\s>]/;

/** The text without its sentences about JavaScript. */
function withoutNotice(text: string): string {
  return text.replace(/[^.!?]*\b(?:javascript|js)\b[^.!?]*[.!?]?/g, "").trim();
}

export interface ShellVerdict {
  shell: boolean;
  /** Why, in plain words, when it is one. */
  reason: string;
}

export function judgeShell(page: PageFacts): ShellVerdict {
  const no = { shell: false, reason: "" };
  // Beside an element a framework mounts into, the site's header and footer are no text of the
  // page's own: a shell's server may render its navigation bar of a dozen links.
  const ownText = page.mount ? page.textLength - page.chromeText : page.textLength;
  if (ownText >= SHELL_TEXT || page.textLength >= LONG_TEXT || page.scripts === 0) return no;
  // A frameset's text is in the pages its frames show (the crawler reads them): whatever scripts
  // it carries, it waits for no JavaScript.
  if (FRAMESET.test(page.markup)) return no;
  // The server wrote the page for readers without JavaScript, in <noscript>: HootyBot reads that.
  if (withoutNotice(page.noscript).length >= SHELL_TEXT) return no;
  const app = page.bundles > 0 || page.inlineCode > INLINE_APP;
  // A notice is the page's when little else is there: beside an address, it is about a widget.
  const notice =
    (JS_NOTICE.test(page.noscript) && page.textLength < OWN_TEXT) ||
    (JS_NOTICE.test(page.text) && withoutNotice(page.text).length < OWN_TEXT);
  // The whole text is the loader ("Loading…"), not a sentence that starts with the word.
  const loader = page.textLength < OWN_TEXT && LOADER.test(page.text);
  const empty = page.textLength < NEAR_EMPTY;
  // Text inside the mount element means the server rendered it: a short page, not a shell; so
  // does text beside it, unless it is only the site's header, footer or cookie banner.
  const emptyMount =
    page.mount &&
    page.mountText < NEAR_EMPTY &&
    page.textLength - page.mountText - page.chromeText < OWN_TEXT;
  if (app && emptyMount)
    return { shell: true, reason: "an empty mount element filled by script bundles" };
  if (app && notice)
    return { shell: true, reason: "script bundles and an “enable JavaScript” notice" };
  if (app && loader) return { shell: true, reason: "only a loading indicator until scripts run" };
  if (app && empty) return { shell: true, reason: "script bundles and no readable text" };
  if (emptyMount || (page.mount && notice))
    return { shell: true, reason: "an empty mount element and scripts" };
  if (notice && empty) return { shell: true, reason: "only an “enable JavaScript” notice" };
  return no;
}
