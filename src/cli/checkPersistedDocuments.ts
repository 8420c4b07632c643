import type { Engine } from '../engine/index.js';
import type { Logger } from '../server/index.js';
import { CliError, ExitCode } from './ExitCode.js';

/**
 * Prepares every persisted document once at startup (parse, validate, plan: the plans are then
 * cached for the first requests). A document that does not parse can never run, whatever the
 * schema: the server does not start (exit 3), naming it. One that does not validate against the
 * schema served now is logged as a warning and kept: an older client's document may name a field
 * a newer schema dropped, and the rest of the list still serves. A document of several
 * operations is checked when a request names one.
 */
export function checkPersistedDocuments(
  documents: Record<string, string> | string[],
  path: string,
  engine: Engine,
  logger: Logger,
): void {
  const entries = Array.isArray(documents)
    ? documents.map((text, index) => [`#${index}`, text] as const)
    : Object.entries(documents);
  for (const [id, text] of entries) {
    const prepared = engine.prepare(text, null);
    if (prepared.ok || prepared.phase === 'operation') continue;
    const [first] = prepared.errors;
    const where = first?.locations?.[0];
    const message = `${first?.message ?? 'failed'}${where ? ` (line ${where.line}, column ${where.column})` : ''}`;
    if (prepared.phase === 'parse') {
      throw new CliError(
        ExitCode.CONFIG,
        `Persisted documents ${path}: the document "${id}" does not parse: ${message}`,
      );
    }
    logger.warn('persisted document does not validate', { id, error: message });
  }
}
