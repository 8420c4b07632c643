/**
 * Lays a compiled statement out on several lines for people (golden files, `explain`): a new line
 * and indent for each subquery and before FROM / WHERE / ORDER BY / LIMIT of its level. Quoted
 * identifiers and literals are copied untouched, so the result runs exactly like the input.
 */
export function formatSql(text: string): string {
  let out = '';
  let depth = 0;
  let i = 0;
  const indent = () => '\n' + '  '.repeat(depth);
  while (i < text.length) {
    const ch = text[i] as string;
    if (ch === '"' || ch === "'") {
      const end = closingQuote(text, i);
      out += text.slice(i, end);
      i = end;
      continue;
    }
    if (text.startsWith('(SELECT ', i)) {
      depth++;
      out += '(' + indent() + 'SELECT ';
      i += 8;
      continue;
    }
    if (ch === '(') depth++;
    if (ch === ')') depth--;
    const clause = CLAUSES.find((c) => text.startsWith(c, i));
    if (clause) {
      out += indent() + clause.trimStart();
      i += clause.length;
      continue;
    }
    out += ch;
    i++;
  }
  return out;
}

const CLAUSES = [
  ' FROM ',
  ' WHERE ',
  ' ORDER BY ',
  ' LIMIT ',
  ' OFFSET ',
  ' ON CONFLICT ',
  ' RETURNING ',
];

function closingQuote(text: string, start: number): number {
  const quote = text[start];
  let i = start + 1;
  while (i < text.length) {
    if (text[i] === quote) {
      if (text[i + 1] === quote) {
        i += 2;
        continue;
      }
      return i + 1;
    }
    i++;
  }
  return i;
}
