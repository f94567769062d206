/** POST a JSON body; the status, Retry-After header and raw text of the answer. */
export async function postJson(url: string, body: unknown) {
  const r = await fetch(url, {
    method: "POST",
    body: JSON.stringify(body),
    headers: { "content-type": "application/json" },
  });
  return { status: r.status, retryAfter: r.headers.get("retry-after"), text: await r.text() };
}
