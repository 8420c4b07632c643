// Before (and after) loading a contender: its answer to the scenario must be 200 with exactly the
// reference bytes, or its req/s would not be comparable.

/** Resolves to null when the response matches, or to a one-line explanation. */
export async function verifyBody(url, requestBody, expected) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: requestBody,
    signal: AbortSignal.timeout(10_000),
  });
  const text = await response.text();
  if (response.status !== 200) return `status ${response.status}: ${text.slice(0, 200)}`;
  if (text === expected) return null;
  let at = 0;
  while (at < text.length && text[at] === expected[at]) at++;
  const around = (s) => JSON.stringify(s.slice(Math.max(0, at - 30), at + 30));
  return `body differs at byte ${at} (${text.length} vs ${expected.length} bytes): got ${around(text)}, expected ${around(expected)}`;
}
