/**
 * Which links HootyBot never requests: files that are not HTML (known by their extension), and
 * anything that acts for a person — login, account, registration, cart, checkout, payment,
 * wishlist, logout — in English, German, Italian, French and Spanish paths (Dutch too), query
 * parameters and link texts (`namesActionText`), and a wiki's special pages for the same.
 */
import { decodeHTML } from "entities";

const NOT_HTML = new Set(
  (
    "pdf ps eps doc docx odt rtf xls xlsx ods csv ppt pptx odp epub mobi " +
    "jpg jpeg png gif webp avif bmp tif tiff ico svg svgz heic psd ai " +
    "mp3 mp4 m4a m4v ogg oga ogv webm wav flac aac avi mov wmv mkv mpg mpeg flv " +
    "zip gz tgz bz2 xz 7z rar tar zst jar war apk ipa exe msi dmg iso img bin deb rpm pkg " +
    "css js mjs map json xml rss atom txt md woff woff2 ttf otf eot " +
    "wasm swf dll so dylib class py rb sh bat ics vcf gpx kml torrent " +
    "opus mka wma aiff mid midi m3u m3u8 3gp jxl jp2 heif xcf djvu xps oxps azw azw3 fb2 cbz cbr " +
    "chm tex bib ipynb sql db sqlite sqlite3 mdb accdb parquet h5 hdf5 npy npz pkl onnx " +
    "safetensors gguf dwg dxf stl step stp kmz geojson shp mbtiles lz lzma cab xpi crx appimage " +
    "whl gem nupkg vmdk qcow2 ova vdi pem crt cer p12 asc sig gpg yml yaml toml ini tsv eml mbox " +
    "pps ppsx pot potx dot dotx xlt xltx key pages numbers vsd vsdx mpp odg odf " +
    "ts tsx jsx c h cc cpp cxx hpp java kt kts go rs swift scala lua dart cs vb ps1 " +
    "bak old orig swp tmp log conf cfg env lock diff patch"
  ).split(" "),
);

const UNSAFE_SEGMENTS = new Set(
  [
    // English
    "login logon log-in signin sign-in signon signup sign-up register registration " +
      "account accounts my-account myaccount cart basket shopping-cart checkout " +
      "wishlist wish-list logout log-out signout sign-out lost-password reset-password " +
      "forgot-password add-to-cart order-tracking wp-login wp-admin",
    // German
    "anmelden anmeldung einloggen registrieren registrierung konto mein-konto kundenkonto " +
      "benutzerkonto warenkorb einkaufswagen einkaufskorb kasse zur-kasse bestellen wunschliste " +
      "merkzettel abmelden " +
      "ausloggen passwort-vergessen kundenbereich mitgliederbereich",
    // Italian
    "accedi accesso entra registrati registrazione il-mio-account mio-account carrello " +
      "cassa lista-desideri lista-dei-desideri preferiti esci disconnetti logout " +
      "password-dimenticata area-riservata area-clienti iscriviti iscrizione",
    // French
    "connexion se-connecter s-identifier identification inscription s-inscrire creer-un-compte compte " +
      "mon-compte panier commande commander caisse liste-de-souhaits liste-d-envies liste-envies " +
      "espace-client connexion-client " +
      "deconnexion se-deconnecter mot-de-passe-oublie",
    // Spanish
    "iniciar-sesion acceder entrar registro registrarse crear-cuenta cuenta mi-cuenta carrito " +
      "cesta caja pagar finalizar-compra lista-de-deseos cerrar-sesion salir " +
      "olvide-contrasena inscribirse inscripcion ingresar area-de-clientes area-clientes",
    // Dutch, and the Nordic word for a checkout
    "inloggen uitloggen registreren mijn-account winkelwagen winkelmand afrekenen kassa " +
      "verlanglijst",
    // Payment, the last step of a checkout
    "payment pay-now zahlung bezahlen bezahlung pagamento paga-ora paiement paiement-securise " +
      "pago pagos",
  ]
    .join(" ")
    .split(/\s+/),
);

/**
 * Words that name such an action on their own, also inside a slug of a few words ("user-login",
 * "il-mio-carrello", "konto-erstellen"): with nothing else but function words and words of the
 * account's context beside them. A longer slug is a page about the thing
 * ("how-our-checkout-works", "login-page-design-tips").
 */
