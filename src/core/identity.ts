/** HootyBot's identity: the only name it ever sends. */
export const PRODUCT_TOKEN = "HootyBot";
export const BOT_INFO_URL = "https://hooty.to/bot";
export const USER_AGENT = `Mozilla/5.0 (compatible; ${PRODUCT_TOKEN}/1.0; +${BOT_INFO_URL})`;
export const FROM = "bot@hooty.to";
export const ACCEPT_HTML = "text/html,application/xhtml+xml;q=0.9,*/*;q=0.1";
