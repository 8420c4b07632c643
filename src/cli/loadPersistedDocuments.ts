import { CliError, ExitCode } from './ExitCode.js';
import { readJsonFile } from './readJsonFile.js';

/**
 * Reads a persisted-documents file in one of the common shapes: `{ "<id or sha256>": "text" }`
 * (Relay, GraphQL Codegen's client preset), `["text", …]`, or Apollo's persisted query manifest
 * (`{ format: "apollo-persisted-query-manifest", operations: [{ id, body }] }`), and the path it
 * was read from.
 */
export function loadPersistedDocuments(
  file: string,
  cwd: string,
): { readonly path: string; readonly documents: Record<string, string> | string[] } {
  const { path, parsed } = readJsonFile(file, cwd, 'persisted documents');
  const invalid = (why: string) =>
    new CliError(ExitCode.CONFIG, `Persisted documents ${path}: ${why}`);
  if (Array.isArray(parsed)) {
    if (!parsed.every((t) => typeof t === 'string'))
      throw invalid('an array must hold document texts only.');
    return { path, documents: parsed as string[] };
  }
  if (typeof parsed !== 'object' || parsed === null)
    throw invalid('expected an object or an array.');
  const record = parsed as Record<string, unknown>;
  if (record['format'] === 'apollo-persisted-query-manifest') {
    const operations = record['operations'];
    if (!Array.isArray(operations)) throw invalid('"operations" must be an array.');
    const documents: Record<string, string> = {};
    for (const op of operations as Array<Record<string, unknown>>) {
      if (typeof op?.['id'] !== 'string' || typeof op['body'] !== 'string') {
        throw invalid('every operation needs a string "id" and "body".');
      }
      documents[op['id']] = op['body'];
    }
    return { path, documents };
  }
  for (const [id, text] of Object.entries(record)) {
    if (typeof text !== 'string') throw invalid(`the value of "${id}" is not a document text.`);
  }
  return { path, documents: record as Record<string, string> };
}
