/**
 * The one price formatter (env/money.ts), re-exported so the web page writes prices with the
 * very code the sellers' words and the engine's notices use (#17 item 5): "₹3,499" where a price
 * is whole, "₹3,499.30" where it has paise. The one runtime value src/wire hands to clients; the
 * web server serves it bundled as a self-contained module (SHARED_MODULES in web-routes).
 */
export { formatMoney } from "../../env/money";
