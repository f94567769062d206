/**
 * /docs: start Scalar (loaded just before this file, as the global `Scalar`) on the OpenAPI
 * document the page carries. Nothing leaves this origin: no fonts, no proxy, no telemetry.
 */
interface ScalarGlobal {
  createApiReference(target: string | Element, config: Record<string, unknown>): unknown;
}

const scalar = (globalThis as { Scalar?: ScalarGlobal }).Scalar;
const embedded = document.getElementById("openapi-document")?.textContent;
const target = document.getElementById("reference");

if (scalar !== undefined && embedded && target !== null) {
  scalar.createApiReference(target, {
    // The JSON text as it is (Scalar parses it; JSON is YAML).
    content: embedded,
    withDefaultFonts: false,
    telemetry: false,
    hideClientButton: false,
    showDeveloperTools: "never",
    mcp: { disabled: true },
    agent: { disabled: true },
    theme: "default",
    // Requests from the "Test request" panel go straight to this server, never through a proxy.
    proxyUrl: "",
  });
}