const ACTION_WORDS = new Set(
  (
    "login logon logoff logout signin signon signup signout register registration account " +
    "accounts myaccount cart basket checkout wishlist " +
    "anmelden anmeldung einloggen ausloggen abmelden registrieren registrierung konto kundenkonto " +
    "benutzerkonto warenkorb einkaufswagen einkaufskorb wunschliste wunschzettel merkzettel " +
    "merkliste accedi registrati registrazione carrello panier inscription deconnexion carrito commande " +
    "registrarse iscriviti iscrizione inscribirse inscripcion cesta kasse " +
    // A wish list, in the words of each language ("mi-lista-de-deseos", "i-miei-preferiti").
    "desideri deseos envies souhaits preferiti"
  ).split(" "),
);
/** Words of an account's context that may stand beside an action word in its slug. */
const ACTION_CONTEXT = new Set(
  (
    "user users customer customers member members client clients kunden kunde benutzer nutzer " +
    "utente utenti cliente clienti usuario usuarios utilisateur view show create new edit " +
    "settings page area bereich erstellen anlegen acquisti compras achats shopping einkauf crea " +
    "creer crear personal compra acquisto achat list lista liste all now here go step share " +
    "summary overview uebersicht riepilogo resume resumen " +
    // Going to or through a cart or checkout: "go-to-checkout", "procedi-al-checkout",
    // "aggiungi-al-carrello", "valider-commande".
    "proceed continue procedi continua continuer continuar weiter zur add aggiungi ajouter anadir " +
    "agregar adicionar hinzufugen confirm conferma confirmer confirmar valider bestatigen"
  ).split(" "),
);
/** Function words a slug may hold beside them ("my", "il-mio", "mi", "mon", "de"). */
const SLUG_FUNCTION_WORDS = new Set(
  (
    "my mi mio mia miei mie i il la le lo l the your our mein meine meinen dein mon ma mes ton " +
    "tu su mis el los las de del des du di dei della da a to of and und e et y al alla au aux " +
    "votre vos notre nos tuo tua vostro sus ihr ihre unser in im den der die das dem zum"
  ).split(" "),
);
/** Words a slug naming an action has at most, function words included. */
const ACTION_SLUG_WORDS = 4;

/**
 * Words that name a site's back office or a person's account pages as a folder or a program
 * ("/admin/", "/admin.php", "/profile", "/join") and a topic as a static page: the PostgreSQL
 * manual's "Server Administration" is `admin.html`, Python's "The Python Profilers"
 * `library/profile.html`. The words the crawler promises never to follow (login, account,
 * register, cart, basket, checkout, wishlist, logout) are not among them.
 */
const UNSAFE_UNLESS_STATIC_PAGE = new Set([
  "admin",
  "administrator",
  "profile",
  "profilo",
  "join",
  "password",
  "passwort",
]);
const STATIC_PAGE = /\.html?$/i;

/** Words for a password, and for getting a new one: a slug of both is a reset form. */
const PASSWORD_WORDS = new Set(["password", "passwort", "contrasena", "passe", "kennwort"]);
const RESET_WORDS = new Set(
  (
    "reset recover recovery forgot forgotten lost change new restore recuperar recupera " +
    "recuperare restablecer olvide olvidada olvidado vergessen zurucksetzen andern neues " +
    "oublie perdu reinitialiser dimenticata dimenticato reimposta nuova"
  ).split(" "),
);

/**
 * The order step of a shop's checkout, as a path of its own ("/order", "/es/pedido",
 * "/de/bestellung"): only with nothing before it but a language, since a documentation site may
 * have "/api/order/" and a static "order.html".
 */
const ORDER_PAGES = new Set(["order", "ordine", "pedido", "bestellung", "encomenda", "bestelling"]);
const LANGUAGE_SEGMENT = /^[a-z]{2}(?:-[a-z]{2})?$/;

/**
 * Tokens that name an action even run together with other words in one segment or value, at its
 * start or end: a shop module's path ("/module/blockwishlist/…") or a parameter ("mylogout",
 * "addToCart"). Not inside a word ("designoutline" holds "signout").
 */
const ACTION_TOKEN = "(?:wishlist|logout|logoff|signout|addtocart|addtobasket)";
const CAMEL_CASE = /(\p{Ll})(\p{Lu})/gu;
const HAS_CAMEL_CASE = /\p{Ll}\p{Lu}/u;
const SESSION_SEGMENT = /^sessions?$/i;
const ACTION_TOKENS = new RegExp(`^${ACTION_TOKEN}|${ACTION_TOKEN}$`);

