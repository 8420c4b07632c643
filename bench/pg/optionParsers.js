// Parsers of command-line values shared by bench/pg/options.js and bench/writes/options.js.

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

/** The comma-separated items of `text`, each one of `known`; throws naming the unknown one. */
export function listOption(text, known, what) {
  const items = text.split(',').filter(Boolean);
  for (const item of items) {
    if (!known.includes(item))
      throw new Error(`unknown ${what} "${item}" (known: ${known.join(', ')})`);
  }
  return items;
}

/** `text` as an integer in 1..max; throws naming the option `--what`. */
export function positiveOption(text, what, max) {
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1 || n > max) throw new Error(`--${what} must be 1..${max}`);
  return n;
}

/** Load is only ever sent to this machine (loopback), and the database must be local too. */
export function loopbackServer(url) {
  const host = new URL(url).hostname;
  if (!LOOPBACK.has(host)) throw new Error(`--server must be on loopback, got host ${host}`);
  return url;
}
