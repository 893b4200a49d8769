import { describe, expect, it } from "vitest";
import { isUnsafe, looksNotHtml } from "./policy.js";

const u = (path: string) => new URL(path, "https://shop.example");

describe("links HootyBot never requests", () => {
  it("recognises non-HTML files by extension, case-insensitively", () => {
    for (const path of [
      "/a.pdf",
      "/img/Logo.PNG",
      "/x.tar.gz",
      "/feed.xml",
      "/app.js",
      "/f.docx",
      "/f/talk.opus",
      "/scans/book.djvu",
      "/dump.sql",
      "/data/app.sqlite",
      "/notebooks/intro.ipynb",
      "/a/pic.jpg%20",
      "/a/pic.jpg.",
      "/a/Report.PDF;jsessionid=0A1B2C",
      "/talks/launch.ppsx",
      "/talks/launch.key",
      "/budget.numbers",
      "/src/main.ts",
      "/src/lib.rs",
      "/site.conf",
      "/backup/site.bak",
      "/index.php~",
    ]) {
      expect(looksNotHtml(u(path)), path).toBe(true);
    }
    for (const path of [
      "/",
      "/docs/",
      "/page.html",
      "/page.htm",
      "/page.php",
      "/v1.2/intro",
      "/a.b.c/",
      "/docs/v2.1",
      "/page.html%20",
      "/cgi-bin/search.pl",
      "/chapter.one",
    ]) {
      expect(looksNotHtml(u(path)), path).toBe(false);
    }
  });

  it("recognises login, account, cart and checkout in five languages", () => {
    const unsafe = [
      "/login",
      "/wp-login.php",
      "/account/orders",
      "/my-account/",
      "/cart",
      "/checkout/step1",
      "/wishlist",
      "/logout",
      "/de/anmelden",
      "/warenkorb",
      "/kasse",
      "/mein-konto",
      "/it/carrello",
      "/accedi",
      "/registrati",
      "/fr/panier",
      "/mon-compte",
      "/d%C3%A9connexion",
      "/es/carrito",
      "/mi-cuenta",
      "/iniciar_sesion",
      "/product/1?add-to-cart=42",
      "/index.php?action=logout",
      "/shop?controller=cart",
      "/index.php?route=account/login",
      "/checkout/payment",
      "/de/bezahlen",
      "/it/pagamento",
      "/profile",
      "/user/profile/edit",
      "/profile.php",
      "/join",
      "/account/password",
      "/it/profilo",
      "/de/passwort/",
      "/login.html",
      "/register.html",
      "/a%2Flogin",
      "/shop%5Ccheckout",
      "/admin",
      "/admin/",
      "/Admin/users.html",
      "/admin.php",
      "/administrator/index.php",
      "/wp-admin/",
      "/x%2Fadmin%2Fpage.html",
      // Session ids and other extensions after the name; actions named by a parameter's value.
      "/login;jsessionid=ABC123",
      "/login.do;jsessionid=ABC.123",
      "/Login.jsf",
      "/login.cfm",
      "/Einkaufswagen",
      "/ucp.php?mode=logout",
      "/index.php?option=com_users&view=login",
      "/index.php?option=com_users&task=user.logout",
      "/?wc-ajax=add_to_cart",
      "/shop?add_to_wishlist=3",
      // The words inside a slug that names the action, with what may stand beside them.
      "/user-login",
      "/login-page",
      "/customer-login",
      "/my-cart",
      "/view-cart",
      "/create-account",
      "/account-settings",
      "/my-wishlist",
      "/logoff",
      "/kunden-login",
      "/login-bereich",
      "/konto-erstellen",
      "/mein-account",
      "/wunschzettel",
      "/login-utente",
      "/registrazione-utente",
      "/carrello-acquisti",
      "/il-mio-carrello",
      "/lista-dei-desideri",
      "/mon-panier",
      "/connexion-client",
      "/liste-envies",
      "/carrito-de-compras",
      "/mi-carrito",
      "/carrito-de-compra",
      "/cesta-de-la-compra",
      "/iscriviti",
      "/inscribirse",
      "/kassa",
      "/nl/winkelwagen",
      "/?customer-logout=true",
      // Shops' own spellings: PrestaShop's logout, wish list module and order step.
      "/index.php?mylogout=",
      "/module/blockwishlist/action?action=addProductToWishlist",
      "/index.php?fc=module&module=blockwishlist&controller=view",
      "/es/lista-deseos",
      "/es/mi-lista-de-deseos",
      "/fr/mes-envies",
      "/it/i-miei-preferiti",
      "/order",
      "/es/pedido",
      "/it/ordine",
      "/de/bestellung",
      "/pt-br/encomenda",
      "/shop?action=addToCart&id=3",
      // Forms that give a new password.
      "/password-reset",
      "/recuperar-contrasena",
      "/recupera-password",
      "/passwort-vergessen",
    ];
    for (const path of unsafe) expect(isUnsafe(u(path)), path).toBe(true);
  });

  it("recognises such a word beside the words of going there, a step, a count, in camel case", () => {
    const unsafe = [
      "/logout-all",
      "/logout-now",
      "/go-to-checkout",
      "/go-login",
      "/checkout-step-1",
      "/procedi-al-checkout",
      "/cart-summary",
      "/viewCart",
      "/ShoppingCart.aspx",
      "/in-den-warenkorb",
      "/aggiungi-al-carrello",
      "/ajouter-au-panier?id=1",
      "/votre-panier",
      "/anadir-al-carrito",
      "/valider-commande",
      "/wishlist-share",
      "/s-identifier",
      "/ingresar",
      "/entra",
      "/kundenbereich",
      "/area-de-clientes",
      "/sessions/new",
      "/users/session/new",
    ];
    for (const path of unsafe) expect(isUnsafe(u(path)), path).toBe(true);
    const safe = [
      "/fr/ligne-de-commande",
      "/docs/commande-ls",
      "/news/new",
      "/blog/whats-new",
      "/docs/CartesianProduct",
      "/docs/checkout-a-branch-in-git",
    ];
    for (const path of safe) expect(isUnsafe(u(path)), path).toBe(false);
  });

  it("recognises a wiki's login, logout and account pages, by path or title", () => {
    const unsafe = [
      "/wiki/Special:UserLogin",
      "/wiki/Spezial:Anmelden",
      "/wiki/Speciale:Entra",
      "/wiki/Sp%C3%A9cial:Connexion",
      "/wiki/Special:CreateAccount",
      "/w/index.php?title=Special:UserLogout&returnto=Main",
    ];
    for (const path of unsafe) expect(isUnsafe(u(path)), path).toBe(true);
    const safe = [
      "/wiki/Special:RecentChanges",
      "/wiki/Help:Account",
      "/w/index.php?title=Help:Login_problems",
    ];
    for (const path of safe) expect(isUnsafe(u(path)), path).toBe(false);
  });

  it("leaves ordinary pages that merely mention such words", () => {
    const safe = [
      "/docs/account-settings-explained",
      "/blog/how-our-checkout-works",
      "/de/hilfe/konten-verwalten",
      "/login-page-design-tips.html",
      "/products/cart-wheel",
      "/docs/register-allocation-in-compilers",
      "/hardware/registers",
      "/fr/ligne-de-commande",
      "/fr/connexion-ssh",
      "/?page=2",
      "/search?q=login",
      "/search?query=checkout+problems",
      "/docs/login.md.html",
      // A static page about administration, as in the PostgreSQL manual.
      "/admin.html",
      "/docs/15/admin.htm",
      // Static pages on topics that share a name with account pages.
      "/3.11/library/profile.html",
      "/tutorial/join.html",
      "/manual/password.html",
      // An API's documentation of orders, a page on sort order, a static page named "order".
      "/docs/api/order/",
      "/api/orders/create",
      "/it/ordine-alfabetico",
      "/en/order.html",
      "/docs/password-policy",
      "/docs/new-password-policy",
      "/blog/designoutline",
      "/guides/catalogoutlet",
      "/auth-password.html",
      "/blog/our-favorites",
      "/?action=view&id=3",
    ];
    for (const path of safe) expect(isUnsafe(u(path)), path).toBe(false);
  });
});

describe("namesActionText", () => {
  it("knows sign-in, account and cart link texts in five languages, and nothing longer", async () => {
    const { namesActionText } = await import("./policy.js");
    const actions = [
      "Log in",
      " Sign&nbsp;up ",
      "My account",
      "Cart (3)",
      "Proceed to checkout",
      "Anmelden",
      "Zur Kasse",
      "Il mio account",
      "Aggiungi al carrello",
      "Se connecter",
      "Créer un compte",
      "Iniciar sesión",
      "Añadir al carrito",
      "Add to wishlist",
      "Add to Wish List",
      "Zur Wunschliste hinzufügen",
      "In den Warenkorb legen",
      "Ajouter à ma liste d'envies",
      "Aggiungi alla lista dei desideri",
      "Añadir a la lista de deseos",
      "Add to favorites",
    ];
    for (const text of actions) expect(namesActionText(text), text).toBe(true);
    const topics = [
      "",
      "Account",
      "Registro de cambios",
      "Logging in with SSH keys",
      "How the cart works",
      "Payment",
      "How to add items to your cart",
      "Saving your wishlist for later use with an account",
      "x".repeat(500),
    ];
    for (const text of topics) expect(namesActionText(text), text).toBe(false);
  });
});