/**
 * Wiki special pages that log in, log out or create an account, by the name after the namespace
 * (`Special:UserLogin`, `Spezial:Anmelden`, `Speciale:Entra`): MediaWiki's own names in English,
 * and the words above in every language.
 */
const UNSAFE_SPECIAL_PAGES = new Set([
  "userlogin",
  "userlogout",
  "createaccount",
  "benutzerkonto-anlegen",
  "entra",
  "crea-un-account",
  "crear-una-cuenta",
]);

/** Query parameter names, or name=value pairs, that perform an action for a visitor. */
const UNSAFE_PARAMS =
  /^(add-to-cart|add_to_cart|addtocart|add-to-wishlist|add_to_wishlist|remove_item|logout|login|action=(login|logout|register|signup|lostpassword|rp|resetpass|checkout|add|buy|cart)|do=(login|logout|register|profile|admin)|route=(account|checkout)\/.*|controller=(authentication|cart|order|my-account)|returnurl|return_to|redirect_to)$/i;

/**
 * Values of any query parameter (folded, or one of their "."-, ":"- or "/"-separated parts) that
 * name such an action: phpBB's `mode=logout`, Joomla's `view=login` and `task=user.logout`,
 * WooCommerce's `wc-ajax=add_to_cart`.
 */
const UNSAFE_VALUES = new Set(
  (
    "login log-in logon signin sign-in logout log-out signout sign-out signup sign-up register " +
    "registration lostpassword lost-password resetpass reset-password add-to-cart addtocart " +
    "add-to-wishlist cart basket checkout wishlist"
  ).split(" "),
);

/** Parameters whose value names what a shop or CMS does with the request ("action=addToCart"). */
const ACTION_PARAMS = new Set([
  "action",
  "task",
  "do",
  "mode",
  "op",
  "act",
  "cmd",
  "fc",
  "controller",
  "module",
  "route",
  "view",
]);

/** Parameters that carry what a visitor typed, where those words are a search, not an action. */
const SEARCH_PARAMS = new Set([
  "q",
  "query",
  "s",
  "search",
  "searchword",
  "keyword",
  "keywords",
  "term",
  "text",
]);

/** What only qualifies a path segment's name: `;jsessionid=…` and other parameters, then an extension. */
const SEGMENT_PARAMETERS = /;.*$/;
const SEGMENT_EXTENSION = /\.[a-z0-9]{1,5}$/i;

/** True when the path ends in an extension of a file that is not an HTML page. */
export function looksNotHtml(url: URL): boolean {
  const raw = url.pathname.slice(url.pathname.lastIndexOf("/") + 1).replace(SEGMENT_PARAMETERS, "");
  let last: string;
  try {
    last = decodeURIComponent(raw);
  } catch {
    last = raw;
  }
  // A server reads "pic.jpg%20" and "pic.jpg." as the file "pic.jpg".
  last = last.replace(/[\s.]+$/, "");
  const dot = last.lastIndexOf(".");
  if (dot < 0) return false;
  const extension = last.slice(dot + 1).toLowerCase();
  // An editor's backup ("page.php~", "index.html~") is the file's source, never its page.
  return NOT_HTML.has(extension) || extension.endsWith("~");
}

