/**
 * The value of a block string from its raw lines (the text between the triple quotes split at line
 * terminators, `\"""` already unescaped): the common indentation of every line but the first
 * removed, then leading and trailing blank lines dropped, joined with U+000A.
 * Spec: https://spec.graphql.org/October2021/#BlockStringValue()
 */
export function blockStringValue(lines: ReadonlyArray<string>): string {
  let commonIndent = Number.MAX_SAFE_INTEGER;
  let first = -1;
  let last = -1;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const indent = leadingWhiteSpace(line);
    if (indent === line.length) continue;
    if (first === -1) first = i;
    last = i;
    if (i !== 0 && indent < commonIndent) commonIndent = indent;
  }
  if (first === -1) return '';
  let value = first === 0 ? lines[0]! : lines[first]!.slice(commonIndent);
  for (let i = first + 1; i <= last; i++) value += '\n' + lines[i]!.slice(commonIndent);
  return value;
}

/** How many spaces and tabs `line` starts with. */
function leadingWhiteSpace(line: string): number {
  let i = 0;
  while (i < line.length) {
    const code = line.charCodeAt(i);
    if (code !== 0x20 && code !== 0x09) break;
    i++;
  }
  return i;
}