/** True when following the link could log in, register, buy, or change someone's state. */
export function isUnsafe(url: URL): boolean {
  const raws = url.pathname.split("/");
  for (const [at, raw] of raws.entries()) {
    if (raw === "") continue;
    let decoded: string;
    try {
      decoded = decodeURIComponent(raw);
    } catch {
      decoded = raw;
    }
    // A server that decodes an encoded slash ("/a%2Flogin") serves the path's segments as its own.
    const parts = decoded.split(/[/\\]/);
    for (const [i, part] of parts.entries()) {
      const bare = part.replace(SEGMENT_PARAMETERS, "").replace(SEGMENT_EXTENSION, "");
      const segment = foldSegment(bare);
      if (UNSAFE_SEGMENTS.has(segment) || isUnsafeSpecialPage(segment)) return true;
      if (namesAction(segment) || resetsPassword(segment)) return true;
      // Words run together in camel case ("viewCart", "ShoppingCart.aspx", "myAccount").
      if (HAS_CAMEL_CASE.test(bare)) {
        const camel = foldSegment(bare.replace(CAMEL_CASE, "$1-$2"));
        if (camel !== segment && (UNSAFE_SEGMENTS.has(camel) || namesAction(camel))) return true;
      }
      // Rails' and others' sign-in form: "/session/new", "/users/sessions/new".
      if (segment === "new" && SESSION_SEGMENT.test(raws[at - 1] ?? "")) return true;
      if (!segment.includes("-") && ACTION_TOKENS.test(segment)) return true;
      const leaf = at === raws.length - 1 && i === parts.length - 1;
      if (UNSAFE_UNLESS_STATIC_PAGE.has(segment) && !(leaf && STATIC_PAGE.test(part))) return true;
      if (
        leaf &&
        ORDER_PAGES.has(segment) &&
        !STATIC_PAGE.test(part) &&
        onlyLanguageBefore(raws, at)
      )
        return true;
    }
  }
  for (const [name, value] of url.searchParams) {
    if (UNSAFE_PARAMS.test(name) || UNSAFE_PARAMS.test(`${name}=${value}`)) return true;
    const folded = foldSegment(name);
    if (namesAction(folded) || ACTION_TOKENS.test(folded.replace(/-/g, ""))) return true;
    if (ACTION_PARAMS.has(folded) && valueNamesAction(value)) return true;
    if (SEARCH_PARAMS.has(name.toLowerCase())) continue;
    if (
      foldSegment(value)
        .split(/[.:/]/)
        .some((part) => UNSAFE_VALUES.has(part))
    )
      return true;
    if (name.toLowerCase() === "title" && isUnsafeSpecialPage(foldSegment(value))) return true;
  }
  return false;
}

/** Whether the segments of `raws` before `at` are none but a language ("", "es", "pt-br"). */
function onlyLanguageBefore(raws: readonly string[], at: number): boolean {
  const before = raws.slice(0, at).filter((raw) => raw !== "");
  return before.length === 0 || (before.length === 1 && LANGUAGE_SEGMENT.test(before[0] as string));
}

/**
 * A slug naming a new password and nothing else ("password-reset", "recuperar-contrasena",
 * "forgot-your-password"); "new-password-policy" is a page about one.
 */
function resetsPassword(segment: string): boolean {
  const words = segment.split("-").filter((w) => w !== "");
  if (words.length < 2 || words.length > ACTION_SLUG_WORDS + 1) return false;
  const other = (w: string) =>
    !PASSWORD_WORDS.has(w) &&
    !RESET_WORDS.has(w) &&
    !SLUG_FUNCTION_WORDS.has(w) &&
    !ACTION_CONTEXT.has(w);
  return (
    words.some((w) => PASSWORD_WORDS.has(w)) &&
    words.some((w) => RESET_WORDS.has(w)) &&
    !words.some(other)
  );
}

/** A value of an action parameter, its camel-cased words apart, that names such an action. */
function valueNamesAction(value: string): boolean {
  const words = foldSegment(value.replace(/([a-z])([A-Z])/g, "$1-$2"))
    .split(/[^a-z0-9]+/)
    .filter((w) => w !== "");
  if (ACTION_TOKENS.test(words.join(""))) return true;
  return words.some((w) => ACTION_WORDS.has(w) || UNSAFE_VALUES.has(w));
}

/**
 * A slug (folded) of a few words that names an action: an action word with nothing beside it but
 * function words and at most one word of the account's context ("customer-login", "view-cart").
 */
function namesAction(segment: string): boolean {
  // A step's number says nothing ("checkout-step-1").
  const words = segment.split("-").filter((w) => w !== "" && !/^\d+$/.test(w));
  if (words.length === 0 || words.length > ACTION_SLUG_WORDS) return false;
  const content = words.filter((w) => !SLUG_FUNCTION_WORDS.has(w));
  const others = content.filter((w) => !ACTION_WORDS.has(w));
  if (others.length === content.length) return false;
  return others.length === 0 || (others.length === 1 && ACTION_CONTEXT.has(others[0] as string));
}

/**
 * Link texts (folded, words joined by "-") that name signing in or up, an account, a cart or a
 * checkout, in the five languages: such a link is never followed whatever its URL says
 * ("/index.php?id=41" behind "Log in"). Kept to the unambiguous phrases: a bare "Account",
 * "Registro" or "Payment" in a documentation menu is as often a page about the topic.
 */
const ACTION_TEXTS = new Set(
  [
    "log-in login sign-in signin sign-on sign-up signup register create-account " +
      "create-an-account my-account your-account log-out logout sign-out signout cart " +
      "shopping-cart your-cart view-cart basket shopping-basket checkout check-out " +
      "proceed-to-checkout wishlist wish-list my-wishlist add-to-cart add-to-basket " +
      "forgot-password forgot-your-password",
    "anmelden einloggen registrieren registrierung konto-erstellen mein-konto kundenkonto " +
      "abmelden ausloggen warenkorb zum-warenkorb in-den-warenkorb zur-kasse merkzettel " +
      "wunschliste passwort-vergessen",
    "accedi registrati registrazione il-mio-account crea-account disconnetti carrello " +
      "vai-al-carrello aggiungi-al-carrello procedi-al-checkout lista-dei-desideri iscriviti " +
      "password-dimenticata",
    "connexion se-connecter s-inscrire inscription mon-compte creer-un-compte deconnexion " +
      "se-deconnecter panier mon-panier voir-le-panier ajouter-au-panier passer-commande " +
      "liste-de-souhaits liste-d-envies mot-de-passe-oublie",
    "iniciar-sesion registrarse crear-cuenta mi-cuenta cerrar-sesion carrito ver-carrito " +
      "anadir-al-carrito agregar-al-carrito finalizar-compra lista-de-deseos cesta " +
      "olvide-mi-contrasena",
  ]
    .join(" ")
    .split(/\s+/),
);
/** Longest link text that may name an action. */
const ACTION_TEXT_CHARS = 40;

/**
 * Verbs that put something in a cart or a wish list, as a link's first word ("Add to …") or, in
 * German, its last ("… hinzufügen") or its "zur"/"zum"/"in" ("Zur Wunschliste"); and the places
 * they put it.
 */
const ADD_FIRST = new Set(
  "add save ajouter enregistrer aggiungi salva anadir agregar guardar zur zum in".split(" "),
);
const ADD_LAST = new Set(["hinzufugen", "legen", "speichern"]);
const ADD_PLACES = new Set(
  (
    "cart basket wishlist favorites favourites warenkorb wunschliste merkzettel merkliste " +
    "carrello desideri preferiti panier envies souhaits favoris carrito cesta deseos favoritos"
  ).split(" "),
);
/** Most words a link text that adds something has ("Ajouter à ma liste d'envies"). */
const ADD_TEXT_WORDS = 6;

/** True when a link's text (markup removed) names signing in, an account, a cart or a checkout. */
export function namesActionText(text: string): boolean {
  const trimmed = text.trim();
  if (trimmed === "" || trimmed.length > ACTION_TEXT_CHARS * 2) return false;
  const words = trimmed.includes("&") ? decodeHTML(trimmed) : trimmed;
  if (words.length > ACTION_TEXT_CHARS) return false;
  const folded = foldSegment(words)
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    // A cart's count ("Cart (2)").
    .replace(/-\d+$/, "");
  return ACTION_TEXTS.has(folded) || addsToCart(folded);
}

/** "Add to wishlist", "Aggiungi alla lista dei desideri", "In den Warenkorb legen". */
function addsToCart(folded: string): boolean {
  const words = folded.replace(/wish-list/g, "wishlist").split("-");
  if (words.length < 2 || words.length > ADD_TEXT_WORDS) return false;
  const adds = ADD_FIRST.has(words[0] as string) || ADD_LAST.has(words[words.length - 1] as string);
  return adds && words.some((w) => ADD_PLACES.has(w));
}

/** A wiki's special namespace in the five languages (folded: "Spécial" is "special"). */
const SPECIAL_NAMESPACES = new Set(["special", "spezial", "speciale", "especial"]);

/** `Special:Page` (folded) naming a wiki page that logs in, out, or creates an account. */
function isUnsafeSpecialPage(segment: string): boolean {
  const colon = segment.indexOf(":");
  if (colon < 0 || !SPECIAL_NAMESPACES.has(segment.slice(0, colon))) return false;
  const page = segment.slice(colon + 1);
  return UNSAFE_SPECIAL_PAGES.has(page) || UNSAFE_SEGMENTS.has(page);
}

function foldSegment(segment: string): string {
  return segment
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[_\s]+/g, "-");
}
